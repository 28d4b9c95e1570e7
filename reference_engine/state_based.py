"""State-based actions (CR 704, 2008: 420) and Mirage's life check at the end of each phase."""

from __future__ import annotations

from typing import NamedTuple

from reference_engine.abilities import Enchant, WatchedEvent
from reference_engine.cards import Card, CardType, Permanent
from reference_engine.events import EventKind
from reference_engine.players import Players


class _Applying(NamedTuple):
    """What one round of the state-based check does: empty fields for nothing to do."""

    losers: dict[str, str]
    dying: list[Permanent]
    to_graveyard: list[tuple[Permanent, str]]
    to_unattach: list[Permanent]
    counters: list[Permanent]
    ceasing: list[Card]


class StateBasedActions(Players):
    def _check_life_totals(self) -> None:
        """Mirage: the last part of each phase checks every player's life total (Mirage p. 52)."""
        self._lose({name: "0 or less life" for name in self.apnap() if self.players[name].life <= 0})

    def _state_based_actions_pending(self) -> bool:
        return any(self._applying())

    def _applying(self) -> _Applying:
        """Everything the state-based check finds now, to be done at once (CR 704.3)."""
        in_play = self.in_play()
        return _Applying(
            self._losers(),
            [p for p in in_play if self._creature_must_die(p)],
            self._to_graveyard(in_play),
            self._to_unattach(in_play),
            self._annihilating_counters(in_play),
            self._ceasing_tokens(),
        )

    def _state_based_actions(self) -> bool:
        """Perform state-based actions until there are none; say whether any were performed.
        Each round performs every action that applies at once (CR 704.3)."""
        performed = False
        while any(applying := self._applying()):
            performed = True
            for name in applying.losers:
                self.players[name].drew_from_empty_library = False
            self._lose(applying.losers)
            # A player who left the game took her permanents with her (CR 800.4a): they are done with.
            for p in [p for p in applying.dying if p in self.battlefield]:
                if self.toughness(p) > 0 and p.regeneration_shields > 0:
                    self._regenerate(p)
                else:
                    self._put_into_graveyard(p, "0 or less toughness" if self.toughness(p) <= 0 else "lethal damage")
            for p, reason in applying.to_graveyard:
                if p in self.battlefield:
                    self._put_into_graveyard(p, reason)
            for p in applying.to_unattach:
                self._unattach(p)
            for p in applying.counters:  # CR 704.5q (2008: 420.5n): +1/+1 and -1/-1 counters cancel out
                n = min(p.counters["+1/+1"], p.counters["-1/-1"])
                self._remove_counters(p, "+1/+1", n, "state-based action")
                self._remove_counters(p, "-1/-1", n, "state-based action")
            for card in applying.ceasing:
                self._cease_to_exist(card)
        return performed

    def _losers(self) -> dict[str, str]:
        losers = {}
        for name in self.apnap():
            state = self.players[name]
            if state.drew_from_empty_library:
                losers[name] = "drew from an empty library"
            elif state.life <= 0 and not self.edition.life_checked_at_end_of_phase:
                losers[name] = "0 or less life"
            elif state.poison >= self.edition.poison_counters_to_lose:  # CR 704.5c (2008: 420.5h)
                losers[name] = "ten or more poison counters"
        return losers

    def _to_graveyard(self, in_play: list[Permanent]) -> list[tuple[Permanent, str]]:
        """Permanents the rules put into their owners' graveyards, with the rule's reason."""
        found: list[tuple[Permanent, str]] = []
        for p in in_play:
            if p.is_a("Aura") and not self._legally_attached(p):  # CR 704.5m (2008: 420.5d)
                found.append((p, "Aura not attached to a legal object"))
            elif p.is_type(CardType.PLANESWALKER) and not p.counters.get("loyalty"):  # CR 704.5i (2008: 420.5p)
                found.append((p, "0 loyalty"))
        if self.edition.legend_rule_all_go:  # 2008: 420.5e
            legends = [p for p in in_play if "legendary" in p.definition.supertypes]
            found += [(p, "legend rule") for p in legends if any(q is not p and q.name == p.name for q in legends)]
        if self.edition.planeswalker_uniqueness_rule:  # 2008: 420.5q
            walkers = [p for p in in_play if p.is_type(CardType.PLANESWALKER)]
            found += [
                (p, "planeswalker uniqueness rule")
                for p in walkers
                if any(q is not p and q.definition.subtypes & p.definition.subtypes for q in walkers)
            ]
        # CR 704.5k (2008: 420.5i): only the newest world permanent stays; the battlefield is in
        # the order permanents entered it.
        worlds = [p for p in in_play if "world" in p.definition.supertypes]
        found += [(p, "world rule") for p in worlds[:-1]]
        unique: dict[str, tuple[Permanent, str]] = {}
        for p, reason in found:
            unique.setdefault(p.id, (p, reason))
        return list(unique.values())

    def _to_unattach(self, in_play: list[Permanent]) -> list[Permanent]:
        """Equipment and Fortifications attached illegally, and permanents that are none of the
        attaching kinds but are attached, become unattached and stay (CR 704.5n, 704.5p; 2008:
        420.5k, 420.5m). An Aura goes to the graveyard instead."""
        return [
            p for p in in_play if p.attached_to is not None and not p.is_a("Aura") and not self._legally_attached(p)
        ]

    def _legally_attached(self, p: Permanent) -> bool:
        host = None if p.attached_to is None else self.find_permanent(p.attached_to)
        if host is None or host.phased_out or host is p:
            return False
        if p.is_a("Aura"):
            enchant = next((a for a in p.definition.abilities if isinstance(a, Enchant)), None)
            return enchant is not None and (enchant.what is None or host.is_type(CardType(enchant.what)))
        if p.is_a("Equipment"):
            return host.is_type(CardType.CREATURE)
        if p.is_a("Fortification"):
            return host.is_type(CardType.LAND)
        return False

    def _unattach(self, p: Permanent) -> None:
        host, p.attached_to = p.attached_to, None
        self.emit(EventKind.UNATTACHED, p.controller, p.id, source=str(host))
        self._trigger_watchers(p, WatchedEvent.BECOMES_UNATTACHED)

    def _annihilating_counters(self, in_play: list[Permanent]) -> list[Permanent]:
        return [p for p in in_play if p.counters.get("+1/+1") and p.counters.get("-1/-1")]

    def _ceasing_tokens(self) -> list[Card]:
        """Tokens outside the battlefield (CR 704.5d; 2008: 420.5f), and in 2008 phased-out ones (217.8d)."""
        zones = [zone for s in self.players.values() for zone in s.card_zones]
        tokens = [c for zone in zones for c in zone if c.token]
        if self.edition.phased_out_tokens_cease_to_exist:
            tokens += [p.card for p in self.battlefield if p.phased_out and p.token]
        return tokens

    def _cease_to_exist(self, card: Card) -> None:
        owner = self.players[card.owner]
        for zone in owner.card_zones:
            if card in zone:
                zone.remove(card)
        permanent = self.find_permanent(card.id)
        if permanent is not None:
            self._remove_from_battlefield(permanent)
        self.emit(EventKind.CEASED_TO_EXIST, card.owner, card.id)
