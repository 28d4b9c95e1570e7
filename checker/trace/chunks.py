"""A trace's bytes, read a chunk at a time in whole lines: plain, or decompressed from gzip as they are read.

A recorded game can be gigabytes long (an engine's log of a long session): it is read
:data:`CHUNK` bytes at a time, never whole, so that checking it takes the memory of a few
chunks whatever its size. :func:`whole_lines` hands each block read on as the whole lines it
holds (:class:`Lines`: the block itself, not a copy), the line that goes on from one block into
the next joined and handed on alone; :mod:`checker.trace.reading` decodes a chunk's lines together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, AnyStr, Final, NamedTuple

if TYPE_CHECKING:
    import zlib

#: How many bytes are read, or decompressed, at a time (tests lower it, to cross many chunks).
CHUNK = 4 << 20
#: The longest line read: one longer (garbage without line ends, a file that isn't a trace) is
#: passed over as it is read, not held whole. At least :data:`CHUNK`: a line within a chunk is read.
LONGEST_LINE = 64 << 20
#: How much of a line passed over is kept: enough to tell whether it was meant as an observation.
_BEGINNING: Final = 1024
#: The first bytes of gzip data.
GZIP: Final = b"\x1f\x8b"


class Unread(Exception):
    """The rest of a trace can't be read: what is wrong (the lines before it have been read)."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


class Lines(NamedTuple):
    """Whole lines: ``data[start:end]``, each ended by a newline but a file's last."""

    data: bytes
    start: int
    end: int

    def number(self) -> int:
        """How many lines there are."""
        return self.data.count(b"\n", self.start, self.end) + (self.data[self.end - 1] != 0x0A)


class LongLine(NamedTuple):
    """A line longer than :data:`LONGEST_LINE`, passed over: its first bytes."""

    beginning: bytes

    @property
    def problem(self) -> str:
        return f"longer than {LONGEST_LINE / (1 << 20):g} MB: the line is left unread"


def blocks(read: Callable[[int], AnyStr]) -> Iterator[AnyStr]:
    """What ``read`` gives, :data:`CHUNK` bytes (or characters) at a time, up to the first read cut
    short: the end (reading on from a terminal after its Ctrl-D would wait for another)."""
    while True:
        block = read(CHUNK)
        if block:
            yield block
        if len(block) < CHUNK:
            return


def gunzipped(compressed: Iterator[bytes]) -> Iterator[bytes]:
    """What the gzip members in ``compressed`` decompress to, at most :data:`CHUNK` bytes at a time
    (a small file can decompress to gigabytes). Raises :class:`Unread` where the data is damaged,
    cut short (a log still being written, a download cut off), or followed by bytes that aren't
    gzip, once what came before has been given."""
    import zlib  # here: every certification imports this module, and reads its own traces plain

    pending = b""  # compressed bytes not yet given to a member
    while True:
        while len(pending) < len(GZIP) and (more := next(compressed, b"")):
            pending += more
        if not pending:
            return
        if not pending.startswith(GZIP):
            left = len(pending) + sum(map(len, compressed))
            raise Unread(f"{left:,} bytes after the gzip data aren't gzip: they are left unread")
        member = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
        while not member.eof:
            if not pending and not (pending := next(compressed, b"")):
                raise Unread("the gzip data is cut short: the rest of the trace is lost")
            before = member.copy()
            try:
                out = member.decompress(pending, CHUNK)
            except zlib.error as exc:
                yield from _before_damage(before, pending)
                raise Unread(f"the gzip data is damaged ({exc}): the rest of the trace is lost") from None
            pending = member.unconsumed_tail
            if out:
                yield out
        pending = member.unused_data


#: How many compressed bytes :func:`_before_damage` decompresses at a time (at most about a
#: thousand times as many come out, well within a chunk).
_PIECE: Final = 1024


def _before_damage(member: zlib._Decompress, data: bytes) -> Iterator[bytes]:
    """What ``member`` decompresses ``data`` to, up to where the data is damaged. zlib gives nothing
    of a call that fails, and a call decompresses up to a chunk: fed again a piece at a time, and
    the piece that fails a byte at a time, the data gives every byte before the damage."""
    import zlib

    for start in range(0, len(data), _PIECE):
        before = member.copy()
        try:
            out = member.decompress(data[start : start + _PIECE])
        except zlib.error:
            for byte in range(start, min(start + _PIECE, len(data))):
                try:
                    out = before.decompress(data[byte : byte + 1])
                except zlib.error:
                    return
                if out:
                    yield out
            return
        if out:
            yield out


def whole_lines(blocks: Iterable[bytes]) -> Iterator[Lines | LongLine]:
    """The lines of ``blocks``: the whole lines of each block, and alone each line that goes on from
    one block into the next. A line cut short where reading on fails (:class:`Unread`, OSError)
    is not given."""
    begun: list[bytes] = []  # the line that goes on from the blocks before, while it is kept
    size = 0  # its length so far
    long: bytes | None = None  # the beginning of a line too long to keep, while it is passed over
    for block in blocks:
        at = 0
        if begun or long is not None:
            at = block.find(b"\n") + 1
            if not at:  # the line goes on past this block too
                if long is None:
                    begun.append(block)
                    size += len(block)
                    if size > LONGEST_LINE:
                        long, begun = _beginning(begun), []
                continue
            if long is None and size + at - 1 <= LONGEST_LINE:
                line = b"".join([*begun, block[:at]])
                yield Lines(line, 0, at + size)
            else:
                yield LongLine(_beginning(begun) if long is None else long)
            begun, size, long = [], 0, None
        end = block.rfind(b"\n") + 1
        if end > at:
            yield Lines(block, at, end)
        if end < len(block):
            begun, size = [block[end:]], len(block) - end
    if long is not None:
        yield LongLine(long)
    elif begun:
        line = b"".join(begun)
        yield Lines(line, 0, size)


def _beginning(pieces: list[bytes]) -> bytes:
    """The first bytes of a line held in pieces (a few, of the many)."""
    kept: list[bytes] = []
    for piece in pieces:
        if sum(map(len, kept)) >= _BEGINNING:
            break
        kept.append(piece)
    return b"".join(kept)[:_BEGINNING]
