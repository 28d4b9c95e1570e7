"""Running the pytest session in a child process, so that the run's own process always gives the verdict.

An in-process adapter can end the process that runs it (``os._exit``, a fatal signal, a
crash in native code), and a signal can end a run midway. Either would lose every result
and could even leave exit code 0 behind. So the session runs in a forked child that sends
each scenario's result up a pipe as it comes, and the parent (which runs no engine code)
gathers them and tells how the run ended:

- the child finished: the session's exit code;
- SIGINT, SIGTERM or SIGHUP reached the parent: it asks the child to stop (SIGINT, which
  pytest turns into an orderly end), gives it :data:`GRACE` seconds and then kills it; a
  second signal kills it at once. The results so far are kept and the run is partial;
- a KeyboardInterrupt inside the child (an adapter raising it): the run is partial;
- the child died before it finished (``os._exit``, killed): the run is partial, and says how.

Forking after the suite is imported costs next to nothing (``benchmarks/supervision.py``
measures it against a plain pytest session). The child runs in a process group of its own,
so that a Ctrl-C on the terminal reaches the parent only, and not the engine processes the
child is talking to. POSIX only.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import FrameType
from typing import Any

import pytest

from checker.running.collector import ENGINE, RESULT, Collector

#: Seconds the child has to wrap up after it is asked to stop.
GRACE = 10.0
#: The signals that interrupt a run.
INTERRUPTS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


@dataclass(frozen=True)
class Ending:
    """How a supervised run ended."""

    exit_code: int | None  # pytest's exit code as the child reported it; None when it never did
    signal: int | None = None  # the signal that interrupted the run, if one did
    cut_short: str | None = None  # why the run is partial ("interrupted by SIGINT"); None when it finished


def supervise(
    pytest_args: list[str],
    collector: Collector,
    on_planned: Callable[[int], None] = lambda total: None,
    on_result: Callable[[Any], None] = lambda result: None,
) -> Ending:
    """Run pytest with ``pytest_args`` in a child; its results go into ``collector`` as they come."""
    read_end, write_end = os.pipe()
    sys.stdout.flush()
    sys.stderr.flush()
    child = os.fork()
    if child == 0:  # pragma: no cover - runs in the child, which ends with os._exit
        os.close(read_end)
        _child(pytest_args, write_end)
    os.close(write_end)
    return _Parent(child, read_end, collector, on_planned, on_result).watch()


# --------------------------------------------------------------------------- the child


class _Relay:
    """A pytest plugin in the child: sends what the parent needs up the pipe, one JSON line each."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def send(self, message: dict[str, Any]) -> None:
        data = (json.dumps(message) + "\n").encode("utf-8", errors="backslashreplace")
        try:
            while data:
                data = data[os.write(self.fd, data) :]
        except OSError:  # the parent is gone: nobody will read the results, so stop
            os._exit(1)

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.send({"planned": len(session.items)})

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        self.send({"planned": len(ids)})

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        properties = [[k, v] for k, v in report.user_properties if k in (RESULT, ENGINE)]
        if properties:
            self.send({"properties": properties})


def _child(pytest_args: list[str], fd: int) -> None:  # pragma: no cover - runs in the child
    os.setpgid(0, 0)
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)
    received: list[int] = []

    def interrupt(signum: int, frame: FrameType | None) -> None:
        received.append(signum)
        raise KeyboardInterrupt

    for each in INTERRUPTS:
        signal.signal(each, interrupt)
    relay = _Relay(fd)
    code = 3
    try:
        code = int(pytest.main(pytest_args, plugins=[relay]))
    finally:
        relay.send({"exit": code, "signal": received[0] if received else None})
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


# --------------------------------------------------------------------------- the parent


class _Parent:
    def __init__(
        self,
        child: int,
        fd: int,
        collector: Collector,
        on_planned: Callable[[int], None],
        on_result: Callable[[Any], None],
    ) -> None:
        self.child = child
        self.fd = fd
        self.collector = collector
        self.on_planned = on_planned
        self.on_result = on_result
        self.signal: int | None = None
        self.deadline: float | None = None
        self.exit: dict[str, Any] | None = None

    def _interrupted(self, signum: int, frame: FrameType | None) -> None:
        if self.signal is None:
            self.signal = signum
            self.deadline = time.monotonic() + GRACE
            self._stop()
        else:
            self._kill()

    def _stop(self) -> None:
        """Ask the child to end the session in order (it closes its engines and xdist workers)."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.child, signal.SIGINT)

    def _kill(self) -> None:
        """Kill the child and every process it started (its process group) at once."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.child, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):  # before the child made its group
            os.kill(self.child, signal.SIGKILL)

    def watch(self) -> Ending:
        previous = {each: signal.signal(each, self._interrupted) for each in INTERRUPTS}
        try:
            self._read()
            _, status = os.waitpid(self.child, 0)
        finally:
            for each, handler in previous.items():
                signal.signal(each, handler)
            os.close(self.fd)
        return self._ending(status)

    def _read(self) -> None:
        pending = b""
        while True:
            if self.deadline is not None and time.monotonic() > self.deadline:
                self._kill()
                self.deadline = None
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if not ready:
                continue
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return
            *lines, pending = (pending + chunk).split(b"\n")
            for line in lines:
                try:
                    message = json.loads(line)
                except ValueError:  # not the relay's: something else in the child wrote to the pipe
                    continue
                self._take(message)

    def _take(self, message: dict[str, Any]) -> None:
        if "planned" in message:
            self.collector.planned = int(message["planned"])
            self.on_planned(self.collector.planned)
        elif "properties" in message:
            found = self.collector.add([(k, v) for k, v in message["properties"]])
            if found is not None:
                self.on_result(found)
        elif "exit" in message:
            self.exit = message

    def _ending(self, status: int) -> Ending:
        code = None if self.exit is None else int(self.exit["exit"])
        if self.signal is not None:
            return Ending(code, self.signal, f"interrupted by {signal.Signals(self.signal).name}")
        if self.exit is not None:
            if code == pytest.ExitCode.INTERRUPTED:
                inside = self.exit.get("signal")
                cause = f"interrupted by {signal.Signals(inside).name}" if inside else "interrupted (KeyboardInterrupt)"
                return Ending(code, inside or signal.SIGINT, cause)
            return Ending(code)
        if os.WIFSIGNALED(status):
            killer = os.WTERMSIG(status)
            return Ending(None, killer, f"the test process was killed by {signal.Signals(killer).name}")
        return Ending(
            None,
            None,
            f"the test process ended (exit code {os.waitstatus_to_exitcode(status)}) before the run finished: "
            "an in-process adapter may have ended it",
        )
