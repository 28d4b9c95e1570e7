"""Fake in-process adapters for testing the runner: the reference engine with one fault.

Each is named on the command line as ``tests.fakes.adapters:<Class>`` (from the repository's
root). A Python adapter is created afresh for each scenario, so a fault that should happen
once counts performs across the whole process.

The environment variable ``FAKE_ADAPTER_MARKER`` names a file a fault creates when it
happens, so that a test can tell the run has got that far.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from checker.adapters.reference import ReferenceAdapter
from checker.contract.interface import Action, Capabilities

#: After how many performs (in the whole process) a fault happens.
AFTER = 40
_performed = 0

#: What a hostile engine calls itself and says when it fails: colours, a screen clear, a fake
#: line of output, a NUL and a right-to-left override.
HOSTILE = "evil\x1b[31m\x1b[2J\nPASSED: every scenario\x00\u202egnissap"


def _count() -> bool:
    """Whether this perform is the one at which the fault happens (it then leaves the marker)."""
    global _performed
    _performed += 1
    if _performed != AFTER:
        return False
    marker = os.environ.get("FAKE_ADAPTER_MARKER")
    if marker:
        Path(marker).touch()
    return True


class Exiting(ReferenceAdapter):
    """Ends the whole process, with exit code 0, in the middle of the run."""

    def perform(self, action: Action) -> None:
        if _count():
            os._exit(0)
        super().perform(action)


class Interrupting(ReferenceAdapter):
    """Raises KeyboardInterrupt in the middle of the run, as a Ctrl-C inside the adapter would."""

    def perform(self, action: Action) -> None:
        if _count():
            raise KeyboardInterrupt
        super().perform(action)


class Stuck(ReferenceAdapter):
    """Stops in the middle of the run (until a signal comes)."""

    def perform(self, action: Action) -> None:
        if _count():
            time.sleep(3600)
        super().perform(action)


class NoEditions(ReferenceAdapter):
    """Supports no edition at all."""

    def capabilities(self) -> Capabilities:
        full = super().capabilities()
        return Capabilities(full.name, full.version, frozenset(), full.effects)


class Hostile(ReferenceAdapter):
    """Names itself, and fails, with text meant to fool a terminal."""

    def capabilities(self) -> Capabilities:
        full = super().capabilities()
        return Capabilities(HOSTILE, HOSTILE, full.editions, full.effects)

    def perform(self, action: Action) -> None:
        raise RuntimeError(HOSTILE)
