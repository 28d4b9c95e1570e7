"""Reading MTG Arena's ``Player.log``: its entries, and the game messages' JSON in them.

Arena writes a log entry as a header line beginning ``[UnityCrossThreadLogger]`` (or
``[Client GRE]``), possibly followed by a time and a label, with the entry's JSON on the same line
or on the lines after it, up to the next header (the way the 17Lands client, ``mtgatool``'s
``arena-log-decoder`` and ``mtgatracker`` split the log). Some payloads are JSON held as a string
inside an envelope's ``payload`` or ``request`` field; they are decoded in turn.

Only the game's messages matter here: an envelope with ``greToClientEvent`` (the game rules
engine's messages to the client) or ``matchGameRoomStateChangedEvent`` (the match's players).
Other entries are skipped. A game message whose JSON can't be read is a :class:`~checker.contract.documents.Problem`
naming the file and line; reading goes on with the next entry. A file that isn't UTF-8 text (a log
saved again as UTF-16 by an editor or Windows PowerShell, or not a log at all) is refused whole
(:class:`NotText`): read as UTF-8, it would only show no game. A log saved again as UTF-8 with a
byte order mark is read without it (:mod:`checker.contract.utf8`).
"""

from __future__ import annotations

import codecs
import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from checker.contract.documents import Problem, number_too_long, open_regular
from checker.contract.utf8 import HEAD_BYTES, converted, other_encoding

ENTRY_START = re.compile(r"^\[(UnityCrossThreadLogger|Client GRE)\]")
GAME_KEYS = ("greToClientEvent", "matchGameRoomStateChangedEvent")
#: What Arena writes instead of a game state it found too large to log.
SUMMARIZED = "[Message summarized because one or more GameStateMessages exceeded"
#: The longest entry read, in characters: far past a game state Arena logs (it summarizes one it
#: finds too large). A longer one, which only a file that isn't its log has, is a problem, not read.
MAX_ENTRY = 64 * 1024 * 1024
#: The most characters of a line read at a time.
PIECE = 1024 * 1024


class NotText(OSError):
    """A log that isn't UTF-8 text, as MTG Arena writes it; the message says what it seems to be."""


@dataclass(frozen=True)
class LogMessage:
    """A game message of the log: its JSON object and the line its entry begins at."""

    line: int
    data: dict[str, Any]


def _entries(text: TextIO) -> Iterator[tuple[int, str | None]]:
    """Each entry of the log: the line it begins at, and its body (None for one longer than
    :data:`MAX_ENTRY`, which is read on without being held). Lines are read a piece at a time, so
    that one line of gigabytes (a file that isn't Arena's log) never is held whole either."""
    start, body, size = 0, list[str](), 0
    number, line_start = 0, True
    while piece := text.readline(PIECE):
        if line_start:
            number += 1
            header = ENTRY_START.match(piece)
            if header:
                if start:
                    yield start, "".join(body) if size <= MAX_ENTRY else None
                start, body, size = number, [], 0
                piece = piece[header.end() :]
        line_start = piece.endswith("\n")
        if start:
            size += len(piece)
            if size <= MAX_ENTRY:
                body.append(piece)
            else:
                body.clear()
    if start:
        yield start, "".join(body) if size <= MAX_ENTRY else None


def _unwrap(data: Any) -> Any:
    """An envelope's payload, where it holds one (as an object or as JSON in a string)."""
    for key in ("payload", "Payload", "request"):
        if isinstance(data, dict) and key in data and not any(k in data for k in GAME_KEYS):
            inner = data[key]
            if isinstance(inner, str):
                try:
                    inner = json.loads(inner)
                except (ValueError, RecursionError):  # not JSON, a number too long, nested too deep
                    return data
            return _unwrap(inner)
    return data


def _not_text(head: bytes, whole: bool) -> str | None:
    """What seems wrong with a log whose beginning, ``head`` (the file ``whole``, or cut anywhere),
    isn't UTF-8 text; None where it is. A stray byte that isn't UTF-8 (a crash report's) is no
    matter: it is read as U+FFFD, as the 17Lands client reads it."""
    encoding = other_encoding(head)
    if encoding is not None:
        return f"it looks like {encoding}: MTG Arena writes Player.log in UTF-8; {converted(encoding)}"
    lines = head.split(b"\n")
    if not whole and len(lines) > 1:
        lines.pop()  # cut short
    utf8 = codecs.getincrementaldecoder("utf-8")()
    bad = 0
    for line in lines:
        try:
            utf8.decode(line, final=False)  # a character cut at the head's end isn't held against it
        except UnicodeDecodeError:
            bad += 1
        else:
            bad += b"\0" in line
        utf8.reset()
    if bad * 2 > len(lines):
        return (
            f"it isn't text (NUL bytes or bytes that aren't UTF-8 in {bad} of its first {len(lines)} line(s)): "
            "MTG Arena writes Player.log as UTF-8 text"
        )
    return None


def read_log(path: Path, problems: list[Problem]) -> Iterator[LogMessage]:
    """The game messages of a log, in order, each as it is read; what can't be read goes to ``problems``.

    Raises :class:`OSError`, when the first message is asked for, if the file can't be read at all
    (:class:`NotText` if it isn't UTF-8 text).
    """
    decoder = json.JSONDecoder()
    with open_regular(path) as file:
        head = file.read(HEAD_BYTES)
        wrong = _not_text(head, whole=len(head) < HEAD_BYTES)
        if wrong is not None:
            raise NotText(wrong)
        file.seek(0)
        # utf-8-sig: a byte order mark, left in, would hide the header of the log's first entry
        for start, body in _entries(io.TextIOWrapper(file, encoding="utf-8-sig", errors="replace")):
            if body is None:
                said = f"an entry longer than {MAX_ENTRY:,} characters is skipped: MTG Arena logs none so long"
                problems.append(Problem(path, start, said))
                continue
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
            except ValueError as exc:  # not JSONDecodeError: a number past Python's limit on an integer's digits
                if mentions_game:
                    why = number_too_long(exc) or str(exc)
                    problems.append(Problem(path, start, f"a game message's JSON can't be read: {why}"))
                continue
            data = _unwrap(data)
            if isinstance(data, dict) and any(key in data for key in GAME_KEYS):
                yield LogMessage(start, data)
