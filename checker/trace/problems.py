"""What can't be read in a trace, said: the file, the line, and what is wrong there.

A trace that can't be read at all (its file, its header) is a :class:`TraceError`; a line that
can't is a :class:`TraceProblem`, and the rest of the trace is read on; part of a line decoded
only when a check asks for it, a :class:`LateTraceProblem`. What is wrong with a line the
decoder refused is said from its JSON and the schema (:func:`schema_problems`: jsonschema is
imported only then).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any

from checker.contract.documents import first_repeated, keys_once, load_schema, number_too_long, said
from checker.trace.format import schema

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator


class TraceError(ValueError):
    """A trace can't be read: the message names the file, the line and the problem."""

    def __init__(self, path: str, line: int | None, problem: str) -> None:
        super().__init__(f"{path}{f':{line}' if line else ''}: {problem}")
        self.path = path
        self.line = line
        self.problem = problem


class LateTraceProblem(ValueError):
    """Part of a line decoded only when a check asked for it turned out malformed."""


_VALIDATORS: dict[str, Draft202012Validator] = {}


def schema_problems(definition: str, value: object) -> list[str]:
    """What is wrong with one line's value under the schema's ``header`` or ``entry``: the most
    relevant of the first problems found (jsonschema's ``best_match``), where it is, and why."""
    # jsonschema on first use: a trace is validated only on request, or where a line is malformed.
    from jsonschema.exceptions import best_match

    definition = _kind_of_entry(value) if definition == "entry" else definition
    try:
        # The first few problems only: a line of a million malformed objects has millions, each an
        # object (a 5 MB line took 30 s and 2 GB to weigh them all), and the first says what's wrong.
        error = best_match(islice(_validator(definition).iter_errors(value), _WEIGHED))
    except RecursionError:
        return ["(line): its JSON is nested too deep to check against the schema"]
    if error is None:
        return []
    return [f"{'/'.join(str(p) for p in error.absolute_path) or '(line)'}: {said(error, 200)}"]


#: How many of a line's problems are weighed to say the most relevant.
_WEIGHED = 20
#: Each kind of entry by the key that holds it, and the schema's definition of it.
_ENTRY_KINDS = {"event": "event_entry", "view": "observation_entry", "change": "change_entry", "action": "action_entry"}


def _kind_of_entry(value: object) -> str:
    """The schema's definition of the kind of entry ``value`` is meant as, by the first key it has that
    holds one: checked against it alone, what's wrong is said inside it. (Against every kind, as the
    schema's ``entry`` has them, it was "(line): {...} is not valid under any of the given schemas",
    and each kind weighed every object of the line.) The schema's ``entry`` where it has none."""
    if isinstance(value, dict):
        for key in value:
            if key in _ENTRY_KINDS:
                return _ENTRY_KINDS[key]
    return "entry"


def _validator(definition: str) -> Draft202012Validator:
    """The validator of the trace schema's ``definition``, made at its first use."""
    if definition not in _VALIDATORS:
        from jsonschema import Draft202012Validator
        from referencing import Registry, Resource

        protocol = load_schema("checker.contract", "schemas/protocol.schema.json")
        trace = schema()
        registry: Registry[Any] = Registry().with_resources(
            [(protocol["$id"], Resource.from_contents(protocol)), (trace["$id"], Resource.from_contents(trace))]
        )
        _VALIDATORS[definition] = Draft202012Validator(
            {"$ref": f"{trace['$id']}#/$defs/{definition}"}, registry=registry
        )
    return _VALIDATORS[definition]


@dataclass(frozen=True)
class TraceProblem:
    """A line that couldn't be read; the rest of the trace is read on."""

    line: int
    problem: str


def _precise(definition: str, raw: bytes, fallback: str) -> str:
    try:
        value = line_json(raw)
    except _TooDeep as exc:
        return str(exc)
    except ValueError as exc:
        return f"not JSON: {exc}"
    found = schema_problems(definition, value)
    if found:
        return "; ".join(found)
    return _lone_surrogate(value) or fallback


def _lone_surrogate(value: object) -> str | None:
    """Where a string of ``value`` (a key or a value) holds half of a UTF-16 surrogate pair alone
    (``"\\ud800"``): Python's ``json`` reads it, the schema can't see it, and msgspec refuses it in
    words of its own ("Input data was truncated"). None where there is none."""
    todo: list[tuple[object, str]] = [(value, "")]
    while todo:  # not recursive: the value is as deep as JSON's reader allows
        found, where = todo.pop()
        if isinstance(found, dict):
            for key, inner in reversed(found.items()):
                place = f"{where}/{key}" if where else str(key)
                todo += [(inner, place), (key, f"{place} (its key)")]
        elif isinstance(found, list):
            todo += reversed([(v, f"{where}/{i}" if where else str(i)) for i, v in enumerate(found)])
        elif isinstance(found, str) and not found.isascii():
            try:
                found.encode("utf-8")
            except UnicodeEncodeError as exc:
                return (
                    f"{where or '(line)'}: the lone surrogate \\u{ord(found[exc.start]):04x} (half of a pair alone, "
                    "no character): not valid in UTF-8 text"
                )
    return None


def line_json(raw: bytes) -> Any:
    """The JSON value of a line; ValueError where it isn't JSON, :class:`_TooDeep` where it is nested
    too deep to read. A trace is UTF-8: its bytes are read as such (``json`` would guess UTF-16 or
    UTF-32 from a line of NULs, and say so)."""
    try:
        return json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise _TooDeep(_TOO_DEEP) from None
    except ValueError as exc:
        too_long = number_too_long(exc)
        if too_long is not None:
            raise ValueError(too_long) from None
        raise


def repeated_key_problem(raw: bytes) -> str | None:
    """Where an object of a well-formed line gives a key twice, said with the object and the key: JSON
    readers differ on which value counts (msgspec takes the last, silently). None where none does."""
    repeated: list[tuple[dict[str, Any], str]] = []
    try:
        value = json.loads(raw.decode("utf-8"), object_pairs_hook=keys_once(repeated))
    except (ValueError, RecursionError):  # what msgspec read and json can't: nothing more to say
        return None
    if not repeated:
        return None
    where, key = first_repeated(value, repeated)
    return f"{'' if where == '(top level)' else f'{where}: '}the key {key!r} is given more than once"


class _TooDeep(ValueError):
    """JSON nested deeper than Python's recursion limit lets a decoder follow."""


_TOO_DEEP = "its JSON is nested too deep to read"


def _unreadable(exc: Exception) -> str:
    """What a decoder's refusal says; a RecursionError (JSON nested too deep), in plain words."""
    return _TOO_DEEP if isinstance(exc, RecursionError) else str(exc)
