"""The garbage collector in a process whose lasting objects are made before its work begins: a
command's imports, a session's collected scenarios, the wire server's imports and engine.

What exists once the work begins is moved out of the collector's sight (``gc.freeze``), so
that its full collections don't go through it again and again, and the youngest generation is
collected every :data:`YOUNGEST_EVERY` allocations instead of Python's 700: a scenario run, or
an answer of the server, allocates many objects that die with it, and each early collection
only moves them to an older generation to be gone through again.

A process that spends moments waiting for another (the wire server, between the suite's
requests) can collect then instead (:func:`collect_when_idle`): what it collects is the same,
but the other process isn't kept waiting for it.
"""

from __future__ import annotations

import gc
from collections.abc import Callable

YOUNGEST_EVERY = 10_000
#: Where a process collects as it waits (:func:`collect_when_idle`), the collector collects by
#: itself only after this many times as many allocations: a backstop, for work that never waits.
BACKSTOP = 10
#: Where a process collects as it waits, it collects once the youngest generation holds this many
#: objects, in small pieces, so that a collection ends before the other process needs it again: the
#: wire server collects as the suite moves from one scenario to the next (about 0.9 ms, the server
#: idle for the last 0.6 of it). It took 1 to 2 ms to collect 10,000 (:data:`YOUNGEST_EVERY`), and
#: the suite's next request waited for it: 0.045 s in a certification. It takes about 0.25 ms to
#: collect 1,000, six times as often, and the suite's requests waited 0.02 s in all.
IDLE_YOUNGEST = 1_000


def begin_work() -> None:
    """The command's work begins: where the collector was paused while it started (``checker/__main__.py``),
    what the start made is frozen and the collector runs again. (Where it was running, as in a
    test that calls the command's function, nothing changes: freezing a test session's heap would
    keep every test's garbage for good.)"""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def collect_less() -> tuple[int, int, int]:
    """Freeze what exists and collect the youngest generation less often; the thresholds before."""
    gc.freeze()
    before = gc.get_threshold()
    gc.set_threshold(YOUNGEST_EVERY, *before[1:])
    return before


def collect_when_idle() -> Callable[[], None]:
    """Leave the collections to the moments the process waits: the collector collects by itself only
    after :data:`BACKSTOP` times as many allocations as its threshold says, and the function given
    back, called as the process waits, collects once the youngest generation holds more than
    :data:`IDLE_YOUNGEST` objects: the oldest generation whose count is over its threshold, as the
    collector would."""
    thresholds = gc.get_threshold()
    gc.set_threshold(thresholds[0] * BACKSTOP, *thresholds[1:])

    def collect_due() -> None:
        counts = gc.get_count()
        if counts[0] > IDLE_YOUNGEST:
            gc.collect(next(g for g in (2, 1, 0) if g == 0 or counts[g] > thresholds[g]))

    return collect_due
