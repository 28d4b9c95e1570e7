"""Turns, phases and steps that effects add or skip (CR 500.7-500.11, 614.10)."""

from __future__ import annotations

from reference_engine.abilities import (
    Ending,
    Outcome,
    PlayersSkip,
    Resolution,
    Whose,
)
from reference_engine.events import EventKind
from reference_engine.state import PhaseInstance, SkipEffect
from reference_engine.state_based import StateBasedActions
from reference_engine.turn import Phase, Step


class TurnChanges(StateBasedActions):
    def add_extra_turn(self, player: str, name: str) -> None:
        self.extra_turns.insert(0, player)
        self.emit(EventKind.EXTRA_TURN_ADDED, player, name)

    def add_combat_and_main_phase(self, name: str) -> None:
        combat = next((t for t in self.edition.turn_template if t.phase is Phase.COMBAT), None)
        if combat is None:
            self.attacks_allowed += 1  # Mirage: an additional attack
            self.emit(EventKind.PHASE_ADDED, self.active, "attack", effect=name)
            return
        new = [
            PhaseInstance(Phase.COMBAT, list(combat.steps), extra=True),
            PhaseInstance(Phase.POSTCOMBAT_MAIN, [], extra=True),
        ]
        self.plan[self.phase_index + 1 : self.phase_index + 1] = new
        self.emit(EventKind.PHASE_ADDED, self.active, Phase.COMBAT, effect=name)
        self.emit(EventKind.PHASE_ADDED, self.active, Phase.POSTCOMBAT_MAIN, effect=name)

    def add_step_after_phase(self, step: str, controller: str, name: str) -> None:
        """CR 500.10: a step added after a phase comes in a new copy of the phase that normally
        holds it, right after the current phase; that phase's other steps are skipped. CR 500.10a:
        a step that "you get" is added only in your own turn."""
        if controller != self.active:
            return
        added = Step(step)
        home = next((t for t in self.edition.turn_template if added in t.steps), None)
        if home is None:
            self._add_phase_named(step, name)
            return
        others = frozenset(home.steps) - {added}
        self.plan.insert(self.phase_index + 1, PhaseInstance(home.phase, list(home.steps), extra=True, skipped=others))
        self.emit(EventKind.PHASE_ADDED, self.active, home.phase, effect=name)

    def add_step_after_current(self, step: str, name: str) -> None:
        phase = self.current_phase
        if not phase.steps:
            self._add_phase_named(step, name)
            return
        phase.steps.insert(phase.step_index + 1, Step(step))
        self.emit(EventKind.STEP_ADDED, self.active, step, effect=name)

    def _add_phase_named(self, step: str, name: str) -> None:
        """Mirage's turn has no steps: an additional part of the turn is a phase of that name, next."""
        self.plan.insert(self.phase_index + 1, PhaseInstance(Phase(step), [], extra=True))
        self.emit(EventKind.PHASE_ADDED, self.active, step, effect=name)

    def end(self, what: Ending, name: str) -> None:
        """End the turn (CR 723.1) or the combat phase (CR 723.2): abilities that triggered but
        aren't on the stack cease to exist, and every object on the stack is exiled (the one
        resolving too, as it finishes). The procedure then skips ahead."""
        if what is Ending.COMBAT and not self.in_combat:
            return  # CR 723.2g: outside a combat phase nothing happens
        self.ending = what
        self.pending_triggers.clear()
        for item in self.stack:
            if item.card is not None:
                self.players[item.card.owner].exile.append(item.card)
        self.stack.clear()
        self.emit(EventKind.ENDING_EARLY, self.active, str(what), effect=name)

    def add_skip(self, player: str, what: str, count: int, name: str, then: Outcome | None = None) -> None:
        self.skips.append(SkipEffect(player, what, count, name, then))

    def _consume_skip(self, player: str, what: str, kind: EventKind) -> bool:
        """Apply a skip effect to the turn, phase or step about to begin, if one applies.

        Skipping replaces the part of the turn with nothing (CR 614.10); it is decided just
        before that part would begin (D'Angelo 11/06/96)."""
        for effect in self.skips:
            if effect.player == player and effect.what == what and effect.remaining > 0:
                effect.remaining -= 1
                self.skips = [e for e in self.skips if e.remaining > 0]
                self.emit(kind, player, what, reason=effect.name)
                if effect.then is not None:
                    self.after_skips.append((effect.then, Resolution(player, None, (), effect.name)))
                return True
        for perm in self.in_play():
            for ability in perm.definition.abilities:
                if (
                    isinstance(ability, PlayersSkip)
                    and ability.what == what
                    and (ability.whose is Whose.EACH or perm.controller == player)
                ):
                    self.emit(kind, player, what, reason=perm.name)
                    return True
        return False

    def _step_is_skipped(self, inst: PhaseInstance, step: Step) -> bool:
        if step in inst.skipped:
            return True
        if (
            step is Step.DRAW
            and self.edition.first_turn_skips_draw_step
            and self.turn_number == 1
            and self.active == self.starting_player
            and len(self.players) == 2  # in other multiplayer games nobody skips it (CR 103.8c)
        ):
            return True
        return self._consume_skip(self.active, step, EventKind.STEP_SKIPPED)
