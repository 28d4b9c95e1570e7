"""Opening traces: a file, a directory's trace files, or standard input; plain or compressed with gzip.

The header is read at once (:mod:`checker.trace.header`); the entries are read as they are checked, a
chunk at a time (:mod:`checker.trace.chunks`), and decoded by :mod:`checker.trace.reading`. A trace's file smaller
than a chunk (a scenario's) is read once and kept; a larger one is opened anew each time its
entries are read (and closed when they have been, or are left), standard input read once.
"""

from __future__ import annotations

import codecs
import os
import sys
from collections.abc import Callable, Iterator
from functools import partial
from itertools import chain
from pathlib import Path
from typing import Final

from checker.contract.documents import NotARegularFile, missing, open_regular
from checker.trace import chunks
from checker.trace.chunks import GZIP, Lines, LongLine, Unread, blocks, gunzipped, whole_lines
from checker.trace.header import read_header
from checker.trace.problems import TraceError, line_json, schema_problems
from checker.trace.reading import Trace

#: The path that stands for standard input, and the name a trace read from it goes by.
STANDARD_INPUT: Final = "-"
STANDARD_INPUT_NAME: Final = "<stdin>"
#: The files of a directory of traces: plain, or compressed with gzip (recognised by their first bytes).
TRACE_FILES: Final = ("*.jsonl", "*.jsonl.gz")
#: What ends the name of a trace being recorded, or of one whose game was cut short (``turncheck certify
#: --record-traces``): none of :data:`TRACE_FILES` matches it, since a trace has no mark of its end.
UNFINISHED: Final = ".partial"


def trace_name(path: Path | str) -> str:
    """What a trace is called in what is reported of it: its path, or ``<stdin>``."""
    return STANDARD_INPUT_NAME if str(path) == STANDARD_INPUT else str(path)


def traces_in(directory: Path) -> list[Path]:
    """The trace files of ``directory`` (see :data:`TRACE_FILES`), by name."""
    return sorted(path for pattern in TRACE_FILES for path in directory.glob(pattern))


def open_trace(path: Path | str, validate: bool = False) -> Trace:
    """Read a trace's header (from its file, or standard input for ``-``; compressed with gzip or
    not); its entries are read as they are checked, a chunk at a time (:mod:`checker.trace.chunks`)."""
    name = trace_name(path)
    try:
        if str(path) == STANDARD_INPUT:
            first, after, lines = _first_line(name, _standard_input(name))
            rest: Callable[[], Iterator[Lines | LongLine]] = _Once(after, lines)
        else:
            first, rest = _from_file(Path(path), name)
    except FileNotFoundError:
        raise TraceError(name, None, missing(path, "trace")) from None
    except NotARegularFile as exc:
        raise TraceError(name, None, f"{exc}: a trace must be a regular file") from None
    except OSError as exc:
        raise TraceError(name, None, f"the trace can't be read: {exc.strerror or exc}") from None
    line = first.removeprefix(codecs.BOM_UTF8)  # as some editors write one
    if not line.strip():
        raise TraceError(name, 1, "empty: a trace begins with its header line")
    header = read_header(name, line)
    if validate:
        found = schema_problems("header", line_json(line))
        if found:
            raise TraceError(name, 1, "; ".join(found))
    return Trace(name, header, rest, validate)


def _from_file(path: Path, name: str) -> tuple[bytes, Callable[[], Iterator[Lines | LongLine]]]:
    """The first line of the trace's file at ``path``, and what gives the lines after it: a plain
    file smaller than a chunk (most traces are a scenario's few kilobytes) is read once, at its
    size, and kept; a larger or compressed one (it may decompress to gigabytes) is opened anew
    each time its entries are read."""
    with open_regular(path) as file:
        size = min(os.fstat(file.fileno()).st_size + 1, chunks.CHUNK)
        data = file.read(size)
        whole = len(data) < size
        if whole and not data.startswith(GZIP):
            first, after = _split(Lines(data, 0, len(data)) if data else None)
            return first, partial(iter, () if after is None else (after,))
        first, _, _ = _first_line(name, chain((data,), () if whole else blocks(file.read)))
    return first, partial(_read_again, path, first)


def _standard_input(name: str) -> Iterator[bytes]:
    if sys.stdin is None:
        raise TraceError(name, None, "there is no standard input to read a trace from")
    binary = getattr(sys.stdin, "buffer", None)  # a text stream without one (an embedding's) is read as text
    return blocks(binary.read) if binary is not None else map(str.encode, blocks(sys.stdin.read))


def _first_line(name: str, raw: Iterator[bytes]) -> tuple[bytes, Lines | None, Iterator[Lines | LongLine]]:
    """A trace's first line (its header, if it is one; empty if there is none), the lines read
    with it, and the lines after those: ``raw``'s, decompressed where they are gzip's (an engine's
    long logs are often kept so)."""
    data = next(raw, b"")
    gzip = data.startswith(GZIP)
    lines = whole_lines(gunzipped(chain((data,), raw)) if gzip else chain((data,), raw))
    try:
        first = next(lines, None)
    except Unread as exc:  # damaged or cut short before the first line ended
        problem = exc.problem.rsplit(": ", 1)[0]
        raise TraceError(name, None, f"compressed with gzip, but can't be decompressed: {problem}") from None
    line, after = (first.beginning, None) if isinstance(first, LongLine) else _split(first)
    if gzip and line.startswith(GZIP):
        raise TraceError(name, None, "compressed with gzip twice: decompress it once, and check what that gives")
    if isinstance(first, LongLine):
        raise TraceError(name, 1, f"not a trace header: {first.problem}")
    return line, after, lines


def _split(lines: Lines | None) -> tuple[bytes, Lines | None]:
    """The first of ``lines`` (without its newline), and the others."""
    if lines is None:
        return b"", None
    data, start, end = lines.data, lines.start, lines.end
    ended = data.find(b"\n", start, end)
    if ended < 0:
        return data[start:end], None
    return data[start:ended], Lines(data, ended + 1, end) if ended + 1 < end else None


def _read_again(path: Path, header: bytes) -> Iterator[Lines | LongLine]:
    """The lines after the header of the trace's file at ``path``, opened anew."""
    return _read_on(_reopened(path, header))


def _reopened(path: Path, header: bytes) -> Iterator[Lines | LongLine]:
    """:class:`~checker.trace.chunks.Unread` if the file's first line is no longer ``header`` (it
    was replaced since its header was read)."""
    with open_regular(path) as file:
        try:
            first, after, lines = _first_line(str(path), blocks(file.read))
        except TraceError:
            raise Unread(_CHANGED) from None
        if first != header:
            raise Unread(_CHANGED)
        if after is not None:
            yield after
        yield from lines


_CHANGED: Final = "the file changed after its header was read: the rest of it is left unread"


def _read_on(lines: Iterator[Lines | LongLine]) -> Iterator[Lines | LongLine]:
    """``lines``, read on: :class:`~checker.trace.chunks.Unread` where the rest can't be (the disk fails)."""
    try:
        yield from lines
    except OSError as exc:
        raise Unread(f"the rest of the trace can't be read: {exc.strerror or exc}") from None


class _Once:
    """The lines of a trace read from standard input after its header: they can be read once."""

    def __init__(self, after: Lines | None, lines: Iterator[Lines | LongLine]) -> None:
        self._lines: Iterator[Lines | LongLine] | None = chain(() if after is None else (after,), lines)

    def __call__(self) -> Iterator[Lines | LongLine]:
        lines, self._lines = self._lines, None
        if lines is None:
            raise RuntimeError("a trace from standard input is read once: its entries can't be read again")
        return _read_on(lines)
