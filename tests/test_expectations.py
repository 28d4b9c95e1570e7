"""Expectations files: reading them (and refusing bad ones clearly), writing them, and checking a run against them."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from checker.cli import main
from checker.judging.expectations import (
    FORMAT,
    Expectation,
    Expectations,
    ExpectationsError,
    check,
    describe,
    expectations_from,
    from_json,
    load_expectations,
    schema,
    to_json,
    write_expectations,
)
from checker.judging.reports import write_json
from checker.judging.results import EngineIdentity, FailingStep, RunReport, ScenarioResult, Status


def result(part: str, scenario: str, edition: str, status: Status, message: str | None = None) -> ScenarioResult:
    step = FailingStep("Then Alice has 19 life", 12, "wrong life", "19", "20") if status is Status.FAILED else None
    return ScenarioResult(
        id=ScenarioResult.make_id(part, scenario, None, edition),
        part=part,
        feature=f"The {part}",
        scenario=scenario,
        example=None,
        edition=edition,
        rulings=("CR24-502.3",),
        status=status,
        duration=0.01,
        failing_step=step,
        message=message,
    )


def report(*results: ScenarioResult, engine: str = "forge") -> RunReport:
    return RunReport(
        "0.1.0", EngineIdentity(engine, "2.0", engine), "2025-01-01T00:00:00+00:00", 1.0, ("mirage",), results
    )


PASSING = result("untap", "A", "mirage", Status.PASSED)
FAILING = result("untap", "B", "mirage", Status.FAILED)
ERRING = result("untap", "C", "mirage", Status.ERROR, "EngineFailure: crashed")
TIMING_OUT = result("upkeep", "D", "mirage", Status.TIMEOUT, "EngineTimeout: 10 s")
UNSUPPORTED = result("upkeep", "E", "mirage", Status.UNSUPPORTED, "no phasing")
RUN = report(PASSING, FAILING, ERRING, TIMING_OUT, UNSUPPORTED)


def expect(*entries: tuple[ScenarioResult | str, Status], engine: str = "forge") -> Expectations:
    return Expectations(
        engine,
        tuple(Expectation(r if isinstance(r, str) else r.id, status, "a known bug") for r, status in entries),
    )


KNOWN = expect(
    (FAILING, Status.FAILED), (ERRING, Status.ERROR), (TIMING_OUT, Status.TIMEOUT), (UNSUPPORTED, Status.UNSUPPORTED)
)


# --------------------------------------------------------------------------- checking


def test_a_run_matching_its_expectations_is_ok() -> None:
    verdict = check(RUN, KNOWN)
    assert verdict.ok
    assert (verdict.checked, verdict.as_expected) == (5, 4)
    assert describe(verdict) == (
        "results match the expectations: 5 scenario result(s) checked, 4 known non-passing as expected"
    )


def test_with_no_expectations_only_a_fully_passing_run_is_ok() -> None:
    assert check(report(PASSING), Expectations("forge")).ok
    assert not check(RUN, Expectations("forge")).ok


def test_new_failures_are_listed_with_why() -> None:
    verdict = check(RUN, expect((UNSUPPORTED, Status.UNSUPPORTED)))
    assert not verdict.ok
    assert [(m.id, m.expected, m.observed) for m in verdict.new_failures] == [
        (FAILING.id, Status.PASSED, Status.FAILED),
        (ERRING.id, Status.PASSED, Status.ERROR),
        (TIMING_OUT.id, Status.PASSED, Status.TIMEOUT),
    ]
    assert verdict.new_failures[0].why == "Then Alice has 19 life: wrong life (expected 19, observed 20)"
    assert verdict.new_failures[1].why == "EngineFailure: crashed"
    assert not (verdict.unexpected_passes or verdict.changed or verdict.unexpected_unsupported or verdict.stale)
    text = describe(verdict)
    assert text.startswith("results don't match the expectations (5 scenario result(s) checked)")
    assert "3 new failure(s), expected to pass:" in text
    assert f"  - {FAILING.id}: failed (Then Alice has 19 life: wrong life (expected 19, observed 20))" in text


def test_unexpected_passes_are_listed_with_their_reason() -> None:
    verdict = check(report(PASSING), expect((PASSING, Status.FAILED)))
    assert not verdict.ok
    assert [(m.id, m.expected, m.observed, m.reason) for m in verdict.unexpected_passes] == [
        (PASSING.id, Status.FAILED, Status.PASSED, "a known bug")
    ]
    text = describe(verdict)
    assert "1 unexpected pass(es): remove them from the expectations:" in text
    assert f"{PASSING.id}: failed -> passed; listed because: a known bug\n" in text
    # how to update the file from a run, rather than by hand
    assert "  (or run again with --write-expectations FILE, which writes the run's non-passing" in text


def test_only_unexpected_passes_say_how_to_update_the_expectations() -> None:
    assert "--write-expectations" not in describe(check(report(FAILING), expect()))


def test_a_changed_non_passing_status_is_listed() -> None:
    verdict = check(report(ERRING, UNSUPPORTED), expect((ERRING, Status.TIMEOUT), (UNSUPPORTED, Status.FAILED)))
    assert not verdict.ok
    assert [(m.id, m.expected, m.observed) for m in verdict.changed] == [
        (ERRING.id, Status.TIMEOUT, Status.ERROR),
        (UNSUPPORTED.id, Status.FAILED, Status.UNSUPPORTED),
    ]
    assert not (verdict.new_failures or verdict.unexpected_unsupported)
    assert "2 with another status than expected:" in describe(verdict)


def test_an_unexpected_unsupported_scenario_is_listed_apart_from_failures() -> None:
    verdict = check(report(UNSUPPORTED), Expectations("forge"))
    assert not verdict.ok
    assert [(m.id, m.observed, m.why) for m in verdict.unexpected_unsupported] == [
        (UNSUPPORTED.id, Status.UNSUPPORTED, "no phasing")
    ]
    assert verdict.new_failures == ()
    assert "1 unexpectedly unsupported, expected to pass:" in describe(verdict)


def test_an_expectation_for_a_scenario_gone_from_a_part_that_ran_is_stale_and_fails() -> None:
    gone = "untap::A scenario that was renamed::mirage"
    verdict = check(report(PASSING), expect((gone, Status.FAILED)))
    assert [e.id for e in verdict.stale] == [gone]
    assert verdict.not_run == ()
    assert not verdict.ok
    heading = "1 stale expectation(s): no such scenario where the run looked, or no such part or edition in the suite:"
    assert f"{heading}\n  - {gone} (failed: a known bug)" in describe(verdict)


def test_an_expectation_for_a_part_or_edition_not_run_only_warns() -> None:
    other_edition = "untap::B::cr2024"
    other_part = "combat::F::mirage"
    verdict = check(report(PASSING), expect((other_edition, Status.FAILED), (other_part, Status.ERROR)))
    assert verdict.ok
    assert [e.id for e in verdict.not_run] == [other_edition, other_part]
    assert verdict.stale == ()
    assert "note: 2 expectation(s) not checked: their part or edition wasn't run" in describe(verdict)


def test_an_expectation_in_an_edition_its_part_has_no_scenario_of_is_stale_where_both_ran() -> None:
    """The run asked for the part and the edition, and the part has no scenario there: the entry can
    never match, and was noted as not run, its part or edition said not to have run, for ever."""
    nowhere = "untap::Untap in an edition untap has no scenario of::cr2024"
    ran = replace(report(PASSING, result("upkeep", "D", "cr2024", Status.PASSED)), editions=("mirage", "cr2024"))
    verdict = check(ran, expect((nowhere, Status.FAILED)))
    assert [e.id for e in verdict.stale] == [nowhere] and verdict.not_run == () and not verdict.ok
    assert check(report(PASSING), expect((nowhere, Status.FAILED))).ok  # cr2024 not asked for: not run


def test_an_expectation_of_a_part_or_edition_the_suite_doesnt_have_is_stale_whatever_ran() -> None:
    """A misspelt id would otherwise rot in the file as 'not run', never checked."""
    wrong = ("untpa::No such scenario::mirage", "untap::No such scenario::cr2030")
    verdict = check(report(PASSING), expect(*((w, Status.FAILED) for w in wrong)))
    assert [e.id for e in verdict.stale] == list(wrong) and not verdict.ok


def test_an_expectation_the_runs_selection_left_out_is_not_run_not_stale() -> None:
    """A run narrowed by -k or --ruling within a part says nothing of the scenarios it left out."""
    left_out = "untap::A scenario -k left out::mirage"
    renamed = "untap::A scenario -k took in but gone::mirage"
    expected = expect((left_out, Status.FAILED), (renamed, Status.FAILED))
    verdict = check(report(PASSING), expected, selected=lambda id: "took in" in id)
    assert [e.id for e in verdict.not_run] == [left_out] and [e.id for e in verdict.stale] == [renamed]
    assert "the selection left their scenario out" in describe(verdict)


def test_a_large_expectations_file_is_read_at_once() -> None:
    """Its duplicates were once counted in time growing with the square of its entries (40,000: 22 s)."""
    entries = [{"id": f"untap::scenario {i}::mirage", "status": "failed", "reason": "r"} for i in range(100_000)]
    data = {"format": FORMAT, "format_version": 1, "engine": "e", "expectations": entries}
    assert len(from_json(data).expectations) == 100_000
    with pytest.raises(ExpectationsError, match="listed more than once: 'untap::scenario 7::mirage'"):
        from_json({**data, "expectations": [*entries, entries[7]]})


def test_expectations_of_another_engine_only_warn() -> None:
    verdict = check(RUN, replace(KNOWN, engine="xmage"))
    assert verdict.ok
    assert verdict.warnings == ("the expectations are for engine 'xmage', but the run is of 'forge'",)
    assert "warning: the expectations are for engine 'xmage'" in describe(verdict)


def test_every_category_at_once() -> None:
    run = report(PASSING, FAILING, ERRING, TIMING_OUT, UNSUPPORTED)
    expectations = expect(
        (PASSING, Status.FAILED),  # unexpected pass
        (ERRING, Status.TIMEOUT),  # changed
        (TIMING_OUT, Status.TIMEOUT),  # as expected
        ("upkeep::gone::mirage", Status.FAILED),  # stale
        ("upkeep::D::cr2008", Status.FAILED),  # not run
    )  # FAILING: new failure; UNSUPPORTED: unexpected unsupported
    verdict = check(run, expectations)
    assert [m.id for m in verdict.new_failures] == [FAILING.id]
    assert [m.id for m in verdict.unexpected_passes] == [PASSING.id]
    assert [m.id for m in verdict.changed] == [ERRING.id]
    assert [m.id for m in verdict.unexpected_unsupported] == [UNSUPPORTED.id]
    assert [e.id for e in verdict.stale] == ["upkeep::gone::mirage"]
    assert [e.id for e in verdict.not_run] == ["upkeep::D::cr2008"]
    assert verdict.as_expected == 1
    assert not verdict.ok


def test_describe_stops_listing_after_a_while() -> None:
    many = report(*(result("untap", f"S{i}", "mirage", Status.FAILED) for i in range(100)))
    text = describe(check(many, Expectations("forge")))
    assert "100 new failure(s)" in text
    assert "  ... and 75 more" in text
    assert len(text.splitlines()) < 40


def test_describe_keeps_an_engines_control_characters_out_of_the_terminal() -> None:
    hostile = result("untap", "H", "mirage", Status.ERROR, "EngineFailure: \x1b[2J\x1b[31mred\nnext line")
    text = describe(check(report(hostile), Expectations("forge")))
    assert "\x1b" not in text
    assert "\\x1b[2J\\x1b[31mred\\nnext line" in text


# --------------------------------------------------------------------------- files


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(schema())


def test_expectations_from_a_run_are_what_it_did_and_it_meets_them() -> None:
    made = expectations_from(RUN, "found on 2025-01-01")
    assert made == Expectations(
        "forge",
        (
            Expectation(FAILING.id, Status.FAILED, "found on 2025-01-01"),
            Expectation(ERRING.id, Status.ERROR, "found on 2025-01-01"),
            Expectation(TIMING_OUT.id, Status.TIMEOUT, "found on 2025-01-01"),
            Expectation(UNSUPPORTED.id, Status.UNSUPPORTED, "found on 2025-01-01"),
        ),
    )
    assert check(RUN, made).ok


def test_expectations_from_a_run_keep_the_reasons_already_written() -> None:
    old = Expectations("forge", (Expectation(FAILING.id, Status.ERROR, "issue #12"),))
    made = expectations_from(RUN, "new", keep=old)
    assert made.by_id[FAILING.id] == Expectation(FAILING.id, Status.FAILED, "issue #12")
    assert made.by_id[ERRING.id].reason == "new"


def test_written_expectations_match_the_schema_and_read_back_equal(tmp_path: Path) -> None:
    path = write_expectations(KNOWN, tmp_path / "sub" / "expectations.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator(schema()).validate(data)
    assert data["format"] == "mtg-turn-conformance-expectations"
    assert data["format_version"] == 1
    assert data["engine"] == "forge"
    assert data["expectations"][0] == {"id": FAILING.id, "status": "failed", "reason": "a known bug"}
    assert load_expectations(path) == KNOWN


def test_a_hand_written_file_with_a_schema_pointer_is_read(tmp_path: Path) -> None:
    path = tmp_path / "expectations.json"
    data = {"$schema": "./expectations.schema.json", **to_json(KNOWN)}
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_expectations(path) == KNOWN


def _entry(**changes: object) -> dict[str, object]:
    return {"id": FAILING.id, "status": "failed", "reason": "a bug", **changes}


def _with(*entries: object) -> dict[str, object]:
    return {
        "format": "mtg-turn-conformance-expectations",
        "format_version": 1,
        "engine": "forge",
        "expectations": list(entries),
    }


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ExpectationsError, match=r"nowhere\.json: no such expectations file"):
        load_expectations(tmp_path / "nowhere.json")


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{", r"not JSON: Expecting property name enclosed in double quotes at line 1, column 2"),
        (b"\xff", r"not UTF-8 text"),
        (json.dumps(_with()).encode("utf-16-le"), r"it looks like UTF-16, not UTF-8: convert it with iconv -f UTF-16"),
        (json.dumps(_with()).encode("utf-32"), r"it looks like UTF-32, not UTF-8: convert it with iconv -f UTF-32"),
        ({"format": "mtg-turn-conformance-report"}, r"not an expectations file \(its format is 'mtg-turn"),
        ({"format": "mtg-turn-conformance-expectations", "format_version": 9}, r"format_version 9 can't be read"),
        (_with(_entry(status="passed")), r"expectations/0/status: 'passed' is not one of"),
        (_with(_entry(reason="")), r"expectations/0/reason: '' should be non-empty"),
        (_with(_entry(reason="   ")), r"expectations/0/reason: '   ' does not match"),
        (_with({"id": FAILING.id, "status": "failed"}), r"expectations/0: 'reason' is a required property"),
        (_with(_entry(why="x")), r"Additional properties are not allowed \('why' was unexpected\)"),
        (_with(_entry(id="not an id")), r"expectations/0/id: 'not an id' does not match"),
        ({**_with(), "engine": 3}, r"engine: 3 is not of type 'string'"),
        (_with(_entry(), _entry(reason="again")), rf"listed more than once: '{FAILING.id}'"),
        (
            json.dumps(_with(_entry())).replace('"status": "failed"', '"status": "error", "status": "failed"'),
            r"not an expectations file: expectations/0: the key 'status' is given more than once",
        ),
    ],
)
def test_a_bad_file_is_refused_saying_what_is_wrong(
    document_file: Callable[[object], Path], content: object, problem: str
) -> None:
    path = document_file(content)
    with pytest.raises(ExpectationsError, match=problem) as info:
        load_expectations(path)
    assert str(info.value).startswith(f"{path}: ")
    assert isinstance(info.value, ValueError)


def test_a_file_saved_with_a_byte_order_mark_reads_as_one_without(document_file: Callable[[object], Path]) -> None:
    """As Notepad and PowerShell save UTF-8; json refused it ('Unexpected UTF-8 BOM')."""
    path = document_file(b"\xef\xbb\xbf" + json.dumps(_with(_entry())).encode())
    assert load_expectations(path) == from_json(_with(_entry()))


def test_certify_refuses_an_expect_file_that_gives_a_key_twice_before_it_runs(
    document_file: Callable[[object], Path], capsys: pytest.CaptureFixture[str]
) -> None:
    path = document_file(json.dumps(_with(_entry())).replace('"reason"', '"reason": "x", "reason"'))
    assert main(["certify", "--expect", str(path), "--part", "untap"]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"--expect: {path}: not an expectations file: expectations/0: the key 'reason' is given more" in err


@pytest.mark.parametrize("name", ["report.json", "summary.md", "badges/cr2024.json", "sub/../report.html"])
def test_certify_refuses_write_expectations_over_a_report_of_its_report_dir_before_it_runs(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Written after the reports, the expectations replaced one: report.json, which the run said it
    wrote, held an expectations file."""
    reports, written = tmp_path / "reports", tmp_path / "reports" / name
    assert main(["certify", "--part", "untap", "--report-dir", str(reports), "--write-expectations", str(written)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"--write-expectations {written}: --report-dir {reports} writes a report there" in err
    assert not reports.exists()
    linked = tmp_path / "expectations.json"
    linked.symlink_to(reports / "report.json")
    assert main(["certify", "--part", "untap", "--report-dir", str(reports), "--write-expectations", str(linked)]) == 2
    assert "writes a report there" in capsys.readouterr().err


def test_expectations_refuse_duplicates_and_passed_when_built_directly() -> None:
    with pytest.raises(ExpectationsError, match="listed more than once"):
        expect((FAILING, Status.FAILED), (FAILING, Status.ERROR))
    with pytest.raises(ExpectationsError, match="'passed' is not an expectation"):
        expect((FAILING, Status.PASSED))


# --------------------------------------------------------------------------- the command


def test_the_command_checks_a_saved_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = write_json(RUN, tmp_path / "report.json")
    known = write_expectations(KNOWN, tmp_path / "known.json")
    none = write_expectations(Expectations("forge"), tmp_path / "none.json")
    assert main(["expect", str(saved), str(known)]) == 0
    assert "results match the expectations" in capsys.readouterr().out
    assert main(["expect", str(saved), str(none)]) == 1
    out = capsys.readouterr().out
    assert "3 new failure(s), expected to pass" in out
    assert "1 unexpectedly unsupported, expected to pass" in out
    assert main(["expect", str(saved), str(tmp_path / "missing.json")]) == 2
    assert "no such expectations file" in capsys.readouterr().err


def test_write_expectations_keeps_a_valid_file_and_refuses_to_replace_a_broken_one(tmp_path: Path) -> None:
    from checker.running.conclude import Conclusion
    from checker.running.options import OptionError, Selection

    def kept(path: Path | None) -> Expectations | None:
        return Conclusion.prepare(Selection(), None, None, str(path) if path else None).kept

    assert kept(None) is None
    assert kept(tmp_path / "absent.json") is None
    known = write_expectations(KNOWN, tmp_path / "known.json")
    assert kept(known) == KNOWN
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(OptionError, match=r"--write-expectations: .*broken\.json"):
        kept(broken)
    assert broken.read_text(encoding="utf-8") == "{not json"
