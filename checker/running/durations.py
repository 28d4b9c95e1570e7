"""How long each feature file's scenarios took on an engine: what ``turncheck certify -j N``
splits the files by.

A run's sessions each bind a share of the feature files (:func:`checker.running.collect.shares`);
the run lasts as long as its slowest share. A file's size is a poor guess of its work: the
reference engine spends twice as long per byte on some files as on others, and another engine's
slow spots are its own. So each complete run keeps, for its engine, each file and edition, the
seconds its scenario runs took and how many there were (in the user's cache directory,
``durations.json``: :mod:`checker.running.user_cache`), and the next run with ``-j`` splits by
them when it has them for every file it binds and edition it runs; otherwise by size. A cache that
can't be trusted (not JSON, a key given twice, seconds that aren't a number of 0 or more) is said,
not used, and mended by the next complete run.

The parent process works the weights out once and hands them to every session
(``--shard-weights``): each session splits the files the same way even if another run rewrites
the cache meanwhile.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from checker.contract.documents import repeated_key
from checker.judging.results import ScenarioResult
from checker.running import user_cache

#: What one scenario run costs beyond its steps (pytest's own work for each test, the game's
#: fixtures), in seconds: added to a file's measured seconds for each of its runs. Measured on
#: 2026-11-29: a whole certification's 870 runs took 1.46 s in process, of which their steps 1.16 s
#: (0.35 ms a run beyond them); through the wire about 2.1 s, of which their steps 1.73 s (0.4 ms).
#: (It was 1.5 ms, from before the speed work, which weighed the files of many short runs at up to
#: twice what they took: ``-j 2``'s two shares came to 0.765 and 0.692 s of that run's work, and its
#: sessions ended 75 to 120 ms apart; with 0.4 ms, to 0.730 and 0.727 s.)
PER_RUN = 0.0004
#: The engines whose seconds are kept: those recorded last. Every complete run reads and rewrites
#: the file, and an engine is named by its command line, which may hold a path that changes from
#: run to run: without a bound the file would grow for ever.
ENGINES_KEPT = 50


def _file() -> Path | None:
    found = user_cache.directory()
    return None if found is None else found / "durations.json"


class _Damaged(ValueError):
    """What is wrong with a cache that can't be trusted."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object of the cache; one that gives a key twice (a hand edit, a merge) is damage: which
    of its values counts would be a guess, and a wrong one splits the files badly without a word."""
    found = dict(pairs)
    if len(found) < len(pairs):
        raise _Damaged(f"the key {repeated_key(pairs)!r} is given more than once")
    return found


def _read() -> dict[str, Any]:
    """The engines the cache keeps; raises :class:`_Damaged` where it can't be trusted (none kept
    yet, or the cache turned off: none)."""
    path = _file()
    if path is None:
        return {}
    try:
        text = path.read_text(encoding="utf-8-sig")  # a byte order mark: a hand edit in Notepad
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeError) as exc:
        raise _Damaged(f"it can't be read: {exc}") from None
    try:
        kept = json.loads(text, object_pairs_hook=_unique_keys)
    except RecursionError:
        raise _Damaged("its JSON is nested too deep") from None
    except _Damaged:
        raise
    except ValueError as exc:
        raise _Damaged(f"not JSON: {exc}") from None
    if not isinstance(kept, dict):
        raise _Damaged("not a JSON object")
    return kept


def _run_time(value: object) -> float | None:
    """What an edition's ``[seconds, runs]`` costs, with :data:`PER_RUN` a run; None where the value
    isn't one (a negative or endless weight would make the sessions refuse the split)."""
    if not (isinstance(value, list) and len(value) == 2):
        return None
    seconds, runs = value
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or type(runs) is not int:
        return None
    try:
        found = seconds + PER_RUN * runs
    except OverflowError:  # runs past a float
        return None
    return found if math.isfinite(found) and seconds >= 0 and runs >= 0 else None


def _sound(by_edition: object) -> dict[str, Any]:
    """A part's editions as the cache keeps them, those that aren't ``[seconds, runs]`` left out."""
    return {e: value for e, value in _object(by_edition).items() if _run_time(value) is not None}


def _damaged(note: Callable[[str], None], what: str) -> None:
    note(
        f"the durations cache {_file()} is damaged ({what}): the feature files are split among the jobs "
        "by size, and the next complete run mends the cache"
    )


def weights(
    engine: str, parts: Sequence[str], editions: Iterable[str], note: Callable[[str], None]
) -> dict[str, float] | None:
    """Each part's (feature file's) expected seconds on ``engine`` in ``editions``; None unless the
    cache knows every part. A damaged cache is ``note``d, and not used."""
    try:
        known = _read().get(engine)
    except _Damaged as exc:
        _damaged(note, str(exc))
        return None
    if known is None:
        return None
    if not isinstance(known, dict):
        _damaged(note, f"{engine!r}: {json.dumps(known)[:80]} is not an object of feature files")
        return None
    chosen = list(editions)
    found: dict[str, float] = {}
    for part in parts:
        if part not in known:
            return None
        by_edition = known[part]
        if not isinstance(by_edition, dict) or not all(_run_time(v) is not None for v in by_edition.values()):
            _damaged(note, f"{engine!r}, {part!r}: {json.dumps(by_edition)[:80]} is not [seconds, runs] by edition")
            return None
        seconds = [_run_time(by_edition.get(e)) for e in chosen]
        if None in seconds:  # an edition the part was never run in: unknown, not none
            return None
        found[part] = sum(s for s in seconds if s is not None)
    return found


def _object(value: object) -> dict[str, Any]:
    """A JSON object of the cache as it was, or a new one where the cache held something else."""
    return dict(value) if isinstance(value, dict) else {}


def record(engine: str, results: Iterable[ScenarioResult]) -> None:
    """Keep how long the run's scenarios took, by part and edition (what it didn't run stays as it
    was, but for what isn't sound: a cache that can't be read is written afresh, and an engine's
    values that aren't ``[seconds, runs]`` are left out)."""
    path = _file()
    if path is None:
        return
    measured: dict[str, dict[str, list[float]]] = {}
    for r in results:
        seconds_runs = measured.setdefault(r.part, {}).setdefault(r.edition, [0.0, 0])
        seconds_runs[0] += r.duration
        seconds_runs[1] += 1
    # Every part of a complete run ran in each of its editions: one where a part has no scenario
    # costs nothing, and is kept so, apart from an edition the part was never run in (unknown).
    editions = {edition for by_edition in measured.values() for edition in by_edition}
    for by_edition in measured.values():
        for edition in editions:
            by_edition.setdefault(edition, [0.0, 0])
    try:
        kept = _read()
    except _Damaged:  # (the run that read it said so)
        kept = {}
    by_part = {part: _sound(by_edition) for part, by_edition in _object(kept.pop(engine, None)).items()}
    for part, by_edition in measured.items():
        by_part[part] = {**by_part.get(part, {}), **{e: [round(s, 4), int(n)] for e, (s, n) in by_edition.items()}}
    kept[engine] = by_part  # last: the engines are kept in the order they were last recorded
    for oldest in list(kept)[: max(0, len(kept) - ENGINES_KEPT)]:
        del kept[oldest]
    user_cache.keep(path, json.dumps(kept).encode())  # if it can't, the next run splits by size
