"""What a python-mtg game looks like in the suite's view (the adapter is :mod:`checker.adapters.python_mtg`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from checker.adapters.python_mtg_state import STEPS, SYMBOLS, active_player, current_step, owners, rows
from checker.contract.interface import CardView, DecisionView, GameView, PermanentView, PlayerView


def game_view(
    driver: Any,
    s: dict[str, Any],
    seats: Sequence[str],
    ids: dict[str, str],
    names: dict[str, str],
    turn: int,
    decision: DecisionView | None,
) -> GameView:
    """The game as the suite sees it: python-mtg's relations, and what its rules derive (control, power and
    toughness), read in the suite's words."""
    out = driver.run(s, ["controls", "power", "eff_toughness"])
    controller = {str(c): str(p) for (p, c) in out["controls"]}
    power = {str(c): int(n) for (c, n) in out["power"]}
    toughness = {str(c): int(n) for (c, n) in out["eff_toughness"]}
    owner = owners(s)

    def cards(engine_ids: Sequence[str]) -> tuple[CardView, ...]:
        return tuple(CardView(ids[c], names.get(c, c)) for c in engine_ids if c in ids)

    players = []
    for p in seats:
        players.append(
            PlayerView(
                p,
                next((int(n) for (q, n) in rows(s, "life") if q == p), 0),
                {SYMBOLS[str(c)]: int(n) for (q, c, n) in rows(s, "floating_mana") if q == p and int(n) > 0},
                cards((s.get("_lib_order") or {}).get(p, [])),
                cards(sorted(c for (q, c) in rows(s, "in_hand") if q == p)),
                cards(sorted(c for (c,) in rows(s, "graveyard") if owner.get(c) == p)),
                lost=s.get("_loser") == p,
                lands_played=1 if (p,) in rows(s, "_land_played") else 0,
            )
        )
    attacking = {str(a): str(d) for (a, d) in rows(s, "attacks")}
    blocking = {str(b): str(a) for (b, a) in rows(s, "blocks")}
    tapped = {str(c) for (c,) in rows(s, "tapped")}
    sick = {str(c) for (c,) in rows(s, "_sick")}
    battlefield = tuple(
        PermanentView(
            ids[c],
            names.get(c, c),
            controller.get(c, owner.get(c, "")),
            owner.get(c, ""),
            c in tapped,
            0,  # python-mtg keeps no damage marked on a permanent (see _combat_damage)
            False,
            c in sick,
            power.get(c),
            toughness.get(c),
            attacking=c in attacking,
            blocking=ids.get(blocking[c]) if c in blocking else None,
            attacked=attacking.get(c),
        )
        for (c,) in sorted(rows(s, "on_battlefield"))
        if c in ids
    )
    step = current_step(s)
    phase, st = STEPS[step]
    loser = s.get("_loser")
    winner = next((p for p in seats if p != loser), None) if loser else None
    return GameView(
        "cr2024",
        turn,
        active_player(s),
        phase,
        st,
        decision,
        tuple(players),
        battlefield,
        (),
        game_over=bool(loser),
        winner=winner,
    )
