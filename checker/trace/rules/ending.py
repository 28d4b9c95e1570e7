"""The ending phase: the end step and the cleanup step (Mirage: the discard and cleanup phases)."""

from __future__ import annotations

from types import MappingProxyType

from checker.trace.check import Check
from checker.trace.format import Event
from checker.trace.observed import Observed

MAXIMUM_HAND_SIZE = 7


class DiscardBeforeDamageRemoval(Check):
    name = "ending.discard-before-damage-wears-off"
    requires = (
        "in the cleanup step the active player discards to hand size first; then "
        "damage is removed and 'until end of turn' effects end"
    )
    rules = ("CR24-514.1", "CR24-514.2", "CR08-314.1", "CR08-314.2")
    editions = frozenset({"cr2008", "cr2024"})
    events = frozenset({"step_began", "discarded", "damage_removed", "effect_ended", "priority_passed"})
    when = dict.fromkeys(("step_began", "priority_passed"), "self.cleaned")

    def setup(self) -> None:
        super().setup()
        self.cleaned = False

    def event(self, e: Event) -> None:
        if e.kind == "step_began" or e.kind == "priority_passed":
            self.cleaned = False
        elif not self.game.in_part("cleanup"):
            return
        elif e.kind == "discarded":
            self.occasions += 1
            if self.cleaned:
                self.violated(f"{e.player} discarded {e.subject} after damage was removed or effects ended")
        else:
            self.cleaned = True


class ActivePlayerDiscards(Check):
    name = "ending.only-the-active-player-discards-to-hand-size"
    requires = "the discard to hand size is the active player's, down to their maximum hand size (normally seven)"
    rules = ("CR24-514.1", "CR24-703.4n", "CR08-314.1", "GRT-1.10-4", "GRT-1.10-6")
    observes = True
    needs = ("decision",)
    when = MappingProxyType({"view": "decision is not None and decision.kind == 'discard'"})

    def observe(self, view: Observed) -> None:
        d = view.decision
        g = self.game
        if d is None or d.kind != "discard" or g.segment not in ("cleanup", "discard"):
            return
        self.occasions += 1
        if d.player != g.active:
            self.violated(f"{d.player} must discard in {g.active}'s {g.segment}")
        hand = next((p.hand_size for p in view.players or () if p.name == d.player), None)
        if hand is not None and d.count and hand - d.count != MAXIMUM_HAND_SIZE:
            self.violated(
                f"{d.player} holds {hand} cards and must discard {d.count}",
                f"{self.requires}: down to {MAXIMUM_HAND_SIZE}",
            )


class DamageWearsOffInCleanup(Check):
    name = "ending.damage-wears-off-in-cleanup"
    requires = "damage marked on permanents is removed in the cleanup step (or when a permanent regenerates)"
    rules = ("CR24-514.2", "CR24-120.6", "CR08-314.2", "GRT-1.11-4")
    events = frozenset({"damage_removed", "regenerated", "phased_out", "step_began", "phase_began"})
    when = dict.fromkeys(("step_began", "phase_began"), "self.excused")

    def setup(self) -> None:
        super().setup()
        self.excused: set[str] = set()

    def event(self, e: Event) -> None:
        if e.kind in ("regenerated", "phased_out"):
            if e.kind == "regenerated" or self.game.edition == "cr2008":
                self.excused.add(e.subject or "")
        elif e.kind in ("step_began", "phase_began"):
            self.excused.clear()
        else:
            self.occasions += 1
            if not self.game.in_part("cleanup") and e.subject not in self.excused:
                self.violated(
                    f"damage was removed from {e.subject} during the {self.game.segment or 'time between steps'}"
                )


class NoDamageLeftAfterCleanup(Check):
    name = "ending.no-damage-left-after-cleanup"
    requires = "after the cleanup, no permanent has damage marked on it"
    rules = ("CR24-514.2", "CR08-314.2", "GRT-1.11-4")
    events = frozenset({"damage_removed", "damage_dealt", "step_began", "phase_began"})
    observes = True
    needs = ("battlefield",)
    when = dict.fromkeys(("step_began", "phase_began", "view"), "self.after")

    def setup(self) -> None:
        super().setup()
        self.after = False
        self.dealt: set[str] = set()

    def event(self, e: Event) -> None:
        if e.kind == "damage_removed" and self.game.in_part("cleanup"):
            self.after, self.dealt = True, set()
        elif e.kind == "damage_dealt":
            self.dealt.add(e.subject or "")
        elif e.subject not in ("cleanup", "untap", "upkeep", "beginning"):
            self.after = False

    def observe(self, view: Observed) -> None:
        permanents = view.battlefield if self.after else None
        if permanents is None:
            return
        self.after = False
        self.occasions += 1
        marked = [f"{p.id} ({p.damage})" for p in permanents if p.damage and p.id not in self.dealt]
        if marked:
            self.violated(f"damage still marked after the cleanup: {', '.join(marked)}")


class MirageDiscardPhase(Check):
    name = "ending.mirage-discards-once-in-the-discard-phase"
    requires = "in Mirage the discard to hand size is done once, in the discard phase, never in the cleanup phase"
    rules = ("GRT-1.10-4", "GRT-1.10-5")
    editions = frozenset({"mirage"})
    events = frozenset({"phase_began"})
    observes = True
    needs = ("decision",)

    def setup(self) -> None:
        super().setup()
        self.discards = 0

    def event(self, e: Event) -> None:
        self.discards = 0

    def observe(self, view: Observed) -> None:
        d = view.decision
        if d is None or d.kind != "discard" or d.player != self.game.active:
            return
        self.occasions += 1
        self.discards += 1
        if self.game.phase == "cleanup":
            self.violated(f"{d.player} must discard to hand size in the cleanup phase")
        elif self.discards > 1:
            self.violated(f"{d.player} must discard to hand size a second time in the discard phase")
