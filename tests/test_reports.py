"""The report writers: JSON (against its schema, and read back), JUnit XML, Markdown, HTML and badges.

Every report is built from hand-made results, including strings a hostile or broken engine
could send: markup, quotes, control characters, lone surrogates, very long text.
"""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from checker.contract.rulings import rulings
from checker.judging.reports import ReportError, badges, html, markdown, read_json, to_json, write_all, write_json
from checker.judging.reports._text import why
from checker.judging.reports.badges import write_badges
from checker.judging.reports.json_report import from_json, schema
from checker.judging.reports.junit import junit_xml, write_junit
from checker.judging.results import EngineIdentity, FailingStep, RunReport, ScenarioResult, Status

SCRIPT = "<script>alert(1)</script>"
QUOTES = "\"'&"
HOSTILE = f'{SCRIPT} {QUOTES} </pre></td></table>]]> <!-- <img src=x onerror="alert(2)">'
CONTROL = "colour \x1b[31mred\x1b[0m, a NUL \x00 and a bell \x07"
NON_ASCII = "Æther Flash — 日本語 🃏"
LONG = "stderr line\n" * 5000


def result(
    part: str,
    scenario: str,
    edition: str,
    status: Status,
    *,
    example: str | None = None,
    rulings: tuple[str, ...] = ("CR24-502.3",),
    failing_step: FailingStep | None = None,
    message: str | None = None,
) -> ScenarioResult:
    return ScenarioResult(
        id=ScenarioResult.make_id(part, scenario, example, edition),
        part=part,
        feature=f"The {part} of the turn",
        scenario=scenario,
        example=example,
        edition=edition,
        rulings=rulings,
        status=status,
        duration=0.0125,
        steps=("Given it is Alice's turn", "When the game advances to Alice's upkeep", "Then Alice has 19 life"),
        failing_step=failing_step,
        message=message,
    )


HOSTILE_STEP = FailingStep(
    text="Then Alice has 19 life",
    line=42,
    message=f"the engine said {HOSTILE}\nsecond line",
    expected="19",
    observed=f"{HOSTILE} {NON_ASCII}",
)
EVENTS_STEP = FailingStep(
    text="And these events happen in this order:",
    line=219,
    message="expected the event mana_emptied Alice 2, but observed events:\n  step_began Alice draw",
    expected="mana_emptied Alice 2",
    observed="events:\n  step_began Alice draw",
    datatable=(("event", "player", "amount"), ("mana emptied", "Alice", "2"), ("step began", "Alice", "")),
)

RESULTS = (
    result("untap", "Untap: everything untaps", "mirage", Status.PASSED),
    result("untap", "Untap: everything untaps", "cr2024", Status.PASSED, rulings=("CR24-502.3", "GRT-1.6-4")),
    result("upkeep", "Upkeep: life is checked", "cr2024", Status.FAILED, failing_step=HOSTILE_STEP),
    result(
        "draw",
        "Draw: the first player skips the draw",
        "cr2008",
        Status.ERROR,
        example="Alice, 7",
        rulings=("CR08-302.2",),
        message=f"EngineFailure: {CONTROL} {HOSTILE}\n{LONG}",
    ),
    result("draw", "Draw: a card is drawn", "cr2008", Status.TIMEOUT, message="EngineTimeout: no answer in 10 s"),
    result(
        "phasing",
        f"Phasing: {NON_ASCII}",
        "mirage",
        Status.UNSUPPORTED,
        rulings=(),
        message=f"the adapter doesn't support phasing {HOSTILE}",
    ),
    result("ending", "Ending: a lone surrogate", "mirage", Status.ERROR, message="stderr byte \udc80 undecodable"),
)

REPORT = RunReport(
    suite_version="0.1.0",
    engine=EngineIdentity(name=f"evil {SCRIPT}", version=f"1.0 {QUOTES}", spec="cmd:./engine --flag='x'"),
    started="2025-01-02T03:04:05+00:00",
    duration=12.5,
    editions=("mirage", "cr2008", "cr2024"),
    results=RESULTS,
)


# --------------------------------------------------------------------------- JSON


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(schema())
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_the_json_report_matches_its_schema() -> None:
    data = to_json(REPORT)
    Draft202012Validator(schema()).validate(data)
    assert data["format"] == "mtg-turn-conformance-report"
    assert data["format_version"] == 1
    assert data["engine"] == {"name": REPORT.engine.name, "version": REPORT.engine.version, "spec": REPORT.engine.spec}
    assert data["editions"] == ["mirage", "cr2008", "cr2024"]
    assert data["summary"]["cr2008"] == {"passed": 0, "failed": 0, "error": 1, "timeout": 1, "unsupported": 0}
    failed = next(r for r in data["results"] if r["status"] == "failed")
    assert failed["failing_step"] == {
        "text": "Then Alice has 19 life",
        "line": 42,
        "message": HOSTILE_STEP.message,
        "expected": "19",
        "observed": HOSTILE_STEP.observed,
        "datatable": None,
    }
    assert failed["rulings"] == ["CR24-502.3"]
    assert failed["edition"] == "cr2024"
    assert failed["duration"] == 0.0125


def test_the_written_file_matches_the_schema_and_keeps_text_readable(tmp_path: Path) -> None:
    path = write_json(REPORT, tmp_path / "out" / "report.json")
    text = path.read_text(encoding="utf-8")
    Draft202012Validator(schema()).validate(json.loads(text))
    assert NON_ASCII in text  # UTF-8, not \u escapes
    assert "\\udc80" in text  # the lone surrogate, as the JSON escape that reads back as itself


def test_the_written_report_names_its_schema_written_beside_it(tmp_path: Path) -> None:
    path = write_json(REPORT, tmp_path / "reports" / "report.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["$schema"] == "report.schema.json"
    beside = json.loads((path.parent / data["$schema"]).read_text(encoding="utf-8"))
    assert beside == schema()
    Draft202012Validator(beside).validate(data)
    assert read_json(path) == REPORT


def test_a_report_reads_back_equal(tmp_path: Path) -> None:
    assert read_json(write_json(REPORT, tmp_path / "report.json")) == REPORT


def test_an_empty_report_reads_back_equal(tmp_path: Path) -> None:
    empty = replace(REPORT, editions=("cr2024",), results=())
    assert read_json(write_json(empty, tmp_path / "report.json")) == empty


def test_reading_a_missing_report_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(ReportError, match=r"nowhere\.json: no such report file"):
        read_json(tmp_path / "nowhere.json")


def test_a_report_that_is_a_broken_link_is_said_to_be_one(tmp_path: Path) -> None:
    """It is there in a listing: "no such file" alone sends the reader looking for a typo."""
    (tmp_path / "report.json").symlink_to(tmp_path / "gone" / "report.json")
    said = f"report.json: a broken symbolic link (to '{tmp_path / 'gone' / 'report.json'}'): no such report file"
    with pytest.raises(ReportError, match=re.escape(said)):
        read_json(tmp_path / "report.json")


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{not json", r"not JSON: Expecting property name enclosed in double quotes at line 1, column 2"),
        (b"\xff\xfe{}", r"not JSON \(it looks like UTF-16, not UTF-8: convert it with iconv -f UTF-16 -t UTF-8\)"),
        (b"\xef\xbb\xbf{\xff}", r"not JSON \(not UTF-8 text: invalid start byte at byte 4\)"),
        ("[]", r"doesn't match the report schema:\n  \(top level\): \[\] is not of type 'object'"),
        ('{"format": "something else"}', r"not a conformance report \(its format is 'something else'"),
        ('{"format": "mtg-turn-conformance-report", "format_version": 2}', r"format_version 2 can't be read"),
    ],
)
def test_reading_a_bad_file_says_what_is_wrong(
    document_file: Callable[[object], Path], content: str | bytes, problem: str
) -> None:
    path = document_file(content)
    with pytest.raises(ReportError, match=problem) as info:
        read_json(path)
    assert str(path) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_reading_a_report_with_a_bad_result_names_the_field(document_file: Callable[[object], Path]) -> None:
    data = to_json(REPORT)
    data["results"][2]["status"] = "maybe"
    del data["results"][3]["duration"]
    with pytest.raises(ReportError) as info:
        read_json(document_file(json.dumps(data)))
    message = str(info.value)
    assert "results/2/status: 'maybe' is not one of" in message
    assert "results/3: 'duration' is a required property" in message


def test_reading_a_report_with_a_scenario_twice_is_refused(document_file: Callable[[object], Path]) -> None:
    data = to_json(REPORT)
    data["results"].append(data["results"][0])
    with pytest.raises(ReportError, match="appears more than once"):
        read_json(document_file(json.dumps(data)))


def _status_twice(report: RunReport) -> str:
    """The report as JSON whose first failed result says its status twice, passed first (a reader
    that takes the last value sees failed; one that takes the first, passed)."""
    return json.dumps(to_json(report)).replace('"status": "failed"', '"status": "passed", "status": "failed"', 1)


def test_reading_a_report_that_gives_a_key_twice_is_refused_naming_where(
    document_file: Callable[[object], Path],
) -> None:
    path = document_file(_status_twice(REPORT))
    with pytest.raises(ReportError) as info:
        read_json(path)
    assert str(info.value) == f"{path}: not a conformance report: results/2: the key 'status' is given more than once"
    top = document_file('{"format": "mtg-turn-conformance-report", "format": "mtg-turn-conformance-report"}')
    with pytest.raises(ReportError, match=r"\(top level\): the key 'format' is given more than once"):
        read_json(top)


@pytest.mark.parametrize(("number", "said"), [("NaN", "NaN is not a JSON number"), ("1e400", "1e400 is too large")])
def test_reading_a_report_with_nan_or_infinity_is_refused(
    document_file: Callable[[object], Path], number: str, said: str
) -> None:
    text = json.dumps(to_json(REPORT)).replace('"duration": 12.5', f'"duration": {number}', 1)
    with pytest.raises(ReportError, match=said):
        read_json(document_file(text))


def _summary_edited(report: RunReport) -> dict[str, Any]:
    """The report as JSON whose summary says its failure in cr2024 passed, as a hand would edit it for a green badge."""
    data = to_json(report)
    data["summary"]["cr2024"].update(passed=2, failed=0)
    return data


def test_reading_a_report_whose_summary_disagrees_with_its_results_is_refused(
    document_file: Callable[[object], Path],
) -> None:
    path = document_file(_summary_edited(REPORT))
    with pytest.raises(ReportError) as info:
        read_json(path)
    assert str(info.value) == (
        f"{path}: contradicts itself (edited by hand?):\n"
        "  summary/cr2024/passed: 2, but the results have 1\n"
        "  summary/cr2024/failed: 0, but the results have 1"
    )
    data = to_json(REPORT)
    del data["summary"]["mirage"]
    with pytest.raises(ReportError, match="summary: no count for 'mirage', which has results"):
        read_json(document_file(data))
    del data["summary"]  # a report without one claims nothing to check
    assert read_json(document_file(data)) == REPORT


def test_reading_a_report_whose_result_id_isnt_its_own_is_refused(document_file: Callable[[object], Path]) -> None:
    """An expectation, a diff, match results by id: a result whose edition was edited, not its id, would
    be checked against what its id says."""
    data = to_json(REPORT)
    data["results"][2]["edition"] = "mirage"
    data["summary"]["mirage"]["failed"] = 1
    data["summary"]["cr2024"]["failed"] = 0
    with pytest.raises(ReportError) as info:
        read_json(document_file(data))
    assert str(info.value).endswith(
        "contradicts itself (edited by hand?):\n  results/2/id: 'upkeep::Upkeep: life is checked::cr2024', "
        "but its part, scenario, example and edition make 'upkeep::Upkeep: life is checked::mirage'"
    )


@pytest.mark.parametrize("command", ["diff", "compare", "expect", "site"])
@pytest.mark.parametrize(
    ("bad", "said"),
    [
        (_status_twice(REPORT), "not a conformance report: results/2: the key 'status' is given more than once"),
        (
            json.dumps(_summary_edited(REPORT)),
            "contradicts itself (edited by hand?): summary/cr2024/passed: 2, but the results have 1",
        ),
    ],
    ids=["key-twice", "summary-edited"],
)
def test_every_command_that_reads_a_report_refuses_a_bad_one_naming_it(
    command: str, bad: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from checker.cli import main
    from checker.judging.expectations import expectations_from, write_expectations

    refused = tmp_path / "refused.json"
    refused.write_text(bad, encoding="utf-8")
    other = write_json(replace(REPORT, engine=EngineIdentity("other", "1", "other")), tmp_path / "other.json")
    expected = write_expectations(expectations_from(REPORT, "a bug"), tmp_path / "expected.json")
    argvs: dict[str, list[str | Path]] = {
        "diff": [other, refused],
        "compare": [other, refused],
        "expect": [refused, expected],
        "site": ["--out", tmp_path / "site", other, refused],
    }
    assert main([command, *map(str, argvs[command])]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"{refused}: {said}" in err


def test_a_run_with_no_result_says_so_not_that_all_were_unsupported() -> None:
    empty = replace(REPORT, results=(), partial="interrupted by SIGTERM; 0 of 64 scenario runs done")
    assert "no scenario ran: the run has no result" in empty.gaps
    assert not any("unsupported" in gap for gap in empty.gaps)


def test_a_partial_run_says_why(document_file: Callable[[object], Path]) -> None:
    """An empty reason would read as partial to the gate, and as whole to a template testing it."""
    with pytest.raises(ReportError, match="partial: '' should be non-empty"):
        read_json(document_file(json.dumps({**to_json(REPORT), "partial": ""})))


def test_writing_nan_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        write_json(replace(REPORT, duration=math.nan), tmp_path / "report.json")


# --------------------------------------------------------------------------- JUnit XML


def test_junit_parses_with_one_suite_per_edition_and_the_right_counts(tmp_path: Path) -> None:
    root = ET.parse(write_junit(REPORT, tmp_path / "junit.xml")).getroot()
    assert root.tag == "testsuites"
    assert (root.get("tests"), root.get("failures"), root.get("errors"), root.get("skipped")) == ("7", "1", "3", "1")
    suites = {s.get("name"): s for s in root.findall("testsuite")}
    assert list(suites) == ["mirage", "cr2008", "cr2024"]
    counts = {name: tuple(s.get(k) for k in ("tests", "failures", "errors", "skipped")) for name, s in suites.items()}
    assert counts == {"mirage": ("3", "0", "1", "1"), "cr2008": ("2", "0", "2", "0"), "cr2024": ("2", "1", "0", "0")}
    assert all(len(s.findall("testcase")) == int(s.get("tests", "-1")) for s in suites.values())
    properties = {p.get("name"): p.get("value") for p in suites["cr2024"].findall("properties/property")}
    assert properties["engine"] == REPORT.engine.name
    assert properties["suite_version"] == "0.1.0"


def _case(root: ET.Element, edition: str, name: str) -> ET.Element:
    found = root.find(f"testsuite[@name='{edition}']/testcase[@name='{name}']")
    assert found is not None, name
    return found


def test_junit_testcases_carry_part_scenario_status_and_rulings() -> None:
    root = ET.fromstring(junit_xml(REPORT))
    passed = _case(root, "cr2024", "Untap: everything untaps")
    assert passed.get("classname") == "untap"
    assert passed.get("time") in ("0.012", "0.013")  # 0.0125, to milliseconds
    rulings = [p.get("value") for p in passed.findall("properties/property[@name='ruling']")]
    assert rulings == ["CR24-502.3", "GRT-1.6-4"]
    identifier = passed.find("properties/property[@name='id']")
    assert identifier is not None and identifier.get("value") == "untap::Untap: everything untaps::cr2024"
    assert [c.tag for c in passed] == ["properties"]  # no failure, error or skipped

    failed = _case(root, "cr2024", "Upkeep: life is checked")
    failure = failed.find("failure")
    assert failure is not None and failure.get("type") == "failed"
    assert failure.get("message") == f"the engine said {HOSTILE}"  # the message's first line
    assert (failure.text or "").startswith("Failing step (upkeep.feature:42): Then Alice has 19 life\n")
    assert "Expected: 19" in (failure.text or "")
    assert f"Observed: {HOSTILE} {NON_ASCII}" in (failure.text or "")  # escaped in the file, intact once parsed
    assert "Given it is Alice's turn" in (failure.text or "")

    error = _case(root, "cr2008", "Draw: the first player skips the draw [Alice, 7]")
    assert error.get("classname") == "draw"
    element = error.find("error")
    assert element is not None and element.get("type") == "error"
    assert "\\x1b[31mred" in (element.text or "")  # a control character XML can't hold, written out

    timeout = _case(root, "cr2008", "Draw: a card is drawn").find("error")
    assert timeout is not None and timeout.get("type") == "timeout"
    assert timeout.get("message") == "EngineTimeout: no answer in 10 s"

    skipped = _case(root, "mirage", f"Phasing: {NON_ASCII}").find("skipped")
    assert skipped is not None and skipped.get("message") == f"the adapter doesn't support phasing {HOSTILE}"
    assert skipped.text == skipped.get("message")  # GitLab shows only the text

    surrogate = _case(root, "mirage", "Ending: a lone surrogate").find("error")
    assert surrogate is not None and "\\udc80" in (surrogate.text or "")


def test_junit_keeps_failure_messages_short_but_the_text_whole() -> None:
    root = ET.fromstring(junit_xml(REPORT))
    error = _case(root, "cr2008", "Draw: the first player skips the draw [Alice, 7]").find("error")
    assert error is not None
    assert len(error.get("message", "")) <= 500
    assert (error.text or "").count("stderr line") == 5000


def test_junit_gives_a_messages_first_line_as_the_attribute_and_the_whole_of_it_as_the_text() -> None:
    reason = "phasing isn't supported:\n  the engine has no phasing\n  nor any plan for it"
    skip = result("phasing", "Phasing", "cr2024", Status.UNSUPPORTED, message=reason)
    root = ET.fromstring(junit_xml(replace(_events_failure(), results=(*_events_failure().results, skip))))
    failure = _case(root, "cr2024", "Mana empties").find("failure")
    assert failure is not None
    assert failure.get("message") == "expected the event mana_emptied Alice 2, but observed events:"
    assert f"\n{EVENTS_STEP.message}\n" in (failure.text or "")  # with its line breaks
    skipped = _case(root, "cr2024", "Phasing").find("skipped")
    assert skipped is not None
    assert (skipped.get("message"), skipped.text) == ("phasing isn't supported:", reason)


def test_junit_gives_expected_and_observed_as_the_attribute_of_a_step_without_a_message() -> None:
    step = FailingStep("Then Alice has 19 life", 7, "", "19", "20")
    report = replace(REPORT, results=(result("untap", "Life", "cr2024", Status.FAILED, failing_step=step),))
    failure = _case(ET.fromstring(junit_xml(report)), "cr2024", "Life").find("failure")
    assert failure is not None and failure.get("message") == "expected 19, observed 20"
    assert "\nExpected: 19\nObserved: 20\n" in (failure.text or "")


def test_junit_file_has_no_raw_markup_from_the_engine(tmp_path: Path) -> None:
    text = write_junit(REPORT, tmp_path / "junit.xml").read_text(encoding="utf-8")
    assert SCRIPT not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "\x1b" not in text and "\x00" not in text


# --------------------------------------------------------------------------- HTML


class _Page(HTMLParser):
    """The tags and the text of a page, as a browser would parse them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.ids: set[str] = set()
        self.attributes: list[tuple[str, str | None]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes += attrs
        self.ids |= {v for k, v in attrs if k == "id" and v}

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parse(page: str) -> _Page:
    parser = _Page()
    parser.feed(page)
    parser.close()
    return parser


def test_html_escapes_every_engine_string() -> None:
    page = html(REPORT)
    assert SCRIPT not in page
    assert QUOTES not in page
    assert "<img" not in page and "<!-- <img" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&#34;&#39;&amp;" in page  # the quotes and ampersand, escaped
    assert "&lt;/pre&gt;&lt;/td&gt;&lt;/table&gt;" in page
    parsed = _parse(page)
    assert "script" not in parsed.tags and "img" not in parsed.tags
    assert not any(name.startswith("on") for name, _ in parsed.attributes)
    text = "".join(parsed.text)
    assert HOSTILE in text  # shown as text, exactly as the engine sent it
    assert f"evil {SCRIPT}" in text


def test_html_shows_control_characters_as_escapes_and_cuts_very_long_messages() -> None:
    page = html(REPORT)
    assert "\x1b" not in page and "\x00" not in page and "\udc80" not in page
    assert "colour \\x1b[31mred\\x1b[0m, a NUL \\x00 and a bell \\x07" in page
    assert "stderr byte \\udc80 undecodable" in page
    assert page.count("stderr line") < 2000
    assert "more characters)</pre>" in page


def test_html_is_self_contained() -> None:
    page = html(REPORT)
    parsed = _parse(page)
    assert not {"script", "link", "img", "iframe", "object", "embed"} & set(parsed.tags)
    assert "style" in parsed.tags
    assert not any(v and v.startswith(("http:", "https:", "//")) for k, v in parsed.attributes if k in ("href", "src"))
    assert "@import" not in page and "url(" not in page
    assert "default-src 'none'" in page


def test_html_has_sections_per_edition_part_and_ruling() -> None:
    page = html(REPORT)
    parsed = _parse(page)
    assert {"summary", "rulings", "edition-mirage", "edition-cr2008", "edition-cr2024"} <= parsed.ids
    text = "".join(parsed.text)
    for part in ("untap", "upkeep", "draw", "phasing", "ending"):
        assert f"The {part} of the turn" in text
    for ruling in ("CR24-502.3", "GRT-1.6-4", "CR08-302.2", "(no ruling)"):
        assert ruling in text


def test_html_shows_the_failing_step_expected_observed_message_and_steps() -> None:
    page = html(REPORT)
    assert "Failing step (upkeep.feature:42)</dt><dd><code>Then Alice has 19 life</code>" in page
    assert '<pre class="expected">19</pre>' in page
    assert '<pre class="observed">&lt;script&gt;' in page
    assert "second line</pre>" in page  # the message keeps its line breaks, in a <pre>
    assert '<li class="failing">Then Alice has 19 life</li>' in page
    assert "<li>Given it is Alice&#39;s turn</li>" in page
    assert "EngineTimeout: no answer in 10 s" in page
    assert "Draw: the first player skips the draw [Alice, 7]" in page


#: The message of a step that stopped the game too late, and of a comparison: each says what was expected and observed.
ADVANCE_STEP = FailingStep(
    "When the game advances to Alice's upkeep",
    134,
    "Alice's upkeep began and ended without the game stopping in it; the game is now at Alice's turn 2, draw",
    "Alice's upkeep",
    "Alice's turn 2, draw",
)
COMPARED_STEP = FailingStep(
    "Then it is Alice's upkeep",
    7,
    "expected Alice's upkeep, but observed Alice's draw",
    "Alice's upkeep",
    "Alice's draw",
)


def _told_once(step: FailingStep, message: str | None = None, status: Status = Status.FAILED) -> RunReport:
    failed = result("upkeep", "Upkeep", "cr2024", status, failing_step=step, message=message or step.message)
    return replace(REPORT, results=(failed,))


@pytest.mark.parametrize("step", [ADVANCE_STEP, COMPARED_STEP, EVENTS_STEP])
def test_html_and_junit_give_a_message_that_says_expected_and_observed_alone(step: FailingStep) -> None:
    """Expected and observed aren't given apart from a message that says them, nor the message twice."""
    report = _told_once(step)
    page = html(report)
    assert 'class="expected"' not in page and 'class="observed"' not in page
    assert page.count('<pre class="message">') == 1
    assert "<dt>Expected</dt>" not in page and "<dt>Observed</dt>" not in page
    failure = _case(ET.fromstring(junit_xml(report)), "cr2024", "Upkeep").find("failure")
    assert failure is not None
    text = failure.text or ""
    assert text.count(step.message) == 1
    assert "Expected:" not in text and "Observed:" not in text


def test_html_and_junit_give_expected_and_observed_a_message_does_not_say() -> None:
    step = replace(COMPARED_STEP, message="Alice's upkeep was not reached")
    report = _told_once(step)
    page = html(report)
    assert '<dt>Message</dt><dd><pre class="message">Alice&#39;s upkeep was not reached</pre>' in page
    assert '<dt>Observed</dt><dd><pre class="observed">Alice&#39;s draw</pre>' in page
    assert 'class="expected"' not in page  # "Alice's upkeep" is in the message
    failure = _case(ET.fromstring(junit_xml(report)), "cr2024", "Upkeep").find("failure")
    assert failure is not None
    assert "\nAlice's upkeep was not reached\nObserved: Alice's draw\n" in (failure.text or "")


def test_an_errors_message_and_its_steps_are_given_once_the_longer_kept() -> None:
    step = FailingStep("When Alice passes priority", 9, "the engine crashed")
    report = _told_once(step, "EngineFailure: the engine crashed", Status.ERROR)
    page = html(report)
    assert page.count("the engine crashed") == 1 and "EngineFailure: the engine crashed</pre>" in page
    error = _case(ET.fromstring(junit_xml(report)), "cr2024", "Upkeep").find("error")
    assert error is not None and (error.text or "").count("the engine crashed") == 1


def test_html_shows_an_outlines_name_with_its_examples_values() -> None:
    outline = replace(
        result("mana", "Mana burns at the end of the <phase>", "mirage", Status.FAILED, example="upkeep phase, upkeep"),
        title="Mana burns at the end of the upkeep phase",
    )
    page = html(replace(REPORT, results=(outline,)))
    text = "".join(_parse(page).text)
    assert "Mana burns at the end of the upkeep phase" in text
    # the stable scenario id keeps the placeholder; no name shown to a reader does
    assert text.count("<phase>") == text.count(outline.id) == 1


def test_html_links_every_ruling_id_to_its_row_with_its_citation() -> None:
    parsed = _parse(html(REPORT))
    links = {v.removeprefix("#") for k, v in parsed.attributes if k == "href" and v and v.startswith("#ruling-")}
    assert links == {"ruling-CR24-502.3", "ruling-GRT-1.6-4", "ruling-CR08-302.2"}
    assert links <= parsed.ids
    text = "".join(parsed.text)
    assert rulings()["GRT-1.6-4"].citations in text
    assert rulings()["CR08-302.2"].citations in text


def test_markdown_shows_an_outlines_name_with_its_examples_values() -> None:
    outline = replace(
        result("mana", "Mana burns at the end of the <phase>", "mirage", Status.FAILED, example="upkeep phase"),
        title="Mana burns at the end of the upkeep phase",
    )
    text = markdown(replace(REPORT, results=(outline,)))
    assert "Mana burns at the end of the upkeep phase" in text and "&lt;phase" not in text and "<phase>" not in text


def _events_failure() -> RunReport:
    failed = result("mana_burn_and_life", "Mana empties", "cr2024", Status.FAILED, failing_step=EVENTS_STEP)
    return replace(REPORT, results=(failed,))


def test_a_failing_steps_data_table_reads_back_and_an_old_report_without_one_still_reads(tmp_path: Path) -> None:
    report = _events_failure()
    data = to_json(report)
    Draft202012Validator(schema()).validate(data)
    assert data["results"][0]["failing_step"]["datatable"] == [list(row) for row in EVENTS_STEP.datatable or ()]
    assert read_json(write_json(report, tmp_path / "report.json")) == report
    del data["results"][0]["failing_step"]["datatable"]
    assert from_json(data).results[0].failing_step == replace(EVENTS_STEP, datatable=None)


def test_every_report_shows_a_failing_steps_data_table() -> None:
    report = _events_failure()
    rows = [
        "| event        | player | amount |",
        "| mana emptied | Alice  | 2      |",
        "| step began   | Alice  |        |",
    ]
    summary = markdown(report)
    assert (
        "feature:219): And these events happen in this order:\n  - ```\n" + "".join(f"    {r}\n" for r in rows)
        in summary
    )
    page = html(report)
    assert '<code>And these events happen in this order:</code></dd>\n<dd><table class="datatable">' in page
    assert "<tr><th>event</th><th>player</th><th>amount</th></tr>" in page
    assert "<tr><td>step began</td><td>Alice</td><td></td></tr>" in page
    failure = _case(ET.fromstring(junit_xml(report)), "cr2024", "Mana empties").find("failure")
    assert failure is not None
    assert "this order:\n" + "".join(f"  {r}\n" for r in rows) + "expected the event" in (failure.text or "")


def test_an_outlines_title_reads_back_and_an_old_report_without_it_still_reads(tmp_path: Path) -> None:
    titled = replace(RESULTS[3], title="Draw: Alice skips her first draw")
    report = replace(REPORT, results=(titled,))
    assert read_json(write_json(report, tmp_path / "report.json")) == report
    data = to_json(replace(REPORT, results=RESULTS[:1]))
    del data["results"][0]["title"]
    assert from_json(data).results == RESULTS[:1]


def _summary_table(page: str, heading: str) -> str:
    return page.split(f"<h3>{heading}")[1].split("</table>")[0]


def test_html_lists_unsupported_scenarios_apart_from_the_failing_ones() -> None:
    page = html(REPORT)
    failing = _summary_table(page, "Not passing (4)</h3>")
    assert failing.count("<tr>") == 5  # the heading's row, and the failed, the timeout and the two errors
    assert "Phasing:" not in failing and "unsupported" not in failing
    unsupported = _summary_table(page, "Unsupported (1)</h3>")
    assert f"Phasing: {NON_ASCII}" in unsupported
    assert "the adapter doesn&#39;t support phasing &lt;script&gt;" in unsupported


def test_html_of_a_clean_run_says_so() -> None:
    clean = replace(REPORT, results=RESULTS[:2])
    page = html(clean)
    assert "No scenario failed, erred or timed out." in page
    assert "Not passing" not in page


# --------------------------------------------------------------------------- Markdown


def test_markdown_has_a_table_of_counts_per_edition() -> None:
    text = markdown(REPORT)
    assert "| edition | passed | failed | error | timeout | unsupported |" in text
    assert "| mirage | 1 | 0 | 1 | 0 | 1 |" in text
    assert "| cr2008 | 0 | 0 | 1 | 1 | 0 |" in text
    assert "| cr2024 | 1 | 1 | 0 | 0 | 0 |" in text
    assert "| **all** | **2** | **1** | **2** | **1** | **1** |" in text


def test_markdown_lists_what_did_not_pass_with_rulings_and_the_failing_step() -> None:
    text = markdown(REPORT)
    assert "### Not passing (4)" in text
    assert "rulings: CR24\\-502\\.3" in text
    assert "step (upkeep\\.feature:42): Then Alice has 19 life" in text
    assert "EngineTimeout: no answer in 10 s" in text
    assert "### Unsupported (1)" in text
    assert "1 scenario(s): the adapter doesn't support phasing" in text


def _rendered_markdown(text: str) -> str:
    """Markdown as CommonMark renders it to HTML (as GitHub does a job summary, tables aside)."""
    from markdown_it import MarkdownIt

    return str(MarkdownIt("commonmark").render(text))


def test_markdown_escapes_engine_strings() -> None:
    text = markdown(REPORT)
    assert "\x1b" not in text
    assert "evil &lt;script&gt;" in text
    rendered = _parse(_rendered_markdown(text))
    assert not {"script", "img", "a", "h1", "h4", "table"} & set(rendered.tags)
    assert not rendered.attributes
    assert f"the engine said {HOSTILE}" in "".join(rendered.text)  # shown as text, as the engine sent it
    for line in _outside_fenced_blocks(text):  # no engine text starts a heading, a table row or a list of its own
        assert line == "" or line.startswith(("#", "|", "- ", "  - ", "✅", "❌"))


def _outside_fenced_blocks(text: str) -> list[str]:
    """The lines of Markdown that aren't in a fenced block (whose text Markdown shows verbatim)."""
    outside, fence = [], None
    for line in text.splitlines():
        if fence is None and (opening := re.fullmatch(r"  - (`{3,})", line)):
            fence = opening[1]
        elif fence is not None:
            fence = None if line == f"    {fence}" else fence
        else:
            outside.append(line)
    return outside


def test_markdown_gives_a_failure_once_with_its_line_breaks() -> None:
    """The message says what was expected and observed: they aren't given again before it; a
    message of several lines is a fenced block that nothing in it can end."""
    events = "expected the event mana_emptied Alice 2, but observed events:\n  step_began Alice draw\n  ```\n  x"
    observed = events.partition(", but observed ")[2]
    step = FailingStep("And these events happen in this order:", 219, events, "mana_emptied Alice 2", observed)
    failed = result("mana_burn_and_life", "Mana empties", "cr2024", Status.FAILED, failing_step=step, message=events)
    text = markdown(replace(REPORT, results=(failed,)))
    assert "\\n" not in text
    assert text.count("mana_emptied Alice 2") == 1 and text.count("step_began Alice draw") == 1
    assert "  - step (mana\\_burn\\_and\\_life\\.feature:219): And these events happen in this order:" in text
    assert "  - ````\n    expected the event mana_emptied Alice 2, but observed events:\n      step_began" in text
    assert f"<pre><code>{events}\n</code></pre>" in _rendered_markdown(text)  # the whole message, in one block


def test_markdown_gives_expected_and_observed_of_a_step_that_failed_without_a_message() -> None:
    step = FailingStep("Then Alice has 19 life", 7, "", "19", "20")
    text = markdown(replace(REPORT, results=(result("untap", "Life", "cr2024", Status.FAILED, failing_step=step),)))
    assert "  - expected: 19\n  - observed: 20\n" in text


def test_markdown_stays_short_for_a_ci_job_summary() -> None:
    many = tuple(
        result("untap", f"Scenario {i}", "cr2024", Status.FAILED, message="x" * 10_000, failing_step=HOSTILE_STEP)
        for i in range(2000)
    ) + tuple(result("draw", f"Other {i}", "mirage", Status.UNSUPPORTED, message=f"reason {i}") for i in range(500))
    text = markdown(replace(REPORT, results=many))
    assert len(text.encode()) < 60_000  # GitHub allows 1 MiB per step
    assert "… and 1960 more" in text
    assert "… and 490 other reasons" in text


# --------------------------------------------------------------------------- badges


def _report_with(passed: int, failed: int, unsupported: int = 0, edition: str = "cr2024") -> RunReport:
    results = (
        [result("untap", f"p{i}", edition, Status.PASSED) for i in range(passed)]
        + [result("untap", f"f{i}", edition, Status.FAILED) for i in range(failed)]
        + [result("untap", f"u{i}", edition, Status.UNSUPPORTED) for i in range(unsupported)]
    )
    return replace(REPORT, editions=(edition,), results=tuple(results))


@pytest.mark.parametrize(
    ("passed", "failed", "unsupported", "message", "color"),
    [
        (139, 0, 0, "139/139 passed", "brightgreen"),
        (130, 0, 9, "130/130 passed", "brightgreen"),  # unsupported scenarios are left out
        (126, 13, 0, "126/139 passed", "yellow"),  # 90.6%
        (9, 1, 0, "9/10 passed", "yellow"),  # exactly 90%
        (120, 19, 0, "120/139 passed", "red"),  # 86.3%
        (0, 5, 0, "0/5 passed", "red"),
        (0, 0, 7, "no supported scenarios", "lightgrey"),
    ],
)
def test_badge_message_and_colour(passed: int, failed: int, unsupported: int, message: str, color: str) -> None:
    assert badges(_report_with(passed, failed, unsupported)) == {
        "cr2024": {"schemaVersion": 1, "label": "MTG cr2024", "message": message, "color": color}
    }


def test_badges_per_edition_are_written_as_endpoint_json(tmp_path: Path) -> None:
    paths = write_badges(REPORT, tmp_path / "badges")
    assert [p.name for p in paths] == ["mirage.json", "cr2008.json", "cr2024.json"]
    data = json.loads((tmp_path / "badges" / "cr2024.json").read_text(encoding="utf-8"))
    assert data == {"schemaVersion": 1, "label": "MTG cr2024", "message": "1/2 passed", "color": "red"}
    assert set(json.loads((tmp_path / "badges" / "mirage.json").read_text())) == {
        "schemaVersion",
        "label",
        "message",
        "color",
    }


def test_a_badge_is_never_written_outside_its_directory(tmp_path: Path) -> None:
    report = _report_with(1, 0, edition="../evil")
    with pytest.raises(ValueError, match="can't be a badge's file name"):
        write_badges(report, tmp_path / "badges")
    assert not (tmp_path / "evil.json").exists()


# --------------------------------------------------------------------------- all of them


def test_write_all_writes_every_format(tmp_path: Path) -> None:
    directory = tmp_path / "reports"
    paths = write_all(REPORT, directory)
    names = sorted(str(p.relative_to(directory)) for p in paths)
    assert names == sorted(
        [
            "report.json",
            "report.schema.json",
            "junit.xml",
            "summary.md",
            "report.html",
            "badges/mirage.json",
            "badges/cr2008.json",
            "badges/cr2024.json",
        ]
    )
    assert all(p.is_file() and p.stat().st_size > 0 for p in paths)
    assert read_json(directory / "report.json") == REPORT
    ET.parse(directory / "junit.xml")
    assert (directory / "summary.md").read_text(encoding="utf-8") == markdown(REPORT)
    assert SCRIPT not in (directory / "report.html").read_text(encoding="utf-8")


def test_every_status_appears_in_the_test_report() -> None:
    assert {r.status for r in RESULTS} == set(Status)


def test_the_console_line_of_a_failure_gives_its_message_and_each_value_once() -> None:
    """The one line certify, diff and the gate print: a step the game went through without stopping
    says so (not only "expected X, observed Y"); a comparison's message is given alone; a message
    that doesn't say the values is followed by them."""
    advanced = _told_once(ADVANCE_STEP).results[0]
    assert why(advanced) == f"{ADVANCE_STEP.text}: {ADVANCE_STEP.message}"
    compared = _told_once(COMPARED_STEP).results[0]
    assert why(compared) == "Then it is Alice's upkeep: expected Alice's upkeep, but observed Alice's draw"
    wrong = _told_once(FailingStep("Then Alice has 19 life", 7, "wrong life", "19", "20")).results[0]
    assert why(wrong) == "Then Alice has 19 life: wrong life (expected 19, observed 20)"
    bare = _told_once(FailingStep("Then Alice has 19 life", 7, "", "19", "20"), message="").results[0]
    assert why(bare) == "Then Alice has 19 life: expected 19, observed 20"
