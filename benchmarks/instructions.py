"""Benchmark: the instructions a whole certification takes, of the working tree against revisions.

    python benchmarks/instructions.py [REV ...] [--engine reference] [--part NAME ...]

Counts, with valgrind's callgrind, the machine instructions every process of ``turncheck certify
--engine reference`` executes (the command, its forked session), once on the working tree's
code and once on each revision's (checked out into a temporary git worktree), side by side, and
prints each count and its ratio to the working tree's. The revisions run at the same time, each
pinned to a processor of its own: through the wire, no processor is then free for the engine, and
each side sleeps until the other writes (reading at once, it would count its waiting too).

Why: on a machine shared with other work the wall clock of a certification moves by 15% or more
from one run to the next, more than most changes to the code. An instruction count doesn't move
with the machine's load: the same code on the same input counts the same, to a few parts in a
thousand. It is not a time: it leaves out what the kernel does (system calls, page faults), the
processor's caches and how many instructions run per cycle; a change that trades instructions
for system calls shows here as a gain it isn't. Read it beside ``benchmarks/certify.py``.

Each run parses the feature files itself (``TURNCHECK_NO_CACHE=1``: the user's cache, which the
revisions would share, is neither read nor written) and finds Python's bytecode cached in a
directory of its own, filled by a run without valgrind before it (compiling the modules would
otherwise be most of the count). A run takes about 50 times as long as without valgrind: minutes.

An engine run through the wire (``--engine "COMMAND"``) is in the count only if its process ends
by itself after ``bye``: under valgrind it may take longer than the half second the suite waits
before it stops the process, and a process stopped so has no count. The benchmark then says
which processes it could not count, and gives no total.

Needs ``valgrind`` on the PATH and ``git`` (and ``taskset``, to pin each run to its processor).
Speed is measured here, never asserted in the tests.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from checker.running.wire.client import EXIT_AFTER_BYE

ROOT = Path(__file__).resolve().parents[1]
#: What callgrind says of each process it followed: the command it runs, and at its end its count.
COMMAND = re.compile(r"==\d+== Command: (.*)")
COLLECTED = re.compile(r"==\d+== Collected : (\d+)")


def instructions(tree: Path, bytecode: Path, certify: list[str], processor: int) -> int:
    """The instructions of every process of one certification on ``tree``'s code, run on one
    ``processor``: where the suite and an engine's process each have one, they wait for each
    other by reading at once, and the count would grow with the time they wait."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(tree), os.environ.get("PYTHONPATH")])),
        "PYTHONPYCACHEPREFIX": str(bytecode),
        "TURNCHECK_NO_CACHE": "1",
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    run = [sys.executable, "-m", "checker", "certify", "--plain", *certify]
    # A run without valgrind first, to compile the bytecode: compiling is most of a run's instructions.
    subprocess.run(run, cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # Each process's report to a file of its own: an engine's process writes its error output to
    # the suite, which keeps it, and the report would be lost there.
    logs = bytecode.with_name(f"{bytecode.name}-callgrind")
    logs.mkdir()
    command = ["valgrind", "--tool=callgrind", "--trace-children=yes", "--callgrind-out-file=/dev/null"]
    command += [f"--log-file={logs / 'process-%p.txt'}", *run]
    if shutil.which("taskset") is not None:  # (a preexec_fn setting the affinity isn't safe beside threads)
        command = ["taskset", "-c", str(processor), *command]
    done = subprocess.run(command, cwd=tree, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode != 0:
        raise SystemExit(
            f"the certification on {tree} failed (exit {done.returncode}):\n{done.stderr.decode()[-2000:]}"
        )
    total, uncounted = 0, []
    for log in sorted(logs.iterdir()):
        text = log.read_text(errors="replace")
        if (count := COLLECTED.search(text)) is not None:
            total += int(count[1])
        elif (started := COMMAND.search(text)) is not None:
            uncounted.append(started[1])
    if uncounted:  # a count without them would pass for the whole run's
        raise SystemExit(
            f"on {tree}, {len(uncounted)} process(es) ended before callgrind could count them (stopped by the "
            f"suite, as an engine's process is when it takes over {EXIT_AFTER_BYE:g} s to exit after bye): "
            + "; ".join(uncounted)
        )
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n\n")[0])
    parser.add_argument("revisions", nargs="*", metavar="REV", help="git revisions to count against (default HEAD)")
    parser.add_argument("--engine", default="reference", help="the engine certified (default reference)")
    parser.add_argument("--part", action="append", default=[], metavar="NAME", help="only this part (repeatable)")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        print("valgrind is not on the PATH: it counts the instructions", file=sys.stderr)
        return 2
    certify = ["--engine", args.engine, *(a for part in args.part for a in ("--part", part))]
    revisions = args.revisions or ["HEAD"]
    with tempfile.TemporaryDirectory(prefix="instructions-") as scratch:
        trees = {"working tree": ROOT}
        try:
            for rev in revisions:
                tree = Path(scratch) / f"rev{len(trees)}"
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), rev], check=True
                )
                trees[rev] = tree
            print(f"counting the instructions of a certification ({' '.join(certify)}) on {len(trees)} trees...")
            processors = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else [0]
            runs = [(tree, Path(scratch) / f"bytecode-{i}") for i, tree in enumerate(trees.values())]
            with ThreadPoolExecutor(max_workers=len(processors)) as pool:
                found = [
                    pool.submit(instructions, tree, bytecode, certify, processors[i % len(processors)])
                    for i, (tree, bytecode) in enumerate(runs)
                ]
                counts = {name: count.result() for name, count in zip(trees, found, strict=True)}
        finally:
            for tree in list(trees.values())[1:]:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
    mine = counts["working tree"]
    for name, count in counts.items():
        print(f"  {name:<14} {count / 1e6:>10,.0f} million instructions   {count / mine:.3f} of the working tree's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
