"""Games for :func:`checker.explore.sessions.side_by_side` whose outcomes are scripted by index,
played in its processes: one kills its process, one fails as a bug of the explorer would; and
games no process can start on."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from dataclasses import dataclass

from checker.explore.explorer import Engines, GameOutcome
from checker.explore.sessions import Game, Games


@dataclass(frozen=True)
class Scripted(Games):
    dies: int = -1
    fails: int = -1

    def play(self, engines: Engines, game: Game, found: Callable[[GameOutcome], None]) -> GameOutcome:
        index = game[1]
        if index == self.dies:
            os.kill(os.getpid(), signal.SIGKILL)
        if index == self.fails:
            raise ValueError(f"a bug in game {index}")
        return GameOutcome(index, seed=os.getpid(), plays=1)


@dataclass(frozen=True)
class Unstartable(Games):
    """Games a process can't even read: as if it couldn't import what it needs."""

    def __reduce__(self) -> tuple[object, tuple[()]]:
        return _refuse, ()


def _refuse() -> None:
    raise ImportError("this process can't start")
