"""Running the pytest session in a child process, so that the run's own process always gives the verdict.

An in-process adapter can end the process that runs it (``os._exit``, a fatal signal, a
crash in native code), and a signal can end a run midway. Either would lose every result
and could even leave exit code 0 behind. So the session runs in a forked child that sends
each scenario's result up a pipe as it comes, and the parent (which runs no engine code)
gathers them and tells how the run ended:

- the child finished: the session's exit code;
- SIGINT, SIGTERM or SIGHUP reached the parent (one it was started with ignored stays ignored,
  as under ``nohup``): it asks the child to stop (SIGINT, which
  pytest turns into an orderly end), gives it :data:`GRACE` seconds and then kills it; a
  second signal kills it at once. The results so far are kept and the run is partial;
- a KeyboardInterrupt inside the child (an adapter raising it): the run is partial;
- the child died before it finished (``os._exit``, killed): the run is partial, and says how;
- the parent killed outright (SIGKILL), which can't stop the child: on Linux the child is sent
  SIGTERM (:func:`~checker.contract.interrupts.with_its_parent`) and ends as on one, its engines
  closed; elsewhere it ends at its next result, which it can't send.

Forking after the suite is imported costs next to nothing (``benchmarks/supervision.py``
measures it against a plain pytest session). The child runs in a process group of its own,
so that a Ctrl-C on the terminal reaches the parent only, and not the engine processes the
child is talking to. POSIX only.

``turncheck certify -j N`` forks N children, each running the session over its own share of
the feature files (``--shard``), each with its own engine process or adapter; their results
come up a pipe each and are gathered into the same collector. A child that dies or is
interrupted is told as for one: the run is partial. A KeyboardInterrupt inside one child stops
the others as a signal would; a child that died leaves the others to finish their shares.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import sys
import time
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from types import FrameType
from typing import Any

import pytest

from checker.contract.interrupts import INTERRUPTS, taken, with_its_parent
from checker.running.collector import ENGINE, RESULT, TRACE_NOT_WRITTEN, TRACE_WRITTEN, Collector, stopped_by_exit

#: The user properties of a report that the child sends the parent.
_SENT = (RESULT, ENGINE, TRACE_NOT_WRITTEN, TRACE_WRITTEN)
#: Seconds the child has to wrap up after it is asked to stop.
GRACE = 10.0


@dataclass(frozen=True)
class Ending:
    """How a supervised run ended."""

    exit_code: int | None  # pytest's exit code as the child reported it; None when it never did
    signal: int | None = None  # the signal that interrupted the run, if one did
    cut_short: str | None = None  # why the run is partial ("interrupted by SIGINT"); None when it finished
    usage_error: str | None = None  # why a session refused to start (a wrong --engine), for the command to say


def supervise(
    sessions: list[list[str]],
    collector: Collector,
    on_planned: Callable[[int], None] = lambda total: None,
    on_result: Callable[[Any], None] = lambda result: None,
) -> Ending:
    """Run one pytest session per argument list in ``sessions``, each in a child of its own, side
    by side; their results go into ``collector`` as they come (and to ``on_result``). ``on_planned``
    gets the number of scenario runs once every session has collected its share."""
    # Until the supervisor's handlers take them (in watch, and in each child its own), the signals
    # wait: one that came as the sessions are forked would be the command's (which certify holds
    # until the run's end, the sessions run whole), or a child's before it has its handlers.
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, INTERRUPTS)
    try:
        _flush()
        children: dict[int, int] = {}  # the read end of each child's pipe -> its process id
        orphaned = with_its_parent(signal.SIGTERM)
        for pytest_args in sessions:
            read_end, write_end = os.pipe()
            child = os.fork()
            if child == 0:  # pragma: no cover - runs in the child, which ends with os._exit
                os.close(read_end)
                for other in children:
                    os.close(other)
                _child(pytest_args, write_end, orphaned, mask)
            os.close(write_end)
            children[read_end] = child
        return _Parent(children, collector, on_planned, on_result).watch(mask)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _flush() -> None:
    """What the process has buffered for its output, written before a fork or ``os._exit``. A
    stream may be None: the command started with its output closed (``turncheck certify >&-``)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):  # a reader gone: nothing more to write there
                stream.flush()


# --------------------------------------------------------------------------- the child


class _Relay:
    """A pytest plugin in the child: sends what the parent needs up the pipe, one JSON line each."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.usage_error: str | None = None

    def send(self, message: dict[str, Any]) -> None:
        data = (json.dumps(message) + "\n").encode("utf-8", errors="backslashreplace")
        try:
            while data:
                data = data[os.write(self.fd, data) :]
        except OSError:  # the parent is gone: nobody will read the results, so stop
            os._exit(1)

    @pytest.hookimpl(wrapper=True)
    def pytest_sessionstart(self, session: pytest.Session) -> Generator[None, None, None]:
        """A session that refuses to start (a wrong --engine) tells the parent why, which says it
        once, as the command's other errors are said; pytest would print it in each child. The
        session then stops as pytest stops a run that is to end failed (``pytest.Session.Failed``,
        the stop ``--maxfail`` makes), without a word, and the child reports the usage error's
        exit code."""
        try:
            return (yield)
        except pytest.UsageError as exc:
            self.usage_error = "; ".join(str(a) for a in exc.args)
            self.send({"usage_error": self.usage_error})
            raise session.Failed(self.usage_error) from exc

    def pytest_configure(self, config: pytest.Config) -> None:
        """A failing scenario run's report is rendered as Python's own traceback. Without the terminal
        report, which the sessions leave out (and with it ``--tb``), pytest renders it in its long form,
        which parses the source of every module on the traceback: about 60 ms a failing run, for a
        text nobody reads (a result's message is its exception's)."""
        config.option.tbstyle = "native"

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.send({"planned": len(session.items)})

    def pytest_keyboard_interrupt(self, excinfo: pytest.ExceptionInfo[BaseException]) -> None:
        """A ``pytest.exit()`` (an adapter's) that stopped the session, which pytest tells here too: the
        session ends with the exit code it names (0 among them) or as interrupted, and only its reason
        tells the parent that its scenarios didn't all run, and that no Ctrl-C stopped them."""
        if isinstance(excinfo.value, pytest.exit.Exception):
            self.send({"exited": excinfo.value.msg})

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        properties = [[k, v] for k, v in report.user_properties if k in _SENT]
        if properties:
            self.send({"properties": properties})


#: The environment variables by which pytest takes options and plugins from outside its arguments:
#: the sessions run as their arguments say, whatever the environment of the command.
OUTSIDE_OPTIONS = ("PYTEST_ADDOPTS", "PYTEST_PLUGINS")


def _child(
    pytest_args: list[str], fd: int, orphaned: Callable[[], None] | None, mask: Iterable[int]
) -> None:  # pragma: no cover
    """A session (it runs in the child). ``orphaned``: what has SIGTERM sent to it when the command's
    process dies, killed outright: the session then ends as on a signal (its engines closed), not
    with its share run to the end for nobody. ``mask``: the signals blocked before the fork, given
    back once the child's handlers are in place (one that came meanwhile is taken then)."""
    received: list[int] = []

    def interrupt(signum: int, frame: FrameType | None) -> None:
        received.append(signum)
        raise KeyboardInterrupt

    relay = _Relay(fd)
    code = 3
    try:
        for each in INTERRUPTS:
            signal.signal(each, interrupt)
        if orphaned is not None:
            orphaned()
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        os.setpgid(0, 0)
        for name in OUTSIDE_OPTIONS:
            os.environ.pop(name, None)
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        code = int(pytest.main(pytest_args, plugins=[relay]))
        if relay.usage_error is not None:
            code = pytest.ExitCode.USAGE_ERROR
    finally:
        # No signal may interrupt the last message: the child must never leave by an exception
        # into its parent's code (the command, which would go on as if it were the supervisor).
        for each in INTERRUPTS:
            signal.signal(each, signal.SIG_IGN)
        relay.send({"exit": code, "signal": received[0] if received else None})
        _flush()
        os._exit(code)


# --------------------------------------------------------------------------- the parent


class _Parent:
    def __init__(
        self,
        children: dict[int, int],
        collector: Collector,
        on_planned: Callable[[int], None],
        on_result: Callable[[Any], None],
    ) -> None:
        self.children = children
        self.collector = collector
        self.on_planned = on_planned
        self.on_result = on_result
        self.signal: int | None = None
        self.deadline: float | None = None
        self.planned: dict[int, int] = {}  # by the child's pipe
        self.usage_error: str | None = None  # the first child's that refused to start
        self.exits: dict[int, dict[str, Any]] = {}  # by the child's pipe
        self.exited: dict[int, str] = {}  # by the child's pipe: why pytest.exit() stopped its session
        self.interrupted_first: int | None = None  # the pipe of the child a KeyboardInterrupt ended first

    def _interrupted(self, signum: int, frame: FrameType | None) -> None:
        if self.signal is None:
            self.signal = signum
            self._stop()
        else:
            self._kill()

    def _stop(self) -> None:
        """Ask the children to end their sessions in order (each closes its engines), within GRACE."""
        if self.deadline is None:
            self.deadline = time.monotonic() + GRACE
        for fd, child in self.children.items():
            if fd not in self.exits:  # a child that has said how it ended is ending already
                with contextlib.suppress(ProcessLookupError):
                    os.kill(child, signal.SIGINT)

    def _kill(self) -> None:
        """Kill the children and every process they started (their process groups) at once."""
        for child in self.children.values():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(child, signal.SIGKILL)
            with contextlib.suppress(ProcessLookupError):  # before the child made its group
                os.kill(child, signal.SIGKILL)

    def watch(self, mask: Iterable[int]) -> Ending:
        """Gather the children's results until they have all ended. ``mask``: the signals blocked
        as they were forked, given back once the handlers are in place: one that came meanwhile
        interrupts the run now."""
        previous = {each: signal.signal(each, self._interrupted) for each in taken()}
        statuses: list[int] = []
        try:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
            self._read()
            statuses = [os.waitpid(child, 0)[1] for child in self.children.values()]
        finally:
            for each, handler in previous.items():
                signal.signal(each, handler)
            for fd in self.children:
                os.close(fd)
        return self._ending(statuses)

    def _read(self) -> None:
        pending = dict.fromkeys(self.children, b"")
        ends = _ends(self.children.values())
        try:
            while pending:
                if self.deadline is not None and time.monotonic() > self.deadline:
                    self._kill()
                    self.deadline = None
                self._gather(pending)
                if ends and pending:
                    _wait_for_an_end(ends)
        finally:
            for pidfd in ends:
                os.close(pidfd)

    def _gather(self, pending: dict[int, bytes]) -> None:
        """What the children have sent (waiting up to half a second for it), taken line by line;
        a pipe at its end is no longer pending."""
        ready, _, _ = select.select(list(pending), [], [], 0.5)
        for fd in ready:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                del pending[fd]
                continue
            *lines, pending[fd] = (pending[fd] + chunk).split(b"\n")
            for line in lines:
                try:
                    message = json.loads(line)
                except ValueError:  # not the relay's: something else in the child wrote to the pipe
                    continue
                self._take(fd, message)

    def _take(self, fd: int, message: dict[str, Any]) -> None:
        if "planned" in message:
            self.planned[fd] = int(message["planned"])
            # The number of scenario runs is known once every child has collected its share.
            if len(self.planned) == len(self.children):
                self.collector.planned = sum(self.planned.values())
                self.on_planned(self.collector.planned)
        elif "properties" in message:
            found = self.collector.add([(k, v) for k, v in message["properties"]])
            if found is not None:
                self.on_result(found)
        elif "usage_error" in message:
            self.usage_error = self.usage_error or str(message["usage_error"])
        elif "exited" in message:
            self.exited[fd] = stopped_by_exit(str(message["exited"]))
        elif "exit" in message:
            self.exits[fd] = message
            interrupted = message["exit"] == pytest.ExitCode.INTERRUPTED and fd not in self.exited
            if interrupted and self.interrupted_first is None:
                self.interrupted_first = fd
                if self.signal is None:
                    self._stop()  # a KeyboardInterrupt inside one child ends the run, as a Ctrl-C would

    def _ending(self, statuses: list[int]) -> Ending:
        endings = {
            fd: self._child_ending(self.exits.get(fd), status, self.exited.get(fd))
            for fd, status in zip(self.children, statuses, strict=True)
        }
        if self.signal is not None:
            codes = [e.exit_code for e in endings.values()]
            code = None if None in codes else _merged([c for c in codes if c is not None])
            return Ending(code, self.signal, f"interrupted by {signal.Signals(self.signal).name}")
        # The child interrupted first from inside tells how the run ended (the others were stopped
        # because of it); else one that died.
        if self.interrupted_first is not None:
            return endings[self.interrupted_first]
        died = [e for e in endings.values() if e.cut_short is not None]
        if died:
            return died[0]
        code = _merged([e.exit_code for e in endings.values() if e.exit_code is not None])
        return Ending(code, usage_error=self.usage_error if code == pytest.ExitCode.USAGE_ERROR else None)

    def _child_ending(self, exit: dict[str, Any] | None, status: int, exited: str | None = None) -> Ending:
        """How one child ended, by its last message (None: it sent none), its process's status and
        whether pytest.exit() stopped its session (``exited``: why), which a child ends as pytest does:
        with the exit code it names, 0 too, or as interrupted. Its scenarios not run, the run is partial."""
        if exit is not None and exited is not None:
            return Ending(int(exit["exit"]), None, exited)
        if exit is not None:
            code = int(exit["exit"])
            if code == pytest.ExitCode.INTERRUPTED:
                inside = exit.get("signal")
                cause = f"interrupted by {signal.Signals(inside).name}" if inside else "interrupted (KeyboardInterrupt)"
                return Ending(code, inside or signal.SIGINT, cause)
            return Ending(code)
        if os.WIFSIGNALED(status):
            # Not the run interrupted (the signals the command receives are told above) but its process
            # ended early: killed from outside, or by a crash in native code. Exit 1, as for os._exit.
            killer = os.WTERMSIG(status)
            return Ending(None, None, f"the test process was killed by {signal.Signals(killer).name}")
        return Ending(
            None,
            None,
            f"the test process ended (exit code {os.waitstatus_to_exitcode(status)}) before the run finished: "
            "an in-process adapter may have ended it",
        )


#: How long the parent lets results gather in the children's pipes before it takes them, unless a
#: child ends: a certification sends hundreds of results a second, and waking the parent for each
#: took the processor from the sessions and engines at work (through the wire, where a session
#: and its engine's server each keep a processor busy, a tenth of a second of a certification's
#: three). The pipes hold far more than a session sends in that time; a session that fills one
#: waits for the parent, and a result sent is never lost: what a child wrote can be read after it died.
GATHER_SECONDS = 0.03


def _ends(children: Iterable[int]) -> list[int]:
    """A descriptor for each child that becomes readable when it ends (``os.pidfd_open``, Linux
    5.3 and later); none where there are none, and the parent then takes each result as it comes."""
    if not hasattr(os, "pidfd_open"):
        return []
    ends: list[int] = []
    try:
        for child in children:
            ends.append(os.pidfd_open(child))
    except OSError:  # a kernel without them, or no descriptor left
        for pidfd in ends:
            os.close(pidfd)
        return []
    return ends


def _wait_for_an_end(ends: list[int]) -> None:
    """Wait :data:`GATHER_SECONDS`, or less if a child ends; an ended child's descriptor is closed
    and no longer waited for (it would end every wait at once)."""
    ended, _, _ = select.select(ends, [], [], GATHER_SECONDS)
    for pidfd in ended:
        ends.remove(pidfd)
        os.close(pidfd)


#: Which of the sessions' exit codes tells how the whole run ended: the first of these found.
_PRECEDENCE = (
    pytest.ExitCode.INTERNAL_ERROR,
    pytest.ExitCode.USAGE_ERROR,
    pytest.ExitCode.INTERRUPTED,
    pytest.ExitCode.TESTS_FAILED,
    pytest.ExitCode.OK,
)


def _merged(codes: list[int]) -> int:
    """The run's exit code from its sessions' (a session whose share held no selected scenario
    counts only when all are so)."""
    return next((int(c) for c in _PRECEDENCE if c in codes), int(pytest.ExitCode.NO_TESTS_COLLECTED))
