"""A dataclass written as the JSON texts of its fields, the changes between two such writings
(the protocol's ``view_changes``), and a value rebuilt from the one before and the changes,
decoding only what changed."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import msgspec

from checker.contract.codec.decoding import _fast, _json_kind, _undefined
from checker.contract.codec.encoding import _MSGSPEC_CANT, _TO_TEXT, _plain, encode_text
from checker.contract.codec.shapes import (
    JSON,
    DecodeError,
    Decoder,
    _dataclass_items,
    _definition,
    _hints,
    _once_per_type,
    _variadic,
)

#: A dataclass as JSON texts (:func:`texts`): each field's text, or, for a field that holds
#: dataclasses one by one, each one's text.
Texts = dict[str, bytes | tuple[bytes, ...]]
#: JSON written already (:func:`whole`, :func:`changes`): msgspec copies it into a message as it is.
Written = dict[str, msgspec.Raw | list[msgspec.Raw | None]]


def texts(value: Any) -> Texts:
    """The JSON text of each field of the dataclass ``value`` as :func:`encode` writes it, and of each
    item of a field that holds dataclasses (a view's players, permanents, stack). Texts are a
    snapshot, which the engine can't change afterwards by changing what it returned, and two are
    equal exactly where their JSON is; raises ``TypeError`` or ``ValueError`` for a value JSON
    can't carry."""
    return _texts_of(type(value))(value)


@_once_per_type
def _texts_of(cls: Any) -> Callable[[Any], Texts]:
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        raise TypeError(f"expected a dataclass, got {cls.__name__}")
    hints = _hints(cls)
    names = tuple(f.name for f in dataclasses.fields(cls))
    itemized = frozenset(name for name in names if _dataclass_items(hints[name]))

    def written(value: Any, write: Callable[[Any], bytes]) -> Texts:
        found: Texts = {}
        for name in names:
            field = getattr(value, name)
            if name in itemized and type(field) in (tuple, list):
                found[name] = tuple(map(write, field))
            else:
                found[name] = write(field)
        return found

    def texts_of(value: Any) -> Texts:
        try:
            return written(value, _TO_TEXT.encode)
        except _MSGSPEC_CANT:  # msgspec alone can't: the codec's way writes it, or says why not
            return written(value, encode_text)

    return texts_of if _plain(cls) else lambda value: written(value, encode_text)


def whole(found: Texts) -> Written:
    """The whole dataclass whose texts are ``found``, ready to be written in a message."""
    return {name: _raw(text) for name, text in found.items()}


def changes(before: Texts, after: Texts) -> Written:
    """The fields of the dataclass whose texts are ``after`` that differ from ``before``'s. A field
    of dataclasses as long as before's is written item by item, null for each item as before."""
    found: Written = {}
    for name, new in after.items():
        old = before.get(name)
        if new == old:
            continue
        if isinstance(new, tuple) and isinstance(old, tuple) and len(new) == len(old):
            found[name] = [None if a == b else msgspec.Raw(b) for a, b in zip(old, new, strict=True)]
        else:
            found[name] = _raw(new)
    return found


def _raw(text: bytes | tuple[bytes, ...]) -> msgspec.Raw | list[msgspec.Raw | None]:
    if isinstance(text, bytes):
        return msgspec.Raw(text)
    return [msgspec.Raw(t) for t in text]


def decode_changes(cls: Any, before: Any, data: JSON, path: str = "$") -> Any:
    """``before`` (a dataclass of type ``cls``) with the changes ``data`` made (as :func:`changes`
    writes them), each checked as :func:`decode` checks it; what didn't change is before's."""
    try:
        return _changes_decoder(cls)(before, data)
    except DecodeError as exc:
        exc.root = path
        raise


@_once_per_type
def _changes_decoder(cls: Any) -> Callable[[Any, JSON], Any]:
    hints, properties = _hints(cls), _definition(cls).get("properties", {})
    fields: dict[str, tuple[Decoder, Decoder | None]] = {}
    for f in dataclasses.fields(cls):
        hint, node = hints[f.name], properties.get(f.name, {})
        item_hint = _variadic(hint)
        item = None if item_hint is None else _fast(item_hint, node.get("items", {}))
        fields[f.name] = (_fast(hint, node), item)
    replaced = _replacer(cls)
    known = frozenset(fields)

    def decoded(before: Any, data: JSON) -> Any:
        if not isinstance(data, dict):
            raise DecodeError(f"expected an object of changes to a {cls.__name__}, got {_json_kind(data)}")
        changed = {}
        for name, value in data.items():
            if name not in fields:
                raise _undefined(name, known)
            whole, item = fields[name]
            try:
                if item is not None and isinstance(value, list) and None in value:
                    changed[name] = _changed_items(item, getattr(before, name), value)
                else:
                    changed[name] = whole(value)
            except DecodeError as exc:
                raise exc.at(f".{name}") from None
        return replaced(before, changed) if changed else before

    return decoded


def _replacer(cls: Any) -> Callable[[Any, dict[str, Any]], Any]:
    """``dataclasses.replace`` for ``cls``. Where the class keeps its fields in ``__dict__`` and
    checks nothing as it is built (no ``__post_init__``), the copy is made by its ``__dict__``,
    without calling ``__init__`` again: the fields kept were built before, the others decoded and
    checked. A view of the game is rebuilt so for each answer, six times faster."""
    if hasattr(cls, "__slots__") or hasattr(cls, "__post_init__"):
        return lambda before, changed: dataclasses.replace(before, **changed)

    def replaced(before: Any, changed: dict[str, Any]) -> Any:
        new = object.__new__(cls)
        fields = new.__dict__
        fields.update(before.__dict__)
        fields.update(changed)
        return new

    return replaced


def _changed_items(item: Decoder, before: tuple[Any, ...], data: list[JSON]) -> tuple[Any, ...]:
    """A list of items where null stands for the item before at the same place."""
    if len(data) != len(before):
        raise DecodeError(f"null stands for an unchanged item only in a list as long as before ({len(before)})")
    out = []
    for i, (value, kept) in enumerate(zip(data, before, strict=True)):
        try:
            out.append(kept if value is None else item(value))
        except DecodeError as exc:
            raise exc.at(f"[{i}]") from None
    return tuple(out)
