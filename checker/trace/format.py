"""The trace format: a recorded game as JSON lines, and the structures its lines hold.

The first line is a :class:`Header`; every later line is an entry: an event (the protocol's
``game_event``, decoded into the interface's :class:`~checker.contract.interface.GameEvent`), an
:class:`Observation` at a decision (the protocol's ``game_view`` with every field optional), a
change (an observation giving only the fields that differ from the previous one's), or an
action with its outcome. ``checker/contract/schemas/trace.schema.json`` is the format's
definition; ``docs/trace.md`` walks through it.

What the checker reads of an observation, a change merged into it, is
:mod:`checker.trace.observed`. Opening a trace's file (or standard input, plain or compressed)
is :mod:`checker.trace.files`; reading its header, :mod:`checker.trace.header`; its entries,
:mod:`checker.trace.reading`; what can't be read is said by :mod:`checker.trace.problems`.
Writing one (an importer, a recorder) is :class:`checker.trace.writer.TraceWriter`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias

import msgspec

from checker.contract.documents import load_schema
from checker.contract.interface import DecisionView, GameView, PermanentView, StackItemView
from checker.contract.protocol import structure
from checker.contract.vocabulary import DECISIONS, EVENTS, PHASES, STEPS

FORMAT: Final = "turncheck-trace"
#: The keyword abilities an observation's ``keywords`` may name: those the combat's steps depend on.
KEYWORDS: Final = frozenset({"first_strike", "double_strike"})
FORMAT_VERSION: Final = 1
SCHEMA_PATH: Final = "schemas/trace.schema.json"


# --------------------------------------------------------------------------- the structures

# The names of the vocabulary, as the structures read: msgspec refuses any other as it decodes,
# so no line is checked again in Python. (For the type checker they are strings.)
if TYPE_CHECKING:
    EventKind: TypeAlias = str
    PhaseName: TypeAlias = str
    StepName: TypeAlias = str
    DecisionKind: TypeAlias = str
    Keyword: TypeAlias = str
else:
    EventKind = Literal[tuple(sorted(EVENTS))]
    PhaseName = Literal[tuple(sorted(PHASES))]
    StepName = Literal[tuple(sorted(STEPS))]
    DecisionKind = Literal[tuple(sorted(DECISIONS))]
    Keyword = Literal[tuple(sorted(KEYWORDS))]

# What an observation's turn number, and a player's counts and mana pool, can hold, as the schema bounds them:
# msgspec refuses, as it decodes, what no game can show (a hand of -1 cards, 5 mana of a symbol
# that isn't one), and the line is a problem of the trace, said from the schema.
if TYPE_CHECKING:
    ManaPool: TypeAlias = dict[str, int]
    HandSize: TypeAlias = int
    LibrarySize: TypeAlias = int
    Poison: TypeAlias = int
    TurnNumber: TypeAlias = int
else:
    _DEFINED = load_schema("checker.contract", SCHEMA_PATH)["$defs"]
    _PLAYER = _DEFINED["player_observation"]["properties"]
    TurnNumber = structure(_DEFINED["observation"]["properties"]["turn_number"], "turn_number")[0]
    ManaPool, HandSize, LibrarySize, Poison = (
        structure(_PLAYER[name], name)[0] for name in ("mana_pool", "hand_size", "library_size", "poison")
    )


class Engine(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    name: str
    version: str


class Start(msgspec.Struct, forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    """Where a trace begins when not at the game's start: the beginning of this turn, phase or step."""

    turn_number: int
    active_player: str
    phase: str | None = None
    step: str | None = None
    from_game_start: bool = False


class Header(msgspec.Struct, forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    format: str
    format_version: int
    edition: str
    players: tuple[str, ...]
    engine: Engine
    source: str
    starting_player: str | None = None
    start: Start | None = None
    scenario: str | None = None

    @classmethod
    def new(
        cls,
        edition: str,
        players: list[str] | tuple[str, ...],
        engine: str,
        version: str,
        *,
        source: str = "recorded",
        starting_player: str | None = None,
        start: Start | None = None,
        scenario: str | None = None,
    ) -> Header:
        """A header of this format's current version; ``source`` is "recorded" or "imported from X"."""
        return cls(
            FORMAT,
            FORMAT_VERSION,
            edition,
            tuple(players),
            Engine(engine, version),
            source,
            starting_player,
            start,
            scenario,
        )


class PlayerObservation(msgspec.Struct, forbid_unknown_fields=True, frozen=True, gc=False, omit_defaults=True):
    """A player as the protocol's ``player_view`` shows them, hand and library counted."""

    name: str
    life: int | None = None
    mana_pool: ManaPool | None = None
    hand_size: HandSize | None = None
    library_size: LibrarySize | None = None
    poison: Poison | None = None
    lost: bool | None = None


class Observation(msgspec.Struct, forbid_unknown_fields=True, frozen=True, omit_defaults=True):
    """The game at a decision. A field left out (None) is one the trace doesn't know."""

    turn_number: int | None = None
    active_player: str | None = None
    phase: str | None = None
    step: str | None = None
    decision: DecisionView | None = None
    players: tuple[PlayerObservation, ...] | None = None
    battlefield: tuple[PermanentView, ...] | None = None
    stack: tuple[StackItemView, ...] | None = None
    game_over: bool | None = None
    winner: str | None = None
    day_night: str | None = None
    #: The combat keyword abilities (:data:`KEYWORDS`) of the permanents that have any, by id.
    keywords: dict[str, tuple[str, ...]] | None = None

    @classmethod
    def of(cls, view: GameView, keywords: Mapping[str, tuple[str, ...]] | None = None) -> Observation:
        """What a recorder writes of an adapter's view; ``keywords``: the combat keyword
        abilities of the cards it knows, by id (those on the battlefield are written)."""
        return cls(
            view.turn_number,
            view.active_player,
            view.phase,
            view.step,
            view.decision,
            tuple(
                PlayerObservation(p.name, p.life, dict(p.mana_pool), len(p.hand), len(p.library), p.poison, p.lost)
                for p in view.players
            ),
            view.battlefield,
            view.stack,
            view.game_over,
            view.winner,
            view.day_night,
            None if keywords is None else {p.id: keywords[p.id] for p in view.battlefield if p.id in keywords},
        )


class ActionTaken(msgspec.Struct, frozen=True, gc=False):
    """An action and what the engine did with it. The action is the protocol's, kept as JSON:
    the checks need only its ``type`` and ``player``, taken out of it as it is read."""

    type: str
    player: str
    action: dict[str, Any]
    outcome: Literal["accepted", "refused"]
    message: str | None = None


class Event(msgspec.Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    """The protocol's ``game_event`` as the checker decodes it: the fields of the interface's
    :class:`~checker.contract.interface.GameEvent` (a test keeps them in step), in a msgspec
    structure because it decodes twice as fast, and a trace is mostly events."""

    kind: EventKind
    turn: int
    player: str | None = None
    subject: str | None = None
    amount: int | None = None
    detail: dict[str, str] = {}


# --------------------------------------------------------------------------- the schema


def schema() -> dict[str, Any]:
    return load_schema("checker.contract", SCHEMA_PATH)
