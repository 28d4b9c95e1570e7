"""Benchmark: ``turncheck certify`` (the pytest session in a supervised child) against the plain
in-process pytest session it supervises (what ``turncheck certify`` ran before it supervised).

    python benchmarks/supervision.py [--repeat N] [--part NAME]

Runs both on the reference engine, alternating, N times each, and prints the best and median
wall-clock times and their ratio: supervision (a fork, and each result sent up a pipe) should
cost next to nothing. Speed is measured here, never asserted in the tests.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

SESSION = ["-m", "pytest", "--pyargs", "checker.running.test_conformance", "-p", "no:cacheprovider"]


def seconds(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, *command], check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--part", action="append", default=[], help="only this part of the turn (repeatable)")
    args = parser.parse_args()
    selection = [word for part in args.part for word in ("--part", part)]
    commands = {
        "supervised (turncheck certify)": ["-m", "checker", "certify", "--plain", *selection],
        "plain pytest session": [*SESSION, "-p", "no:terminal", *selection],
    }
    timings: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(args.repeat):
        for name, command in commands.items():
            timings[name].append(seconds(command))
    print(f"certification of the reference engine, {args.repeat} run(s) each ({', '.join(args.part) or 'every part'}):")
    for name, values in timings.items():
        print(f"  {name:<31} best {min(values):6.2f} s   median {statistics.median(values):6.2f} s")
    supervised, plain = (min(values) for values in timings.values())
    print(f"  ratio (best, supervised / plain): {supervised / plain:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
