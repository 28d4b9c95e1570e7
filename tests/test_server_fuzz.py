"""``turncheck serve`` against hostile input: it answers every line with a protocol message and never dies.

Real server processes (one plain, one with ``--validate``) get at least 10,000 generated lines:
random JSON, near-valid requests with mutated fields, deep nesting, integers too long for
Python's int conversion, bytes that aren't UTF-8, lines over the size limit. Every answer
must come in time and meet the protocol schema; the servers must still be running and
must have written nothing on stderr.
"""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checker.contract.codec import encode
from checker.contract.interface import GameSetup, PlayerSetup
from checker.contract.protocol import definition_of, problems
from checker.running.wire.process import EngineProcess

LIMIT = 64 * 1024  # the servers' message limit here: long lines stay cheap to send
MESSAGES = 10_000
BATCHES = 250
SETUP = GameSetup("cr2024", (PlayerSetup("Alice"), PlayerSetup("Bob")), "Alice", phase="beginning", step="upkeep")
TEMPLATES: list[dict[str, Any]] = [
    {"id": 1, "type": "hello", "protocol": 1},
    {"id": 2, "type": "start", "setup": encode(SETUP)},
    {"id": 3, "type": "perform", "action": {"type": "pass_priority", "player": "Alice"}},
    {"id": 4, "type": "view"},
    {"id": 5, "type": "events", "since": 0},
]


class Server:
    """A ``turncheck serve`` process, started again only after it said goodbye as asked."""

    def __init__(self, *options: str) -> None:
        # A strict UTF-8 locale: text read as such fails on the first byte that isn't UTF-8.
        self.command = ["env", "LC_ALL=C.UTF-8", "PYTHONUTF8=0", sys.executable, "-m", "checker", "serve"]
        self.command += ["--max-message-bytes", str(LIMIT), *options]
        self.process = EngineProcess(self.command, max_message=4 * LIMIT)
        self.stderr = ""

    def ask(self, line: bytes) -> dict[str, Any]:
        answer = json.loads(self.process.exchange(line + b"\n", "fuzz", timeout=20.0))
        assert isinstance(answer, dict)
        assert problems(definition_of("response", answer), answer) == [], (line[:300], answer)
        if answer["type"] == "ok" and _is_bye(line):
            self.process.stop(grace=5.0)
            assert self.process.exit_code == 0
            self.stderr += self.process.stderr.text()
            self.process = EngineProcess(self.command, max_message=4 * LIMIT)
        return answer

    def close(self) -> str:
        """Stop the server; what it wrote on stderr in all."""
        assert self.process.exit_code is None, "the server died"
        self.process.stop()
        return self.stderr + self.process.stderr.text()


def _is_bye(line: bytes) -> bool:
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):
        return False
    return isinstance(message, dict) and message.get("type") == "bye"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
field_names = st.sampled_from(["id", "type", "protocol", "setup", "action", "since", "player", "phase", "params"])


def _spots(value: Any) -> Iterator[tuple[Any, Any]]:
    """Every (container, key) inside a JSON value."""
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in items:
        yield value, key
        yield from _spots(inner)


@st.composite
def near_valid(draw: st.DrawFn) -> bytes:
    message = copy.deepcopy(draw(st.sampled_from(TEMPLATES)))
    for _ in range(draw(st.integers(1, 3))):
        spots = list(_spots(message))
        if not spots:
            break
        holder, key = draw(st.sampled_from(spots))
        how = draw(st.sampled_from(["replace", "delete", "add"]))
        if how == "delete" and len(holder) > 0:
            del holder[key]
        elif how == "add" and isinstance(holder, dict):
            holder[draw(field_names | st.text(max_size=8))] = draw(json_values)
        else:
            holder[key] = draw(
                json_values | st.integers(-(2**70), 2**70) | st.sampled_from([0, -1, True, 2, "teatime"])
            )
    return json.dumps(message).encode()


def _nested(depth: int, kind: str) -> bytes:
    opening, closing = {"list": ("[", "]"), "object": ('{"a":', "}")}[kind]
    inner = opening * depth + "1" + closing * depth
    return f'{{"id": 7, "type": "start", "setup": {inner}}}'.encode()


def _huge_integer(digits: int, where: str) -> bytes:
    number = "9" * digits
    if where == "id":
        return f'{{"id": {number}, "type": "view"}}'.encode()
    return f'{{"id": 8, "type": "events", "since": {number}}}'.encode()


hostile_lines = st.one_of(
    json_values.map(lambda v: json.dumps(v).encode()),
    near_valid(),
    near_valid(),
    st.builds(_nested, st.integers(200, 3000), st.sampled_from(["list", "object"])),
    st.builds(_huge_integer, st.integers(4000, 9000), st.sampled_from(["id", "since"])),
    st.binary(min_size=1, max_size=200),
    st.binary(min_size=1, max_size=40).map(lambda b: b'{"id": 9, "type": "view", "x": "' + b"\xff\xfe" + b + b'"}'),
    st.integers(LIMIT - 10, 3 * LIMIT).map(lambda n: b'{"id": 10, "type": "view", "pad": "' + b"x" * n + b'"}'),
)


def _line(raw: bytes) -> bytes:
    """One line the server must answer: no line break inside, not blank."""
    line = raw.replace(b"\n", b" ")
    return line if line.strip() else b"x" + line


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[Server, Server]]:
    plain, validating = Server(), Server("--validate")
    yield plain, validating
    for server in (plain, validating):
        assert server.close() == ""  # nothing on stderr: no traceback, no warning


def test_the_server_answers_every_hostile_line_with_a_protocol_message(servers: tuple[Server, Server]) -> None:
    sent: list[int] = []

    @settings(
        max_examples=BATCHES,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
    )
    @given(st.lists(st.tuples(hostile_lines, st.booleans()), min_size=MESSAGES // BATCHES, max_size=44))
    def batch(lines: list[tuple[bytes, bool]]) -> None:
        for raw, validating in lines:
            servers[validating].ask(_line(raw))
            sent.append(1)

    batch()
    assert len(sent) >= MESSAGES
