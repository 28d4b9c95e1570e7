"""Turning pytest's outcome of each scenario into a :class:`~checker.judging.results.ScenarioResult`.

On the process that runs a scenario (a pytest-xdist worker, or the only process), the
report of its deciding phase gets the result as a user property; the process that
gathers reports (the controller) collects them into a :class:`~checker.judging.results.RunReport`.
"""

from __future__ import annotations

import dataclasses
import time
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.exceptions import StepDefinitionNotFoundError
from pytest_bdd.scenario import scenario_wrapper_template_registry
from pytest_bdd.utils import registry_get_safe

from checker.contract.interface import EngineFailure, EngineTimeout
from checker.judging.results import EngineIdentity, FailingStep, RunReport, ScenarioResult, Status
from checker.running.steps.context import ScenarioError

RESULT = "mtg_result"
ENGINE = "mtg_engine"
FAILING_STEP = pytest.StashKey[FailingStep]()
ENGINE_IDENTITY = pytest.StashKey[dict[str, str]]()


def suite_version() -> str:
    try:
        return metadata.version("mtg-turn-conformance")
    except metadata.PackageNotFoundError:  # running from a checkout that isn't installed
        return "unknown"


def scenario_rulings(item: pytest.Item) -> set[str]:
    """The ruling ids a collected scenario carries, from any level of its feature file."""
    ids = {str(m.args[0]) for m in item.iter_markers("ruling")}
    return ids | {m.name.partition(":")[2] for m in item.iter_markers() if m.name.startswith("ruling:")}


def scenario_template(item: pytest.Item) -> Any:
    return registry_get_safe(scenario_wrapper_template_registry, getattr(item, "obj", None))


def scenario_feature(item: pytest.Item) -> str | None:
    template = scenario_template(item)
    return Path(template.feature.filename).stem if template is not None else None


def record_step_failure(request: pytest.FixtureRequest, step: Any, exception: BaseException) -> None:
    expected = getattr(exception, "expected", None)
    observed = getattr(exception, "observed", None)
    text = f"{step.keyword} {step.name}".strip()
    request.node.stash[FAILING_STEP] = FailingStep(text, step.line_number, str(exception), expected, observed)


def result_of(item: pytest.Item, report: pytest.TestReport, call: pytest.CallInfo[None]) -> ScenarioResult | None:
    """The scenario's result, if this report decides it (a setup that didn't pass, or the call)."""
    callspec = getattr(item, "callspec", None)
    template = scenario_template(item)
    if callspec is None or template is None or "edition" not in callspec.params:
        return None
    if report.when == "teardown" or (report.when == "setup" and report.passed):
        return None
    example_values = callspec.params.get("_pytest_bdd_example") or {}
    example = ", ".join(str(v) for v in example_values.values()) or None
    part = Path(template.feature.filename).stem
    edition = str(callspec.params["edition"])
    status, message = _status(report, call)
    steps = _scenario_text(item.config, template, example_values)
    return ScenarioResult(
        id=ScenarioResult.make_id(part, template.name, example, edition),
        part=part,
        feature=template.feature.name,
        scenario=template.name,
        example=example,
        edition=edition,
        rulings=tuple(sorted(scenario_rulings(item))),
        status=status,
        duration=round(report.duration, 4),
        steps=steps,
        failing_step=item.stash.get(FAILING_STEP, None) if status is not Status.PASSED else None,
        message=message,
    )


#: (the scenario template, its example's values) -> its steps' text, shared by its runs per edition.
_TEXTS = pytest.StashKey[dict[tuple[int, tuple[tuple[str, str], ...]], tuple[str, ...]]]()


def _scenario_text(config: pytest.Config, template: Any, example_values: dict[str, str]) -> tuple[str, ...]:
    texts = config.stash.setdefault(_TEXTS, {})
    key = (id(template), tuple(example_values.items()))
    if key not in texts:
        try:
            texts[key] = tuple(f"{s.keyword} {s.name}" for s in template.render(example_values).steps)
        except Exception:  # a template that can't be rendered still gets a result
            texts[key] = ()
    return texts[key]


def _status(report: pytest.TestReport, call: pytest.CallInfo[None]) -> tuple[Status, str | None]:
    if report.passed:
        return Status.PASSED, None
    if report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        return Status.UNSUPPORTED, reason.removeprefix("Skipped: ")
    exc = call.excinfo.value if call.excinfo is not None else None
    message = f"{type(exc).__name__}: {exc}" if exc is not None else report.longreprtext
    if isinstance(exc, EngineTimeout):
        return Status.TIMEOUT, message
    if isinstance(exc, ScenarioError | AssertionError) and not isinstance(exc, StepDefinitionNotFoundError):
        return Status.FAILED, str(exc)
    return Status.ERROR, message if isinstance(exc, EngineFailure) else f"{message}"


class Collector:
    """Gathers the results of a run (on the controller, with pytest-xdist); a pytest plugin object."""

    def __init__(self, engine_spec: str) -> None:
        self.engine_spec = engine_spec
        self.results: list[ScenarioResult] = []
        self.identity: EngineIdentity | None = None
        self.started = datetime.now(UTC).isoformat(timespec="seconds")
        self._clock = time.monotonic()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.add(report)

    def add(self, report: pytest.TestReport) -> ScenarioResult | None:
        found = None
        for key, value in report.user_properties:
            if key == RESULT and isinstance(value, dict):
                found = _result_from_dict(value)
                self.results.append(found)
            elif key == ENGINE and self.identity is None and isinstance(value, dict):
                self.identity = EngineIdentity(str(value["name"]), str(value["version"]), self.engine_spec)
        return found

    def report(self, editions: tuple[str, ...]) -> RunReport:
        identity = self.identity or EngineIdentity("unknown", "unknown", self.engine_spec)
        return RunReport(
            suite_version(),
            identity,
            self.started,
            round(time.monotonic() - self._clock, 3),
            editions,
            tuple(sorted(self.results, key=lambda r: r.id)),
        )


def result_to_dict(result: ScenarioResult) -> dict[str, Any]:
    """Plain data only, so that pytest-xdist can send it from a worker (its fields are plain
    already, but for the status and the failing step: no deep copy of the rest is needed)."""
    data = {f.name: getattr(result, f.name) for f in dataclasses.fields(result)}
    data["status"] = str(result.status)
    if result.failing_step is not None:
        data["failing_step"] = dataclasses.asdict(result.failing_step)
    return data


def _result_from_dict(data: dict[str, Any]) -> ScenarioResult:
    step = data.get("failing_step")
    return ScenarioResult(
        **{
            **data,
            "status": Status(data["status"]),
            "rulings": tuple(data["rulings"]),
            "steps": tuple(data["steps"]),
            "failing_step": FailingStep(**step) if step else None,
        }
    )
