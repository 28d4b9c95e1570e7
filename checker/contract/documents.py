"""The JSON files the suite defines: their schemas, and reading them back with clear errors.

The protocol, the JSON report and the expectations file each have a JSON Schema inside the
package. A report or expectations file read back is checked against its format header and
schema, so that a truncated, hand-edited or foreign file is refused with an error naming the
file and the problem, instead of failing somewhere later.
"""

from __future__ import annotations

import contextlib
import difflib
import json
import math
import os
import reprlib
import stat
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from checker.contract.utf8 import NotUTF8, utf8_text

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

#: How many schema violations an error message lists before it stops.
MAX_PROBLEMS = 5
#: The largest document read (a full report of every scenario in every edition is about 2 MB).
MAX_BYTES = 64 * 1024 * 1024


class NotARegularFile(OSError):
    """A path the tool was to read names a directory, a FIFO, a device: reading a FIFO would wait
    for a writer forever, and ``/dev/zero`` would fill the memory."""


def open_regular(path: Path) -> BinaryIO:
    """The regular file at ``path``, open for reading. Raises :class:`NotARegularFile` (its message:
    "a directory" or "not a regular file"), FileNotFoundError, or another OSError."""
    # O_NONBLOCK: opening a FIFO must not wait for a writer before it can be refused.
    descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):  # checked before fdopen, which refuses a directory with its own error
        os.close(descriptor)
        raise NotARegularFile("a directory" if stat.S_ISDIR(mode) else "not a regular file")
    return os.fdopen(descriptor, "rb")


def missing(path: Path | str, what: str) -> str:
    """Why there is no file at ``path`` for a message to say: "no such trace file", or, where a
    symbolic link is there (a listing shows it) and what it points to isn't, that it is a broken link."""
    try:
        target = os.readlink(path)
    except OSError:  # not a link
        return f"no such {what} file"
    return f"a broken symbolic link (to {target!r}): no such {what} file"


def read_regular(path: Path, most: int | None = None) -> bytes:
    """The bytes of the regular file at ``path`` (at most ``most + 1`` of them, for the caller to
    tell a file too large); raises as :func:`open_regular`."""
    with open_regular(path) as file:
        return file.read() if most is None else file.read(most + 1)


#: The process's umask, read once (reading it means setting it), for the mode of files written whole.
_UMASK = os.umask(0o022)
os.umask(_UMASK)


def write_whole(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all, making the directory if needed: into a
    temporary file beside it, then renamed over it. A full disk or an interrupted write never
    leaves a file cut short, nor cuts short the file it replaces (an expectations file rewritten
    keeps its reasons until the new one is whole). A link at ``path`` is replaced, never written
    through: one planted in an output directory would send a report over any file its owner may
    write (a caller writing a file the user named resolves its link first). The file gets the mode
    of the regular file it replaces, else the umask's. Raises OSError."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        found = os.lstat(path).st_mode
    except FileNotFoundError:
        found = 0
    mode = stat.S_IMODE(found) if stat.S_ISREG(found) else 0o666 & ~_UMASK
    descriptor, unfinished = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "wb") as out:
            out.write(data)
        os.chmod(unfinished, mode)
        os.replace(unfinished, path)  # a rename: it replaces a link, it doesn't follow it
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(unfinished)
        raise


def own_directory(path: Path) -> Path:
    """The directory at ``path``, one the tool names inside an output directory (``badges/``, the
    site's ``static/``), made if needed: a link there is taken away first, not followed, as
    :func:`write_whole` replaces one. Raises OSError."""
    if path.is_symlink():
        path.unlink()
    path.mkdir(parents=True, exist_ok=True)
    return path


def write_in(directory: Path, name: str, data: bytes) -> Path:
    """Write ``data`` as the file ``name`` (a relative path: ``parts/untap.html``) inside the output
    directory ``directory``, with :func:`write_whole`; each directory of ``name`` is
    :func:`own_directory`'s. Returns the file's path. Raises OSError."""
    parent = directory
    for part in Path(name).parent.parts:
        parent = own_directory(parent / part)
    path = parent / Path(name).name
    write_whole(path, data)
    return path


def create_afresh(path: Path) -> BinaryIO:
    """A new file at ``path``, open for writing as it is written (a trace, line by line): whatever
    is there is taken away first, a link or a hard link to another file never written through (as
    :func:`write_whole`). Raises OSError."""
    path.unlink(missing_ok=True)
    # O_EXCL: a link put there since is refused (EEXIST), not followed.
    return os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), "wb")


def unique(name: str, taken: set[str]) -> str:
    """``name``, or else ``name-2``, ``name-3``... the first not in ``taken``, which then takes it (the
    name of a file, page or anchor that two inputs would otherwise share)."""
    found, n = name, 1
    while found in taken:
        n += 1
        found = f"{name}-{n}"
    taken.add(found)
    return found


@dataclass(frozen=True)
class Problem:
    path: Path
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@cache
def load_schema(package: str, path: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(resources.files(package).joinpath(path).read_text(encoding="utf-8"))
    return loaded


@cache
def _validator(package: str, path: str, definition: str | None) -> Draft202012Validator:
    from jsonschema import Draft202012Validator  # on first use: most runs validate no document

    schema = load_schema(package, path)
    if definition is not None:
        schema = {"$ref": f"#/$defs/{definition}", "$defs": schema["$defs"]}
    return Draft202012Validator(schema)


def schema_problems(package: str, path: str, data: object, definition: str | None = None) -> list[str]:
    """What is wrong with ``data`` under a schema (or one of its definitions), one line each."""
    errors = sorted(
        _validator(package, path, definition).iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path]
    )
    return [f"{'/'.join(str(p) for p in e.absolute_path) or '(top level)'}: {said(e, 300)}" for e in errors]


def said(error: ValidationError, limit: int) -> str:
    """A schema violation in at most ``limit`` characters. A value not among many allowed is said
    as :func:`not_among` says it (jsonschema would list every one: the protocol has 59 event kinds,
    and a message cut short may leave the right one out)."""
    if error.validator == "enum" and isinstance(error.validator_value, list) and len(error.validator_value) > LISTED:
        allowed = [v for v in error.validator_value if isinstance(v, str)]
        shown = repr(error.instance[:60]) if isinstance(error.instance, str) else json.dumps(error.instance)[:60]
        return not_among(shown, error.instance, allowed)[:limit]
    message = error.message
    if len(message) > limit:
        # jsonschema's message begins with the value it refuses, whole: cut, the reason after it was lost.
        whole = repr(error.instance)
        if message.startswith(whole):
            shown = _short().repr(error.instance)
            shown = shown if len(shown) <= SHOWN else f"{shown[: SHOWN - 1]}…"
            message = shown + message[len(whole) :]
    return message[:limit]


#: How much of a value refused a schema violation shows (the rest is said by an ellipsis).
SHOWN = 100


@cache
def _short() -> reprlib.Repr:
    """A value's ``repr`` of its beginning: a few items of each list and object, a few levels deep."""
    short = reprlib.Repr()
    short.maxlevel, short.maxdict, short.maxlist, short.maxstring, short.maxother = 3, 3, 3, 30, 30
    return short


#: The most names a message lists of those allowed; past it, it names the closest (:func:`not_among`).
LISTED = 20


def not_among(shown: str, value: object, allowed: list[str]) -> str:
    """A value (``shown`` as the message writes it) that isn't one of many ``allowed``: how many
    there are, and the closest, for a misspelling."""
    close = difflib.get_close_matches(value, allowed, n=3) if isinstance(value, str) else []
    hint = f"; the closest: {', '.join(close)}" if close else ""
    return f"{shown} is not one of the {len(allowed)} allowed{hint}"


def number_too_long(exc: ValueError) -> str | None:
    """What Python's refusal of a JSON number of too many digits for an integer means, in plain
    words (its own message advises raising the limit); None for any other ValueError."""
    if "int_max_str_digits" in str(exc):
        return f"a number too long to read (over {sys.get_int_max_str_digits():,} digits)"
    return None


def repeated_key(pairs: list[tuple[str, Any]]) -> str:
    """The first key a JSON object's ``pairs`` give a second time (they give one: ``json``'s
    ``object_pairs_hook`` saw fewer keys than pairs)."""
    keys = [key for key, _ in pairs]
    return next(key for i, key in enumerate(keys) if key in keys[:i])


def keys_once(repeated: list[tuple[dict[str, Any], str]]) -> Callable[[list[tuple[str, Any]]], dict[str, Any]]:
    """``json``'s ``object_pairs_hook`` that puts in ``repeated`` each object that gives a key twice, and the key."""

    def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found = dict(pairs)
        if len(found) < len(pairs):
            repeated.append((found, repeated_key(pairs)))
        return found

    return unique_keys


def first_repeated(data: object, repeated: list[tuple[dict[str, Any], str]]) -> tuple[str, str]:
    """Where the first object of ``repeated`` (:func:`keys_once`'s) is in ``data``, and the key it gives twice."""
    places = _places(data)
    # The first found in what was read: an object inside one that gives its key twice may be lost.
    return next((places[id(found)], key) for found, key in repeated if id(found) in places)


def in_lines(problems: list[str]) -> str:
    """The first :data:`MAX_PROBLEMS` of ``problems`` for an error's message, a line each, and how many more."""
    more = f"\n  ... and {len(problems) - MAX_PROBLEMS} more" if len(problems) > MAX_PROBLEMS else ""
    return "".join(f"\n  {problem}" for problem in problems[:MAX_PROBLEMS]) + more


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    """A JSON number as a float; one past a float's range (1e400) is refused, as NaN and Infinity are."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text[:30]} is too large a number")
    return value


def _places(data: object) -> dict[int, str]:
    """Where each object inside ``data`` is, by its id, named as a schema problem names a place
    (``results/3``, ``(top level)``)."""
    places: dict[int, str] = {}
    todo: list[tuple[object, str]] = [(data, "")]
    while todo:  # not recursive: the data is as deep as JSON's reader allows
        value, where = todo.pop()
        if isinstance(value, dict):
            places[id(value)] = where or "(top level)"
            todo += [(v, f"{where}/{k}" if where else k) for k, v in value.items()]
        elif isinstance(value, list):
            todo += [(v, f"{where}/{i}" if where else str(i)) for i, v in enumerate(value)]
    return places


@dataclass(frozen=True)
class Document:
    """A kind of JSON file with a ``format`` header and a schema."""

    format: str
    version: int
    what: str  # "a conformance report", "an expectations file"
    noun: str  # "report", "expectations"
    schema_path: str  # inside the checker package
    error: type[ValueError]

    def schema(self) -> dict[str, Any]:
        return load_schema("checker", self.schema_path)

    def problems(self, data: object) -> list[str]:
        return schema_problems("checker", self.schema_path, data)

    def check(self, data: object, source: str) -> dict[str, Any]:
        """The data, if it is a document of this kind; otherwise the error says why."""
        if isinstance(data, dict):
            if data.get("format") != self.format:
                raise self.error(
                    f"{source}: not {self.what} (its format is {data.get('format')!r}, not {self.format!r})"
                )
            if data.get("format_version") != self.version:
                raise self.error(
                    f"{source}: {self.noun} format_version {data.get('format_version')!r} can't be read "
                    f"(this suite reads version {self.version})"
                )
        try:
            found = self.problems(data)
        except RecursionError:
            raise self.error(f"{source}: not {self.what}: its JSON is nested too deeply") from None
        if found:
            raise self.error(f"{source}: doesn't match the {self.noun} schema:{in_lines(found)}")
        assert isinstance(data, dict)  # the schema says so
        return data

    def load(self, path: Path) -> object:
        """Parse a file as JSON (not yet checked); the error names the file and the problem.

        Only a regular file of at most :data:`MAX_BYTES` is read: a FIFO would block the run
        and ``/dev/zero`` would fill the memory. JSON nested too deeply to parse is refused too,
        and so is an object that gives a key twice: JSON readers disagree on which value counts
        (this one would take the last, silently), so a hand-edited file's meaning would be a guess.
        """
        text = self._read(Path(path))
        repeated: list[tuple[dict[str, Any], str]] = []  # each object that gives a key twice, and the key
        try:
            data = json.loads(
                text, parse_constant=_no_constant, parse_float=_finite, object_pairs_hook=keys_once(repeated)
            )
        except json.JSONDecodeError as exc:
            raise self.error(f"{path}: not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
        except RecursionError:
            raise self.error(f"{path}: not {self.what}: its JSON is nested too deeply") from None
        except ValueError as exc:
            raise self.error(f"{path}: not JSON: {number_too_long(exc) or exc}") from None
        if repeated:
            where, key = first_repeated(data, repeated)
            raise self.error(f"{path}: not {self.what}: {where}: the key {key!r} is given more than once")
        return data

    def _read(self, path: Path) -> str:
        try:
            data = read_regular(path, MAX_BYTES)
        except FileNotFoundError:
            raise self.error(f"{path}: {missing(path, self.noun)}") from None
        except NotARegularFile as exc:
            raise self.error(f"{path}: {exc}: the {self.noun} must be a regular file") from None
        except OSError as exc:
            raise self.error(f"{path}: the {self.noun} file can't be read: {exc.strerror or exc}") from None
        if len(data) > MAX_BYTES:
            raise self.error(f"{path}: larger than {MAX_BYTES // (1024 * 1024)} MB: not {self.what}")
        try:
            return utf8_text(data)
        except NotUTF8 as exc:
            raise self.error(f"{path}: not JSON ({exc})") from None
