"""A field the protocol doesn't define inside the values an answer carries (a view at any level, its
changes, the events) is a protocol error naming its path and the closest field there is, without
``--validate-messages``, on the answers read from their text as on those read as JSON. Before, it
was read as absent: an engine that misspelt ``mana_pool`` or ``tapped`` was judged on a game it
didn't describe."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any, cast

import msgspec
import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.contract.cards import POOL
from checker.contract.codec import Changes, decode, encode, message_reader
from checker.contract.interface import (
    CardSetup,
    GameEvent,
    GameSetup,
    GameView,
    PassPriority,
    PermanentSetup,
    PermanentView,
    PlayerSetup,
    PlayerView,
    StackItemView,
)
from checker.contract.protocol import ProtocolError
from checker.running.wire.client import WireEngine
from checker.running.wire.process import EngineProcess
from checker.running.wire.server import FEATURES, Session, answer

LIBRARY = tuple(CardSetup(f"forest {i}", POOL["Forest"]) for i in range(3))
SETUP = GameSetup(
    "cr2024",
    (PlayerSetup("Alice", library=LIBRARY, mana_pool={"G": 1}), PlayerSetup("Bob", library=LIBRARY)),
    "Alice",
    (PermanentSetup("bears", POOL["Grizzly Bears"], "Alice", tapped=True),),
    phase="beginning",
    step="upkeep",
)
#: An object on the stack, put in a view by the tests (the game's own stack is empty at the upkeep).
FOG = encode(StackItemView("Fog", "Bob", "spell"))

#: Changes a test makes to the JSON of a view (whole, or its changes) or of the events.
Altering = Callable[[dict[str, Any]], None]


class _Served:
    """An engine's process in this one: the reference adapter answering through the protocol's
    server, each answer to ``kind`` altered (its view, its view's changes or its events) before
    it is written. Remembers the last whole view sent, for changes to refer to."""

    exit_code = None

    def __init__(self, features: bool, kind: str, field: str, alter: Altering) -> None:
        self.session = Session(ReferenceAdapter(), features=FEATURES if features else ())
        self.kind, self.field, self.alter = kind, field, alter
        self.view: dict[str, Any] = {}

    def exchange(self, line: bytes, kind: str, timeout: float) -> bytes:
        response, _ = answer(self.session, line)
        if kind == self.kind and self.field in response:
            value = response[self.field]
            self.alter({"events": value} if self.field == "events" else value)
        self.view = response.get("view", self.view)
        return msgspec.json.encode(response)

    def stop(self, grace: float = 0.0) -> None:
        pass


def _engine(features: bool, kind: str, field: str, alter: Altering) -> WireEngine:
    process = cast(EngineProcess, _Served(features, kind, field, alter))
    return WireEngine(["served in this process"], process=process)


def _played(engine: WireEngine) -> tuple[GameView, list[GameEvent]]:
    """The game after Alice passes at her upkeep, as the engine tells it."""
    engine.start(SETUP)
    engine.perform(PassPriority("Alice"))
    return engine.view(), engine.events()


def _reference() -> tuple[GameView, list[GameEvent]]:
    reference = ReferenceAdapter()
    reference.start(SETUP)
    reference.perform(PassPriority("Alice"))
    return reference.view(), list(reference.events())


def _set(path: str, value: Any) -> Altering:
    """Set the field at ``path`` (``players.1.manapool``: keys and list indexes) to ``value``."""

    def altered(data: dict[str, Any]) -> None:
        *way, last = path.split(".")
        place: Any = data
        for step in way:
            place = place[int(step)] if isinstance(place, list) else place[step]
        place[last] = value

    return altered


def _stacked(alter: Altering) -> Altering:
    """Put Fog on the stack, then alter."""

    def altered(data: dict[str, Any]) -> None:
        data["stack"] = [dict(FOG)]
        alter(data)

    return altered


#: An unknown field at each level of a view, where it goes, and the closest field there is.
IN_A_VIEW = [
    ("day_nite", _set("day_nite", "day"), "day_night"),
    ("players[1].manapool", _set("players.1.manapool", {"G": 1}), "mana_pool"),
    ("players[0].library[2].nmae", _set("players.0.library.2.nmae", "Forest"), "name"),
    ("battlefield[0].taped", _set("battlefield.0.taped", False), "tapped"),
    ("stack[0].knd", _stacked(_set("stack.0.knd", "ability")), "kind"),
    ("decision.mana_onl", _set("decision.mana_onl", True), "mana_only"),
]


def _refused(engine: WireEngine, field: str, path: str, closest: str) -> None:
    said = f"the engine's {field} answer is malformed: $.{field}{'' if path.startswith('[') else '.'}{path}: "
    said += f"a field the protocol doesn't define (did you mean '{closest}'? its fields: "
    with pytest.raises(ProtocolError, match=re.escape(said)):
        _played(engine)
    assert not engine.alive


@pytest.mark.parametrize(("path", "alter", "closest"), IN_A_VIEW, ids=[p for p, _, _ in IN_A_VIEW])
@pytest.mark.parametrize(
    ("features", "kind"), [(False, "view"), (True, "start")], ids=["asked-for-the-view", "in-the-answer-to-start"]
)
def test_a_field_a_view_doesnt_define_is_refused_at_every_level(
    features: bool, kind: str, path: str, alter: Altering, closest: str
) -> None:
    """A view asked for (read as JSON), or carried by the answer to start (read from its text first)."""
    _refused(_engine(features, kind, "view", alter), "view", path, closest)


@pytest.mark.parametrize("features", [False, True], ids=["asked-for-the-events", "in-the-answer-to-perform"])
def test_a_field_an_event_doesnt_define_is_refused(features: bool) -> None:
    kind = "perform" if features else "events"
    _refused(_engine(features, kind, "events", _set("events.0.subjct", "upkeep")), "events", "[0].subjct", "subject")


class _ChangesServed(_Served):
    """A served engine whose answer to perform sends a list of the view's changes again, one item
    with a field the protocol doesn't define."""

    def __init__(self, field: str, index: int, unknown: str, unchanged_as_null: bool) -> None:
        super().__init__(True, "perform", "view_changes", self._changes)
        self.changed, self.index, self.unknown, self.unchanged_as_null = field, index, unknown, unchanged_as_null

    def _changes(self, changes: dict[str, Any]) -> None:
        items: list[Any] = [None if self.unchanged_as_null else item for item in self.view[self.changed]]
        items[self.index] = {**self.view[self.changed][self.index], self.unknown: 1}
        changes[self.changed] = items


CHANGES = [
    ("players", 1, "manapool", "mana_pool"),
    ("battlefield", 0, "taped", "tapped"),
]


@pytest.mark.parametrize("unchanged_as_null", [True, False], ids=["unchanged-as-null", "whole-list"])
@pytest.mark.parametrize(("field", "index", "unknown", "closest"), CHANGES, ids=[c[0] for c in CHANGES])
def test_a_field_an_item_of_view_changes_doesnt_define_is_refused(
    field: str, index: int, unknown: str, closest: str, unchanged_as_null: bool
) -> None:
    process = cast(EngineProcess, _ChangesServed(field, index, unknown, unchanged_as_null))
    engine = WireEngine(["served in this process"], process=process)
    _refused(engine, "view_changes", f"{field}[{index}].{unknown}", closest)


@pytest.mark.parametrize(
    ("path", "alter", "closest"),
    [
        ("phse", _set("phse", "ending"), "phase"),
        ("decision.mana_onl", _set("decision.mana_onl", True), "mana_only"),
        ("stack[0].knd", _stacked(_set("stack.0.knd", "ability")), "kind"),
    ],
    ids=["top", "decision", "stack"],
)
def test_a_field_view_changes_doesnt_define_is_refused(path: str, alter: Altering, closest: str) -> None:
    _refused(_engine(True, "perform", "view_changes", alter), "view_changes", path, closest)


def _without_defaults(data: dict[str, Any]) -> None:
    """Leave out every optional field of the view, its players and its permanents that holds its default."""
    for objects, cls in (([data], GameView), (data["players"], PlayerView), (data["battlefield"], PermanentView)):
        for f in dataclasses.fields(cls):
            if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
                continue
            default = encode(f.default if f.default_factory is dataclasses.MISSING else f.default_factory())
            for found in objects:
                if found[f.name] == default:
                    del found[f.name]


@pytest.mark.parametrize("features", [False, True], ids=["plain", "with-features"])
@pytest.mark.parametrize("alter", [lambda data: None, _without_defaults], ids=["every-field", "defaults-left-out"])
def test_the_fields_the_protocol_defines_still_pass(features: bool, alter: Altering) -> None:
    """With every field, or the optional ones left out, the game reads as the reference plays it."""
    engine = _engine(features, "start" if features else "view", "view", alter)
    assert _played(engine) == _reference()
    assert engine.alive


def test_the_answers_read_from_their_text_refuse_an_unknown_field_at_every_level() -> None:
    """The read from the text (msgspec's, in C) refuses such an answer itself, leaving it to the
    read as JSON that says what is wrong, and takes the same answer without it."""
    read = message_reader(
        {"id": Any, "type": Any, "events": tuple[GameEvent, ...], "view": GameView, "view_changes": Changes(GameView)}
    )
    view, events = _reference()
    good = {"id": 3, "type": "ok", "events": encode(events), "view": encode(view)}
    assert read(msgspec.json.encode(good)) == {"id": 3, "type": "ok", "events": tuple(events), "view": view}
    assert decode(GameView, encode(view)) == view
    for path, alter, _ in IN_A_VIEW:
        broken = msgspec.json.decode(msgspec.json.encode(good))
        alter(broken["view"])
        assert read(msgspec.json.encode(broken)) is None, path
    for item in ("players", "battlefield"):
        changes: dict[str, list[Any]] = {item: [None] * len(encode(view)[item])}
        changes[item][0] = {**encode(view)[item][0], "x": 1}
        changed = {"id": 3, "type": "ok", "events": [], "view_changes": changes}
        assert read(msgspec.json.encode(changed)) is None, item
    assert read(msgspec.json.encode({**good, "events": [{**encode(events[0]), "x": 1}]})) is None
    stacked = replace(view, stack=(StackItemView("Fog", "Bob", "spell"),))
    assert read(msgspec.json.encode({**good, "view": encode(stacked)}))["view"] == stacked  # type: ignore[index]
