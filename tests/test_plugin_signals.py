"""A plain pytest session of the scenarios that gets SIGTERM or SIGHUP (a CI runner's time limit, a
closed terminal) ends as on Ctrl-C: partial, never passing, its reports and expectations written."""

from __future__ import annotations

import fnmatch
import json
import signal
import threading
from collections.abc import Iterator

import pytest

from checker.contract.interrupts import TERMINATIONS, Terminations
from tests.test_plugin import QUITTING

UNTAP = ("--pyargs", "checker.running.test_conformance", "--part", "untap", "--edition", "cr2024",
         "-p", "no:cacheprovider")  # fmt: skip


@pytest.fixture
def default_handlers() -> Iterator[None]:
    """SIGTERM and SIGHUP with their default handlers, as in a plain pytest session, in this test."""
    previous = {number: signal.signal(number, signal.SIG_DFL) for number in TERMINATIONS}
    yield
    for number, handler in previous.items():
        signal.signal(number, handler)


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


@pytest.mark.usefixtures("default_handlers")
def test_the_handlers_are_the_defaults_again_once_the_session_ends(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(recording_engine=RECORDING)
    pytester.syspathinsert()
    result = pytester.runpytest(*UNTAP, "--engine", "recording_engine:Recording", "-k", "amber")
    assert result.ret == 0
    # Taken from the first result on: the second game started with them.
    assert (pytester.path / "handlers.txt").read_text().split() == ["True", "False"]
    assert handlers() == dict.fromkeys(TERMINATIONS, signal.SIG_DFL)


@pytest.mark.usefixtures("default_handlers")
def test_off_the_main_thread_nothing_is_taken() -> None:
    """Signal handlers can be set only in the main thread: a session run in another leaves them."""
    before = handlers()
    terminations = Terminations()
    failures: list[BaseException] = []

    def take() -> None:
        try:
            terminations.take()
        except BaseException as exc:
            failures.append(exc)

    thread = threading.Thread(target=take)
    thread.start()
    thread.join()
    terminations.give_back()
    assert not failures and handlers() == before
