"""Checked events per second of ``turncheck trace``, on one core: decoding included, and the checks alone.

    python benchmarks/trace.py [DIR] [--turns N] [--copies K] [--repeat R]

Three kinds of trace, measured side by side in one run:

- a **long game**: the reference engine plays ``--turns`` turns of a plain game (lands and
  Grizzly Bears, no attacks) through the recording adapter; the trace is then repeated
  ``--copies`` times end to end, its turns renumbered, into one game of thousands of turns:
  the steady throughput. Its observations are written as the recorder writes them, as changes;
- the **same game with every observation whole** (each change merged into a whole view), as
  traces written before changes existed, or by a writer that doesn't use them;
- the **scenario traces** in DIR, if given (record them with ``turncheck certify
  --record-traces DIR``): hundreds of tiny traces, where setting the checks up counts.

Three measures of each: decoding and checking; the checks alone, over entries decoded
beforehand; the checks alone with every handler subscribed to an entry called, whatever the
checks' ``when`` conditions say (what the conditions save). Each figure is the best of
``--repeat`` runs of the process's CPU time (``time.process_time``): one core's work, which a
load on the machine disturbs less than the wall clock. Speed is measured here, never asserted
in the tests.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from checker.adapters.reference import ReferenceAdapter
from checker.running.plain_game import record_plain_game
from checker.trace.check import check_trace
from checker.trace.files import open_trace, traces_in
from checker.trace.problems import TraceProblem
from checker.trace.reading import Entry, Trace


class _Decoded(Trace):
    """A trace whose entries were decoded beforehand: what the checks alone cost."""

    def __init__(self, trace: Trace) -> None:
        super().__init__(trace.path, trace.header, trace.lines)
        self.decoded = list(trace.entries([]))

    def entries(self, problems: list[TraceProblem]) -> Iterator[tuple[int, Entry]]:
        return iter(self.decoded)


def _renumbered(line: str, offset: int) -> str:
    entry = json.loads(line)
    if "event" in entry:
        event = entry["event"]
        event["turn"] += offset
        if event["kind"] in ("turn_began", "turn_ended"):
            event["amount"] += offset
    else:
        view = entry.get("view", entry.get("change", {}))
        if "turn_number" in view:
            view["turn_number"] += offset
    return json.dumps(entry, separators=(",", ":"))


def long_game(directory: Path, turns: int, copies: int) -> Path:
    """The plain game recorded, then repeated ``copies`` times as one game (its last turn completed each time)."""
    recorded = record_plain_game(ReferenceAdapter(), "cr2024", turns, directory / "plain.trace.jsonl")
    header, *lines = recorded.read_text().splitlines()
    last_end = max(i for i, line in enumerate(lines) if '"kind":"turn_ended"' in line)
    game = lines[: last_end + 1]
    out = directory / "long.trace.jsonl"
    with out.open("w") as f:
        f.write(header + "\n")
        for copy in range(copies):
            f.writelines(_renumbered(line, copy * turns) + "\n" for line in game)
    return out


def whole(path: Path) -> Path:
    """The trace at ``path`` with each change merged into a whole view (its nulls left out)."""
    out = path.with_name(f"whole-{path.name}")
    view: dict[str, object] = {}
    with path.open() as lines, out.open("w") as f:
        f.write(next(lines))
        for line in lines:
            entry = json.loads(line)
            if "view" in entry or "change" in entry:
                view = {k: v for k, v in {**view, **entry.get("view", entry.get("change"))}.items() if v is not None}
                entry = {"view": view}
            f.write(json.dumps(entry, separators=(",", ":")) + "\n")
    return out


#: The target of the rules checker's speed (issue 9): checked events per second of a long game, decoding included.
TARGET = 500_000


def _best(seconds: list[float]) -> float:
    return min(seconds)


def measure(label: str, paths: list[Path], repeat: int) -> float:
    """The three measures taken in turn within each repetition, so that a load on the machine
    weighs on all three alike; the ratios are the steady figures."""
    events, whole_run, alone, unconditioned = 0, [], [], []
    decoded = [_Decoded(open_trace(p)) for p in paths]
    for _ in range(repeat):
        start = time.process_time()
        events = sum(check_trace(open_trace(p)).events for p in paths)
        whole_run.append(time.process_time() - start)
        start = time.process_time()
        for trace in decoded:
            check_trace(trace)
        alone.append(time.process_time() - start)
        start = time.process_time()
        for trace in decoded:
            check_trace(trace, conditions=False)
        unconditioned.append(time.process_time() - start)
    w, a, u = _best(whole_run), _best(alone), _best(unconditioned)
    size = sum(p.stat().st_size for p in paths)
    per_event = size / max(events, 1)
    print(f"{label}: {len(paths)} traces, {events:,} events, {size / 1e6:,.1f} MB ({per_event:,.0f} bytes an event)")
    print(f"  decoding and checking: {events / w:>12,.0f} events/s")
    print(f"  checks alone:          {events / a:>12,.0f} events/s (decoding is {(w - a) / w:.0%} of the time)")
    print(
        f"  every handler called:  {events / u:>12,.0f} events/s (the checks' conditions make them {u / a:.2f}x faster)"
    )
    return events / w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", type=Path, help="a directory of recorded scenario traces")
    parser.add_argument("--turns", type=int, default=40, help="turns of the recorded plain game (default 40)")
    parser.add_argument("--copies", type=int, default=50, help="times the game is repeated end to end (default 50)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measure; the best counts (default 3)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        long = long_game(Path(tmp), args.turns, args.copies)
        turns = f"{args.turns * args.copies:,} turns"
        steady = measure(f"a long game ({turns}, {long.name}: observations as changes)", [long], args.repeat)
        met = "met" if steady >= TARGET else "not met"
        print(f"  target: at least {TARGET:,} events/s decoding and checking, on one core: {met}")
        measure(f"the same game ({turns}, observations whole)", [whole(long)], args.repeat)
    if args.directory is not None:
        measure("scenario traces", traces_in(args.directory), args.repeat)


if __name__ == "__main__":
    main()
