"""Binding the feature files to pytest, one file at a time, and only the files a run needs.

pytest-bdd's ``scenarios()`` stops collection at the first file it cannot parse. Binding
each file separately turns a malformed file into a failing test that names it, while
every other scenario still runs. That test runs once per selected edition, like a scenario,
so that the file counts as an error in each edition's verdict and reports.

A run limited with ``--part``, ``--ruling`` or ``--edition`` binds only the files that can
hold what it runs: the others would be parsed and collected only to be deselected (with
``-n``, once in every worker). The exact selection is still made on the collected scenarios.

``turncheck certify -j N`` runs N sessions side by side, each binding its own share of those
files (``--shard I/N``): :func:`shares` splits them, the same way in every session.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

import pytest

from checker.contract.features import features_dir
from checker.contract.utf8 import in_other_encoding
from checker.contract.vocabulary import EDITIONS

#: The scenario name a malformed feature file's result gets.
UNREADABLE = "(the feature file cannot be read)"


def malformed(path: Path, error: Exception) -> Callable[[], None]:
    """A test that fails with the reason ``path`` could not be read as Gherkin."""
    why = str(error)
    if isinstance(error, UnicodeDecodeError):  # a file saved as UTF-16 is said to be one
        why = in_other_encoding(error.object) or why

    def test() -> None:
        pytest.fail(f"{path}: the feature file cannot be read: {why}", pytrace=False)

    test.__name__ = f"test_feature_file_{path.stem}"
    setattr(test, MALFORMED, path)
    for edition in EDITIONS:
        pytest.mark.edition(edition)(test)
    return pytest.mark.usefixtures("edition")(test)


MALFORMED = "malformed_feature_file"


def malformed_file(item: pytest.Item) -> Path | None:
    """The feature file a collected test stands for because it can't be read, if it does."""
    found = getattr(getattr(item, "obj", None), MALFORMED, None)
    return found if isinstance(found, Path) else None


#: A session's feature files, worked out once: the parsed-feature cache, the binding and the
#: storing after collection all ask (and a ruling or edition chosen means reading every file).
_FILES = pytest.StashKey[tuple[Path, ...]]()


def feature_files(config: pytest.Config | None) -> list[Path]:
    """The feature files to bind: every one, or those that can hold the chosen parts, rulings and
    editions; only the session's share of them when it has one (``--shard I/N``)."""
    if config is None:
        return chosen_files()
    if _FILES not in config.stash:
        paths = chosen_files(
            config.getoption("part", None) or (),
            config.getoption("ruling", None) or (),
            config.getoption("edition", None) or (),
        )
        shard = config.getoption("shard", None)
        if shard is not None:
            index, count = shard
            paths = shares(paths, count, config.getoption("shard_weights", None))[index - 1]
        config.stash[_FILES] = tuple(paths)
    bound = config.stash[_FILES]
    return list(bound)


def chosen_files(parts: Iterable[str] = (), rulings: Iterable[str] = (), editions: Iterable[str] = ()) -> list[Path]:
    """Every feature file, or those that can hold the chosen parts, rulings and editions."""
    paths = sorted(features_dir().rglob("*.feature"))
    parts, rulings, editions = set(parts), set(rulings), set(editions)
    if parts:
        paths = [p for p in paths if p.stem in parts]
    if rulings:
        paths = [p for p in paths if _may_tag(p, "ruling", rulings)]
    if editions:
        paths = [p for p in paths if _may_tag(p, "edition", editions)]
    return paths


def shares(paths: list[Path], count: int, weights: Mapping[str, float] | None = None) -> list[list[Path]]:
    """``paths`` split into ``count`` shares of about the same work, each in the files' order.

    A file's work is its weight by name (its part: the seconds it took last time,
    :mod:`checker.running.durations`) where ``weights`` has every file; else its size: its
    scenarios, examples and edition tags are most of its text. Greedy: the heaviest file goes to
    the lightest share so far (ties to the first share). A share is empty when there are fewer
    files than shares.
    """
    work: Callable[[Path], float] = _size
    if weights is not None and all(p.stem in weights for p in paths):
        work = lambda p: weights[p.stem]  # noqa: E731
    loads = [0.0] * count
    chosen: list[list[Path]] = [[] for _ in range(count)]
    for path in sorted(paths, key=lambda p: (-work(p), p)):
        lightest = loads.index(min(loads))
        loads[lightest] += work(path)
        chosen[lightest].append(path)
    return [sorted(share) for share in chosen]


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:  # bound anyway, to be reported as unreadable
        return 0


def _may_tag(path: Path, kind: str, values: set[str]) -> bool:
    """Whether the file's text has a tag ``@kind:value`` for one of the values (a file that can't
    be read: yes, so that its binding reports it)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeError):
        return True
    return any(f"@{kind}:{v}" in text for v in values)
