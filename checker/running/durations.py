"""How long each feature file's scenarios took on an engine: what ``turncheck certify -j N``
splits the files by.

A run's sessions each bind a share of the feature files (:func:`checker.running.collect.shares`);
the run lasts as long as its slowest share. A file's size is a poor guess of its work: the
reference engine spends twice as long per byte on some files as on others, and another engine's
slow spots are its own. So each complete run keeps, for its engine, each file and edition, the
seconds its scenario runs took and how many there were (in the user's cache directory,
``durations.json``: :mod:`checker.running.user_cache`), and the next run with ``-j`` splits by
them when it has them for every file it binds; otherwise by size.

The parent process works the weights out once and hands them to every session
(``--shard-weights``): each session splits the files the same way even if another run rewrites
the cache meanwhile.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from checker.judging.results import ScenarioResult
from checker.running import user_cache

#: What one scenario run costs beyond its steps (pytest's own work for each test), in seconds:
#: added to a file's measured seconds for each of its runs.
PER_RUN = 0.0015
#: The engines whose seconds are kept: those recorded last. Every complete run reads and rewrites
#: the file, and an engine is named by its command line, which may hold a path that changes from
#: run to run: without a bound the file would grow for ever.
ENGINES_KEPT = 50


def _file() -> Path | None:
    found = user_cache.directory()
    return None if found is None else found / "durations.json"


def _read() -> dict[str, Any]:
    path = _file()
    if path is None:
        return {}
    try:
        kept = json.loads(path.read_text(encoding="utf-8-sig"))  # a byte order mark: a hand edit in Notepad
    except (OSError, ValueError, RecursionError):  # unreadable, not JSON, or nested too deep: start afresh
        return {}
    return kept if isinstance(kept, dict) else {}


def weights(engine: str, parts: Sequence[str], editions: Iterable[str]) -> dict[str, float] | None:
    """Each part's (feature file's) expected seconds on ``engine`` in ``editions``; None unless the
    cache knows every part."""
    known = _read().get(engine)
    if not isinstance(known, dict):
        return None
    chosen = list(editions)
    found: dict[str, float] = {}
    for part in parts:
        by_edition = known.get(part)
        if not isinstance(by_edition, dict):
            return None
        try:
            found[part] = sum(float(s) + PER_RUN * int(n) for s, n in (by_edition.get(e, (0, 0)) for e in chosen))
        except (TypeError, ValueError):  # a damaged cache: split by size
            return None
    return found


def _object(value: object) -> dict[str, Any]:
    """A JSON object of the cache as it was, or a new one where the cache held something else."""
    return dict(value) if isinstance(value, dict) else {}


def record(engine: str, results: Iterable[ScenarioResult]) -> None:
    """Keep how long the run's scenarios took, by part and edition (what it didn't run stays as it was)."""
    path = _file()
    if path is None:
        return
    measured: dict[str, dict[str, list[float]]] = {}
    for r in results:
        seconds_runs = measured.setdefault(r.part, {}).setdefault(r.edition, [0.0, 0])
        seconds_runs[0] += r.duration
        seconds_runs[1] += 1
    kept = _read()
    by_part = _object(kept.pop(engine, None))
    for part, by_edition in measured.items():
        by_part[part] = {**_object(by_part.get(part)), **{e: [round(s, 4), int(n)] for e, (s, n) in by_edition.items()}}
    kept[engine] = by_part  # last: the engines are kept in the order they were last recorded
    for oldest in list(kept)[: max(0, len(kept) - ENGINES_KEPT)]:
        del kept[oldest]
    user_cache.keep(path, json.dumps(kept).encode())  # if it can't, the next run splits by size
