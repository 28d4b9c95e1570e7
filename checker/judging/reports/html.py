"""A self-contained HTML report: one file, inline CSS, no scripts and nothing fetched.

A summary lists the scenarios that failed, erred or timed out, and apart from them the
unsupported ones, which are neither passing nor failing (the engine said it can't express
them). Sections per edition, and within it per part of the turn; then per ruling, with its citation,
linking to its scenarios; every ruling id a scenario carries links to its ruling's row. A
Scenario Outline shows its example's values in its name. Each scenario that didn't pass shows
its failing step with its data table, why it failed, each fact once (its message, pre-formatted
as written, and the expected and observed values only where the message doesn't say them:
:func:`~checker.judging.reports._text.told`), and the scenario's steps.

Everything an engine sends is untrusted: the template is rendered with autoescaping on, the
view below hands it plain strings (never ``Markup``), and the page's Content-Security-Policy
forbids scripts altogether, so that even a missed escape couldn't run one.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import markupsafe

from checker.contract.rulings import rulings as known_rulings
from checker.judging.reports._text import editions_of, shorten, told, xml_safe
from checker.judging.reports.json_report import write_text
from checker.judging.results import FAILING, RunReport, ScenarioResult, Status

if TYPE_CHECKING:
    import jinja2

NO_RULING = "(no ruling)"
#: How much of one message, expected or observed value the page shows (the JSON report has all of it).
TEXT_LIMIT = 20_000


@dataclass(frozen=True)
class _Scenario:
    anchor: str
    name: str
    result: ScenarioResult
    duration: str
    failing_index: int | None  # which of the steps failed, when it can be told


@dataclass(frozen=True)
class _Part:
    name: str
    feature: str
    counts: tuple[int, ...]
    scenarios: tuple[_Scenario, ...]
    all_passed: bool

    @property
    def counts_text(self) -> str:
        return " · ".join(f"{n} {status}" for n, status in zip(self.counts, Status, strict=True) if n)


@dataclass(frozen=True)
class _Edition:
    name: str
    counts: tuple[int, ...]
    total: int
    parts: tuple[_Part, ...]


@dataclass(frozen=True)
class _Ruling:
    id: str
    anchor: str
    citation: str  # where the ruling is stated, from the suite's inventory; empty for an unknown id
    counts: tuple[int, ...]
    scenarios: tuple[_Scenario, ...]
    all_passed: bool


def ruling_anchor(ruling_id: str) -> str:
    """The id of a ruling's row in the page (a report read back may carry any text as a ruling id)."""
    return "ruling-" + re.sub(r"[^A-Za-z0-9.-]", "_", ruling_id)


def _counts(results: list[ScenarioResult]) -> tuple[int, ...]:
    found = Counter(r.status for r in results)
    return tuple(found[s] for s in Status)


def _failing_index(result: ScenarioResult) -> int | None:
    step = result.failing_step
    if step is None:
        return None
    matches = [i for i, text in enumerate(result.steps) if text.strip() == step.text.strip()]
    return matches[0] if len(matches) == 1 else None


def _scenarios(report: RunReport) -> dict[str, _Scenario]:
    return {
        r.id: _Scenario(
            anchor=f"s{index}",
            name=r.name,
            result=r,
            duration=f"{r.duration:.3f} s",
            failing_index=_failing_index(r),
        )
        for index, r in enumerate(report.results)
    }


def _editions(report: RunReport, scenarios: dict[str, _Scenario]) -> list[_Edition]:
    editions = []
    for edition in editions_of(report):
        results = [r for r in report.results if r.edition == edition]
        parts: dict[str, list[ScenarioResult]] = {}
        for r in results:
            parts.setdefault(r.part, []).append(r)
        editions.append(
            _Edition(
                name=edition,
                counts=_counts(results),
                total=len(results),
                parts=tuple(
                    _Part(
                        name=part,
                        feature=members[0].feature,
                        counts=_counts(members),
                        scenarios=tuple(scenarios[r.id] for r in members),
                        all_passed=all(r.status is Status.PASSED for r in members),
                    )
                    for part, members in sorted(parts.items())
                ),
            )
        )
    return editions


def _rulings(report: RunReport, scenarios: dict[str, _Scenario]) -> list[_Ruling]:
    by_ruling: dict[str, list[ScenarioResult]] = {}
    for r in report.results:
        for ruling in r.rulings or (NO_RULING,):
            by_ruling.setdefault(ruling, []).append(r)
    known = known_rulings()
    return [
        _Ruling(
            id=ruling,
            anchor=ruling_anchor(ruling),
            citation=known[ruling].citations if ruling in known else "",
            counts=_counts(members),
            scenarios=tuple(scenarios[r.id] for r in members),
            all_passed=all(r.status is Status.PASSED for r in members),
        )
        for ruling, members in sorted(by_ruling.items())
    ]


def _finalize(value: object) -> object:
    """Every value a template prints: control characters an engine sent (ANSI colours, NUL) made visible.

    Markup (a macro's output, already escaped) is left alone; everything else is escaped
    afterwards by autoescaping.
    """
    if isinstance(value, str) and not isinstance(value, markupsafe.Markup):
        return xml_safe(value)
    return value


def _cap(value: str) -> str:
    return shorten(value, TEXT_LIMIT)


@cache
def page_environment(*packages: str) -> jinja2.Environment:
    """The templates of this package's ``templates`` and of each package's: a report's template
    there extends ``page.html.j2``, the page every HTML report is drawn on. (jinja2 is imported
    here, on first use: a run that writes no HTML report doesn't pay for it.)"""
    import jinja2

    # autoescape=True (not select_autoescape): the template's name ends in .j2, which
    # select_autoescape wouldn't recognise as HTML.
    loaders = [jinja2.PackageLoader(package, "templates") for package in ("checker.judging.reports", *packages)]
    environment = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=_finalize,
    )
    environment.filters["cap"] = _cap
    environment.globals["told"] = told
    return environment


def html(report: RunReport) -> str:
    """The report as one HTML page."""
    scenarios = _scenarios(report)
    editions = _editions(report, scenarios)
    total = report.counts()
    return (
        page_environment()
        .get_template("report.html.j2")
        .render(
            report=report,
            statuses=[str(s) for s in Status],
            total=tuple(total[s] for s in Status),
            ok=report.ok,
            bad_count=sum(total[s] for s in FAILING),
            editions=editions,
            rulings=_rulings(report, scenarios),
            ruling_anchor=ruling_anchor,
            failing=[s for s in scenarios.values() if s.result.status in FAILING],
            unsupported=[s for s in scenarios.values() if s.result.status is Status.UNSUPPORTED],
            duration=f"{report.duration:.1f} s",
        )
    )


def write_html(report: RunReport, path: Path) -> Path:
    """Write the HTML report; returns ``path``."""
    return write_text(Path(path), html(report))
