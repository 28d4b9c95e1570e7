"""Checked events per second of ``turncheck trace``: decoding included, and the checks alone.

Usage: ``python benchmarks/trace.py DIR`` over a directory of traces (record one with
``turncheck certify --record-traces DIR``). Both figures are taken in the same run.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from checker.trace.check import check_trace
from checker.trace.format import Trace, TraceProblem, open_trace


class _Decoded(Trace):
    """A trace whose entries were decoded beforehand: what the checks alone cost."""

    def __init__(self, trace: Trace) -> None:
        super().__init__(trace.path, trace.header, trace.lines)
        self.decoded = list(trace.entries([]))

    def entries(self, problems: list[TraceProblem]):  # type: ignore[no-untyped-def,override]
        return iter(self.decoded)


def main(directory: Path) -> None:
    paths = sorted(directory.glob("*.jsonl"))
    start = time.perf_counter()
    events = sum(check_trace(open_trace(p)).events for p in paths)
    whole = time.perf_counter() - start
    decoded = [_Decoded(open_trace(p)) for p in paths]
    start = time.perf_counter()
    for trace in decoded:
        check_trace(trace)
    checks = time.perf_counter() - start
    print(f"{len(paths)} traces, {events} events")
    print(f"decoding and checking: {events / whole:,.0f} events/s")
    print(f"checks alone:          {events / checks:,.0f} events/s ({whole / checks:.2f}x faster)")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
