"""Engines side by side: the matrix, the disagreements, the scenarios only some reports have,
the files written, the README's table, and the reports it refuses."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

import pytest

from checker.cli import main
from checker.doctools import engines_docs
from checker.doctools.blocks import render
from checker.judging.compare import COMPARISON, CompareError, Outcome, compare, describe, markdown
from checker.judging.reports import read_json, write_json
from checker.judging.results import EngineIdentity, RunReport, ScenarioResult, Status
from tests.fakes.results import result

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "engines" / "reference-report.json"
PHASE = ROOT / "docs" / "engines" / "phase-rs-report.json"


def report(name: str, *results: ScenarioResult, version: str = "1.0", suite: str = "0.1.0") -> RunReport:
    editions = tuple(dict.fromkeys(r.edition for r in results))
    return RunReport(suite, EngineIdentity(name, version, name), "2025-01-01T00:00:00", 1.0, editions, results)


def _id(scenario: str, edition: str = "cr2024") -> str:
    return ScenarioResult.make_id("untap", scenario, None, edition)


def test_the_committed_reports_side_by_side() -> None:
    reference, phase = read_json(REFERENCE), read_json(PHASE)
    c = compare([("reference", reference), ("phase", phase)])
    assert [e.label for e in c.engines] == ["reference-engine 0.1.0", "phase.rs (phase-python) 0.103.0"]
    assert c.editions == ("mirage", "cr2008", "cr2024")
    for edition in c.editions:
        assert c.totals(edition)[0] == reference.counts(edition)
    assert c.totals("cr2024")[1] == phase.counts("cr2024")
    assert c.totals("mirage")[1] is None  # phase.rs ran cr2024 only: not a row of zeros
    failed = {r.id for r in phase.results if r.status is Status.FAILED}
    assert {d.id for d in c.disagreements} == failed
    for d in c.disagreements:
        assert d.outcomes[0] == Outcome(Status.PASSED, "")
        assert d.outcomes[1] is not None and d.outcomes[1].status is Status.FAILED and d.outcomes[1].why
    assert c.missing == ()


def test_unsupported_is_shown_but_is_no_disagreement() -> None:
    a = report("a", result("s", Status.PASSED), result("t", Status.PASSED), result("u", Status.FAILED))
    b = report("b", result("s", Status.UNSUPPORTED), result("t", Status.ERROR), result("u", Status.TIMEOUT))
    c_ = report("c", result("s", Status.PASSED), result("t", Status.UNSUPPORTED), result("u", Status.UNSUPPORTED))
    c = compare([("a.json", a), ("b.json", b), ("c.json", c_)])
    assert [d.id for d in c.disagreements] == [_id("t")]  # s: passed or unsupported; u: nobody passed
    assert [o and o.status for o in c.disagreements[0].outcomes] == [Status.PASSED, Status.ERROR, Status.UNSUPPORTED]
    assert c.disagreements[0].outcomes[1] == Outcome(Status.ERROR, "EngineFailure: crashed")
    assert "[1] passed; [2] error (EngineFailure: crashed); [3] unsupported (no)" in describe(c)


def test_reports_of_different_suite_versions_compare_by_scenario_id() -> None:
    old = report("a", result("kept", Status.PASSED), result("dropped", Status.PASSED), suite="0.1.0")
    new = report("b", result("kept", Status.FAILED), result("new", Status.FAILED), suite="0.2.0")
    c = compare([("old.json", old), ("new.json", new)])
    assert [d.id for d in c.disagreements] == [_id("kept")]
    assert {(m.id, m.present) for m in c.missing} == {(_id("dropped"), (True, False)), (_id("new"), (False, True))}
    text = describe(c)
    assert f"{_id('dropped')}: only in [1]" in text
    assert "suite 0.2.0" in text


def test_an_edition_one_engine_never_ran_is_not_missing_scenarios() -> None:
    a = report("a", result("s", Status.PASSED, "mirage"), result("s", Status.PASSED))
    b = report("b", result("s", Status.FAILED))
    c = compare([("a.json", a), ("b.json", b)])
    assert c.missing == ()
    assert c.cells["mirage", "untap"][1] is None
    assert describe(c).splitlines()[5].split() == ["untap", "1/1", "—"]  # the mirage row of b


def test_one_engine_in_reports_of_different_editions_is_one_column() -> None:
    mirage = report("a", result("s", Status.PASSED, "mirage"))
    cr2024 = report("a", result("s", Status.FAILED))
    c = compare([("mirage.json", mirage), ("cr2024.json", cr2024), ("b.json", report("b", result("s", Status.PASSED)))])
    assert len(c.engines) == 2
    assert c.engines[0].sources == ("mirage.json", "cr2024.json")
    assert c.engines[0].editions == {"mirage", "cr2024"}


def test_one_engine_twice_in_an_edition_is_refused() -> None:
    one = report("a", result("s", Status.PASSED))
    both = "first.json and second.json are both reports of a 1.0 with results in cr2024"
    with pytest.raises(CompareError, match=re.escape(both)):
        compare([("first.json", one), ("second.json", one)])
    other_version = replace(one, engine=EngineIdentity("a", "1.1", "a"))
    assert len(compare([("first.json", one), ("second.json", other_version)]).engines) == 2


def test_the_comparison_is_not_written_over_a_report_it_compares(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A report named compare.json in --out: it was replaced by the comparison, exit 0."""
    kept = tmp_path / "compare.json"
    kept.write_bytes(PHASE.read_bytes())
    assert main(["compare", str(REFERENCE), str(kept), "--out", str(tmp_path)]) == 2
    said = f"--out {tmp_path}: the comparison would replace {kept}, a report it compares: write it elsewhere"
    assert said in capsys.readouterr().err
    assert kept.read_bytes() == PHASE.read_bytes() and not (tmp_path / "compare.md").exists()


def test_the_command_writes_the_markdown_and_the_json_with_its_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert main(["compare", str(REFERENCE), str(PHASE), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    ref, phase = read_json(REFERENCE).counts("cr2024"), read_json(PHASE).counts("cr2024")
    ran, failed = sum(ref.values()), phase[Status.FAILED]
    cells = (
        f"{ref[Status.PASSED]}/{ran}",
        f"{phase[Status.PASSED]}/{sum(phase.values())}: {failed} failed, {phase[Status.UNSUPPORTED]} unsupported",
    )
    assert f"{failed} disagreement(s)" in printed
    assert f"all parts                  {cells[0]}  {cells[1]}" in printed
    line = f"reports written to {out}: compare.md, compare.schema.json, compare.json"  # as certify says it
    assert "".join(line.split()) in "".join(printed.split())  # however wrapped
    data = json.loads((out / "compare.json").read_text(encoding="utf-8"))
    schema = json.loads((out / data["$schema"]).read_text(encoding="utf-8"))
    assert schema == COMPARISON.schema()
    assert COMPARISON.problems(data) == []
    assert len(data["disagreements"]) == failed
    assert [e["editions"] for e in data["engines"]] == [["mirage", "cr2008", "cr2024"], ["cr2024"]]
    md = (out / "compare.md").read_text(encoding="utf-8")
    assert f"| **all parts** | **{cells[0]}** | **{cells[1]}** |" in md


def _write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_file_it_cant_read_is_a_usage_error_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = str(REFERENCE)
    cases = {
        _write(tmp_path / "broken.json", "{"): "broken.json: not JSON",
        _write(tmp_path / "foreign.json", '{"format": "sarif"}'): "foreign.json: not a conformance report",
        _write(tmp_path / "deep.json", "[" * 100_000 + "]" * 100_000): "deep.json: not a conformance report",
        str(tmp_path / "absent.json"): "absent.json",
        str(tmp_path): f"{tmp_path}: a directory",
    }
    for path, message in cases.items():
        assert main(["compare", good, path]) == 2, path
        assert message in capsys.readouterr().err
    assert main(["compare", good, good]) == 2  # the same engine twice
    assert "both reports of reference-engine 0.1.0" in capsys.readouterr().err
    assert main(["compare", good, "--out", _write(tmp_path / "a-file", "")]) == 2
    assert "--out" in capsys.readouterr().err
    assert main(["compare"]) == 2


def test_an_engines_strings_are_escaped_for_the_terminal_and_markdown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hostile = "evil\x1b[2J\u202e | [link](http://x) <b>"
    bad = replace(result("s", Status.ERROR), message=f"crash\n{hostile}")
    a = write_json(report(hostile, bad, version="\x1b[31m"), tmp_path / "a" / "report.json")
    b = write_json(report("b", result("s", Status.PASSED)), tmp_path / "b" / "report.json")
    assert main(["compare", str(a), str(b), "--out", str(tmp_path / "out")]) == 0
    printed = capsys.readouterr().out
    assert "\x1b" not in printed and "\u202e" not in printed
    assert "evil\\x1b[2J\\u202e" in printed and "crash\\nevil" in printed
    md = (tmp_path / "out" / "compare.md").read_text(encoding="utf-8")
    assert "\x1b" not in md and "\u202e" not in md and "<b>" not in md and "](" not in md
    assert " \\| " in md  # the engine's pipe can't split a table cell
    assert md.count("\n| 1 |") == 1  # one row per engine in the engines table


def test_the_readme_engines_table_is_generated_from_the_committed_reports() -> None:
    readme = ROOT / "README.md"
    assert engines_docs.main([str(readme), "--check"]) == 0, "run: python -m checker.doctools.engines_docs README.md"
    text = readme.read_text(encoding="utf-8")
    phase = read_json(PHASE).counts("cr2024")
    passed, failed = phase[Status.PASSED], phase[Status.FAILED]
    stale = text.replace(f"| {passed} | {failed} |", f"| {passed + 1} | {failed - 1} |")
    assert stale != text
    assert render(stale, engines_docs.GENERATORS) == text  # the check would catch an edited count


def test_markdown_marks_a_partial_report() -> None:
    partial = replace(report("a", result("s", Status.PASSED)), partial="interrupted by SIGINT")
    c = compare([("a.json", partial)])
    assert "| 1 | a 1\\.0 (partial) |" in markdown(c)
    assert "warning: partial report (interrupted by SIGINT)" in describe(c)
