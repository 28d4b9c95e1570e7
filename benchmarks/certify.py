"""Benchmark: the whole certification of the reference engine, and what it costs beyond the engine.

    python benchmarks/certify.py [--repeat N] [--skip-adapters]   # 9 rounds unless said

Prints, from one run, as ratios taken side by side (each round runs every variant once, in
turns, so that a change in the machine's load falls on all of them: :data:`ORDER`) and medians of
whole processes (``turncheck certify`` on every scenario and edition):

- the certification in process, and through the wire (``python -m checker.running.wire.server``);
- the engine-only replay: the same adapter calls, recorded once and made again with no test
  runner (``benchmarks/replay.py``), and the certification's time over it;
- ``-j 2`` against ``-j 1``: the speed-up on the wall clock, and what more processor time it takes;
- **one scenario run**: the certification of one scenario in one edition: about what every run
  pays whatever its size (the imports, pytest's configuration, what a collection costs however
  little it collects, the end), which ``-j 2`` pays in full too. It gives the most ``-j 2`` could
  gain in a round if the rest were shared out evenly and ran as fast on two processors as on
  one (:func:`ceiling`);
- the certification with the user's cache turned off (``TURNCHECK_NO_CACHE=1``: every feature
  file parsed again) against with it;
- **pytest alone**: a pytest session of as many trivial tests as the certification has scenario
  runs, each with fixtures of the suite's shape (an edition parameter, an engine, a game that is
  set up and torn down), without pytest-bdd or the suite: what pytest's own start-up, collection
  and per-test protocol cost on this machine. The certification in process can't take less than
  this plus the engine's work, so ``1 + pytest alone / replay`` is the least "in process / replay"
  can be while each scenario run is a pytest test;
- passes-only turns per second of each adapter against its engine's own API
  (``benchmarks/adapters.py``).

Every process measured finds Python's bytecode cached, as an installed package has it
(:func:`cache_bytecode`).

Speed is measured here, never asserted in the tests.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from checker.cli.certification import LEFT_OUT_PLUGINS

BENCHMARKS = Path(__file__).resolve().parent
WIRE = f"{sys.executable} -m checker.running.wire.server --engine reference"


#: The processor time (user and system, of the process and all it started) of each run, by variant:
#: steadier than the wall clock on a machine shared with other work.
CPU: dict[str, list[float]] = {}


def seconds(command: list[str], env: dict[str, str] | None = None, variant: str = "") -> float:
    """The wall-clock seconds of a whole process (its processor time goes into :data:`CPU`)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    CPU.setdefault(variant, []).append(cpu)
    return wall


#: A plain loop of pure Python, timed in a process of its own before each round (:func:`probe`).
PROBE = "total = 0\nfor i in range(10_000_000):\n    total += i"


def probe() -> float:
    """The wall-clock seconds of :data:`PROBE`: the machine's speed at the time, to read a round's
    figures by. The machines are shared: when another machine's work slows this one's processor, the
    loop slows with it, and the ratios move too (the wire, needing both processors at once, more
    than the rest), though no code changed."""
    return seconds([sys.executable, "-c", PROBE], variant="probe")


def probe_side_by_side() -> float:
    """The wall-clock seconds of two :data:`PROBE` loops started together, until the slower ends: on
    two processors, one for each. The wire and ``-j 2`` need both processors at once, and the
    machine's other work can slow one while a loop alone still runs at full speed on the other (on
    2026-11-29, 0.8 s alone and 0.94 to 1.18 s each side by side, when wire / in process measured
    1.49 against 1.28 in a run where both took at most 0.92 s)."""
    started = time.perf_counter()
    loops = [subprocess.Popen([sys.executable, "-c", PROBE]) for _ in range(2)]
    for loop in loops:
        if loop.wait():
            raise subprocess.CalledProcessError(loop.returncode, loop.args)
    return time.perf_counter() - started


def certify(engine: str, jobs: int = 1) -> list[str]:
    return [sys.executable, "-m", "checker", "certify", "--engine", engine, "--plain", "--jobs", str(jobs)]


def one_scenario(report: dict[str, Any]) -> list[str]:
    """The certification, in process, of the first scenario run of ``report`` (a report.json's):
    its part, its edition and its name."""
    first = report["results"][0]
    return [*certify("reference"), "--part", first["part"], "--edition", first["edition"], "-k", first["scenario"]]


def ceiling(whole: float, one: float) -> float:
    """The most ``-j 2`` can gain over a certification of ``whole`` seconds, where a run of one
    scenario takes ``one``: what every run pays is paid once, the rest is halved."""
    return whole / (one + (whole - one) / 2)


#: The tests of "pytest alone": one per scenario run, each with fixtures of the suite's shape.
PYTEST_ALONE = """
import pytest

@pytest.fixture(params=["cr2024"])
def edition(request):
    return request.param

@pytest.fixture
def engine(request):
    return object()

@pytest.fixture
def game(request, engine, edition):
    yield (engine, edition)

@pytest.mark.parametrize("run", range({runs}))
def test_scenario(game, run):
    assert game
"""


def pytest_alone(directory: Path, runs: int) -> list[str]:
    """The command of a pytest session of ``runs`` trivial tests, with the plugins the certification's
    sessions leave out left out too, and no installed plugin (neither pytest-bdd nor the suite's)."""
    directory.mkdir()
    (directory / "test_alone.py").write_text(PYTEST_ALONE.format(runs=runs))
    left_out = (f"-pno:{plugin}" for plugin in LEFT_OUT_PLUGINS)
    return [sys.executable, "-m", "pytest", "--assert=plain", "--disable-plugin-autoload", str(directory), *left_out]


def cache_bytecode(directory: Path) -> None:
    """Every process measured finds Python's bytecode cached, as an installed package has it (pip
    compiles a package's modules as it installs it). Where the environment says not to write
    bytecode (``PYTHONDONTWRITEBYTECODE``, as on the CI machines) and the suite is installed from
    its sources, each process would compile every module it imports again: 0.2 s of a
    certification in process, 0.7 s through the wire (two processes), which no installed copy
    pays. The cache goes to ``directory`` (``PYTHONPYCACHEPREFIX``); the first process measured,
    the recording run, fills it."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(directory)


def with_benchmarks_path(**more: str) -> dict[str, str]:
    path = os.pathsep.join(filter(None, [str(BENCHMARKS), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path, **more}


#: The targets of the speed work (issue 12), as (what, the figure of one round, the bound, whether
#: the figure must stay at or below it). A round's figure is taken from that round's own runs.
TARGETS: tuple[tuple[str, Callable[[dict[str, float]], float], float, bool], ...] = (
    ("in process / engine-only replay", lambda r: r["in process"] / r["engine-only replay"], 2.0, True),
    ("in process, seconds", lambda r: r["in process"], 3.0, True),
    ("wire / in process", lambda r: r["through the wire"] / r["in process"], 1.3, True),
    ("-j 1 / -j 2", lambda r: r["in process"] / r["in process, -j 2"], 1.6, False),
)


def print_targets(timings: dict[str, list[float]]) -> None:
    """Each target against every round's figure: the median (met or not), the lowest and highest,
    and in how many rounds it was met. The machine's load comes and goes during a run: a target
    met by the median but not in every round is near its bound."""
    rounds = [dict(zip(timings, values, strict=True)) for values in zip(*timings.values(), strict=True)]
    print(f"targets of the speed work, round by round ({len(rounds)} rounds):")
    for label, figure, bound, at_most in TARGETS:
        found = [figure(r) for r in rounds]
        met = sum(f <= bound if at_most else f >= bound for f in found)
        median = statistics.median(found)
        holds = median <= bound if at_most else median >= bound
        verdict = "met" if holds else "not met"
        if 0 < met < len(found):
            verdict += ", not in every round" if holds else ", met in some rounds"
        print(
            f"  {label:<32} {'at most' if at_most else 'at least':<8} {bound:<4g} median {median:5.2f}"
            f" (rounds {min(found):.2f} to {max(found):.2f}), met in {met} of {len(found)}: {verdict}"
        )


#: The order of a round's variants, reversed every other round. The three targets' ratios are
#: of the certification in process, which runs between ``-j 2`` and the wire, one after the other:
#: the machine's load changes from one second to the next (another machine's work on the same
#: processors), and a ratio of two runs taken far apart in a round takes in more of that change.
#: Reversed, each of two runs goes first as often as the other. Neither end is a target's: the
#: round's first run follows the probes, whose two loops have just kept both processors busy.
ORDER = (
    "one scenario run",
    "pytest alone",
    "in process, -j 2",
    "in process",
    "through the wire",
    "engine-only replay",
    "in process, no cache",
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeat",
        type=int,
        default=9,
        help="rounds (default 9, about two minutes: with fewer, one busy moment of the machine moves a median)",
    )
    parser.add_argument("--skip-adapters", action="store_true", help="leave out the adapters' turns per second")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        cache_bytecode(Path(scratch) / "bytecode")
        recording = str(Path(scratch) / "calls.pickle")
        reports = Path(scratch) / "reports"
        seconds(
            [*certify("replay:RecordingAdapter"), "--report-dir", str(reports)],
            with_benchmarks_path(RECORD_TO=recording),
            "recording",
        )
        report = json.loads((reports / "report.json").read_text())
        runs = len(report["results"])
        replay = [sys.executable, str(BENCHMARKS / "replay.py"), recording]
        alone = pytest_alone(Path(scratch) / "alone", runs)
        variants: dict[str, Callable[[], float]] = {
            "in process": lambda: seconds(certify("reference"), variant="in process"),
            "through the wire": lambda: seconds(certify(WIRE), variant="through the wire"),
            "engine-only replay": lambda: seconds(replay, with_benchmarks_path(), "engine-only replay"),
            "in process, -j 2": lambda: seconds(certify("reference", 2), variant="in process, -j 2"),
            "pytest alone": lambda: seconds(alone, variant="pytest alone"),
            "one scenario run": lambda: seconds(one_scenario(report), variant="one scenario run"),
            "in process, no cache": lambda: seconds(
                certify("reference"), {**os.environ, "TURNCHECK_NO_CACHE": "1"}, "in process, no cache"
            ),
        }
        timings: dict[str, list[float]] = {name: [] for name in ORDER}
        probes: list[float] = []
        pairs: list[float] = []
        for number in range(args.repeat):
            probes.append(probe())
            pairs.append(probe_side_by_side())
            for name in ORDER if number % 2 == 0 else ORDER[::-1]:
                timings[name].append(variants[name]())

    def ratio(a: str, b: str, of: dict[str, list[float]] = timings) -> float:
        return statistics.median(x / y for x, y in zip(of[a], of[b], strict=True))

    print(
        f"whole certification of the reference engine ({runs} scenario runs), {args.repeat} round(s), "
        "bytecode cached as an installed package has it:"
    )
    print("                                       wall clock   processor time")
    for label, a, b in (
        ("wire / in process", "through the wire", "in process"),
        ("in process / engine-only replay", "in process", "engine-only replay"),
    ):
        print(f"  {label:<36} {ratio(a, b):6.2f}       {ratio(a, b, CPU):6.2f}")
    print(
        f"  {'no cache / in process':<36} {ratio('in process, no cache', 'in process'):6.2f}       "
        f"{ratio('in process, no cache', 'in process', CPU):6.2f}"
    )
    floor = (1 + ratio("pytest alone", "engine-only replay"), 1 + ratio("pytest alone", "engine-only replay", CPU))
    print(f"  {'least in process / replay (pytest)':<36} {floor[0]:6.2f}       {floor[1]:6.2f}")
    speed_up, cost = ratio("in process", "in process, -j 2"), ratio("in process, -j 2", "in process", CPU)
    print(f"  {'-j 1 / -j 2 (the speed-up of -j 2)':<36} {speed_up:6.2f}")
    print(f"  {'-j 2 / -j 1 (what -j 2 costs more)':<36} {'':6}       {cost:6.2f}")
    most = statistics.median(map(ceiling, timings["in process"], timings["one scenario run"]))
    print(f"  {'-j 2 at most (from one scenario run)':<36} {most:6.2f}")
    for name in variants:  # printed in the order of the variants, not of a round
        values = timings[name]
        print(
            f"  {name:<20} median {statistics.median(values):6.2f} s   best {min(values):6.2f} s"
            f"   processor time median {statistics.median(CPU[name]):6.2f} s"
        )
    print_targets(timings)
    print(
        "the machine's speed, a plain loop of 10 million additions before each round: median "
        f"{statistics.median(probes):.2f} s (rounds {min(probes):.2f} to {max(probes):.2f}); two side by side, "
        f"until the slower ends: median {statistics.median(pairs):.2f} s (rounds {min(pairs):.2f} to {max(pairs):.2f})"
    )
    sys.stdout.flush()
    if not args.skip_adapters:
        subprocess.run([sys.executable, str(BENCHMARKS / "adapters.py")], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
