"""What happened in a python-mtg game, in the suite's events (the adapter is :mod:`checker.adapters.python_mtg`).

python-mtg reports no events (its turn loop narrates on stdout): they are read from the difference of its
state before and after each call into it. Within one call the order is the engine's: a step's turn-based
actions and triggers happen as it ends (``env._advance_one``), so they come before the step's end.
"""

from __future__ import annotations

from collections.abc import Mapping

from checker.adapters.python_mtg_state import ORDER, STEPS, Snapshot
from checker.contract.interface import GameEvent


def changes(
    before: Snapshot, after: Snapshot, turn: int, ids: Mapping[str, str], lands: frozenset[str]
) -> tuple[int, list[GameEvent]]:
    """The events between two snapshots (cards by the suite's ids; python-mtg's fillers are left out),
    and the turn number after them."""
    events: list[GameEvent] = []
    ap = before.active
    untapped = sorted(ids[c] for c in before.tapped - after.tapped if c in ids)
    if untapped:
        events.append(GameEvent("untapped", turn, ap, ",".join(untapped), len(untapped)))
    for c in sorted(after.tapped - before.tapped):
        if c in ids:
            events.append(GameEvent("tapped", turn, after.zones.get(c, ("", ""))[1], ids[c]))
    for c, (zone, player) in sorted(after.zones.items()):
        was = before.zones.get(c, ("", ""))[0]
        if c not in ids or was == zone:
            continue
        kind = {
            ("library", "hand"): "card_drawn",
            ("battlefield", "graveyard"): "died",
        }.get((was, zone))
        if (was, zone) == ("hand", "battlefield"):
            kind = "land_played" if c in lands else "entered_battlefield"
        elif (was, zone) == ("hand", "graveyard"):
            kind = "discarded" if before.step == "cleanup" else "resolved"
        if kind is not None:
            events.append(GameEvent(kind, turn, player, ids[c]))
    for p, life in sorted(after.life.items()):
        delta = life - before.life.get(p, life)
        if delta:
            events.append(GameEvent("life_changed", turn, p, None, delta))
    if after.loser and not before.loser:
        events.append(GameEvent("player_lost", turn, after.loser))
        winner = next((p for p in after.life if p != after.loser), None)
        events.append(GameEvent("game_over", turn, winner))
        return turn, events
    if (before.step, before.active) != (after.step, after.active):
        for p, amount in sorted(before.pools.items()):
            if amount and not after.pools.get(p):
                events.append(GameEvent("mana_emptied", turn, p, None, amount))
        turn = _move(events, before, after, turn)
    return turn, events


def _move(events: list[GameEvent], before: Snapshot, after: Snapshot, turn: int) -> int:
    """The parts of the turn that ended, were skipped and began, going from one step to the other."""
    old_phase, old_step = STEPS[before.step]
    new_phase, new_step = STEPS[after.step]
    new_turn = before.active != after.active or ORDER.index(after.step) <= ORDER.index(before.step)
    if old_step is not None:
        events.append(GameEvent("step_ended", turn, before.active, old_step))
    if new_turn or old_phase != new_phase:
        events.append(GameEvent("phase_ended", turn, before.active, old_phase))
    if new_turn:
        events.append(GameEvent("turn_ended", turn, before.active, None, turn))
        turn += 1
        events.append(GameEvent("turn_began", turn, after.active, None, turn))
        passed = ORDER[: ORDER.index(after.step)]
    else:
        passed = ORDER[ORDER.index(before.step) + 1 : ORDER.index(after.step)]
    for name in passed:
        phase, step = STEPS[name]
        whole = all(STEPS[n][0] != phase for n in ORDER if n not in passed)
        if whole and phase != old_phase:
            if not events or events[-1].kind != "phase_skipped" or events[-1].subject != phase:
                events.append(GameEvent("phase_skipped", turn, after.active, phase))
        elif step is not None:
            events.append(GameEvent("step_skipped", turn, after.active, step))
    if new_turn or old_phase != new_phase:
        events.append(GameEvent("phase_began", turn, after.active, new_phase))
    if new_step is not None:
        events.append(GameEvent("step_began", turn, after.active, new_step))
    return turn
