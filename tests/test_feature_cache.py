"""The parsed feature files kept between runs: served only while a file is unchanged, and never a
reason for a run to fail."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from pytest_bdd import feature as bdd_feature
from pytest_bdd.parser import FeatureParser

from checker.running import feature_cache

FEATURE = """Feature: Untap
  @edition:cr2024 @ruling:CR24-502.3
  Scenario: the active player untaps
    Given a two-player game between Alice and Bob
    Then it is the untap step
"""


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A cache directory of its own, and pytest-bdd's parsed features left as they were."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("TURNCHECK_NO_CACHE", raising=False)
    monkeypatch.setattr(bdd_feature, "features", {})
    monkeypatch.setattr(feature_cache, "_SERVED", set())
    yield tmp_path / "cache" / "turncheck" / "features"


def _parse(path: Path) -> None:
    """What a session does: pytest-bdd parses the file and keeps it."""
    bdd_feature.get_feature(str(path.parent), path.name)


def _fresh_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bdd_feature, "features", {})
    monkeypatch.setattr(feature_cache, "_SERVED", set())


def _stored(directory: Path) -> Path:
    """A feature file written, parsed by a session and stored in the cache."""
    path = directory / "untap.feature"
    path.write_text(FEATURE)
    _parse(path)
    feature_cache.store([path])
    return path


def _steps(path: Path) -> list[str]:
    parsed = bdd_feature.features[str(path)]
    return [step.name for scenario in parsed.scenarios.values() for step in scenario.steps]


def test_a_feature_parsed_once_is_served_from_the_cache(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert feature_cache.preload([tmp_path / "untap.feature"]) == 0
    path = _stored(tmp_path)
    assert len(list(cache.glob("untap-*.pickle"))) == 1

    _fresh_process(monkeypatch)
    assert feature_cache.preload([path]) == 1
    served = bdd_feature.features[str(path)]
    parsed = FeatureParser(str(tmp_path), path.name).parse()
    assert _steps(path) == [s.name for sc in parsed.scenarios.values() for s in sc.steps]
    assert [sc.tags for sc in served.scenarios.values()] == [sc.tags for sc in parsed.scenarios.values()]


def test_an_edited_file_is_parsed_again_and_its_old_entry_dropped(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _stored(tmp_path)
    old = next(cache.glob("untap-*.pickle"))

    _fresh_process(monkeypatch)
    path.write_text(FEATURE.replace("it is the untap step", "it is the upkeep step"))
    assert feature_cache.preload([path]) == 0  # same size and name, other contents: not served
    _parse(path)
    assert _steps(path)[-1] == "it is the upkeep step"
    feature_cache.store([path])
    assert [p.name for p in cache.glob("untap-*.pickle")] != [old.name]
    assert len(list(cache.glob("untap-*.pickle"))) == 1


def test_a_damaged_entry_is_passed_over_and_replaced(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _stored(tmp_path)
    entry = next(cache.glob("untap-*.pickle"))
    entry.write_bytes(b"not a pickle")

    _fresh_process(monkeypatch)
    assert feature_cache.preload([path]) == 0
    _parse(path)
    feature_cache.store([path])
    _fresh_process(monkeypatch)
    assert feature_cache.preload([path]) == 1


def test_turned_off_or_unwritable_the_cache_costs_nothing(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "untap.feature"
    path.write_text(FEATURE)
    _parse(path)
    monkeypatch.setenv("TURNCHECK_NO_CACHE", "1")
    feature_cache.store([path])
    assert not cache.exists()
    assert feature_cache.preload([path]) == 0

    monkeypatch.delenv("TURNCHECK_NO_CACHE")
    cache.parent.mkdir(parents=True)
    cache.write_text("a file where the directory goes")
    feature_cache.store([path])  # no exception: the run goes on without the cache
    assert feature_cache.preload([path]) == 0


def _entry(cache: Path, path: Path) -> Path:
    found = feature_cache._entry(cache, path)
    assert found is not None
    return found


#: A time before the cache's limit of days unused.
LONG_AGO = time.time() - (feature_cache.UNUSED_DAYS + 1) * 86_400


def test_entries_no_run_has_used_for_long_are_forgotten_when_the_cache_next_stores(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A checkout deleted leaves entries no run asks for again: whenever the cache stores a feature,
    it removes those unserved for UNUSED_DAYS days. An entry served is touched, and kept."""
    gone, used, new = (tmp_path / name for name in ("deleted checkout", "checkout in use", "new checkout"))
    for directory in (gone, used, new):
        directory.mkdir()
    abandoned, served = _stored(gone), _stored(used)
    for path in (abandoned, served):
        os.utime(_entry(cache, path), (LONG_AGO, LONG_AGO))
    _fresh_process(monkeypatch)
    assert feature_cache.preload([served]) == 1  # served: touched
    added = _stored(new)  # storing looks through the cache
    assert _entry(cache, served).exists() and _entry(cache, added).exists()
    assert not _entry(cache, abandoned).exists()
    assert len(list(cache.glob("*.pickle"))) == 2


def test_a_run_served_whole_by_the_cache_looks_through_nothing(
    cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _stored(tmp_path)
    os.utime(_entry(cache, path), (LONG_AGO, LONG_AGO))
    _fresh_process(monkeypatch)
    monkeypatch.setattr(feature_cache, "_forget_unused", lambda directory: pytest.fail("looked through the cache"))
    assert feature_cache.preload([path]) == 1
    feature_cache.store([path])
    assert _entry(cache, path).stat().st_mtime > LONG_AGO  # touched as it was served
