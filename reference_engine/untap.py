"""The untap step: phasing, day and night, and untapping (announced, in Mirage)."""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from reference_engine.abilities import (
    Keyword,
    ReturnsHeldCardOnUntap,
    UntapLimit,
)
from reference_engine.cards import CardType, Permanent
from reference_engine.combat import Combat
from reference_engine.events import EventKind
from reference_engine.state import Decision, DecisionKind, Procedure, StackItem


class Untap(Combat):
    def _phasing(self) -> None:
        """Phasing, simultaneously: the active player's phasers phase out, their phased-out ones in.

        What is attached to a permanent phasing out phases out with it, "indirectly", even if it
        has phasing itself, and phases in only along with it (CR 702.26g, 702.26h; 2008:
        502.15i). Phasing attaches and unattaches nothing (CR 702.26j)."""
        going_out = [
            p
            for p in self.battlefield
            if p.controller == self.active and not p.phased_out and self.has_keyword(p, Keyword.PHASING)
        ]
        coming_in = [
            p for p in self.battlefield if p.controller == self.active and p.phased_out and not p.phased_out_indirectly
        ]
        with_them = [a for p in going_out for a in self._attached_to(p)]
        for p in going_out:
            if p not in with_them:
                self._phase_out(p, indirectly=False)
        for p in with_them:
            self._phase_out(p, indirectly=True)
        for p in coming_in:
            self._phase_in(p)

    def _attached_to(self, host: Permanent) -> list[Permanent]:
        """What is attached to a permanent, and what is attached to those, and so on."""
        attached = [p for p in self.battlefield if p.attached_to == host.id and p is not host]
        return attached + [q for p in attached for q in self._attached_to(p)]

    def _phase_out(self, p: Permanent, indirectly: bool) -> None:
        p.phased_out, p.phased_out_indirectly = True, indirectly
        if self.edition.phasing_out_removes_damage:
            p.damage = 0
        self._leave_combat(p)
        self.emit(EventKind.PHASED_OUT, p.controller, p.id, how="indirectly" if indirectly else "directly")

    def _phase_in(self, p: Permanent) -> None:
        """An Aura, Equipment or Fortification that phased out directly phases in attached to what
        it was attached to, if that is still there; otherwise the state-based check finds it attached to
        nothing (CR 702.26i; 2008: 502.15j)."""
        p.phased_out, p.phased_out_indirectly = False, False
        self.emit(EventKind.PHASED_IN, p.controller, p.id)
        for attached in [a for a in self.battlefield if a.attached_to == p.id and a.phased_out_indirectly]:
            self._phase_in(attached)

    def _day_night_check(self) -> None:
        spells = self.spells_cast_last_turn
        if self.day_night == "day" and spells == 0:
            self.day_night = "night"
        elif self.day_night == "night" and spells >= 2:
            self.day_night = "day"
        else:
            return
        self.emit(EventKind.DAY_NIGHT_CHANGED, subject=self.day_night)

    def _untap_candidates(self) -> list[Permanent]:
        return [p for p in self._controlled(self.active) if p.tapped and not self.has_keyword(p, Keyword.DOESNT_UNTAP)]

    def _land_limit(self) -> int | None:
        limits = [
            a.count for p in self.in_play() if not p.tapped for a in p.definition.abilities if isinstance(a, UntapLimit)
        ]
        return min(limits) if limits else None

    def _optional_untaps(self, candidates: list[Permanent], limit: int | None) -> list[Permanent]:
        return [
            p
            for p in candidates
            if self.has_keyword(p, Keyword.MAY_NOT_UNTAP) or (limit is not None and p.is_type(CardType.LAND))
        ]

    def _choose_untaps(self, candidates: list[Permanent], limit: int | None) -> Generator[Decision, Any, set[str]]:
        """Ask the active player which optional permanents to untap; return the ids chosen."""
        optional = self._optional_untaps(candidates, limit)
        lands = [p for p in optional if p.is_type(CardType.LAND)]
        may_decline = any(self.has_keyword(p, Keyword.MAY_NOT_UNTAP) for p in optional)
        if not may_decline and (limit is None or len(lands) <= limit):
            return {p.id for p in optional}
        chosen = yield Decision(
            DecisionKind.UNTAP,
            self.active,
            tuple(p.id for p in optional),
            count=len(lands) if limit is None else limit,
        )
        return set(chosen)

    def _untap_permanents(self) -> Procedure:
        candidates = self._untap_candidates()
        limit = self._land_limit()
        chosen = yield from self._choose_untaps(candidates, limit)
        optional = {p.id for p in self._optional_untaps(candidates, limit)}
        self._untap_all([p for p in candidates if p.id not in optional or p.id in chosen])

    def _untap_all(self, permanents: list[Permanent]) -> None:
        """Untap simultaneously, then let what untapping releases enter the battlefield."""
        for p in permanents:
            p.tapped = False
        if permanents:
            self.emit(EventKind.UNTAPPED, self.active, ",".join(p.id for p in permanents), amount=len(permanents))
        for p in permanents:
            if p.definition.has(ReturnsHeldCardOnUntap) and p.holds is not None:
                card, p.holds = p.holds, None
                self._enter_battlefield(card, card.owner, tapped=True)

    def _announce_untap(self) -> Procedure:
        """Mirage: the untap is a phase effect; choices are made as it is announced (bethmo 11/07/96)
        and what untaps is checked as it resolves (Aahz 11/01/96)."""
        candidates = self._untap_candidates()
        limit = self._land_limit()
        chosen = yield from self._choose_untaps(candidates, limit)
        optional = {p.id for p in self._optional_untaps(candidates, limit)}
        declined = optional - chosen
        self.emit(EventKind.UNTAP_ANNOUNCED, self.active)
        self.stack.append(StackItem(self.new_id("untap"), self.active, "untap", "untap", outcome=(declined, chosen)))

    def _untap_decision_forced_by(self, land: Permanent) -> Procedure:
        """Mirage (D'Angelo 11/13/96): a land tapped after the untap was announced, while the untap
        limit is not used up, forces a decision at the first opportunity: as soon as it is tapped."""
        pending = next((i for i in self.stack if i.kind == "untap"), None)
        if pending is None or land.controller != self.active or not land.is_type(CardType.LAND):
            return
        declined, chosen = pending.outcome
        limit = self._land_limit()
        lands_chosen = [i for i in chosen if (p := self.find_permanent(i)) is not None and p.is_type(CardType.LAND)]
        if limit is None or len(lands_chosen) >= limit or land.id in declined | chosen:
            return
        answer = yield Decision(DecisionKind.UNTAP, self.active, (land.id,), count=limit - len(lands_chosen))
        (chosen if land.id in set(answer) else declined).add(land.id)

    def _resolve_untap(self, declined: set[str], chosen: set[str]) -> None:
        """What untaps is checked now: everything tapped that may untap, but what was declined,
        and lands under an untap limit only as chosen (when announced, or when tapped since)."""
        limit = self._land_limit()
        untapping = [
            p
            for p in self._untap_candidates()
            if p.id in chosen
            or (
                p.id not in declined
                and not self.has_keyword(p, Keyword.MAY_NOT_UNTAP)
                and (limit is None or not p.is_type(CardType.LAND))
            )
        ]
        self._untap_all(untapping)
