"""The protocol's messages: the schema that defines them, and checking messages against it."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from jsonschema import Draft202012Validator

from checker.interface import AdapterError, EngineFailure, IllegalActionError, UnsupportedError

ERROR_KINDS = ("illegal_action", "unsupported", "invalid_request", "internal")


class ProtocolError(EngineFailure):
    """The engine broke the protocol: garbage, a wrong id, a message the schema rejects."""


@cache
def schema() -> dict[str, Any]:
    text = resources.files("checker.wire").joinpath("schemas/protocol.schema.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def _validator(definition: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"#/$defs/{definition}", "$defs": schema()["$defs"]})


def problems(definition: str, message: object) -> list[str]:
    """What is wrong with a message, checked against one definition of the schema."""
    errors = sorted(_validator(definition).iter_errors(message), key=lambda e: list(e.absolute_path))
    return [f"{'/'.join(str(p) for p in e.absolute_path) or '(message)'}: {e.message}" for e in errors]


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
