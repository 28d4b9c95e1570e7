"""The feature files, parsed once and kept between runs.

pytest-bdd parses each feature file the first time a process binds it, and keeps the parsed
feature for the rest of the process (``pytest_bdd.feature.features``). Parsing all of them is
about a twentieth of a whole certification in process, paid again by every run. So the parsed
features are kept on disk, one pickle per file, in the user's cache directory
(:mod:`checker.running.user_cache`), and handed to pytest-bdd as a session is configured
(:func:`preload`). A feature the cache didn't have is parsed by the session as before and
stored when its collection ends (:func:`store`).

An entry is named after the file's path and keyed by its contents and the versions of
pytest-bdd, its Gherkin parser and Python: a file edited since, or another version, is parsed
again. A file is read whole to be keyed, so a stale entry is never used. Writing is atomic (a
temporary file renamed), and an entry that can't be read or written is passed over.

An entry is touched each time it is served. Whenever the cache stores a feature, it removes the
entries no run has used for :data:`UNUSED_DAYS` days: those of a checkout since deleted, or of
a version no longer installed, which no run would ever ask for again.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
import time
from collections.abc import Iterable
from functools import cache
from importlib.metadata import version
from pathlib import Path

from pytest_bdd import feature as bdd_feature
from pytest_bdd.parser import Feature

from checker.running import user_cache

#: pytest-bdd's keys of the features this process took from the cache.
_SERVED: set[str] = set()
#: Days an entry is kept without being served.
UNUSED_DAYS = 30


def cache_dir() -> Path | None:
    """Where the parsed features go, or None when the cache is turned off."""
    found = user_cache.directory()
    return None if found is None else found / "features"


@cache
def _versions() -> bytes:
    """What parses a feature file: a parse by another version isn't used."""
    return "\0".join((version("pytest-bdd"), version("gherkin-official"), sys.version, "")).encode()


def _key(path: Path) -> str:
    """pytest-bdd's key of the feature file at ``path`` (as ``pytest_bdd.feature.get_feature`` names it)."""
    return os.path.abspath(path)


def _entry(directory: Path, path: Path) -> Path | None:
    """The cache entry of the file at ``path`` as it is now; None if it can't be read."""
    try:
        contents = path.read_bytes()
    except OSError:
        return None
    where = hashlib.sha256(_key(path).encode()).hexdigest()[:16]
    what = hashlib.sha256(_versions() + contents).hexdigest()[:32]
    return directory / f"{path.stem}-{where}-{what}.pickle"


def preload(paths: Iterable[Path]) -> int:
    """Hand pytest-bdd the parsed features the cache holds for ``paths``; how many it held."""
    directory = cache_dir()
    if directory is None:
        return 0
    found = 0
    for path in paths:
        file = _entry(directory, path)
        if file is None:
            continue
        try:
            parsed = pickle.loads(file.read_bytes())
        except Exception:  # none yet, or a damaged or foreign entry: parsed again, and replaced
            continue
        if isinstance(parsed, Feature):
            key = _key(path)
            bdd_feature.features[key] = parsed
            _SERVED.add(key)
            found += 1
            with contextlib.suppress(OSError):  # a read-only cache: served all the same
                os.utime(file)
    return found


def store(paths: Iterable[Path]) -> None:
    """Keep the features pytest-bdd parsed from ``paths`` that the cache doesn't hold yet (and drop
    the entries of earlier contents of the same files, and those no run has used for long). A
    run served whole by the cache stores nothing, and doesn't look through it."""
    directory = cache_dir()
    if directory is None:
        return
    stored = False
    for path in paths:
        key = _key(path)
        if key in _SERVED or key not in bdd_feature.features:
            continue  # served by the cache (its file isn't read again), or not parsed in this run
        file = _entry(directory, path)
        if file is None:
            continue
        try:
            data = pickle.dumps(bdd_feature.features[key], protocol=pickle.HIGHEST_PROTOCOL)
            for older in directory.glob(file.name.rsplit("-", 1)[0] + "-*.pickle"):
                older.unlink(missing_ok=True)
        except (OSError, pickle.PicklingError):
            return  # the run goes on without the cache
        if not user_cache.keep(file, data):
            return  # a read-only or full disk: the run goes on without the cache
        _SERVED.add(key)
        stored = True
    if stored:
        _forget_unused(directory)


def _forget_unused(directory: Path) -> None:
    """Remove the entries no run has served for :data:`UNUSED_DAYS` days."""
    oldest = time.time() - UNUSED_DAYS * 86_400
    with contextlib.suppress(OSError):
        for entry in directory.glob("*.pickle"):
            with contextlib.suppress(OSError):  # gone meanwhile (another run forgot it), or not ours to remove
                if entry.stat().st_mtime < oldest:
                    entry.unlink()
