"""Attacks, blocks and combat damage; in Mirage, the attack declared from the main phase."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from reference_engine.abilities import (
    AttackTax,
    BlockTax,
    Keyword,
    OptionalAttackCost,
    Resolution,
    WatchedEvent,
)
from reference_engine.cards import CardType, Permanent
from reference_engine.errors import IllegalAction, Refusal
from reference_engine.events import EventKind
from reference_engine.mana import ManaCost
from reference_engine.state import AttackAction, Decision, DecisionKind, Procedure, StackItem
from reference_engine.triggers import Triggers
from reference_engine.turn import Step


class Combat(Triggers):
    def can_attack(self, p: Permanent) -> bool:
        return (
            p.controller == self.active
            and not p.phased_out
            and p.is_type(CardType.CREATURE)
            and not p.tapped
            and (not p.summoning_sick or self.has_keyword(p, Keyword.HASTE))
        )

    def attack_cost(
        self,
        attackers: Sequence[Permanent],
        optional: Sequence[Permanent] = (),
        attacked: Mapping[str, str] | None = None,
    ) -> ManaCost:
        """What attacking with these creatures costs (Propaganda, for each creature attacking its
        controller rather than a planeswalker, listed in ``attacked``; CR 508.1h, 2008: 308.2d),
        with the optional costs to attack chosen for some of them (CR 508.1g)."""
        total = ManaCost()
        attacking_the_player = [p for p in attackers if p.id not in (attacked or {})]
        for p in self._controlled(self.defending_player()):
            for ability in p.definition.abilities:
                if isinstance(ability, AttackTax):
                    for _ in attacking_the_player:
                        total = total + ability.cost
        for p in optional:
            for option in self._optional_attack_costs(p):
                total = total + option.cost
        return total

    @staticmethod
    def _optional_attack_costs(p: Permanent) -> list[OptionalAttackCost]:
        return [a for a in p.definition.abilities if isinstance(a, OptionalAttackCost)]

    def block_cost(self, blockers: Sequence[Permanent]) -> ManaCost:
        """What blocking with these creatures costs (War Cadence; CR 509.1d, 2008: 309.2b)."""
        total = ManaCost()
        for p in self.in_play():
            for ability in p.definition.abilities:
                if isinstance(ability, BlockTax):
                    for _ in blockers:
                        total = total + ability.cost
        return total

    def _alone_restricted(self, creatures: Sequence[Permanent]) -> list[Permanent]:
        """Creatures that "can't attack or block alone" but would (CR 508.1c, 509.1b; 506.5)."""
        if len(creatures) != 1:
            return []
        return [p for p in creatures if self.has_keyword(p, Keyword.CANT_ATTACK_OR_BLOCK_ALONE)]

    def _check_attack(
        self,
        attackers: Iterable[Permanent],
        optional: Sequence[Permanent] = (),
        attacked: Mapping[str, str] | None = None,
    ) -> None:
        chosen = list(attackers)
        for p in chosen:
            if not self.can_attack(p):
                raise IllegalAction(f"{p.id} can't attack", Refusal.COMBAT_RESTRICTION)
        for p in self._alone_restricted(chosen):
            raise IllegalAction(f"{p.id} can't attack alone", Refusal.COMBAT_RESTRICTION)
        for p in optional:
            if p not in chosen or not self._optional_attack_costs(p):
                raise IllegalAction(f"{p.id} has no optional cost to attack to pay", Refusal.NO_SUCH_OBJECT)
        if not self.players[self.active].pool.can_pay(cost := self.attack_cost(chosen, optional, attacked)):
            raise IllegalAction(
                f"attacking with these creatures costs {cost}, which {self.active} can't pay", Refusal.COST_UNPAID
            )
        must = [
            p for p in self._controlled(self.active) if self.has_keyword(p, Keyword.MUST_ATTACK) and self.can_attack(p)
        ]
        missing = [p.id for p in must if p not in chosen]
        if missing:
            raise IllegalAction(f"{', '.join(missing)} must attack if able", Refusal.COMBAT_RESTRICTION)

    def _check_attacked(self, attackers: Sequence[Permanent], attacked: Mapping[str, str]) -> None:
        """An attacker may attack a planeswalker the defending player controls (CR 508.1b)."""
        for attacker, planeswalker in attacked.items():
            if attacker not in {p.id for p in attackers}:
                raise IllegalAction(f"{attacker} is not among the attackers", Refusal.INVALID_CHOICE)
            if planeswalker in self.players or not self.attackable(planeswalker):
                raise IllegalAction(
                    f"{planeswalker} is not a planeswalker the defending player controls", Refusal.ILLEGAL_TARGET
                )

    def _choose_defender(self) -> Procedure:
        """CR 507.1 (703.4h, 506.2a): in a game of more than two players, the active player chooses
        which opponent is the defending player as the beginning of combat step begins."""
        self.defender = None
        opponents = tuple(p for p in self.apnap() if p != self.active)
        if len(opponents) < 2:
            return
        self.defender = yield Decision(DecisionKind.CHOOSE_DEFENDER, self.active, opponents)
        self.emit(EventKind.DEFENDER_CHOSEN, self.active, self.defender)

    def _declare_attackers(self) -> Procedure:
        options = tuple(p.id for p in self._controlled(self.active) if self.can_attack(p))
        decision = Decision(DecisionKind.DECLARE_ATTACKERS, self.active, options, mana_abilities=True)
        declared: AttackAction = yield from self._ask(decision)  # mana abilities may pay for attacking
        attackers = list(declared.attackers)
        self._attack_with(attackers, declared.optional_costs, declared.attacked)
        if not attackers:
            # CR 506.1 / 508.8: no attackers, so no declare blockers or combat damage step.
            self.combat.blockers_skipped = True
            phase = self.current_phase
            skipped = {Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE}
            for step in [s for s in phase.steps[phase.step_index + 1 :] if s in skipped]:
                self.emit(EventKind.STEP_SKIPPED, self.active, step, reason="no attackers")
            phase.steps = phase.steps[: phase.step_index + 1] + [
                s for s in phase.steps[phase.step_index + 1 :] if s not in skipped
            ]

    def _process_combat_triggers(self) -> Procedure:
        """Mirage: an attack's triggered abilities are processed at once, as its other effects are."""
        triggers, self.pending_triggers = self.pending_triggers, []
        yield from self._resolve_directly(triggers)

    def _attack_with(
        self, attackers: list[Permanent], optional: Sequence[Permanent] = (), attacked: Mapping[str, str] | None = None
    ) -> None:
        cost = self.attack_cost(attackers, optional, attacked)
        if cost != ManaCost():
            self.players[self.active].pool.pay(cost)  # locked in, then paid in full (CR 508.1h, 508.1j)
            self.emit(EventKind.RESOLVED, self.active, "cost to attack", paid=str(cost))
        for p in optional:  # "if you do": what paying the optional cost gets (CR 508.1g)
            for option in self._optional_attack_costs(p):
                option.outcome.apply(self, Resolution(self.active, p.id, (), p.name))
        for p in attackers:
            p.tapped = True
            p.attacking = True
            p.attacked = (attacked or {}).get(p.id, self.defending_player())
            self._trigger_watchers(p, WatchedEvent.ATTACKS)
        if attackers:  # declared, not put onto the battlefield attacking (CR 508.3b-d)
            for p in self._controlled(self.active):
                self._trigger_watchers(p, WatchedEvent.YOU_ATTACK)
                self._trigger_watchers(p, WatchedEvent.YOU_ATTACK_A_PLAYER)
            for p in self._controlled(self.defending_player()):
                self._trigger_watchers(p, WatchedEvent.YOU_ARE_ATTACKED)
        self.attacks_this_turn += 1
        self.emit(
            EventKind.ATTACKERS_DECLARED,
            self.active,
            ",".join(p.id for p in attackers),
            amount=len(attackers),
        )

    def _declare_blockers(self) -> Procedure:
        defender = self.defending_player()
        options = tuple(
            p.id
            for p in self._controlled(defender)
            if p.is_type(CardType.CREATURE) and not p.tapped and not self.has_keyword(p, Keyword.CANT_BLOCK)
        )
        decision = Decision(DecisionKind.DECLARE_BLOCKERS, defender, options, mana_abilities=True)
        pairs: Sequence[tuple[str, str]] = yield from self._ask(decision)  # mana abilities may pay for blocking
        cost = self.block_cost([self.permanent(b) for b in dict.fromkeys(b for b, _ in pairs)])
        if cost != ManaCost():
            self.players[defender].pool.pay(cost)  # locked in, then paid in full (CR 509.1d, 509.1f)
            self.emit(EventKind.RESOLVED, defender, "cost to block", paid=str(cost))
        for blocker_id, attacker_id in pairs:
            blocker, attacker = self.permanent(blocker_id), self.permanent(attacker_id)
            blocker.blocking = attacker.id
            attacker.blocked = True
        self.emit(EventKind.BLOCKERS_DECLARED, defender, ",".join(f"{b}>{a}" for b, a in pairs), amount=len(pairs))
        self._block_triggers(pairs)

    def _block_triggers(self, pairs: Sequence[tuple[str, str]]) -> None:
        """Blocking and being blocked trigger once per creature, "a creature" ones once per pair
        (CR 509.3a-d, 509.3g; 2008: 309.3, 309.4)."""
        blockers = list(dict.fromkeys(b for b, _ in pairs))
        blocked = list(dict.fromkeys(a for _, a in pairs))
        for blocker in blockers:
            self._trigger_watchers(self.permanent(blocker), WatchedEvent.BLOCKS)
            power = self.power(self.permanent(blocker))  # as blockers are declared (CR 509.3f)
            for watcher in self.in_play():
                self._trigger_watchers(watcher, WatchedEvent.A_CREATURE_WITH_POWER_BLOCKS, power)
        for attacker in blocked:
            self._trigger_watchers(self.permanent(attacker), WatchedEvent.BECOMES_BLOCKED)
        for blocker, attacker in pairs:
            self._trigger_watchers(self.permanent(blocker), WatchedEvent.BLOCKS_A_CREATURE)
            self._trigger_watchers(self.permanent(attacker), WatchedEvent.BECOMES_BLOCKED_BY_A_CREATURE)
        for attacker in blocked:
            if sum(1 for _, a in pairs if a == attacker) >= 2:  # CR 509.3e
                self._trigger_watchers(self.permanent(attacker), WatchedEvent.BECOMES_BLOCKED_BY_TWO_OR_MORE_CREATURES)
        for p in self.in_play():
            if p.attacking and not p.blocked:
                self._trigger_watchers(p, WatchedEvent.ATTACKS_AND_ISNT_BLOCKED)

    def _double(self, p: Permanent) -> bool:
        return self.has_keyword(p, Keyword.DOUBLE_STRIKE)

    def _strikes_first(self, p: Permanent) -> bool:
        return self.has_keyword(p, Keyword.FIRST_STRIKE) or self.has_keyword(p, Keyword.DOUBLE_STRIKE)

    def _combat_damage_step(self) -> None:
        fighters = [p for p in self.in_play() if p.attacking or p.blocking]
        phase = self.current_phase
        first_of_two = self._combat_damage_steps == 0 and any(self._strikes_first(p) for p in fighters)
        if first_of_two:
            phase.steps.insert(phase.step_index + 1, Step.COMBAT_DAMAGE)
            dealing = [p for p in fighters if self._strikes_first(p)]
            self._combat_damage_steps = 1
        elif self._combat_damage_steps == 1:
            dealing = [p for p in fighters if not self._strikes_first(p) or self.has_keyword(p, Keyword.DOUBLE_STRIKE)]
            self._combat_damage_steps = 0
        else:
            dealing = fighters
        assignment = self._assign_combat_damage(dealing)
        if self.edition.combat_damage_uses_stack:
            self.stack.append(
                StackItem(self.new_id("damage"), self.active, "combat damage", "combat_damage", outcome=assignment)
            )
        else:
            self._deal_combat_damage(assignment)

    def _assign_combat_damage(self, dealing: list[Permanent]) -> list[tuple[str, str, int]]:
        assignment: list[tuple[str, str, int]] = []
        for p in dealing:
            power = self.power(p)
            if power <= 0:
                continue
            if p.attacking:
                blockers = [b for b in self.in_play() if b.blocking == p.id]
                if not p.blocked and p.attacked is not None:  # attacking nothing: no damage (CR 506.4c)
                    assignment.append((p.id, p.attacked, power))
                for b in blockers:
                    share = power if b is blockers[-1] else min(power, max(0, self.toughness(b) - b.damage))
                    if share:
                        assignment.append((p.id, b.id, share))
                    power -= share
            elif p.blocking and (blocked := self.find_permanent(p.blocking)) is not None and blocked.attacking:
                # A blocker whose attacker has left combat deals no combat damage (CR 510.1d; 2008: 310.2d).
                assignment.append((p.id, p.blocking, power))
        return assignment

    def _deal_combat_damage(self, assignment: list[tuple[str, str, int]]) -> None:
        """Deal combat damage as assigned; on the stack (2008), even if its source has left (310.4a)."""
        for source, target, amount in assignment:
            self.deal_damage(target, amount, source)
        for source in dict.fromkeys(s for s, _, amount in assignment if amount > 0):
            p = self.find_permanent(source)
            if p is not None:
                self._trigger_watchers(p, WatchedEvent.DEALS_COMBAT_DAMAGE)

    def _mirage_attack(self, attack: AttackAction) -> Procedure:
        """Mirage: an attack is declared from the main phase, blocked, and damage is dealt."""
        self._attack_with(list(attack.attackers), attack.optional_costs, attack.attacked)
        yield from self._process_combat_triggers()
        yield from self._declare_blockers()
        yield from self._process_combat_triggers()
        fighters = [p for p in self.in_play() if p.attacking or p.blocking]
        first = [p for p in fighters if self._strikes_first(p)]
        if first:  # first strikers deal their damage before the others
            self._deal_combat_damage(self._assign_combat_damage(first))
            self._state_based_actions()
        rest = [p for p in self.in_play() if (p.attacking or p.blocking) and (p not in first or self._double(p))]
        self._deal_combat_damage(self._assign_combat_damage(rest))
        self._state_based_actions()
        yield from self._process_combat_triggers()
        for p in self.battlefield:
            self._leave_combat(p)
