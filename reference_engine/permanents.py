"""What happens to permanents: tapping, control, damage, dying, effects that last a while."""

from __future__ import annotations

from reference_engine.abilities import (
    UNTIL_END_OF_TURN,
    Duration,
    WatchedEvent,
    Whenever,
)
from reference_engine.cards import Card, CardType, Permanent
from reference_engine.events import EventKind
from reference_engine.state import GameState, PendingTrigger, PumpEffect


class Permanents(GameState):
    def tap(self, permanent_id: str, reason: str) -> None:
        p = self._affected(permanent_id)
        if p is not None and not p.tapped:
            p.tapped = True
            self.emit(EventKind.TAPPED, p.controller, p.id, reason=reason)

    def untap(self, permanent_id: str, reason: str) -> None:
        p = self.find_permanent(permanent_id)
        if p is not None and p.tapped:
            p.tapped = False
            self.emit(EventKind.UNTAPPED, p.controller, p.id, amount=1, reason=reason)

    def gain_control(self, player: str, permanent_id: str, reason: str) -> None:
        p = self._affected(permanent_id)
        if p is None or p.controller == player:
            return
        self._leave_combat(p)
        p.controller = player
        p.summoning_sick = True
        self.emit(EventKind.CONTROL_CHANGED, player, p.id, reason=reason)

    def _trigger_watchers(self, p: Permanent, event: WatchedEvent, power: int = 0) -> None:
        """A permanent's "whenever" abilities watching for this event trigger: combat events (CR 508.3,
        509.3, 510.3a) or becoming unattached; ``power``: that of the creature the event is about,
        for abilities that ask for some."""
        for ability in p.definition.abilities:
            if isinstance(ability, Whenever) and ability.event is event:
                if ability.attacked is not None and ability.attacked != self.defending_player():
                    continue
                if power < ability.min_power:
                    continue
                self.pending_triggers.append(PendingTrigger(p.controller, ability, p.id))

    def _end_summoning_sickness(self) -> None:
        for p in self.battlefield:
            if p.controller == self.active and p.summoning_sick:
                p.summoning_sick = False
                self.emit(EventKind.SUMMONING_SICKNESS_ENDED, p.controller, p.id)

    def put_onto_battlefield_attacking(
        self, player: str, card_name: str, reason: str, attacked: str | None = None
    ) -> None:
        """A card from hand enters tapped and attacking (CR 508.4; 2008: 308.4): attacking the
        defending player, or the planeswalker the effect names, but it never "attacked", so its
        attack abilities don't trigger. A noncreature, a creature of a player who isn't attacking,
        or one that would attack a planeswalker no longer there to be attacked, enters but never
        attacks (CR 506.3a-c, 508.4a); requirements and restrictions of declaring attackers don't
        apply (508.4c)."""
        entered = self._put_from_hand(player, card_name, tapped=True)
        target = self.defending_player() if attacked is None else attacked
        if (
            entered is not None
            and self.in_combat
            and player == self.active
            and entered.may_attack_or_block
            and self.attackable(target)
        ):
            entered.attacking = True
            entered.attacked = target
            self.emit(EventKind.ATTACKERS_DECLARED, player, entered.id, amount=0, entered="attacking", reason=reason)

    def attackable(self, target: str) -> bool:
        """Whether an attacking creature may attack it: the defending player or a planeswalker
        that player controls (CR 508.1b, 508.4a; reselected: 508.7c-d)."""
        if target in self.players:
            return target == self.defending_player()
        p = self.find_permanent(target)
        return (
            p is not None
            and not p.phased_out
            and p.is_type(CardType.PLANESWALKER)
            and p.controller == self.defending_player()
        )

    def reselect_attacked(self, attacker: str, target: str, reason: str) -> None:
        """Reselect what an attacking creature attacks (CR 508.7): it stays in combat, doesn't
        attack again (508.7a), and what restricts declaring attackers doesn't apply (508.7b); the
        new choice must be the defending player or a planeswalker they control (508.7c-d)."""
        p = self._affected(attacker)
        if p is not None and p.attacking and self.attackable(target):
            p.attacked = target
            self.emit(EventKind.ATTACK_RESELECTED, p.controller, p.id, attacked=target, reason=reason)

    def _put_from_hand(self, player: str, card_name: str, tapped: bool = False) -> Permanent | None:
        """The card of that name from the player's hand onto the battlefield, if it is there."""
        hand = self.players[player].hand
        card = next((c for c in hand if c.name == card_name), None)
        if card is None:
            return None
        hand.remove(card)
        self._enter_battlefield(card, player, tapped=tapped)
        return self.battlefield[-1]

    def _enter_battlefield(self, card: Card, controller: str, tapped: bool = False) -> None:
        self.battlefield.append(Permanent(card, controller, tapped=tapped, summoning_sick=True))
        self.emit(EventKind.ENTERED_BATTLEFIELD, controller, card.id, tapped="yes" if tapped else "no")

    def _remove_counters(self, p: Permanent, kind: str, amount: int, reason: str) -> None:
        amount = min(amount, p.counters.get(kind, 0))
        if amount:
            p.add_counters(kind, -amount)
            self.emit(EventKind.COUNTERS_REMOVED, p.controller, p.id, amount=amount, counter=kind, reason=reason)

    def add_regeneration_shield(self, permanent_id: str) -> None:
        p = self.find_permanent(permanent_id)
        if p is not None:
            p.regeneration_shields += 1

    def _regenerate(self, p: Permanent) -> None:
        p.regeneration_shields -= 1
        p.damage = 0
        p.tapped = True
        self._leave_combat(p)
        self.emit(EventKind.REGENERATED, p.controller, p.id)

    def sacrifice(self, permanent_id: str, reason: str) -> None:
        p = self._affected(permanent_id)
        if p is not None:
            self._move_to_graveyard(p)
            self.emit(EventKind.SACRIFICED, p.controller, p.id, reason=reason)

    def _put_into_graveyard(self, p: Permanent, reason: str) -> None:
        """It dies (CR 700.4): destroyed, or put there by a state-based action."""
        self._move_to_graveyard(p)
        self.emit(EventKind.DIED, p.controller, p.id, reason=reason)

    def _move_to_graveyard(self, p: Permanent) -> None:
        self._remove_from_battlefield(p)
        self.players[p.card.owner].graveyard.append(p.card)

    def _remove_from_battlefield(self, p: Permanent) -> None:
        self._leave_combat(p)
        self.battlefield.remove(p)
        self.pumps = [e for e in self.pumps if e.target != p.id]

    def _leave_combat(self, p: Permanent, reason: str = "") -> None:
        """Removed from combat (CR 506.4). A planeswalker being attacked is removed too: its
        attackers go on attacking, but attack nothing (CR 506.4c; 2008: 306.4c)."""
        for attacker in self.battlefield:
            if attacker.attacked == p.id:
                attacker.attacked = None
        if not (p.attacking or p.blocking):
            return
        p.attacking = False
        p.attacked = None
        p.blocking = None
        p.blocked = False
        if self.in_combat or reason:
            self.emit(EventKind.REMOVED_FROM_COMBAT, p.controller, p.id, reason=reason)

    def _affected(self, permanent_id: str) -> Permanent | None:
        """The permanent an effect changes, if it is there: a phased-out permanent is treated as
        though it doesn't exist, even by an effect that names it (CR 702.26b, 702.26e; 2008: 217.8c)."""
        p = self.find_permanent(permanent_id)
        return p if p is not None and not p.phased_out else None

    def add_pump(self, target: str, power: int, toughness: int, duration: Duration, name: str) -> None:
        if self._affected(target) is None:
            return
        self.pumps.append(PumpEffect(target, power, toughness, duration, name))
        self.emit(EventKind.EFFECT_STARTED, subject=target, effect=name, until=self._describe(duration))
        if self._cleanup_done and duration == UNTIL_END_OF_TURN:
            # Mirage p. 48: an "until end of turn" effect begun in cleanup starts and ends at once.
            self._expire_pumps([self.pumps[-1]])

    @staticmethod
    def _describe(duration: Duration) -> str:
        return f"{'end of ' if duration.at_end else ''}{duration.of}"

    def _expire(self, name: str, at_end: bool) -> None:
        self._expire_pumps([e for e in self.pumps if e.duration == Duration(name, at_end)])

    def _expire_pumps(self, ending: list[PumpEffect]) -> None:
        for e in ending:
            self.pumps.remove(e)
            self.emit(EventKind.EFFECT_ENDED, subject=e.target, effect=e.name)

    def _end_of_turn_cleanup(self) -> None:
        """Damage wears off and "until end of turn" effects end, simultaneously (CR 514.2)."""
        for p in self.battlefield:
            if p.damage:
                self.emit(EventKind.DAMAGE_REMOVED, p.controller, p.id, amount=p.damage)
                p.damage = 0
        self._expire("turn", at_end=True)
        for p in self.battlefield:
            p.regeneration_shields = 0
