"""A per-request deadline for adapters in this process, as an engine process has over the wire.

Each call of the adapter runs under a real-time interval timer (``signal.setitimer``); when
the timer expires, the SIGALRM handler raises :class:`EngineTimeout` inside the call, so that
a hung adapter costs its scenario a *timeout* and the run goes on. The same timer bounds the
import of an adapter's module and its creation (:func:`within`,
:func:`checker.running.engines.load_python_engine`).

Its limits, where a call has no deadline or a late one:

- only in the main thread of a process on a platform with ``setitimer`` (not on Windows):
  elsewhere the calls run without a deadline;
- Python handles a signal between bytecodes: code in a C extension that runs long without
  returning to the interpreter (or checking for signals) is interrupted only once it does;
- an adapter interrupted in the middle of a call may be left half-changed: the provider gives
  each scenario a fresh adapter, so nothing carries over.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Sequence
from types import FrameType
from typing import TypeVar

from checker.contract.capabilities import capabilities_problem
from checker.contract.interface import (
    Action,
    Capabilities,
    EngineAdapter,
    EngineFailure,
    EngineTimeout,
    GameEvent,
    GameSetup,
    GameView,
)

T = TypeVar("T")

#: The SIGALRM handler in place, read as it is before every call: ``signal.getsignal`` wraps the C
#: function of ``_signal`` in a conversion to an enum that raises and catches a ValueError for
#: any handler that is a function, 3.5 µs of every adapter call (0.07 µs without it). (``signal``
#: imports ``_signal`` where there is one.)
_handler_in_place: Callable[[int], object] = getattr(sys.modules.get("_signal"), "getsignal", signal.getsignal)


def deadlines_possible() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


class TimedAdapter:
    """An adapter whose every call must return within ``timeout`` seconds. Its calls are held to
    what an engine's answers over the wire are: its capabilities to the shape of a ``hello``
    (:func:`~checker.contract.capabilities.capabilities_problem`), and a ``SystemExit`` it raises
    (``sys.exit`` in an adapter) is its failure, which would otherwise end the session it runs in."""

    def __init__(self, adapter: EngineAdapter, timeout: float) -> None:
        self.adapter = adapter
        self.timeout = timeout
        self._capabilities: Capabilities | None = None

    def capabilities(self) -> Capabilities:
        """The adapter's, asked for and checked once: an engine over the wire says them once, in its
        hello, and an adapter is made afresh for each scenario."""
        if self._capabilities is None:
            found = self._call("capabilities", self.adapter.capabilities)
            problem = capabilities_problem(found)
            if problem is not None:
                raise EngineFailure(problem)
            self._capabilities = found
        return self._capabilities

    def start(self, setup: GameSetup) -> None:
        self._call("start", lambda: self.adapter.start(setup))

    def perform(self, action: Action) -> None:
        self._call("perform", lambda: self.adapter.perform(action))

    def view(self) -> GameView:
        return self._call("view", self.adapter.view)

    def events(self) -> Sequence[GameEvent]:
        return self._call("events", lambda: list(self.adapter.events()))

    def _call(self, name: str, call: Callable[[], T]) -> T:
        try:
            return within(self.timeout, f"the adapter did not return from {name}", call)
        except (SystemExit, GeneratorExit) as exc:
            said = ", ".join(map(repr, exc.args))
            raise EngineFailure(f"the adapter's {name} raised {type(exc).__name__}({said})") from exc


def within(seconds: float, late: str, call: Callable[[], T]) -> T:
    """What ``call`` returns, if it returns within ``seconds``; else :class:`EngineTimeout` says
    ``late`` ("the adapter did not return from view") and how long it had. Where deadlines aren't
    possible (:func:`deadlines_possible`), the call runs without one."""
    if not deadlines_possible():
        return call()
    # The handler stays installed between calls: setting it costs more than a fast engine's call.
    if _handler_in_place(signal.SIGALRM) is not _expired:
        _Armed.previous = signal.signal(signal.SIGALRM, _expired)
    _Armed.call, _Armed.timeout = late, seconds
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return call()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        _Armed.call = None


class _Armed:
    """What the call under way failing to return in time would say (None between calls), and the
    SIGALRM handler found before."""

    call: str | None = None
    timeout = 0.0
    previous: Callable[[int, FrameType | None], object] | int | signal.Handlers | None = signal.SIG_DFL


def _expired(signum: int, frame: FrameType | None) -> None:
    """A SIGALRM: the call under way has run out of time; outside a call, the handler found before
    gets it (the default, to end the process, is not taken: the timer was this module's)."""
    if _Armed.call is not None:
        raise EngineTimeout(f"{_Armed.call} within {_Armed.timeout:g} s")
    if callable(_Armed.previous):
        _Armed.previous(signum, frame)
