"""Mirage's phases in five parts: beginning effects, the main body, end effects, mana burn, the life check."""

from __future__ import annotations

from checker.trace.check import Check
from checker.trace.format import Event

#: What only the main body of a phase holds.
MAIN_BODY = frozenset({"priority_passed", "spell_cast", "ability_activated", "land_played"})


class ManaBurnAfterTheMainBody(Check):
    name = "five_part_phases.mana-burn-after-the-main-body"
    requires = (
        "in Mirage mana burn is the phase's fourth part: nothing of the main body "
        "(priority, spells, abilities) follows it within the phase"
    )
    rules = ("GRT-1.3-1", "GRT-1.3-3")
    editions = frozenset({"mirage"})
    #: A phase's parts end with it: Mirage's beginning of the turn, in which players pass
    #: priority, is no phase, and follows the cleanup's mana burn in no phase.
    events = frozenset({"mana_burned", "phase_began", "phase_ended"} | MAIN_BODY)
    when = dict.fromkeys(("phase_began", "phase_ended", *MAIN_BODY), "self.burned")

    def setup(self) -> None:
        super().setup()
        self.burned = False

    def event(self, e: Event) -> None:
        if e.kind in ("phase_began", "phase_ended"):
            self.burned = False
        elif e.kind == "mana_burned":
            self.occasions += 1
            self.burned = True
        elif self.burned:
            self.violated(
                f"{e.kind.replace('_', ' ')} ({e.player}) after mana burn, within the {self.game.phase} phase"
            )
            self.burned = False


class LifeCheckIsTheLastPart(Check):
    name = "five_part_phases.life-check-comes-last"
    requires = (
        "in Mirage the life check is the phase's last part: a player loses for "
        "life only after the phase's mana burn, never mid-phase"
    )
    rules = ("GRT-1.3-1", "GRT-1.6-3", "GRT-1.9-9")
    editions = frozenset({"mirage"})
    events = frozenset({"player_lost"})

    def event(self, e: Event) -> None:
        if "life" not in e.detail.get("reason", ""):
            return
        self.occasions += 1
        if self.game.phase is not None:
            self.violated(f"{e.player} lost for their life total in the middle of the {self.game.phase} phase")
