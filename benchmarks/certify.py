"""Benchmark: the whole certification of the reference engine, in process and through the wire.

    python benchmarks/certify.py [--repeat N] [--jobs J]

Runs ``turncheck certify`` on every scenario and edition, once with the reference engine in
this process and once served by ``python -m checker.running.wire.server`` over the wire protocol,
N times each, and prints the best and median wall-clock times and their ratio. Speed is
measured here, never asserted in the tests.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

WIRE = f"{sys.executable} -m checker.running.wire.server --engine reference"


def certify_seconds(engine: str, jobs: int) -> float:
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "checker", "certify", "--engine", engine, "--plain", "--jobs", str(jobs)],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    timings: dict[str, list[float]] = {"in process": [], "through the wire": []}
    for _ in range(args.repeat):
        timings["in process"].append(certify_seconds("reference", args.jobs))
        timings["through the wire"].append(certify_seconds(WIRE, args.jobs))
    print(f"whole certification, {args.repeat} run(s) each, {args.jobs} job(s):")
    for name, values in timings.items():
        print(f"  {name:<17} best {min(values):6.2f} s   median {statistics.median(values):6.2f} s")
    ratio = min(timings["through the wire"]) / min(timings["in process"])
    print(f"  ratio (best, wire / in process): {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
