"""Benchmark: one trivial request through the wire against the same call in process.

    python benchmarks/round_trip.py [--calls N]

Starts ``python -m checker.running.wire.server --engine reference``, sets up a game, and
times N ``events`` requests that bring nothing new (the engine does next to nothing: what is
timed is the wire: encoding, the pipes, the wait, decoding), against N ``events`` calls on
the reference adapter in this process; prints the time per call of each and their ratio.
Speed is measured here, never asserted in the tests.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from checker.adapters.reference import ReferenceAdapter
from checker.contract.interface import EngineAdapter, GameSetup, PlayerSetup
from checker.running.wire.client import WireEngine

SETUP = GameSetup("cr2024", (PlayerSetup("Alice"), PlayerSetup("Bob")), "Alice", phase="beginning", step="upkeep")


def per_call(engine: EngineAdapter, calls: int) -> float:
    engine.start(SETUP)
    call: Callable[[], object] = engine.events
    call()
    started = time.perf_counter()
    for _ in range(calls):
        call()
    return (time.perf_counter() - started) / calls


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=5000)
    args = parser.parse_args()
    wire = WireEngine([sys.executable, "-m", "checker.running.wire.server", "--engine", "reference"])
    try:
        over_the_wire = per_call(wire, args.calls)
    finally:
        wire.close()
    in_process = per_call(ReferenceAdapter(), args.calls)
    print(f"one trivial request, {args.calls} calls each:")
    print(f"  in process        {in_process * 1e6:8.1f} µs")
    print(f"  through the wire  {over_the_wire * 1e6:8.1f} µs")
    print(f"  ratio (wire / in process): {over_the_wire / in_process:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
