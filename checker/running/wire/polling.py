"""Waiting for the other side of the wire by reading its pipe over and over, for a moment,
before sleeping until it writes.

On a virtual machine a process put to sleep until a pipe has data, and woken when it has,
loses more time than the reference engine's server takes to answer a pass, or the suite to
ask for the next action. Where a processor is free for each side (one session on a machine
with two processors or more), each reads at once for up to :data:`SPIN_SECONDS` before it sleeps.
The suite tells the engine so by setting :data:`PROCESSOR_FREE` to ``1`` in the engine's
environment: any engine may take the hint; the suite's own server does (:class:`PollingReader`).
"""

from __future__ import annotations

import os
import select
import time
from collections.abc import Callable
from typing import Final

#: The processors this process may run on.
PROCESSORS: Final = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
#: How long one side reads the other's pipe over and over before it sleeps until data comes: long
#: enough for most of the suite's work between two requests (a step, a scenario's end and the
#: next one's start), so that the engine's server is still reading when the next request comes.
#: (Half a millisecond, which the reference engine's answers take, measured 5% slower through the
#: wire; ten milliseconds no faster than three.)
SPIN_SECONDS: Final = 3e-3
#: How long the reader reads at once, finding nothing, before it does what it does when idle
#: (:class:`PollingReader`'s ``idle``): longer than nine in ten of the suite's moments between two
#: requests of a scenario, shorter than its moments between two scenarios.
IDLE_SECONDS: Final = 3e-4
#: The engine's environment variable that says a processor is free for it while the suite waits ("1").
PROCESSOR_FREE: Final = "TURNCHECK_PROCESSOR_FREE"


def processor_free() -> bool:
    """Whether the suite that started this engine said a processor is free for it."""
    return os.environ.get(PROCESSOR_FREE) == "1" and PROCESSORS > 1


class PollingReader:
    """Lines of a pipe, as ``BufferedReader.readline`` gives them, each waited for by reading at
    once for up to :data:`SPIN_SECONDS`, then sleeping until the pipe has data. ``idle`` is called
    once in a wait that lasts :data:`IDLE_SECONDS`: work that can wait for such a moment."""

    def __init__(self, fd: int, idle: Callable[[], None] | None = None) -> None:
        self._fd = fd
        self._idle = idle or _nothing
        self._buffer = bytearray()
        self._ended = False
        os.set_blocking(fd, False)

    def readline(self, limit: int = -1) -> bytes:
        """The next line with its line end; at most ``limit`` bytes of it (the rest comes next);
        the last bytes without a line end at the end of the input; b"" after it."""
        while True:
            end = self._buffer.find(b"\n")
            size = end + 1 if end >= 0 else len(self._buffer) if self._ended else None
            if 0 <= limit <= len(self._buffer) and (size is None or size > limit):
                size = limit
            if size is not None:
                line = bytes(self._buffer[:size])
                del self._buffer[:size]
                return line
            self._fill()

    def _fill(self) -> None:
        started = time.perf_counter()
        until, idle_at = started + SPIN_SECONDS, started + IDLE_SECONDS
        while True:
            try:
                data = os.read(self._fd, 1 << 16)
                break
            except BlockingIOError:
                now = time.perf_counter()
                if now >= idle_at:
                    self._idle()
                    idle_at = float("inf")
                elif now >= until:
                    select.select([self._fd], [], [])
        self._ended = not data
        self._buffer += data


def _nothing() -> None:
    """The idle work of a reader given none."""
