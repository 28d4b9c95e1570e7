"""The quick check of the engine's hello (msgspec, against a structure made from the schema) never
passes what the schema refuses; where it refuses, the schema has the last word."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from checker.contract.protocol import problems, structure, well_formed

HELLO: dict[str, Any] = {
    "id": 1,
    "type": "hello",
    "protocol": 1,
    "name": "engine",
    "version": "1.0",
    "editions": ["cr2024", "mirage"],
    "effects": ["lifelink"],
    "features": ["state_in_answers", "view_changes"],
}

#: Values a field may be given, right and wrong for each field.
ANY_VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([0, 1, 2, -1, 1.0, 1.5, 2**63, 2**63 - 1]),
    st.sampled_from(["", "hello", "cr2024", "view_changes", "x"]),
    st.lists(st.sampled_from(["cr2024", "mirage", "view_changes", "state_in_answers", "x", 1, None]), max_size=3),
    st.dictionaries(st.sampled_from(["a", "id"]), st.integers(), max_size=1),
)


@st.composite
def hellos(draw: st.DrawFn) -> dict[str, Any]:
    """The hello above, with some of its fields given other values, left out, or others added."""
    message = dict(HELLO)
    for field in draw(st.lists(st.sampled_from([*HELLO, "extra"]), max_size=3, unique=True)):
        if draw(st.booleans()) and field in message:
            del message[field]
        else:
            message[field] = draw(ANY_VALUE)
    return message


def test_a_well_formed_hello_passes_the_quick_check() -> None:
    assert problems("response_hello", HELLO) == []
    assert well_formed("response_hello")(HELLO)
    assert well_formed("response_hello")({k: v for k, v in HELLO.items() if k != "features"})


@settings(max_examples=400, deadline=None)
@given(hellos())
def test_the_quick_check_passes_no_hello_the_schema_refuses(message: dict[str, Any]) -> None:
    if well_formed("response_hello")(message):
        assert problems("response_hello", message) == []


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("id", 0),
        ("id", True),
        ("id", 2**63),
        ("type", "ok"),
        ("protocol", True),
        ("protocol", 2),
        ("editions", ["cr2025"]),
        ("effects", [1]),
        ("features", ["view_changes", "view_changes"]),
        ("features", ["speed"]),
        ("extra", 1),
    ],
)
def test_the_quick_check_refuses_what_the_schema_refuses(field: str, value: object) -> None:
    message = {**HELLO, field: value}
    assert problems("response_hello", message)
    assert not well_formed("response_hello")(message)


def test_a_field_left_out_that_the_schema_requires_is_refused() -> None:
    for field in ("id", "type", "protocol", "name", "version", "editions", "effects"):
        message = {k: v for k, v in HELLO.items() if k != field}
        assert problems("response_hello", message)
        assert not well_formed("response_hello")(message)


@pytest.mark.parametrize(
    "node",
    [
        {"type": "string", "pattern": "^a"},
        {"type": "object", "properties": {}},
        {"type": "number"},
        {"oneOf": [{"type": "string"}]},
        {"type": "array", "items": {"type": "array", "items": {"type": "string"}, "uniqueItems": True}},
        {"type": "array", "items": {"type": "integer"}, "uniqueItems": True},
        {"$ref": "https://elsewhere.invalid/v1#/$defs/player"},
        {"type": "object", "additionalProperties": {"type": "array", "items": {"type": "string"}, "uniqueItems": True}},
    ],
)
def test_what_the_quick_check_cant_translate_is_said_when_it_is_made(node: dict[str, Any]) -> None:
    with pytest.raises(TypeError):
        structure(node, "node")
