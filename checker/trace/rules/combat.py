"""The combat phase: its steps with and without attackers, and combat's end."""

from __future__ import annotations

from types import MappingProxyType

from checker.trace.check import Check
from checker.trace.format import Event
from checker.trace.observed import Observed


class _Combat(Check):
    editions = frozenset({"cr2008", "cr2024"})
    events = frozenset({"phase_began", "attackers_declared", "step_began", "step_skipped", "ending_early"})
    when = MappingProxyType(
        {
            **dict.fromkeys(("step_began", "step_skipped"), "not self.early and game.phase == 'combat'"),
            "phase_began": "self.attackers is not None or self.early",
        }
    )

    def setup(self) -> None:
        super().setup()
        self.attackers: int | None = None
        self.early = False

    def event(self, e: Event) -> None:
        if e.kind == "phase_began":
            self.attackers, self.early = None, False
        elif e.kind == "ending_early":
            self.early = True
        elif e.kind == "attackers_declared":
            self.attackers = (self.attackers or 0) + (e.amount or 0) + (1 if e.detail.get("entered") else 0)
        elif not self.early and self.game.phase == "combat":
            self.step(e)

    def step(self, e: Event) -> None:
        raise NotImplementedError


class NoAttackersSkipsBlockersAndDamage(_Combat):
    name = "combat.no-attackers-skips-blockers-and-damage"
    requires = "if no creatures attack, the declare blockers and combat damage steps are skipped"
    rules = ("CR24-508.8", "CR24-506.1", "CR08-308.5", "CR08-306.1")

    def step(self, e: Event) -> None:
        if e.kind == "step_began" and e.subject in ("declare_blockers", "combat_damage") and self.attackers == 0:
            self.violated(f"the {e.subject} step began though no creature attacked")
        if e.kind == "step_began" and e.subject == "end_of_combat" and self.attackers == 0:
            self.occasions += 1


class AttackersBringBlockersAndDamage(_Combat):
    name = "combat.attackers-bring-blockers-and-damage"
    requires = "if creatures attack, the declare blockers and combat damage steps follow"
    rules = ("CR24-506.1", "CR24-509.1", "CR24-510.1", "CR08-306.1", "CR08-309.1", "CR08-310.1")

    def setup(self) -> None:
        super().setup()
        self.had: set[str] = set()

    def step(self, e: Event) -> None:
        if e.kind in ("step_began", "step_skipped") and e.subject in ("declare_blockers", "combat_damage"):
            self.had.add(e.subject)
        elif e.kind == "step_began" and e.subject == "end_of_combat":
            if self.attackers:
                self.occasions += 1
                missing = {"declare_blockers", "combat_damage"} - self.had
                if missing:
                    self.violated(
                        f"{self.attackers} creatures attacked and the combat went on "
                        f"without the {' and '.join(sorted(missing))} step"
                    )
            self.had = set()


class DeclarationsInTheirSteps(Check):
    name = "combat.declarations-in-their-steps"
    requires = (
        "attackers are declared as the declare attackers step begins, blockers as the "
        "declare blockers step begins (Mirage: an attack from the main phase)"
    )
    rules = ("CR24-508.1", "CR24-509.1", "CR24-703.4i", "CR24-703.4j", "CR08-308.1", "CR08-309.1", "GRT-1.9-6")
    events = frozenset({"attackers_declared", "blockers_declared"})

    def event(self, e: Event) -> None:
        if e.detail.get("entered"):
            return  # put onto the battlefield attacking: not a declaration
        self.occasions += 1
        g = self.game
        if g.edition == "mirage":
            if g.phase != "main":
                self.violated(f"{e.kind.replace('_', ' ')} during the {g.segment}, not the main phase")
            return
        step = "declare_attackers" if e.kind == "attackers_declared" else "declare_blockers"
        if g.step != step:
            self.violated(f"{e.kind.replace('_', ' ')} during the {g.segment or 'time between steps'}")


class NothingInCombatAfterCombat(Check):
    name = "combat.everything-leaves-combat-as-it-ends"
    requires = "when the combat phase ends, every creature is removed from combat"
    rules = ("CR24-511.3", "CR08-311.2")
    editions = frozenset({"cr2008", "cr2024"})
    events = frozenset({"phase_ended"})
    observes = True
    needs = ("battlefield",)
    when = MappingProxyType({"phase_ended": "e.subject == 'combat'", "view": "self.after"})

    def setup(self) -> None:
        super().setup()
        self.after = False

    def event(self, e: Event) -> None:
        if e.subject == "combat":
            self.after = True

    def observe(self, view: Observed) -> None:
        permanents = view.battlefield if self.after else None
        if permanents is None:
            return
        self.after = False
        if self.game.phase == "combat":
            return
        self.occasions += 1
        still = [p.id for p in permanents if p.attacking or p.blocking]
        if still:
            self.violated(f"after the combat phase, still in combat: {', '.join(still)}")


class CombatDamageDealtByTheRulesOfTheEdition(Check):
    name = "combat.damage-on-the-stack-2008-dealt-at-once-2024"
    requires = (
        "CR 2008: combat damage goes on the stack and is dealt as it resolves; CR 2024: "
        "it is dealt at once, before the active player gets priority"
    )
    rules = ("CR24-510.2", "CR24-510.3", "CR08-310.3", "CR08-310.4")
    editions = frozenset({"cr2008", "cr2024"})
    events = frozenset({"step_began", "damage_dealt", "priority_passed"})
    when = MappingProxyType(
        {
            "step_began": "self.priority",
            **dict.fromkeys(("damage_dealt", "priority_passed"), "game.step == 'combat_damage'"),
        }
    )

    def setup(self) -> None:
        super().setup()
        self.priority = False

    def event(self, e: Event) -> None:
        if e.kind == "step_began":
            self.priority = False
        elif self.game.step != "combat_damage":
            return
        elif e.kind == "priority_passed":
            self.priority = True
        else:
            self.occasions += 1
            if self.game.edition == "cr2008" and not self.priority:
                self.violated(
                    f"{e.subject} was dealt combat damage before combat damage could go on the stack and resolve"
                )


class SecondDamageStepWithFirstStrike(Check):
    name = "combat.second-damage-step-exactly-with-first-or-double-strike"
    requires = (
        "a second combat damage step follows the first exactly when an attacking or blocking "
        "creature had first strike or double strike as the first one began"
    )
    rules = ("CR24-510.4", "CR24-506.1", "CR08-310.5", "CR08-306.1")
    editions = frozenset({"cr2008", "cr2024"})
    events = frozenset({"phase_began", "step_began", "ending_early"})
    needs = ("battlefield", "keywords")
    when = MappingProxyType(
        {
            "step_began": "not self.early and game.phase == 'combat'",
            "phase_began": "self.strikers is not None or self.steps or self.early",
        }
    )

    def setup(self) -> None:
        super().setup()
        self.strikers: list[str] | None = None  # in combat with first or double strike; None: not known
        self.steps = 0
        self.early = False

    def event(self, e: Event) -> None:
        if e.kind == "phase_began":
            self.strikers, self.steps, self.early = None, 0, False
        elif e.kind == "ending_early":
            self.early = True
        elif self.early or self.game.phase != "combat":
            return
        elif e.subject == "combat_damage":
            if self.steps == 0:
                self.strikers = self._strikers()
            self.steps += 1
        elif e.subject == "end_of_combat" and self.steps and self.strikers is not None:
            self.occasions += 1
            expected = 2 if self.strikers else 1
            if self.steps != expected:
                why = f"{', '.join(self.strikers)} had first or double strike" if self.strikers else "no first striker"
                self.violated(f"the combat had {self.steps} combat damage steps with {why}")

    def _strikers(self) -> list[str] | None:
        """The creatures in combat with first or double strike, as the game was last observed."""
        view = self.game.view
        if view is None or view.keywords is None or not view.shows_battlefield:
            return None
        permanents = view.battlefield
        if permanents is None:
            return None
        keywords = view.keywords
        return [p.id for p in permanents if (p.attacking or p.blocking) and keywords.get(p.id)]
