"""Phases and steps: their order, each inside its phase, one at a time; added or skipped ones only where an event
says so."""

from __future__ import annotations

from types import MappingProxyType

from checker.trace.check import Check
from checker.trace.format import Event

#: Parts of a turn that are not phases: no event begins or ends them (Mirage's "beginning of turn").
NOT_PHASES = frozenset({"beginning_of_turn"})


class PhaseOrder(Check):
    name = "phases.in-order"
    requires = "phases follow in the edition's order; an extra phase only where an event added it"
    rules = ("CR24-500.1", "CR24-500.8", "CR24-500.11", "CR08-300.1", "CR08-300.7", "GRT-1.9-2")
    events = frozenset({"phase_began", "phase_ended", "phase_skipped", "phase_added", "turn_began"})
    #: A phase that ends as the last phase begun changes nothing (its place was taken as it began).
    when = MappingProxyType({"phase_ended": "self.index < 0 or self.order[self.index] != e.subject"})

    def setup(self) -> None:
        super().setup()
        self.order = [p for p, _ in self.game.template if p not in NOT_PHASES]
        start = self.game.start
        self.index = self.order.index(start.phase) - 1 if start and start.phase in self.order else -1
        self.added: list[str] = []

    def event(self, e: Event) -> None:
        kind, phase = e.kind, e.subject or ""
        if kind == "turn_began":
            self.index, self.added = -1, []
        elif kind == "phase_added":
            self.added.append(phase)
        elif kind == "phase_began":
            self.occasions += 1
            expected = self.order[self.index + 1] if self.index + 1 < len(self.order) else None
            if phase != expected and phase in self.added:
                self.added.remove(phase)
                return
            if phase != expected:
                after = self.order[self.index] if self.index >= 0 else "the turn's beginning"
                self.violated(f"{_phase(phase)} began after {after}; next was {expected or 'the end of the turn'}")
            if phase in self.order:
                self.index = self.order.index(phase)
        elif phase in self.order and phase not in self.added:
            self.index = max(self.index, self.order.index(phase))


class StepOrder(Check):
    name = "phases.steps-in-order"
    requires = (
        "steps follow in their phase's order, each begun or skipped before the phase ends; an extra step only "
        "where an event added it, a second combat damage step only right after the first, a new cleanup step "
        "only after a cleanup step"
    )
    rules = (
        "CR24-501.1",
        "CR24-506.1",
        "CR24-512.1",
        "CR24-500.9",
        "CR08-301.1",
        "CR08-306.1",
        "CR08-312.1",
        "CR08-300.8",
    )
    events = frozenset(
        {"phase_began", "phase_ended", "step_began", "step_ended", "step_skipped", "step_added", "phase_added"}
    )
    #: A step that ends as the last step begun changes nothing (its place was taken as it began); a
    #: phase that begins with nothing of the last phase's left to forget, neither; a phase that ends
    #: after its last step (or has none), neither.
    when = MappingProxyType(
        {
            "step_ended": "e.subject != self.last",
            "phase_began": "self.index != -1 or self.last is not None or self.repeats or self.early",
            "phase_ended": "e.subject in game.stepped and self.index + 1 < len(game.steps_of(e.subject))"
            " and self.shows_steps",
        }
    )

    def setup(self) -> None:
        super().setup()
        start = self.game.start
        self.index = -1
        if start and start.phase and start.step:
            steps = self.game.steps_of(start.phase)
            self.index = steps.index(start.step) - 1 if start.step in steps else -1
        self.added: list[str] = []
        self.early: list[str] = []
        self.last: str | None = None
        self.repeats = 0
        #: Whether a step began, ended or was skipped yet: the trace shows its phases' steps.
        self.shows_steps = False

    def event(self, e: Event) -> None:
        kind, step, phase = e.kind, e.subject or "", self.game.phase
        self.shows_steps = self.shows_steps or kind.startswith("step_")
        if kind in ("step_added", "phase_added"):
            self.added.append(step)
            return
        if kind == "step_skipped" and phase is None:
            self.early.append(step)  # skipped as the turn ended, before the ending phase began
            return
        if kind == "phase_ended":
            self.ended(e.subject or "")
            return
        steps = self.game.steps_of(phase or "")
        if kind == "phase_began":
            self.index, self.last, self.repeats = -1, None, 0
            for skipped in self.early:
                self.index = max(self.index, steps.index(skipped)) if skipped in steps else self.index
            self.early = []
        elif kind == "step_began":
            self.occasions += 1
            repeat = step == self.last and step in ("combat_damage", "cleanup")
            if step in self.added:
                self.added.remove(step)
            elif repeat and (step == "cleanup" or self.repeats == 0):
                self.repeats += 1
            else:
                expected = steps[self.index + 1] if self.index + 1 < len(steps) else None
                if step != expected:
                    began = _step(step)
                    if self.last is None and phase is None:
                        self.violated(f"{began} began outside any phase")
                    else:
                        after = f"the {self.last} step" if self.last else f"the {phase} phase's beginning"
                        self.violated(f"{began} began after {after}; next was {expected or 'the end of the phase'}")
            if step in steps:
                self.index = max(self.index, steps.index(step))
            self.last = step
        elif kind in ("step_ended", "step_skipped"):
            if step in steps:
                at = steps.index(step)
                if kind == "step_skipped" and at > self.index + 1:
                    after = f"the {self.last} step" if self.last else f"the {phase} phase's beginning"
                    self.violated(f"{_step(step)} was skipped after {after}; next was {steps[self.index + 1]}")
                self.index = max(self.index, at)
            self.last = step

    def ended(self, phase: str) -> None:
        """A phase ends: each of its steps has begun or been skipped (an engine that skips one says so
        with step_skipped, as it does when combat has no attackers or an effect ends the turn). A
        trace with no step event before it (a source that shows phases only) doesn't say."""
        steps = self.game.steps_of(phase)
        if self.index + 1 < len(steps) and self.shows_steps:
            after = f"its {self.last} step" if self.last else "its beginning"
            left = steps[self.index + 1 :]
            which = f"{' and '.join(left)} {'step' if len(left) == 1 else 'steps'}"
            were = "was" if len(left) == 1 else "were"
            self.violated(f"the {phase} phase ended after {after}, and its {which} neither began nor {were} skipped")


class StepInsideItsPhase(Check):
    name = "phases.step-inside-its-phase"
    requires = "a step happens only inside a phase that has it (Mirage's phases have no steps)"
    rules = ("CR24-501.1", "CR24-506.1", "CR24-512.1", "CR08-301.1", "CR08-306.1", "CR08-312.1", "GRT-1.3-1")
    events = frozenset({"step_began"})

    def event(self, e: Event) -> None:
        self.occasions += 1
        phase = self.game.phase
        if e.subject not in self.game.steps_of(phase or ""):
            self.violated(f"{_step(e.subject)} began in {f'the {phase} phase' if phase else 'no phase'}")


class OneStepAtATime(Check):
    name = "phases.one-at-a-time"
    requires = "a step or phase ends before the next begins, and a phase's steps end before the phase does"
    rules = ("CR24-500.12", "CR08-300.2")
    events = frozenset({"step_began", "step_ended", "phase_began", "phase_ended"})

    def setup(self) -> None:
        super().setup()
        start = self.game.start
        steps = self.game.steps_of(start.phase) if start and start.phase else ()
        self.phase = bool(start and start.step and steps and start.step != steps[0])
        self.step = False

    def event(self, e: Event) -> None:
        self.occasions += 1
        kind = e.kind
        if kind == "step_began":
            if self.step:
                self.violated(f"{_step(e.subject)} began before the previous step ended")
            self.step = True
        elif kind == "step_ended":
            self.step = False
        elif kind == "phase_began":
            if self.phase or self.step:
                self.violated(f"{_phase(e.subject)} began before the previous phase ended")
            self.phase, self.step = True, False
        else:
            if self.step:
                self.violated(f"the {e.subject} phase ended while one of its steps was under way")
            self.phase = self.step = False


def _phase(name: str | None) -> str:
    """A phase as a violation names it (an event may leave its name out)."""
    return f"the {name} phase" if name else "a phase without a name"


def _step(name: str | None) -> str:
    return f"the {name} step" if name else "a step without a name"
