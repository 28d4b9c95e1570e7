"""The pytest side of the suite: engine choice, one run per edition, unsupported as skipped.

Tags ``@edition:<name>`` become one parametrized run of the scenario per edition (they
belong on a Feature, Rule or Scenario); tags ``@ruling:<id>`` become ``ruling`` marks.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import pytest

from checker.contract.interface import EngineAdapter, UnsupportedError
from checker.contract.vocabulary import EDITIONS
from checker.judging.results import RunReport, Status
from checker.running import step_resolution
from checker.running.collector import (
    ENGINE,
    ENGINE_IDENTITY,
    RESULT,
    Collector,
    record_step_failure,
    result_of,
    result_to_dict,
    scenario_feature,
    scenario_rulings,
)
from checker.running.engines import EngineNotFound, EngineProvider
from checker.running.steps import given, then, when
from checker.running.steps.context import ScenarioGame
from checker.running.wire.client import DEFAULT_TIMEOUT


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("conformance", "MTG turn-structure conformance")
    group.addoption(
        "--engine",
        default="reference",
        help="engine to certify: 'reference', 'package.module:AdapterClass', or a command line that speaks "
        "the wire protocol (default: reference)",
    )
    group.addoption(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"how long an engine process may take to answer one request (default: {DEFAULT_TIMEOUT:g})",
    )
    group.addoption(
        "--report-dir",
        metavar="DIR",
        help="write every report of the run (JSON, JUnit XML, Markdown, HTML, badges) into DIR",
    )
    group.addoption(
        "--expect",
        metavar="FILE",
        help="an expectations file: the run passes exactly when its results match it",
    )
    group.addoption(
        "--write-expectations",
        metavar="FILE",
        help="write the run's non-passing scenarios as an expectations file to start from",
    )
    group.addoption(
        "--validate-messages",
        action="store_true",
        help="check every wire message against the protocol's schemas (for debugging an engine)",
    )
    group.addoption(
        "--ruling",
        action="append",
        metavar="ID",
        help="run only scenarios tagged @ruling:ID (repeatable)",
    )
    group.addoption(
        "--part",
        action="append",
        metavar="NAME",
        help="run only the scenarios of this part of the turn: a feature file's name, e.g. 'untap' (repeatable)",
    )
    group.addoption(
        "--edition",
        action="append",
        choices=EDITIONS,
        help="run only this rules edition (repeatable; default: every edition a scenario is tagged with)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "edition(name): the rules edition a scenario holds in")
    config.addinivalue_line("markers", "ruling(id): a ruling the scenario transcribes")
    config.addinivalue_line("markers", "edition_not_selected: the scenario's editions were not chosen with --edition")
    # pytest-bdd turns a tag on an Examples block into a mark named after the whole tag, which
    # can't be registered (a marker's name ends at its first colon); the linter checks those tags.
    config.addinivalue_line("filterwarnings", "ignore:Unknown pytest.mark.ruling")
    collector = Collector(str(config.getoption("engine")))
    config.stash[_COLLECTOR] = collector
    config.pluginmanager.register(collector, "mtg-turn-conformance-collector")
    for module in (given, when, then):
        if not config.pluginmanager.is_registered(module):
            config.pluginmanager.register(module)
    step_resolution.install()


@pytest.hookimpl(tryfirst=True)
def pytest_bdd_apply_tag(tag: str, function: Callable[..., Any]) -> bool | None:
    kind, _, value = tag.partition(":")
    if kind == "edition":
        pytest.mark.edition(value)(function)
        pytest.mark.usefixtures("edition")(function)
        return True
    if kind == "ruling":
        pytest.mark.ruling(value)(function)
        return True
    return None


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    tagged = sorted({m.args[0] for m in metafunc.definition.iter_markers("edition")})
    if not tagged or "edition" not in metafunc.fixturenames:
        return  # not a scenario with @edition tags: leave the test's own parameters alone
    chosen = metafunc.config.getoption("edition")
    editions = [e for e in tagged if not chosen or e in chosen]
    if not editions:  # deselected below, so that "skipped" only ever means unsupported
        metafunc.parametrize("edition", [pytest.param(None, marks=pytest.mark.edition_not_selected)])
        return
    metafunc.parametrize("edition", editions, ids=editions)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    rulings = set(config.getoption("ruling") or ())
    features = set(config.getoption("part") or ())
    keep: list[pytest.Item] = []
    drop: list[pytest.Item] = []
    for item in items:
        wanted = item.get_closest_marker("edition_not_selected") is None
        if rulings or features:
            feature = scenario_feature(item)
            wanted = wanted and feature is not None and (not features or feature in features)
            wanted = wanted and (not rulings or bool(rulings & scenario_rulings(item)))
        (keep if wanted else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """The collected scenarios live as long as the run: once collected, they are moved out of the
    garbage collector's sight (``gc.freeze``), so that its full collections during the run don't
    go through them again and again (unfrozen when the session finishes)."""
    if any("edition" in getattr(item, "fixturenames", ()) for item in session.items):
        gc.collect()
        gc.freeze()


@pytest.fixture
def edition(request: pytest.FixtureRequest) -> str:
    param = getattr(request, "param", None)
    if param is None:
        raise pytest.UsageError(f"{request.node.nodeid}: the scenario has no @edition:<name> tag")
    return str(param)


_PROVIDER = pytest.StashKey[EngineProvider]()


def pytest_sessionstart(session: pytest.Session) -> None:
    """A wrong --engine is a usage error before anything runs, not an error in every test."""
    config = session.config
    try:
        provider = EngineProvider(
            str(config.getoption("engine")), config.getoption("timeout"), config.getoption("validate_messages")
        )
        provider.check()
    except EngineNotFound as exc:
        raise pytest.UsageError(str(exc)) from exc
    config.stash[_PROVIDER] = provider
    config.stash[_KEPT] = _expectations_to_keep(config.getoption("write_expectations"))


def _expectations_to_keep(written: str | None) -> Any:
    """The expectations file that --write-expectations replaces, if there is one: its reasons are
    kept. A file that isn't valid expectations is a usage error before the run, not overwritten."""
    if not written or not Path(written).exists():
        return None
    from checker.judging.expectations import ExpectationsError, load_expectations

    try:
        return load_expectations(Path(written))
    except ExpectationsError as exc:
        raise pytest.UsageError(f"--write-expectations would replace {exc}; fix or remove the file") from exc


@pytest.fixture
def engine(request: pytest.FixtureRequest) -> EngineAdapter:
    """A ready adapter for each scenario (an engine process that failed is restarted)."""
    return request.config.stash[_PROVIDER].get()


@pytest.fixture
def game(request: pytest.FixtureRequest, engine: EngineAdapter, edition: str) -> ScenarioGame:
    scenario = ScenarioGame(engine, edition)
    request.node.stash[ENGINE_IDENTITY] = {"name": scenario.capabilities.name, "version": scenario.capabilities.version}
    return scenario


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> Generator[None, object, object]:
    """A scenario that needs what the engine can't do is unsupported: skipped with the reason."""
    try:
        return (yield)
    except UnsupportedError as exc:
        pytest.skip(f"unsupported: {exc}")


# --------------------------------------------------------------------------- results and reports

_COLLECTOR = pytest.StashKey[Collector]()
_REPORT = pytest.StashKey[RunReport]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    result = result_of(item, report, call)
    if result is not None:
        report.user_properties.append((RESULT, result_to_dict(result)))
        identity = item.stash.get(ENGINE_IDENTITY, None)
        if identity is not None:
            report.user_properties.append((ENGINE, identity))
    return report


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


def pytest_bdd_step_func_lookup_error(
    request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any, exception: Exception
) -> None:
    record_step_failure(request, step, exception)


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def run_report(config: pytest.Config) -> RunReport | None:
    """The run's report, once the session has finished (None on a pytest-xdist worker)."""
    return config.stash.get(_REPORT, None)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    gc.unfreeze()
    config = session.config
    provider = config.stash.get(_PROVIDER, None)
    if provider is not None:
        provider.close()
    collector = config.stash.get(_COLLECTOR, None)
    if collector is None or _is_worker(config) or not collector.results:
        return
    report = collector.report(tuple(config.getoption("edition") or EDITIONS))
    config.stash[_REPORT] = report
    directory = config.getoption("report_dir")
    if directory:
        from checker.judging.reports import write_all

        write_all(report, Path(directory))
    expectations_file = config.getoption("expect")
    written = config.getoption("write_expectations")
    if written:
        from checker.judging.expectations import expectations_from, write_expectations

        kept = config.stash.get(_KEPT, None)
        write_expectations(expectations_from(report, "known at the time the file was written", kept), Path(written))
    if expectations_file:
        from checker.judging.expectations import check, load_expectations

        verdict = check(report, load_expectations(Path(expectations_file)))
        config.stash[_VERDICT] = verdict
        session.exitstatus = pytest.ExitCode.OK if verdict.ok else pytest.ExitCode.TESTS_FAILED


_VERDICT = pytest.StashKey[Any]()
_KEPT = pytest.StashKey[Any]()


def verdict_of(config: pytest.Config) -> Any:
    """The check of the run against an expectations file, if one was given."""
    return config.stash.get(_VERDICT, None)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    report = run_report(config)
    if report is None:
        return
    columns = [str(s) for s in Status]
    terminalreporter.section(f"conformance of engine {config.getoption('engine')!r}, per edition")
    terminalreporter.write_line(f"{'edition':<10}" + "".join(f"{c:>13}" for c in columns))
    for edition in report.run_editions:
        counts = report.counts(edition)
        terminalreporter.write_line(f"{edition:<10}" + "".join(f"{counts[Status(c)]:>13}" for c in columns))
    verdict = config.stash.get(_VERDICT, None)
    if verdict is not None:
        from checker.judging.expectations import describe

        terminalreporter.section("expectations")
        terminalreporter.write_line(describe(verdict))
