"""The wire protocol's messages: the schema that defines them, and checking messages against it.

``schemas/protocol.schema.json`` defines every message of the JSON lines spoken between the
suite and an engine in another process; ``docs/protocol.md`` walks an implementer through it.
"""

from __future__ import annotations

import difflib
import operator
from collections.abc import Callable
from functools import cache
from typing import Annotated, Any, Literal, get_origin

import msgspec

from checker.contract.documents import load_schema, schema_problems
from checker.contract.field_checks import Check, all_fields
from checker.contract.interface import AdapterError, EngineFailure, IllegalActionError, UnsupportedError

PROTOCOL_VERSION = 1
#: The longest message either end reads, in bytes (its line end not counted): 4 MiB, far more than
#: any view or event list of a real game; a longer one is a protocol error naming its size.
MAX_MESSAGE_BYTES = 4 * 1024 * 1024


class ProtocolError(EngineFailure):
    """The engine broke the protocol: garbage, a wrong id, a message the schema rejects."""


def schema() -> dict[str, Any]:
    return load_schema("checker.contract", "schemas/protocol.schema.json")


def problems(definition: str, message: object) -> list[str]:
    """What is wrong with a message, checked against one definition of the schema."""
    return schema_problems("checker.contract", "schemas/protocol.schema.json", message, definition)


@cache
def well_formed(definition: str) -> Callable[[object], bool]:
    """A quick check that a message (read as JSON) meets one definition of the schema: True only
    where the schema finds nothing wrong with it. False where msgspec, checking it against a
    structure made once from the definition, refuses it: then :func:`problems` says what is wrong,
    or finds nothing (JSON Schema takes 1.0 for an integer; msgspec doesn't). The handshake checks
    the engine's hello so: the schema's validator, 40 ms to import before the first scenario of
    every run through the wire, is needed only for a hello that is malformed. Raises
    ``TypeError`` for a definition using what :func:`structure` doesn't translate. (Made once
    per definition.)"""
    typed, check = _defined(definition)

    def meets(message: object) -> bool:
        try:
            value = msgspec.convert(message, typed)
        except msgspec.ValidationError:
            return False
        return check is None or check(value)

    return meets


#: What a node of the schema may say that :func:`structure` doesn't need to translate.
_NOTES = frozenset({"description", "default"})


def structure(node: dict[str, Any], name: str) -> tuple[Any, Check | None]:
    """The type msgspec checks a value against for a node of the schema, and the check of what the
    type can't say (unique items), if any. Translates what the hello's definition and the trace's
    counts use: a reference (within this schema, or to it from the trace's), a constant, an
    enumeration, strings, bounded integers, arrays, objects without other properties, and maps (an
    object whose every property is of one kind, its names perhaps enumerated); anything else raises
    ``TypeError``."""
    said = set(node) - _NOTES
    if said == {"$ref"}:
        base, _, definition = node["$ref"].partition("#/$defs/")
        if base not in ("", schema()["$id"]):
            raise TypeError(f"{name}: a reference to another schema than the protocol's ({node['$ref']})")
        return _defined(definition)
    if said == {"const"} and type(node["const"]) in (str, int):
        return Literal[node["const"]], None
    if said == {"enum"} and all(type(v) is str for v in node["enum"]):
        return Literal[tuple(node["enum"])], None
    kind = node.get("type")
    if kind == "string" and said <= {"type", "minLength"}:
        return Annotated[str, msgspec.Meta(min_length=node.get("minLength"))], None
    if kind == "integer" and said <= {"type", "minimum", "maximum"}:
        return Annotated[int, msgspec.Meta(ge=node.get("minimum"), le=node.get("maximum"))], None
    if kind == "array" and said <= {"type", "items", "uniqueItems"}:
        item, check = structure(node["items"], f"{name}[]")
        if check is not None:
            raise TypeError(f"{name}: an array of items with checks of their own")
        if node.get("uniqueItems") and item is not str and get_origin(item) is not Literal:
            raise TypeError(f"{name}: unique items other than strings")
        unique = (lambda items: len(set(items)) == len(items)) if node.get("uniqueItems") else None
        return list[item], unique  # type: ignore[valid-type]
    if (
        kind == "object"
        and said <= {"type", "propertyNames", "additionalProperties"}
        and isinstance(node.get("additionalProperties"), dict)
    ):
        key, key_check = (
            structure(node["propertyNames"], f"{name} (a name)") if "propertyNames" in said else (str, None)
        )
        value, value_check = structure(node["additionalProperties"], f"{name}{{}}")
        if key_check is not None or value_check is not None:
            raise TypeError(f"{name}: a map whose names or values have checks of their own")
        return dict[key, value], None  # type: ignore[valid-type]
    if kind == "object" and said <= {"type", "properties", "required", "additionalProperties"}:
        if node.get("additionalProperties") is not False:
            raise TypeError(f"{name}: an object that may have other properties")
        required = set(node.get("required", ()))
        fields, checks = [], []
        for field, value in node["properties"].items():
            typed, check = structure(value, f"{name}.{field}")
            fields.append((field, typed) if field in required else (field, typed, msgspec.UNSET))
            if check is not None:
                checks.append((operator.attrgetter(field), check))
        struct = msgspec.defstruct(name, fields, forbid_unknown_fields=True)
        return struct, all_fields(checks) if checks else None
    raise TypeError(f"{name}: the schema says {sorted(said)}, which the quick check doesn't translate")


@cache
def _defined(definition: str) -> tuple[Any, Check | None]:
    return structure(schema()["$defs"][definition], definition)


def definition_of(kind: str, message: dict[str, Any]) -> str:
    """The definition a ``request`` or ``response`` must meet: the one for its type, when the type is known."""
    specific = f"{kind}_{message.get('type')}"
    return specific if specific in schema()["$defs"] else kind


@cache
def fields_of(definition: str, inner: str | None = None) -> frozenset[str]:
    """The fields a message of ``definition`` (``response_ok``) may have, or an object it holds
    (``inner``: ``error``): the schema's properties, and no other (its ``additionalProperties`` is
    false throughout)."""
    node = schema()["$defs"][definition]
    return frozenset((node if inner is None else node["properties"][inner])["properties"])


def unknown_field(allowed: frozenset[str], message: dict[str, Any]) -> str | None:
    """The first field of ``message`` that isn't one of ``allowed``, said with the allowed ones and
    the closest of them (a misspelling: ``evnts`` for ``events``); None where there is none."""
    for name in message:
        if name not in allowed:
            return f"{quoted(name)}, which the protocol doesn't define ({fields_beside(name, allowed)})"
    return None


def fields_beside(name: str, allowed: frozenset[str]) -> str:
    """The fields there are in place of ``name``, which isn't one of ``allowed``: the closest first,
    where one is close (``did you mean 'events'? its fields: events, id, type``)."""
    close = difflib.get_close_matches(name, sorted(allowed), n=1)
    hint = f"did you mean {close[0]!r}? " if close else ""
    return f"{hint}its fields: {', '.join(sorted(allowed))}"


def is_request_id(value: object) -> bool:
    """Whether a value is an id a request may carry: a positive integer (never a boolean) in the schema's range."""
    bounds = schema()["$defs"]["request_id"]
    return type(value) is int and bounds["minimum"] <= value <= bounds["maximum"]


def names(definition: str) -> frozenset[str]:
    """The names an enumeration of the schema allows (phases, steps, decisions, events, editions)."""
    return frozenset(schema()["$defs"][definition]["enum"])


def error_kind(exc: BaseException) -> str:
    if isinstance(exc, IllegalActionError):
        return "illegal_action"
    if isinstance(exc, UnsupportedError):
        return "unsupported"
    return "internal"


def refusal_reason(exc: BaseException) -> str | None:
    """The reason an error answer gives for a refusal, when the adapter gave one."""
    return exc.reason if isinstance(exc, IllegalActionError) else None


#: The longest an engine's value is quoted in a message (:func:`quoted`).
QUOTED = 60


def quoted(value: Any) -> str:
    """A value an engine sent, quoted in a message as its JSON says it (``null``, not ``None``),
    cut to :data:`QUOTED` characters."""
    text = msgspec.json.encode(value).decode()
    return text if len(text) <= QUOTED else f"{text[: QUOTED - 3]}..."


def raise_error(kind: object, message: str, reason: object = None) -> None:
    """Turn an engine's error answer into the exception an adapter raises.

    A refusal's reason is optional (engines older than the reasons give none), but one outside the
    vocabulary is a broken answer, and so is a kind outside the protocol's four."""
    exc: AdapterError
    if kind == "illegal_action" and reason is not None and reason not in names("refusal_reason"):
        known = ", ".join(sorted(names("refusal_reason")))
        exc = ProtocolError(f"the engine refused an action for an unknown reason {reason!r} (the reasons: {known})")
    elif kind == "illegal_action":
        exc = IllegalActionError(message, None if reason is None else str(reason))
    elif kind == "unsupported":
        exc = UnsupportedError(message)
    elif kind == "invalid_request":
        exc = ProtocolError(f"the engine rejected a request as invalid: {message}")
    elif kind == "internal":
        exc = EngineFailure(f"the engine reported an internal error: {message}")
    else:
        kinds = ", ".join(
            sorted(schema()["$defs"]["response_error"]["properties"]["error"]["properties"]["kind"]["enum"])
        )
        exc = ProtocolError(f"an error answer's kind is one of {kinds}, got {quoted(kind)}")
    raise exc
