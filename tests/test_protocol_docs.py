"""The protocol's documentation leaves nothing to guess: event details, and declarations with nothing to declare."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.contract.documents import schema_problems
from checker.contract.interface import CardSpec, DeclareAttackers, GameSetup, PassPriority, PermanentSetup, PlayerSetup
from checker.contract.protocol import schema
from checker.contract.vocabulary import EVENT_DETAILS, EVENTS

PROTOCOL_MD = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"


def event_problems(event: object) -> list[str]:
    return schema_problems("checker.contract", "schemas/protocol.schema.json", event, "game_event")


def test_the_event_details_are_declared_once_and_the_validation_reads_that_declaration() -> None:
    assert set(EVENT_DETAILS) <= EVENTS
    rules = schema()["$defs"]["game_event"]["allOf"]
    per_kind = {
        r["if"]["properties"]["kind"]["const"]: r["then"] for r in rules if "const" in r["if"]["properties"]["kind"]
    }
    assert per_kind == {
        kind: {"properties": {"detail": {"$ref": f"#/$defs/event_details/properties/{kind}"}}} for kind in EVENT_DETAILS
    }
    (rest,) = [r for r in rules if "not" in r["if"]["properties"]["kind"]]
    assert set(rest["if"]["properties"]["kind"]["not"]["enum"]) == set(EVENT_DETAILS)
    assert rest["then"] == {"properties": {"detail": {"maxProperties": 0}}}


@pytest.mark.parametrize(
    ("detail", "problem"),
    [
        ({"reason": "draw step"}, None),
        ({}, None),
        ({"reason": 3}, "detail/reason: 3 is not of type 'string'"),
        ({"how": "directly"}, "detail: Additional properties are not allowed ('how' was unexpected)"),
        ({"reason": {"nested": "object"}}, "is not of type 'string'"),
    ],
)
def test_an_events_detail_holds_only_its_kinds_keys_and_only_strings(detail: object, problem: str | None) -> None:
    found = event_problems({"kind": "card_drawn", "turn": 2, "player": "Alice", "detail": detail})
    assert (found == []) if problem is None else any(problem in p for p in found)


def test_a_kind_that_declares_no_detail_carries_none() -> None:
    assert "turn_began" not in EVENT_DETAILS
    assert event_problems({"kind": "turn_began", "turn": 2, "detail": {}}) == []
    assert event_problems({"kind": "turn_began", "turn": 2, "detail": {"reason": "x"}}) == [
        "detail: {'reason': 'x'} is expected to be empty"
    ]


def _generated(name: str) -> str:
    text = PROTOCOL_MD.read_text(encoding="utf-8")
    m = re.search(rf"<!-- BEGIN {name} -->\n(.*?)<!-- END {name} -->", text, re.S)
    assert m is not None, f"docs/protocol.md has no generated block {name!r}"
    return m.group(1)


def test_the_docs_list_every_event_kinds_detail_keys_with_their_meaning() -> None:
    rows = [line.split(" | ") for line in _generated("event-details").splitlines()[2:]]
    documented: dict[str, dict[str, str]] = {}
    for kind, key, meaning in rows:
        documented.setdefault(kind.strip("| `"), {})
        if key != "(none)":
            documented[kind.strip("| `")][key.strip("`")] = meaning.rstrip(" |")
    assert set(documented) == EVENTS
    assert {k: v for k, v in documented.items() if v} == EVENT_DETAILS
    assert all(meaning for keys in EVENT_DETAILS.values() for meaning in keys.values())


def test_the_docs_say_an_events_detail_is_an_object_of_strings_as_the_schema_requires() -> None:
    (row,) = [line for line in _generated("messages").splitlines() if line.startswith("| `detail` |")]
    assert row.split(" | ")[1] == "object of `string`"
    assert schema()["$defs"]["game_event"]["properties"]["detail"]["additionalProperties"] == {"type": "string"}


BEAR = CardSpec("Grizzly Bears", ("creature",), "{1}{G}", power=2, toughness=2)


def _combat(battlefield: tuple[PermanentSetup, ...]) -> ReferenceAdapter:
    adapter = ReferenceAdapter()
    players = (PlayerSetup("Alice"), PlayerSetup("Bob"))
    adapter.start(GameSetup("cr2024", players, "Alice", battlefield, phase="combat", step="declare_attackers"))
    return adapter


def test_declaring_attackers_is_a_decision_even_when_no_creature_could_attack() -> None:
    """CR 508.1, 508.1a: the declaration happens each time, "if any" allows none (docs/protocol.md says so)."""
    view = _combat(()).view()
    assert view.step == "declare_attackers"
    assert view.decision is not None and (view.decision.kind, view.decision.player) == ("declare_attackers", "Alice")
    assert view.decision.options == ()
    assert "A declaration is a decision even when nothing can be declared." in PROTOCOL_MD.read_text(encoding="utf-8")


def test_declaring_blockers_is_a_decision_even_when_no_creature_could_block() -> None:
    """CR 509.1, 509.1a: the defending player declares, possibly no blockers."""
    adapter = _combat((PermanentSetup("bear", BEAR, "Alice"),))
    adapter.perform(DeclareAttackers("Alice", ("bear",)))
    adapter.perform(PassPriority("Alice"))
    adapter.perform(PassPriority("Bob"))
    view = adapter.view()
    assert view.step == "declare_blockers"
    assert view.decision is not None and (view.decision.kind, view.decision.player) == ("declare_blockers", "Bob")
    assert view.decision.options == ()
