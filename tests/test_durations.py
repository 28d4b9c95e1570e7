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

#: What the weights noted in the test (emptied before each).
NOTES: list[str] = []


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("TURNCHECK_NO_CACHE", raising=False)
    NOTES.clear()
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
    assert durations.weights("reference", ["untap"], ["cr2024"], NOTES.append) is None  # nothing kept yet
    durations.record(
        "reference", [_run("untap", "cr2024", 0.5), _run("untap", "cr2024", 0.25), _run("draw", "mirage", 1)]
    )
    found = durations.weights("reference", ["untap", "draw"], ["cr2024", "mirage"], NOTES.append)
    assert found == pytest.approx({"untap": 0.75 + 2 * durations.PER_RUN, "draw": 1 + durations.PER_RUN})
    assert durations.weights("reference", ["untap"], ["mirage"], NOTES.append) == {"untap": 0.0}  # no mirage scenario
    assert durations.weights("another engine", ["untap"], ["cr2024"], NOTES.append) is None
    assert durations.weights("reference", ["untap", "combat"], ["cr2024"], NOTES.append) is None  # a part never run


def test_a_later_run_replaces_what_it_ran_and_keeps_the_rest() -> None:
    durations.record("reference", [_run("untap", "cr2024", 0.5), _run("draw", "cr2024", 1)])
    durations.record("reference", [_run("untap", "cr2024", 2)])
    found = durations.weights("reference", ["untap", "draw"], ["cr2024"], NOTES.append)
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
    assert durations.weights("b", ["untap"], ["cr2024"], NOTES.append) is None
    assert durations.weights("a", ["untap", "draw"], ["cr2024"], NOTES.append) == pytest.approx(
        {"untap": 0.5 + durations.PER_RUN, "draw": 1 + durations.PER_RUN}
    )


@pytest.mark.parametrize(
    ("kept", "damage"),
    [
        ("not json", "not JSON: Expecting value: line 1 column 1 (char 0)"),
        ("[1, 2]", "not a JSON object"),
        ('{"reference": []}', "'reference': [] is not an object of feature files"),
        (
            '{"reference": {"untap": {"cr2024": "fast"}}}',
            """'reference', 'untap': {"cr2024": "fast"} is not [seconds""",
        ),
        ('{"reference": {"untap": {"cr2024": [-50, 1]}}}', "'reference', 'untap': "),  # the sessions refused it
        ('{"reference": {"untap": {"cr2024": [1e400, 1]}}}', "'reference', 'untap': "),  # endless
        ('{"reference": {"untap": {"cr2024": [NaN, 1]}}}', "'reference', 'untap': "),
        ('{"reference": {"untap": {"cr2024": [1, 1e400]}}}', "'reference', 'untap': "),
        ('{"reference": {"untap": {"cr2024": [1, ' + "9" * 400 + "]}}}", "'reference', 'untap': "),  # past a float
        ('{"reference": {"untap": {"cr2024": [1, 1], "mirage": [1, 2, 3]}}}', "'reference', 'untap': "),
        ("[" * 100_000 + "]" * 100_000, "its JSON is nested too deep"),
        # Which value would count is a guess: once the second, silently.
        (
            '{"reference": {"untap": {"cr2024": [9, 1]}}, "reference": {}}',
            "the key 'reference' is given more than once",
        ),
        ('{"reference": {"untap": {"cr2024": [9, 1], "cr2024": [1, 1]}}}', "the key 'cr2024' is given more than once"),
    ],
)
def test_a_damaged_cache_is_said_and_no_split_and_is_mended_by_the_next_run(
    cache: Path, kept: str, damage: str
) -> None:
    cache.parent.mkdir(parents=True)
    cache.write_text(kept)
    assert durations.weights("reference", ["untap"], ["cr2024"], NOTES.append) is None
    assert len(NOTES) == 1 and NOTES[0].startswith(f"the durations cache {cache} is damaged ({damage}")
    assert NOTES[0].endswith(
        "): the feature files are split among the jobs by size, and the next complete run mends the cache"
    )
    durations.record("reference", [_run("untap", "cr2024", 0.5)])
    assert durations.weights("reference", ["untap"], ["cr2024"], NOTES.append) == pytest.approx(
        {"untap": 0.5 + durations.PER_RUN}
    )
    assert len(NOTES) == 1


def test_an_engines_values_that_arent_seconds_are_dropped_by_its_next_run_and_the_others_kept(cache: Path) -> None:
    """A run of one part mends the whole engine: the damage in another part would be said at every run."""
    cache.parent.mkdir(parents=True)
    cache.write_text(
        json.dumps({"reference": {"untap": {"cr2024": [1, 1], "mirage": [-1, 1]}, "draw": {"cr2024": "x"}}})
    )
    durations.record("reference", [_run("combat", "cr2024", 0.5)])
    assert json.loads(cache.read_text())["reference"] == {
        "untap": {"cr2024": [1, 1]},
        "draw": {},
        "combat": {"cr2024": [0.5, 1]},
    }


def test_an_edition_a_part_was_never_run_in_is_unknown_and_one_it_has_no_scenario_in_costs_nothing() -> None:
    """After a cr2024 run, a mirage run's every part weighed nothing: -j 2 gave one session every file."""
    durations.record("reference", [_run("untap", "cr2024", 0.5), _run("draw", "cr2024", 1)])
    assert durations.weights("reference", ["untap", "draw"], ["mirage"], NOTES.append) is None
    # A run of both editions, in which draw has no scenario of mirage:
    durations.record("reference", [_run("untap", "mirage", 0.5), _run("untap", "cr2024", 1), _run("draw", "cr2024", 1)])
    assert durations.weights("reference", ["untap", "draw"], ["mirage"], NOTES.append) == pytest.approx(
        {"untap": 0.5 + durations.PER_RUN, "draw": 0.0}
    )
    assert NOTES == []


def test_a_run_with_jobs_over_a_damaged_cache_says_so_and_splits_by_size(
    cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Seconds below 0 went to the sessions as weights, which refused them: the run was a usage error."""
    cache.parent.mkdir(parents=True)
    cache.write_text(json.dumps({"reference": {p: {"cr2024": [-50, 1]} for p in ("untap", "draw")}}))
    selection = ["--part", "untap", "--part", "draw", "--edition", "cr2024"]
    assert main(["certify", "--engine", "reference", "--plain", "-j", "2", *selection]) == 0
    assert f"note: the durations cache {cache} is damaged ('reference', " in capsys.readouterr().err
    assert durations.weights("reference", ["untap", "draw"], ["cr2024"], NOTES.append) is not None  # mended
    assert NOTES == []


def test_turned_off_or_unwritable_the_cache_is_done_without(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TURNCHECK_NO_CACHE", "1")
    durations.record("reference", [_run("untap", "cr2024", 0.5)])
    assert not cache.exists() and durations.weights("reference", ["untap"], ["cr2024"], NOTES.append) is None
    monkeypatch.delenv("TURNCHECK_NO_CACHE")
    cache.parent.parent.mkdir(parents=True, exist_ok=True)
    cache.parent.write_text("a file where the directory goes")
    durations.record("reference", [_run("untap", "cr2024", 0.5)])  # no exception
    assert durations.weights("reference", ["untap"], ["cr2024"], NOTES.append) is None


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
    assert durations.weights("reference", ["untap"], ["cr2024"], NOTES.append) == pytest.approx(
        {"untap": 0.5 + durations.PER_RUN}
    )
