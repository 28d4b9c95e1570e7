"""Comparing two reports: regressions, fixes, other changes, scenarios added and removed."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from checker.cli import main
from checker.judging.diff import Change, Entry, describe, diff
from checker.judging.reports import write_json
from checker.judging.results import EngineIdentity, RunReport, ScenarioResult, Status
from tests.fakes.results import result


def report(version: str, *results: ScenarioResult) -> RunReport:
    return RunReport(
        "0.1.0", EngineIdentity("forge", version, "forge"), "2025-01-01T00:00:00", 1.0, ("cr2024",), results
    )


OLD = report(
    "1.0",
    result("stays passing", Status.PASSED),
    result("breaks", Status.PASSED),
    result("loses support", Status.PASSED),
    result("gets fixed", Status.FAILED),
    result("gets supported", Status.UNSUPPORTED),
    result("fails differently", Status.FAILED),
    result("stays failing", Status.FAILED),
    result("is removed", Status.ERROR),
)
NEW = report(
    "1.1",
    result("stays passing", Status.PASSED),
    result("breaks", Status.FAILED),
    result("loses support", Status.UNSUPPORTED),
    result("gets fixed", Status.PASSED),
    result("gets supported", Status.PASSED),
    result("fails differently", Status.TIMEOUT),
    result("stays failing", Status.FAILED),
    result("is added", Status.FAILED),
)


def _id(scenario: str) -> str:
    return ScenarioResult.make_id("untap", scenario, None, "cr2024")


def test_every_kind_of_difference() -> None:
    d = diff(OLD, NEW)
    assert d.regressions == (
        Change(
            _id("breaks"), Status.PASSED, Status.FAILED, "Then Alice has 19 life: wrong life (expected 19, observed 20)"
        ),
        Change(_id("loses support"), Status.PASSED, Status.UNSUPPORTED, "no"),
    )
    assert d.fixes == (
        Change(_id("gets fixed"), Status.FAILED, Status.PASSED, ""),
        Change(_id("gets supported"), Status.UNSUPPORTED, Status.PASSED, ""),
    )
    assert d.changes == (Change(_id("fails differently"), Status.FAILED, Status.TIMEOUT, "EngineTimeout"),)
    assert d.added == (Entry(_id("is added"), Status.FAILED),)
    assert d.removed == (Entry(_id("is removed"), Status.ERROR),)
    assert d.unchanged == 2
    assert d.has_regressions


def test_a_report_compared_with_itself_has_no_differences() -> None:
    d = diff(OLD, OLD)
    assert not d.has_regressions
    assert (d.regressions, d.fixes, d.changes, d.added, d.removed) == ((), (), (), (), ())
    assert d.unchanged == len(OLD.results)


def test_fixes_alone_are_not_regressions() -> None:
    d = diff(report("1", result("a", Status.FAILED)), report("2", result("a", Status.PASSED)))
    assert not d.has_regressions
    assert len(d.fixes) == 1


def test_a_new_failing_scenario_is_added_not_a_regression() -> None:
    d = diff(report("1"), report("2", result("new", Status.FAILED)))
    assert not d.has_regressions
    assert d.added == (Entry(_id("new"), Status.FAILED),)


def test_the_same_scenario_in_another_edition_is_another_scenario() -> None:
    d = diff(report("1", result("a", Status.PASSED, "mirage")), report("2", result("a", Status.FAILED, "cr2024")))
    assert not d.has_regressions
    assert [e.id for e in d.added] == [ScenarioResult.make_id("untap", "a", None, "cr2024")]
    assert [e.id for e in d.removed] == [ScenarioResult.make_id("untap", "a", None, "mirage")]


def test_describe_lists_regressions_first() -> None:
    text = describe(diff(OLD, NEW))
    lines = text.splitlines()
    assert lines[0] == (
        "forge 1.0 (suite 0.1.0) -> forge 1.1 (suite 0.1.0): 2 regression(s), 2 fix(es), "
        "1 other change(s), 1 added, 1 removed, 2 unchanged"
    )
    assert lines[1] == "regressions (passed before, not now):"
    assert (
        f"  - {_id('breaks')}: passed -> failed (Then Alice has 19 life: wrong life (expected 19, observed 20))"
        in lines
    )
    assert f"  - {_id('gets fixed')}: failed -> passed" in lines
    assert f"  - {_id('fails differently')}: failed -> timeout (EngineTimeout)" in lines
    assert f"  - {_id('is added')}: failed" in lines
    assert f"  - {_id('is removed')}: was error" in lines
    assert lines.index("regressions (passed before, not now):") < lines.index("fixes (passing now):")


def test_the_command_exits_1_on_regressions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old = write_json(OLD, tmp_path / "old.json")
    new = write_json(NEW, tmp_path / "new.json")
    assert main(["diff", str(old), str(new)]) == 1
    assert "2 regression(s)" in capsys.readouterr().out
    assert main(["diff", str(new), str(new)]) == 0
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    assert main(["diff", str(old), str(tmp_path / "broken.json")]) == 2
    assert "broken.json: not JSON" in capsys.readouterr().err


def test_a_partial_report_is_named_so_its_missing_scenarios_read_as_not_run() -> None:
    partial = replace(OLD, partial="interrupted by SIGINT; 1 of 9 scenario runs done")
    text = describe(diff(OLD, partial))
    assert "warning: the new report is partial (interrupted by SIGINT; 1 of 9 scenario runs done)" in text
    assert "the old report is partial" not in text


def test_a_directory_given_as_a_report_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", str(tmp_path), str(tmp_path)]) == 2
    assert f"{tmp_path}: a directory: the report must be a regular file" in capsys.readouterr().err


def test_a_new_run_that_stopped_early_or_has_no_result_cant_vouch_for_what_passed_before(tmp_path: Path) -> None:
    old = write_json(OLD, tmp_path / "old.json")
    stopped = replace(OLD, partial="interrupted by SIGTERM", results=OLD.results[:1])
    d = diff(OLD, stopped)
    assert not d.has_regressions and d.fails
    assert d.unverified == "the new run stopped early: 2 scenario(s) that passed before weren't run"
    assert main(["diff", str(old), str(write_json(stopped, tmp_path / "stopped.json"))]) == 1
    assert main(["diff", str(old), str(write_json(replace(OLD, results=()), tmp_path / "empty.json"))]) == 1
    assert "the new report has no result at all" in describe(diff(OLD, replace(OLD, results=())))
    # Stopped after every scenario that passed before: nothing is left unverified.
    done = replace(OLD, partial="interrupted by SIGTERM", results=OLD.results[:3])
    assert not diff(OLD, done).fails


def test_a_complete_new_run_narrower_than_the_old_cant_vouch_for_what_it_left_out(tmp_path: Path) -> None:
    """Fewer parts of the same suite, or fewer editions: what passed before and wasn't run fails the diff."""
    smaller = replace(OLD, results=OLD.results[1:])  # a smaller selection of the same suite
    d = diff(OLD, smaller)
    assert not d.has_regressions and d.fails
    assert d.unverified == "the new run is narrower: 1 scenario(s) that passed before weren't run"
    assert (
        main(["diff", str(write_json(OLD, tmp_path / "old.json")), str(write_json(smaller, tmp_path / "new.json"))])
        == 1
    )
    both = replace(
        OLD, editions=("cr2008", "cr2024"), results=(*OLD.results, result("old rule", Status.PASSED, "cr2008"))
    )
    assert diff(both, replace(OLD, suite_version="0.2.0")).unverified == (
        "the new run is narrower (it left out cr2008): 1 scenario(s) that passed before weren't run"
    )
    # Of a newer suite, a scenario of an edition both ran that is missing may have left the suite.
    assert not diff(OLD, replace(smaller, suite_version="0.2.0")).fails


def test_the_reports_of_two_engines_are_diffed_with_a_warning() -> None:
    text = describe(diff(OLD, replace(NEW, engine=EngineIdentity("xmage", "1.1", "xmage"))))
    assert "warning: the reports are of two engines (forge, xmage): a diff follows one engine" in text
    assert "two engines" not in describe(diff(OLD, NEW))
