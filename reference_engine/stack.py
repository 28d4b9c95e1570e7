"""Priority and the stack: players act in turn, spells and abilities resolve."""

from __future__ import annotations

from reference_engine.abilities import (
    Activated,
    Resolution,
    SpellEffect,
)
from reference_engine.cards import Card, Permanent
from reference_engine.events import EventKind
from reference_engine.state import (
    ActivateAction,
    AttackAction,
    CastAction,
    Decision,
    DecisionKind,
    ManaAbilityAction,
    PassAction,
    PlayLandAction,
    Procedure,
    StackItem,
)
from reference_engine.turn import Priority
from reference_engine.untap import Untap


class Stack(Untap):
    def _priority_window(self, priority: Priority) -> Procedure:
        """Players act in turn order until all pass in succession with the stack empty."""
        player = self.active
        passes = 0
        while True:
            yield from self._before_priority()
            action = yield Decision(
                DecisionKind.PRIORITY, player, mana_only=priority is Priority.MANA_ONLY, mana_abilities=True
            )
            if isinstance(action, PassAction):
                self.emit(EventKind.PRIORITY_PASSED, player)
                passes += 1
                if passes < len(self.alive()):
                    player = self.next_player(player)
                    continue
                if not self.stack:
                    return
                yield from self._resolve_top()
                if self.ending is not None:
                    self._state_based_actions()  # CR 723.1c: checked, but nobody gets priority
                    return
                player, passes = self.active, 0
            else:
                yield from self._perform(action)
                passes = 0

    def _before_priority(self) -> Procedure:
        """CR 117.5: state-based actions, then triggered abilities, until neither happens."""
        while True:
            self._state_based_actions()
            self._check_state_triggers()
            if not self.pending_triggers:
                return
            yield from self._put_triggers_on_stack()

    def _resolve_top(self) -> Procedure:
        item = self.stack.pop()
        if item.kind == "untap":
            declined, chosen = item.outcome
            self._resolve_untap(declined, chosen)
        elif item.kind == "combat_damage":
            self._deal_combat_damage(item.outcome)
        elif item.card is not None:
            yield from self._resolve_spell(item)
        else:
            assert item.resolution is not None
            item.outcome.apply(self, item.resolution)
            yield from self._answer_questions()
        self.emit(EventKind.RESOLVED, item.controller, item.name)

    def _resolve_spell(self, item: StackItem) -> Procedure:
        card = item.card
        assert card is not None and item.resolution is not None
        definition = card.definition
        if definition.is_permanent:
            self._enter_battlefield(card, item.controller)
            return
        for ability in definition.abilities:
            if isinstance(ability, SpellEffect):
                ability.outcome.apply(self, item.resolution)
                yield from self._answer_questions()
        zone = self.players[card.owner].exile if self.ending is not None else self.players[card.owner].graveyard
        zone.append(card)  # CR 723.1b: ending the turn exiles even the object that's resolving

    def _perform(self, action: object) -> Procedure:
        if isinstance(action, ManaAbilityAction):
            self._add_mana(action.permanent)
            yield from self._untap_decision_forced_by(action.permanent)
        elif isinstance(action, PlayLandAction):
            state = self.players[action.card.owner]
            state.hand.remove(action.card)
            state.lands_played += 1
            self.emit(EventKind.LAND_PLAYED, action.card.owner, action.card.id)
            self._enter_battlefield(action.card, action.card.owner)
        elif isinstance(action, CastAction):
            self._cast(action.card, action.targets)
        elif isinstance(action, ActivateAction):
            self._activate(action.permanent, action.ability)
        elif isinstance(action, AttackAction):
            yield from self._mirage_attack(action)

    def _cast(self, card: Card, targets: tuple[str, ...]) -> None:
        state = self.players[card.owner]
        state.hand.remove(card)
        if card.definition.cost is not None:  # a card with no mana cost is never cast (see Game.cast)
            state.pool.pay(card.definition.cost)
        state.spells_cast += 1
        self.stack.append(
            StackItem(
                self.new_id("spell"),
                card.owner,
                card.name,
                "spell",
                card=card,
                resolution=Resolution(card.owner, card.id, targets, card.name),
            )
        )
        self.emit(EventKind.SPELL_CAST, card.owner, card.id, targets=",".join(targets))

    def _activate(self, permanent: Permanent, ability: Activated) -> None:
        self.players[permanent.controller].pool.pay(ability.cost)
        targets = (permanent.id,) if ability.targets_self else ()
        self.stack.append(
            StackItem(
                self.new_id("ability"),
                permanent.controller,
                permanent.name,
                "ability",
                resolution=Resolution(permanent.controller, permanent.id, targets, permanent.name),
                outcome=ability.outcome,
            )
        )
        self.emit(EventKind.ABILITY_ACTIVATED, permanent.controller, permanent.id)
