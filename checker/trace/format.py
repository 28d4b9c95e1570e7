"""The trace format: a recorded game as JSON lines, read back fast and checked line by line.

The first line is a :class:`Header`; every later line is an entry: an event (the protocol's
``game_event``, decoded into the interface's :class:`~checker.contract.interface.GameEvent`), an
:class:`Observation` at a decision (the protocol's ``game_view`` with every field optional), a
change (an observation giving only the fields that differ from the previous one's), or an
action with its outcome. A reader gets every observation whole: a change is merged into the
observation before it as it is read, the fields it leaves out shared with that observation (the
same objects: a check tells what changed by identity, ``view.players is not before.players``).
``checker/contract/schemas/trace.schema.json`` is the format's definition; ``docs/trace.md``
walks through it.

Lines are decoded with msgspec into typed structures, which enforce the schema's shapes; a line
they refuse is checked against the JSON Schema to say precisely what is wrong, and the error
names the file and the line. ``validate=True`` checks every line against the schema as well
(slower: for an importer's author).

A trace is never held whole: its lines come a chunk of a few megabytes at a time
(:mod:`checker.trace.chunks`), each chunk decoded at once, an observation carried from one
chunk into the next for the changes to it. Opening a trace's file (or standard input, plain or
compressed) is :mod:`checker.trace.files`; writing one (an importer, a recorder) is
:class:`checker.trace.writer.TraceWriter`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias

import msgspec
from msgspec import UNSET, UnsetType

from checker.contract.codec import ACTION_TYPES
from checker.contract.documents import load_schema, number_too_long, said
from checker.contract.interface import DecisionView, GameView, PermanentView, StackItemView
from checker.contract.utf8 import in_other_encoding
from checker.contract.vocabulary import DECISIONS, EDITIONS, EVENTS, PHASES, STEPS, TURN_TEMPLATES
from checker.trace.chunks import Lines, LongLine, Unread

FORMAT: Final = "turncheck-trace"
#: The keyword abilities an observation's ``keywords`` may name: those the combat's steps depend on.
KEYWORDS: Final = frozenset({"first_strike", "double_strike"})
FORMAT_VERSION: Final = 1
SCHEMA_PATH: Final = "schemas/trace.schema.json"


class TraceError(ValueError):
    """A trace can't be read: the message names the file, the line and the problem."""

    def __init__(self, path: str, line: int | None, problem: str) -> None:
        super().__init__(f"{path}{f':{line}' if line else ''}: {problem}")
        self.path = path
        self.line = line
        self.problem = problem


# --------------------------------------------------------------------------- the structures

# The names of the vocabulary, as the structures read: msgspec refuses any other as it decodes,
# so no line is checked again in Python. (For the type checker they are strings.)
if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

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
    mana_pool: dict[str, int] | None = None
    hand_size: int | None = None
    library_size: int | None = None
    poison: int | None = None
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


# --------------------------------------------------------------------------- what the checker reads
#
# An observation is read into msgspec structures of its own (msgspec decodes these several
# times faster than the interface's dataclasses), and its permanents, the bulk of a trace's
# bytes, are decoded only when a check asks for them. The structures read (gc=False) are left
# out of the garbage collector's rounds, which a long trace's hundred thousand objects made
# cost a third of the time: they hold no reference cycles. Tests keep the fields of these
# structures in step with the interface's.


class Decision(msgspec.Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    """The interface's :class:`~checker.contract.interface.DecisionView`, as read from a trace."""

    kind: DecisionKind
    player: str
    options: tuple[str, ...] = ()
    count: int = 0
    mana_only: bool = False
    mana_abilities: bool = False


class StackItem(msgspec.Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    """The interface's :class:`~checker.contract.interface.StackItemView`, as read from a trace."""

    name: str
    controller: str
    kind: str


class Permanent(msgspec.Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    """The interface's :class:`~checker.contract.interface.PermanentView`, as read from a trace."""

    id: str
    name: str
    controller: str
    owner: str
    tapped: bool
    damage: int
    phased_out: bool
    summoning_sick: bool
    power: int | None
    toughness: int | None
    attacking: bool = False
    blocking: str | None = None
    token: bool = False
    counters: dict[str, int] = {}
    attached_to: str | None = None
    attacked: str | None = None


_PERMANENTS = msgspec.json.Decoder(tuple[Permanent, ...] | None)
_ABSENT = msgspec.Raw()


class LateTraceProblem(ValueError):
    """Part of a line decoded only when a check asked for it turned out malformed."""


class Observed(msgspec.Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    """An observation as the checker reads it: the fields of :class:`Observation`; the
    permanents are decoded when a check uses them (a malformed list raises :class:`LateTraceProblem`)."""

    turn_number: int | None = None
    active_player: str | None = None
    phase: PhaseName | None = None
    step: StepName | None = None
    decision: Decision | None = None
    players: tuple[PlayerObservation, ...] | None = None
    permanents: msgspec.Raw = msgspec.field(name="battlefield", default=_ABSENT)
    stack: tuple[StackItem, ...] | None = None
    game_over: bool | None = None
    winner: str | None = None
    day_night: str | None = None
    keywords: dict[str, tuple[Keyword, ...]] | None = None

    @property
    def shows_battlefield(self) -> bool:
        """Whether the observation shows the permanents (without decoding them)."""
        return bool(self.permanents) and bytes(self.permanents) != b"null"

    @property
    def battlefield(self) -> tuple[Permanent, ...] | None:
        """The permanents, decoded at each use (a few checks ask, a few times a turn)."""
        if not self.permanents:
            return None
        try:
            permanents: tuple[Permanent, ...] | None = _PERMANENTS.decode(self.permanents)
            return permanents
        except (ValueError, RecursionError) as exc:  # msgspec.DecodeError, UnicodeDecodeError
            raise LateTraceProblem(f"view/battlefield: {_unreadable(exc)}") from None


class Change(msgspec.Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    """A change entry as read: the fields of :class:`Observed` it gives (null included); those it
    leaves out are UNSET, as the previous observation showed them."""

    turn_number: int | UnsetType | None = UNSET
    active_player: str | UnsetType | None = UNSET
    phase: PhaseName | UnsetType | None = UNSET
    step: StepName | UnsetType | None = UNSET
    decision: Decision | UnsetType | None = UNSET
    players: tuple[PlayerObservation, ...] | UnsetType | None = UNSET
    permanents: msgspec.Raw | UnsetType = msgspec.field(name="battlefield", default=UNSET)
    stack: tuple[StackItem, ...] | UnsetType | None = UNSET
    game_over: bool | UnsetType | None = UNSET
    winner: str | UnsetType | None = UNSET
    day_night: str | UnsetType | None = UNSET
    keywords: dict[str, tuple[Keyword, ...]] | UnsetType | None = UNSET


def _merger() -> Callable[[Observed, Change], Observed]:
    """``merged(previous, change)``: the observation ``change`` makes of ``previous``, the fields it
    gives replaced, the others (the same objects) kept. Written once from the fields, each taken
    from one or the other in a single call (a long trace merges tens of thousands of changes; this
    took a quarter of the time of replacing the fields given by name)."""
    taken = ", ".join(f"p.{name} if c.{name} is UNSET else c.{name}" for name in Observed.__struct_fields__)
    namespace: dict[str, Any] = {"Observed": Observed, "UNSET": UNSET}
    exec(f"def merged(p, c):\n    return Observed({taken})\n", namespace)
    merger: Callable[[Observed, Change], Observed] = namespace["merged"]
    return merger


merged = _merger()


class _Entry(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    event: Event | None = None
    view: Observed | None = None
    change: Change | None = None
    action: dict[str, Any] | None = None
    outcome: Literal["accepted", "refused"] | None = None
    message: str | None = None


Entry = Event | Observed | ActionTaken

# --------------------------------------------------------------------------- the schema


def schema() -> dict[str, Any]:
    return load_schema("checker.contract", SCHEMA_PATH)


_VALIDATORS: dict[str, Draft202012Validator] = {}


def schema_problems(definition: str, value: object) -> list[str]:
    """What is wrong with one line's value under the schema's ``header`` or ``entry``."""
    # jsonschema on first use: a trace is validated only on request, or where a line is malformed.
    from jsonschema.exceptions import best_match

    if definition not in _VALIDATORS:
        from jsonschema import Draft202012Validator
        from referencing import Registry, Resource

        protocol = load_schema("checker.contract", "schemas/protocol.schema.json")
        trace = schema()
        registry: Registry[Any] = Registry().with_resources(
            [(protocol["$id"], Resource.from_contents(protocol)), (trace["$id"], Resource.from_contents(trace))]
        )
        _VALIDATORS[definition] = Draft202012Validator(
            {"$ref": f"{trace['$id']}#/$defs/{definition}"}, registry=registry
        )
    try:
        error = best_match(_VALIDATORS[definition].iter_errors(value))
    except RecursionError:
        return ["(line): its JSON is nested too deep to check against the schema"]
    if error is None:
        return []
    return [f"{'/'.join(str(p) for p in error.absolute_path) or '(line)'}: {said(error, 200)}"]


# --------------------------------------------------------------------------- reading

_HEADER = msgspec.json.Decoder(Header)
_ENTRY = msgspec.json.Decoder(_Entry)


@dataclass(frozen=True)
class TraceProblem:
    """A line that couldn't be read; the rest of the trace is read on."""

    line: int
    problem: str


def _precise(definition: str, raw: bytes, fallback: str) -> str:
    try:
        value = line_json(raw)
    except _TooDeep as exc:
        return str(exc)
    except ValueError as exc:
        return f"not JSON: {exc}"
    found = schema_problems(definition, value)
    return "; ".join(found) if found else fallback


def line_json(raw: bytes) -> Any:
    """The JSON value of a line; ValueError where it isn't JSON, :class:`_TooDeep` where it is nested
    too deep to read. A trace is UTF-8: its bytes are read as such (``json`` would guess UTF-16 or
    UTF-32 from a line of NULs, and say so)."""
    try:
        return json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise _TooDeep(_TOO_DEEP) from None
    except ValueError as exc:
        too_long = number_too_long(exc)
        if too_long is not None:
            raise ValueError(too_long) from None
        raise


class _TooDeep(ValueError):
    """JSON nested deeper than Python's recursion limit lets a decoder follow."""


_TOO_DEEP = "its JSON is nested too deep to read"


def _unreadable(exc: Exception) -> str:
    """What a decoder's refusal says; a RecursionError (JSON nested too deep), in plain words."""
    return _TOO_DEEP if isinstance(exc, RecursionError) else str(exc)


def read_header(path: str, first: bytes) -> Header:
    try:
        header = _HEADER.decode(first)
    except (ValueError, RecursionError) as exc:  # msgspec.DecodeError, UnicodeDecodeError
        other = in_other_encoding(first)
        if other is not None:
            raise TraceError(path, 1, f"not a trace: {other}") from None
        try:
            value = line_json(first)
        except ValueError:
            value = None
        if isinstance(value, dict) and value.get("format") not in (None, FORMAT):
            raise TraceError(path, 1, f"not a trace (its format is {value.get('format')!r}, not {FORMAT!r})") from None
        raise TraceError(path, 1, f"not a trace header: {_precise('header', first, _unreadable(exc))}") from None
    if header.format != FORMAT:
        raise TraceError(path, 1, f"not a trace (its format is {header.format!r}, not {FORMAT!r})")
    if header.format_version != FORMAT_VERSION:
        raise TraceError(
            path, 1, f"trace format_version {header.format_version} can't be read (this checker reads {FORMAT_VERSION})"
        )
    if header.edition not in EDITIONS:
        raise TraceError(path, 1, f"unknown edition {header.edition!r} (known: {', '.join(EDITIONS)})")
    problem = _header_problem(header)
    if problem is not None:
        raise TraceError(path, 1, problem)
    return header


def _header_problem(header: Header) -> str | None:
    """What the header says that can't be: the checks would follow a game that isn't one."""
    players = header.players
    if not players:
        return "the header names no players"
    named = sorted({p for p in players if players.count(p) > 1})
    if named or "" in players:
        return f"the header names {', '.join(map(repr, named))} twice" if named else "a player without a name"
    every = ", ".join(players)
    if header.starting_player is not None and header.starting_player not in players:
        return f"the starting player {header.starting_player!r} is not one of the players ({every})"
    start = header.start
    if start is None:
        return None
    if start.active_player not in players:
        return f"start: the active player {start.active_player!r} is not one of the players ({every})"
    if start.turn_number < 0:
        return f"start: turn {start.turn_number}: a turn's number is 0 or more"
    steps = dict(TURN_TEMPLATES[header.edition])
    if start.phase is not None and start.phase not in steps:
        return f"start: {header.edition} has no phase {start.phase!r} (its phases: {', '.join(steps)})"
    if start.step is not None and start.step not in steps.get(start.phase or "", ()):
        where = f"the {start.phase} phase" if start.phase else "no phase"
        return f"start: the {start.step} step is not a step of {where}"
    return None


def _checked(entry: _Entry, previous: Observed | None) -> Entry:
    """One entry, checked; a change is merged into ``previous``, the observation before it.
    ValueError says what's wrong. (The names of the vocabulary were checked as it was decoded.)"""
    event, view, change, action = entry.event, entry.view, entry.change, entry.action
    if sum(part is not None for part in (event, view, change, action)) > 1:
        raise ValueError("an entry is one of an event, a view, a change or an action")
    if event is not None:
        return event
    if view is not None:
        return view
    if change is not None:
        if previous is None:
            raise ValueError("a change needs an observation before it (write the first one whole, as a view)")
        return merged(previous, change)
    if action is not None:
        if entry.outcome is None:
            raise ValueError("an action needs its outcome: accepted or refused")
        if action.get("type") not in ACTION_TYPES or not isinstance(action.get("player"), str):
            raise ValueError(f"action: needs a type among {', '.join(ACTION_TYPES)} and a player")
        return ActionTaken(action["type"], action["player"], action, entry.outcome, entry.message)
    raise ValueError("an entry needs an event, a view, a change or an action")


def _observation_line(raw: bytes) -> bool:
    """Whether an unreadable line was meant as an observation (a view or a change): the changes
    after it can't be merged into it."""
    try:
        value = line_json(raw)
    except ValueError:
        return b'"view"' in raw or b'"change"' in raw
    return isinstance(value, dict) and ("view" in value or "change" in value)


class _Reading:
    """Where the reading of a trace's entries is, carried from one chunk of lines to the next."""

    __slots__ = ("line", "previous", "unread")

    def __init__(self) -> None:
        self.line = 1  # the lines read: the header's, then each chunk's
        self.previous: Observed | None = None  # the last observation read, which a change is merged into
        self.unread = 0  # the line of the observation that couldn't be read, while ``previous`` is None


@dataclass
class Trace:
    """A trace being read: its header, then its entries with their line numbers.

    ``lines`` gives the lines after the header (:mod:`checker.trace.chunks`), read as the entries
    are, anew at each call: a file's entries can be read again (the site lays out those the checker
    has read), standard input's once."""

    path: str
    header: Header
    lines: Callable[[], Iterator[Lines | LongLine]]
    validate: bool = False

    def entries(self, problems: list[TraceProblem]) -> Iterator[tuple[int, Entry]]:
        """Each readable entry with its line number; unreadable lines go to ``problems``, and so does,
        after the last entry, where the rest of the trace couldn't be read (damaged gzip data).

        The lines are read a chunk at a time: a chunk of well-formed lines is decoded at once
        (``enumerate`` over a list, chained: no allocation per entry); one with a blank or
        malformed line, or every chunk with ``validate``, line by line. An observation's changes
        are merged into it from one chunk into the next."""
        return chain.from_iterable(self._chunks(problems))

    def _chunks(self, problems: list[TraceProblem]) -> Iterator[Iterable[tuple[int, Entry]]]:
        reading = _Reading()
        try:
            for lines in self.lines():
                if isinstance(lines, LongLine):
                    reading.line += 1
                    problems.append(TraceProblem(reading.line, lines.problem))
                    if _observation_line(lines.beginning):
                        reading.previous, reading.unread = None, reading.line
                    continue
                first = reading.line + 1
                whole = None if self.validate else _decoded(lines, reading)
                if whole is not None:
                    yield enumerate(whole, start=first)
                else:
                    yield self._line_by_line(lines, reading, problems)
        except Unread as exc:
            problems.append(TraceProblem(reading.line + 1, exc.problem))

    def _line_by_line(
        self, lines: Lines, reading: _Reading, problems: list[TraceProblem]
    ) -> Iterator[tuple[int, Entry]]:
        """The entries of ``lines`` read one by one, from where ``reading`` is (it is left where they end)."""
        previous, unread = reading.previous, reading.unread
        for number, raw in enumerate(lines.data[lines.start : lines.end].split(b"\n"), start=reading.line + 1):
            if not raw.strip():
                continue
            try:
                decoded = _ENTRY.decode(raw)
                if decoded.change is not None and previous is None and unread:
                    raise ValueError(f"a change to the observation of line {unread}, which couldn't be read")
                checked = _checked(decoded, previous)
            except (ValueError, RecursionError) as exc:  # msgspec.DecodeError, UnicodeDecodeError
                problems.append(TraceProblem(number, _precise("entry", raw, _unreadable(exc))))
                if _observation_line(raw):
                    previous, unread = None, number
                continue
            if self.validate:
                found = schema_problems("entry", line_json(raw))
                if found:
                    problems.append(TraceProblem(number, "; ".join(found)))
                    if type(checked) is Observed:
                        previous, unread = None, number
                    continue
            if type(checked) is Observed:
                previous, unread = checked, 0
            yield number, checked
        reading.line += lines.number()
        reading.previous, reading.unread = previous, unread


def _decoded(lines: Lines, reading: _Reading) -> list[Entry] | None:
    """Every entry of well-formed ``lines``, ``reading`` moved on past them; None if some line isn't
    one. (The lines are decoded in place: a chunk's megabytes aren't copied.)"""
    data, start, end = lines.data, lines.start, lines.end
    try:
        decoded = _ENTRY.decode_lines(memoryview(data)[start:end])
    except (ValueError, RecursionError):  # msgspec.DecodeError, UnicodeDecodeError: read line by line
        return None
    count = lines.number()
    if len(decoded) != count:
        return None  # a blank line was passed over: read line by line to number the lines
    entries: list[Entry] = []
    append = entries.append
    previous = reading.previous
    for entry in decoded:  # the common cases, checked here without a call
        event, view, change, action = entry.event, entry.view, entry.change, entry.action
        if event is not None:
            if view is None and change is None and action is None:
                append(event)
                continue
        elif action is not None:
            if (
                view is None
                and change is None
                and entry.outcome is not None
                and action.get("type") in ACTION_TYPES
                and type(action.get("player")) is str
            ):
                append(ActionTaken(action["type"], action["player"], action, entry.outcome, entry.message))
                continue
        elif change is not None:
            if view is None and previous is not None:
                previous = merged(previous, change)
                append(previous)
                continue
        elif view is not None:
            append(view)
            previous = view
            continue
        try:
            checked = _checked(entry, previous)
        except ValueError:
            return None
        if type(checked) is Observed:
            previous = checked
        append(checked)
    reading.line += count
    reading.previous = previous  # (``unread`` counts only while there is none)
    return entries
