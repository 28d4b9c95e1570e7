"""What happens to players: drawing, life, losing, mana pools, discarding, questions."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from reference_engine.abilities import (
    Resolution,
)
from reference_engine.cards import CardType, Permanent
from reference_engine.events import EventKind
from reference_engine.mana import ManaCost
from reference_engine.permanents import Permanents
from reference_engine.state import Decision, DecisionKind, GameOver, ManaAbilityAction, Procedure


class Players(Permanents):
    def draw(self, player: str, reason: str) -> None:
        state = self.players[player]
        if not state.library:
            state.drew_from_empty_library = True
            self.emit(EventKind.DRAW_FROM_EMPTY_LIBRARY, player, reason=reason)
            if self.edition.empty_library_loses_at_once:
                self.lose(player, "drew from an empty library")
            return
        card = state.library.pop(0)
        state.hand.append(card)
        self.emit(EventKind.CARD_DRAWN, player, card.id, reason=reason)

    def deal_damage(self, target: str, amount: int, source: str) -> None:
        if target in self.players:
            self.emit(EventKind.DAMAGE_DEALT, target, target, amount=amount, source=source)
            self.change_life(target, -amount, source)
            return
        p = self.find_permanent(target)
        if p is None or p.phased_out:
            return
        self.emit(EventKind.DAMAGE_DEALT, p.controller, p.id, amount=amount, source=source)
        if p.is_type(CardType.PLANESWALKER):  # damage to a planeswalker removes loyalty (CR 120.3c)
            self._remove_counters(p, "loyalty", amount, source)
            if not p.is_type(CardType.CREATURE):
                return
        p.damage += amount
        if self._cleanup_done and not self._creature_must_die(p):
            # Fifth Edition p. 54: damage dealt in cleanup that doesn't kill is removed at once.
            p.damage = 0
            self.emit(EventKind.DAMAGE_REMOVED, p.controller, p.id, amount=amount)

    def change_life(self, player: str, amount: int, reason: str) -> None:
        if amount == 0:
            return
        self.players[player].life += amount
        self.emit(EventKind.LIFE_CHANGED, player, amount=amount, reason=reason)

    def add_poison(self, player: str, amount: int, reason: str) -> None:
        self.players[player].poison += amount
        self.emit(EventKind.COUNTERS_ADDED, player, player, amount=amount, counter="poison", reason=reason)

    def lose(self, player: str, reason: str) -> None:
        self._lose({player: reason})

    def _lose(self, losers: dict[str, str]) -> None:
        """Players who lose at the same time lose together; if none is left, the game is a draw."""
        for player, reason in losers.items():
            if not self.players[player].lost:
                self.players[player].lost = True
                self.emit(EventKind.PLAYER_LOST, player, reason=reason)
        alive = self.alive()
        if len(alive) <= 1:
            self.over = True
            self.winner = alive[0] if alive else None
            self.emit(EventKind.GAME_OVER, self.winner)
            raise GameOver
        for player in losers:
            self._leave_the_game(player)

    def _leave_the_game(self, player: str) -> None:
        """CR 800.4a: a player who leaves a game that goes on takes the permanents she owns with
        her, phased-out ones too (CR 702.26k); nothing dies, so nothing triggers on it."""
        for p in [p for p in self.battlefield if p.card.owner == player]:
            self._remove_from_battlefield(p)

    def _add_mana(self, p: Permanent) -> None:
        p.tapped = True
        assert p.definition.produces is not None
        self.players[p.controller].pool.add(p.definition.produces)
        self.emit(EventKind.MANA_ADDED, p.controller, p.id, amount=1, color=str(p.definition.produces))

    def _empty_pools(self) -> None:
        for name in self.apnap():
            state = self.players[name]
            lost = state.pool.empty()
            if not lost:
                continue
            self.emit(EventKind.MANA_EMPTIED, name, amount=lost)
            if self.edition.mana_burn:
                self.emit(EventKind.MANA_BURNED, name, amount=lost)
                self.change_life(name, -lost, "mana burn")

    def _discard_to_hand_size(self) -> Procedure:
        maximum = self.maximum_hand_size(self.active)
        hand = self.players[self.active].hand
        if maximum is None or len(hand) <= maximum:
            return
        count = len(hand) - maximum
        chosen = yield Decision(DecisionKind.DISCARD, self.active, tuple(c.id for c in hand), count=count)
        for card in [c for c in hand if c.id in set(chosen)]:
            hand.remove(card)
            self.players[card.owner].graveyard.append(card)
            self.emit(EventKind.DISCARDED, self.active, card.id)

    def _ask(self, decision: Decision) -> Generator[Decision, Any, Any]:
        """Ask for a decision; mana abilities used meanwhile (if it allows them) are performed."""
        answer = yield decision
        while isinstance(answer, ManaAbilityAction):
            self._add_mana(answer.permanent)
            answer = yield decision
        return answer

    def _answer_questions(self) -> Procedure:
        while self._questions:
            r, cost = self._questions.pop(0)
            pay = yield from self._ask(
                Decision(DecisionKind.UPKEEP_PAYMENT, r.controller, options=("pay", "decline"), mana_abilities=True)
            )
            pool = self.players[r.controller].pool
            if pay and pool.can_pay(cost):
                pool.pay(cost)
                self.emit(EventKind.RESOLVED, r.controller, r.name, paid="yes")
            elif r.source is not None:
                self.sacrifice(r.source, r.name)

    def ask_upkeep_payment(self, r: Resolution, cost: ManaCost) -> None:
        self._questions.append((r, cost))
