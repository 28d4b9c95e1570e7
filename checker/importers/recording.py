"""A recorded game: what an importer makes of its source, and the JSON lines it is written as.

A game is a :class:`TraceHeader` and its entries in order: :class:`~checker.contract.interface.GameEvent`
(what happened), :class:`Observation` (the game as seen when it waited for a decision) and the
players' :data:`~checker.contract.interface.Action` values. An observation is a
:class:`~checker.contract.interface.GameView` with the names of the fields its source can't show
(``unknown``): the writer leaves those out, so that a checker reading the trace sees them missing
and reports them as not checked, rather than trusting a value the importer had to fill in.

The file format (one JSON object a line)::

    {"type": "header", "edition": "cr2024", "players": ["Alice", "Bob"], "starting_player": "Alice",
     "engine": "phase.rs", "engine_version": "0.103.0", "source": "phase.rs seed 7"}
    {"type": "event", "event": {"kind": "turn_began", "turn": 1, "player": "Alice", ...}}
    {"type": "observation", "view": {"turn_number": 1, "phase": "beginning", "step": "upkeep", ...}}
    {"type": "action", "action": {"type": "pass_priority", "player": "Alice"}}

Events, views and actions are encoded as the wire protocol encodes them (:mod:`checker.contract.codec`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker.contract.codec import encode
from checker.contract.interface import Action, GameEvent, GameView

#: Field paths an observation may leave unknown: a GameView field, or ``players.<field>`` /
#: ``battlefield.<field>`` for that field of every player or permanent.
KNOWN_FIELDS = frozenset(
    {
        "decision",
        "stack",
        "battlefield",
        "day_night",
        "game_over",
        "winner",
        *(
            f"players.{name}"
            for name in ("mana_pool", "library", "hand", "graveyard", "exile", "lands_played", "lost", "poison")
        ),
        *(
            f"battlefield.{name}"
            for name in (
                "damage",
                "phased_out",
                "summoning_sick",
                "attacking",
                "blocking",
                "attacked",
                "counters",
                "attached_to",
                "token",
            )
        ),
    }
)


@dataclass(frozen=True)
class Observation:
    """The game as its source showed it at a decision; ``unknown`` names the fields it couldn't show."""

    view: GameView
    unknown: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        wrong = self.unknown - KNOWN_FIELDS
        if wrong:
            raise ValueError(f"no such field of a view: {', '.join(sorted(wrong))}")


Entry = GameEvent | Observation | Action


@dataclass(frozen=True)
class TraceHeader:
    edition: str
    players: tuple[str, ...]
    starting_player: str | None
    engine: str
    engine_version: str | None
    #: Where the game comes from: a file and its game, or the recorder's seed.
    source: str


@dataclass
class RecordedGame:
    header: TraceHeader
    entries: list[Entry] = field(default_factory=list)

    def observations(self) -> Iterator[Observation]:
        return (e for e in self.entries if isinstance(e, Observation))

    def events(self) -> Iterator[GameEvent]:
        return (e for e in self.entries if isinstance(e, GameEvent))


def _without(data: dict[str, Any], path: str) -> None:
    head, _, rest = path.partition(".")
    if not rest:
        data.pop(head, None)
        return
    for item in data.get(head) or ():
        item.pop(rest, None)


def _line(entry: Entry) -> dict[str, Any]:
    if isinstance(entry, GameEvent):
        return {"type": "event", "event": encode(entry)}
    if isinstance(entry, Observation):
        view = encode(entry.view)
        for path in sorted(entry.unknown):
            _without(view, path)
        return {"type": "observation", "view": view}
    return {"type": "action", "action": encode(entry)}


def trace_lines(game: RecordedGame) -> Iterator[str]:
    """The game's trace, one JSON text a line (without the newline)."""
    yield json.dumps({"type": "header", **encode(game.header)}, sort_keys=True)
    for entry in game.entries:
        yield json.dumps(_line(entry), sort_keys=True)


def write_trace(game: RecordedGame, path: Path) -> None:
    """Write the game's trace to ``path`` (JSON lines), creating its directory."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as out:
        for line in trace_lines(game):
            out.write(line + "\n")
