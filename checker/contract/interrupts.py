"""How a command stops on a signal: SIGTERM and SIGHUP as on Ctrl-C.

A command that keeps its results across a long run (``trace``, ``import``, ``explore``) stops
alike on SIGINT (Ctrl-C), SIGTERM (a CI runner's time limit, ``kill``) and SIGHUP (a terminal
closed): each raises :class:`Stopped`, a ``KeyboardInterrupt``, where the command is; the command
reports what it finished, marks it partial and exits with 128 + the signal's number (130, 143,
129), which a CI runner reads as "interrupted", never as a verdict. (``certify`` has the same
contract, kept by its supervisor over its sessions.) A plain pytest session of the scenarios, which
the suite's plugin doesn't own, takes SIGTERM and SIGHUP as pytest takes Ctrl-C, and holds any of
them, Ctrl-C too, while it writes its results: :class:`Terminations`.

A signal the command was started with ignored stays ignored (:func:`taken`): whoever started it
asked for that, as ``nohup`` does for SIGHUP, so that a long run outlives its terminal, and a
shell for SIGINT in a background job.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType

INTERRUPTS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
#: Those of :data:`INTERRUPTS` whose default action ends the process at once (pytest takes SIGINT itself).
TERMINATIONS = (signal.SIGTERM, signal.SIGHUP)


class Stopped(KeyboardInterrupt):
    """One of :data:`INTERRUPTS` arrived."""

    def __init__(self, number: int) -> None:
        super().__init__(signal.Signals(number).name)
        self.signal = number


def taken() -> tuple[int, ...]:
    """Those of :data:`INTERRUPTS` not ignored now: the signals a command may take as interrupts."""
    return tuple(number for number in INTERRUPTS if signal.getsignal(number) is not signal.SIG_IGN)


def exit_code(interrupt: KeyboardInterrupt) -> int:
    """128 + the number of the signal that stopped the run (a bare KeyboardInterrupt: Ctrl-C's)."""
    return 128 + (interrupt.signal if isinstance(interrupt, Stopped) else signal.SIGINT)


@contextlib.contextmanager
def stopping() -> Iterator[list[int]]:
    """Within: each of :data:`INTERRUPTS` not ignored (:func:`taken`) raises :class:`Stopped`. The
    signals received are also listed in what it yields: Python drops an exception raised where a
    signal lands inside a garbage collector's callback (Hypothesis installs one), so a loop looks at
    the list between its steps. Off the main thread (a command called from an embedding's thread),
    where signals can't be handled, nothing changes."""
    received: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield received
        return

    def stop(number: int, frame: FrameType | None) -> None:
        received.append(number)
        raise Stopped(number)

    previous = {number: signal.signal(number, stop) for number in taken()}
    try:
        yield received
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


class Terminations:
    """SIGTERM and SIGHUP as Ctrl-C in a pytest session of the scenarios with the suite's plugin,
    and any of the three held while the session writes its results.

    By default either ends the process at once (a CI runner's time limit sends SIGTERM), and the
    results of the scenarios run so far, the reports and the expectations file go with it. From
    :meth:`take`, each raises :class:`Stopped`, a ``KeyboardInterrupt``: pytest ends the session as
    on Ctrl-C, and the plugin concludes the run, partial. Once the tests have ended, a
    ``KeyboardInterrupt`` would stop the session's end in the middle (other plugins' ends,
    pytest-xdist's workers stopped, the reports written): from :meth:`hold`, the first of the
    three, Ctrl-C too, is only noted (:attr:`late`), for the session to end as interrupted once its
    results are written; a second takes its course at once. Until :meth:`give_back`.

    Only a signal whose handler is the default one is taken: a handler the user or another plugin
    installed is theirs (``turncheck``'s sessions have their supervisor's). Signal handlers can be
    set in the main thread only: elsewhere (a session run from an embedding's thread), nothing
    changes."""

    def __init__(self) -> None:
        self._previous: dict[int, Callable[[int, FrameType | None], object] | int | None] = {}
        #: The signal that came while held, if one did.
        self.late: int | None = None

    def take(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            return
        for number in TERMINATIONS:
            if number not in self._previous and signal.getsignal(number) is DEFAULT_HANDLERS[number]:
                self._previous[number] = signal.signal(number, _stop)

    def hold(self) -> None:
        """From now on, the first of :data:`INTERRUPTS` is noted in :attr:`late` and does nothing else;
        a second gives the handlers back and is raised again, to end the process (SIGTERM, SIGHUP)
        or raise a ``KeyboardInterrupt`` (Ctrl-C) as without them."""
        if threading.current_thread() is not threading.main_thread():
            return
        for number in INTERRUPTS:
            if number in self._previous or signal.getsignal(number) is DEFAULT_HANDLERS[number]:
                self._previous.setdefault(number, signal.getsignal(number))
                signal.signal(number, self._held)

    def _held(self, number: int, frame: FrameType | None) -> None:
        if self.late is None:
            self.late = number
            return
        self.give_back()
        signal.raise_signal(number)

    def give_back(self) -> None:
        """The handlers as they were before :meth:`take` and :meth:`hold`."""
        while self._previous:
            number, handler = self._previous.popitem()
            signal.signal(number, handler)


@contextlib.contextmanager
def held() -> Iterator[Terminations]:
    """Within: the first of :data:`INTERRUPTS` that comes is only noted (its ``late``), so that what a
    command writes of its results (a report, its schema, the findings beside it) is written whole,
    never some files new and others old or missing; a second takes its course at once. The command
    then ends as interrupted, 128 + the signal's number, once its results are written."""
    holding = Terminations()
    holding.hold()
    try:
        yield holding
    finally:
        holding.give_back()


def interrupted_late(holding: Terminations, code: int, said: Callable[[str], None]) -> int:
    """``code``, or where a signal came while the results were written (:func:`held`), 128 + its
    number, saying so with ``said``: the run is over and its results stand, but it was interrupted."""
    if holding.late is None:
        return code
    said(f"interrupted by {signal.Signals(holding.late).name} as the results were written: they were written first")
    return 128 + holding.late


#: Each of :data:`INTERRUPTS`'s handler in a Python process that set none: Ctrl-C's raises KeyboardInterrupt.
DEFAULT_HANDLERS = {signal.SIGINT: signal.default_int_handler} | dict.fromkeys(TERMINATIONS, signal.SIG_DFL)


def _stop(number: int, frame: FrameType | None) -> None:
    raise Stopped(number)


#: Linux's prctl option that has the kernel signal a process when its parent dies.
_PR_SET_PDEATHSIG = 1


def with_its_parent(number: int, parent: int | None = None) -> Callable[[], None] | None:
    """What a process started by another runs first, on Linux, to be sent ``number`` when that one dies:
    a parent killed outright (SIGKILL: a CI runner ending its step, the OOM killer) can't stop its
    children, and a child busy in a game (or an engine that doesn't end at the end of its input)
    would go on for nothing, on the machine's processors. ``parent``: the process id of the one that
    started it, by default this process (for a child forked or executed from here: the function
    is then made before, as a forked child should do no more than it must). A child whose parent
    died before it could ask ends at once, with 128 + ``number``. Elsewhere, None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    started_by = os.getpid() if parent is None else parent

    def end_with_parent() -> None:
        prctl(_PR_SET_PDEATHSIG, number)
        if os.getppid() != started_by:  # the parent died before this could be asked
            os._exit(128 + number)

    return end_with_parent
