"""Turning pytest's outcome of each scenario into a :class:`~checker.judging.results.ScenarioResult`.

On the process that runs a scenario (a pytest-xdist worker, or the only process), the
report of its deciding phase gets the result as a user property; the process that
gathers reports (the controller) collects them into a :class:`~checker.judging.results.RunReport`.
"""

from __future__ import annotations

import dataclasses
import subprocess
import time
from collections.abc import Callable, Generator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.exceptions import StepDefinitionNotFoundError
from pytest_bdd.scenario import scenario_wrapper_template_registry
from pytest_bdd.utils import registry_get_safe

from checker.contract.exits import ended
from checker.contract.features import suite_version
from checker.contract.interface import EngineFailure, EngineTimeout
from checker.judging.results import EngineIdentity, FailingStep, RunReport, ScenarioResult, Status
from checker.running.collect import UNREADABLE, malformed_file
from checker.running.recording import trace_names
from checker.running.steps.context import ScenarioError

RESULT = "mtg_result"
ENGINE = "mtg_engine"
#: A scenario run's trace that ``--record-traces`` couldn't write: the file and why.
TRACE_NOT_WRITTEN = "mtg_trace_not_written"
#: The name of the trace a scenario run wrote with ``--record-traces``, whole.
TRACE_WRITTEN = "mtg_trace_written"
#: The ids a pytest-xdist worker's session deselected, sent to the controller with the worker's output.
DESELECTED = "mtg_deselected"
#: How many scenario runs a pytest-xdist worker's session collected, sent alike.
PLANNED = "mtg_planned"
#: The parts (feature files) a pytest-xdist worker's session collected scenario runs of, sent alike.
PARTS = "mtg_parts"
#: The reason of the pytest.exit() that ended a pytest-xdist worker's session, sent alike.
EXITED = "mtg_exited"
FAILING_STEP = pytest.StashKey[FailingStep]()
ENGINE_IDENTITY = pytest.StashKey[dict[str, str]]()


def scenario_rulings(item: pytest.Item) -> set[str]:
    """The ruling ids a collected scenario carries, from any level of its feature file."""
    ids = {str(m.args[0]) for m in item.iter_markers("ruling")}
    return ids | {m.name.partition(":")[2] for m in item.iter_markers() if m.name.startswith("ruling:")}


def scenario_template(item: pytest.Item) -> Any:
    return registry_get_safe(scenario_wrapper_template_registry, getattr(item, "obj", None))


def scenario_feature(item: pytest.Item) -> str | None:
    """The part of the turn (feature file's name) of a scenario, or of a feature file that can't be read."""
    template = scenario_template(item)
    if template is not None:
        return Path(template.feature.filename).stem
    unreadable = malformed_file(item)
    return unreadable.stem if unreadable is not None else None


def scenario_name(item: pytest.Item) -> str | None:
    """A scenario's name as its result's id has it: with an outline's example values in brackets."""
    template = scenario_template(item)
    if template is None:
        return UNREADABLE if malformed_file(item) is not None else None
    example = _example(item)
    return f"{template.name} [{example}]" if example else str(template.name)


def _example(item: pytest.Item) -> str | None:
    callspec = getattr(item, "callspec", None)
    values = (callspec.params.get("_pytest_bdd_example") or {}) if callspec is not None else {}
    return ", ".join(str(v) for v in values.values()) or None


def record_step_failure(request: pytest.FixtureRequest, step: Any, exception: BaseException) -> None:
    expected = getattr(exception, "expected", None)
    observed = getattr(exception, "observed", None)
    text = f"{step.keyword} {step.name}".strip()
    table = None if step.datatable is None else tuple(tuple(map(str, row)) for row in step.datatable.raw())
    request.node.stash[FAILING_STEP] = FailingStep(text, step.line_number, str(exception), expected, observed, table)


def _scenario_run(item: pytest.Item) -> tuple[Any, Any, Path | None] | None:
    """A collected test's parameters, scenario template and unreadable feature file, where it is a
    scenario run, which gets a result: a scenario in an edition (its template), or a feature file
    that can't be read, in an edition (the file); None for any other test."""
    callspec = getattr(item, "callspec", None)
    if callspec is None or "edition" not in callspec.params:
        return None
    template, unreadable = scenario_template(item), malformed_file(item)
    return None if template is None and unreadable is None else (callspec, template, unreadable)


def runs_a_scenario(item: pytest.Item) -> bool:
    """Whether a collected test is a scenario run, which gets a result."""
    return _scenario_run(item) is not None


def result_of(item: pytest.Item, report: pytest.TestReport, call: pytest.CallInfo[None]) -> ScenarioResult | None:
    """The scenario's result, if this report decides it (a setup that didn't pass, or the call)."""
    if report.when == "teardown" or (report.when == "setup" and report.passed):
        return None
    run = _scenario_run(item)
    if run is None:
        return None
    callspec, template, unreadable = run
    example = _example(item)
    edition = str(callspec.params["edition"])
    status, message = _status(report, call)
    steps: tuple[str, ...] = ()
    title: str | None = None
    if template is None:
        assert unreadable is not None
        part, feature, name = unreadable.stem, unreadable.name, UNREADABLE
    else:
        part, feature, name = Path(template.feature.filename).stem, template.feature.name, template.name
        steps, title = _rendered(item.config, template, callspec.params.get("_pytest_bdd_example") or {})
    return ScenarioResult(
        id=ScenarioResult.make_id(part, name, example, edition),
        part=part,
        feature=feature,
        scenario=name,
        example=example,
        edition=edition,
        rulings=tuple(sorted(scenario_rulings(item))),
        status=status,
        duration=round(report.duration, 4),
        steps=steps,
        failing_step=item.stash.get(FAILING_STEP, None) if status is not Status.PASSED else None,
        message=message,
        title=title,
    )


#: (the scenario template, its example's values) -> what _rendered makes of them, shared by its runs per edition.
_RENDERED = pytest.StashKey[dict[tuple[int, tuple[tuple[str, str], ...]], tuple[tuple[str, ...], str | None]]]()


def _rendered(
    config: pytest.Config, template: Any, example_values: dict[str, str]
) -> tuple[tuple[str, ...], str | None]:
    """The scenario's steps with the example's values, and its name with them where that differs;
    rendered once for all the scenario's editions."""
    rendered = config.stash.setdefault(_RENDERED, {})
    key = (id(template), tuple(example_values.items()))
    if key not in rendered:
        try:
            scenario = template.render(example_values)
        except Exception:  # a template that can't be rendered still gets a result
            rendered[key] = ((), None)
        else:
            steps = tuple(f"{s.keyword} {s.name}" for s in scenario.steps)
            rendered[key] = (steps, scenario.name if scenario.name != template.name else None)
    return rendered[key]


def scenario_id(item: pytest.Item) -> str | None:
    """The stable id of a collected scenario run (None for a test that isn't one)."""
    callspec = getattr(item, "callspec", None)
    template = scenario_template(item)
    if callspec is None or template is None or "edition" not in callspec.params:
        return None
    part, edition = Path(template.feature.filename).stem, str(callspec.params["edition"])
    return ScenarioResult.make_id(part, template.name, _example(item), edition)


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
        self.planned: int | None = None  # scenario runs selected, once collected
        self.tests: int | None = None  # tests of the session, scenario runs or not, once collected
        #: Scenario runs the session's selection left out, whoever chose (node ids, -k, --deselect, -m, --lf).
        self.deselected: set[str] = set()
        #: The parts (feature files) the session collected scenario runs of, selected or not, and those of
        #: its results: a scenario of another part is outside the session (see :meth:`Conclusion.conclude`).
        self.parts: set[str] = set()
        self._made: list[pytest.Item] = []  # the tests the session's collectors made, until it has chosen
        self.finished = 0  # tests of the session that ran to their end (their teardown reported)
        #: What ended in the session's tests: a pytest-xdist worker's process, in which test, how (if known).
        self.crashed: list[str] = []
        #: What ended the session by a KeyboardInterrupt, if anything did: Ctrl-C, a signal, pytest-xdist's stop.
        self.interrupt: KeyboardInterrupt | None = None
        #: How pytest.exit() (an adapter's, a test's) stopped the session, if it did: where, and its reason.
        self.exited: str | None = None
        self.exit_reason: str | None = None  # (on a pytest-xdist worker, sent to the controller)
        self.traces_not_written: list[str] = []
        self.traces_written: set[str] = set()  # the file names of the traces the run wrote
        #: With ``--record-traces``: each collected scenario run's trace file name, selected or not (each its own).
        self.trace_names: dict[str, str] = {}
        #: Called as the first scenario result comes in (a pytest session takes SIGTERM and SIGHUP then).
        self.on_first_result: Callable[[], None] | None = None
        self.started = datetime.now(UTC).isoformat(timespec="seconds")
        self._clock = time.monotonic()

    @pytest.hookimpl(wrapper=True, trylast=True)  # the innermost: what the collector made, before --lf takes some
    def pytest_make_collect_report(
        self, collector: pytest.Collector
    ) -> Generator[None, pytest.CollectReport, pytest.CollectReport]:
        report = yield
        if report.passed:
            self._made.extend(node for node in report.result if isinstance(node, pytest.Item))
        return report

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.parts.update(part for item in self._made if runs_a_scenario(item) and (part := scenario_feature(item)))
        if session.config.getoption("record_traces", None):  # named from every run collected, whatever is selected
            self.trace_names = trace_names(run for item in self._made if (run := scenario_id(item)) is not None)
        self._left_out(session.items)
        self.tests = len(session.items)
        self.planned = sum(map(runs_a_scenario, session.items))
        worker_output = getattr(session.config, "workeroutput", None)
        if worker_output is not None:  # every worker collects the same: any one tells the controller
            worker_output[DESELECTED] = sorted(self.deselected)
            worker_output[PLANNED] = self.planned
            worker_output[PARTS] = sorted(self.parts)

    def _left_out(self, items: list[pytest.Item]) -> None:
        """The scenario runs that were collected and that the session's selection left out, whoever chose:
        the node ids it was given (``path::test_name``, which pytest matches among the tests of a file
        it collected, unsaid), ``-k``, ``--deselect``, ``-m``, ``--lf``. A scenario no longer in its feature
        file was never collected: its expectation is stale still."""
        kept = set(items)
        left_out = [item for item in self._made if item not in kept]
        self._made = []
        if left_out:
            running = {scenario_id(item) for item in items}  # (a file also given whole is collected twice)
            self.deselected.update(
                run for item in left_out if (run := scenario_id(item)) is not None and run not in running
            )

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        if self.tests is None:
            self.tests = len(ids)

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node: Any, error: object) -> None:
        """A worker's output, once it has ended its session: it didn't, when the controller was
        interrupted or the worker's process ended, and the number of scenario runs may stay unknown."""
        output = getattr(node, "workeroutput", {})
        self.deselected.update(output.get(DESELECTED, ()))
        self.parts.update(output.get(PARTS, ()))
        if self.planned is None and isinstance(output.get(PLANNED), int):
            self.planned = output[PLANNED]
        if self.exited is None and isinstance(output.get(EXITED), str):
            self.exited = stopped_by_exit(output[EXITED], node.gateway.id)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.add(report.user_properties)
        self.finished += report.when == "teardown"

    def pytest_keyboard_interrupt(self, excinfo: pytest.ExceptionInfo[BaseException]) -> None:
        """What ended the session early: a KeyboardInterrupt, or pytest.exit(), which pytest tells here too."""
        if isinstance(excinfo.value, KeyboardInterrupt):
            self.interrupt = excinfo.value
        elif isinstance(excinfo.value, pytest.exit.Exception):
            self.exit_reason = excinfo.value.msg
            self.exited = stopped_by_exit(self.exit_reason)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        worker_output = getattr(session.config, "workeroutput", None)
        if worker_output is not None and self.exit_reason is not None:  # told to the controller
            worker_output[EXITED] = self.exit_reason

    @pytest.hookimpl(optionalhook=True)
    def pytest_handlecrashitem(self, crashitem: str, report: pytest.TestReport, sched: Any) -> None:
        """A test in which a pytest-xdist worker ended: said in the partial run's reason, and in the
        test's failure (which pytest-xdist calls a crash), with how it ended where that is known: the
        signal that killed its process (SIGKILL: the system out of memory, a CI runner), its exit code,
        pytest.exit() in its session."""
        name, how = _worker_end(getattr(report, "node", None))
        self.crashed.append(f"pytest-xdist worker {name}'s {how or 'process ended'} while running {crashitem}")
        if how is not None:
            report.longrepr = f"{report.longrepr} (its {how})"

    def cut_short(self) -> str | None:
        """Why the session ended with some of its tests not run, where neither an interrupt nor
        pytest's stop (-x) nor pytest.exit() says: a pytest-xdist worker's process that ended in a test
        (an adapter that exits its process, a crash), an internal error. Their
        scenarios have no result: the run is partial, not the smaller run it would look like."""
        if self.crashed:
            more = f" (and {len(self.crashed) - 1} more in other tests)" if len(self.crashed) > 1 else ""
            return f"{self.crashed[0]}{more}"
        if self.tests is not None and self.finished < self.tests:
            return f"the session ended with {self.tests - self.finished} of its {self.tests} tests unfinished"
        return None

    def partial(self, cause: str) -> str:
        """Why a run is partial: the cause, and how many of its scenario runs had a result."""
        of = f" of {self.planned}" if self.planned is not None else ""
        return f"{cause}; {len(self.results)}{of} scenario runs done"

    def add(self, properties: list[tuple[str, object]]) -> ScenarioResult | None:
        """Take in a scenario's result and the engine's identity from a report's user properties.

        A run's results are one engine's, the one its report names: the first identity seen (or
        ``smoke``'s handshake's). A scenario whose engine named itself otherwise (a process restarted
        as another version, an adapter that names itself afresh each time it is made) errs, saying
        so, rather than passing under a name that isn't its engine's."""
        found = identity = None
        for key, value in properties:
            if key == RESULT and isinstance(value, dict):
                found = _result_from_dict(value)
            elif key == ENGINE and isinstance(value, dict):
                identity = EngineIdentity(str(value["name"]), str(value["version"]), self.engine_spec)
            elif key == TRACE_NOT_WRITTEN:
                self.traces_not_written.append(str(value))
            elif key == TRACE_WRITTEN:
                self.traces_written.add(str(value))
        if identity is not None:
            if self.identity is None:
                self.identity = identity
            elif found is not None:
                found = _of_another_engine(found, self.identity, identity)
        if found is not None:
            self.parts.add(found.part)
            if not self.results and self.on_first_result is not None:
                self.on_first_result()
            self.results.append(found)
        return found

    def traces_problem(self) -> str | None:
        """What the run says of the traces ``--record-traces`` couldn't write, if any."""
        if not self.traces_not_written:
            return None
        count = len(self.traces_not_written)
        runs = "scenario run's trace" if count == 1 else "scenario runs' traces"
        return (
            f"{count} {runs} could not be written and {'was' if count == 1 else 'were'} left out "
            f"(the first: {self.traces_not_written[0]}); the scenarios' results stand"
        )

    def other_traces(self, directory: Path) -> str | None:
        """What the run says of the traces in ``directory`` that it didn't write, if any: an earlier run's
        (of scenarios this one didn't run), a user's. They are left there, but ``turncheck trace`` and
        ``turncheck site --traces`` would read them with this run's, as if of one run."""
        from checker.trace.files import traces_in  # (only a run that records traces reads the module)

        others = [path.name for path in traces_in(directory) if path.name not in self.traces_written]
        if not others:
            return None
        traces = "trace" if len(others) == 1 else "traces"
        return (
            f"{directory} holds {len(others)} {traces} this run didn't write, an earlier run's (the first: "
            f"{others[0]}): turncheck trace {directory} would check them with this run's "
            f"{len(self.traces_written)}; record each run into a directory of its own to keep them apart"
        )

    def report(self, editions: tuple[str, ...], partial: str | None = None) -> RunReport:
        identity = self.identity or EngineIdentity.unknown(self.engine_spec)
        return RunReport(
            suite_version(),
            identity,
            self.started,
            round(time.monotonic() - self._clock, 3),
            editions,
            tuple(sorted(self.results, key=lambda r: r.id)),
            partial,
        )


def _of_another_engine(result: ScenarioResult, run: EngineIdentity, engine: EngineIdentity) -> ScenarioResult:
    """A scenario's result where its engine named itself ``engine``: itself when that is the run's
    engine (``run``), else an error that says both names."""
    if (engine.name, engine.version) == (run.name, run.version):
        return result
    return dataclasses.replace(
        result,
        status=Status.ERROR,
        failing_step=None,
        message=(
            f"{result.status} as engine {engine.name!r} {engine.version!r}, not as the run's, {run.name!r} "
            f"{run.version!r} (as it named itself first): a run's results must all be of one engine (was its "
            "process restarted as another version, or does its adapter name itself anew each time it is made?)"
        ),
    )


def stopped_by_exit(reason: str, worker: str | None = None) -> str:
    where = f" in pytest-xdist worker {worker}" if worker is not None else ""
    return f"stopped by pytest.exit(){where}" + (f": {reason}" if reason else "")


#: How long the controller waits for a pytest-xdist worker's process whose connection has closed to be
#: gone, to say how it ended: it is ending, but the system tells how a moment after the connection closes.
WORKER_EXIT_WAIT = 2.0


def _worker_end(worker: Any) -> tuple[str, str | None]:
    """A pytest-xdist worker's name, and how it ended where the controller can know it. A worker that
    ended its session in the test (it sent its output) was stopped by pytest.exit() (its output
    says so) or interrupted (a KeyboardInterrupt), its process unharmed. Else its process ended:
    how, by its exit code (:func:`~checker.contract.exits.ended`), for a process the controller
    started itself, whose process object is execnet's own (``gateway._io.popen``, no public
    name), gone within :data:`WORKER_EXIT_WAIT`."""
    gateway = getattr(worker, "gateway", None)
    name = str(getattr(gateway, "id", "?"))
    output = getattr(worker, "workeroutput", None)
    if output is not None:
        return name, "session was stopped by pytest.exit()" if EXITED in output else None
    process = getattr(getattr(gateway, "_io", None), "popen", None)
    if not isinstance(process, subprocess.Popen):
        return name, None
    try:
        return name, f"process {ended(process.wait(timeout=WORKER_EXIT_WAIT))}"
    except subprocess.TimeoutExpired:
        return name, None


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
            "failing_step": FailingStep.from_data(step) if step else None,
        }
    )
