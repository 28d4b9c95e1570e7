"""Messages read straight from their text: an answer to an action into the interface's types
(:func:`message_reader`), a start request with its cards left as text (:func:`raw_reader`)."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from checker.contract.codec.encoding import _FROM_TEXT
from checker.contract.codec.mirrors import _mirror
from checker.contract.codec.shapes import (
    _ACTION_TAGS,
    _REMEMBERED_BY_TEXT,
    JSON,
    DecodeError,
    _dataclass_items,
    _definition,
    _hints,
    _once_per_type,
    _required,
    _same,
    _variadic,
)
from checker.contract.codec.view_changes import _changed_items, _replacer

#: What ``msgspec.to_builtins`` leaves as it is in what :func:`raw_reader` read: the values kept as their text.
_KEPT_AS_TEXT = (msgspec.Raw,)


def raw_reader(fields: Mapping[str, Any]) -> Callable[[bytes], dict[str, JSON] | None]:
    """A reader of one kind of message into JSON values, as ``msgspec.json.decode`` reads it, except
    that every value the codec remembers by its text (:data:`_REMEMBERED_BY_TEXT`: a card's spec,
    a list of cards), in the fields named (each with its type hint), is left as its text
    (``msgspec.Raw``): :func:`decode` reads it only if it hasn't decoded the same text before. A
    certification's set-ups are mostly the same few libraries, message after message: this way they
    are neither read into JSON values nor decoded again. It gives None for a text that isn't such a
    message in every respect (not JSON, a field not among ``fields`` at any level where values are
    kept as text, a value of another shape there): the caller then reads it as JSON, and decoding
    says what is wrong."""
    struct = _message(((name, _raw_hint(hint)) for name, hint in fields.items()), "RawMessage")
    decoder = msgspec.json.Decoder(struct)

    def read(text: bytes) -> dict[str, JSON] | None:
        try:
            values: dict[str, JSON] = msgspec.to_builtins(decoder.decode(text), builtin_types=_KEPT_AS_TEXT)
        except (ValueError, RecursionError):  # msgspec's DecodeError (and ValidationError) is a ValueError
            return None
        return values

    return read


@_once_per_type
def _raw_hint(hint: Any) -> Any:
    """How :func:`raw_reader` reads a value of ``hint``: as its text (``msgspec.Raw``) where the codec
    remembers it by its text; a structure of such fields (made JSON values again by
    ``msgspec.to_builtins``, the texts kept); ``Any`` (JSON values) where it holds none."""
    if hint in _REMEMBERED_BY_TEXT or (item := _variadic(hint)) in _REMEMBERED_BY_TEXT:
        return msgspec.Raw
    if item is not None:
        raw_item = _raw_hint(item)
        return Any if raw_item is Any else list[raw_item]  # type: ignore[valid-type]
    if not (isinstance(hint, type) and dataclasses.is_dataclass(hint)) or hint in _ACTION_TAGS:
        return Any
    hints = _hints(hint)
    read = {f.name: _raw_hint(hints[f.name]) for f in dataclasses.fields(hint)}
    if all(r is Any for r in read.values()):
        return Any
    return _message(read.items(), f"Raw{hint.__name__}")


@dataclasses.dataclass(frozen=True)
class Changes:
    """The hint of a message's field that holds changes to a dataclass ``of`` (as :func:`changes`
    writes them), for :func:`message_reader`; :func:`apply_changes` applies what it read."""

    of: Any


#: A message's fields read by :func:`message_reader`, by name; None for a text it doesn't take.
Reader = Callable[[bytes], dict[str, Any] | None]


def message_reader(fields: Mapping[str, Any]) -> Reader:
    """A reader of one kind of message: it decodes the JSON text straight into the types of
    ``fields`` (by name: a type hint, ``Any`` for any JSON value, or :class:`Changes`) with msgspec,
    in C, having checked the text as :func:`decode` checks the values (against their mirrors,
    :func:`_mirror`). It gives the fields the message has, or None for a text that isn't such a
    message in every respect (not JSON, a field not among ``fields`` at any level, a value of
    another type, a name outside the vocabulary): the caller then reads the message as JSON and
    decodes its fields (:func:`decode`), which says what is wrong, or accepts what msgspec alone
    was stricter about. Each field's text is read once: a later message with the same text in that
    field gets the value read then (:func:`_part_reader`; a whole view's fields, and its players,
    each by its own text). Raises ``TypeError`` for a hint msgspec
    can't read as the codec decodes it."""
    parts = tuple((name, _part_reader(hint)) for name, hint in fields.items())
    split = msgspec.json.Decoder(_message(((name, msgspec.Raw) for name, _ in parts), "Parts"))

    def read(text: bytes) -> dict[str, Any] | None:
        try:
            found = split.decode(text)
            values = {}
            for name, part in parts:
                raw = getattr(found, name)
                if raw is not UNSET:
                    values[name] = part(raw)
        except (ValueError, RecursionError):  # msgspec's DecodeError (and ValidationError) is a ValueError
            return None
        return values

    return read


#: How many bytes of one field's texts a :func:`message_reader` remembers before it starts afresh,
#: and the longest text it remembers.
_REMEMBERED_BYTES = 1 << 22
_LONGEST_REMEMBERED = 1 << 16
_UNREAD = object()


def _part_reader(hint: Any) -> Callable[[msgspec.Raw], Any]:
    """How :func:`message_reader` reads one field's text: checked against its mirror, then built as
    its type; raises ``ValueError`` for a text it doesn't take. The value read from a text is given
    again for the same text, without reading it: the answers of a certification repeat (seven in
    eight of their events, and of their changes to the view, are texts read before). Values so
    shared are the interface's, frozen, their mappings typed read-only, as the cards the codec
    remembers by their text are (:data:`_REMEMBERED_BY_TEXT`). A dataclass that holds dataclasses
    item by item (a view) is read field by field (:func:`_field_by_field`)."""
    if isinstance(hint, type) and dataclasses.is_dataclass(hint) and any(map(_dataclass_items, _hints(hint).values())):
        return _field_by_field(hint)
    mirror, typed = _typed(hint)
    if typed is Any:
        return _FROM_TEXT.decode
    return _remembering(mirror, typed)


def _remembering(mirror: Any, typed: Any) -> Callable[[msgspec.Raw], Any]:
    """A reader of texts checked against ``mirror`` and built as ``typed``, which gives the value read
    from a text again for the same text (:func:`_part_reader`)."""
    checker, decoder = msgspec.json.Decoder(mirror), msgspec.json.Decoder(typed)
    seen: dict[bytes, Any] = {}
    size = 0

    def read(raw: msgspec.Raw) -> Any:
        nonlocal size
        text = bytes(raw)
        found = seen.get(text, _UNREAD)
        if found is _UNREAD:
            checker.decode(text)  # its value unused: made into dataclasses, it would cost more than a second read
            found = decoder.decode(text)
            if len(text) <= _LONGEST_REMEMBERED:
                if size + len(text) > _REMEMBERED_BYTES:
                    seen.clear()
                    size = 0
                seen[text] = found
                size += len(text)
        return found

    return read


def _field_by_field(cls: Any) -> Callable[[msgspec.Raw], Any]:
    """A reader of a dataclass ``cls`` that holds dataclasses item by item (a view: its players,
    permanents and stack), which reads each field, and each such item, on its own, remembered by
    its text (:func:`_remembering`). A view goes whole at the start of every game, and a whole
    view's text seldom comes again (770 different in a certification's 870), but its players'
    texts do: 151 different in 1,752. Read whole, such a view took about 100 µs; so, about 20.
    Each field is checked against the mirror the schema's definition of ``cls`` gives it, as the
    mirror of the whole is (:func:`~checker.contract.codec.mirrors._mirror_struct`): a field
    ``cls`` doesn't have, or a required one missing, is refused."""
    hints, properties = _hints(cls), _definition(cls).get("properties", {})
    fields: list[tuple[str, bool, Callable[[msgspec.Raw], Any]]] = []
    for f in dataclasses.fields(cls):
        hint, node = hints[f.name], properties.get(f.name, {})
        if _dataclass_items(hint):
            item = _variadic(hint)
            fields.append((f.name, True, _remembering(_mirror(item, node.get("items", {})), item)))
        else:
            fields.append((f.name, False, _remembering(_mirror(hint, node), hint)))
    texts = msgspec.json.Decoder(
        _message(
            ((name, list[msgspec.Raw] if items else msgspec.Raw) for name, items, _ in fields), f"{cls.__name__}Texts"
        )
    )
    required = frozenset(f.name for f in dataclasses.fields(cls) if _required(f))

    def read(raw: msgspec.Raw) -> Any:
        found = texts.decode(raw)
        values = {}
        for name, items, part in fields:
            text = getattr(found, name)
            if text is not UNSET:
                values[name] = tuple(map(part, text)) if items else part(text)
        if not required <= values.keys():
            raise ValueError(f"{cls.__name__} needs {sorted(required - values.keys())}")
        return cls(**values)

    return read


def _message(fields: Iterable[tuple[str, Any]], name: str) -> type[msgspec.Struct]:
    """A structure of a message's fields, each unset where the message hasn't it; refusing any other field."""
    read = [(field, hint | UnsetType, UNSET) for field, hint in fields]
    return msgspec.defstruct(name, read, forbid_unknown_fields=True, gc=False)


def _typed(hint: Any) -> tuple[Any, Any]:
    """The type msgspec checks a field of a message as (its mirror, :func:`_mirror`), and the type it
    builds the field's value as."""
    if hint is Any:
        return Any, Any
    if isinstance(hint, Changes):
        return _changes_struct(hint.of, True), _changes_struct(hint.of, False)
    return _mirror(hint, {}), hint


@functools.cache
def _changes_struct(cls: Any, mirrored: bool) -> type[msgspec.Struct]:
    """The structure msgspec reads changes to a ``cls`` into, each field unset where it didn't change,
    a field of dataclasses item by item, None for each item as before; ``mirrored``: each field's
    mirror (:func:`_mirror`), any other field refused."""
    hints, properties = _hints(cls), _definition(cls).get("properties", {})
    fields: list[tuple[str, Any, Any]] = []
    for f in dataclasses.fields(cls):
        hint, node = hints[f.name], properties.get(f.name, {})
        item = _variadic(hint) if _dataclass_items(hint) else None
        if mirrored:
            hint, item = _mirror(hint, node), None if item is None else _mirror(item, node.get("items", {}))
        typed = hint if item is None else list[item | None]  # type: ignore[valid-type]
        fields.append((f.name, typed | UnsetType, UNSET))
    name = f"{cls.__name__}{'Checked' if mirrored else ''}Changes"
    return msgspec.defstruct(name, fields, forbid_unknown_fields=mirrored, gc=False)


def apply_changes(cls: Any, before: Any, changes: Any) -> Any:
    """``before`` (a dataclass of type ``cls``) with the ``changes`` that :func:`message_reader`
    read for a :class:`Changes` ``(cls)``, as :func:`decode_changes` applies them; raises
    :class:`DecodeError` where an item list isn't as long as before's."""
    return _changes_applier(cls)(before, changes)


@_once_per_type
def _changes_applier(cls: Any) -> Callable[[Any, Any], Any]:
    hints = _hints(cls)
    fields = tuple((f.name, _dataclass_items(hints[f.name])) for f in dataclasses.fields(cls))
    replaced = _replacer(cls)

    def applied(before: Any, changes: Any) -> Any:
        changed = {}
        for name, itemized in fields:
            value = getattr(changes, name)
            if value is UNSET:
                continue
            if itemized:
                try:
                    value = _changed_items(_same, getattr(before, name), value) if None in value else tuple(value)
                except DecodeError as exc:
                    raise exc.at(f".{name}") from None
            changed[name] = value
        return replaced(before, changed) if changed else before

    return applied
