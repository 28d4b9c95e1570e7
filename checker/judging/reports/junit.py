"""JUnit XML, the format CI services show test results in.

One ``<testsuite>`` per edition, one ``<testcase>`` per scenario result: the classname is
the part of the turn (the feature file's name) and the name is the scenario, with its
example's values for a Scenario Outline. ``failed`` becomes ``<failure>``; ``error`` and
``timeout`` become ``<error>`` (of type ``error`` or ``timeout``), since the engine broke
rather than broke a rule; ``unsupported`` becomes ``<skipped>``. The scenario's id, its
rulings and its edition are the testcase's properties. A run that can't pass whatever its
results (interrupted, no scenario ran, no engine identity) gets a suite ``run`` with one
errored testcase per reason, so that a CI test view shows it as broken.

A failure's, an error's or a skip's ``message`` attribute is a short line, the first of its
message (Jenkins shows it as the error message); the element's text has the whole story with
its line breaks: the failing step, its data table, the message and the scenario, or a skip's
whole reason (Jenkins shows it as the stack trace, and GitLab reads nothing else).

ElementTree escapes markup characters; characters XML can't hold at all (an engine's ANSI
colours, NUL bytes) are written as visible escapes first, so the file always parses.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from checker.judging.reports._text import datatable_lines, editions_of, shorten, told, xml_safe
from checker.judging.reports.json_report import write_text
from checker.judging.results import RunReport, ScenarioResult, Status

#: How long a failure's message attribute may be: a short line; the element's text has the whole story.
_MESSAGE_LIMIT = 200


def _seconds(value: float) -> str:
    return f"{value:.3f}"


def xml_element(parent: ET.Element, tag: str, text: str | None = None, **attributes: str) -> ET.Element:
    """A child element of ``parent``, its text and attributes written as XML can hold them
    (:func:`xml_safe`): a control character from an engine or a trace would make a file that no
    CI tool can read. Both JUnit reports, certify's and trace's, make their elements with it."""
    element = ET.SubElement(parent, tag, {k: xml_safe(v) for k, v in attributes.items()})
    if text is not None:
        element.text = xml_safe(text)
    return element


def _details(result: ScenarioResult) -> str:
    """The element text of a non-passing testcase: the failing step with its data table, why it
    failed (each fact once, :func:`~checker.judging.reports._text.told`), the rulings, the steps."""
    lines: list[str] = []
    step = result.failing_step
    if step is not None:
        lines.append(f"Failing step ({result.failing_step_location}): {step.text}")
        lines += [f"  {row}" for row in datatable_lines(step.datatable or ())]
    lines += [text if kind == "message" else f"{kind.capitalize()}: {text}" for kind, text in told(result)]
    if result.rulings:
        lines.append(f"Rulings: {', '.join(result.rulings)}")
    if result.steps:
        lines += ["", f"Scenario: {result.scenario}", *(f"  {s}" for s in result.steps)]
    return "\n".join(lines)


def _headline(text: str) -> str:
    """The ``message`` attribute of a failure, an error or a skip: the first line of ``text``, cut short."""
    lines = text.strip().splitlines()
    return shorten(lines[0] if lines else text, _MESSAGE_LIMIT)


def _why(result: ScenarioResult) -> str:
    """What a failure's message attribute begins from: its first message, else what was expected and observed."""
    facts = told(result)
    messages = [text for kind, text in facts if kind == "message"]
    return messages[0] if messages else ", ".join(f"{kind} {text}" for kind, text in facts) or str(result.status)


def _testcase(suite: ET.Element, result: ScenarioResult) -> None:
    name = f"{result.scenario} [{result.example}]" if result.example else result.scenario
    case = xml_element(suite, "testcase", classname=result.part, name=name, time=_seconds(result.duration))
    properties = xml_element(case, "properties")
    xml_element(properties, "property", name="id", value=result.id)
    xml_element(properties, "property", name="edition", value=result.edition)
    for ruling in result.rulings:
        xml_element(properties, "property", name="ruling", value=ruling)
    if result.status is Status.FAILED:
        xml_element(case, "failure", _details(result), message=_headline(_why(result)), type="failed")
    elif result.status in (Status.ERROR, Status.TIMEOUT):
        xml_element(case, "error", _details(result), message=_headline(_why(result)), type=str(result.status))
    elif result.status is Status.UNSUPPORTED:
        reason = result.message or "unsupported"
        xml_element(case, "skipped", reason, message=_headline(reason))


def _count_attributes(results: list[ScenarioResult]) -> dict[str, str]:
    def count(*statuses: Status) -> str:
        return str(sum(r.status in statuses for r in results))

    return {
        "tests": str(len(results)),
        "failures": count(Status.FAILED),
        "errors": count(Status.ERROR, Status.TIMEOUT),
        "skipped": count(Status.UNSUPPORTED),
        "time": _seconds(sum(r.duration for r in results)),
    }


def junit_tree(report: RunReport) -> ET.ElementTree[ET.Element]:
    """The report as a JUnit XML tree."""
    root = ET.Element("testsuites", {"name": "mtg-turn-conformance", **_count_attributes(list(report.results))})
    root.set("time", _seconds(report.duration))
    for edition in editions_of(report):
        results = [r for r in report.results if r.edition == edition]
        suite = xml_element(
            root,
            "testsuite",
            name=edition,
            timestamp=report.started,
            **_count_attributes(results),
        )
        properties = xml_element(suite, "properties")
        xml_element(properties, "property", name="engine", value=report.engine.name)
        xml_element(properties, "property", name="engine_version", value=report.engine.version)
        xml_element(properties, "property", name="engine_spec", value=report.engine.spec)
        xml_element(properties, "property", name="suite_version", value=report.suite_version)
        xml_element(properties, "property", name="edition", value=edition)
        for result in results:
            _testcase(suite, result)
    if report.gaps:
        suite = xml_element(
            root, "testsuite", name="run", tests=str(len(report.gaps)), failures="0", errors=str(len(report.gaps))
        )
        xml_element(xml_element(suite, "properties"), "property", name="partial", value=report.partial or "")
        for gap in report.gaps:
            xml_element(
                xml_element(suite, "testcase", classname="run", name=gap.partition(":")[0]),
                "error",
                gap,
                message=_headline(gap),
                type="run",
            )
        root.set("errors", str(int(root.get("errors", "0")) + len(report.gaps)))
        root.set("tests", str(int(root.get("tests", "0")) + len(report.gaps)))
    ET.indent(root)
    return ET.ElementTree(root)


def junit_xml(report: RunReport) -> str:
    """The report as JUnit XML text."""
    return ET.tostring(junit_tree(report).getroot(), encoding="unicode", xml_declaration=True) + "\n"


def write_junit(report: RunReport, path: Path) -> Path:
    """Write the report as JUnit XML (UTF-8); returns ``path``."""
    return write_text(Path(path), junit_xml(report))
