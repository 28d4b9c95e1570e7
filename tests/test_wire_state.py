"""The protocol's features, negotiated in ``hello``: answers to actions carry the game's new events and
its view (``state_in_answers``), the view as its changes (``view_changes``); engines that don't take
them up are asked as in protocol 1's plain form."""

from __future__ import annotations

import io
import itertools
import json
import re
import signal
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import msgspec
import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.contract.cards import POOL
from checker.contract.codec import DecodeError, changes, decode, decode_changes, encode, texts, whole
from checker.contract.interface import (
    Action,
    CardSetup,
    EngineAdapter,
    EngineFailure,
    GameEvent,
    GameView,
    IllegalActionError,
    PassPriority,
)
from checker.contract.interrupts import Stopped
from checker.contract.protocol import ProtocolError
from checker.running.steps.context import TURN_BOUNDARIES
from checker.running.wire.client import WireEngine
from checker.running.wire.server import FEATURES, Session, answer, serve
from tests.test_wire import SETUP as SHORT_SETUP

SERVER = [sys.executable, "-m", "checker.running.wire.server", "--engine", "reference"]
FAKE = Path(__file__).parent / "fakes" / "engine.py"
#: A game that goes on past its draw step: the players have libraries.
LIBRARY = tuple(CardSetup(f"forest {i}", POOL["Forest"]) for i in range(5))
SETUP = replace(SHORT_SETUP, players=tuple(replace(p, library=LIBRARY) for p in SHORT_SETUP.players))


def _requests(engine: WireEngine) -> int:
    """How many requests the engine has been sent (each gets the next id)."""
    return engine._next_id


def _play_alongside(engine: WireEngine, passes: int) -> list[int]:
    """Play the same game on the engine and on a reference adapter in process, checking after each
    action that both show the same game; the requests each action and its look cost."""
    local = ReferenceAdapter()
    local.start(SETUP)
    cost = [_requests(engine)]
    engine.start(SETUP)
    for _ in range(passes):
        assert engine.view() == local.view() and engine.view() == local.view()
        assert engine.events() == list(local.events()) and engine.events() == list(local.events())
        cost.append(_requests(engine))
        player = local.view().priority
        assert player is not None
        local.perform(PassPriority(player))
        engine.perform(PassPriority(player))
    return [b - a for a, b in itertools.pairwise(cost)]


def test_an_engine_that_takes_up_state_in_answers_is_asked_only_for_actions() -> None:
    engine = WireEngine(SERVER, validate=True)  # every message checked against the schema, both ways
    try:
        assert engine.features == {"state_in_answers", "then_pass", "view_changes"}
        assert _play_alongside(engine, 8) == [1] * 8  # the action, and no view or events request
    finally:
        engine.close()


def test_an_answer_in_order_is_read_straight_from_its_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """Answers to actions are read typed from their text: the way through JSON, which reads any
    other answer, is never taken while the game is played without faults."""

    def read_as_json(self: WireEngine, kind: str, line: bytes) -> None:
        raise AssertionError(f"the answer to {kind} was read as JSON: {line[:120]!r}")

    engine = WireEngine(SERVER)
    try:
        monkeypatch.setattr(WireEngine, "_state_read", read_as_json)
        assert _play_alongside(engine, 8) == [1] * 8
    finally:
        engine.close()


def test_an_engine_offered_no_feature_is_asked_for_view_and_events_once_per_action() -> None:
    engine = WireEngine(SERVER, validate=True, features=())
    try:
        assert engine.features == frozenset()
        assert _play_alongside(engine, 8) == [3] * 8  # the action, a view, the events: each once
    finally:
        engine.close()


def test_an_engine_strict_about_the_hello_of_protocol_1_is_greeted_again_without_features() -> None:
    engine = WireEngine([sys.executable, str(FAKE), "strict-v1", "--state"])
    try:
        assert engine.features == frozenset()
        assert _play_alongside(engine, 2) == [3] * 2
    finally:
        engine.close()


def test_features_listed_in_the_answer_to_a_hello_that_offered_none_are_not_taken_up() -> None:
    """Greeted again without the offer, the engine lists every feature anyway: none was offered, so none
    is agreed, and no request carries one (this engine refuses then_pass as it refused the offer)."""
    engine = WireEngine([sys.executable, str(FAKE), "strict-v1-claims", "--state"])
    try:
        assert engine.features == frozenset()
        engine.start(SETUP)
        assert engine.perform_then_pass(PassPriority("Alice"), TURN_BOUNDARIES) is None
        assert _play_alongside(engine, 2) == [3] * 2
    finally:
        engine.close()


def test_after_a_refused_action_the_events_and_the_view_are_asked_for_again() -> None:
    engine = WireEngine(SERVER, validate=True)
    try:
        engine.start(SETUP)
        before = _requests(engine)
        with pytest.raises(IllegalActionError):
            engine.perform(PassPriority("Bob"))  # Alice has priority
        local = ReferenceAdapter()
        local.start(SETUP)
        assert engine.events() == list(local.events()) and engine.view() == local.view()
        assert _requests(engine) == before + 3
        engine.perform(PassPriority("Alice"))  # its answer's events complete the list again
        local.perform(PassPriority("Alice"))
        assert engine.events() == list(local.events()) and engine.view() == local.view()
        assert _requests(engine) == before + 4
    finally:
        engine.close()


def _hello(session: Session, **more: Any) -> dict[str, Any]:
    return answer(session, json.dumps({"id": 1, "type": "hello", "protocol": 1, **more}))[0]


def test_the_server_takes_up_only_the_features_offered_and_known() -> None:
    assert "features" not in _hello(Session(ReferenceAdapter()))
    assert _hello(Session(ReferenceAdapter()), features=[])["features"] == []
    assert _hello(Session(ReferenceAdapter()), features=["teleport", "state_in_answers"])["features"] == [
        "state_in_answers"
    ]
    both = _hello(Session(ReferenceAdapter()), features=["view_changes", "state_in_answers"])
    assert both["features"] == ["state_in_answers", "view_changes"]
    every = _hello(Session(ReferenceAdapter()), features=["view_changes", "then_pass", "state_in_answers"])
    assert every["features"] == ["state_in_answers", "then_pass", "view_changes"]
    assert _hello(Session(ReferenceAdapter(), features=()), features=["state_in_answers"])["features"] == []
    bad = _hello(Session(ReferenceAdapter()), features="state_in_answers")
    assert bad["type"] == "error" and bad["error"]["kind"] == "invalid_request"


class _BlindView(ReferenceAdapter):
    """An adapter whose view fails (raises ``raised``): its answers can't carry the game's state."""

    def __init__(self, raised: BaseException | None = None) -> None:
        super().__init__()
        self.raised = RuntimeError("no view today") if raised is None else raised

    def view(self) -> GameView:
        raise self.raised


class _HugeLife(ReferenceAdapter):
    """An adapter whose view has a number too long to be written as JSON."""

    def view(self) -> GameView:
        view = super().view()
        return replace(view, players=(replace(view.players[0], life=10**5000), *view.players[1:]))


def _answers(adapter: EngineAdapter, requests: Sequence[dict[str, Any]]) -> list[Any]:
    """The server's answers to ``requests``, each sent as a line of its own."""
    out = io.BytesIO()
    serve(adapter, io.BytesIO(b"".join(json.dumps(r).encode() + b"\n" for r in requests)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


#: What an adapter may raise that isn't an ``Exception``: its failure too (as the in-process runner has it).
NOT_EXCEPTIONS = [SystemExit("no view today"), GeneratorExit("no view today"), KeyboardInterrupt("no view today")]


@pytest.mark.parametrize(
    ("adapter", "said"),
    [
        (_BlindView(), "no view today"),
        (_HugeLife(), "can't be written"),
        *((_BlindView(raised), f"{type(raised).__name__}: no view today") for raised in NOT_EXCEPTIONS),
    ],
)
def test_an_answer_whose_state_fails_is_a_plain_ok_and_the_view_request_gets_the_failure(
    adapter: EngineAdapter, said: str
) -> None:
    """A view that raised what isn't an ``Exception`` (a ``sys.exit``) made the start's answer an error,
    though the game had started."""
    requests = [
        {"id": 1, "type": "hello", "protocol": 1, "features": ["state_in_answers"]},
        {"id": 2, "type": "start", "setup": encode(SETUP)},
        {"id": 3, "type": "view"},
        {"id": 4, "type": "events", "since": 0},
    ]
    hello, started, view, events = _answers(adapter, requests)
    assert hello["features"] == ["state_in_answers"]
    assert started == {"id": 2, "type": "ok"}
    assert view["type"] == "error" and said in view["error"]["message"]
    assert events["type"] == "events" and events["events"]


class _OwnList(ReferenceAdapter):
    """An adapter that gives the list of events it keeps, and goes on adding to, not a copy."""

    def events(self) -> list[GameEvent]:
        super().events()
        return self._events


class _EventsAsATuple(ReferenceAdapter):
    def events(self) -> list[GameEvent]:
        return tuple(super().events())  # type: ignore[return-value]  # a sequence, not the list the interface says


class _EventsOneByOne(ReferenceAdapter):
    def events(self) -> list[GameEvent]:
        return iter(super().events())  # type: ignore[return-value]  # an iterator, not the list the interface says


@pytest.mark.parametrize("adapter", [_OwnList(), _EventsAsATuple(), _EventsOneByOne()])
def test_the_answers_carry_the_same_events_whatever_the_adapter_gives_them_as(adapter: EngineAdapter) -> None:
    requests = [
        {"id": 1, "type": "hello", "protocol": 1, "features": ["state_in_answers"]},
        {"id": 2, "type": "start", "setup": encode(SETUP)},
        *({"id": i, "type": "perform", "action": encode(PassPriority(p))} for i, p in [(3, "Alice"), (4, "Bob")]),
        {"id": 5, "type": "events", "since": 1},
        {"id": 6, "type": "perform", "action": encode(PassPriority("Alice"))},
    ]
    answers = _answers(adapter, requests)
    assert answers == _answers(ReferenceAdapter(), requests)
    carried = [e for a in answers[1:4] for e in a["events"]]  # each event once, in order
    assert len(carried) > 2 and answers[4]["events"] == carried[1:] and answers[5]["events"]


@pytest.mark.parametrize(
    ("fault", "said"),
    [
        ("bad-phase:start:1", r"\$\.view\.phase: 'teatime' is not one of"),
        ("changes-first", "the engine sent view_changes before any view of the game"),
        ("huge:start:1", r"answer to the start request is (at least )?[\d,]+ bytes long, over the limit"),
    ],
)
def test_a_broken_view_in_an_answer_is_a_protocol_error_of_the_action(fault: str, said: str) -> None:
    engine = WireEngine([sys.executable, str(FAKE), fault, "--state"])
    assert engine.features == {"state_in_answers", "then_pass", "view_changes"}
    with pytest.raises(ProtocolError, match=said):
        engine.start(SETUP)
    assert not engine.alive
    with pytest.raises(EngineFailure):
        engine.view()


def test_an_engine_offered_only_state_in_answers_sends_whole_views() -> None:
    engine = WireEngine(SERVER, validate=True, features=("state_in_answers",))
    try:
        assert engine.features == {"state_in_answers"}
        assert _play_alongside(engine, 8) == [1] * 8
    finally:
        engine.close()


def _views(passes: int) -> list[GameView]:
    """The views of a game as the players pass, and a permanent's tapping and a land played."""
    adapter = ReferenceAdapter()
    adapter.start(SETUP)
    views = [adapter.view()]
    for _ in range(passes):
        player = views[-1].priority
        assert player is not None
        adapter.perform(PassPriority(player))
        views.append(adapter.view())
    return views


def test_a_view_travels_as_its_changes_and_is_rebuilt_the_same() -> None:
    views = _views(6)
    tapped = replace(views[-1], battlefield=tuple(replace(p, tapped=not p.tapped) for p in views[-1].battlefield))
    grown = replace(tapped, battlefield=(*tapped.battlefield, tapped.battlefield[0]), phase=None)
    for before, after in itertools.pairwise([*views, tapped, grown, views[0]]):
        sent = _sent(before, after)
        assert decode_changes(GameView, before, sent) == after
        assert set(sent) == {k for k, v in encode(after).items() if v != encode(before)[k]}
    assert _sent(views[0], views[1]).keys() == {"decision"}  # Alice passed: Bob decides
    assert _sent(views[-1], tapped)["battlefield"][0] is not None
    assert _sent(views[-1], tapped)["battlefield"][1:] == [None] * (len(tapped.battlefield) - 1)
    assert _sent(views[0], views[0]) == {}
    assert json.loads(msgspec.json.encode(whole(texts(views[0])))) == encode(views[0])


def _sent(before: GameView, after: GameView) -> dict[str, Any]:
    """The changes from ``before`` to ``after`` as the server writes them, read back."""
    sent: dict[str, Any] = json.loads(msgspec.json.encode(changes(texts(before), texts(after))))
    return sent


@pytest.mark.parametrize(
    ("sent", "said"),
    [
        ({"phase": "teatime"}, "$.view_changes.phase: 'teatime' is not one of"),
        ({"players": [None]}, "$.view_changes.players: null stands for an unchanged item only in a list as long"),
        ({"players": [None, {"name": "Bob"}]}, "$.view_changes.players[1]: PlayerView needs 'life'"),
        ([], "$.view_changes: expected an object of changes to a GameView"),
    ],
)
def test_changes_to_a_view_are_checked_as_a_view_is(sent: Any, said: str) -> None:
    with pytest.raises(DecodeError) as bad:
        decode_changes(GameView, _views(0)[0], sent, "$.view_changes")
    assert str(bad.value).startswith(said)


class _HugeOnce(_HugeLife):
    """An adapter whose second view has a number too long to be written as JSON."""

    views = 0

    def view(self) -> GameView:
        self.views += 1
        return super().view() if self.views == 2 else ReferenceAdapter.view(self)


def test_after_an_answer_whose_view_could_not_be_written_the_next_view_goes_whole() -> None:
    both = ["state_in_answers", "view_changes"]
    requests = [
        {"id": 1, "type": "hello", "protocol": 1, "features": both},
        {"id": 2, "type": "start", "setup": encode(SETUP)},
        {"id": 3, "type": "perform", "action": encode(PassPriority("Alice"))},
        {"id": 4, "type": "perform", "action": encode(PassPriority("Bob"))},
        {"id": 5, "type": "perform", "action": encode(PassPriority("Alice"))},
    ]
    _, started, cut, whole, changed = _answers(_HugeOnce(), requests)
    assert "view" in started
    assert cut == {"id": 3, "type": "ok"}
    assert "view" in whole and "view_changes" not in whole
    assert "view_changes" in changed and "view" not in changed


def _served(adapter: EngineAdapter, *requests: dict[str, Any], features: Sequence[str] = FEATURES) -> list[Any]:
    """The server's answers to a start of :data:`SETUP` and to ``requests``, after a hello offering ``features``."""
    opening = [
        {"id": 1, "type": "hello", "protocol": 1, "features": list(features)},
        {"id": 2, "type": "start", "setup": encode(SETUP)},
    ]
    return _answers(adapter, [*opening, *requests])[1:]


def _pass(request_id: int, player: str, **more: Any) -> dict[str, Any]:
    return {"id": request_id, "type": "perform", "action": encode(PassPriority(player)), **more}


def test_a_pass_asked_for_after_an_action_is_made_and_told() -> None:
    """Alice passes in her upkeep, and Bob, who then holds priority, passes too in the same exchange:
    the upkeep ends and the draw step begins. The answer is the game after both passes."""
    local = ReferenceAdapter()
    local.start(SETUP)
    local.perform(PassPriority("Alice"))
    alices = len(local.events())
    local.perform(PassPriority("Bob"))
    started, passed = _served(ReferenceAdapter(), _pass(3, "Alice", then_pass=sorted(TURN_BOUNDARIES)))
    carried = len(started["events"])  # the start's answer carried the events before Alice's pass
    assert passed["passed"] == {"player": "Bob", "events": alices - carried}
    assert passed["events"] == encode(local.events()[carried:])
    assert decode_changes(GameView, decode(GameView, started["view"]), passed["view_changes"]) == local.view()
    kinds = [e["kind"] for e in passed["events"]]
    assert kinds[: passed["passed"]["events"]] == ["priority_passed"] and "step_began" in kinds


def test_no_pass_is_made_after_an_event_of_the_kinds_named_or_where_the_feature_was_not_agreed() -> None:
    stopped = _served(ReferenceAdapter(), _pass(3, "Alice", then_pass=["priority_passed"]))
    plain = _served(ReferenceAdapter(), _pass(3, "Alice", then_pass=[]), features=["state_in_answers"])
    for _, alone in (stopped, plain):
        assert "passed" not in alone
        assert [e["kind"] for e in alone["events"]] == ["priority_passed"]  # Alice's pass alone: Bob holds priority
        assert alone.get("view_changes", alone.get("view", {}))["decision"]["player"] == "Bob"


def test_a_malformed_then_pass_is_refused_before_the_action_is_taken() -> None:
    _, refused, bobs = _served(ReferenceAdapter(), _pass(3, "Alice", then_pass="step_began"), _pass(4, "Bob"))
    assert refused["type"] == "error" and refused["error"]["kind"] == "invalid_request"
    assert "then_pass" in refused["error"]["message"]
    assert bobs["type"] == "error" and bobs["error"]["kind"] == "illegal_action"  # Alice still holds priority


class _Looked(ReferenceAdapter):
    """Counts how often the server asks for the game's events and its view."""

    def __init__(self) -> None:
        super().__init__()
        self.looks = 0

    def view(self) -> GameView:
        self.looks += 1
        return super().view()

    def events(self) -> list[GameEvent]:
        self.looks += 1
        return super().events()


@pytest.mark.parametrize(("stops", "looks"), [(["priority_passed"], 2), (sorted(TURN_BOUNDARIES), 4)])
def test_the_state_looked_at_for_a_pass_is_the_answers_where_no_pass_is_made(stops: list[str], looks: int) -> None:
    """The server looks at the events and the view to decide on the pass. Where it makes none, the
    game is as it looked, and the answer carries that without asking again; after a pass, it asks."""
    adapter = _Looked()
    _, performed = _served(adapter, _pass(3, "Alice", then_pass=stops))
    assert ("passed" in performed) == (looks == 4)
    assert adapter.looks == 2 + looks  # the start's answer: its events and its view
    assert performed["events"] and ("view" in performed or "view_changes" in performed)


class _BobWontPass(ReferenceAdapter):
    def perform(self, action: Action) -> None:
        if action == PassPriority("Bob"):
            raise IllegalActionError("Bob is stubborn")
        super().perform(action)


def test_a_pass_the_engine_refuses_after_the_action_is_its_failure_and_says_so() -> None:
    _, failed = _served(_BobWontPass(), _pass(3, "Alice", then_pass=sorted(TURN_BOUNDARIES)))
    assert failed["type"] == "error" and failed["error"]["kind"] == "internal"
    assert failed["error"]["message"].startswith("the action was done, then the engine refused the pass of Bob")


class _BobExits(ReferenceAdapter):
    def perform(self, action: Action) -> None:
        if action == PassPriority("Bob"):
            sys.exit("Bob has gone home")
        super().perform(action)


def test_a_pass_after_the_action_that_raises_what_isnt_an_exception_is_the_engines_failure_and_says_so() -> None:
    """Its answer said "SystemExit: ...", not that the action had been done."""
    _, failed = _served(_BobExits(), _pass(3, "Alice", then_pass=sorted(TURN_BOUNDARIES)))
    assert failed["error"] == {
        "kind": "internal",
        "message": "the action was done, then Bob's pass failed: SystemExit: Bob has gone home",
    }


@pytest.mark.parametrize("raised", NOT_EXCEPTIONS)
def test_a_state_that_fails_before_a_pass_leaves_the_pass_unmade_and_the_answer_a_plain_ok(
    raised: BaseException,
) -> None:
    """The action's answer was an error, though the action was done."""
    _, performed = _served(_BlindView(raised), _pass(3, "Alice", then_pass=sorted(TURN_BOUNDARIES)))
    assert performed == {"id": 3, "type": "ok"}


def test_a_signal_in_the_state_of_an_answer_still_ends_the_session() -> None:
    with pytest.raises(Stopped):
        _served(_BlindView(Stopped(signal.SIGTERM)), _pass(3, "Alice", then_pass=sorted(TURN_BOUNDARIES)))


def test_the_client_asks_for_the_pass_in_the_same_round_trip_and_without_the_feature_takes_the_action_alone() -> None:
    local = ReferenceAdapter()
    local.start(SETUP)
    for features, passes in ((FEATURES, "Bob"), (("state_in_answers", "view_changes"), None)):
        engine = WireEngine(SERVER, features=features)
        try:
            engine.start(SETUP)
            before = _requests(engine)
            assert engine.perform_then_pass(PassPriority("Alice"), TURN_BOUNDARIES) == passes
            assert _requests(engine) == before + 1
            expected = ReferenceAdapter()
            expected.start(SETUP)
            expected.perform(PassPriority("Alice"))
            if passes:
                expected.perform(PassPriority(passes))
            assert engine.view() == expected.view() and engine.events() == list(expected.events())
        finally:
            engine.close()


@pytest.mark.parametrize(
    ("fault", "said"),
    [
        ("pass-unasked:perform:1", "the engine passed priority after an action without being asked"),
        ("pass-late:perform:1", "the engine had Bob pass priority after a step_began event of the action"),
        # Alice passed in her upkeep, then Bob: the events are her pass, then his
        (
            "pass-early:perform:1",
            "the engine's passed says Bob passed priority after 0 of its answer's events, "
            "but the event after those is Alice's priority_passed: the pass isn't where passed says",
        ),
        (
            "pass-other:perform:1",
            "the engine's passed says Alice passed priority after 1 of its answer's events, "
            "but the event after those is Bob's priority_passed: the pass isn't where passed says",
        ),
    ],
)
def test_a_pass_the_engine_tells_of_unasked_or_after_an_event_it_was_to_stop_at_is_a_protocol_error(
    fault: str, said: str
) -> None:
    engine = WireEngine([sys.executable, str(FAKE), fault, "--state"])
    try:
        engine.start(SETUP)
        with pytest.raises(ProtocolError, match=re.escape(said)):
            if fault.startswith("pass-unasked"):
                engine.perform(PassPriority("Alice"))
            else:
                engine.perform_then_pass(PassPriority("Alice"), TURN_BOUNDARIES)
        assert not engine.alive
    finally:
        engine.close()


def test_view_changes_from_an_engine_that_did_not_take_them_up_are_said_to_be_so() -> None:
    """The engine took up state_in_answers and then_pass, then sent its views as their changes: not
    read, they leave the answer without a view, and the error says why rather than only that."""
    engine = WireEngine([sys.executable, str(FAKE), "changes-unagreed", "--state"])
    try:
        assert engine.features == {"state_in_answers", "then_pass"}
        engine.start(SETUP)  # its answer carries the whole view
        said = (
            "the engine's answer to the perform request has view_changes instead of a view, but view_changes "
            "was not agreed in hello (the features agreed: state_in_answers, then_pass): the answer has no view"
        )
        with pytest.raises(ProtocolError, match=re.escape(said)):
            engine.perform(PassPriority("Alice"))
        assert not engine.alive
    finally:
        engine.close()
