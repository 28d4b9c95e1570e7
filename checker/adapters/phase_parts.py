"""The parts of the turn in the phase.rs adapter's record: phase.rs marks only the beginning of each part; the
ends, and the parts it goes past, are the adapter's reading of them (the adapter is :mod:`checker.adapters.phase_rs`).
"""

from __future__ import annotations

from collections.abc import Callable

from checker.adapters.phase_game import PhaseGame
from checker.contract.interface import GameEvent

#: phase.rs's names of the parts of the turn -> the suite's (phase, step).
_PARTS: dict[str, tuple[str, str | None]] = {
    "Untap": ("beginning", "untap"),
    "Upkeep": ("beginning", "upkeep"),
    "Draw": ("beginning", "draw"),
    "PreCombatMain": ("precombat_main", None),
    "BeginCombat": ("combat", "beginning_of_combat"),
    "DeclareAttackers": ("combat", "declare_attackers"),
    "DeclareBlockers": ("combat", "declare_blockers"),
    "CombatDamage": ("combat", "combat_damage"),
    "FirstStrikeDamage": ("combat", "combat_damage"),
    "EndCombat": ("combat", "end_of_combat"),
    "PostCombatMain": ("postcombat_main", None),
    "End": ("ending", "end"),
    "Cleanup": ("ending", "cleanup"),
}
_ORDER = [
    "Untap",
    "Upkeep",
    "Draw",
    "PreCombatMain",
    "BeginCombat",
    "DeclareAttackers",
    "DeclareBlockers",
    "CombatDamage",
    "EndCombat",
    "PostCombatMain",
    "End",
    "Cleanup",
]
#: What phase.rs adds in its extra_phases (a phase, or a step of a phase it creates) -> the suite's phase.
_ADDED_PHASES = {
    "Combat": "combat",
    "PrecombatMain": "precombat_main",
    "PostcombatMain": "postcombat_main",
    "Untap": "beginning",
    "Upkeep": "beginning",
    "Draw": "beginning",
    "End": "ending",
}
_PHASE_ORDER = ["beginning", "precombat_main", "combat", "postcombat_main", "ending"]


class PhaseParts(PhaseGame):
    """The turn's parts as they begin, end and are skipped."""

    def _end_part(self, turn: int, player: str) -> None:
        """The part the game is in ends (phase.rs marks only beginnings: a part ends as the next begins)."""
        if self._part is None or self._part not in _PARTS:
            self._part = None
            return
        ph, step = _PARTS[self._part]
        if step is not None:
            self._events.append(GameEvent("step_ended", turn, player, step))
        self._events.append(GameEvent("phase_ended", turn, player, ph))
        self._part = None

    def _begin_part(self, part: str, turn: int, player: str, after_step: Callable[[], None] | None = None) -> None:
        ph, step = _PARTS[part]
        prev_part = self._part
        prev: tuple[str | None, str | None] = (None, None)
        if prev_part is not None and prev_part in _PARTS:
            prev = _PARTS[prev_part]
        i = j = -1
        if prev_part in _ORDER and part in _ORDER:
            i, j = _ORDER.index(prev_part), _ORDER.index(part)
            if part == "CombatDamage" and prev_part == "FirstStrikeDamage":
                i = j
            elif prev_part == "FirstStrikeDamage":
                i = _ORDER.index("CombatDamage")
        if prev_part is not None and prev[1] is not None:
            self._events.append(GameEvent("step_ended", turn, player, prev[1]))
        added, leaving_added = self._added_phase, self._added_phase is not None and self._added_phase != ph
        if leaving_added and i >= 0:
            # The rest of a phase phase.rs added (its extra_phases: an upkeep step alone, say) never begins: skipped.
            self._skipped([n for n in _ORDER[i + 1 :] if _PARTS[n][0] == added], added, turn, player)
            self._added_phase = None
        # Parts the engine went past without beginning them: skipped (phase.rs has no event for this); the steps of
        # a phase that ends are skipped before it ends, as in its turn's order (CR 500.1).
        went_past = _ORDER[i + 1 : j] if j > i + 1 and not leaving_added else []
        ending = [n for n in went_past if prev[0] != ph and _PARTS[n][0] == prev[0]]
        self._skipped(ending, prev[0], turn, player)
        if after_step is not None:
            after_step()
        if prev_part is not None and prev[0] != ph:
            self._events.append(GameEvent("phase_ended", turn, player, prev[0]))
        self._skipped([n for n in went_past if n not in ending], prev[0], turn, player)
        if prev[0] != ph or prev_part is None:
            self._events.append(GameEvent("phase_began", turn, player, ph))
        if 0 <= j <= i and part in self._added_steps:
            self._added_steps.remove(part)  # a step phase.rs added in the phase under way: nothing skipped
        elif 0 <= j <= i and part != "CombatDamage":
            # Back to an earlier part in the same turn: a phase phase.rs added; its parts before this one are skipped.
            self._added_phase = ph
            self._skipped([n for n in _ORDER[:j] if _PARTS[n][0] == ph], ph, turn, player)
        if step is not None:
            self._events.append(GameEvent("step_began", turn, player, step))
        self._part = part
        self._auto_blocks = part == "DeclareBlockers"

    def _skipped(self, parts: list[str], current: str | None, turn: int, player: str) -> None:
        seen: set[str] = set()
        for name in parts:
            ph, step = _PARTS[name]
            whole = all(_PARTS[n][0] != ph for n in _ORDER if n not in parts and n != "FirstStrikeDamage")
            if whole and ph != current:
                if ph not in seen:
                    seen.add(ph)
                    self._events.append(GameEvent("phase_skipped", turn, player, ph))
            elif step is not None:
                self._events.append(GameEvent("step_skipped", turn, player, step))

    def _report_skipped_turns(self, starting: int, turn: int) -> None:
        """phase.rs has no event for a skipped turn (CR 500.11): as a turn begins, a player whose count of turns to
        skip (its state's turns_to_skip) went down, and who isn't the one beginning it, had a turn skipped."""
        if not any(self._turns_to_skip):
            return
        now = [int(n) for n in self.game.state()["state"].get("turns_to_skip") or []]
        for seat, (was, left) in enumerate(zip(self._turns_to_skip, now, strict=False)):
            if left < was and seat != starting:
                self._events.append(GameEvent("turn_skipped", turn, self._player(seat), "turn"))
                self._turns_to_skip[seat] -= 1
