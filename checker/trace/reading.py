"""A trace's entries read with their line numbers: each line decoded and checked, each change
merged into the observation before it (:mod:`checker.trace.observed`).

Lines are decoded with msgspec into typed structures, which enforce the schema's shapes; a line
they refuse is checked against the JSON Schema to say precisely what is wrong
(:mod:`checker.trace.problems`), and the problem names the line: the rest of the trace is read
on. ``validate=True`` checks every line against the schema as well (slower: for an importer's
author).

A trace is never held whole: its lines come a chunk of a few megabytes at a time
(:mod:`checker.trace.chunks`), each chunk decoded at once, an observation carried from one
chunk into the next for the changes to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import chain
from typing import Any, Literal

import msgspec

from checker.contract.codec import ACTION_TYPES
from checker.trace.chunks import Lines, LongLine, Unread
from checker.trace.format import ActionTaken, Event, Header
from checker.trace.observed import Change, Observed, merged
from checker.trace.problems import TraceProblem, _precise, _unreadable, line_json, schema_problems


class _Entry(msgspec.Struct, forbid_unknown_fields=True, gc=False):
    event: Event | None = None
    view: Observed | None = None
    change: Change | None = None
    action: dict[str, Any] | None = None
    outcome: Literal["accepted", "refused"] | None = None
    message: str | None = None


Entry = Event | Observed | ActionTaken


_ENTRY = msgspec.json.Decoder(_Entry)


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
