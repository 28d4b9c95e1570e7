"""A plain pytest session of the scenarios that gets SIGTERM or SIGHUP (a CI runner's time limit, a
closed terminal) ends as on Ctrl-C: partial, never passing, its reports and expectations written.
One that gets any of them, Ctrl-C too, after its tests, as it finishes, writes them whole first."""

from __future__ import annotations

import fnmatch
import json
import signal
import threading

import pytest

from checker.contract.interrupts import TERMINATIONS, Terminations
from tests.test_plugin import QUITTING, SUITE

UNTAP = ("--pyargs", "checker.running.test_conformance", "--part", "untap", "--edition", "cr2024",
         "-p", "no:cacheprovider")  # fmt: skip


#: Every test here with the handlers of a plain pytest session (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("default_handlers")


def signalling(number: int) -> str:
    """The reference engine, sending its own process the signal ``number`` as its fifth game starts."""
    return QUITTING.format(how=f"os.kill(os.getpid(), {int(number)})")


def handlers() -> dict[int, object]:
    return {number: signal.getsignal(number) for number in TERMINATIONS}


@pytest.mark.parametrize(
    ("name", "why"),
    [("SIGTERM", "interrupted by SIGTERM"), ("SIGHUP", "interrupted by SIGHUP"), ("SIGINT", "interrupted")],
)
def test_a_termination_signal_ends_the_session_partial_with_its_reports_and_expectations(
    pytester: pytest.Pytester, name: str, why: str
) -> None:
    """As Ctrl-C (SIGINT, pytest's own) does: exit 2, pytest's code for an interrupted session."""
    pytester.makepyfile(quitting_engine=signalling(getattr(signal, name)))
    expectations = pytester.path / "expectations.json"
    # An entry a whole run would find stale, and drop from the file it writes: a partial run keeps it.
    unreached = {"id": "untap::A scenario the run doesn't reach::cr2024", "status": "failed", "reason": "kept"}
    written = {"format": "mtg-turn-conformance-expectations", "format_version": 1, "engine": "reference-engine",
               "expectations": [unreached]}  # fmt: skip
    expectations.write_text(json.dumps(written))
    reports = pytester.path / "reports"
    result = pytester.runpytest_subprocess(*UNTAP, "--engine", "quitting_engine:Quitting", "--report-dir",
                                           str(reports), "--expect", str(expectations), "--write-expectations",
                                           str(expectations), timeout=120)  # fmt: skip
    assert result.ret == pytest.ExitCode.INTERRUPTED, result.stderr.str()[-2000:]
    report = json.loads((reports / "report.json").read_text())
    assert len(report["results"]) == 4
    assert fnmatch.fnmatch(report["partial"] or "", f"{why}; 4 of * scenario runs done")
    assert json.loads(expectations.read_text())["expectations"] == [unreached]
    result.stdout.fnmatch_lines(["*expectations*"])
    assert "stale" not in result.stdout.str()


def test_a_handler_the_session_installed_is_left_to_it(pytester: pytest.Pytester) -> None:
    """A conftest.py (or another plugin) that handles SIGTERM itself keeps it: here it ignores it."""
    pytester.makepyfile(quitting_engine=signalling(signal.SIGTERM))
    pytester.makeconftest("import signal\n\nsignal.signal(signal.SIGTERM, lambda number, frame: None)\n")
    reports = pytester.path / "reports"
    result = pytester.runpytest_subprocess(*UNTAP, "--engine", "quitting_engine:Quitting", "--report-dir",
                                           str(reports), timeout=120)  # fmt: skip
    assert result.ret == pytest.ExitCode.OK, result.stdout.str()[-2000:]
    report = json.loads((reports / "report.json").read_text())
    assert report["partial"] is None and len(report["results"]) > 5


#: The reference engine, writing down as each game starts whether SIGTERM has its default handler.
RECORDING = """
import signal

from checker.adapters.reference import ReferenceAdapter


class Recording(ReferenceAdapter):
    def start(self, setup):
        with open("handlers.txt", "a") as out:
            out.write(f"{signal.getsignal(signal.SIGTERM) is signal.SIG_DFL}\\n")
        return super().start(setup)
"""


def test_the_handlers_are_the_defaults_again_once_the_session_ends(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(recording_engine=RECORDING)
    pytester.syspathinsert()
    ctrl_c = signal.getsignal(signal.SIGINT)
    result = pytester.runpytest(*UNTAP, "--engine", "recording_engine:Recording", "-k", "amber")
    assert result.ret == 0
    # Taken from the first result on: the second game started with them.
    assert (pytester.path / "handlers.txt").read_text().split() == ["True", "False"]
    assert handlers() == dict.fromkeys(TERMINATIONS, signal.SIG_DFL)
    assert signal.getsignal(signal.SIGINT) is ctrl_c  # (held as the session finished)


def test_off_the_main_thread_nothing_is_taken() -> None:
    """Signal handlers can be set only in the main thread: a session run in another leaves them."""
    before = handlers()
    terminations = Terminations()
    failures: list[BaseException] = []

    def take() -> None:
        try:
            terminations.take()
            terminations.hold()
        except BaseException as exc:
            failures.append(exc)

    thread = threading.Thread(target=take)
    thread.start()
    thread.join()
    terminations.give_back()
    assert not failures and handlers() == before


#: A conftest.py sending its own process (the only one, or pytest-xdist's controller) the signals
#: {signals} once the tests have ended: as another plugin's session end does its work, or as the
#: plugin writes its reports (``where``: "finishing" or "writing"). Sent by the session itself, they
#: come at that very point, however slow the machine.
LATE = """
import os
import signal

import checker.running.conclude


def signal_late():
    for name in {signals!r}:
        os.kill(os.getpid(), getattr(signal, name))


if {where!r} == "writing":
    _write_all = checker.running.conclude.write_all

    def write_all(*args):
        signal_late()
        return _write_all(*args)

    checker.running.conclude.write_all = write_all
else:

    def pytest_sessionfinish(session):
        if not hasattr(session.config, "workerinput"):
            signal_late()
"""


def late_session(pytester: pytest.Pytester, signals: tuple[str, ...], where: str, *options: str) -> pytest.RunResult:
    """A session of untap's scenarios on the reference engine that gets ``signals`` late (:data:`LATE`),
    writing its reports into reports/ and the expectations file expectations.json, which holds a
    stale entry before (a whole run drops it)."""
    pytester.makeconftest(LATE.format(signals=signals, where=where))
    gone = {"id": "untap::A scenario no feature file has::cr2024", "status": "failed", "reason": "removed since"}
    (pytester.path / "expectations.json").write_text(
        json.dumps({"format": "mtg-turn-conformance-expectations", "format_version": 1, "engine": "reference-engine",
                    "expectations": [gone]})
    )  # fmt: skip
    return pytester.runpytest_subprocess("--pyargs", SUITE, "--part", "untap", "--edition", "cr2024", "-p",
                                         "no:cacheprovider", "--report-dir", "reports", "--write-expectations",
                                         "expectations.json", *options, timeout=300)  # fmt: skip


@pytest.mark.parametrize(
    ("name", "where", "workers"),
    [
        ("SIGTERM", "finishing", ()),
        ("SIGTERM", "finishing", ("-n", "2")),
        ("SIGTERM", "writing", ()),
        ("SIGINT", "finishing", ("-n", "2")),
        ("SIGINT", "writing", ()),
        ("SIGHUP", "finishing", ()),
    ],
    ids=["SIGTERM", "SIGTERM, pytest-xdist", "SIGTERM, reports being written", "Ctrl-C, pytest-xdist",
         "Ctrl-C, reports being written", "SIGHUP"],
)  # fmt: skip
def test_a_signal_after_the_tests_waits_for_the_results_to_be_written_and_the_session_ends_interrupted(
    pytester: pytest.Pytester, name: str, where: str, workers: tuple[str, ...]
) -> None:
    """Every test had ended: the reports are whole, not partial, and say so; exit 2, interrupted."""
    result = late_session(pytester, (name,), where, *workers)
    assert result.ret == pytest.ExitCode.INTERRUPTED, result.stdout.str()[-3000:] + result.stderr.str()[-3000:]
    report = json.loads((pytester.path / "reports" / "report.json").read_text())
    assert len(report["results"]) == 29 and report["partial"] is None
    assert json.loads((pytester.path / "expectations.json").read_text())["expectations"] == []
    result.stdout.fnmatch_lines([f"interrupted by {name} after the tests had ended: the session finished first *"])


@pytest.mark.parametrize(("name", "code"), [("SIGTERM", -signal.SIGTERM), ("SIGINT", -signal.SIGINT)])
def test_a_second_signal_after_the_tests_ends_the_session_at_once(
    pytester: pytest.Pytester, name: str, code: int
) -> None:
    """As it would without the plugin: SIGTERM ends the process, Ctrl-C's KeyboardInterrupt ends pytest."""
    result = late_session(pytester, (name, name), "finishing")
    assert result.ret == code, result.stdout.str()[-3000:] + result.stderr.str()[-3000:]
    assert not (pytester.path / "reports" / "report.json").exists()
