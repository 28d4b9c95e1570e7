"""The JSON report: every result of a run, in a file other tools (and ``diff``) read back.

Its shape is ``schemas/report.schema.json`` (JSON Schema draft 2020-12). A written report names
its schema with ``"$schema": "report.schema.json"``, a copy written beside it, so that an editor
or a CI tool validates the file without this package. A file is checked against it when read,
so that a truncated, hand-edited or foreign file is refused with a :class:`ReportError` that
names the file and the problem, instead of failing somewhere later; so is one whose summary or
ids contradict its results (:func:`_contradictions`).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from checker.contract.documents import Document, in_lines, write_whole
from checker.judging.reports._text import editions_of, in_order
from checker.judging.results import EngineIdentity, FailingStep, RunReport, ScenarioResult, Status

FORMAT = "mtg-turn-conformance-report"
FORMAT_VERSION = 1
#: The schema's file name beside a written report, which the report's ``$schema`` names.
SCHEMA_FILE = "report.schema.json"


class ReportError(ValueError):
    """A file is not a report this suite can read: missing, not JSON, or not matching the schema."""


REPORT = Document(
    FORMAT, FORMAT_VERSION, "a conformance report", "report", "judging/reports/schemas/report.schema.json", ReportError
)
schema = REPORT.schema
problems = REPORT.problems


def _optional_text(value: object) -> str | None:
    # An adapter may hand over any object as "expected" or "observed"; the file holds text.
    return None if value is None else str(value)


def _failing_step(step: FailingStep | None) -> dict[str, Any] | None:
    if step is None:
        return None
    return {
        "text": str(step.text),
        "line": int(step.line),
        "message": str(step.message),
        "expected": _optional_text(step.expected),
        "observed": _optional_text(step.observed),
        "datatable": None if step.datatable is None else [[str(cell) for cell in row] for row in step.datatable],
    }


def _result(result: ScenarioResult) -> dict[str, Any]:
    return {
        "id": result.id,
        "part": result.part,
        "feature": result.feature,
        "scenario": result.scenario,
        "example": result.example,
        "edition": result.edition,
        "rulings": list(result.rulings),
        "status": str(result.status),
        "duration": result.duration,
        "steps": list(result.steps),
        "failing_step": _failing_step(result.failing_step),
        "message": _optional_text(result.message),
        "title": result.title,
    }


def to_json(report: RunReport) -> dict[str, Any]:
    """The report as a JSON value matching the schema."""
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "suite_version": report.suite_version,
        "engine": {"name": report.engine.name, "version": report.engine.version, "spec": report.engine.spec},
        "started": report.started,
        "duration": report.duration,
        "editions": list(report.editions),
        "partial": report.partial,
        "summary": {
            edition: {str(status): count for status, count in report.counts(edition).items()}
            for edition in editions_of(report)
        },
        "results": [_result(r) for r in report.results],
    }


def from_json(data: object, source: str = "report") -> RunReport:
    """A report from a JSON value, checked against the schema; ``source`` names it in errors."""
    data = REPORT.check(data, source)
    results = tuple(_result_from(r) for r in data["results"])
    seen: set[str] = set()
    for result in results:
        if result.id in seen:
            raise ReportError(f"{source}: scenario id {result.id!r} appears more than once")
        seen.add(result.id)
    contradictions = _contradictions(results, data.get("summary"))
    if contradictions:
        raise ReportError(f"{source}: contradicts itself (edited by hand?):{in_lines(contradictions)}")
    engine = data["engine"]
    return RunReport(
        suite_version=data["suite_version"],
        engine=EngineIdentity(engine["name"], engine["version"], engine["spec"]),
        started=data["started"],
        duration=data["duration"],
        editions=tuple(data["editions"]),
        results=results,
        partial=data.get("partial"),
    )


def _contradictions(results: tuple[ScenarioResult, ...], summary: dict[str, dict[str, int]] | None) -> list[str]:
    """What a report says that its results don't: an id other than the one its result's part,
    scenario, example and edition make (expectations and diffs match results by id), or a summary
    count other than the results' (what a reader of the file, or a tool that trusts it, would
    believe). A report this suite writes has neither; a summary left out says nothing."""
    found = []
    for i, r in enumerate(results):
        made = ScenarioResult.make_id(r.part, r.scenario, r.example, r.edition)
        if r.id != made:
            found.append(f"results/{i}/id: {r.id!r}, but its part, scenario, example and edition make {made!r}")
    if summary is None:
        return found
    counted = Counter((r.edition, str(r.status)) for r in results)
    for edition in in_order({r.edition for r in results} | set(summary)):
        if edition not in summary:
            found.append(f"summary: no count for {edition!r}, which has results")
            continue
        found += [
            f"summary/{edition}/{status}: {said}, but the results have {counted[edition, status]}"
            for status, said in summary[edition].items()
            if said != counted[edition, status]
        ]
    return found


def _result_from(data: dict[str, Any]) -> ScenarioResult:
    step = data["failing_step"]
    return ScenarioResult(
        id=data["id"],
        part=data["part"],
        feature=data["feature"],
        scenario=data["scenario"],
        example=data["example"],
        edition=data["edition"],
        rulings=tuple(data["rulings"]),
        status=Status(data["status"]),
        duration=data["duration"],
        steps=tuple(data["steps"]),
        failing_step=None if step is None else FailingStep.from_data(step),
        message=data["message"],
        title=data.get("title"),
    )


def dumps(value: object) -> str:
    """JSON text as the report writers write it: indented, UTF-8 text rather than ``\\u`` escapes, no NaN."""
    return json.dumps(value, indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def write_text(path: Path, text: str) -> Path:
    """Write ``text`` as UTF-8, whole or not at all (:func:`~checker.contract.documents.write_whole`),
    making the directory if needed.

    A lone surrogate (an engine's undecodable stderr byte, kept by ``surrogateescape``)
    can't be encoded; ``backslashreplace`` writes it as ``\\udcXX``, which in a JSON string
    is the escape that reads back as the same character, and elsewhere is a visible marker.
    """
    write_whole(path, text.encode("utf-8", errors="backslashreplace"))
    return path


def write_json(report: RunReport, path: Path) -> Path:
    """Write the report as JSON, and its schema beside it as :data:`SCHEMA_FILE`; returns ``path``."""
    path = Path(path)
    write_text(path.parent / SCHEMA_FILE, dumps(schema()))
    return write_text(path, dumps({"$schema": SCHEMA_FILE, **to_json(report)}))


def read_json(path: Path) -> RunReport:
    """Read a report written by :func:`write_json`; :class:`ReportError` says what is wrong with a bad file."""
    return from_json(REPORT.load(path), str(path))
