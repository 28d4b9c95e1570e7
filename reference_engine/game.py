"""The game: the actions players take, checked against the rules before they are played.

The turn procedure (:mod:`reference_engine.procedure`) is a generator that runs the game
until a player must decide something, then yields a :class:`Decision`. Each action here
checks that it is legal for the pending decision and only then sends it into the procedure,
so the procedure reads in the order of the rules and never sees an illegal action.
The layers below, each a module with one job, are: state, permanents, players,
state-based actions, turn changes, triggers, combat, untap, stack, procedure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from reference_engine.abilities import (
    Activated,
    CastOnly,
    Keyword,
    SpellEffect,
)
from reference_engine.cards import Card, CardType, Permanent
from reference_engine.errors import IllegalAction, Refusal
from reference_engine.procedure import TurnProcedure
from reference_engine.state import (
    ActivateAction,
    AttackAction,
    CastAction,
    Decision,
    DecisionKind,
    ManaAbilityAction,
    PassAction,
    PlayLandAction,
)
from reference_engine.turn import MAIN_PHASES, Phase


class Game(TurnProcedure):
    """One game of Magic, reduced to what the turn structure needs."""

    def _expect(self, kind: DecisionKind, player: str) -> Decision:
        if self.over:
            raise IllegalAction("the game is over", Refusal.GAME_OVER)
        d = self.decision
        if d is None or d.kind is not kind or d.player != player:
            waiting = f"{d.player} to decide {d.kind}" if d else "nothing"
            raise IllegalAction(
                f"{player} can't do that now: the game is waiting for {waiting}", Refusal.NOT_YOUR_PRIORITY
            )
        return d

    def pass_priority(self, player: str) -> None:
        self._expect(DecisionKind.PRIORITY, player)
        mirage_main = self.segment is not None and self.segment.phase is Phase.MAIN
        may_attack = self.attacks_this_turn < self.attacks_allowed
        if mirage_main and player == self.active and not self.stack and may_attack:
            # Mirage p. 48: a creature that must attack obliges its controller to declare an attack.
            self._check_attack(())
        self._send(PassAction())

    def _hand_card(self, player: str, card_id: str) -> Card:
        for card in self.players[player].hand:
            if card.id == card_id:
                return card
        raise IllegalAction(f"{player} has no card {card_id!r} in hand", Refusal.NO_SUCH_OBJECT)

    def _can_act_at_sorcery_speed(self, player: str, what: str) -> None:
        assert self.segment is not None
        if player != self.active or self.segment.phase not in MAIN_PHASES or self.stack:
            raise IllegalAction(f"{player} may {what} only in their own main phase with an empty stack", Refusal.TIMING)

    def play_land(self, player: str, card_id: str) -> None:
        decision = self._expect(DecisionKind.PRIORITY, player)
        card = self._hand_card(player, card_id)
        if CardType.LAND not in card.definition.types:
            raise IllegalAction(f"{card.name} is not a land", Refusal.NO_SUCH_OBJECT)
        if decision.mana_only:
            raise IllegalAction("only mana sources may be used now", Refusal.TIMING)
        self._can_act_at_sorcery_speed(player, "play a land")
        allowed = 1 + sum(1 for p in self._controlled(player) if self.has_keyword(p, Keyword.ADDITIONAL_LAND))
        if self.players[player].lands_played >= allowed:
            raise IllegalAction(f"{player} has already played {allowed} land(s) this turn", Refusal.LIMIT_REACHED)
        self._send(PlayLandAction(card))

    def cast(self, player: str, card_id: str, targets: Sequence[str] = ()) -> None:
        decision = self._expect(DecisionKind.PRIORITY, player)
        card = self._hand_card(player, card_id)
        definition = card.definition
        if CardType.LAND in definition.types:
            raise IllegalAction("a land is played, not cast", Refusal.NO_SUCH_OBJECT)
        if decision.mana_only:
            raise IllegalAction("only mana sources may be used now", Refusal.TIMING)
        if CardType.INSTANT not in definition.types:
            self._can_act_at_sorcery_speed(player, f"cast {card.name}")
        for only in (a for a in definition.abilities if isinstance(a, CastOnly)):
            if not self.combat.allows(only.when, self.in_combat):
                raise IllegalAction(f"{card.name} may be cast only {only.when.replace('_', ' ')}", Refusal.TIMING)
        effect = next((a for a in definition.abilities if isinstance(a, SpellEffect)), None)
        wanted = effect.targets if effect else 0
        if len(targets) != wanted:
            raise IllegalAction(f"{card.name} needs {wanted} target(s)", Refusal.ILLEGAL_TARGET)
        for t in targets:
            if t not in self.players and (self.find_permanent(t) is None or self.permanent(t).phased_out):
                raise IllegalAction(f"{t!r} is not a legal target", Refusal.ILLEGAL_TARGET)
        if definition.cost is None:
            raise IllegalAction(
                f"{card.name} has no mana cost, an unpayable cost: it can't be cast (CR 118.6)", Refusal.COST_UNPAID
            )
        if not self.players[player].pool.can_pay(definition.cost):
            raise IllegalAction(f"{player} can't pay for {card.name}", Refusal.COST_UNPAID)
        self._send(CastAction(card, tuple(targets)))

    def _own_permanent(self, player: str, permanent_id: str) -> Permanent:
        p = self.permanent(permanent_id)
        if p.controller != player or p.phased_out:
            raise IllegalAction(f"{player} doesn't control {permanent_id}", Refusal.NO_SUCH_OBJECT)
        return p

    def activate_mana_ability(self, player: str, permanent_id: str) -> None:
        d = self.decision
        if self.over or d is None or d.player != player or not d.mana_abilities:
            waiting = f"{d.player} to decide {d.kind}" if d else "nothing"
            raise IllegalAction(
                f"{player} can't use a mana ability now: the game is waiting for {waiting}", Refusal.NOT_YOUR_PRIORITY
            )
        p = self._own_permanent(player, permanent_id)
        if p.definition.produces is None:
            raise IllegalAction(f"{p.name} has no mana ability", Refusal.NO_SUCH_OBJECT)
        if p.tapped:
            raise IllegalAction(f"{p.name} is tapped", Refusal.NO_SUCH_OBJECT)
        self._send(ManaAbilityAction(p))

    def activate_ability(self, player: str, permanent_id: str) -> None:
        decision = self._expect(DecisionKind.PRIORITY, player)
        p = self._own_permanent(player, permanent_id)
        ability = next((a for a in p.definition.abilities if isinstance(a, Activated)), None)
        if ability is None:
            raise IllegalAction(f"{p.name} has no activated ability", Refusal.NO_SUCH_OBJECT)
        if decision.mana_only:
            raise IllegalAction("only mana sources may be used now", Refusal.TIMING)
        if ability.only_during is not None:
            assert self.segment is not None
            if player != self.active or self.segment.name != ability.only_during:
                raise IllegalAction(
                    f"{p.name} may be activated only during its controller's {ability.only_during}", Refusal.TIMING
                )
        if ability.only_when is not None and not self.combat.allows(ability.only_when, self.in_combat):
            raise IllegalAction(
                f"{p.name}'s ability may be activated only {ability.only_when.replace('_', ' ')}", Refusal.TIMING
            )
        if not self.players[player].pool.can_pay(ability.cost):
            raise IllegalAction(f"{player} can't pay for {p.name}'s ability", Refusal.COST_UNPAID)
        self._send(ActivateAction(p, ability))

    def declare_attackers(
        self,
        player: str,
        attackers: Sequence[str],
        optional_costs: Sequence[str] = (),
        attacked: Mapping[str, str] | None = None,
    ) -> None:
        """Declare attackers, paying the optional costs to attack of those in ``optional_costs`` (CR 508.1g);
        ``attacked`` maps attackers that attack a planeswalker to it (CR 508.1b)."""
        chosen = [self.permanent(a) for a in attackers]
        paying = tuple(self.permanent(a) for a in optional_costs)
        targets = dict(attacked or {})
        self._check_attacked(chosen, targets)
        if self.edition.attacks_from_main_phase:
            decision = self._expect(DecisionKind.PRIORITY, player)
            if decision.mana_only:
                raise IllegalAction("only mana sources may be used now", Refusal.TIMING)
            self._can_act_at_sorcery_speed(player, "declare an attack")
            if self.attacks_this_turn >= self.attacks_allowed:
                raise IllegalAction(f"{player} has already attacked this turn", Refusal.LIMIT_REACHED)
            if not chosen:
                raise IllegalAction("an attack needs at least one creature", Refusal.COMBAT_RESTRICTION)
            self._check_attack(chosen, paying, targets)
            self._send(AttackAction(tuple(chosen), paying, targets))
            return
        self._expect(DecisionKind.DECLARE_ATTACKERS, player)
        self._check_attack(chosen, paying, targets)
        self._send(AttackAction(tuple(chosen), paying, targets))

    def declare_blockers(self, player: str, blocks: Sequence[tuple[str, str]]) -> None:
        decision = self._expect(DecisionKind.DECLARE_BLOCKERS, player)
        used = set()
        for blocker, attacker in blocks:
            if blocker not in decision.options or blocker in used:
                raise IllegalAction(f"{blocker} can't block", Refusal.COMBAT_RESTRICTION)
            if not self.permanent(attacker).attacking:
                raise IllegalAction(f"{attacker} is not attacking", Refusal.ILLEGAL_TARGET)
            used.add(blocker)
        blockers = [self.permanent(b) for b in used]
        for p in self._alone_restricted(blockers):
            raise IllegalAction(f"{p.id} can't block alone", Refusal.COMBAT_RESTRICTION)
        if not self.players[player].pool.can_pay(cost := self.block_cost(blockers)):
            raise IllegalAction(
                f"blocking with these creatures costs {cost}, which {player} can't pay", Refusal.COST_UNPAID
            )
        # Requirements (CR 509.1c): every creature able to block a "must be blocked" attacker does.
        lures = {p.id for p in self.in_play() if p.attacking and self.has_keyword(p, Keyword.MUST_BE_BLOCKED)}
        if lures:
            blocking_a_lure = {b for b, a in blocks if a in lures}
            shirking = [b for b in decision.options if b not in blocking_a_lure]
            if shirking:
                names = ", ".join(sorted(lures))
                raise IllegalAction(
                    f"{', '.join(shirking)} must block {names}, as all creatures able to do so",
                    Refusal.COMBAT_RESTRICTION,
                )
        self._send(list(blocks))

    def choose_untap(self, player: str, permanents: Sequence[str]) -> None:
        decision = self._expect(DecisionKind.UNTAP, player)
        chosen = set(permanents)
        if not chosen <= set(decision.options):
            raise IllegalAction(f"{player} may choose only among {', '.join(decision.options)}", Refusal.INVALID_CHOICE)
        lands = [i for i in chosen if self.permanent(i).is_type(CardType.LAND)]
        if self._land_limit() is not None and len(lands) > decision.count:
            raise IllegalAction(f"{player} may untap no more than {decision.count} land(s)", Refusal.LIMIT_REACHED)
        self._send(sorted(chosen))

    def choose_discard(self, player: str, cards: Sequence[str]) -> None:
        decision = self._expect(DecisionKind.DISCARD, player)
        if len(set(cards)) != decision.count or not set(cards) <= set(decision.options):
            raise IllegalAction(
                f"{player} must discard exactly {decision.count} card(s) from hand", Refusal.INVALID_CHOICE
            )
        self._send(list(cards))

    def choose_play_first(self, player: str, play_first: bool) -> None:
        self._expect(DecisionKind.PLAY_OR_DRAW, player)
        self._send(play_first)

    def choose_skip_turn(self, player: str, skip: bool) -> None:
        self._expect(DecisionKind.SKIP_TURN, player)
        self._send(skip)

    def order_triggers(self, player: str, order: Sequence[str]) -> None:
        """Choose the order in which one's simultaneous abilities resolve, by their names."""
        decision = self._expect(DecisionKind.ORDER_TRIGGERS, player)
        if sorted(order) != sorted(decision.options):
            raise IllegalAction(
                f"{player} must order exactly these abilities: {', '.join(decision.options)}", Refusal.INVALID_CHOICE
            )
        self._send(list(order))

    def choose_defender(self, player: str, defender: str) -> None:
        decision = self._expect(DecisionKind.CHOOSE_DEFENDER, player)
        if defender not in decision.options:
            raise IllegalAction(
                f"{player} may choose only an opponent in the game: {', '.join(decision.options)}",
                Refusal.INVALID_CHOICE,
            )
        self._send(defender)

    def pay_upkeep(self, player: str, pay: bool) -> None:
        self._expect(DecisionKind.UPKEEP_PAYMENT, player)
        self._send(pay)
