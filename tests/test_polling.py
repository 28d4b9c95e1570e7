"""Reading a pipe at once before sleeping: the same lines as a buffered file gives, and the
suite's server serving from it as from its standard input."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.running.wire.polling import PROCESSOR_FREE, PollingReader, processor_free
from checker.running.wire.process import EngineProcess
from checker.running.wire.server import serve

DATA = b'{"id": 1}\nshort\n' + b"x" * 5000 + b"\n\nlast line without its end"
LIMITS = [-1, 3, 1000, 1000, 1000, 1000, 1000, -1, 4, 100, -1, -1]


@contextmanager
def _pipe(chunks: list[bytes], pause: float = 0.0) -> Iterator[int]:
    """The read end of a pipe that a thread writes ``chunks`` into, ``pause`` seconds apart."""
    read_end, write_end = os.pipe()

    def write() -> None:
        for chunk in chunks:
            os.write(write_end, chunk)
            time.sleep(pause)
        os.close(write_end)

    writer = threading.Thread(target=write)
    writer.start()
    try:
        yield read_end
    finally:
        writer.join()
        os.close(read_end)


@pytest.mark.parametrize("pause", [0.0, 0.002])  # the next bytes within the moment of reading at once, or later
@pytest.mark.parametrize("cut", [1, 7, 4096])
def test_lines_are_those_a_buffered_file_gives(pause: float, cut: int) -> None:
    chunks = [DATA[i : i + cut] for i in range(0, len(DATA), cut)] if cut < 4096 else [DATA[:20], DATA[20:]]
    expected = io.BytesIO(DATA)
    with _pipe(chunks, pause if cut > 1 else 0.0) as fd:
        reader = PollingReader(fd)
        for limit in LIMITS:
            assert reader.readline(limit) == expected.readline(limit), limit


def test_the_server_reads_its_requests_at_once_and_skips_a_line_over_the_limit() -> None:
    requests = [
        b'{"id": 1, "pad": "' + b"x" * 5000 + b'"}\n',
        b'{"id": 2, "type": "view"}\n',
        b'{"id": 3, "type": "bye"}\n',
    ]
    answers = io.BytesIO()
    with _pipe(requests, 0.001) as fd:
        serve(ReferenceAdapter(), PollingReader(fd), answers, limit=1000)
    first, second, third = (json.loads(line) for line in answers.getvalue().splitlines())
    assert "over the limit of 1,000" in first["error"]["message"]
    assert second["id"] == 2 and second["type"] == "error"  # no game started yet
    assert third == {"id": 3, "type": "ok"}


def test_the_engine_is_told_whether_a_processor_is_free_for_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Told by the suite, not by what the suite inherited (a run started from an engine, say)."""
    monkeypatch.setenv(PROCESSOR_FREE, "1")
    show = [
        sys.executable,
        "-c",
        f"import os, sys\nfor line in sys.stdin: print(repr(os.environ.get({PROCESSOR_FREE!r})), flush=True)",
    ]
    for spin, said in ((True, b"'1'"), (False, b"None")):
        engine = EngineProcess(show, spin=spin)
        try:
            assert engine.exchange(b"?\n", "view", 5.0) == (said if engine._spin or not spin else b"None")
        finally:
            engine.stop()


def test_a_server_reads_at_once_only_when_told_and_with_two_processors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PROCESSOR_FREE, raising=False)
    assert not processor_free()
    monkeypatch.setenv(PROCESSOR_FREE, "1")
    monkeypatch.setattr("checker.running.wire.polling.PROCESSORS", 1)
    assert not processor_free()
    monkeypatch.setattr("checker.running.wire.polling.PROCESSORS", 2)
    assert processor_free()


def test_the_suites_server_serves_a_whole_session_reading_at_once() -> None:
    """``python -m checker.running.wire.server`` told a processor is free for it."""
    env = {**os.environ, PROCESSOR_FREE: "1"}
    hello = b'{"id": 1, "type": "hello", "protocol": 1}\n{"id": 2, "type": "bye"}\n'
    done = subprocess.run(
        [sys.executable, "-m", "checker.running.wire.server", "--engine", "reference"],
        input=hello,
        capture_output=True,
        env=env,
        timeout=60,
        check=True,
    )
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["type"] == "hello" and second == {"id": 2, "type": "ok"}


def test_the_work_left_for_an_idle_moment_is_done_once_in_a_long_wait_and_not_in_a_short_one() -> None:
    """Lines that come at once leave no idle moment; a line that comes after a long wait (beyond
    the moment of reading at once, too) has the idle work done once before it, whatever the wait's length."""
    calls: list[float] = []
    chunks = [b"1\n", b"2\n", b"3\n"]
    with _pipe(chunks, 0.02) as fd:  # each line 20 ms after the one before
        reader = PollingReader(fd, lambda: calls.append(time.perf_counter()))
        assert reader.readline() == b"1\n"
        assert len(calls) <= 1  # the thread may be late with the first line
        before = len(calls)
        assert reader.readline() == b"2\n" and len(calls) == before + 1
        assert reader.readline() == b"3\n" and len(calls) == before + 2
    with _pipe([b"4\n5\n6\n"]) as fd:
        reader = PollingReader(fd, lambda: calls.append(0.0))
        assert [reader.readline() for _ in range(3)] == [b"4\n", b"5\n", b"6\n"]
    assert calls.count(0.0) <= 1  # lines already there: at most the first wait, if the thread was late
