"""The wire protocol's messages: the schema that defines them, and checking messages against it.

``schemas/protocol.schema.json`` defines every message of the JSON lines spoken between the
suite and an engine in another process; ``docs/protocol.md`` walks an implementer through it.
"""

from __future__ import annotations

from typing import Any

from checker.contract.documents import load_schema, schema_problems
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


def definition_of(kind: str, message: dict[str, Any]) -> str:
    """The definition a ``request`` or ``response`` must meet: the one for its type, when the type is known."""
    specific = f"{kind}_{message.get('type')}"
    return specific if specific in schema()["$defs"] else kind


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


def raise_error(kind: str, message: str, reason: object = None) -> None:
    """Turn an engine's error answer into the exception an adapter raises.

    A refusal's reason is optional (engines older than the reasons give none), but one outside the
    vocabulary is a broken answer."""
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
    else:
        exc = EngineFailure(f"the engine reported an internal error: {message}")
    raise exc
