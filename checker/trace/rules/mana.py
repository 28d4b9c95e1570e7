"""Mana pools: when they empty, and mana burn in the editions that have it."""

from __future__ import annotations

from checker.trace.check import Check
from checker.trace.format import Event
from checker.trace.observed import Observed


class _PoolsEmpty(Check):
    """At the first observation after a step or phase ends, a pool holds no more than the mana
    added since."""

    events = frozenset({"step_ended", "phase_ended", "mana_added"})
    observes = True
    needs = ("mana_pool",)
    steps_too = True
    when = dict.fromkeys(("mana_added", "view"), "self.since is not None")

    def setup(self) -> None:
        super().setup()
        self.since: dict[str, int] | None = None
        self.ended: Event | None = None  # the end of the step or phase, described only in a violation

    def event(self, e: Event) -> None:
        if e.kind == "mana_added":
            if self.since is not None and e.player:
                self.since[e.player] = self.since.get(e.player, 0) + (e.amount or 1)
        elif e.kind == "phase_ended" or self.steps_too:
            self.since, self.ended = {}, e

    def observe(self, view: Observed) -> None:
        if self.since is None or not view.players:
            return
        for p in view.players:
            if p.mana_pool is None:
                continue
            self.occasions += 1
            kept = sum(p.mana_pool.values()) - self.since.get(p.name, 0)
            if kept > 0 and self.ended is not None:
                ended = f"the {self.ended.subject} {self.ended.kind.partition('_')[0]}"
                self.violated(f"{p.name} still had {kept} mana after {ended} ended")
        self.since = None


class PoolsEmptyAfterEachStep(_PoolsEmpty):
    name = "mana.pools-empty-after-each-step-and-phase"
    requires = "each player's mana pool empties when each step and each phase ends"
    rules = ("CR24-500.4", "CR24-106.4", "CR24-703.4q")
    editions = frozenset({"cr2024"})


class PoolsEmptyAfterEachPhase(_PoolsEmpty):
    name = "mana.pools-empty-when-a-phase-ends"
    requires = "each player's mana pool empties when a phase ends"
    rules = ("CR08-300.3", "GRT-1.6-2", "GRT-1.7-3", "GRT-1.8-2", "GRT-1.9-8", "GRT-1.10-2", "GRT-1.11-2")
    editions = frozenset({"mirage", "cr2008"})
    steps_too = False


class ManaKeptBetweenSteps(Check):
    name = "mana.kept-between-steps-2008"
    requires = "CR 2008: mana empties only when a phase ends, not when a step ends"
    rules = ("CR08-300.3",)
    editions = frozenset({"cr2008"})
    events = frozenset({"mana_emptied", "step_ended", "step_began", "phase_ended"})
    when = dict.fromkeys(("step_ended", "step_began"), "self.emptied is not None")

    def setup(self) -> None:
        super().setup()
        self.emptied: str | None = None

    def event(self, e: Event) -> None:
        if e.kind == "mana_emptied":
            self.emptied = e.player
            self.occasions += 1
        elif e.kind == "phase_ended":
            self.emptied = None
        elif self.emptied is not None:  # a step ended or began before the phase did
            self.violated(f"{self.emptied}'s mana pool emptied as a step ended, within its phase")
            self.emptied = None


class ManaBurn(Check):
    name = "mana.burn"
    requires = "mana lost from a pool as it empties costs its player 1 life each (mana burn)"
    rules = ("CR08-300.3", "GRT-1.6-2", "GRT-1.9-8")
    editions = frozenset({"mirage", "cr2008"})
    events = frozenset(
        {"mana_emptied", "mana_burned", "life_changed", "step_began", "phase_began", "phase_ended", "step_ended"}
    )
    when = dict.fromkeys(("step_began", "phase_began", "step_ended"), "self.owed")

    def setup(self) -> None:
        super().setup()
        self.owed: dict[str, int] = {}

    def event(self, e: Event) -> None:
        player = e.player or ""
        if e.kind == "mana_emptied":
            self.occasions += 1
            self.owed[player] = self.owed.get(player, 0) + (e.amount or 0)
        elif e.kind == "mana_burned":
            owed = self.owed.pop(player, 0)
            if e.amount != owed:
                self.violated(f"{player} was burned for {e.amount} after losing {owed} mana")
        elif e.kind == "life_changed":
            pass
        elif e.kind != "phase_ended" and self.owed:
            for who, amount in self.owed.items():
                self.violated(f"{who} lost {amount} unused mana and wasn't burned for it")
            self.owed = {}


class NoManaBurn(Check):
    name = "mana.no-burn-2024"
    requires = "CR 2024: mana left in a pool as it empties is simply lost, without loss of life"
    rules = ("CR24-500.4", "CR24-106.4")
    editions = frozenset({"cr2024"})
    events = frozenset({"mana_emptied", "mana_burned"})

    def event(self, e: Event) -> None:
        self.occasions += 1
        if e.kind == "mana_burned":
            self.violated(f"{e.player} was burned for {e.amount} unused mana")
