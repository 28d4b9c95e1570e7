"""How a command stops on a signal: SIGTERM and SIGHUP as on Ctrl-C.

A command that keeps its results across a long run (``trace``, ``import``, ``explore``) stops
alike on SIGINT (Ctrl-C), SIGTERM (a CI runner's time limit, ``kill``) and SIGHUP (a terminal
closed): each raises :class:`Stopped`, a ``KeyboardInterrupt``, where the command is; the command
reports what it finished, marks it partial and exits with 128 + the signal's number (130, 143,
129), which a CI runner reads as "interrupted", never as a verdict. (``certify`` has the same
contract, kept by its supervisor over its sessions.)
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

INTERRUPTS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


class Stopped(KeyboardInterrupt):
    """One of :data:`INTERRUPTS` arrived."""

    def __init__(self, number: int) -> None:
        super().__init__(signal.Signals(number).name)
        self.signal = number


def exit_code(interrupt: KeyboardInterrupt) -> int:
    """128 + the number of the signal that stopped the run (a bare KeyboardInterrupt: Ctrl-C's)."""
    return 128 + (interrupt.signal if isinstance(interrupt, Stopped) else signal.SIGINT)


@contextlib.contextmanager
def stopping() -> Iterator[list[int]]:
    """Within: each of :data:`INTERRUPTS` raises :class:`Stopped`. The signals received are also
    listed in what it yields: Python drops an exception raised where a signal lands inside a
    garbage collector's callback (Hypothesis installs one), so a loop looks at the list between
    its steps. Off the main thread (a command called from an embedding's thread), where signals
    can't be handled, nothing changes."""
    received: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield received
        return

    def stop(number: int, frame: FrameType | None) -> None:
        received.append(number)
        raise Stopped(number)

    previous = {number: signal.signal(number, stop) for number in INTERRUPTS}
    try:
        yield received
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
