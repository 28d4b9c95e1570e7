"""Triggered abilities: when they trigger, and the order they are put on the stack or processed.

A creature put onto the battlefield blocking is here too: its entering makes the attacker's
"becomes blocked" abilities trigger, and a triggered ability resolved here (Mirage) may do it."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from reference_engine.abilities import (
    AtBeginningOf,
    Chapter,
    DrawCards,
    Keyword,
    Resolution,
    SetInMotion,
    Visit,
    WatchedEvent,
    WatchedState,
    When,
    Whose,
)
from reference_engine.cards import CardType, Permanent
from reference_engine.events import EventKind
from reference_engine.state import Decision, DecisionKind, PendingTrigger, Procedure, StackItem
from reference_engine.turn import MAIN_PHASES, Phase
from reference_engine.turn_changes import TurnChanges


class Triggers(TurnChanges):
    def add_delayed_trigger(self, controller: str, trigger: AtBeginningOf) -> None:
        pending = PendingTrigger(controller, trigger, None)
        if self._end_of_turn_queue is not None and trigger.of == "end":
            self._queue_end_of_turn(pending)
        else:
            self.delayed.append(pending)

    def _collect_beginning_of(self, name: str) -> list[PendingTrigger]:
        names = {name}
        if name == "upkeep" and self.plan[0].phase is not Phase.BEGINNING_OF_TURN:
            names.add("turn")  # "at the beginning of your turn" now reads "... of your upkeep"
        if name in {Phase.PRECOMBAT_MAIN, Phase.POSTCOMBAT_MAIN}:
            names.add("main")  # "at the beginning of your main phase": each of them
        if name in MAIN_PHASES:
            names.add(f"main_{self.main_phases_this_turn}")  # "your second main phase" (CR 505.1b)
        found = []
        for p in self.in_play():
            for a in p.definition.abilities:
                if (
                    isinstance(a, AtBeginningOf)
                    and a.of in names
                    and (a.whose is Whose.EACH or p.controller == self.active)
                    and not (a.first_each_turn and (p.id, a.of) in self._fired_this_turn)
                ):
                    self._fired_this_turn.add((p.id, a.of))
                    found.append(PendingTrigger(p.controller, a, p.id))
        for d in list(self.delayed):
            ability = d.ability
            if not isinstance(ability, AtBeginningOf):
                continue
            if ability.of == name and (ability.whose is Whose.EACH or d.controller == self.active):
                found.append(d)
                if ability.once:
                    self.delayed.remove(d)
        if name == "draw" and self.edition.additional_draws_trigger:
            for p in self.in_play():
                if self.has_keyword(p, Keyword.ADDITIONAL_DRAW):
                    draw = DrawCards(1, player=self.active)
                    ability = AtBeginningOf("draw", draw, Whose.EACH, f"{p.name}: additional draw")
                    found.append(PendingTrigger(p.controller, ability, p.id))
        return found

    def put_onto_battlefield_blocking(self, player: str, card_name: str, attacker_id: str, reason: str) -> None:
        """A card from hand enters blocking the attacker the effect names (CR 509.4; 2008: 309.5).
        It is blocking, but it never "blocked": its block abilities don't trigger (CR 509.3a-b),
        while the attacker's "becomes blocked" abilities do, if it was unblocked (509.3c-d; 2008:
        309.4). Requirements and restrictions of declaring blockers don't apply (509.4b). If the
        attacker is no longer attacking, or doesn't attack this player, or the card isn't a
        creature, it enters but never blocks (CR 509.4a, 506.3a, 506.3d; 2008: 306.3a, 306.1c)."""
        entered = self._put_from_hand(player, card_name)
        attacker = self._affected(attacker_id)
        if (
            entered is None
            or attacker is None
            or not (self.in_combat and attacker.attacking and player == self.defending_player())
            or not entered.may_attack_or_block
        ):
            return
        entered.blocking = attacker.id
        pair = f"{entered.id}>{attacker.id}"
        self.emit(EventKind.BLOCKERS_DECLARED, player, pair, amount=0, entered="blocking", reason=reason)
        if not attacker.blocked:
            attacker.blocked = True
            self._trigger_watchers(attacker, WatchedEvent.BECOMES_BLOCKED)
        self._trigger_watchers(attacker, WatchedEvent.BECOMES_BLOCKED_BY_A_CREATURE)

    def _set_scheme_in_motion(self) -> None:
        """CR 505.3, 703.4e: in an Archenemy game (CR 904) the archenemy's precombat main phase
        begins with her setting the top card of her scheme deck in motion (CR 701.32): it is turned
        face up in the command zone, a turn-based action without the stack, and its "when you set
        this scheme in motion" ability triggers. Only the archenemy has a scheme deck. (Schemes
        stay face up: their return to the bottom of the deck is not modelled.)"""
        player = self.players[self.active]
        if not player.scheme_deck:
            return
        scheme = player.scheme_deck.pop(0)
        player.command.append(scheme)
        self.emit(EventKind.SCHEME_SET_IN_MOTION, self.active, scheme.id)
        for ability in scheme.definition.abilities:
            if isinstance(ability, SetInMotion):
                self.pending_triggers.append(PendingTrigger(self.active, ability, scheme.id))

    def _put_lore_counters(self) -> None:
        """CR 505.4, 703.4f: each Saga the active player controls with one or more chapter abilities
        gets a lore counter, a turn-based action without the stack. A chapter ability triggers when
        the counters reach its chapter number (CR 714.2); it goes on the stack before priority."""
        for p in self._controlled(self.active):
            if not (p.is_a("Saga") and p.definition.has(Chapter)):
                continue
            before = p.counters.get("lore", 0)
            p.add_counters("lore", 1)
            self.emit(EventKind.COUNTERS_ADDED, p.controller, p.id, amount=1, counter="lore", reason="lore counter")
            for ability in p.definition.abilities:
                if isinstance(ability, Chapter) and before < ability.chapter <= before + 1:
                    self.pending_triggers.append(PendingTrigger(p.controller, ability, p.id))

    def _roll_to_visit(self) -> None:
        """CR 505.5, 703.4g: right after the lore counters, if the active player controls an
        Attraction she rolls to visit her Attractions (CR 701.52), a turn-based action without the
        stack: she rolls a six-sided die, and the visit ability of each of her Attractions with that
        number lit triggers."""
        attractions = [p for p in self._controlled(self.active) if p.is_a("Attraction")]
        if not attractions:
            return
        result = self.rng.randint(1, 6)
        self.emit(EventKind.DIE_ROLLED, self.active, amount=result, reason="roll to visit")
        for p in attractions:
            for ability in p.definition.abilities:
                if isinstance(ability, Visit) and result in ability.lit:
                    self.pending_triggers.append(PendingTrigger(p.controller, ability, p.id))

    def _trigger_beginning_of(self, name: str) -> None:
        self.pending_triggers.extend(self._collect_beginning_of(name))

    def _check_state_triggers(self) -> None:
        """State triggers whose game state holds trigger (CR 603.8; 2008: 410.10), unless they
        already have and haven't left the stack yet: on the stack, or waiting to be put there."""
        waiting = self.pending_triggers + [i.trigger for i in self.stack if i.trigger is not None]
        for p in self.in_play():
            for a in p.definition.abilities:
                if (
                    isinstance(a, When)
                    and self._state_holds(p, a)
                    and not any(t.ability is a and t.source == p.id for t in waiting)
                ):
                    self.pending_triggers.append(PendingTrigger(p.controller, a, p.id))

    def _state_holds(self, p: Permanent, ability: When) -> bool:
        if ability.state is WatchedState.NO_OTHER_CREATURES:
            return not any(o is not p and o.is_type(CardType.CREATURE) for o in self._controlled(p.controller))
        return self.players[p.controller].life <= ability.life

    def _in_chosen_order(
        self, player: str, triggers: list[PendingTrigger]
    ) -> Generator[Decision, Any, list[PendingTrigger]]:
        """A player orders their own simultaneous abilities as they wish (CR 603.3b; Mirage p. 42);
        the answer is the order they resolve in. Identical abilities are interchangeable."""
        names = [t.ability.name for t in triggers]
        if len(set(names)) < 2:
            return triggers
        order = yield from self._ask(Decision(DecisionKind.ORDER_TRIGGERS, player, options=tuple(names)))
        remaining = list(triggers)
        ordered = []
        for name in order:
            trigger = next(t for t in remaining if t.ability.name == name)
            remaining.remove(trigger)
            ordered.append(trigger)
        return ordered

    def _put_triggers_on_stack(self) -> Procedure:
        """APNAP (CR 603.3b): the active player's abilities go on the stack first, in the order
        they choose, then the next player's, so the last player's resolve first."""
        pending, self.pending_triggers = self.pending_triggers, []
        for player in self.apnap():
            ordered = yield from self._in_chosen_order(player, [t for t in pending if t.controller == player])
            for trigger in reversed(ordered):  # the first to resolve goes on top
                self.emit(EventKind.TRIGGERED, player, trigger.ability.name)
                self.stack.append(
                    StackItem(
                        self.new_id("trigger"),
                        player,
                        trigger.ability.name,
                        "trigger",
                        resolution=Resolution(player, trigger.source, trigger.ability.targets, trigger.ability.name),
                        outcome=trigger.ability.outcome,
                        trigger=trigger,
                    )
                )

    def _resolve_trigger(self, trigger: PendingTrigger) -> Procedure:
        ability = trigger.ability
        self.emit(EventKind.TRIGGERED, trigger.controller, ability.name)
        r = Resolution(trigger.controller, trigger.source, ability.targets, ability.name)
        ability.outcome.apply(self, r)
        self.emit(EventKind.RESOLVED, trigger.controller, ability.name)
        yield from self._answer_questions()
        self._state_based_actions()

    def _resolve_directly(self, triggers: list[PendingTrigger]) -> Procedure:
        """Mirage: the active player's effects are processed first, then the opponent's."""
        order = self.apnap()
        if not self.edition.active_player_effects_resolve_first:
            order.reverse()
        for player in order:
            ordered = yield from self._in_chosen_order(player, [t for t in triggers if t.controller == player])
            for trigger in ordered:
                yield from self._resolve_trigger(trigger)

    def _mirage_end_of_turn_effects(self) -> Procedure:
        """Mirage cleanup: the active player's "at end of turn" effects, then the opponent's.

        A new effect for a player whose effects are being processed joins them; one for a player
        whose effects are already done is ignored (WotC Rules Team 10/03/96).
        """
        self._end_of_turn_queue = {p: [] for p in self.players}
        for trigger in self._collect_beginning_of("end"):
            self._queue_end_of_turn(trigger)
        for player in self.apnap():
            queue = self._end_of_turn_queue[player]
            while queue:
                yield from self._resolve_trigger(queue.pop(0))
            self._end_of_turn_closed.add(player)
        self._end_of_turn_queue = None

    def _queue_end_of_turn(self, trigger: PendingTrigger) -> None:
        assert self._end_of_turn_queue is not None
        if trigger.controller in self._end_of_turn_closed:
            self.emit(EventKind.TRIGGER_IGNORED, trigger.controller, trigger.ability.name)
            return
        self._end_of_turn_queue[trigger.controller].append(trigger)
