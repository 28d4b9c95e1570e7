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
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from collections.abc import Iterable
from functools import cache
from importlib.metadata import version
from pathlib import Path

from pytest_bdd import feature as bdd_feature
from pytest_bdd.parser import Feature

from checker.running import user_cache

#: pytest-bdd's keys of the features this process took from the cache.
_SERVED: set[str] = set()


def cache_dir() -> Path | None:
    """Where the parsed features go, or None when the cache is turned off."""
    found = user_cache.directory()
    return None if found is None else found / "features"


@cache
def _versions() -> bytes:
    """What parses a feature file: a parse by another version isn't used."""
    return "\0".join((version("pytest-bdd"), version("gherkin-official"), sys.version, "")).encode()


def _entry(directory: Path, path: Path) -> tuple[str, Path] | None:
    """pytest-bdd's key of the file at ``path``, and its cache entry; None if it can't be read."""
    key = os.path.abspath(path)  # as pytest_bdd.feature.get_feature names it
    try:
        contents = path.read_bytes()
    except OSError:
        return None
    where = hashlib.sha256(key.encode()).hexdigest()[:16]
    what = hashlib.sha256(_versions() + contents).hexdigest()[:32]
    return key, directory / f"{path.stem}-{where}-{what}.pickle"


def preload(paths: Iterable[Path]) -> int:
    """Hand pytest-bdd the parsed features the cache holds for ``paths``; how many it held."""
    directory = cache_dir()
    if directory is None:
        return 0
    found = 0
    for path in paths:
        entry = _entry(directory, path)
        if entry is None:
            continue
        key, file = entry
        try:
            parsed = pickle.loads(file.read_bytes())
        except FileNotFoundError:
            continue
        except Exception:
            continue
        if isinstance(parsed, Feature):
            bdd_feature.features[key] = parsed
            _SERVED.add(key)
            found += 1
    return found


def store(paths: Iterable[Path]) -> None:
    """Keep the features pytest-bdd parsed from ``paths`` that the cache doesn't hold yet (and drop
    the entries of earlier contents of the same files)."""
    directory = cache_dir()
    if directory is None:
        return
    for path in paths:
        entry = _entry(directory, path)
        if entry is None or entry[0] not in bdd_feature.features or entry[0] in _SERVED:
            continue
        key, file = entry
        try:
            directory.mkdir(parents=True, exist_ok=True)
            for older in directory.glob(file.name.rsplit("-", 1)[0] + "-*.pickle"):
                older.unlink(missing_ok=True)
            with tempfile.NamedTemporaryFile(dir=directory, suffix=".tmp", delete=False) as out:
                pickle.dump(bdd_feature.features[key], out, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(out.name, file)
            _SERVED.add(key)
        except (OSError, pickle.PicklingError):
            return  # a read-only or full disk: the run goes on without the cache
