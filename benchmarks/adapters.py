"""Benchmark: passes-only turns per second of each adapter, against its engine's own API.

    python benchmarks/adapters.py [--turns N] [--library N] [--repeat N]

Two players with libraries of Islands pass priority and make the default choices (discard
down to hand size, no attackers) for N turns. Through the adapter, each decision is a view
and a perform; on the engine's own API, each is the engine's own question of what it waits
for and its own answer. The same game is played both
ways, side by side in one run, so the ratio holds even on a noisy machine. phase.rs is
measured where its extra is installed (``pip install .[phase]``), also per decision over its
first 20 turns.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from checker.adapters.reference import ReferenceAdapter
from checker.contract.interface import EngineAdapter
from checker.running.steps.context import ScenarioGame


def started(adapter: EngineAdapter, library: int) -> ScenarioGame:
    """A cr2024 game of Alice and Bob, each with ``library`` Islands, at the start of Alice's turn."""
    game = ScenarioGame(adapter, "cr2024")
    game.set_players(["Alice", "Bob"])
    for build in game.players.values():
        build.library, build.library_set = game.filler(library), True
    game.at("Alice", None)
    game.ensure_started()
    return game


def through_adapter(adapter: EngineAdapter, turns: int, library: int) -> tuple[float, int]:
    """Seconds to play ``turns`` turns through the adapter, and the decisions made."""
    game = started(adapter, library)
    decisions = 0
    clock = time.perf_counter()
    while True:
        view = adapter.view()
        if view.game_over or view.turn_number > turns or view.decision is None:
            break
        adapter.perform(game.default_action(view))
        decisions += 1
    return time.perf_counter() - clock, decisions


def reference_own(turns: int, library: int) -> tuple[float, int]:
    """The same game on the reference engine's own API."""
    adapter = ReferenceAdapter()
    started(adapter, library)
    g = adapter.game
    decisions = 0
    clock = time.perf_counter()
    while not g.over and g.turn_number <= turns and g.decision is not None:
        d = g.decision
        match str(d.kind):
            case "priority":
                g.pass_priority(d.player)
            case "discard":
                g.choose_discard(d.player, d.options[: d.count])
            case "declare_attackers":
                g.declare_attackers(d.player, (), (), {})
            case "declare_blockers":
                g.declare_blockers(d.player, ())
            case other:
                raise SystemExit(f"the reference engine waits for {other}, which this benchmark doesn't answer")
        decisions += 1
    return time.perf_counter() - clock, decisions


def phase_own(turns: int, library: int) -> tuple[float, int]:
    """The same game on phase.rs's own API (phase-python)."""
    from checker.adapters.phase_rs import PhaseAdapter

    adapter = PhaseAdapter()
    started(adapter, library)
    g = adapter.game
    decisions = 0
    clock = time.perf_counter()
    while g.turn <= turns:
        w = g.waiting_for() or {}
        data = w.get("data") or {}
        match w.get("type"):
            case "Priority":
                action: Any = {"type": "PassPriority"}
            case "DiscardToHandSize":
                action = {"type": "SelectCards", "data": {"cards": data["cards"][: int(data["count"])]}}
            case "DeclareAttackers":
                action = {"type": "DeclareAttackers", "data": {"attacks": []}}
            case "DeclareBlockers":
                action = {"type": "DeclareBlockers", "data": {"assignments": []}}
            case _:
                break
        g.apply(int(data["player"]), action)
        decisions += 1
    return time.perf_counter() - clock, decisions


def side_by_side(
    own: Callable[[], tuple[float, int]], adapter: Callable[[], tuple[float, int]], repeat: int
) -> tuple[tuple[float, int], tuple[float, int]]:
    """The median seconds (and the decisions) of ``repeat`` games each way, taken in turns so
    that a change in the machine's load falls on both."""
    pairs = [(own(), adapter()) for _ in range(repeat)]
    return _median([p[0] for p in pairs]), _median([p[1] for p in pairs])


def _median(runs: list[tuple[float, int]]) -> tuple[float, int]:
    return statistics.median(s for s, _ in runs), runs[0][1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--library", type=int, default=150)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--phase-turns", type=int, default=20)
    args = parser.parse_args()
    print(f"passes-only turns/s, {args.turns} turns, libraries of {args.library}, median of {args.repeat}:")
    (own, _), (via, decisions) = side_by_side(
        lambda: reference_own(args.turns, args.library),
        lambda: through_adapter(ReferenceAdapter(), args.turns, args.library),
        args.repeat,
    )
    print(
        f"  reference engine: adapter {args.turns / via:7.0f} turns/s ({via / decisions * 1000:.3f} ms per decision), "
        f"own API {args.turns / own:7.0f} turns/s; adapter / own API time {via / own:.2f}"
    )
    met = _verdict(args.turns / via >= REFERENCE_TURNS)
    print(f"    target: at least {REFERENCE_TURNS} turns/s through the adapter: {met}")
    try:
        from checker.adapters.phase_rs import PhaseAdapter
    except ImportError:  # pragma: no cover
        print("  phase.rs: not measured (install the extra: pip install .[phase])")
        return 0
    if not _phase_available():
        print("  phase.rs: not measured (install the extra: pip install .[phase])")
        return 0
    turns = args.phase_turns
    (own, own_decisions), (via, decisions) = side_by_side(
        lambda: phase_own(turns, args.library),
        lambda: through_adapter(PhaseAdapter(), turns, args.library),
        args.repeat,
    )
    print(
        f"  phase.rs ({turns} turns): adapter {turns / via:7.1f} turns/s ({via / decisions * 1000:.2f} ms per "
        f"decision), own API {turns / own:7.1f} turns/s ({own / own_decisions * 1000:.2f} ms per decision); "
        f"adapter / own API time {via / own:.2f}"
    )
    per_decision = via / decisions * 1000
    print(f"    target: at most {PHASE_MS} ms per decision through the adapter: {_verdict(per_decision <= PHASE_MS)}")
    return 0


#: The targets of the speed work (issue 12), measured by the medians above.
REFERENCE_TURNS = 600
PHASE_MS = 5


def _verdict(met: bool) -> str:
    return "met" if met else "not met"


def _phase_available() -> bool:
    from checker.adapters import phase_cards

    return phase_cards.phase_module() is not None


if __name__ == "__main__":
    sys.exit(main())
