"""Turning the interface's dataclasses into JSON values and back.

Each type gets its converters built once, from its type hints and from its definition in the
protocol schema (``GameView`` from ``game_view``, ``PassPriority`` from ``action_pass_priority``):
a decoder checks shapes and, always, what the schema says of each value that is cheap to check
— the names of the vocabulary (phases, steps, decisions, event kinds, editions), the bounds
of numbers, and the fields of each object, at every level (a field a dataclass doesn't have is
refused, naming the closest it has: ignored, a misspelt optional field would read as absent) —
and raises :class:`DecodeError` naming the path. The rest of the schema (an event's detail keys
by kind, for one) is checked only when messages are validated in full. Where it can, msgspec
checks and builds the value in C (``msgspec.convert``, against a mirror of the type that says
those checks in its terms); what it refuses is decoded the codec's own way, which says what is
wrong (:func:`_fast`).

Actions carry a ``type`` tag (``pass_priority``, ``cast_spell``, ...) so that one field can
hold any of them.

A view can also travel as its changes since the last one (the protocol's ``view_changes``):
:func:`changes` writes them from the JSON texts of two views (:func:`texts`), :func:`decode_changes`
applies them to the view decoded before, decoding only what changed.

A message the wire reads often (an answer to an action: its events and view) can be read straight
from its text into these types (:func:`message_reader`), with the same checks; whatever that read
doesn't take in every respect is read as JSON and decoded as above, which says what is wrong.
A start request can be read with its lists of cards left as their text (:func:`raw_reader`), which
decoding reads only the first time it meets that text.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import difflib
import functools
import operator
import re
import reprlib
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar, Union

import msgspec
from msgspec import UNSET, UnsetType

from checker.contract import interface
from checker.contract.documents import LISTED, not_among
from checker.contract.interface import Action
from checker.contract.protocol import QUOTED, fields_beside, schema

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
    if _plain(kind) or (kind in (list, tuple) and all(_plain(type(v)) for v in value)):
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


def decode(cls: Any, data: JSON, path: str = "$") -> Any:
    """Build a value of type ``cls`` (a dataclass, or a type hint) from JSON."""
    try:
        return _decoder(cls)(data)
    except DecodeError as exc:
        exc.root = path
        raise


# --------------------------------------------------------------------------- encoding


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


def _same(value: Any) -> Any:
    return value


def _variadic(hint: Any) -> Any | None:
    """The item's hint of ``tuple[X, ...]``; None for any other hint."""
    args = typing.get_args(hint)
    variadic = typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis
    return args[0] if variadic else None


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


# --------------------------------------------------------------------------- decoding


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
        return _decode_action
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
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
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


#: Immutable values of nested fields that one message repeats (a library of 20 Islands is one
#: card's spec 20 times), or that message after message repeats (the set-ups of a run hold the
#: same cards under the same ids: "Island 2", an Island), remembered by their JSON text
#: (:func:`_json_text`).
_REMEMBERED_BY_TEXT = frozenset({interface.CardSpec, interface.CardSetup})


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


# --------------------------------------------------------------------------- msgspec in front


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


# --------------------------------------------------------------------------- changes


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
                found[name] = tuple(write(item) for item in field)
            else:
                found[name] = write(field)
        return found

    def texts_of(value: Any) -> Texts:
        try:
            return written(value, _TO_TEXT.encode)
        except _MSGSPEC_CANT:  # msgspec alone can't: the codec's way writes it, or says why not
            return written(value, encode_text)

    return texts_of if _plain(cls) else lambda value: written(value, encode_text)


def _dataclass_items(hint: Any) -> bool:
    """Whether a field's hint is a tuple of dataclasses."""
    item = _variadic(hint)
    return isinstance(item, type) and dataclasses.is_dataclass(item)


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


# --------------------------------------------------------------------------- messages read from their text


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
            values: dict[str, JSON] = _json_values(decoder.decode(text))
        except (ValueError, RecursionError):  # msgspec's DecodeError (and ValidationError) is a ValueError
            return None
        return values

    return read


@_once_per_type
def _raw_hint(hint: Any) -> Any:
    """How :func:`raw_reader` reads a value of ``hint``: as its text (``msgspec.Raw``) where the codec
    remembers it by its text; a structure of such fields (:func:`_json_values` makes it JSON
    values again); ``Any`` (JSON values) where it holds none."""
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


def _json_values(value: Any) -> JSON:
    """What :func:`raw_reader`'s structures read, as JSON values (texts kept as ``msgspec.Raw``)."""
    if isinstance(value, msgspec.Struct):
        return {
            name: _json_values(field)
            for name in value.__struct_fields__
            if (field := getattr(value, name)) is not UNSET
        }
    if type(value) is list:
        return [_json_values(item) for item in value]
    return value


def _read_raw(text: msgspec.Raw) -> JSON:
    try:
        return msgspec.json.decode(text)
    except (ValueError, RecursionError) as exc:
        raise DecodeError(f"not JSON: {exc}") from None


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
    was stricter about. The answers to actions of a certification
    (events and a view) are read so in half the time of reading JSON and then decoding. Raises
    ``TypeError`` for a hint msgspec can't read as the codec decodes it."""
    typed = {name: _typed(hint) for name, hint in fields.items()}
    checker = msgspec.json.Decoder(_message(((name, mirror) for name, (mirror, _) in typed.items()), "Checked"))
    decoder = msgspec.json.Decoder(_message(((name, hint) for name, (_, hint) in typed.items()), "Message"))
    names = tuple(typed)

    def read(text: bytes) -> dict[str, Any] | None:
        try:
            checker.decode(text)  # its value unused: made into dataclasses, it would cost more than a second read
            found = decoder.decode(text)
        except (ValueError, RecursionError):  # msgspec's DecodeError (and ValidationError) is a ValueError
            return None
        values = {}
        for name in names:
            value = getattr(found, name)
            if value is not UNSET:
                values[name] = value
        return values

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
