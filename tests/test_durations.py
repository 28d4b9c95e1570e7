"""How long each feature file took, kept for the next run's split among its jobs: by engine, part
and edition, and never a reason for a run to fail."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from checker.cli import main
from checker.judging.results import ScenarioResult, Status
from checker.running import durations, user_cache


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("TURNCHECK_NO_CACHE", raising=False)
    return tmp_path / "turncheck" / "durations.json"


def _run(part: str, edition: str, seconds: float) -> ScenarioResult:
    return ScenarioResult(
        ScenarioResult.make_id(part, f"a scenario of {part}", None, edition),
        part,
        part,
        f"a scenario of {part}",
        None,
        edition,
        (),
        Status.PASSED,
        seconds,
    )


def test_a_run_keeps_each_parts_seconds_by_engine_and_edition() -> None:
    assert durations.weights("reference", ["untap"], ["cr2024"]) is None  # nothing kept yet
    durations.record(
        "reference", [_run("untap", "cr2024", 0.5), _run("untap", "cr2024", 0.25), _run("draw", "mirage", 1)]
    )
    found = durations.weights("reference", ["untap", "draw"], ["cr2024", "mirage"])
    assert found == pytest.approx({"untap": 0.75 + 2 * durations.PER_RUN, "draw": 1 + durations.PER_RUN})
    assert durations.weights("reference", ["untap"], ["mirage"]) == {"untap": 0.0}  # no mirage scenario
    assert durations.weights("another engine", ["untap"], ["cr2024"]) is None
    assert durations.weights("reference", ["untap", "combat"], ["cr2024"]) is None  # a part never run


def test_a_later_run_replaces_what_it_ran_and_keeps_the_rest() -> None:
    durations.record("reference", [_run("untap", "cr2024", 0.5), _run("draw", "cr2024", 1)])
    durations.record("reference", [_run("untap", "cr2024", 2)])
    found = durations.weights("reference", ["untap", "draw"], ["cr2024"])
    assert found == pytest.approx({"untap": 2 + durations.PER_RUN, "draw": 1 + durations.PER_RUN})


def test_only_the_engines_recorded_last_are_kept(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine's command line may name a path that changes from run to run: the file keeps the
    engines recorded last, an engine recorded again becoming the latest."""
    monkeypatch.setattr(durations, "ENGINES_KEPT", 3)
    for engine in ("a", "b", "c"):
        durations.record(engine, [_run("untap", "cr2024", 0.5)])
    durations.record("a", [_run("draw", "cr2024", 1)])  # a is now the latest, b the oldest
    durations.record("d", [_run("untap", "cr2024", 0.5)])
    assert list(json.loads(cache.read_text())) == ["c", "a", "d"]
    assert durations.weights("b", ["untap"], ["cr2024"]) is None
    assert durations.weights("a", ["untap", "draw"], ["cr2024"]) == pytest.approx(
        {"untap": 0.5 + durations.PER_RUN, "draw": 1 + durations.PER_RUN}
    )


@pytest.mark.parametrize(
    "kept",
    [
        "not json",
        "[1, 2]",
        '{"reference": []}',
        '{"reference": {"untap": {"cr2024": "fast"}}}',
        "[" * 100_000 + "]" * 100_000,  # nested too deep to read
    ],
)
def test_a_damaged_cache_is_no_split_and_is_written_afresh(cache: Path, kept: str) -> None:
    cache.parent.mkdir(parents=True)
    cache.write_text(kept)
    assert durations.weights("reference", ["untap"], ["cr2024"]) is None
    durations.record("reference", [_run("untap", "cr2024", 0.5)])
    assert durations.weights("reference", ["untap"], ["cr2024"]) == pytest.approx({"untap": 0.5 + durations.PER_RUN})


def test_turned_off_or_unwritable_the_cache_is_done_without(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TURNCHECK_NO_CACHE", "1")
    durations.record("reference", [_run("untap", "cr2024", 0.5)])
    assert not cache.exists() and durations.weights("reference", ["untap"], ["cr2024"]) is None
    monkeypatch.delenv("TURNCHECK_NO_CACHE")
    cache.parent.parent.mkdir(parents=True, exist_ok=True)
    cache.parent.write_text("a file where the directory goes")
    durations.record("reference", [_run("untap", "cr2024", 0.5)])  # no exception
    assert durations.weights("reference", ["untap"], ["cr2024"]) is None


def test_a_complete_run_of_a_part_is_kept_and_a_narrower_run_is_not(cache: Path) -> None:
    """A run of whole parts keeps their seconds; a run narrowed to a ruling or a name (only some of
    a part's scenarios) would make the part look light, and keeps nothing."""
    assert main(["certify", "--engine", "reference", "--plain", "--part", "untap", "--edition", "cr2024"]) == 0
    kept = json.loads(cache.read_text())["reference"]
    assert list(kept) == ["untap"] and list(kept["untap"]) == ["cr2024"] and kept["untap"]["cr2024"][1] > 1
    before = cache.read_bytes()
    assert main(["certify", "--engine", "reference", "--plain", "--part", "draw", "-k", "draws for her turn"]) == 0
    assert main(["certify", "--engine", "reference", "--plain", "--ruling", "GRT-1.6-4"]) == 0
    assert cache.read_bytes() == before


def test_the_test_sessions_runs_cache_outside_the_users_directory(monkeypatch: pytest.MonkeyPatch) -> None:
    """What ``tests/conftest.py`` sees to: as this file's own fixture is undone, the session's directory shows."""
    monkeypatch.undo()
    default = Path(os.path.expanduser("~")) / ".cache" / "turncheck"
    assert os.environ.get("XDG_CACHE_HOME") and user_cache.directory() != default


def test_a_cache_saved_with_a_byte_order_mark_is_read_as_one_without(cache: Path) -> None:
    durations.record("reference", [_run("untap", "cr2024", 0.5)])
    cache.write_bytes(b"\xef\xbb\xbf" + cache.read_bytes())
    assert durations.weights("reference", ["untap"], ["cr2024"]) == pytest.approx({"untap": 0.5 + durations.PER_RUN})
