"""Every game the reference engine plays in the scenarios, recorded, breaks no rule of its edition."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.contract.interface import GameSetup, PlayerSetup, UnsupportedError
from checker.contract.vocabulary import EVENT_FIELDS
from checker.running.recording import RecordingAdapter
from checker.trace.check import check_trace
from checker.trace.files import open_trace
from checker.trace.problems import TraceError
from checker.trace.results import Status
from checker.trace.verdict import check_files, exit_code

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    directory = tmp_path_factory.mktemp("traces")
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(ROOT / "tests/test_features.py")]
    subprocess.run([*command, "--record-traces", str(directory)], check=True, capture_output=True, cwd=ROOT)
    return sorted(directory.glob("*.jsonl"))


def test_every_recorded_scenario_run_keeps_every_rule(recorded: list[Path]) -> None:
    assert len(recorded) > 700
    results = check_files(recorded)
    broken = [f"{r.path}:{v.line} {v.check}: {v.shows}" for r in results for v in r.violations]
    assert not broken, broken[:10]
    assert exit_code(results) == 0
    passed = {c.check for r in results for c in r.results if c.status is Status.PASSED}
    assert len(passed) >= 40  # the scenarios exercise nearly every check
    assert "combat.second-damage-step-exactly-with-first-or-double-strike" in passed  # White Knight, Fencing Ace


def test_the_reference_engine_fills_only_the_event_fields_declared_for_each_kind(recorded: list[Path]) -> None:
    """What docs/protocol.md tells engine authors of player, subject and amount holds of the reference."""
    filled: set[tuple[str, str]] = set()
    for path in recorded:
        for line in path.read_text(encoding="utf-8").splitlines():
            event = json.loads(line).get("event")
            if event is not None:
                filled.update((event["kind"], f) for f in ("player", "subject", "amount") if event.get(f) is not None)
    undeclared = sorted((kind, field) for kind, field in filled if field not in EVENT_FIELDS[kind])
    assert not undeclared, undeclared
    # Most declarations are seen filled (kinds the scenarios never raise, or never fill, aside).
    declared = {(kind, field) for kind, fields in EVENT_FIELDS.items() for field in fields}
    assert len(filled) >= 0.9 * len(declared), sorted(declared - filled)


def test_recorded_lines_match_the_schema(recorded: list[Path]) -> None:
    for path in recorded[::40]:
        problems: list[object] = []
        trace = open_trace(path, validate=True)
        assert list(trace.entries(problems))  # type: ignore[arg-type]
        assert not problems, problems


def test_a_malformed_line_is_named_and_the_rest_is_checked(tmp_path: Path, recorded: list[Path]) -> None:
    lines = recorded[0].read_text().splitlines()
    lines[3] = '{"event": {"kind": "teleported", "turn": 1}}'
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n")
    missing = tmp_path / "missing.jsonl"
    results = check_files([bad, missing, recorded[1]])
    assert [p.line for p in results[0].problems] == [4]
    assert "teleported" in results[0].problems[0].problem
    assert results[1].error is not None and "no such trace file" in results[1].error
    assert results[2].results and not results[2].violations
    assert exit_code(results) == 2


def test_a_file_that_is_no_trace_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    path.write_text('{"format": "mtg-turn-conformance-report"}\n')
    with pytest.raises(TraceError, match="not a trace"):
        open_trace(path)


def test_a_new_end_of_turn_effect_in_mirage_cleanup_stays_in_the_one_cleanup_phase(recorded: list[Path]) -> None:
    """Its effect joins the active player's own in the same cleanup phase: begun once, ended once."""
    (path,) = [p for p in recorded if "joins_her_own_mirage" in p.name]
    events = [line for line in path.read_text().splitlines() if '"subject":"cleanup"' in line]
    assert [json.loads(e)["event"]["kind"] for e in events] == ["phase_began", "phase_ended"]


def test_the_checks_conditions_change_no_result_on_the_recorded_runs(recorded: list[Path]) -> None:
    changed = [
        p.name
        for p in recorded
        if check_trace(open_trace(p), conditions=False).results != check_trace(open_trace(p)).results
    ]
    assert not changed, changed[:10]


class _RefusesEverySetUp(ReferenceAdapter):
    def start(self, setup: GameSetup) -> None:
        raise UnsupportedError("this engine can't set up a game at the upkeep")


def test_a_set_up_the_engine_refuses_leaves_no_trace_and_keeps_its_reason(tmp_path: Path) -> None:
    path = tmp_path / "run.trace.jsonl"
    recorder = RecordingAdapter(_RefusesEverySetUp(), path, scenario="upkeep::refused::cr2024")
    setup = GameSetup("cr2024", (PlayerSetup("Alice"), PlayerSetup("Bob")), "Alice", phase="beginning", step="upkeep")
    with pytest.raises(UnsupportedError, match="can't set up a game at the upkeep"):
        recorder.start(setup)
    assert not path.exists()
