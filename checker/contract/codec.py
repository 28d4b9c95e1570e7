"""Turning the interface's dataclasses into JSON values and back, by their type hints.

Actions carry a ``type`` tag (``pass_priority``, ``cast_spell``, ...) so that one field can
hold any of them. Decoding checks shapes and raises :class:`DecodeError` naming the path.
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Mapping
from typing import Any, Union

from checker.contract import interface
from checker.contract.interface import Action

JSON = Any


class DecodeError(ValueError):
    """A JSON value doesn't have the shape the interface needs."""


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


ACTION_TYPES: dict[str, type[Any]] = {_snake(cls.__name__): cls for cls in typing.get_args(Action)}


def encode(value: Any) -> JSON:
    """A JSON value for a dataclass of the interface (or anything it holds)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
        if type(value) in ACTION_TYPES.values():
            return {"type": _snake(type(value).__name__), **data}
        return data
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): encode(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted(encode(v) for v in value)
    return value


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls, vars(interface))
    return _HINTS[cls]


def decode(cls: Any, data: JSON, path: str = "$") -> Any:
    """Build a value of type ``cls`` (a dataclass, or a type hint) from JSON."""
    origin = typing.get_origin(cls)
    if cls is Any:
        return data
    union = origin in (Union, types.UnionType)
    if cls is Action or (union and set(typing.get_args(cls)) == set(ACTION_TYPES.values())):
        return _decode_action(data, path)
    if union:
        args = typing.get_args(cls)
        if data is None and type(None) in args:
            return None
        for arg in (a for a in args if a is not type(None)):
            try:
                return decode(arg, data, path)
            except DecodeError:
                continue
        raise DecodeError(f"{path}: {data!r} is none of {cls}")
    if origin is tuple:
        args = typing.get_args(cls)
        if not isinstance(data, list):
            raise DecodeError(f"{path}: expected a list, got {type(data).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v, f"{path}[{i}]") for i, v in enumerate(data))
        if len(args) != len(data):
            raise DecodeError(f"{path}: expected {len(args)} items, got {len(data)}")
        return tuple(decode(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, data, strict=True)))
    if origin in (Mapping, dict) or cls is dict:
        if not isinstance(data, dict):
            raise DecodeError(f"{path}: expected an object, got {type(data).__name__}")
        value_type = typing.get_args(cls)[1] if typing.get_args(cls) else Any
        return {k: decode(value_type, v, f"{path}.{k}") for k, v in data.items()}
    if origin is frozenset:
        if not isinstance(data, list):
            raise DecodeError(f"{path}: expected a list, got {type(data).__name__}")
        return frozenset(decode(typing.get_args(cls)[0], v, path) for v in data)
    if isinstance(cls, type) and dataclasses.is_dataclass(cls):
        return _decode_dataclass(cls, data, path)
    if cls in (str, int, bool, float):
        if type(data) is not cls and not (cls is float and type(data) is int):
            raise DecodeError(f"{path}: expected {cls.__name__}, got {data!r}")
        return data
    if cls is type(None):
        if data is not None:
            raise DecodeError(f"{path}: expected null, got {data!r}")
        return None
    raise DecodeError(f"{path}: cannot decode {cls}")


def _decode_dataclass(cls: type[Any], data: JSON, path: str) -> Any:
    if not isinstance(data, dict):
        raise DecodeError(f"{path}: expected an object for {cls.__name__}, got {type(data).__name__}")
    hints = _hints(cls)
    values = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            values[f.name] = decode(hints[f.name], data[f.name], f"{path}.{f.name}")
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise DecodeError(f"{path}: {cls.__name__} needs {f.name!r}")
    return cls(**values)


def _decode_action(data: JSON, path: str) -> Action:
    if not isinstance(data, dict) or data.get("type") not in ACTION_TYPES:
        raise DecodeError(f"{path}: an action needs a type among {', '.join(ACTION_TYPES)}")
    fields = {k: v for k, v in data.items() if k != "type"}
    return typing.cast(Action, _decode_dataclass(ACTION_TYPES[data["type"]], fields, path))
