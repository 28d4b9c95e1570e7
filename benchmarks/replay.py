"""The engine's share of a certification: its adapter calls, recorded once and replayed alone.

    turncheck certify --engine replay:RecordingAdapter      (PYTHONPATH=benchmarks, RECORD_TO=FILE)
    python benchmarks/replay.py FILE

:class:`RecordingAdapter` is the reference adapter, writing every call the suite makes of it
(and which adapter it was made of: each scenario gets a fresh one) to ``RECORD_TO`` when the
pytest session ends (not at the process's exit: the supervised session's process ends with
``os._exit``, which runs no exit handlers). Replaying makes the same calls on fresh reference
adapters, in the same order, with no test runner: what the certification would cost if the suite cost nothing.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pickle
import sys
import time
from pathlib import Path
from typing import Any

from pytest_bdd.utils import CONFIG_STACK

from checker.adapters.reference import ReferenceAdapter
from checker.contract.interface import (
    Action,
    Capabilities,
    GameEvent,
    GameSetup,
    GameView,
    IllegalActionError,
    UnsupportedError,
)

#: (adapter number, method, arguments) of every call, in order.
CALLS: list[tuple[int, str, tuple[Any, ...]]] = []
_NUMBERS = itertools.count()


class RecordingAdapter(ReferenceAdapter):
    def __init__(self) -> None:
        super().__init__()
        self.number = next(_NUMBERS)
        if self.number == 0 and CONFIG_STACK:  # the first adapter of the session: write the calls when it ends
            CONFIG_STACK[-1].pluginmanager.register(sys.modules[__name__], "replay-recording")

    def capabilities(self) -> Capabilities:
        CALLS.append((self.number, "capabilities", ()))
        return super().capabilities()

    def start(self, setup: GameSetup) -> None:
        CALLS.append((self.number, "start", (setup,)))
        super().start(setup)

    def perform(self, action: Action) -> None:
        CALLS.append((self.number, "perform", (action,)))
        super().perform(action)

    def view(self) -> GameView:
        CALLS.append((self.number, "view", ()))
        return super().view()

    def events(self) -> list[GameEvent]:
        CALLS.append((self.number, "events", ()))
        return super().events()


def pytest_sessionfinish() -> None:
    target = os.environ.get("RECORD_TO")
    if target and CALLS:
        Path(target).write_bytes(pickle.dumps(CALLS))


def replay(calls: list[tuple[int, str, tuple[Any, ...]]]) -> float:
    """Seconds to make the calls on fresh reference adapters (refusals included, as recorded)."""
    adapters: dict[int, ReferenceAdapter] = {}
    clock = time.perf_counter()
    for number, method, args in calls:
        adapter = adapters.get(number)
        if adapter is None:
            adapter = adapters[number] = ReferenceAdapter()
        with contextlib.suppress(IllegalActionError, UnsupportedError):  # as in the certification
            getattr(adapter, method)(*args)
    return time.perf_counter() - clock


def main(argv: list[str]) -> int:
    calls = pickle.loads(Path(argv[0]).read_bytes())
    print(f"{len(calls)} calls replayed in {replay(calls):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
