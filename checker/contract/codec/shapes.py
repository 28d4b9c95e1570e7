"""What the codec knows of each type before it converts a value: its type hints, its definition in
the protocol schema and what that says of plain values (:class:`_Bounds`), the actions' tags, and
the error a decoder raises (:class:`DecodeError`, naming the path)."""

from __future__ import annotations

import dataclasses
import re
import reprlib
import typing
from collections.abc import Callable
from typing import Any, TypeVar

from checker.contract import interface
from checker.contract.documents import LISTED, not_among
from checker.contract.interface import Action
from checker.contract.protocol import schema

JSON = Any
Decoder = Callable[[JSON], Any]
Encoder = Callable[[Any], JSON]

_SHORT = reprlib.Repr()  # a value quoted in an error: short, whatever the engine sent
_SHORT.maxstring = _SHORT.maxother = 60
_SHORT.maxlevel = 2


class DecodeError(ValueError):
    """A JSON value doesn't have the shape the interface needs."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.root = "$"
        self.steps: list[str] = []

    def at(self, step: str) -> DecodeError:
        """The same error, one level further out (``.field``, ``[3]``)."""
        self.steps.insert(0, step)
        return self

    def __str__(self) -> str:
        return f"{self.root}{''.join(self.steps)}: {self.reason}"


T = TypeVar("T")


def _once_per_type(build: Callable[[Any], T]) -> Callable[[Any], T]:
    """Build a converter the first time a type needs one, and keep it."""
    built: dict[Any, T] = {}

    def converter(cls: Any) -> T:
        found = built.get(cls)
        if found is None:
            found = built[cls] = build(cls)
        return found

    converter.__wrapped__ = build  # type: ignore[attr-defined]  # the builder itself (functools' convention)
    return converter


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


ACTION_TYPES: dict[str, type[Any]] = {_snake(cls.__name__): cls for cls in typing.get_args(Action)}
_ACTION_TAGS = {cls: tag for tag, cls in ACTION_TYPES.items()}


def _same(value: Any) -> Any:
    return value


def _required(field: dataclasses.Field[Any]) -> bool:
    """Whether a dataclass's field must be given: it has no default."""
    return field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING


def _variadic(hint: Any) -> Any | None:
    """The item's hint of ``tuple[X, ...]``; None for any other hint."""
    args = typing.get_args(hint)
    variadic = typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis
    return args[0] if variadic else None


def _hints(cls: type[Any]) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(interface))


def _definition(cls: type[Any]) -> dict[str, Any]:
    """The schema's definition of a dataclass, by name (``action_`` before an action's tag)."""
    defs = schema()["$defs"]
    name = f"action_{_ACTION_TAGS[cls]}" if cls in _ACTION_TAGS else _snake(cls.__name__)
    found: dict[str, Any] = defs.get(name, {})
    return found


def _resolve(node: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        return _resolve(schema()["$defs"][ref.removeprefix("#/$defs/")])
    return node


@dataclasses.dataclass(frozen=True)
class _Bounds:
    """What the schema says of a plain value that the decoder checks: names, numbers, length."""

    allowed: frozenset[object] | None = None
    minimum: float | None = None
    maximum: float | None = None
    min_length: int | None = None

    @classmethod
    def of(cls, node: dict[str, Any]) -> _Bounds:
        node = _resolve(node)
        branches = node.get("oneOf") or node.get("anyOf")
        if branches:
            parts = [cls.of(b) for b in branches]
            names = [p.allowed for p in parts if p.allowed is not None]
            allowed = frozenset[object]().union(*names) if len(names) == len(parts) else None
            found = next((p for p in parts if p.allowed is None and p.minimum is not None), cls())
            return cls(allowed, found.minimum, found.maximum, found.min_length)
        allowed = frozenset(node["enum"]) if "enum" in node else None
        if node.get("type") == "null":
            allowed = frozenset([None])
        return cls(allowed, node.get("minimum"), node.get("maximum"), node.get("minLength"))

    def problem(self, value: Any) -> str | None:
        if self.allowed is not None and value not in self.allowed:
            names = sorted(str(n) for n in self.allowed if n is not None)
            if len(names) > LISTED and isinstance(value, str):  # the event kinds: the closest, not 59 names
                return not_among(_SHORT.repr(value), value, names)
            return f"{_SHORT.repr(value)} is not one of {', '.join(names)}"
        if isinstance(value, str):
            if self.min_length is not None and len(value) < self.min_length:
                return f"{_SHORT.repr(value)} is shorter than {self.min_length}"
        elif self.minimum is not None and value < self.minimum:
            return f"{_SHORT.repr(value)} is less than {self.minimum:,}"
        elif self.maximum is not None and value > self.maximum:
            return f"{_SHORT.repr(value)} is more than {self.maximum:,}"
        return None


_LEAVES: dict[Any, tuple[type[Any], ...]] = {str: (str,), int: (int,), bool: (bool,), float: (float, int)}


#: Immutable values of nested fields that one message repeats (a library of 20 Islands is one
#: card's spec 20 times), or that message after message repeats (the set-ups of a run hold the
#: same cards under the same ids: "Island 2", an Island; nine in ten of their players, and four
#: in five of their permanents, are ones an earlier set-up had), remembered by their JSON text
#: (:func:`_json_text`). Their mappings (a player's mana pool, a permanent's counters) are typed
#: read-only.
_REMEMBERED_BY_TEXT = frozenset(
    {interface.CardSpec, interface.CardSetup, interface.PermanentSetup, interface.PlayerSetup}
)


def _dataclass_items(hint: Any) -> bool:
    """Whether a field's hint is a tuple of dataclasses."""
    item = _variadic(hint)
    return isinstance(item, type) and dataclasses.is_dataclass(item)
