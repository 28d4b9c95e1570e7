from __future__ import annotations

import json
import signal
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from checker.contract.interrupts import DEFAULT_HANDLERS

pytest_plugins = ["pytester"]


@pytest.fixture(autouse=True, scope="session")
def _user_cache_of_the_session(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The runs the tests make keep what they cache (parsed feature files, durations) in a directory
    of the test session's own, not in the user's: their feature files and engines live at
    temporary paths, and each would be a new entry there. (A test of the cache sets its own.)"""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("user-cache")))
        yield


@pytest.fixture
def default_handlers() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP with the handlers of a Python process that set none, in this test
    and in the processes it starts. A test run started with one of them ignored (SIGHUP under
    ``nohup``, SIGINT in a shell script's background job) passes that on, and the commands leave
    an ignored signal ignored: a test that sends one needs it not to be."""
    previous = {number: signal.signal(number, handler) for number, handler in DEFAULT_HANDLERS.items()}
    yield
    for number, handler in previous.items():
        signal.signal(number, handler)


@pytest.fixture
def sighup_ignored() -> Iterator[None]:
    """SIGHUP ignored in this test and in the processes it starts, as ``nohup`` leaves it."""
    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    yield
    signal.signal(signal.SIGHUP, previous)


@pytest.fixture
def document_file(tmp_path: Path) -> Callable[[object], Path]:
    """Writes a document for a reader to take or refuse and gives its path: bytes as they are,
    text as UTF-8, anything else as JSON."""

    def write(content: object) -> Path:
        path = tmp_path / "document.json"
        if isinstance(content, bytes):
            path.write_bytes(content)
        elif isinstance(content, str):
            path.write_text(content, encoding="utf-8")
        else:
            path.write_text(json.dumps(content), encoding="utf-8")
        return path

    return write


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site of the committed reports of phase.rs and the reference engine and of a hostile engine,
    with phase.rs's traces (see tests/test_site.py), which the site's tests and its browser tests read.
    Defined here, once: imported into each of their modules, it was a fixture of each, built twice."""
    from checker.cli import main
    from tests.test_site import PHASE, PHASE_TRACES, REFERENCE, hostile_report

    out = tmp_path_factory.mktemp("site")
    hostile = hostile_report(tmp_path_factory.mktemp("reports") / "hostile.json")
    argv = ["site", "--out", str(out), str(PHASE), str(REFERENCE), str(hostile), "--traces", str(PHASE_TRACES)]
    assert main(argv) == 0
    return out
