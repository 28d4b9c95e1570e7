"""A trace's header, read and checked before any entry is: a trace of this format and version, of
a known edition, whose players and start can be. Anything else is a
:class:`~checker.trace.problems.TraceError` on line 1: the checks would follow a game that isn't one.
"""

from __future__ import annotations

import msgspec

from checker.contract.utf8 import in_other_encoding
from checker.contract.vocabulary import EDITIONS, TURN_TEMPLATES
from checker.trace.format import FORMAT, FORMAT_VERSION, Header
from checker.trace.problems import TraceError, _precise, _unreadable, line_json, repeated_key_problem

_HEADER = msgspec.json.Decoder(Header)


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
    repeated = repeated_key_problem(first)  # one line a trace: read again, by a reader that sees each key
    if repeated is not None:
        raise TraceError(path, 1, f"not a trace header: {repeated}")
    if header.format != FORMAT:
        raise TraceError(path, 1, f"not a trace (its format is {header.format!r}, not {FORMAT!r})")
    if header.format_version != FORMAT_VERSION:
        raise TraceError(
            path, 1, f"trace format_version {header.format_version} can't be read (this checker reads {FORMAT_VERSION})"
        )
    if header.edition not in EDITIONS:
        raise TraceError(path, 1, f"unknown edition {header.edition!r} (known: {', '.join(EDITIONS)})")
    problem = header_problem(header)
    if problem is not None:
        raise TraceError(path, 1, problem)
    return header


def header_problem(header: Header) -> str | None:
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
