"""The turn procedure: from the game's start, through each turn's phases and steps, to the next turn."""

from __future__ import annotations

from reference_engine.abilities import (
    Ending,
    Keyword,
    OptionalSkipTurn,
)
from reference_engine.events import EventKind
from reference_engine.stack import Stack
from reference_engine.state import (
    CombatProgress,
    Decision,
    DecisionKind,
    GameOver,
    PhaseInstance,
    Procedure,
)
from reference_engine.turn import MAIN_PHASES, Phase, Priority, Segment, Step


class TurnProcedure(Stack):
    def start(
        self,
        *,
        active: str,
        turn_number: int = 1,
        at: Segment | None = None,
        from_game_start: bool = False,
        chooser: str | None = None,
    ) -> None:
        """Begin play: from the game's start (shuffles, the play-or-draw choice, opening hands),
        at the beginning of a turn (``at`` is None), or at the beginning of a part of a turn."""
        if not self.edition.legend_rule_all_go and self._has_legendary_cards():
            raise ValueError(f"the legend rule of {self.edition.name} is not modelled; no legendary cards here")
        self.active = self._regular = active
        self.turn_number = turn_number
        self._proc = self._procedure(at, from_game_start, chooser)
        self._send(None)

    def _has_legendary_cards(self) -> bool:
        zones = [zone for s in self.players.values() for zone in s.card_zones]
        cards = [c for zone in zones for c in zone] + [p.card for p in self.battlefield]
        return any("legendary" in c.definition.supertypes for c in cards)

    def _send(self, answer: object) -> None:
        assert self._proc is not None
        try:
            self.decision = self._proc.send(answer)
        except (StopIteration, GameOver):
            self.decision = None

    def _procedure(self, at: Segment | None, from_game_start: bool, chooser: str | None) -> Procedure:
        if from_game_start:
            yield from self._start_of_game(chooser)
        first = True
        while True:
            if not first or at is None:
                yield from self._take_turn(None)
            else:
                yield from self._take_turn(at)
            first = False
            yield from self._between_turns()

    def _start_of_game(self, chooser: str | None) -> Procedure:
        self.emit(EventKind.GAME_STARTED)
        for name, state in self.players.items():
            self.rng.shuffle(state.library)
            self.emit(EventKind.LIBRARY_SHUFFLED, name)
        if chooser is None:
            chooser = self.rng.choice(list(self.players))
        play_first = yield Decision(DecisionKind.PLAY_OR_DRAW, chooser, options=("play", "draw"))
        first = chooser if play_first else self.next_player(chooser)
        self.emit(EventKind.PLAY_OR_DRAW_CHOSEN, chooser, "play" if play_first else "draw", starting=first)
        self.starting_player = self.active = self._regular = first
        for name in self.apnap():
            for _ in range(self.edition.opening_hand_size):
                self.draw(name, "opening hand")

    def _between_turns(self) -> Procedure:
        """Choose who takes the next turn: extra turns first, most recent first (CR 500.7)."""
        self._clear_turn_state()
        while True:
            if self.extra_turns:
                player = self.extra_turns.pop(0)
            else:
                player = self._regular = self.next_player(self._regular)
            if self._consume_skip(player, "turn", EventKind.TURN_SKIPPED):
                continue
            if any(isinstance(a, OptionalSkipTurn) for a in self._abilities_of(player)):
                vaults = [p for p in self._controlled(player) if p.definition.has(OptionalSkipTurn)]
                skip = yield from self._ask(
                    Decision(
                        DecisionKind.SKIP_TURN,
                        player,
                        options=("skip", "take"),
                        mana_abilities=self.edition.mana_between_turns,
                    )
                )
                if skip:
                    self.emit(EventKind.TURN_SKIPPED, player, "turn", reason="chosen")
                    for vault in vaults:
                        self.untap(vault.id, "skipped a turn")
                    continue
            self.active = player
            self.turn_number += 1
            return

    def _clear_turn_state(self) -> None:
        active = self.players[self.active]
        self.spells_cast_last_turn = active.spells_cast
        for state in self.players.values():
            state.lands_played = 0
            state.spells_cast = 0
        self.attacks_this_turn = 0
        self.attacks_allowed = 1
        self.main_phases_this_turn = 0
        self._cleanup_done = False
        self.combat = CombatProgress()
        self._end_of_turn_closed = set()
        self._fired_this_turn = set()

    def _take_turn(self, at: Segment | None) -> Procedure:
        self.plan = [PhaseInstance(t.phase, list(t.steps)) for t in self.edition.turn_template]
        self.phase_index = 0
        if at is None:
            self.segment = None
            self._begin(EventKind.TURN_BEGAN, amount=self.turn_number)
            if self.plan[0].phase is not Phase.BEGINNING_OF_TURN:
                self._end_summoning_sickness()
        else:
            self._position_at(at)
        resumed = at is not None
        while self.phase_index < len(self.plan):
            phase = self.current_phase
            if not resumed and self._consume_skip(self.active, phase.phase, EventKind.PHASE_SKIPPED):
                if phase.phase is Phase.COMBAT:
                    self.combat.phase_over()
                self.phase_index += 1
                continue
            yield from self._run_phase(phase)
            resumed = False
            self.phase_index += 1
            if self.ending is Ending.TURN:
                yield from self._skip_to_cleanup()
        self.segment = None
        self.emit(EventKind.TURN_ENDED, self.active, amount=self.turn_number)

    def _begin(self, kind: EventKind, subject: str | None = None, amount: int | None = None) -> None:
        """A turn, phase or step begins. An action to take after a skip is the first thing that
        happens in the next turn, phase or step that actually occurs (CR 614.10b; 2008: 419.6g)."""
        self.emit(kind, self.active, subject, amount)
        waiting, self.after_skips = self.after_skips, []
        for outcome, resolution in waiting:
            outcome.apply(self, resolution)

    def _skip_to_cleanup(self) -> Procedure:
        """CR 723.1d: the game skips straight to the cleanup step; the phases and steps between
        are skipped (so "at the beginning of the end step" abilities don't trigger, 723.1e)."""
        self.ending = None
        last = len(self.plan) - 1
        for inst in self.plan[self.phase_index : last]:
            self.emit(EventKind.PHASE_SKIPPED, self.active, inst.phase, reason="the turn ended")
        ending = self.plan[last]
        cleanup = ending.steps.index(Step.CLEANUP) if Step.CLEANUP in ending.steps else 0
        for step in ending.steps[:cleanup]:
            self.emit(EventKind.STEP_SKIPPED, self.active, step, reason="the turn ended")
        ending.step_index = cleanup
        self.phase_index = last
        yield from self._run_phase(ending, fresh=True)
        self.phase_index = len(self.plan)

    def _position_at(self, at: Segment) -> None:
        for i, inst in enumerate(self.plan):
            if inst.phase is at.phase:
                self.phase_index = i
                self.main_phases_this_turn = sum(1 for p in self.plan[:i] if p.phase in MAIN_PHASES)
                if at.step is not None:
                    inst.step_index = inst.steps.index(at.step)
                return
        raise ValueError(f"{self.edition.name} has no part of the turn {at}")

    def _run_phase(self, inst: PhaseInstance, fresh: bool | None = None) -> Procedure:
        """Run a phase's steps; ``fresh``: it begins now (by default: unless resumed mid-phase)."""
        not_a_phase = inst.phase in self.edition.not_a_phase
        self.segment = Segment(inst.phase, None)
        if inst.phase is Phase.COMBAT:
            self.combat.phase_began()
        if not not_a_phase and (inst.step_index == 0 if fresh is None else fresh):
            self._begin(EventKind.PHASE_BEGAN, inst.phase)
            if inst.phase in MAIN_PHASES:
                self.main_phases_this_turn += 1
            self._expire(str(inst.phase), at_end=False)
        if not inst.steps:
            yield from self._run_segment(Segment(inst.phase, None))
        while inst.step_index < len(inst.steps):
            step = inst.steps[inst.step_index]
            if self._step_is_skipped(inst, step):
                self.emit(EventKind.STEP_SKIPPED, self.active, step)
            else:
                yield from self._run_segment(Segment(inst.phase, step))
            inst.step_index += 1
            if self.ending is not None and inst.step_index < len(inst.steps):
                yield from self._end_early(inst)
        self.segment = Segment(inst.phase, None)
        self._end_phase(inst.phase, not_a_phase)

    def _end_early(self, inst: PhaseInstance) -> Procedure:
        """The rest of this phase's steps are skipped (CR 723.1d, 723.2d); when the turn ends in its
        ending phase, the cleanup step follows at once (and a new one, when it ends in cleanup)."""
        remaining = inst.steps[inst.step_index :]
        if self.ending is Ending.TURN and Step.CLEANUP in remaining:
            cleanup = inst.step_index + remaining.index(Step.CLEANUP)
            for step in inst.steps[inst.step_index : cleanup]:
                self.emit(EventKind.STEP_SKIPPED, self.active, step, reason="the turn ended")
            inst.step_index = cleanup
            self.ending = None
            return
        for step in remaining:
            self.emit(EventKind.STEP_SKIPPED, self.active, step, reason=f"the {self.ending} ended")
        inst.step_index = len(inst.steps)
        if self.ending is Ending.COMBAT:
            self.ending = None
        yield from ()

    def _end_phase(self, phase: Phase, not_a_phase: bool) -> None:
        if not_a_phase:
            return
        if phase is Phase.COMBAT:
            self.combat.phase_over()
            for p in self.battlefield:
                if p.attacking or p.blocking:
                    self._leave_combat(p)
        self._expire(str(phase), at_end=True)  # "until end of combat" too: the combat phase's name is "combat"
        self._empty_pools()
        self.emit(EventKind.PHASE_ENDED, self.active, phase)
        if self.edition.life_checked_at_end_of_phase:
            self._check_life_totals()

    def _run_segment(self, segment: Segment) -> Procedure:
        self.segment = segment
        if segment.step is not None:
            self._begin(EventKind.STEP_BEGAN, segment.step)
            self._expire(str(segment.step), at_end=False)
            if segment.phase is Phase.COMBAT:
                self.combat.step_began(segment.step)
        name = segment.name
        priority = self.edition.priority_in(segment)
        if self.edition.five_part_phases:
            yield from self._mirage_segment(segment, priority)
        else:
            yield from self._rules_segment(segment, priority)
        if segment.step is not None:
            self._expire(name, at_end=True)
            if self.edition.mana_empties_after_steps:
                self._empty_pools()
            self.emit(EventKind.STEP_ENDED, self.active, segment.step)

    def _rules_segment(self, segment: Segment, priority: Priority) -> Procedure:
        name = segment.name
        if name == "untap":
            self._phasing()
            if self.edition.has_day_night:
                self._day_night_check()
            yield from self._untap_permanents()
        elif name == "draw":
            self.draw(self.active, "draw step")
        elif name == Phase.PRECOMBAT_MAIN and self.edition.precombat_main_actions:
            self._set_scheme_in_motion()
            self._put_lore_counters()  # after the scheme (CR 703.4f)
            self._roll_to_visit()
        elif name == "beginning_of_combat":
            yield from self._choose_defender()
        elif name == "declare_attackers":
            yield from self._declare_attackers()
        elif name == "declare_blockers":
            yield from self._declare_blockers()
        elif name == "combat_damage":
            self._combat_damage_step()
        elif name == "cleanup":
            yield from self._cleanup_step()
            return
        self._trigger_beginning_of(name)
        if priority is not Priority.NONE:
            yield from self._priority_window(priority)

    def _cleanup_step(self) -> Procedure:
        while True:
            # Abilities that trigger "at the beginning of" the cleanup step (or of the next one) trigger as
            # it begins and wait, with any that trigger during it, for the check of CR 514.3a.
            self._trigger_beginning_of("cleanup")
            yield from self._discard_to_hand_size()
            self._end_of_turn_cleanup()
            self._check_state_triggers()
            if not (self._state_based_actions_pending() or self.pending_triggers):
                return
            yield from self._priority_window(Priority.FULL)
            # Another cleanup step follows (CR 514.3a).
            if self.edition.mana_empties_after_steps:
                self._empty_pools()
            self.emit(EventKind.STEP_ENDED, self.active, Step.CLEANUP)
            self._begin(EventKind.STEP_BEGAN, Step.CLEANUP)

    def _mirage_segment(self, segment: Segment, priority: Priority) -> Procedure:
        phase = segment.phase
        if phase is Phase.UNTAP:
            self._phasing()
        name = "turn" if phase is Phase.BEGINNING_OF_TURN else str(phase)
        # Continuous effects apply before beginning effects (Aahz 01/14/97): a creature they
        # reduce to 0 toughness is gone before those effects are processed.
        self._state_based_actions()
        yield from self._resolve_directly(self._collect_beginning_of(name))
        if phase is Phase.UNTAP:
            yield from self._announce_untap()
        elif phase is Phase.DRAW:
            if not (self.turn_number == 1 and self.active == self.starting_player):
                self.draw(self.active, "draw phase")
            for source in self.in_play():
                if self.has_keyword(source, Keyword.ADDITIONAL_DRAW):
                    self.draw(self.active, source.name)
        elif phase is Phase.CLEANUP:
            self._end_of_turn_cleanup()
            self._cleanup_done = True
        yield from self._priority_window(priority)
        if phase is Phase.DISCARD:
            yield from self._discard_to_hand_size()
        elif phase is Phase.CLEANUP:
            yield from self._mirage_end_of_turn_effects()
        elif phase is Phase.BEGINNING_OF_TURN:
            self._end_summoning_sickness()
