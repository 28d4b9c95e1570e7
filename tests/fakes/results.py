"""Scenario results made by hand, for the tests of what is made of a run's results."""

from __future__ import annotations

from checker.judging.results import FailingStep, ScenarioResult, Status


def result(scenario: str, status: Status, edition: str = "cr2024", part: str = "untap") -> ScenarioResult:
    step = FailingStep("Then Alice has 19 life", 7, "wrong life", "19", "20") if status is Status.FAILED else None
    message = {Status.ERROR: "EngineFailure: crashed", Status.TIMEOUT: "EngineTimeout", Status.UNSUPPORTED: "no"}
    return ScenarioResult(
        id=ScenarioResult.make_id(part, scenario, None, edition),
        part=part,
        feature="Untap",
        scenario=scenario,
        example=None,
        edition=edition,
        rulings=(),
        status=status,
        duration=0.01,
        failing_step=step,
        message=message.get(status),
    )
