"""The session's end: its results written, the exit status they give, the terminal summary.

From the end of the tests until the results are written, a signal is held
(:class:`~checker.contract.interrupts.Terminations`), so that it can't cut the reports short.
"""

from __future__ import annotations

import gc
import signal
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

from checker.contract.interrupts import Stopped
from checker.contract.vocabulary import EDITIONS
from checker.judging.results import FAILING, RunReport, Status
from checker.running.collector import Collector
from checker.running.conclude import NotWritten
from checker.running.session_state import _COLLECTOR, _CONCLUSION, _GC_THRESHOLD, _PROVIDER, _TERMINATIONS


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


_REPORT = pytest.StashKey[RunReport]()


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
    traces = config.getoption("record_traces")
    others = collector.other_traces(Path(traces)) if traces and collector is not None else None
    if others is not None:
        terminalreporter.section("traces")
        terminalreporter.write_line(others)
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
