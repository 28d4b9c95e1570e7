"""The garbage collector in a process whose lasting objects are made before its work begins: a
command's imports, a session's collected scenarios, the wire server's imports and engine.

What exists once the work begins is moved out of the collector's sight (``gc.freeze``), so
that its full collections don't go through it again and again, and the youngest generation is
collected every :data:`YOUNGEST_EVERY` allocations instead of Python's 700: a scenario run, or
an answer of the server, allocates many objects that die with it, and each early collection
only moves them to an older generation to be gone through again.
"""

from __future__ import annotations

import gc

YOUNGEST_EVERY = 10_000


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
