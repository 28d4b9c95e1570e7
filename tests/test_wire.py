"""The wire protocol: codec, schema, server and client, and the docs generated from them."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import re
import signal
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any
from unittest.mock import patch

import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.contract import interface
from checker.contract.cards import POOL, card
from checker.contract.codec import ACTION_TYPES, DecodeError, decode, encode, encode_text
from checker.contract.codec.encoding import _encoder
from checker.contract.interface import (
    Action,
    Capabilities,
    CardSetup,
    CardSpec,
    DeclareBlockers,
    GameEvent,
    GameSetup,
    GameView,
    IllegalActionError,
    OrderTriggers,
    PassPriority,
    PermanentSetup,
    PlayerSetup,
    UnsupportedError,
)
from checker.contract.interrupts import Stopped
from checker.contract.protocol import ProtocolError, problems, raise_error, schema
from checker.contract.vocabulary import DECISIONS, EDITIONS, EVENTS, PHASES, REFUSAL_REASONS, STEPS
from checker.doctools.protocol_docs import main as docs_main
from checker.running.wire.client import EngineCrashed, WireEngine
from checker.running.wire.server import answer, serve
from reference_engine.errors import Refusal

FAKE = Path(__file__).parent / "fakes" / "engine.py"
SETUP = GameSetup(
    "cr2024",
    (
        PlayerSetup("Alice", hand=(CardSetup("gg", POOL["Giant Growth"]),), mana_pool={"G": 1}),
        PlayerSetup("Bob", life=7),
    ),
    "Alice",
    (PermanentSetup("bears", POOL["Grizzly Bears"], "Alice", tapped=True, holds=POOL["Forest"]),),
    phase="beginning",
    step="upkeep",
)


def test_setups_actions_and_views_round_trip_through_json() -> None:
    assert decode(GameSetup, json.loads(json.dumps(encode(SETUP)))) == SETUP
    for action in (PassPriority("Alice"), DeclareBlockers("Bob", (("a", "b"),)), OrderTriggers("Bob", ("x", "y"))):
        assert decode(Action, encode(action)) == action
    adapter = ReferenceAdapter()
    adapter.start(SETUP)
    view = adapter.view()
    assert decode(GameView, encode(view)) == view


def test_every_action_type_is_in_the_schema() -> None:
    in_schema = {n.removeprefix("action_") for n in schema()["$defs"] if n.startswith("action_")}
    assert in_schema == set(ACTION_TYPES)


def test_decoding_names_the_path_of_what_is_wrong() -> None:
    with pytest.raises(DecodeError, match=r"\$.players\[0\].life: expected int"):
        decode(GameSetup, {"edition": "cr2024", "active_player": "A", "players": [{"name": "A", "life": "x"}]})
    with pytest.raises(DecodeError, match="needs 'edition'"):
        decode(GameSetup, {"players": [], "active_player": "A"})
    with pytest.raises(DecodeError, match="an action needs a type"):
        decode(Action, {"type": "dance", "player": "Alice"})


def _view_json() -> dict[str, Any]:
    adapter = ReferenceAdapter()
    adapter.start(SETUP)
    view: dict[str, Any] = encode(adapter.view())
    return view


@pytest.mark.parametrize(
    ("where", "value", "said"),
    [
        (("phase",), "teatime", "$.phase: 'teatime' is not one of beginning,"),
        (("step",), "nap", "$.step: 'nap' is not one of beginning_of_combat,"),
        (("decision", "kind"), "dance", "$.decision.kind: 'dance' is not one of choose_defender,"),
        (("edition",), "alpha", "$.edition: 'alpha' is not one of cr2008, cr2024, mirage"),
        (("turn_number",), True, "$.turn_number: expected int, got True"),
        (("players", 0, "mana_pool"), {"Q": 1}, "$.players[0].mana_pool.Q: key 'Q' is not one of B, C, G, R, U, W"),
    ],
)
def test_decoding_always_checks_the_vocabulary_and_the_schemas_bounds(
    where: tuple[str | int, ...], value: object, said: str
) -> None:
    """Without full validation too: a view with an unknown phase is malformed, not a failure."""
    data = _view_json()
    holder: Any = data
    for key in where[:-1]:
        holder = holder[key]
    holder[where[-1]] = value
    with pytest.raises(DecodeError) as bad:
        decode(GameView, data)
    assert str(bad.value).startswith(said)


def test_decoding_checks_event_kinds_and_the_numbers_a_set_up_may_carry() -> None:
    with pytest.raises(DecodeError, match=r"\$\[1\]\.kind: 'teatime' is not one of"):
        decode(tuple[GameEvent, ...], [{"kind": "turn_began", "turn": 1}, {"kind": "teatime", "turn": 1}])
    setup = encode(SETUP)
    setup["players"][0]["effects"] = [{"key": "draws_extra", "params": {"count": 100_000_000}}]
    with pytest.raises(DecodeError, match=r"players\[0\]\.effects\[0\]\.params\.count: .*100000000 is more than 1,000"):
        decode(GameSetup, setup)
    setup["players"][0]["effects"] = []
    setup["players"][0]["life"] = 10**30
    with pytest.raises(DecodeError, match=r"players\[0\]\.life: .* is more than 1,000,000"):
        decode(GameSetup, setup)


def test_converters_are_built_once_per_type() -> None:
    """The codec inspects a type's hints once, not for every value it converts."""
    decode(GameView, _view_json())
    encode(SETUP)
    with patch("typing.get_type_hints", side_effect=AssertionError("hints inspected again")):
        assert decode(GameView, _view_json()).turn_number == 2
        assert encode(SETUP)["active_player"] == "Alice"


def test_msgspec_writes_the_same_json_as_the_codecs_own_encoders() -> None:
    """``encode`` lets msgspec write set-ups, views and events: the same JSON values as the codec's
    own encoders, which still write actions (their tag), sets (sorted) and what msgspec can't."""
    adapter = ReferenceAdapter()
    adapter.start(SETUP)
    adapter.perform(PassPriority("Alice"))
    proxied = replace(SETUP, players=(replace(SETUP.players[0], mana_pool=MappingProxyType({"G": 2})),))
    for value in (SETUP, proxied, adapter.view(), list(adapter.events()), adapter.events()[0]):
        assert encode(value) == _encoder(type(value))(value) == json.loads(json.dumps(encode(value)))
    assert encode(proxied)["players"][0]["mana_pool"] == {"G": 2}
    assert encode(PassPriority("Bob")) == {"type": "pass_priority", "player": "Bob"}
    assert encode(Capabilities("e", "1", frozenset({"mirage", "cr2008"}), frozenset()))["editions"] == [
        "cr2008",
        "mirage",
    ]


def test_the_vocabulary_is_the_schemas() -> None:
    defs = schema()["$defs"]
    assert tuple(defs["edition"]["enum"]) == EDITIONS
    assert set(defs["phase"]["enum"]) == PHASES and set(defs["step"]["enum"]) == STEPS
    assert set(defs["decision"]["enum"]) == DECISIONS and set(defs["event_kind"]["enum"]) == EVENTS


def _session(adapter: ReferenceAdapter, requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [answer(adapter, json.dumps(r), validate=True)[0] for r in requests]


def test_a_real_session_satisfies_the_schema_both_ways() -> None:
    requests: list[dict[str, Any]] = [
        {"id": 1, "type": "hello", "protocol": 1},
        {"id": 2, "type": "start", "setup": encode(SETUP)},
        {"id": 3, "type": "view"},
        {"id": 4, "type": "perform", "action": {"type": "pass_priority", "player": "Alice"}},
        {"id": 5, "type": "perform", "action": {"type": "cast_spell", "player": "Alice", "card": "gg"}},
        {"id": 6, "type": "events", "since": 0},
        {"id": 7, "type": "bye"},
    ]
    responses = _session(ReferenceAdapter(), requests)
    for request, response in zip(requests, responses, strict=True):
        assert problems("request", request) == []
        assert problems("response", response) == [], response
        assert response["id"] == request["id"]
    assert responses[4]["error"]["kind"] == "illegal_action"
    assert responses[4]["error"]["reason"] == "not_your_priority"


def test_the_refusal_reasons_are_the_schemas_and_the_reference_engines() -> None:
    assert set(schema()["$defs"]["refusal_reason"]["enum"]) == REFUSAL_REASONS == {r.value for r in Refusal}


@pytest.mark.parametrize("reason", [None, "timing"])
def test_a_refusal_reason_is_optional_and_carried_as_given(reason: str | None) -> None:
    with pytest.raises(IllegalActionError) as refusal:
        raise_error("illegal_action", "not now", reason)
    assert (str(refusal.value), refusal.value.reason) == ("not now", reason)


@pytest.mark.parametrize("reason", ["because", 3])
def test_a_refusal_reason_outside_the_vocabulary_is_a_protocol_error(reason: object) -> None:
    with pytest.raises(ProtocolError, match="unknown reason"):
        raise_error("illegal_action", "not now", reason)


@pytest.mark.parametrize(
    ("line", "kind", "request_id"),
    [
        ("not json", "invalid_request", None),
        ('{"id": 1, "type": "dance"}', "invalid_request", 1),
        ('{"type": "view"}', "invalid_request", None),
        ('{"id": 2, "type": "start", "setup": {"edition": "cr2024"}}', "invalid_request", 2),
        ('{"id": 3, "type": "perform", "action": {"type": "pass_priority", "player": "Alice"}}', "unsupported", 3),
        ('{"id": 4, "type": "events", "since": -1}', "invalid_request", 4),
    ],
)
def test_the_server_answers_bad_requests_with_structured_errors(line: str, kind: str, request_id: int | None) -> None:
    response, going_on = answer(ReferenceAdapter(), line)
    assert going_on
    assert (response["type"], response["error"]["kind"], response["id"]) == ("error", kind, request_id)
    assert problems("response", response) == []


def _drawing(cards: int) -> bytes:
    setup = encode(SETUP)
    setup["players"][0]["effects"] = [{"key": "draws_extra", "params": {"count": cards}}]
    return json.dumps({"id": 5, "type": "start", "setup": setup}).encode()


@pytest.mark.parametrize(
    ("line", "kind", "request_id", "said", "validate"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "invalid_request", None, "not a JSON message", False),
        (b'{"id": 1, "type": "start", "setup": ' + b"[" * 900 + b"]" * 900 + b"}", "invalid_request", 1, "", True),
        (b'{"id": 1, "type": "events", "since": ' + b"9" * 5000 + b"}", "invalid_request", None, "out of range", False),
        (b'{"id": 1, "type": "view", "x": "\xff"}', "invalid_request", None, "UTF-8", False),
        (b'{"id": 0, "type": "view"}', "invalid_request", None, "positive integer id", False),
        (b'{"id": -3, "type": "view"}', "invalid_request", None, "positive integer id", False),
        (b'{"id": true, "type": "view"}', "invalid_request", None, "positive integer id", False),
        (b'{"id": 2, "type": "hello", "protocol": 2}', "unsupported", 2, "speaks protocol 1 only, not 2", False),
        (b'{"id": 2, "type": "hello", "protocol": true}', "invalid_request", 2, "whole number from 1, got True", False),
        (b'{"id": 2, "type": "hello", "protocol": "1"}', "invalid_request", 2, "$.protocol: expected a whole", False),
        (b'{"id": 2, "type": "hello"}', "invalid_request", 2, "$: missing field 'protocol'", False),
        (b'{"id": 2, "type": "start"}', "invalid_request", 2, "$: missing field 'setup'", False),
        (b'{"id": 2, "type": "perform"}', "invalid_request", 2, "$: missing field 'action'", False),
        (b'{"id": 2, "type": "events"}', "invalid_request", 2, "$: missing field 'since'", False),
        (b'{"id": 3, "type": "events", "since": true}', "invalid_request", 3, "whole number from 0", False),
        (_drawing(100_000_000), "invalid_request", 5, "100000000 is more than 1,000", False),
        # checked against its type's definition, what is wrong is named (not "any of the given schemas")
        (b'{"id": 2, "type": "hello", "protocol": 1, "x": 3}', "invalid_request", 2, "'x' was unexpected", True),
        (b'{"id": 2, "type": "hello"}', "invalid_request", 2, "'protocol' is a required property", True),
        (b'{"id": 2, "type": "dance"}', "invalid_request", 2, "(top level): ", True),
    ],
)
def test_the_server_answers_hostile_lines_with_errors(
    line: bytes, kind: str, request_id: int | None, said: str, validate: bool
) -> None:
    response, going_on = answer(ReferenceAdapter(), line, validate)
    assert going_on
    assert (response["type"], response["error"]["kind"], response["id"]) == ("error", kind, request_id)
    assert said in response["error"]["message"]
    assert problems("response", response) == []


def test_the_server_skips_a_line_over_the_limit_and_answers_the_next() -> None:
    requests = io.BytesIO(b'{"id": 1, "pad": "' + b"x" * 5000 + b'"}\n{"id": 2, "type": "bye"}\n{"id": 3}\n')
    answers = io.BytesIO()
    serve(ReferenceAdapter(), requests, answers, limit=1000)
    first, second = (json.loads(line) for line in answers.getvalue().splitlines())
    assert first["id"] is None and "a message of 5,020 bytes, over the limit of 1,000" in first["error"]["message"]
    assert second == {"id": 2, "type": "ok"}  # and the session ended with bye


@pytest.mark.parametrize(
    ("raised", "said"),
    [
        (ZeroDivisionError("oops"), "ZeroDivisionError: oops"),
        (KeyError("Alice"), "KeyError: 'Alice'"),  # the adapter's, not a field missing from the request
    ],
)
def test_the_server_reports_an_engine_failure_as_internal(raised: Exception, said: str) -> None:
    class Broken(ReferenceAdapter):
        def view(self) -> GameView:
            raise raised

    response, _ = answer(Broken(), '{"id": 9, "type": "view"}')
    assert response["error"] == {"kind": "internal", "message": said}


@pytest.mark.parametrize("raised", [KeyboardInterrupt(), SystemExit(0), GeneratorExit()])
def test_an_adapter_raising_what_isnt_an_exception_is_answered_as_its_failure(raised: BaseException) -> None:
    """A KeyboardInterrupt, sys.exit() or GeneratorExit from the adapter left the request unanswered and ended
    the server (exit 0, or a traceback); a signal to the server arrives as a ``Stopped``, and ends it."""

    class Raising(ReferenceAdapter):
        def view(self) -> GameView:
            raise raised

    response, going_on = answer(Raising(), '{"id": 9, "type": "view"}')
    assert going_on
    assert response["error"] == {"kind": "internal", "message": f"{type(raised).__name__}: {raised}"}
    raised = Stopped(signal.SIGTERM)  # what a signal raises where it lands, in the adapter's call too
    with pytest.raises(Stopped):
        answer(Raising(), '{"id": 9, "type": "view"}')


@pytest.mark.usefixtures("default_handlers")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_ends_the_server_with_128_plus_its_number(signum: int) -> None:
    """Ctrl-C ended it with 0, as if the session had ended."""
    root = Path(__file__).resolve().parents[1]
    command = [sys.executable, "-m", "checker", "serve"]
    with subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=root, text=True
    ) as server:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write('{"id": 1, "type": "hello", "protocol": 1}\n')
        server.stdin.flush()
        assert '"type":"hello"' in server.stdout.readline()  # serving: waiting for the next request
        server.send_signal(signum)
        _, err = server.communicate(timeout=60)
    assert server.returncode == 128 + signum
    assert err == f"interrupted by {signal.Signals(signum).name}\n"


def _fake(fault: str) -> WireEngine:
    return WireEngine([sys.executable, str(FAKE), fault], timeout=5.0, validate=True)


def test_the_client_plays_a_game_through_a_real_process() -> None:
    engine = _fake("honest")
    try:
        assert engine.capabilities().editions == frozenset(EDITIONS)
        engine.start(SETUP)
        assert engine.view().priority == "Alice"
        engine.perform(PassPriority("Alice"))
        with pytest.raises(IllegalActionError, match="waiting for Bob"):
            engine.perform(PassPriority("Alice"))
        assert [e.kind for e in engine.events()][:2] == ["step_began", "priority_passed"]
        assert [e.kind for e in engine.events()][:2] == ["step_began", "priority_passed"]  # fetched once
        with pytest.raises(UnsupportedError):
            engine.start(GameSetup("cr2024", SETUP.players, "Alice", phase="combat", step="untap"))
    finally:
        engine.close()
    assert not engine.alive


@pytest.mark.parametrize(
    ("fault", "message"),
    [
        ("lie-protocol", "the engine speaks protocol 2; this suite speaks 1"),
        ("lie-editions", "editions/3: 'alpha' is not one of"),
        ("crash:hello:1", "closed its output during the hello request (exit code 3)"),
    ],
)
def test_a_bad_handshake_is_a_precise_error(fault: str, message: str) -> None:
    with pytest.raises((ProtocolError, EngineCrashed), match=re.escape(message)):
        WireEngine([sys.executable, str(FAKE), fault], timeout=5.0)


def test_an_engine_slow_to_start_gets_more_than_the_request_timeout_for_its_handshake() -> None:
    """The process starts during the handshake; the per-request timeout applies after it."""
    engine = WireEngine([sys.executable, str(FAKE), "slow-start:2"], timeout=0.5)
    try:
        assert engine.capabilities().name == "reference-engine"
    finally:
        engine.close()


def test_with_validation_a_bad_handshake_is_named_by_the_schema() -> None:
    with pytest.raises(ProtocolError, match=re.escape("breaks the schema: protocol: 1 was expected")):
        _fake("lie-protocol")


def test_a_missing_program_is_a_precise_error() -> None:
    with pytest.raises(EngineCrashed, match="cannot start engine"):
        WireEngine(["/no/such/engine"])


def test_the_schemas_defaults_are_what_the_interface_takes_for_an_absent_field() -> None:
    """The docs show the schema's defaults; the decoder fills an absent field from the dataclass's."""
    defs = schema()["$defs"]
    for cls in [c for c in vars(interface).values() if isinstance(c, type) and dataclasses.is_dataclass(c)]:
        tags = {action: tag for tag, action in ACTION_TYPES.items()}
        name = f"action_{tags[cls]}" if cls in tags else re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()
        properties = defs.get(name, {}).get("properties", {})
        for f in dataclasses.fields(cls):
            factory = f.default_factory
            given = factory() if callable(factory) else f.default
            if given is dataclasses.MISSING:
                assert "default" not in properties.get(f.name, {}), (name, f.name)
            elif properties:
                assert json.loads(encode_text(given)) == properties[f.name]["default"], (name, f.name)


def test_the_protocol_docs_are_generated_from_the_schema() -> None:
    docs = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"
    assert docs_main([str(docs), "--check"]) == 0, "run: python -m checker.doctools.protocol_docs docs/protocol.md"


def test_equal_card_specs_in_a_set_up_are_decoded_once_and_a_wrong_one_still_fails() -> None:
    """A library of twenty Islands is one card spec twenty times: decoded as one object (the
    reference adapter maps each spec object once per game); a spec differing in anything is its own."""
    island = encode(card("Island"))
    library = [{"id": f"island {i}", "card": dict(island)} for i in range(3)]
    decoded = decode(tuple[CardSetup, ...], library)
    assert decoded[0].card is decoded[1].card is decoded[2].card
    assert decoded[0].card == card("Island")
    assert decode(CardSpec, {**island, "produces": "G"}).produces == "G"
    with pytest.raises(DecodeError, match=r"\$\.types: expected a list"):
        decode(CardSpec, {**island, "types": "land"})
    # The same card under the same id in the next set-up is the same object; under another id, its own.
    next_setup = [{"id": "island 1", "card": dict(island)}, {"id": "island 9", "card": island}]
    again = decode(tuple[CardSetup, ...], next_setup)
    assert again[0] is decoded[1] and again[1].id == "island 9" and again[1].card is decoded[0].card
    with pytest.raises(DecodeError, match=r"\$\[0\]\.card\.types: expected a list"):
        decode(tuple[CardSetup, ...], [{"id": "island 1", "card": {**island, "types": "land"}}])


def test_a_list_of_cards_seen_before_is_decoded_once_and_a_wrong_one_fails_every_time() -> None:
    """The set-ups of a run repeat whole libraries and hands: the same list of cards is the same
    tuple; a list differing in one card is its own; a malformed one is refused each time it comes."""
    island = encode(card("Island"))
    library = [{"id": f"forest {i}", "card": dict(island)} for i in range(4)]
    first = decode(tuple[CardSetup, ...], library)
    assert decode(tuple[CardSetup, ...], [dict(c) for c in library]) is first
    other = decode(tuple[CardSetup, ...], [*library[:3], {"id": "forest 3", "card": {**island, "produces": "G"}}])
    assert other is not first and other[:3] == first[:3] and other[3].card.produces == "G"
    broken = [*library[:3], {"id": "forest 3", "card": {**island, "types": "land"}}]
    for _ in range(2):
        with pytest.raises(DecodeError, match=r"\$\[3\]\.card\.types: expected a list"):
            decode(tuple[CardSetup, ...], broken)


@pytest.mark.parametrize(("closed", "missing"), [(0, "input"), (1, "output")])
def test_a_server_started_without_standard_input_or_output_says_so(closed: int, missing: str) -> None:
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-m", "checker", "serve"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=root, timeout=60,
        preexec_fn=lambda: os.close(closed),  # as a shell's <&- or >&- does
    )  # fmt: skip
    assert done.returncode == 2
    assert f"there is no standard {missing} to serve the protocol on" in done.stderr


def test_what_a_served_adapter_prints_goes_to_stderr_not_among_the_answers() -> None:
    """An adapter's print() in ``start`` was written among the answers, where the suite read it as one."""
    root = Path(__file__).resolve().parents[1]
    requests = [{"id": 1, "type": "hello", "protocol": 1}, {"id": 2, "type": "start", "setup": encode(SETUP)}]
    lines = "".join(json.dumps(request) + "\n" for request in [*requests, {"id": 3, "type": "bye"}])
    done = subprocess.run(
        [sys.executable, "-m", "checker", "serve", "--engine", "tests.fakes.adapters:Printing"],
        input=lines, capture_output=True, text=True, cwd=root, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert [json.loads(line)["type"] for line in done.stdout.splitlines()] == ["hello", "ok", "ok"]
    assert done.stderr == "starting a game\nstarting it in C\n"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_a_server_whose_answers_cant_be_written_says_so_in_one_line() -> None:
    """On a full disk (/dev/full here) the server ended with a traceback and exit 3."""
    root = Path(__file__).resolve().parents[1]
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "checker", "serve"], input=b'{"id": 1, "type": "hello", "protocol": 1}\n',
            stdout=full, stderr=subprocess.PIPE, cwd=root, timeout=60,
        )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.decode() == "error: the standard output can't be written: No space left on device\n"
