"""What the phase.rs adapter reads from phase.rs's state around an action, for what phase.rs has no event for
(the adapter is :mod:`checker.adapters.phase_rs`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from checker.adapters.phase_parts import _PARTS, PhaseParts


class PhaseSnapshot(PhaseParts):
    """The state compared before and after an action."""

    def _snapshot(self, before: dict[str, Any] | None = None, events: Sequence[Any] = ()) -> dict[str, Any]:
        """What the adapter compares before and after an action, for what phase.rs has no event for.

        The combat, the continuous effects and the extra turns are read from the whole exported
        state (tens of milliseconds): only when the last snapshot had some, or an event of the
        action may have brought some. Otherwise they are still none, as they were."""
        stack = list(self.game.stack() or [])
        for entry in stack:
            kind = entry.get("kind")
            self._stack_info[int(entry["id"])] = (
                entry.get("source_id"),
                entry.get("controller"),
                str(kind.get("type")) if isinstance(kind, dict) else "Spell",
            )
        players = [self.game.player(seat) for seat in range(len(self._seats))]
        snapshot: dict[str, Any] = {
            "effects": {},
            "combat": None,
            "attacking": {},  # attacker -> what it attacks (phase.rs's AttackTarget)
            "blocking": {},
            "extra_turns": 0,
            "extra_phases": [],
            "empty_draws": [bool(p.get("drew_from_empty_library")) for p in players],
            "stack": [int(e["id"]) for e in stack],
        }
        if before is not None and not _tracked(before) and all(_leaves_untracked(e) for e in events):
            return snapshot
        st = self.game.state()["state"]
        combat = st.get("combat") or {}
        attacking = {int(a["object_id"]): a.get("attack_target") for a in combat.get("attackers") or []}
        blocking = {int(b): a for b, a in (combat.get("blocker_to_attacker") or {}).items()}
        for eff in st.get("transient_continuous_effects") or []:
            affected = eff.get("affected") or {}
            if isinstance(affected, dict) and affected.get("type") == "SpecificObject":
                snapshot["effects"][int(eff.get("id", 0))] = (affected.get("id"), eff.get("controller"))
        snapshot["combat"] = set(attacking) | set(blocking) if st.get("combat") is not None else None
        snapshot["attacking"], snapshot["blocking"] = attacking, blocking
        snapshot["extra_turns"] = len(st.get("extra_turns") or [])
        snapshot["extra_phases"] = [
            (e.get("id"), (e.get("segment") or {}).get("data"), _added_step(e)) for e in st.get("extra_phases") or []
        ]
        return snapshot


#: Events after which the combat, the continuous effects and the extra turns are still none, if
#: they were none before: the passing of priority and the turn's steps, drawing, untapping, mana.
_UNTRACKED = frozenset(
    {
        "PriorityPassed",
        "PhaseChanged",
        "TurnStarted",
        "CardDrawn",
        "PermanentUntapped",
        "ManaPoolEmptied",
        "DamageCleared",
        "PlayerPerformedAction",
        "LifeChanged",
        "Discarded",
    }
)


def _added_step(entry: dict[str, Any]) -> bool:
    """Whether phase.rs's extra_phases entry is a step added inside the phase under way (Paradox Haze's upkeep
    after this upkeep: a Step segment anchored at a step of the same phase), not a new phase holding it."""
    segment = entry.get("segment") or {}
    anchor, step = _PARTS.get(str(entry.get("anchor"))), _PARTS.get(str(segment.get("data")))
    return segment.get("type") == "Step" and anchor is not None and step is not None and anchor[0] == step[0]


def _tracked(snapshot: dict[str, Any]) -> bool:
    """Whether the snapshot holds creatures in combat, continuous effects or extra turns."""
    return bool(snapshot["combat"] or snapshot["effects"] or snapshot["extra_turns"] or snapshot["extra_phases"])


def _leaves_untracked(event: Any) -> bool:
    """Whether an event can't bring a combat with creatures, a continuous effect or an extra turn."""
    kind, d = event.get("type"), event.get("data") or {}
    if kind in _UNTRACKED:
        return True
    if kind == "AttackersDeclared":
        return not d.get("attacker_ids")
    if kind == "BlockersDeclared":
        return not d.get("assignments")
    return kind == "ZoneChanged" and "Battlefield" not in (d.get("from"), d.get("to"))
