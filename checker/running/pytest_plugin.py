"""The pytest side of the suite: engine choice, one run per edition, unsupported as skipped.

Tags ``@edition:<name>`` become one parametrized run of the scenario per edition (they
belong on a Feature, Rule or Scenario); tags ``@ruling:<id>`` become ``ruling`` marks; tags
``@pair:<name>`` (for the site) become nothing.
"""

from __future__ import annotations

import contextlib
import gc
import signal
import warnings
from collections import Counter
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.exceptions import GherkinParseError
from pytest_bdd.gherkin_parser import get_gherkin_document

from checker.contract.arguments import path_text
from checker.contract.features import FEATURE_ENCODING, features_dir
from checker.contract.interface import EngineAdapter, UnsupportedError
from checker.contract.interrupts import Stopped, Terminations
from checker.contract.protocol import MAX_MESSAGE_BYTES
from checker.contract.vocabulary import EDITIONS
from checker.judging.results import FAILING, RunReport, Status
from checker.running import feature_cache, step_calls, step_resolution
from checker.running.collect import feature_files
from checker.running.collector import (
    ENGINE,
    ENGINE_IDENTITY,
    RESULT,
    TRACE_NOT_WRITTEN,
    Collector,
    record_step_failure,
    result_of,
    result_to_dict,
    scenario_feature,
    scenario_id,
    scenario_name,
    scenario_rulings,
    scenario_template,
)
from checker.running.conclude import Conclusion, NotWritten
from checker.running.engines import EngineNotFound, EngineProvider
from checker.running.garbage import collect_less
from checker.running.options import (
    OptionError,
    Selection,
    check_output_dir,
    positive_bytes,
    positive_seconds,
    shard,
    shard_weights,
)
from checker.running.recording import RecordingAlongside, trace_path
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
    group.addoption(  # turncheck's --timeout: pytest-timeout, a plugin found in many sessions, has that name
        "--request-timeout",
        type=positive_seconds,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"how long an engine may take to answer one request (default: {DEFAULT_TIMEOUT:g})",
    )
    group.addoption(
        "--max-message-bytes",
        type=positive_bytes,
        default=MAX_MESSAGE_BYTES,
        metavar="BYTES",
        help=f"the longest answer an engine process may send, in bytes (default: {MAX_MESSAGE_BYTES:,})",
    )
    group.addoption(
        "--report-dir",
        type=path_text,
        metavar="DIR",
        help="write every report of the run (JSON, JUnit XML, Markdown, HTML, badges) into DIR",
    )
    group.addoption(
        "--expect",
        type=path_text,
        metavar="FILE",
        help="an expectations file: the run passes exactly when its results match it",
    )
    group.addoption(
        "--write-expectations",
        type=path_text,
        metavar="FILE",
        help="write the run's non-passing scenarios as an expectations file to start from",
    )
    group.addoption(
        "--record-traces",
        type=path_text,
        metavar="DIR",
        help="write each scenario run's game as a trace into DIR (one file per run, named from its id)",
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
        "--scenario-name",
        metavar="TEXT",
        help="run only the scenarios whose name contains TEXT, whatever its case (plain text, not an expression)",
    )
    group.addoption(
        "--shard",
        type=shard,
        metavar="I/N",
        help="bind only the I-th of N shares of the feature files, of about the same work each "
        "(turncheck certify -j N runs one session per share)",
    )
    group.addoption(
        "--shard-weights",
        type=shard_weights,
        metavar="JSON",
        help="with --shard: each feature file's work, to split the files by (turncheck certify -j N gives the "
        "seconds they took in its last run); by default their sizes",
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


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_bdd_apply_tag(tag: str, function: Callable[..., Any]) -> bool | None:
    kind, _, value = tag.partition(":")
    if kind == "edition":
        pytest.mark.edition(value)(function)
        pytest.mark.usefixtures("edition")(function)
        return True
    if kind == "ruling":
        pytest.mark.ruling(value)(function)
        return True
    return kind == "pair" or None  # @pair:<name> pairs scenarios for the site's editions page: no mark


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


def selection(config: pytest.Config) -> Selection:
    """The scenarios the options choose."""
    return Selection(
        editions=tuple(config.getoption("edition") or ()),
        parts=tuple(config.getoption("part") or ()),
        rulings=tuple(config.getoption("ruling") or ()),
        name=config.getoption("scenario_name"),
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    chosen = selection(config)
    keep: list[pytest.Item] = []
    drop: list[pytest.Item] = []
    for item in items:
        name = scenario_name(item)
        wanted = item.get_closest_marker("edition_not_selected") is None and (
            name is None or chosen.selects(scenario_feature(item), name, None, scenario_rulings(item))
        )
        (keep if wanted else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
    _refuse_a_name_twice_in_a_file(keep)
    _refuse_one_id_twice(keep)


def _refuse_a_name_twice_in_a_file(items: list[pytest.Item]) -> None:
    """pytest-bdd keeps one scenario of a name in a feature file, and the other is never run, nor
    said to be left out. The suite's own files are linted for it; another's (an engine's own
    scenarios) are parsed again for it here, with pytest-bdd's own Gherkin parser."""
    suite = features_dir().resolve()
    files = {t.feature.filename for item in items if (t := scenario_template(item)) is not None}
    for path in sorted(f for f in map(Path, files) if not f.resolve().is_relative_to(suite)):
        with contextlib.suppress(OSError, UnicodeDecodeError, GherkinParseError):  # (pytest-bdd has read it)
            named = Counter(_scenario_names(path))
            twice = sorted(name for name, count in named.items() if count > 1)
            if twice:
                raise pytest.UsageError(
                    f"{path}: two scenarios are named {twice[0]!r}; pytest-bdd runs only one of them: rename one"
                )


def _scenario_names(path: Path) -> list[str]:
    """The names of a feature file's scenarios, in its rules or not, as many times as each is given."""
    feature = get_gherkin_document(str(path), FEATURE_ENCODING).feature
    names: list[str] = []
    for child in feature.children if feature is not None else ():
        scenarios = [c.scenario for c in child.rule.children] if child.rule is not None else [child.scenario]
        names += [scenario.name for scenario in scenarios if scenario is not None]
    return names


def _refuse_one_id_twice(items: list[pytest.Item]) -> None:
    """Two runs of one id would be one in the reports, the expectations and the traces (one file
    written over the other). A part is its feature file's name, so two files of one name (in two
    folders) can't run in one session, nor two scenarios of one name in a file."""
    seen: dict[str, str] = {}
    for item in items:
        run_id = scenario_id(item)
        if run_id is None:
            continue
        if run_id in seen:
            raise pytest.UsageError(
                f"two scenario runs have the id {run_id!r} ({seen[run_id]} and {item.nodeid}): the part of an id "
                "is its feature file's name; rename a file or a scenario"
            )
        seen[run_id] = item.nodeid


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


_GC_THRESHOLD = pytest.StashKey[tuple[int, ...]]()


@pytest.fixture
def edition(request: pytest.FixtureRequest) -> str:
    param = getattr(request, "param", None)
    if param is None:
        # A failure of the scenario alone, said in one line (a usage error showed pytest's fixture internals).
        pytest.fail(f"{request.node.nodeid}: the scenario has no @edition:<name> tag", pytrace=False)
    return str(param)


_PROVIDER = pytest.StashKey[EngineProvider]()


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
        engine = recorder = RecordingAlongside(engine, trace_path(Path(directory), run_id), run_id)
    scenario = ScenarioGame(engine, edition)
    yield scenario
    if recorder is not None:
        recorder.close()
        if recorder.failure is not None:  # sent with the teardown's report
            request.node.user_properties.append((TRACE_NOT_WRITTEN, recorder.failure))


@pytest.hookimpl(wrapper=True)
def pytest_runtestloop(session: pytest.Session) -> Generator[None, object, object]:
    """SIGTERM and SIGHUP, taken as Ctrl-C from the first scenario result, stop the tests. Once they
    have ended, where the session will write its results, a signal (Ctrl-C too) is held until they
    are written (:meth:`Terminations.hold`, given back in :func:`pytest_sessionfinish`): in what is
    left (other plugins' ends, pytest-xdist's workers stopped, the reports), a KeyboardInterrupt
    would stop the session's end in the middle, and the default SIGTERM end the process. After a
    signal that interrupted the tests, the next one is the second: it takes its course at once."""
    terminations = session.config.stash[_TERMINATIONS]
    signalled = False
    try:
        return (yield)
    except KeyboardInterrupt as exc:
        signalled = _by_a_signal(exc)
        raise
    finally:
        collector = session.config.stash[_COLLECTOR]
        if signalled or _is_worker(session.config) or not collector.results:
            terminations.give_back()
        else:
            terminations.hold()


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> Generator[None, object, object]:
    """A scenario that needs what the engine can't do is unsupported: skipped with the reason."""
    try:
        return (yield)
    except UnsupportedError as exc:
        pytest.skip(f"unsupported: {exc}")


# --------------------------------------------------------------------------- results and reports

_COLLECTOR = pytest.StashKey[Collector]()
_TERMINATIONS = pytest.StashKey[Terminations]()
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


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def run_report(config: pytest.Config) -> RunReport | None:
    """The run's report, once the session has finished (None on a pytest-xdist worker)."""
    return config.stash.get(_REPORT, None)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The run's end, its results written; a signal held since the tests ended (see
    :func:`pytest_runtestloop`) is given its due then: the session ends as interrupted."""
    terminations = session.config.stash[_TERMINATIONS]
    try:
        _finish(session, exitstatus)
    finally:
        terminations.give_back()
    if terminations.late is not None and session.exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
        session.exitstatus = pytest.ExitCode.INTERRUPTED


def _finish(session: pytest.Session, exitstatus: int) -> None:
    gc.unfreeze()
    config = session.config
    threshold = config.stash.get(_GC_THRESHOLD, None)
    if threshold is not None:
        gc.set_threshold(*threshold)
    provider = config.stash.get(_PROVIDER, None)
    if provider is not None:
        provider.close()
    collector = config.stash.get(_COLLECTOR, None)
    if collector is None or _is_worker(config) or not collector.results:
        return
    stop = _pytests_stop(session, collector.interrupt)
    if stop is not None and exitstatus == pytest.ExitCode.INTERRUPTED:
        exitstatus = pytest.ExitCode.TESTS_FAILED  # pytest-xdist's way to stop: ended as without it
    cut_short = _cut_short(exitstatus, collector, stop)
    partial = collector.partial(cut_short) if cut_short is not None else None
    report = collector.report(tuple(config.getoption("edition") or EDITIONS), partial)
    config.stash[_REPORT] = report
    try:
        verdict = config.stash[_CONCLUSION].conclude(report, collector.deselected, collector.parts).verdict
    except NotWritten as exc:  # a full disk: said in the terminal summary, and the session fails
        verdict = exc.concluded.verdict
        config.stash[_NOT_WRITTEN] = str(exc)
    if verdict is not None:
        config.stash[_VERDICT] = verdict
    if exitstatus in (pytest.ExitCode.OK, pytest.ExitCode.TESTS_FAILED):
        # The scenarios' verdict decides for the scenarios only: a failing test of another kind in
        # the same session (a unit test, a feature file that can't be read) still fails it.
        scenario_failures = sum(r.status in FAILING for r in report.results)
        others_failed = session.testsfailed > scenario_failures
        # Reports, expectations or traces asked for and not written: the run didn't do all it was asked to.
        unwritten = collector.traces_problem() is not None or _NOT_WRITTEN in config.stash
        passed = (verdict.ok if verdict is not None else report.ok) and not others_failed and not unwritten
        session.exitstatus = pytest.ExitCode.OK if passed else pytest.ExitCode.TESTS_FAILED


def _cut_short(exitstatus: int, collector: Collector, stop: str | None) -> str | None:
    """Why the session ended before its tests did, by what happened, if it did."""
    if isinstance(collector.interrupt, Stopped):
        return f"interrupted by {collector.interrupt}"
    if collector.exited is not None:  # (which pytest ends as interrupted, and pytest-xdist as its worker's crash)
        return collector.exited
    if stop is not None:
        return f"pytest stopped the session early ({stop})"
    if exitstatus == pytest.ExitCode.INTERRUPTED:
        return "interrupted"
    return collector.cut_short()


def _pytests_stop(session: pytest.Session, interrupt: KeyboardInterrupt | None) -> str | None:
    """How pytest stopped the session before the end of its tests, if it did: ``-x``, ``--maxfail``, a
    plugin's stop. (pytest-xdist's controller stops by a KeyboardInterrupt of its own, after the stop;
    a bare one there is a Ctrl-C that came, the stop or not, and the session is interrupted.)"""
    if _by_a_signal(interrupt):
        return None
    if session.shouldfail:
        failures = session.config.getoption("maxfail")
        return "at its first failure, -x" if failures == 1 else f"after {failures} failures, --maxfail {failures}"
    return str(session.shouldstop) if session.shouldstop else None


def _by_a_signal(interrupt: KeyboardInterrupt | None) -> bool:
    """Whether a KeyboardInterrupt is a signal's: Ctrl-C's (bare), or one :class:`Terminations` takes."""
    return type(interrupt) is KeyboardInterrupt or isinstance(interrupt, Stopped)


_VERDICT = pytest.StashKey[Any]()
_NOT_WRITTEN = pytest.StashKey[str]()
_CONCLUSION = pytest.StashKey[Conclusion]()


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
    collector = config.stash.get(_COLLECTOR, None)
    problems = [config.stash.get(_NOT_WRITTEN, None), collector.traces_problem() if collector is not None else None]
    if any(problems):
        terminalreporter.section("not written")
        for problem in filter(None, problems):
            terminalreporter.write_line(problem)
    verdict = config.stash.get(_VERDICT, None)
    if verdict is not None:
        from checker.judging.expectations import describe

        terminalreporter.section("expectations")
        terminalreporter.write_line(describe(verdict))
    else:  # (the verdict says these itself)
        for gap in report.gaps:  # why a run with nothing failed doesn't pass: all unsupported, cut short
            terminalreporter.write_line(f"the run doesn't pass: {gap}")
    late = config.stash[_TERMINATIONS].late
    if late is not None:
        terminalreporter.write_line(
            f"interrupted by {signal.Signals(late).name} after the tests had ended: the session finished first (its "
            "results, reports and expectations are what they would have been without it), and ends as interrupted"
        )
