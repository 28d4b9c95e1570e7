"""The types msgspec checks a value against (its mirror): the interface's type with what the
codec's decoders check said in msgspec's terms, so that msgspec checks it in C as it builds it."""

from __future__ import annotations

import dataclasses
import functools
import operator
import types
import typing
from collections.abc import Mapping
from typing import Any, Union

import msgspec

from checker.contract.codec.shapes import (
    _ACTION_TAGS,
    _LEAVES,
    _REMEMBERED_BY_TEXT,
    _Bounds,
    _definition,
    _hints,
    _once_per_type,
    _resolve,
    _variadic,
)
from checker.contract.interface import Action


def _mirror(hint: Any, node: dict[str, Any]) -> Any:
    """The type msgspec builds a value of ``hint`` as, where the schema says ``node``: the same shape,
    with what :func:`_compile`'s decoders check said in msgspec's terms, so that msgspec checks it
    in C as it builds: a name of the vocabulary as a literal, a bound as a constraint, and a
    dataclass as a structure that refuses fields the dataclass doesn't have (:func:`_mirror_struct`).
    Raises ``TypeError`` for a hint msgspec can't build so."""
    node = _resolve(node)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any or hint is Action or hint in _REMEMBERED_BY_TEXT:
        raise TypeError(f"msgspec can't build {hint} as the codec decodes it")
    if origin in (Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            mirrored = _mirror(options[0], node)
        elif all(a in _LEAVES for a in options):  # each option is checked against the same node
            mirrored = functools.reduce(operator.or_, (_leaf_mirror(a, _Bounds.of(node)) for a in options))
        else:
            raise TypeError(f"msgspec can't build {hint} as the codec decodes it")
        return mirrored | None if type(None) in args else mirrored
    if (item := _variadic(hint)) is not None:
        return tuple[_mirror(item, node.get("items", {})), ...]  # type: ignore[misc]
    if origin is frozenset:
        return frozenset[_mirror(args[0], node.get("items", {}))]  # type: ignore[misc]
    if origin is tuple:
        nodes = node.get("prefixItems", [])
        return tuple[tuple(_mirror(a, nodes[i] if i < len(nodes) else {}) for i, a in enumerate(args))]  # type: ignore[misc]
    if origin in (Mapping, dict):
        key = _leaf_mirror(args[0], _Bounds.of(node.get("propertyNames", {})))
        value = _mirror(args[1], node.get("additionalProperties", {}) or {})
        return dict[key, value]  # type: ignore[valid-type]
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _mirror_struct(hint)
    if hint in _LEAVES:
        return _leaf_mirror(hint, _Bounds.of(node))
    if hint is type(None):
        return hint
    raise TypeError(f"msgspec can't build {hint} as the codec decodes it")


def _leaf_mirror(hint: Any, bounds: _Bounds) -> Any:
    """A plain value's mirror, as :meth:`_Bounds.problem` checks it: its names as a literal, or its
    bounds as msgspec's constraints (a length for a string, a range for a number)."""
    if hint not in _LEAVES:
        raise TypeError(f"msgspec can't build {hint} as the codec decodes it")
    numbers = bounds.minimum is not None or bounds.maximum is not None
    if bounds.allowed is not None:
        names = tuple(sorted(name for name in bounds.allowed if type(name) is str))
        if hint is not str or not names or bounds.min_length is not None:
            raise TypeError(f"msgspec can't check {hint} among {sorted(map(str, bounds.allowed))} as the codec does")
        return typing.Literal[names]
    if hint is str:
        return str if bounds.min_length is None else typing.Annotated[str, msgspec.Meta(min_length=bounds.min_length)]
    if not numbers:
        return hint
    if hint is bool:
        raise TypeError("msgspec can't check the range of a boolean as the codec does")
    return typing.Annotated[hint, msgspec.Meta(ge=bounds.minimum, le=bounds.maximum)]


@_once_per_type
def _mirror_struct(cls: Any) -> type[msgspec.Struct]:
    """The mirror of the dataclass ``cls`` (:func:`_mirror`): a structure of its fields and defaults,
    each field's value mirrored as the schema's definition of ``cls`` says it, that refuses any other
    field (an action's mirror takes its ``type`` tag, as the codec does)."""
    hints, properties = _hints(cls), _definition(cls).get("properties", {})
    fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
    for f in dataclasses.fields(cls):
        mirrored = _mirror(hints[f.name], properties.get(f.name, {}))
        if f.default is not dataclasses.MISSING:
            fields.append((f.name, mirrored, f.default))
        elif f.default_factory is not dataclasses.MISSING:
            fields.append((f.name, mirrored, msgspec.field(default_factory=f.default_factory)))
        else:
            fields.append((f.name, mirrored))
    tag = _ACTION_TAGS.get(cls)
    return msgspec.defstruct(
        cls.__name__,
        fields,
        kw_only=True,
        forbid_unknown_fields=True,
        gc=False,
        tag_field=None if tag is None else "type",
        tag=tag,
    )


def _holds_dataclass(hint: Any) -> bool:
    """Whether a value of ``hint`` holds a dataclass, however deep (its mirror then holds structures)."""
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return True
    return any(_holds_dataclass(a) for a in typing.get_args(hint) if a is not Ellipsis)
