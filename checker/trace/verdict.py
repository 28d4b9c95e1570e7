"""Checking traces and reporting: the console table, JSON, JUnit XML and Markdown.

Exit codes follow ``turncheck certify``: 0 no violation, 1 violations, 2 a trace that can't be
read (or a malformed line in one), 3 an internal error.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

from checker.trace.check import Status, TraceResult, check_trace
from checker.trace.format import TraceError, open_trace

REPORT_FORMAT = "turncheck-trace-report"


def check_files(paths: Iterable[Path], edition: str | None = None, validate: bool = False) -> list[TraceResult]:
    """Check each trace; one that can't be read gets an error result, and the others go on."""
    results = []
    for path in paths:
        try:
            trace = open_trace(path, validate)
        except TraceError as exc:
            results.append(TraceResult(str(path), edition or "?", "?", error=str(exc)))
            continue
        results.append(check_trace(trace, edition))
    return results


def exit_code(results: list[TraceResult]) -> int:
    if any(r.error or r.problems for r in results):
        return 2
    return 1 if any(r.violations for r in results) else 0


def to_json(results: list[TraceResult]) -> dict[str, Any]:
    return {
        "format": REPORT_FORMAT,
        "format_version": 1,
        "traces": [
            {
                "path": r.path,
                "edition": r.edition,
                "engine": r.engine,
                "events": r.events,
                "error": r.error,
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


def junit(results: list[TraceResult]) -> str:
    """One testsuite per trace, one testcase per check: a failure per violation, skipped when not checked."""
    root = ET.Element("testsuites", name="turncheck trace")
    for r in results:
        suite = ET.SubElement(root, "testsuite", name=r.path, tests=str(len(r.results)))
        if r.error or r.problems:
            case = ET.SubElement(suite, "testcase", classname=r.path, name="readable")
            problems = [r.error] if r.error else [f"line {p.line}: {p.problem}" for p in r.problems]
            ET.SubElement(case, "error", message=problems[0]).text = "\n".join(str(p) for p in problems)
        for c in r.results:
            case = ET.SubElement(suite, "testcase", classname=f"{r.path}.{c.part}", name=c.check)
            if c.status is Status.VIOLATED:
                first = c.violations[0]
                text = "\n".join(
                    f"line {v.line} [{v.position}]: {v.shows} (requires: {v.requires})" for v in c.violations
                )
                ET.SubElement(case, "failure", message=f"line {first.line}: {first.shows}").text = text
            elif c.status is Status.NOT_CHECKED:
                ET.SubElement(case, "skipped", message=f"not checked: {c.why}")
    return ET.tostring(root, encoding="unicode")


def markdown(results: list[TraceResult]) -> str:
    lines = [
        "# Trace check",
        "",
        "| trace | edition | events | passed | violated | not checked |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    for r in results:
        if r.error:
            lines.append(f"| {r.path} | {r.edition} | | | | unreadable: {r.error} |")
            continue
        count = {s: sum(1 for c in r.results if c.status is s) for s in Status}
        lines.append(
            f"| {r.path} | {r.edition} | {r.events} | {count[Status.PASSED]} | "
            f"{count[Status.VIOLATED]} | {count[Status.NOT_CHECKED]} |"
        )
    violations = [(r, v) for r in results for v in r.violations]
    if violations:
        lines += ["", "## Violations", ""]
        for r, v in violations:
            lines.append(f"- `{r.path}:{v.line}` ({v.position}) **{v.check}**: {v.shows}. Requires: {v.requires}.")
    problems = [(r, p) for r in results for p in r.problems]
    if problems:
        lines += ["", "## Unreadable lines", ""]
        lines += [f"- `{r.path}:{p.line}`: {p.problem}" for r, p in problems]
    return "\n".join(lines) + "\n"


def write_reports(results: list[TraceResult], directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = [directory / "trace-report.json", directory / "junit.xml", directory / "summary.md"]
    written[0].write_text(json.dumps(to_json(results), indent=2) + "\n", encoding="utf-8")
    written[1].write_text(junit(results) + "\n", encoding="utf-8")
    written[2].write_text(markdown(results), encoding="utf-8")
    return written
