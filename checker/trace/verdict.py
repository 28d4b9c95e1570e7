"""Checking traces and reporting: the console table, JSON, JUnit XML, Markdown and HTML.

``trace-report.json`` has its JSON Schema in the package (``schemas/trace-report.schema.json``),
written beside it and named by its ``$schema``.

Exit codes follow ``turncheck certify``: 0 no violation, 1 violations, 2 a trace that can't be
read (or a malformed line in one, one that contradicts itself about where the game is or goes on
after its end, one with nothing to check in it, or a run on none of whose traces a check could be
made), 3 an internal error.
"""

from __future__ import annotations

import traceback
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from checker.contract.documents import Document
from checker.contract.exits import EXIT_FAILED, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE
from checker.judging.reports.html import page_environment
from checker.judging.reports.json_report import dumps, write_text
from checker.judging.reports.junit import xml_element
from checker.judging.reports.markdown import MESSAGE_LIMIT, escape
from checker.trace.check import check_trace
from checker.trace.files import open_trace, trace_name
from checker.trace.problems import TraceError
from checker.trace.results import Status, TraceResult

REPORT_FORMAT = "turncheck-trace-report"
REPORT_SCHEMA = "trace-report.schema.json"


class TraceReportError(ValueError):
    """A file is not a trace report this checker can read."""


REPORT = Document(
    REPORT_FORMAT, 1, "a trace report", "trace report", f"trace/schemas/{REPORT_SCHEMA}", TraceReportError
)


def check_each(
    paths: Iterable[Path], edition: str | None = None, validate: bool = False, only: frozenset[str] | None = None
) -> Iterator[TraceResult]:
    """Check each trace in turn (with ``only``, by those checks: :func:`~checker.trace.check.select`).
    One that can't be read gets an error result, one the checker fails on an internal error
    result, and the others go on."""
    for path in paths:
        try:
            trace = open_trace(path, validate)
        except TraceError as exc:
            yield TraceResult(trace_name(path), edition or "?", "?", error=str(exc))
            continue
        except Exception as exc:  # a bug of the reader costs this trace's results only, as one of the checks
            yield TraceResult(trace_name(path), edition or "?", "?", internal_error=_internal(exc))
            continue
        try:
            yield check_trace(trace, edition, only)
        except Exception as exc:  # a bug of the checker costs this trace's results only
            engine = f"{trace.header.engine.name} {trace.header.engine.version}"
            yield TraceResult(trace.path, edition or trace.header.edition, engine, internal_error=_internal(exc))


def _internal(exc: Exception) -> str:
    """The exception and the innermost place of the checker it came from."""
    frames = traceback.extract_tb(exc.__traceback__)
    where = next((f for f in reversed(frames) if "checker" in f.filename), frames[-1] if frames else None)
    place = f" at {Path(where.filename).name}:{where.lineno} in {where.name}" if where else ""
    return f"{type(exc).__name__}: {exc}{place}"


def check_files(paths: Iterable[Path], edition: str | None = None, validate: bool = False) -> list[TraceResult]:
    """Every result of :func:`check_each`."""
    return list(check_each(paths, edition, validate))


def nothing_checked(results: list[TraceResult]) -> bool:
    """No check could be made on any trace of the run: it says nothing of the rules, and can't pass."""
    return bool(results) and all(r.checked_nothing for r in results)


def exit_code(results: list[TraceResult]) -> int:
    if any(r.internal_error for r in results):
        return EXIT_INTERNAL
    if any(r.error or r.problems or r.eventless for r in results) or nothing_checked(results):
        return EXIT_USAGE
    return EXIT_FAILED if any(r.violations for r in results) else EXIT_OK


def to_json(results: list[TraceResult], partial: str | None = None) -> dict[str, Any]:
    """The JSON report; ``partial`` says why the run ended before every trace was checked (an
    interrupt, with how many were), given only then: a complete run's report is as it always was."""
    return {
        "$schema": REPORT_SCHEMA,
        "format": REPORT_FORMAT,
        "format_version": REPORT.version,
        **({} if partial is None else {"partial": partial}),
        "traces": [
            {
                "path": r.path,
                "edition": r.edition,
                "engine": r.engine,
                "events": r.events,
                "error": r.error,
                "internal_error": r.internal_error,
                "problems": [{"line": p.line, "problem": p.problem} for p in r.problems],
                "checks": [
                    {
                        "check": c.check,
                        "part": c.part,
                        "rules": list(c.rules),
                        "requires": c.requires,
                        "status": str(c.status),
                        "occasions": c.occasions,
                        "why": c.why,
                        "violations": [
                            {"line": v.line, "position": v.position, "requires": v.requires, "shows": v.shows}
                            for v in c.violations
                        ],
                    }
                    for c in r.results
                ],
            }
            for r in results
        ],
    }


def junit(results: list[TraceResult], partial: str | None = None) -> str:
    """One testsuite per trace, one testcase per check: a failure per violation, skipped when not checked;
    a partial run's first testsuite, ``run``, an errored testcase saying why (as certify's JUnit report).
    What a trace says, and its file's name, are written as XML can hold them, as certify's report
    does (:func:`~checker.judging.reports.junit.xml_element`): a control character in either would
    make the file one that no CI tool can read."""
    root = ET.Element("testsuites", name="turncheck trace")
    if partial is not None:
        suite = xml_element(root, "testsuite", name="run", tests="1", failures="0", errors="1")
        xml_element(xml_element(suite, "properties"), "property", name="partial", value=partial)
        case = xml_element(suite, "testcase", classname="run", name="partial")
        xml_element(case, "error", partial, message=f"the run is partial: {partial}", type="run")
    for r in results:
        unreadable = bool(r.error or r.problems or r.internal_error)  # a testcase of its own, errored
        violated = sum(1 for c in r.results if c.status is Status.VIOLATED)
        skipped = sum(1 for c in r.results if c.status is Status.NOT_CHECKED)
        counts = {"failures": str(violated), "errors": str(int(unreadable)), "skipped": str(skipped)}
        suite = xml_element(root, "testsuite", name=r.path, tests=str(len(r.results) + unreadable), **counts)
        if unreadable:
            case = xml_element(suite, "testcase", classname=r.path, name="readable")
            problems = [e for e in (r.internal_error, r.error) if e] + [
                f"line {p.line}: {p.problem}" for p in r.problems
            ]
            xml_element(case, "error", "\n".join(problems), message=problems[0])
        for c in r.results:
            case = xml_element(suite, "testcase", classname=f"{r.path}.{c.part}", name=c.check)
            if c.status is Status.VIOLATED:
                first = c.violations[0]
                text = "\n".join(
                    f"line {v.line} [{v.position}]: {v.shows} (requires: {v.requires})" for v in c.violations
                )
                xml_element(case, "failure", text, message=f"line {first.line}: {first.shows}")
            elif c.status is Status.NOT_CHECKED:
                # The reason in the text too: GitLab shows an element's text, never its attribute.
                xml_element(case, "skipped", f"not checked: {c.why}", message=f"not checked: {c.why}")
    return ET.tostring(root, encoding="unicode")


def markdown(results: list[TraceResult], partial: str | None = None) -> str:
    """The Markdown summary (a CI job's summary). What a trace says, and its file's name, are escaped
    as certify's summary escapes an engine's strings (:func:`~checker.judging.reports.markdown.escape`),
    each on one line: none of it can add a link, an image or markup, or break the table."""
    lines = [
        "# Trace check",
        "",
        *([f"> **Partial run**: {partial}.", ""] if partial is not None else []),
        "| trace | edition | events | passed | violated | not checked |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        path = escape(r.path)
        if r.error or r.internal_error:
            why = f"unreadable: {r.error}" if r.error else f"internal error: {r.internal_error}"
            lines.append(f"| {path} | {escape(r.edition)} | | | | {escape(why, MESSAGE_LIMIT)} |")
            continue
        count = {s: sum(1 for c in r.results if c.status is s) for s in Status}
        lines.append(
            f"| {path} | {escape(r.edition)} | {r.events} | {count[Status.PASSED]} | "
            f"{count[Status.VIOLATED]} | {count[Status.NOT_CHECKED]} |"
        )
    violations = [(r, v) for r in results for v in r.violations]
    if violations:
        lines += ["", "## Violations", ""]
        for r, v in violations:
            lines.append(
                f"- {escape(r.path)}:{v.line} ({escape(v.position)}) **{v.check}**: "
                f"{escape(v.shows, MESSAGE_LIMIT)}. Requires: {escape(v.requires, MESSAGE_LIMIT)}."
            )
    problems = [(r, p) for r in results for p in r.problems]
    if problems:
        lines += ["", "## Unreadable lines", ""]
        lines += [f"- {escape(r.path)}:{p.line}: {escape(p.problem, MESSAGE_LIMIT)}" for r, p in problems]
    return "\n".join(lines) + "\n"


def _verdict(results: list[TraceResult], partial: str | None) -> str:
    if partial is not None:
        return f"Partial run: {partial}."
    code = exit_code(results)
    if code == 0:
        return "No trace breaks a rule it was checked for."
    if code == 1:
        return f"{sum(len(r.violations) for r in results)} violation(s) found."
    return "Some traces, or lines of them, couldn't be checked: see below."


def html(results: list[TraceResult], partial: str | None = None) -> str:
    """The results as one self-contained HTML page, drawn on the conformance report's page."""
    traces = [
        {"anchor": f"t{i}", "result": r, "counts": [sum(1 for c in r.results if c.status is s) for s in Status]}
        for i, r in enumerate(results)
    ]
    return (
        page_environment("checker.trace")
        .get_template("trace-report.html.j2")
        .render(
            results=results,
            traces=traces,
            statuses=[str(s) for s in Status],
            events=sum(r.events for r in results),
            code=exit_code(results),
            partial=partial,
            verdict=_verdict(results, partial),
        )
    )


def write_reports(results: list[TraceResult], directory: Path, partial: str | None = None) -> list[Path]:
    """Write the reports into ``directory`` (made if needed): the JSON report and its schema,
    JUnit XML, Markdown and HTML, each saying so where the run is ``partial`` (why, and how many
    traces were checked: a CI job reading only the reports must not take it for a whole run);
    returns the paths written."""
    return [
        write_text(directory / "trace-report.json", dumps(to_json(results, partial))),
        write_text(directory / REPORT_SCHEMA, dumps(REPORT.schema())),
        write_text(directory / "junit.xml", junit(results, partial) + "\n"),
        write_text(directory / "summary.md", markdown(results, partial)),
        write_text(directory / "trace-report.html", html(results, partial)),
    ]
