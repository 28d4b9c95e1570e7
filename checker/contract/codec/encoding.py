"""Writing the interface's dataclasses as JSON values and texts: msgspec writes what it writes as
the codec does; the rest (actions, with their ``type`` tag, and sets, sorted) is written by
encoders built once per type."""

from __future__ import annotations

import collections.abc
import dataclasses
import typing
from collections.abc import Mapping
from typing import Any

import msgspec

from checker.contract.codec.shapes import _ACTION_TAGS, JSON, Encoder, _hints, _once_per_type, _same, _variadic
from checker.contract.interface import Action


def encode(value: Any) -> JSON:
    """A JSON value for a dataclass of the interface (or anything it holds, or a list of them)."""
    text = _plain_text(value)
    return _encoder(type(value))(value) if text is None else _FROM_TEXT.decode(text)


def encode_text(value: Any) -> bytes:
    """The JSON text of :func:`encode`'s value, without building the value where msgspec writes
    the text itself (a set-up of the game, several kilobytes, in a quarter of the time)."""
    text = _plain_text(value)
    return msgspec.json.encode(_encoder(type(value))(value)) if text is None else text


def _plain_text(value: Any) -> bytes | None:
    """msgspec's JSON text of a value it writes as the codec does (a tenth of the codec's time);
    None for anything it can't, which the codec writes its own way."""
    kind = type(value)
    if _plain(kind) or (kind in (list, tuple) and all(map(_plain, map(type, value)))):
        try:
            return _TO_TEXT.encode(value)
        except _MSGSPEC_CANT:
            return None
    return None


#: What msgspec raises for a value it can't write as the codec does (the codec then writes it, or says why not).
_MSGSPEC_CANT = (TypeError, ValueError, msgspec.MsgspecError)


def _as_dict(value: Any) -> Any:
    """A mapping other than a dict, for msgspec: as a dict, as the codec writes it."""
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"not a JSON value: {type(value).__name__}")


_TO_TEXT = msgspec.json.Encoder(enc_hook=_as_dict)
_FROM_TEXT = msgspec.json.Decoder()


@_once_per_type
def _plain(cls: Any) -> bool:
    """Whether a type is a dataclass that msgspec writes as the codec does: one holding no action (its
    ``type`` tag is the codec's) and no set (the codec sorts it), however deep."""
    return isinstance(cls, type) and dataclasses.is_dataclass(cls) and _plain_hint(cls, set())


def _plain_hint(hint: Any, seen: set[Any]) -> bool:
    if hint in seen:
        return True
    seen.add(hint)
    if hint in _ACTION_TAGS or hint is Action:
        return False
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return all(_plain_hint(h, seen) for h in _hints(hint).values())
    if hint in (frozenset, set) or typing.get_origin(hint) in (frozenset, set, collections.abc.Set):
        return False
    return all(_plain_hint(a, seen) for a in typing.get_args(hint) if a is not Ellipsis)


@_once_per_type
def _encoder(cls: Any) -> Encoder:
    """The encoder of a value's runtime type."""
    if dataclasses.is_dataclass(cls):
        return _dataclass_encoder(cls)
    if issubclass(cls, tuple | list):
        return lambda value: [encode(v) for v in value]
    if issubclass(cls, Mapping):
        return lambda value: {str(k): encode(v) for k, v in value.items()}
    if issubclass(cls, frozenset | set):
        return lambda value: sorted(encode(v) for v in value)
    return _same


def _hint_encoder(hint: Any) -> Encoder:
    """The encoder of a field, from its type hint: plain values pass as they are."""
    if hint in (str, int, bool, float):
        return _same
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_encoder(hint)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if (item_hint := _variadic(hint)) is not None:
        item = _hint_encoder(item_hint)
        return _same_list if item is _same else lambda value: [item(v) for v in value]
    if origin in (Mapping, dict) and args and args[1] in (str, int):
        return dict
    return encode  # unions and the rest: by the value's own type


def _same_list(value: Any) -> JSON:
    return list(value)


@_once_per_type
def _dataclass_encoder(cls: Any) -> Encoder:
    hints = _hints(cls)
    fields = tuple((f.name, _hint_encoder(hints[f.name])) for f in dataclasses.fields(cls))
    tag = _ACTION_TAGS.get(cls)

    def encoded(value: Any) -> JSON:
        data: dict[str, JSON] = {"type": tag} if tag else {}
        for name, field_encoder in fields:
            data[name] = field_encoder(getattr(value, name))
        return data

    return encoded
