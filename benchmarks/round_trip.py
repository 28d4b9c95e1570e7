"""Benchmark: one trivial request through the wire against the same call in process.

    python benchmarks/round_trip.py [--calls N]

Starts ``python -m checker.running.wire.server --engine reference``, sets up a game, and
times N ``perform`` requests that the engine refuses at once (Bob passes while Alice has
priority: the engine does next to nothing, so what is timed is the wire: encoding, the pipes,
the wait, decoding), against N such calls on the reference adapter in this process; prints
the time per call of each and their ratio; through the wire twice, the client sleeping until each
answer comes and reading at once for a moment first (``spin``, as a run with a processor free for
the engine does). (A refusal, because a view or the events asked again
without an action in between are no longer requests: the client keeps them.)
Speed is measured here, never asserted in the tests.
"""

from __future__ import annotations

import argparse
import sys
import time

from checker.adapters.reference import ReferenceAdapter
from checker.contract.interface import EngineAdapter, GameSetup, IllegalActionError, PassPriority, PlayerSetup
from checker.running.wire.client import WireEngine

SETUP = GameSetup("cr2024", (PlayerSetup("Alice"), PlayerSetup("Bob")), "Alice", phase="beginning", step="upkeep")


def per_call(engine: EngineAdapter, calls: int) -> float:
    engine.start(SETUP)
    out_of_turn = PassPriority("Bob")
    started = time.perf_counter()
    for _ in range(calls):
        try:
            engine.perform(out_of_turn)
        except IllegalActionError:
            pass
        else:
            raise AssertionError("the engine let Bob pass while Alice has priority")
    return (time.perf_counter() - started) / calls


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=5000)
    args = parser.parse_args()
    over_the_wire = {}
    for spin in (False, True):
        wire = WireEngine([sys.executable, "-m", "checker.running.wire.server", "--engine", "reference"], spin=spin)
        try:
            over_the_wire[spin] = per_call(wire, args.calls)
        finally:
            wire.close()
    in_process = per_call(ReferenceAdapter(), args.calls)
    print(f"one trivial request (a refused pass), {args.calls} calls each:")
    print(f"  in process                       {in_process * 1e6:8.1f} µs")
    for spin, label in ((False, "through the wire, sleeping"), (True, "through the wire, reading at once")):
        seconds = over_the_wire[spin]
        print(f"  {label:<32} {seconds * 1e6:8.1f} µs   ({seconds / in_process:.1f} times in process)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
