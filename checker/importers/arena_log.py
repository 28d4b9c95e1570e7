"""Reading MTG Arena's ``Player.log``: its entries, and the game messages' JSON in them.

Arena writes a log entry as a header line beginning ``[UnityCrossThreadLogger]`` (or
``[Client GRE]``), possibly followed by a time and a label, with the entry's JSON on the same line
or on the lines after it, up to the next header (the way the 17Lands client, ``mtgatool``'s
``arena-log-decoder`` and ``mtgatracker`` split the log). Some payloads are JSON held as a string
inside an envelope's ``payload`` or ``request`` field; they are decoded in turn.

Only the game's messages matter here: an envelope with ``greToClientEvent`` (the game rules
engine's messages to the client) or ``matchGameRoomStateChangedEvent`` (the match's players).
Other entries are skipped. A game message whose JSON can't be read is a :class:`~checker.contract.documents.Problem`
naming the file and line; reading goes on with the next entry.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.contract.documents import Problem, open_regular

ENTRY_START = re.compile(r"^\[(UnityCrossThreadLogger|Client GRE)\]")
GAME_KEYS = ("greToClientEvent", "matchGameRoomStateChangedEvent")
#: What Arena writes instead of a game state it found too large to log.
SUMMARIZED = "[Message summarized because one or more GameStateMessages exceeded"


@dataclass(frozen=True)
class LogMessage:
    """A game message of the log: its JSON object and the line its entry begins at."""

    line: int
    data: dict[str, Any]


def _entries(lines: Iterator[str]) -> Iterator[tuple[int, str]]:
    start, body = 0, ""
    for number, line in enumerate(lines, 1):
        header = ENTRY_START.match(line)
        if header:
            if body:
                yield start, body
            start, body = number, line[header.end() :]
        elif start:
            body += line
    if body:
        yield start, body


def _unwrap(data: Any) -> Any:
    """An envelope's payload, where it holds one (as an object or as JSON in a string)."""
    for key in ("payload", "Payload", "request"):
        if isinstance(data, dict) and key in data and not any(k in data for k in GAME_KEYS):
            inner = data[key]
            if isinstance(inner, str):
                try:
                    inner = json.loads(inner)
                except (json.JSONDecodeError, RecursionError):
                    return data
            return _unwrap(inner)
    return data


def read_log(path: Path, problems: list[Problem]) -> Iterator[LogMessage]:
    """The game messages of a log, in order, each as it is read; what can't be read goes to ``problems``.

    Raises :class:`OSError`, when the first message is asked for, if the file can't be read at all.
    """
    decoder = json.JSONDecoder()
    with io.TextIOWrapper(open_regular(path), encoding="utf-8", errors="replace") as lines:
        for start, body in _entries(lines):
            mentions_game = any(key in body for key in GAME_KEYS)
            if SUMMARIZED in body:
                problems.append(
                    Problem(path, start, "Arena summarized a game state it found too large to log: it is missing")
                )
                continue
            brace = body.find("{")
            if brace < 0:
                continue
            try:
                data, _ = decoder.raw_decode(body, brace)
            except json.JSONDecodeError as exc:
                if mentions_game:
                    end = len(body.rstrip())
                    line = start + body.count("\n", 0, min(exc.pos, end))
                    why = "it ends before its JSON does" if exc.pos >= end else exc.msg
                    problems.append(Problem(path, line, f"a game message's JSON can't be read: {why}"))
                continue
            except RecursionError:
                if mentions_game:
                    problems.append(Problem(path, start, "a game message's JSON can't be read: it is nested too deep"))
                continue
            data = _unwrap(data)
            if isinstance(data, dict) and any(key in data for key in GAME_KEYS):
                yield LogMessage(start, data)
