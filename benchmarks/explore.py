"""Games and checked events per second of ``turncheck explore`` on the reference engine.

    python benchmarks/explore.py [--games N] [--edition E]... [--seed S] [--repeat R] [--jobs N]

Side by side in one run, per edition, the same games (the same seed):

- **explore**: each game generated, played on the reference engine through the recording
  adapter, and its trace checked by the rules checker;
- **differential**: the same, with each game also played on the reference engine in lockstep
  (``--against reference``); its cost is shown as a ratio to the plain exploration;
- **-j N**: the plain exploration's games in N processes side by side (``turncheck explore -j
  N``), their start-up included; the ratio to the plain exploration is its time's (below 1: faster).

Each figure is the best of ``--repeat`` runs. Speed is measured here, never asserted in the tests.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from checker.adapters.reference import ReferenceAdapter
from checker.contract.vocabulary import EDITIONS
from checker.explore.explorer import Engines, explore_game
from checker.explore.options import MAX_DECISIONS, SHRINK_BUDGET
from checker.explore.sessions import Games, side_by_side


def measure(engines: Engines, edition: str, seed: int, games: int) -> tuple[float, int, int]:
    """Seconds, plays and checked events of ``games`` games."""
    started = time.perf_counter()
    plays = events = 0
    for index in range(games):
        outcome = explore_game(engines, edition, seed, index)
        if outcome.finding is not None:
            raise SystemExit(f"{edition} game {index}: {outcome.finding}: the reference engine should find nothing")
        plays, events = plays + outcome.plays, events + outcome.events
    return time.perf_counter() - started, plays, events


def measure_side_by_side(jobs: int, edition: str, seed: int, games: int) -> tuple[float, int, int]:
    """The same, in ``jobs`` processes side by side."""
    started = time.perf_counter()
    plays = events = 0
    every = Games("reference", 10.0, None, None, seed, ("setup", "start"), MAX_DECISIONS, SHRINK_BUDGET, jobs)
    for (_, index), outcome in side_by_side(every, [(edition, index) for index in range(games)], jobs):
        if outcome.finding is not None:
            raise SystemExit(f"{edition} game {index}: {outcome.finding}: the reference engine should find nothing")
        plays, events = plays + outcome.plays, events + outcome.events
    return time.perf_counter() - started, plays, events


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--edition", action="append", choices=EDITIONS)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2, help="processes side by side (default 2)")
    args = parser.parse_args()
    modes: dict[str, Callable[[str], tuple[float, int, int]]] = {
        "explore": lambda edition: measure(Engines(ReferenceAdapter), edition, args.seed, args.games),
        "differential": lambda edition: measure(
            Engines(ReferenceAdapter, ReferenceAdapter), edition, args.seed, args.games
        ),
        f"-j {args.jobs}": lambda edition: measure_side_by_side(args.jobs, edition, args.seed, args.games),
    }
    print(f"{'edition':8} {'mode':13} {'games/s':>8} {'plays/s':>8} {'events/s':>9} {'vs explore':>10}")
    for edition in args.edition or EDITIONS:
        best: dict[str, float] = {}
        for mode, run in modes.items():
            runs = [run(edition) for _ in range(args.repeat)]
            seconds, plays, events = min(runs)
            best[mode] = seconds
            ratio = f"{seconds / best['explore']:.2f}x" if mode != "explore" else ""
            print(
                f"{edition:8} {mode:13} {args.games / seconds:8.1f} {plays / seconds:8.1f} "
                f"{events / seconds:9.0f} {ratio:>10}"
            )


if __name__ == "__main__":
    main()
