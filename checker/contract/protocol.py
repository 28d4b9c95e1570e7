"""The wire protocol's messages: the schema that defines them, and checking messages against it.

``schemas/protocol.schema.json`` defines every message of the JSON lines spoken between the
suite and an engine in another process; ``docs/protocol.md`` walks an implementer through it.
"""

from __future__ import annotations

from typing import Any

from checker.contract.documents import load_schema, schema_problems
from checker.contract.interface import AdapterError, EngineFailure, IllegalActionError, UnsupportedError

PROTOCOL_VERSION = 1


class ProtocolError(EngineFailure):
    """The engine broke the protocol: garbage, a wrong id, a message the schema rejects."""


def schema() -> dict[str, Any]:
    return load_schema("checker.contract", "schemas/protocol.schema.json")


def problems(definition: str, message: object) -> list[str]:
    """What is wrong with a message, checked against one definition of the schema."""
    return schema_problems("checker.contract", "schemas/protocol.schema.json", message, definition)


def names(definition: str) -> frozenset[str]:
    """The names an enumeration of the schema allows (phases, steps, decisions, events, editions)."""
    return frozenset(schema()["$defs"][definition]["enum"])


def error_kind(exc: BaseException) -> str:
    if isinstance(exc, IllegalActionError):
        return "illegal_action"
    if isinstance(exc, UnsupportedError):
        return "unsupported"
    return "internal"


def raise_error(kind: str, message: str) -> None:
    """Turn an engine's error answer into the exception an adapter raises."""
    exc: AdapterError
    if kind == "illegal_action":
        exc = IllegalActionError(message)
    elif kind == "unsupported":
        exc = UnsupportedError(message)
    elif kind == "invalid_request":
        exc = ProtocolError(f"the engine rejected a request as invalid: {message}")
    else:
        exc = EngineFailure(f"the engine reported an internal error: {message}")
    raise exc
