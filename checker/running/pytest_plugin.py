"""The pytest side of the suite, the plugin pytest loads: engine choice, each scenario's game,
unsupported as skipped, each test's result.

Its other modules: the options (:mod:`checker.running.pytest_options`), the scenario runs
collected (:mod:`checker.running.scenario_runs`), the session's end
(:mod:`checker.running.session_end`) and what the session keeps for it
(:mod:`checker.running.session_state`). Their hooks and fixtures are imported here: pytest
finds a plugin's on its module.
"""

from __future__ import annotations

import warnings
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from checker.contract.interface import EngineAdapter, UnsupportedError
from checker.contract.interrupts import Terminations
from checker.running import feature_cache, step_calls, step_resolution
from checker.running.collect import feature_files
from checker.running.collector import (
    ENGINE,
    ENGINE_IDENTITY,
    RESULT,
    TRACE_NOT_WRITTEN,
    TRACE_WRITTEN,
    Collector,
    record_step_failure,
    result_of,
    result_to_dict,
    scenario_id,
)
from checker.running.conclude import Conclusion
from checker.running.engines import EngineNotFound, EngineProvider
from checker.running.garbage import collect_less
from checker.running.options import OptionError, check_output_dir
from checker.running.pytest_options import pytest_addoption, selection
from checker.running.recording import RecordingAlongside, trace_path
from checker.running.scenario_runs import (
    edition,
    pytest_bdd_apply_tag,
    pytest_collection_modifyitems,
    pytest_generate_tests,
)
from checker.running.session_end import pytest_runtestloop, pytest_sessionfinish, pytest_terminal_summary
from checker.running.session_state import _COLLECTOR, _CONCLUSION, _GC_THRESHOLD, _PROVIDER, _TERMINATIONS
from checker.running.steps import given, then, when
from checker.running.steps.context import ScenarioGame

# pytest finds a plugin's hooks and fixtures on its module: those of the plugin's other modules are
# imported here, and named with its own.
__all__ = [
    "edition",
    "game",
    "pytest_addoption",
    "pytest_bdd_apply_tag",
    "pytest_bdd_step_error",
    "pytest_bdd_step_func_lookup_error",
    "pytest_collection_finish",
    "pytest_collection_modifyitems",
    "pytest_configure",
    "pytest_generate_tests",
    "pytest_pyfunc_call",
    "pytest_runtest_makereport",
    "pytest_runtestloop",
    "pytest_sessionfinish",
    "pytest_sessionstart",
    "pytest_terminal_summary",
]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "edition(name): the rules edition a scenario holds in")
    config.addinivalue_line("markers", "ruling(id): a ruling the scenario transcribes")
    config.addinivalue_line("markers", "edition_not_selected: the scenario's editions were not chosen with --edition")
    # pytest-bdd turns a tag on an Examples block into a mark named after the whole tag, which
    # can't be registered (a marker's name ends at its first colon); the linter checks those tags.
    config.addinivalue_line("filterwarnings", "ignore:Unknown pytest.mark.ruling")
    if config.pluginmanager.is_blocked("warnings"):  # as in turncheck certify: nothing applies that line
        warnings.filterwarnings("ignore", "Unknown pytest.mark.ruling", pytest.PytestUnknownMarkWarning)
    collector = Collector(str(config.getoption("engine")))
    config.stash[_COLLECTOR] = collector
    # SIGTERM and SIGHUP as Ctrl-C from the first scenario result (before it, a signal loses nothing).
    terminations = config.stash[_TERMINATIONS] = Terminations()
    collector.on_first_result = terminations.take
    config.pluginmanager.register(collector, "mtg-turn-conformance-collector")
    for module in (given, when, then):
        if not config.pluginmanager.is_registered(module):
            config.pluginmanager.register(module)
    step_resolution.install()
    step_calls.install()
    feature_cache.preload(feature_files(config))


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """The collected scenarios live as long as the run: once collected, the garbage collector
    leaves them alone and collects less often (:func:`checker.running.garbage.collect_less`).
    (Whatever garbage collecting left is frozen with the rest: collecting the whole heap first
    cost more than it freed.) Both end with the session. Side by side, each certification
    took 3 to 5% less time. The feature files parsed for this run are kept for the next
    (:mod:`checker.running.feature_cache`)."""
    feature_cache.store(feature_files(session.config))
    if any("edition" in getattr(item, "fixturenames", ()) for item in session.items):
        session.config.stash[_GC_THRESHOLD] = collect_less()


def runs_scenarios(config: pytest.Config) -> bool:
    """Whether this session runs the scenarios itself: not pytest-xdist's controller, whose workers do."""
    return not getattr(config.option, "numprocesses", None) or hasattr(config, "workerinput")


def _sessions(config: pytest.Config) -> int:
    """How many sessions run side by side, each with its engine: ``--shard``'s N, pytest-xdist's workers."""
    worker = getattr(config, "workerinput", None)
    if worker is not None:
        return int(worker.get("workercount", 1))
    share = config.getoption("shard")
    return share[1] if share else 1


def pytest_sessionstart(session: pytest.Session) -> None:
    """A wrong --engine, selection, report directory or expectations file is a usage error
    before anything runs, not an error in every test or a lost run at the end."""
    config = session.config
    try:
        if config.getoption("record_traces"):
            check_output_dir("--record-traces", config.getoption("record_traces"))
        config.stash[_CONCLUSION] = Conclusion.prepare(
            selection(config),
            config.getoption("report_dir"),
            config.getoption("expect"),
            config.getoption("write_expectations"),
        )
    except OptionError as exc:
        raise pytest.UsageError(str(exc)) from exc
    try:
        provider = EngineProvider(
            str(config.getoption("engine")),
            config.getoption("request_timeout"),
            config.getoption("validate_messages"),
            config.getoption("max_message_bytes"),
            _sessions(config),
        )
        provider.check()
    except EngineNotFound as exc:
        raise pytest.UsageError(str(exc)) from exc
    config.stash[_PROVIDER] = provider
    if runs_scenarios(config):
        provider.start_early()


#: Set on a test whose call came to its end (pytest makes no report of one a KeyboardInterrupt or
#: pytest.exit() stopped): a scenario run's game, recorded, is then whole.
_PLAYED = pytest.StashKey[bool]()


@pytest.fixture
def game(request: pytest.FixtureRequest, edition: str) -> Iterator[ScenarioGame]:
    """The scenario's game on a ready adapter (an engine process that failed is restarted).
    The adapter is taken here rather than from a fixture of its own: each fixture costs pytest
    a request object, and one fewer per scenario run measured 2 to 5% less processor time."""
    engine: EngineAdapter = request.config.stash[_PROVIDER].get()
    capabilities = engine.capabilities()  # the engine's identity, even when it doesn't support the edition
    request.node.stash[ENGINE_IDENTITY] = {"name": capabilities.name, "version": capabilities.version}
    directory = request.config.getoption("record_traces")
    recorder = None
    if directory:
        run_id = scenario_id(request.node) or request.node.nodeid
        path = trace_path(Path(directory), run_id, request.config.stash[_COLLECTOR].trace_names)
        engine = recorder = RecordingAlongside(engine, path, run_id)
    scenario = ScenarioGame(engine, edition)
    yield scenario
    if recorder is not None:
        if _PLAYED not in request.node.stash:  # the run interrupted, pytest.exit(): the game was cut short
            recorder.close()
        elif recorder.finish():  # sent with the teardown's report, as the failure below
            request.node.user_properties.append((TRACE_WRITTEN, recorder.final.name))
        if recorder.failure is not None:
            request.node.user_properties.append((TRACE_NOT_WRITTEN, recorder.failure))


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> Generator[None, object, object]:
    """A scenario that needs what the engine can't do is unsupported: skipped with the reason."""
    try:
        return (yield)
    except UnsupportedError as exc:
        pytest.skip(f"unsupported: {exc}")


# --------------------------------------------------------------------------- results and reports


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if call.when == "call":
        item.stash[_PLAYED] = True
    result = result_of(item, report, call)
    if result is not None:
        report.user_properties.append((RESULT, result_to_dict(result)))
        identity = item.stash.get(ENGINE_IDENTITY, None)
        if identity is not None:
            report.user_properties.append((ENGINE, identity))
    return report


@pytest.hookimpl(optionalhook=True)  # pytest-bdd's hook: a session may leave pytest-bdd out
def pytest_bdd_step_error(
    request: pytest.FixtureRequest,
    feature: Any,
    scenario: Any,
    step: Any,
    step_func: Any,
    step_func_args: Any,
    exception: Exception,
) -> None:
    record_step_failure(request, step, exception)


@pytest.hookimpl(optionalhook=True)  # pytest-bdd's hook: a session may leave pytest-bdd out
def pytest_bdd_step_func_lookup_error(
    request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any, exception: Exception
) -> None:
    record_step_failure(request, step, exception)
