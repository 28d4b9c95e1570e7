"""The run's options, checked before anything runs: a wrong one is a usage error naming it.

A run that takes minutes must not fail at its end on something that was wrong at its start:
a timeout that can't be, a ruling id or part of the turn that doesn't exist (the closest
existing ones are suggested), a report directory that can't be written, an expectations file
that can't be read. The ``turncheck`` command and the pytest plugin check with the same code.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import json
import math
import os
import re
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from checker.contract.features import features_dir, known_parts
from checker.judging.expectations import Expectations, ExpectationsError, load_expectations

_RULING_TAG = re.compile(r"@ruling:(\S+)")


class OptionError(ValueError):
    """An option that can't be used; the message names the option and the problem."""


def jobs(text: str) -> int:
    """A number of sessions for ``--jobs``: a whole number, or ``auto`` for one per processor this
    process may run on. (Below 1 is refused as the run is prepared, naming the option.)"""
    if text == "auto":
        return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of sessions (a whole number, or auto)") from None


def add_jobs(parser: argparse.ArgumentParser, what: str) -> None:
    """The ``-j``/``--jobs`` option of a command that can work in sessions side by side: ``what``
    says what each session does."""
    parser.add_argument(
        "-j", "--jobs", type=jobs, default=1, metavar="N", help=f"{what}; auto: one per processor (default 1)"
    )


def shard(text: str) -> tuple[int, int]:
    """A share for ``--shard``: ``I/N``, the I-th of N (from 1), of the feature files (``certify``)
    or of the games (``explore``)."""
    index, slash, count = text.partition("/")
    if slash and index.isdecimal() and count.isdecimal() and 1 <= int(index) <= int(count):  # not isdigit(): "²"
        return int(index), int(count)
    raise argparse.ArgumentTypeError(f"{text!r}: a share is I/N, the I-th of N, such as 1/2")


def shard_weights(text: str) -> dict[str, float]:
    """Each feature file's work for ``--shard-weights``: a JSON object of file names (parts) to
    non-negative numbers, such as ``{"untap": 0.12, "combat": 0.4}``."""
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested too deep to read
        found = None
    if not isinstance(found, dict) or not all(
        isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and v >= 0 for v in found.values()
    ):
        raise argparse.ArgumentTypeError(f"{text[:80]!r}: a JSON object of feature file names to numbers >= 0")
    return {str(k): float(v) for k, v in found.items()}


#: The longest timeout taken: a week. (An engine's request has no use for more, and a deadline past
#: what the system's timers hold, such as 1e308 seconds, would fail every request.)
MAX_SECONDS = 7 * 24 * 3600


def positive_seconds(text: str) -> float:
    """A number of seconds for ``--timeout``: positive and finite (not 0, -1, nan or inf), at
    most :data:`MAX_SECONDS`."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r}: a timeout must be a positive, finite number of seconds")
    if value > MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"{text!r}: a timeout of at most {MAX_SECONDS} seconds (a week)")
    return value


@cache
def known_rulings() -> tuple[str, ...]:
    """Every ruling id a feature file tags (the linter checks that each is a real ruling)."""
    found: set[str] = set()
    for path in features_dir().rglob("*.feature"):
        found.update(_RULING_TAG.findall(path.read_text(encoding="utf-8", errors="replace")))
    return tuple(sorted(found))


#: The most names a message of a name not found lists; past it, it gives a few.
_LISTED = 40


def _unknown(option: str, what: str, values: Iterable[str], known: tuple[str, ...]) -> list[str]:
    problems = []
    for value in values:
        if value in known:
            continue
        close = difflib.get_close_matches(value, known, n=3, cutoff=0.6)
        if close:
            hint = f"; did you mean {' or '.join(close)}?"
        elif len(known) <= _LISTED:
            hint = f"; the {what}s: {', '.join(known)}"
        else:  # the rulings: hundreds
            hint = f" among the suite's {len(known)} (such as {', '.join(known[:: len(known) // 3][:3])})"
        problems.append(f"{option} {value!r}: no such {what}{hint}")
    return problems


@dataclass(frozen=True)
class Selection:
    """Which scenarios a run covers: editions, parts of the turn, rulings and a piece of the name.

    Empty means every one. ``name`` is plain text, found anywhere in the scenario's name
    (with an outline's example values), whatever its case.
    """

    editions: tuple[str, ...] = ()
    parts: tuple[str, ...] = ()
    rulings: tuple[str, ...] = ()
    name: str | None = None

    def problems(self) -> list[str]:
        """Ruling ids and parts that no feature file has, each with the closest that exist."""
        return _unknown("--ruling", "ruling id", self.rulings, known_rulings()) + _unknown(
            "--part", "part", self.parts, known_parts()
        )

    def selects(self, part: str | None, name: str, edition: str | None, rulings: Iterable[str]) -> bool:
        """Whether the scenario (of this part, name and example, edition and rulings) is in the selection
        (``edition`` None: in any of its editions)."""
        if self.parts and part not in self.parts:
            return False
        if self.editions and edition is not None and edition not in self.editions:
            return False
        if self.rulings and not set(self.rulings) & set(rulings):
            return False
        return self.name is None or self.name.casefold() in name.casefold()

    def surely_selects(self, scenario_id: str) -> bool:
        """Whether a scenario known only by its id (``part::name::edition``) is in the selection.

        Its rulings can't be told from its id: under ``--ruling`` the answer is no.
        """
        part, _, rest = scenario_id.partition("::")
        name, _, edition = rest.rpartition("::")
        return not self.rulings and self.selects(part, name, edition, ())


def check_output_dir(option: str, directory: str) -> None:
    """A directory the run can write its reports into: made now if missing, and tried."""
    path = Path(directory)
    if path.exists() and not path.is_dir():
        raise OptionError(f"{option} {directory}: exists and is not a directory")
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        raise OptionError(f"{option} {directory}: can't be written: {exc.strerror or exc}") from None


def check_apart(
    option: str, directory: Path, names: Iterable[str], inputs: Iterable[Path], work: str, verb: str
) -> None:
    """Writing the files ``names`` into ``directory`` replaces none of the ``inputs`` (a comparison
    written beside the reports it compares, under the name of one): that input would be lost, and
    the command could not be run again on it. ``work`` and ``verb`` say the command's job ("the
    merge", "merges")."""
    for path in inputs:
        for name in names:
            with contextlib.suppress(OSError):  # a file not there yet is no input's
                if os.path.samefile(path, directory / name):
                    said = f"{work} would replace {path}, a report it {verb}: write it elsewhere"
                    raise OptionError(f"{option} {directory}: {said}")


def probe_output_dir(option: str, directory: str) -> None:
    """:func:`check_output_dir`, the directories it made removed again: for a check that must come
    before other usage errors (and before an engine starts), none of which may leave a directory
    behind. Whatever writes into the directory makes it."""
    missing = [p for p in (Path(directory), *Path(directory).parents) if not os.path.exists(p)]  # deepest first
    try:
        check_output_dir(option, directory)
    finally:
        for made in missing:
            with contextlib.suppress(OSError):  # not made (under a file), or written into since
                made.rmdir()


def check_output_file(option: str, file: str) -> None:
    """A file the run can write at its end: not a directory, in a directory that can be written."""
    path = Path(file)
    if path.is_dir():
        raise OptionError(f"{option} {file}: is a directory")
    if path.exists() and not os.access(path, os.W_OK):
        raise OptionError(f"{option} {file}: can't be written: permission denied")
    check_output_dir(option, str(path.parent))


def read_expectations(option: str, path: str | None) -> Expectations | None:
    """The expectations file an option names, read and checked now rather than after the run."""
    if path is None:
        return None
    try:
        return load_expectations(Path(path))
    except ExpectationsError as exc:
        raise OptionError(f"{option}: {exc}") from None
