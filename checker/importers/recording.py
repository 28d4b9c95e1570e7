"""A recorded game as an importer builds it, written in the rules checker's trace format.

The format is :mod:`checker.trace.format`'s (``checker/contract/schemas/trace.schema.json``): a
:class:`~checker.trace.format.Header`, then in order the game's events
(:class:`~checker.contract.interface.GameEvent`), an :class:`~checker.trace.format.Observation` at
each decision, and the players' actions with their outcome (:class:`Taken`). An observation's
fields are all optional: an importer fills in what its source shows and leaves the rest out, so
that the checks needing it say they couldn't check, rather than trust a value made up.

The importer keeps the game in memory (:class:`RecordedGame`) and writes it with the trace's
:class:`~checker.trace.writer.TraceWriter`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from checker.contract.interface import Action, GameEvent
from checker.trace.format import Header, Observation
from checker.trace.writer import TraceWriter


@dataclass(frozen=True)
class Taken:
    """A player's action; ``refused``: the engine refused it, and why."""

    action: Action
    refused: str | None = None


Entry = GameEvent | Observation | Taken


@dataclass
class RecordedGame:
    header: Header
    entries: list[Entry] = field(default_factory=list)

    def observations(self) -> Iterator[Observation]:
        return (e for e in self.entries if isinstance(e, Observation))

    def events(self) -> Iterator[GameEvent]:
        return (e for e in self.entries if isinstance(e, GameEvent))


def write_trace(game: RecordedGame, path: Path) -> None:
    """Write the game's trace to ``path`` (JSON lines), creating its directory. A trace that can't be
    written whole (a full disk, an interrupt) is removed, and the error raised: no cut trace is left
    behind, to be read as a shorter game."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with TraceWriter(path, game.header) as trace:
            for entry in game.entries:
                if isinstance(entry, GameEvent):
                    trace.event(entry)
                elif isinstance(entry, Observation):
                    trace.observation(entry)
                else:
                    trace.action(entry.action, entry.refused)
    except BaseException:
        path.unlink(missing_ok=True)
        raise
