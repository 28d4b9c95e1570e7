"""Opening traces: a file, a directory's trace files, or standard input; plain or compressed with gzip.

What is read is handed to :mod:`checker.trace.format`, which decodes the header at once and the
entries as they are checked.
"""

from __future__ import annotations

import codecs
import sys
from pathlib import Path
from typing import Final

from checker.contract.documents import NotARegularFile, read_regular
from checker.trace.format import Trace, TraceError, TraceProblem, line_json, read_header, schema_problems

#: The path that stands for standard input, and the name a trace read from it goes by.
STANDARD_INPUT: Final = "-"
STANDARD_INPUT_NAME: Final = "<stdin>"
#: The files of a directory of traces: plain, or compressed with gzip (recognised by their first bytes).
TRACE_FILES: Final = ("*.jsonl", "*.jsonl.gz")
_GZIP: Final = b"\x1f\x8b"


def trace_name(path: Path | str) -> str:
    """What a trace is called in what is reported of it: its path, or ``<stdin>``."""
    return STANDARD_INPUT_NAME if str(path) == STANDARD_INPUT else str(path)


def traces_in(directory: Path) -> list[Path]:
    """The trace files of ``directory`` (see :data:`TRACE_FILES`), by name."""
    return sorted(path for pattern in TRACE_FILES for path in directory.glob(pattern))


def _read(path: Path | str, name: str) -> tuple[bytes, str | None]:
    """A trace's bytes: from standard input for ``-``, else from a regular file; decompressed
    where they are gzip's (an engine's long logs are often kept compressed), with what is wrong
    with the compression where it is damaged after some of the trace (:func:`_gunzip`)."""
    try:
        if str(path) == STANDARD_INPUT:
            if sys.stdin is None:
                raise TraceError(name, None, "there is no standard input to read a trace from")
            binary = getattr(sys.stdin, "buffer", None)  # a text stream without one (an embedding's) is read as text
            data = binary.read() if binary is not None else sys.stdin.read().encode()
        else:
            data = read_regular(Path(path))
    except FileNotFoundError:
        raise TraceError(name, None, "no such trace file") from None
    except NotARegularFile as exc:
        raise TraceError(name, None, f"{exc}: a trace must be a regular file") from None
    except OSError as exc:
        raise TraceError(name, None, f"the trace can't be read: {exc.strerror or exc}") from None
    if not data.startswith(_GZIP):
        return data, None
    decompressed, damage = _gunzip(data)
    if decompressed.startswith(_GZIP):
        raise TraceError(name, None, "compressed with gzip twice: decompress it once, and check what that gives")
    return decompressed, damage


def _gunzip(data: bytes) -> tuple[bytes, str | None]:
    """What gzip's members decompress to, and what is wrong past it, if anything: damaged data, data
    cut short (a log still being written, a download cut off), or bytes after it that aren't gzip.
    Read piece by piece, so that a damaged file keeps what came before the damage."""
    import zlib  # here: every certification imports this module, and reads its own traces plain

    pieces: list[bytes] = []
    rest = memoryview(data)
    while rest:
        if bytes(rest[:2]) != _GZIP:
            return b"".join(pieces), f"{len(rest):,} bytes after the gzip data aren't gzip: they are left unread"
        member = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
        for at in range(0, len(rest), _CHUNK):
            try:
                pieces.append(member.decompress(rest[at : at + _CHUNK]))
            except zlib.error as exc:
                return b"".join(pieces), f"the gzip data is damaged ({exc}): the rest of the trace is lost"
            if member.eof:
                break
        if not member.eof:
            return b"".join(pieces), "the gzip data is cut short: the rest of the trace is lost"
        rest = memoryview(member.unused_data)
    return b"".join(pieces), None


def _not_decompressed(name: str, damage: str) -> TraceError:
    """A trace compressed with gzip of which not one line can be read (damaged or cut short before
    its first line ended)."""
    return TraceError(name, None, f"compressed with gzip, but can't be decompressed: {damage.rsplit(': ', 1)[0]}")


#: How much compressed data is decompressed at a time.
_CHUNK = 1 << 20


def open_trace(path: Path | str, validate: bool = False) -> Trace:
    """Read a trace's header (from its file, or standard input for ``-``; compressed with gzip or
    not); its entries are read as they are checked."""
    name = trace_name(path)
    data, damage = _read(path, name)
    problem = None
    if damage is not None:  # what came before is read; the line cut off by the damage is not
        data = data[: data.rfind(b"\n") + 1]
        if not data:
            raise _not_decompressed(name, damage)
        problem = TraceProblem(data.count(b"\n") + 1, damage)
    end = data.find(b"\n")
    first = (data if end < 0 else data[:end]).removeprefix(codecs.BOM_UTF8)  # as some editors write one
    if not first.strip():
        raise TraceError(name, 1, "empty: a trace begins with its header line")
    header = read_header(name, first)
    if validate:
        found = schema_problems("header", line_json(first))
        if found:
            raise TraceError(name, 1, "; ".join(found))
    return Trace(name, header, data, len(data) if end < 0 else end + 1, validate, problem)
