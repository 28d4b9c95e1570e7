"""msgspec in front of the codec's decoders: the same values, and the same refusals with the same
words, as the codec's own decoding (``_compile``), on real views, events and actions and on
every way of breaking them one value at a time."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import msgspec
import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.contract import codec
from checker.contract.codec import DecodeError, decode, decode_changes, decoding, encode, messages, view_changes
from checker.contract.interface import (
    Action,
    CardView,
    DeclareBlockers,
    GameEvent,
    GameSetup,
    GameView,
    PassPriority,
    PermanentSetup,
    StackItemView,
)
from checker.running.plain_game import next_action, plain_setup

#: Values put in place of each value of a message, one at a time.
BREAKING: tuple[Any, ...] = (None, -1, 10**7, "", "bogus", [], {}, True, 1.5, [None])


def _played(turns: int = 3) -> tuple[GameView, list[GameEvent]]:
    adapter = ReferenceAdapter()
    adapter.start(plain_setup("cr2024", 10))
    view = adapter.view()
    while view.turn_number < turns:
        adapter.perform(next_action(view))
        view = adapter.view()
    return view, list(adapter.events())


def _broken(data: Any) -> Iterator[Any]:
    """``data`` with one of its values (however deep) replaced by each of :data:`BREAKING`, and with
    one object (however deep) given a field more, ``extra``."""
    places: list[tuple[Any, Any]] = []
    objects: list[dict[str, Any]] = [data] if isinstance(data, dict) else []

    def walk(value: Any) -> None:
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, inner in items:
            places.append((value, key))
            if isinstance(inner, dict):
                objects.append(inner)
            walk(inner)

    walk(data)
    for place, key in places:
        for bad in BREAKING:
            before = place[key]
            place[key] = bad
            yield copy.deepcopy(data)
            place[key] = before
    for found in objects:
        found["extra"] = 1
        yield copy.deepcopy(data)
        del found["extra"]


def _slow(hint: Any, data: Any) -> Any:
    """The codec's own decoding, with no msgspec in front."""
    return decoding._compile(hint, {})(data)


def _outcome(decoder: Any, data: Any) -> tuple[str, Any]:
    try:
        return "value", decoder(data)
    except DecodeError as exc:
        return "refused", str(exc)


def _read_as_decoded(message: dict[str, Any], read: Any, decoded: Any) -> None:
    """On every way of breaking ``message`` one value at a time, what ``read`` (from its text) takes
    is what ``decoded`` (its JSON) gives: the same value, or the same refusal (an item list cut
    short); ``read`` leaves the rest (None) to that decoding."""
    taken = left = 0
    for broken in _broken(message):
        typed = _outcome(read, broken)
        if typed == ("value", None):
            left += 1
        else:
            assert typed == _outcome(decoded, broken), broken
            taken += 1
    assert taken >= 5 and left >= 5  # values that break and values that don't: both kinds were tried


#: The fields of an answer to an action, as the wire client reads them from its text.
ANSWER = codec.message_reader(
    {"id": Any, "type": Any, "events": tuple[GameEvent, ...], "view": GameView, "view_changes": codec.Changes(GameView)}
)


@pytest.mark.parametrize("hint", [GameView, tuple[GameEvent, ...], DeclareBlockers, PassPriority])
def test_the_fast_path_accepts_and_refuses_as_the_codec_does(hint: Any) -> None:
    view, events = _played()
    data = {
        GameView: lambda: encode(view),
        tuple[GameEvent, ...]: lambda: encode(events[:12]),
        DeclareBlockers: lambda: encode(DeclareBlockers("Bob", (("b1", "a1"), ("b2", "a1")))),
        PassPriority: lambda: encode(PassPriority("Bob")),
    }[hint]()
    assert decoding._decoder(hint) is not decoding._compile(hint, {}), "msgspec is in front"
    assert decode(hint, data) == _slow(hint, data)
    refused = 0
    for broken in _broken(data):
        fast, slow = _outcome(lambda d: decode(hint, d), broken), _outcome(lambda d: _slow(hint, d), broken)
        assert fast == slow, broken
        refused += fast[0] == "refused"
    assert refused >= 5  # the breaking values do break


def test_the_schemas_checks_hold_on_the_fast_path() -> None:
    """Names of the vocabulary, bounds and lengths are checked on values msgspec built."""
    data = encode(_played()[0])
    with pytest.raises(DecodeError, match=r"\$\.phase: 'teatime' is not one of"):
        decode(GameView, {**data, "phase": "teatime"})
    with pytest.raises(DecodeError, match=r"\$\.decision\.kind: 'dance' is not one of"):
        decode(GameView, {**data, "decision": {"kind": "dance", "player": "Alice"}})
    with pytest.raises(DecodeError, match=r"\$\.active_player: '' is shorter than 1"):
        decode(GameView, {**data, "active_player": ""})
    with pytest.raises(DecodeError, match="CardView needs 'name'"):
        decode(CardView, {"id": "forest 1"})
    with pytest.raises(DecodeError, match=r"\$\.name: expected str, got \['Forest'\]"):
        decode(CardView, {"id": "forest 1", "name": ["Forest"]})
    with pytest.raises(DecodeError, match=r"\$\.player: expected str, got 1"):
        decode(Action, {"type": "pass_priority", "player": 1})
    assert decode(Action, {"type": "pass_priority", "player": "Bob"}) == PassPriority("Bob")
    assert decode(StackItemView, {"name": "Fog", "controller": "Alice", "kind": "spell"}) == (
        StackItemView("Fog", "Alice", "spell")
    )
    with pytest.raises(DecodeError, match=r"\$\.knd: a field the protocol doesn't define \(did you mean 'kind'\?"):
        decode(StackItemView, {"name": "Fog", "controller": "Alice", "kind": "spell", "knd": "spell"})


def test_changes_are_decoded_as_the_codec_does() -> None:
    view, _ = _played()
    earlier, _ = _played(2)
    changes = msgspec.json.decode(msgspec.json.encode(codec.changes(codec.texts(earlier), codec.texts(view))))
    assert decode_changes(GameView, earlier, changes) == view
    for broken in _broken(changes):
        fast = _outcome(lambda d: decode_changes(GameView, earlier, d), broken)
        with pytest.MonkeyPatch.context() as patched:
            patched.setattr(view_changes, "_fast", decoding._compile)
            slow = _outcome(lambda d: view_changes._changes_decoder.__wrapped__(GameView)(earlier, d), broken)  # type: ignore[attr-defined]
        assert fast == slow, broken


def test_a_view_rebuilt_from_its_changes_is_a_view_like_any_other() -> None:
    """The copy made by ``__dict__`` (no ``__init__``) is the dataclass ``replace`` would build: the
    same type and fields, the fields kept the very objects of before, before left as it was."""
    view, _ = _played()
    earlier, _ = _played(2)
    kept = encode(earlier)
    changes = msgspec.json.decode(msgspec.json.encode(codec.changes(codec.texts(earlier), codec.texts(view))))
    rebuilt = decode_changes(GameView, earlier, changes)
    assert type(rebuilt) is GameView and vars(rebuilt) == vars(view)
    assert all(getattr(rebuilt, name) is getattr(earlier, name) for name in vars(earlier) if name not in changes)
    assert encode(earlier) == kept and rebuilt is not earlier
    with pytest.raises(AttributeError):
        rebuilt.turn_number = 1  # type: ignore[misc]  # still frozen


@pytest.mark.parametrize("carries", ["view", "view_changes"])
def test_a_message_read_from_its_text_holds_what_its_json_decodes_to(carries: str) -> None:
    """On a real answer and on every way of breaking it one value at a time, a message the typed read
    takes holds the values decoding its JSON gives; a message decoding refuses it leaves (None) to
    that decoding, which says what is wrong, or refuses with the same words."""
    view, events = _played()
    earlier, _ = _played(2)
    state = (
        encode(view)
        if carries == "view"
        else msgspec.json.decode(msgspec.json.encode(codec.changes(codec.texts(earlier), codec.texts(view))))
    )
    message = {"id": 7, "type": "ok", "events": encode(events[:12]), carries: state}

    def decoded(data: dict[str, Any]) -> tuple[Any, ...]:
        found = decode(tuple[GameEvent, ...], data["events"])
        if carries == "view":
            return found, decode(GameView, data["view"])
        return found, decode_changes(GameView, earlier, data["view_changes"])

    def read(data: dict[str, Any]) -> tuple[Any, ...] | None:
        found = ANSWER(msgspec.json.encode(data))
        if found is None:
            return None
        assert (found.get("id"), found.get("type")) == (data.get("id"), data.get("type"))
        if carries == "view":
            return found["events"], found["view"]
        return found["events"], codec.apply_changes(GameView, earlier, found["view_changes"])

    assert read(message) == decoded(message) == (tuple(events[:12]), view)
    _read_as_decoded(message, read, decoded)


#: A start request as the engine's server reads it from its text: its lists of cards left as text.
START = codec.raw_reader({"id": Any, "type": Any, "setup": GameSetup})


def test_a_set_up_read_with_its_cards_as_text_decodes_as_its_json_does() -> None:
    """On a real set-up and on every way of breaking it one value at a time, a start request read
    with its cards left as their text decodes to the set-up (or the refusal, in the same words)
    that decoding its JSON gives; a text that isn't such a request is left (None) to that decoding."""
    setup = plain_setup("cr2024", 6)
    message = {"id": 3, "type": "start", "setup": encode(setup)}

    def decoded(data: dict[str, Any]) -> Any:
        return decode(GameSetup, data["setup"], "$.setup")

    def read(data: dict[str, Any]) -> Any:
        found = START(msgspec.json.encode(data))
        if found is None:
            return None
        assert (found.get("id"), found.get("type")) == (data.get("id"), data.get("type"))
        return decoded(found)

    raw = START(msgspec.json.encode(message))
    assert raw is not None and isinstance(raw["setup"]["players"], msgspec.Raw)
    assert read(message) == decoded(message) == setup
    _read_as_decoded(message, read, decoded)


def test_a_list_of_cards_read_as_text_is_decoded_once() -> None:
    """The same library in two start requests is decoded once: both set-ups hold the very same cards."""
    first, second = (
        START(msgspec.json.encode({"id": n, "type": "start", "setup": encode(plain_setup("cr2024", 6))}))
        for n in (1, 2)
    )
    assert first is not None and second is not None
    one, other = (decode(GameSetup, found["setup"]) for found in (first, second))
    assert one == other and one.players[0].library is other.players[0].library
    specs = [c.card for c in one.players[0].library]
    assert len({id(s) for s in specs}) == len(set(specs)) < len(specs)  # each spec once, shared by its cards


def test_a_field_s_text_read_before_gives_the_value_read_then(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two answers with the same events and view changes, under other ids, give the very values read
    from the first; a text refused once is refused again, never remembered as taken; and a reader
    that has remembered as many bytes as it may starts afresh, reading again what it forgot."""
    read = codec.message_reader(
        {"id": Any, "type": Any, "events": tuple[GameEvent, ...], "view_changes": codec.Changes(GameView)}
    )
    view, events = _played()
    earlier, _ = _played(2)
    changes = codec.changes(codec.texts(earlier), codec.texts(view))

    def answer(number: int, happened: Any = None) -> dict[str, Any] | None:
        happened = encode(events[:12]) if happened is None else happened
        return read(msgspec.json.encode({"id": number, "type": "ok", "events": happened, "view_changes": changes}))

    first, second = answer(1), answer(2)
    assert first is not None and second is not None and (first["id"], second["id"]) == (1, 2)
    assert second["events"] is first["events"] and second["view_changes"] is first["view_changes"]
    assert codec.apply_changes(GameView, earlier, second["view_changes"]) == view
    unnamed = [{**encode(events[0]), "kind": "teatime"}]
    assert answer(3, unnamed) is None and answer(4, unnamed) is None
    monkeypatch.setattr(messages, "_REMEMBERED_BYTES", 1)
    assert answer(5, encode(events[:5])) is not None  # another text: the reader forgets the first
    again = answer(6)
    assert again is not None and again["events"] == first["events"] and again["events"] is not first["events"]


def test_a_whole_view_is_read_field_by_field_and_its_players_are_remembered() -> None:
    """A whole view (as a game's start sends it) is read one field, and one player or permanent, at a
    time: a second view with other fields but the same players holds the very players read from the
    first. A view without one of its required fields is refused (left to decoding, which names it),
    and so is one whose player is null."""
    read = codec.message_reader({"id": Any, "type": Any, "view": GameView})
    view, _ = _played()
    later = replace(view, turn_number=view.turn_number + 1)

    def answer(number: int, data: dict[str, Any]) -> dict[str, Any] | None:
        return read(msgspec.json.encode({"id": number, "type": "ok", "view": data}))

    first, second = answer(1, encode(view)), answer(2, encode(later))
    assert first is not None and second is not None
    assert (first["view"], second["view"]) == (view, later)
    assert all(a is b for a, b in zip(first["view"].players, second["view"].players, strict=True))
    for required in ("edition", "turn_number", "players", "stack"):
        assert answer(3, {k: v for k, v in encode(view).items() if k != required}) is None
    assert answer(4, {**encode(view), "players": [None, encode(view)["players"][1]]}) is None
    with pytest.raises(DecodeError, match=r"GameView needs 'turn_number'"):
        decode(GameView, {k: v for k, v in encode(view).items() if k != "turn_number"})


def test_an_action_sent_again_is_decoded_once() -> None:
    """The same action's text gives the very action decoded before (an action is frozen, of strings
    and tuples); one that is refused is refused again, with the same words."""
    blocks = {"type": "declare_blockers", "player": "Bob", "blocks": [["b1", "a1"]]}
    first, again = decode(Action, blocks), decode(Action, msgspec.json.decode(msgspec.json.encode(blocks)))
    assert first == DeclareBlockers("Bob", (("b1", "a1"),)) and again is first
    for _ in range(2):
        with pytest.raises(DecodeError, match=r"\$\.player: expected str, got 1"):
            decode(Action, {"type": "pass_priority", "player": 1})


def test_a_player_or_permanent_set_up_again_is_decoded_once() -> None:
    """Two start requests with the same players and permanents: both set-ups hold the very same ones."""
    setup = plain_setup("cr2024", 6)
    land = setup.players[0].library[0].card
    setup = replace(setup, battlefield=(PermanentSetup("Land", land, "Alice"), PermanentSetup("Land 2", land, "Bob")))
    first, second = (START(msgspec.json.encode({"id": n, "type": "start", "setup": encode(setup)})) for n in (1, 2))
    assert first is not None and second is not None
    one, other = (decode(GameSetup, found["setup"]) for found in (first, second))
    assert one == other == setup and one.players[1] is other.players[1]
    assert len(one.battlefield) == 2 and all(a is b for a, b in zip(one.battlefield, other.battlefield, strict=True))
