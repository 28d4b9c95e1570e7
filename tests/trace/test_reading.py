"""A trace is read a chunk at a time (:mod:`checker.trace.chunks`), in bounded memory: whatever the
chunk's size, and wherever its boundaries fall, it reads as it does whole."""

from __future__ import annotations

import gzip
import io
import sys
import tracemalloc
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

import msgspec
import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.contract.documents import open_regular
from checker.running.plain_game import record_plain_game
from checker.trace import chunks, files
from checker.trace.check import check_trace
from checker.trace.chunks import Lines, LongLine, blocks, gunzipped, whole_lines
from checker.trace.files import open_trace
from checker.trace.format import Header
from checker.trace.observed import Decision, Observed
from checker.trace.problems import TraceError, TraceProblem
from checker.trace.reading import Entry, Trace

HEADER = msgspec.json.encode(Header.new("cr2024", ["Alice", "Bob"], "test", "0")).decode()
#: A trace with every kind of line the reader treats apart, the last without its newline.
MIXED = [
    HEADER,
    '{"view": {"step": "upkeep", "players": [{"name": "Alice", "life": 3}], "stack": [], "battlefield": []}}',
    '{"event": {"kind": "turn_began", "turn": 1, "player": "Alice", "amount": 1}}',
    '{"change": {"decision": {"kind": "priority", "player": "Bob"}}}',
    "",
    '{"event": ',
    '{"view": {"step": "nap_time"}}',
    '{"change": {"decision": {"kind": "priority", "player": "Alice"}}}',
    '{"view": {"step": "draw"}}',
    '{"change": {"decision": {"kind": "priority", "player": "Alice"}}}',
    '{"action": {"type": "pass_priority", "player": "Alice"}, "outcome": "accepted"}',
    '{"event": {"kind": "turn_ended", "turn": 1, "player": "Alice", "amount": 1}}',
]
MIXED_TEXT = "\n".join(MIXED)

Read = tuple[list[tuple[int, Entry]], list[TraceProblem]]


def read(path: Path | str) -> Read:
    problems: list[TraceProblem] = []
    return list(open_trace(path).entries(problems)), problems


def whole(path: Path) -> Read:
    """The trace read in one chunk: as it was read before it was read in chunks."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(chunks, "CHUNK", 1 << 30)
        return read(path)


def test_the_mixed_trace_read_whole(tmp_path: Path) -> None:
    """What the other tests compare with: every line numbered, each change merged, each problem named."""
    path = tmp_path / "t.jsonl"
    path.write_text(MIXED_TEXT)
    entries, problems = whole(path)
    assert [line for line, _ in entries] == [2, 3, 4, 9, 10, 11, 12]
    assert [p.line for p in problems] == [6, 7, 8]
    assert problems[2].problem == "a change to the observation of line 7, which couldn't be read"
    view, change = entries[0][1], entries[2][1]
    assert isinstance(view, Observed) and isinstance(change, Observed)
    assert change.players is view.players and change.decision == Decision("priority", "Bob")


def test_wherever_the_chunks_end_a_trace_reads_as_it_does_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every chunk size up to the file's: each boundary falls at every place of every line once (a
    change after a view at the end of the chunk before, a malformed or blank line at a boundary,
    lines longer than a chunk)."""
    path = tmp_path / "t.jsonl"
    path.write_text(MIXED_TEXT)
    expected = whole(path)
    for size in range(2, len(MIXED_TEXT) + 2):
        monkeypatch.setattr(chunks, "CHUNK", size)
        assert read(path) == expected, size


def _cut_short(data: bytes) -> bytes:
    """``data`` compressed, the compression cut short in its last line (a log still being written)."""
    packer = zlib.compressobj(wbits=16 + zlib.MAX_WBITS)
    ended = data.rfind(b"\n") + 1
    flushed = packer.compress(data[:ended]) + packer.flush(zlib.Z_SYNC_FLUSH)
    return flushed + packer.compress(data[ended:]) + packer.flush(zlib.Z_SYNC_FLUSH)


#: The forms a trace is read in: its bytes as they are written, and how they are read.
FORMS: dict[str, Callable[[bytes], bytes]] = {
    "plain": lambda data: data,
    "gzip": gzip.compress,
    "gzip in two members": lambda data: gzip.compress(data[:100]) + gzip.compress(data[100:]),
    "gzip cut short": _cut_short,
    "gzip with bytes after it": lambda data: gzip.compress(data) + b"garbage",
}


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("size", [2, 3, 17, 64, 1000])
def test_a_trace_in_chunks_reads_as_it_does_whole_from_a_file_or_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, form: str, size: int
) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(FORMS[form](MIXED_TEXT.encode()))
    expected = whole(path)
    if form in ("gzip cut short", "gzip with bytes after it"):  # the last line, unended, is left out
        assert expected[1][-1].line == 12 and expected[0] == whole(_plain(tmp_path))[0][:-1]
    monkeypatch.setattr(chunks, "CHUNK", size)
    assert read(path) == expected
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
    assert read("-") == expected
    if form == "plain":  # a text stream without bytes beneath
        monkeypatch.setattr(sys, "stdin", io.StringIO(MIXED_TEXT))
        assert read("-") == expected


def _plain(tmp_path: Path) -> Path:
    path = tmp_path / "plain.jsonl"
    path.write_text(MIXED_TEXT)
    return path


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A recorded game: its observations written as changes, a few hundred lines."""
    return record_plain_game(ReferenceAdapter(), "cr2024", 4, tmp_path_factory.mktemp("game") / "game.jsonl")


@pytest.mark.parametrize("size", [5, 333, 4096])
def test_a_recorded_game_in_chunks_is_decoded_a_chunk_at_once_and_checked_as_it_is_whole(
    recorded: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: int
) -> None:
    compressed = tmp_path / "game.jsonl.gz"
    compressed.write_bytes(gzip.compress(recorded.read_bytes()))
    expected = check_trace(open_trace(recorded))
    assert expected.events > 100 and not expected.problems
    entries = whole(recorded)
    monkeypatch.setattr(chunks, "CHUNK", size)
    monkeypatch.setattr(Trace, "_line_by_line", None)  # each chunk is decoded at once, its changes merged
    for path in (recorded, compressed):
        assert read(path) == entries
        result = check_trace(open_trace(path))
        assert (result.results, result.problems, result.events) == (expected.results, (), expected.events)


@pytest.mark.parametrize("size", [256, chunks.CHUNK])
def test_damaged_gzip_data_keeps_the_lines_before_it(
    recorded: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: int
) -> None:
    """Decompressed a chunk at a time, every line before the damage is read, though zlib gives
    nothing of a chunk where it finds damage (here the whole trace, with chunks of the usual
    size); the first line not read is named."""
    data = recorded.read_bytes()
    half = data.index(b"\n", len(data) // 2) + 1
    packer = zlib.compressobj(wbits=16 + zlib.MAX_WBITS)
    flushed = packer.compress(data[:half]) + packer.flush(zlib.Z_SYNC_FLUSH)
    damaged = tmp_path / "damaged.jsonl.gz"
    damaged.write_bytes(flushed + b"\xff" * 100 + packer.compress(data[half:]) + packer.flush())
    monkeypatch.setattr(chunks, "CHUNK", size)
    entries, problems = read(damaged)
    assert entries == whole(recorded)[0][: len(entries)]
    assert len(entries) + 1 == data[:half].count(b"\n")  # the header's line and the entries'
    (problem,) = problems
    assert problem.line == len(entries) + 2 and problem.problem.startswith("the gzip data is damaged (")


def test_a_line_longer_than_the_longest_kept_is_named_and_passed_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A line of garbage without line ends isn't held whole: it is named, and the lines after it
    are read, numbered as they are; a view passed over leaves its changes unread."""
    monkeypatch.setattr(chunks, "CHUNK", 16)
    monkeypatch.setattr(chunks, "LONGEST_LINE", 256)
    event = '{"event": {"kind": "turn_began", "turn": 1, "player": "Alice", "amount": 1}}'
    view = '{"view": {"players": [' + ", ".join(['{"name": "Alice", "life": 20}'] * 10) + "]}}"
    change = '{"change": {"step": "upkeep"}}'
    path = tmp_path / "t.jsonl"
    path.write_text("\n".join([HEADER, event + " " * 300, view, change, event]) + "\n")
    entries, problems = read(path)
    assert [line for line, _ in entries] == [5]
    assert [p.line for p in problems] == [2, 3, 4]
    assert all("the line is left unread" in p.problem for p in problems[:2])
    assert problems[2].problem == "a change to the observation of line 3, which couldn't be read"
    path.write_text(HEADER + " " * 300 + "\n" + event + "\n")
    with pytest.raises(TraceError, match=r":1: not a trace header: longer than .* MB: the line is left unread"):
        open_trace(path)
    path.write_bytes(gzip.compress(gzip.compress(b"x" * 1000)))
    with pytest.raises(TraceError, match="compressed with gzip twice"):
        open_trace(path)


def test_lines_going_on_across_blocks_are_joined_and_the_rest_given_in_place() -> None:
    data = [b'{"a": 1}\n{"b"', b": 2}\n{", b'"c": 3}\n{"d": 4}\n', b"{}"]
    read = list(whole_lines(data))
    assert [bytes(r.data[r.start : r.end]) for r in read if isinstance(r, Lines)] == [
        b'{"a": 1}\n',
        b'{"b": 2}\n',
        b'{"c": 3}\n',
        b'{"d": 4}\n',
        b"{}",
    ]
    assert read[0].data is data[0] and read[3].data is data[2]  # type: ignore[union-attr]


def test_gzip_data_is_decompressed_a_chunk_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small file of gzip can decompress to gigabytes: never more than a chunk at a time."""
    monkeypatch.setattr(chunks, "CHUNK", 1 << 16)
    data = b"\n" * (8 << 20)
    pieces = list(gunzipped(iter([gzip.compress(data)])))
    assert max(map(len, pieces)) <= 1 << 16 and b"".join(pieces) == data
    monkeypatch.setattr(chunks, "LONGEST_LINE", 1 << 17)
    (long,) = whole_lines(gunzipped(iter([gzip.compress(b"x" * (8 << 20))])))
    assert isinstance(long, LongLine) and long.beginning == b"x" * 1024


def test_reading_ends_at_the_first_read_cut_short() -> None:
    """A terminal gives what was typed up to Ctrl-D; a read after it would wait for another."""
    given = [b"x" * chunks.CHUNK, b"the end"]

    def read(size: int) -> bytes:
        assert given, "read again after the end"
        return given.pop(0)

    assert [len(b) for b in blocks(read)] == [chunks.CHUNK, 7]


def test_standard_input_is_read_once_and_a_file_each_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _plain(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
    trace = open_trace("-")
    assert list(trace.entries([]))
    with pytest.raises(RuntimeError, match="standard input is read once"):
        list(trace.entries([]))
    expected = read(path)
    for size in (16, 1 << 20):  # opened anew, or kept
        monkeypatch.setattr(chunks, "CHUNK", size)
        trace = open_trace(path)
        for _ in range(2):
            problems: list[TraceProblem] = []
            assert (list(trace.entries(problems)), problems) == expected


def test_a_file_replaced_or_gone_once_its_header_is_read_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chunks, "CHUNK", 64)  # larger than a chunk: opened anew
    path = _plain(tmp_path)
    trace = open_trace(path)
    path.write_text(HEADER.replace("Bob", "Carol") + "\n" + MIXED_TEXT.split("\n", 1)[1])
    problems: list[TraceProblem] = []
    assert list(trace.entries(problems)) == []
    assert problems == [TraceProblem(2, "the file changed after its header was read: the rest of it is left unread")]
    path.unlink()
    problems = []
    assert list(trace.entries(problems)) == []
    assert problems == [TraceProblem(2, "the rest of the trace can't be read: No such file or directory")]


@pytest.mark.parametrize("size", [64, 1 << 20])
def test_the_file_of_a_trace_is_closed_once_read_or_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: int
) -> None:
    monkeypatch.setattr(chunks, "CHUNK", size)
    opened: list[BinaryIO] = []

    def spied(path: Path) -> BinaryIO:
        file = open_regular(path)
        opened.append(file)
        return file

    monkeypatch.setattr(files, "open_regular", spied)
    path = tmp_path / "t.jsonl.gz"
    path.write_bytes(gzip.compress(MIXED_TEXT.encode()))
    trace = open_trace(path)
    assert opened and all(f.closed for f in opened)
    entries: Iterator[Any] = trace.entries([])
    next(entries)
    assert not opened[-1].closed  # read on as the entries are
    del entries  # a check that stops early (an interrupt)
    assert all(f.closed for f in opened)
    list(trace.entries([]))
    assert len(opened) == 3 and all(f.closed for f in opened)


def test_a_long_trace_is_read_in_the_memory_of_a_few_chunks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once read whole, a trace of gigabytes (an engine's long log) took gigabytes of memory."""
    event = b'{"event": {"kind": "priority_passed", "turn": 1, "player": "Alice"}}\n'
    path = tmp_path / "long.jsonl"
    with path.open("wb") as f:
        f.write(HEADER.encode() + b"\n" + event * (8_000_000 // len(event)))
    monkeypatch.setattr(chunks, "CHUNK", 1 << 18)
    tracemalloc.start()
    try:
        read = sum(1 for _ in open_trace(path).entries([]))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert read == 8_000_000 // len(event) and peak < 16 * chunks.CHUNK  # the trace is 32 chunks long
