"""Decoding JSON values into the interface's dataclasses, checking what the schema says of each
value at every level: msgspec in front, against the value's mirror (:mod:`.mirrors`), and the
codec's own decoders behind it, which say what is wrong."""

from __future__ import annotations

import dataclasses
import difflib
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Union

import msgspec

from checker.contract.codec.mirrors import _holds_dataclass, _mirror
from checker.contract.codec.shapes import (
    _ACTION_TAGS,
    _LEAVES,
    _REMEMBERED_BY_TEXT,
    _SHORT,
    ACTION_TYPES,
    JSON,
    DecodeError,
    Decoder,
    _Bounds,
    _definition,
    _hints,
    _once_per_type,
    _required,
    _resolve,
    _same,
)
from checker.contract.interface import Action
from checker.contract.protocol import QUOTED, fields_beside


def decode(cls: Any, data: JSON, path: str = "$") -> Any:
    """Build a value of type ``cls`` (a dataclass, or a type hint) from JSON."""
    try:
        return _decoder(cls)(data)
    except DecodeError as exc:
        exc.root = path
        raise


@_once_per_type
def _decoder(cls: Any) -> Decoder:
    return _fast(cls, {})


def _compile(hint: Any, node: dict[str, Any]) -> Decoder:
    """The decoder of a type hint, where the schema says ``node`` of the value."""
    node = _resolve(node)
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return _same
    union = origin in (Union, types.UnionType)
    if hint is Action or (union and set(args) == set(ACTION_TYPES.values())):
        # A run's actions are a few hundred texts, each sent again and again (Bob passes priority):
        # each is decoded once. An action is frozen, and holds only strings, numbers and tuples.
        return _remembered(_decode_action, _json_text)
    if union:
        return _union(hint, args, node)
    if origin is tuple:
        return _tuple(args, node)
    if origin in (Mapping, dict) or hint is dict:
        return _mapping(args[1] if args else Any, node)
    if origin is frozenset:
        item = _compile(args[0], node.get("items", {}))
        return lambda data: frozenset(item(v) for v in _list(data))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass_decoder(hint)
    if hint in _LEAVES:
        return _leaf(hint, _LEAVES[hint], _Bounds.of(node))
    if hint is type(None):
        return _leaf(hint, (type(None),), _Bounds())
    raise TypeError(f"the codec cannot decode {hint}")


def _leaf(hint: Any, kinds: tuple[type[Any], ...], bounds: _Bounds) -> Decoder:
    checked = bounds != _Bounds()

    def decoded(data: JSON) -> Any:
        if type(data) not in kinds:
            name = "null" if hint is type(None) else hint.__name__
            raise DecodeError(f"expected {name}, got {_SHORT.repr(data)}")
        if checked and (problem := bounds.problem(data)) is not None:
            raise DecodeError(problem)
        return data

    return decoded


def _union(hint: Any, args: tuple[Any, ...], node: dict[str, Any]) -> Decoder:
    options = [_compile(a, node) for a in args if a is not type(None)]
    optional = type(None) in args
    if optional and len(options) == 1:
        (only,) = options
        return lambda data: None if data is None else only(data)

    def decoded(data: JSON) -> Any:
        if data is None and optional:
            return None
        reasons = []
        for option in options:
            try:
                return option(data)
            except DecodeError as exc:
                reasons.append(str(exc).removeprefix("$: "))
        raise DecodeError(f"{_SHORT.repr(data)} is none of {hint}: {'; '.join(reasons)}")

    return decoded


#: What a decoded JSON value is, said in JSON's words (a message read by an engine's author in any language).
_JSON_KINDS = {
    type(None): "null",
    bool: "true or false",
    int: "a number",
    float: "a number",
    str: "a string",
    list: "an array",
    dict: "an object",
}


def _json_kind(data: JSON) -> str:
    return _JSON_KINDS.get(type(data), type(data).__name__)


def _list(data: JSON) -> list[JSON]:
    if not isinstance(data, list):
        raise DecodeError(f"expected a list, got {_json_kind(data)}")
    return data


def _tuple(args: tuple[Any, ...], node: dict[str, Any]) -> Decoder:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _compile(args[0], node.get("items", {}))
        variadic: Decoder = lambda data: _items([item] * len(_list(data)), data)  # noqa: E731
        # A run's set-ups repeat whole lists of cards (5,256 libraries, hands and graveyards in
        # a certification, 99 of them different): one such list is remembered by its text.
        return _remembered(variadic, _json_text) if args[0] in _REMEMBERED_BY_TEXT else variadic
    nodes = node.get("prefixItems", [])
    items = [_compile(a, nodes[i] if i < len(nodes) else {}) for i, a in enumerate(args)]

    def decoded(data: JSON) -> tuple[Any, ...]:
        if len(_list(data)) != len(items):
            raise DecodeError(f"expected {len(items)} items, got {len(data)}")
        return _items(items, data)

    return decoded


def _items(decoders: list[Decoder], data: list[JSON]) -> tuple[Any, ...]:
    out = []
    for i, (item, value) in enumerate(zip(decoders, data, strict=True)):
        try:
            out.append(item(value))
        except DecodeError as exc:
            raise exc.at(f"[{i}]") from None
    return tuple(out)


def _mapping(value_type: Any, node: dict[str, Any]) -> Decoder:
    value = _compile(value_type, node.get("additionalProperties", {}) or {})
    keys = _Bounds.of(node.get("propertyNames", {}))

    def decoded(data: JSON) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise DecodeError(f"expected an object, got {_json_kind(data)}")
        out = {}
        for k, v in data.items():
            try:
                if (problem := keys.problem(k)) is not None:
                    raise DecodeError(f"key {problem}")
                out[k] = value(v)
            except DecodeError as exc:
                raise exc.at(f".{k}") from None
        return out

    return decoded


@_once_per_type
def _dataclass_decoder(cls: Any) -> Decoder:
    hints, properties = _hints(cls), _definition(cls).get("properties", {})
    fields = tuple(
        (
            f.name,
            _compile(hints[f.name], properties.get(f.name, {})),
            _required(f),
        )
        for f in dataclasses.fields(cls)
    )
    known = _field_names(cls)

    def decoded(data: JSON) -> Any:
        if not isinstance(data, dict):
            raise DecodeError(f"expected an object for {cls.__name__}, got {_json_kind(data)}")
        values = {}
        for name, field_decoder, required in fields:
            if name in data:
                try:
                    values[name] = field_decoder(data[name])
                except DecodeError as exc:
                    raise exc.at(f".{name}") from None
            elif required:
                raise DecodeError(f"{cls.__name__} needs {name!r}{_misspelt(name, data, fields)}")
        if len(data) != len(values):  # a field it doesn't have, or an action's tag
            for name in data:
                if name not in known:
                    raise _undefined(name, known)
        return cls(**values)

    return _remembered(decoded, _json_text) if cls in _REMEMBERED_BY_TEXT else decoded


def _field_names(cls: Any) -> frozenset[str]:
    """The fields an object of the dataclass ``cls`` may have: its own, and an action's ``type``."""
    tag = ("type",) if cls in _ACTION_TAGS else ()
    return frozenset((*(f.name for f in dataclasses.fields(cls)), *tag))


def _undefined(name: str, known: frozenset[str]) -> DecodeError:
    """The error of a field ``name`` that isn't one of ``known``, naming the closest there is: ignored,
    a misspelt optional field (``manapool``) would read as absent, and the suite would judge a
    state the engine didn't send."""
    reason = f"a field the protocol doesn't define ({fields_beside(name, known)})"
    return DecodeError(reason).at(f".{name[:QUOTED]}")


def _misspelt(name: str, data: dict[str, JSON], fields: tuple[tuple[str, Decoder, bool], ...]) -> str:
    """A field of ``data`` the type doesn't have that looks like ``name`` (a misspelling), said; else ""."""
    unknown = [key for key in data if key not in {known for known, _, _ in fields}]
    close = difflib.get_close_matches(name, unknown, n=1)
    return f" (it has {close[0][:60]!r}: a misspelling?)" if close else ""


#: How many decoded values of one type :func:`_remembered` keeps before it starts afresh.
_REMEMBERED = 4096


def _remembered(decoded: Decoder, key_of: Callable[[JSON], Any]) -> Decoder:
    """A decoder that gives back the value it decoded before from data of the same key. Data without
    a key (``key_of`` says None, or the key holds a value that can't be hashed) is decoded and
    checked, and not kept. Data that is still JSON text (``msgspec.Raw``, as :func:`raw_reader`
    leaves it) has its text as its key, and is read only if its value isn't remembered."""
    seen: dict[Any, Any] = {}

    def remembered(data: JSON) -> Any:
        raw = isinstance(data, msgspec.Raw)  # JSON not read yet (:func:`raw_reader`): its text is the key
        key = bytes(data) if raw else key_of(data)
        if key is None:
            return decoded(data)
        try:
            found = seen.get(key)
        except TypeError:  # a value that can't be in a key (a list where a plain value goes)
            return decoded(data)
        if found is None:
            if len(seen) >= _REMEMBERED:
                seen.clear()
            found = seen[key] = decoded(_read_raw(data) if raw else data)
        return found

    return remembered


def _json_text(data: JSON) -> bytes | None:
    """The key of a nested value: its JSON text. Equal specs become one object, which an engine can
    map once (the reference adapter maps each card spec object once per game); objects with their
    fields in another order are only decoded again."""
    try:
        return msgspec.json.encode(data)
    except (TypeError, ValueError, RecursionError, msgspec.EncodeError):  # not JSON: decoding says why
        return None


def _decode_action(data: JSON) -> Action:
    tag = data.get("type") if isinstance(data, dict) else None
    if not isinstance(tag, str) or tag not in ACTION_TYPES:
        raise DecodeError(f"an action needs a type among {', '.join(ACTION_TYPES)}")
    return typing.cast(Action, _decoder(ACTION_TYPES[tag])(data))


def _fast(hint: Any, node: dict[str, Any]) -> Decoder:
    """The codec's decoder of ``hint`` where the schema says ``node`` (``slow``, :func:`_compile`'s)
    with msgspec in front, in C, several times faster: ``msgspec.convert`` checks the data against
    the value's mirror (:func:`_mirror`), which holds what ``slow`` checks (names, bounds, lengths,
    fields), and builds the value. Data that msgspec refuses goes to ``slow``, which says precisely
    what is wrong, or decodes it where msgspec alone was stricter: what is accepted, and the value,
    are the codec's. A hint without a mirror (an action of any kind, ``Any``, a union of
    structures), or holding values the codec shares (:data:`_REMEMBERED_BY_TEXT`), keeps ``slow``
    alone."""
    slow = _compile(hint, node)
    try:
        mirror = _mirror(hint, node)
        msgspec.json.Decoder(hint)  # raises TypeError for a type msgspec can't build
    except TypeError:
        return slow
    # The mirror's value where it is the hint's; else the data is checked as the mirror, then built
    # as the hint (turning the mirror's structures into dataclasses costs more than converting twice).
    checked = _holds_dataclass(hint)

    def decoded(data: JSON) -> Any:
        try:
            if not checked:
                return msgspec.convert(data, mirror)
            msgspec.convert(data, mirror)
            return msgspec.convert(data, hint)
        except msgspec.ValidationError:
            return slow(data)

    return decoded


def _read_raw(text: msgspec.Raw) -> JSON:
    try:
        return msgspec.json.decode(text)
    except (ValueError, RecursionError) as exc:
        raise DecodeError(f"not JSON: {exc}") from None
