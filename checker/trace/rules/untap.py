"""The untap step (Mirage: the untap phase): phasing, day and night, then the active player's untap."""

from __future__ import annotations

from types import MappingProxyType

from checker.trace.check import Check
from checker.trace.format import Event


class ActivePlayerUntaps(Check):
    name = "untap.active-player-untaps"
    requires = "the untap step's untap is the active player's: they untap the permanents they control"
    rules = ("CR24-502.3", "CR24-703.4c", "CR08-302.2", "GRT-1.6-1")
    events = frozenset({"untapped", "untap_announced"})

    def event(self, e: Event) -> None:
        if (
            not self.game.in_part("untap")
            or e.player is None
            or (e.kind == "untapped" and self.game.edition == "mirage")
        ):
            return
        self.occasions += 1
        if e.player != self.game.active:
            what = "announced the untap" if e.kind == "untap_announced" else f"untapped {e.subject}"
            self.violated(f"{e.player} {what} in {self.game.active}'s untap step")


class PhasingBeforeUntap(Check):
    name = "untap.phasing-before-untapping"
    requires = "in the untap step, permanents phase in and out before anything untaps"
    rules = ("CR24-502.1", "CR24-703.4a", "CR08-302.1", "GRT-1.6-8")
    events = frozenset({"step_began", "phase_began", "untapped", "phased_in", "phased_out"})
    when = dict.fromkeys(("step_began", "phase_began"), "self.untapped")

    def setup(self) -> None:
        super().setup()
        self.untapped = False

    def event(self, e: Event) -> None:
        if e.kind in ("step_began", "phase_began"):
            self.untapped = False
        elif not self.game.in_part("untap"):
            return
        elif e.kind == "untapped":
            self.untapped = True
        else:
            self.occasions += 1
            if self.untapped and e.detail.get("how") != "indirectly":
                self.violated(f"{e.subject} {e.kind.replace('_', ' ')} after permanents untapped")


class DayNightBeforeUntap(Check):
    name = "untap.day-and-night-before-untapping"
    requires = "day or night changes in the untap step after phasing and before the untap"
    rules = ("CR24-502.2", "CR24-703.4b", "CR24-730.2")
    editions = frozenset({"cr2024"})
    events = frozenset({"step_began", "untapped", "day_night_changed", "phased_in", "phased_out"})
    when = MappingProxyType({"step_began": "self.untapped or self.changed"})

    def setup(self) -> None:
        super().setup()
        self.untapped = False
        self.changed = False

    def event(self, e: Event) -> None:
        if e.kind == "step_began":
            self.untapped = self.changed = False
        elif self.game.step != "untap":
            return
        elif e.kind == "untapped":
            self.untapped = True
        elif e.kind == "day_night_changed":
            self.occasions += 1
            self.changed = True
            if self.untapped:
                self.violated(f"it became {e.subject} after permanents untapped")
        elif self.changed:
            self.violated(f"{e.subject} {e.kind.replace('_', ' ')} after day and night changed")


class MirageUntapAnnounced(Check):
    name = "untap.mirage-untap-is-announced"
    requires = (
        "in Mirage the untap is announced as the untap phase's main body begins, and resolves there: you must untap"
    )
    rules = ("GRT-1.6-1", "GRT-1.6-5", "GRT-1.6-7")
    editions = frozenset({"mirage"})
    events = frozenset({"phase_began", "untap_announced", "phase_ended"})

    def setup(self) -> None:
        super().setup()
        self.announced = False

    def event(self, e: Event) -> None:
        if e.kind != "untap_announced" and e.subject != "untap":
            return
        if e.kind == "phase_began":
            self.announced = False
        elif e.kind == "untap_announced":
            self.announced = True
        elif not self.game.over:
            self.occasions += 1
            if not self.announced:
                self.violated("the untap phase ended without the untap being announced")
