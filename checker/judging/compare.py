"""Engines side by side: a matrix of their results by edition and part of the turn, and the
scenarios on which they disagree.

Results are matched by their stable scenario ids, so reports of different suite versions
compare cleanly; a scenario that some reports of an edition have and others lack is listed as
such, never counted as a disagreement.

An engine is its name and version. Several reports of one engine that cover different
editions (one run per edition) are merged into one column (:func:`merge`, which ``turncheck
site`` uses too); two that both have results in an edition would give that engine two answers
for the same scenario, so they are refused (:class:`CompareError`). Two versions of one engine
are two engines, and compare side by side.

A scenario is a *disagreement* when one engine passed it and another failed, erred or timed
out. An engine that can't express the scenario (unsupported) neither agrees nor disagrees,
but its status is shown beside the others'.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.contract.documents import Document
from checker.judging.reports._text import in_order, listed, shorten, visible, why
from checker.judging.reports.json_report import dumps, write_text
from checker.judging.reports.markdown import escape
from checker.judging.results import EngineIdentity, RunReport, ScenarioResult, Status

FORMAT = "mtg-turn-conformance-comparison"
FORMAT_VERSION = 1
#: The schema's file name beside a written comparison, which its ``$schema`` names.
SCHEMA_FILE = "compare.schema.json"
#: How many characters of why a scenario didn't pass the terminal shows (the files have more).
TERMINAL_WHY = 160
_NOT_PASSING = frozenset({Status.FAILED, Status.ERROR, Status.TIMEOUT})


class CompareError(ValueError):
    """The reports can't be compared: one engine has two sets of results for the same edition."""


COMPARISON = Document(
    FORMAT, FORMAT_VERSION, "a comparison", "comparison", "judging/reports/schemas/compare.schema.json", CompareError
)


@dataclass(frozen=True)
class Engine:
    """One column: an engine (name and version) and the reports its results came from."""

    identity: EngineIdentity
    reports: tuple[tuple[str, RunReport], ...]  # each named by its source
    results: dict[str, ScenarioResult]

    @property
    def label(self) -> str:
        return f"{self.identity.name} {self.identity.version}".strip()

    @property
    def suite_versions(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r.suite_version for _, r in self.reports))

    @property
    def sources(self) -> tuple[str, ...]:
        return tuple(source for source, _ in self.reports)

    @property
    def partial(self) -> tuple[str, ...]:
        """Why each partial report of it ended early."""
        return tuple(r.partial for _, r in self.reports if r.partial is not None)

    @property
    def editions(self) -> frozenset[str]:
        return frozenset(r.edition for r in self.results.values())


@dataclass(frozen=True)
class Outcome:
    """One engine's result for a scenario: its status and why it didn't pass ("" when it did)."""

    status: Status
    why: str


@dataclass(frozen=True)
class Disagreement:
    id: str
    edition: str
    part: str
    scenario: str
    outcomes: tuple[Outcome | None, ...]  # per engine, in the comparison's order; None: it has no result


@dataclass(frozen=True)
class Missing:
    """A scenario that some engines' reports of its edition have and others' lack."""

    id: str
    edition: str
    present: tuple[bool, ...]  # per engine


@dataclass(frozen=True)
class Comparison:
    engines: tuple[Engine, ...]
    #: (edition, part) -> per engine, the counts of its results' statuses (None: it didn't run the edition)
    cells: dict[tuple[str, str], tuple[Counter[Status] | None, ...]]
    disagreements: tuple[Disagreement, ...]
    missing: tuple[Missing, ...]

    @property
    def editions(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(edition for edition, _ in self.cells))

    def parts(self, edition: str) -> tuple[str, ...]:
        return tuple(part for e, part in self.cells if e == edition)

    def totals(self, edition: str) -> tuple[Counter[Status] | None, ...]:
        """Each engine's counts over the whole edition."""
        totals: list[Counter[Status] | None] = []
        for i, engine in enumerate(self.engines):
            if edition not in engine.editions:
                totals.append(None)
                continue
            total: Counter[Status] = Counter()
            for part in self.parts(edition):
                total.update(self.cells[edition, part][i] or Counter())
            totals.append(total)
        return tuple(totals)


@dataclass(frozen=True)
class Overlap:
    """A report left out of a merge: an earlier report of its engine has results in one of its editions."""

    source: str  # the report left out
    earlier: str  # the report of the same engine merged before it
    engine: EngineIdentity
    edition: str  # the first edition both have results in

    def __str__(self) -> str:
        return (
            f"{self.earlier} and {self.source} are both reports of {self.engine.name} {self.engine.version} "
            f"with results in {self.edition}"
        )


def merge(reports: Sequence[tuple[str, RunReport]]) -> tuple[tuple[Engine, ...], tuple[Overlap, ...]]:
    """The reports grouped by engine, in the order each engine first appears; and the reports left
    out, each whole: those that have results in an edition an earlier report of their engine has
    (that engine would have two answers for one scenario). ``compare`` refuses a merge that leaves
    one out; ``turncheck site`` shows the others and names it."""
    grouped: dict[tuple[str, str], list[tuple[str, RunReport]]] = {}
    for source, report in reports:
        grouped.setdefault((report.engine.name, report.engine.version), []).append((source, report))
    engines, overlaps = [], []
    for group in grouped.values():
        results: dict[str, ScenarioResult] = {}
        covered: dict[str, str] = {}  # edition -> the source that has results in it
        kept = []
        for source, report in group:
            editions = dict.fromkeys(r.edition for r in report.results)
            if (clash := next((e for e in editions if e in covered), None)) is not None:
                overlaps.append(Overlap(source, covered[clash], report.engine, clash))
                continue
            covered.update(dict.fromkeys(editions, source))
            results.update((r.id, r) for r in report.results)
            kept.append((source, report))
        engines.append(Engine(identity=group[0][1].engine, reports=tuple(kept), results=results))
    return tuple(engines), tuple(overlaps)


def compare(reports: Sequence[tuple[str, RunReport]]) -> Comparison:
    """The engines of ``reports`` (each named by its source, a file name) side by side.

    Raises :class:`CompareError` when one engine has two reports with results in one edition.
    """
    engines, overlaps = merge(reports)
    if overlaps:
        raise CompareError(f"{overlaps[0]}: compare one of them, or reports of different versions")
    editions = in_order(edition for engine in engines for edition in engine.editions)
    by_scenario: dict[str, ScenarioResult] = {}
    for engine in engines:
        for id, result in engine.results.items():
            by_scenario.setdefault(id, result)
    ordered = sorted(by_scenario.values(), key=lambda r: (editions.index(r.edition), r.part))
    cells: dict[tuple[str, str], tuple[Counter[Status] | None, ...]] = {}
    for edition, part in dict.fromkeys((r.edition, r.part) for r in ordered):
        cells[edition, part] = tuple(
            Counter(r.status for r in e.results.values() if r.edition == edition and r.part == part)
            if edition in e.editions
            else None
            for e in engines
        )
    disagreements, missing = [], []
    for result in ordered:
        outcomes = tuple(_outcome(e.results.get(result.id)) for e in engines)
        statuses = {o.status for o in outcomes if o is not None}
        if Status.PASSED in statuses and statuses & _NOT_PASSING:
            disagreements.append(Disagreement(result.id, result.edition, result.part, result.name, outcomes))
        ran = [e for e in engines if result.edition in e.editions]
        if any(result.id not in e.results for e in ran):
            missing.append(Missing(result.id, result.edition, tuple(result.id in e.results for e in engines)))
    return Comparison(engines, cells, tuple(disagreements), tuple(missing))


def _outcome(result: ScenarioResult | None) -> Outcome | None:
    if result is None:
        return None
    return Outcome(result.status, "" if result.status is Status.PASSED else why(result))


def _compact(counts: Counter[Status] | None) -> str:
    """A cell: ``passed/total``, then the other statuses that occur (``12/20: 3 failed, 5 unsupported``)."""
    if counts is None:
        return "—"
    total = sum(counts.values())
    others = ", ".join(f"{counts[s]} {s}" for s in Status if s is not Status.PASSED and counts[s])
    return f"{counts[Status.PASSED]}/{total}{f': {others}' if others else ''}"


def _status(outcome: Outcome | None) -> str:
    return "(no result)" if outcome is None else str(outcome.status)


def describe(comparison: Comparison) -> str:
    """The comparison for a terminal: every string a report holds made visible."""
    c = comparison
    lines = [f"{len(c.engines)} engine(s) compared:"]
    for i, engine in enumerate(c.engines, 1):
        lines.append(
            f"  [{i}] {visible(engine.label)} (suite {visible(', '.join(engine.suite_versions))}; "
            f"{visible(', '.join(engine.sources))})"
        )
        lines += [f"      warning: partial report ({visible(p)}): what it lacks wasn't run" for p in engine.partial]
    for edition in c.editions:
        lines.append(f"{visible(edition)}:")
        rows = [(part, *map(_compact, c.cells[edition, part])) for part in c.parts(edition)]
        rows.append(("all parts", *map(_compact, c.totals(edition))))
        header = ("part", *(f"[{i}]" for i in range(1, len(c.engines) + 1)))
        widths = [max(len(visible(row[k])) for row in (header, *rows)) for k in range(len(header))]
        for row in (header, *rows):
            lines.append(
                "  " + "  ".join(visible(cell).ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
            )
    lines.append(f"{len(c.disagreements)} disagreement(s) (one engine passed, another failed, erred or timed out)")
    listed(
        lines,
        "disagreements",
        [
            f"{visible(d.id)}: "
            + "; ".join(
                f"[{i}] {_status(o)}{f' ({shorten(o.why, TERMINAL_WHY)})' if o is not None and o.why else ''}"
                for i, o in enumerate(d.outcomes, 1)
            )
            for d in c.disagreements
        ],
    )
    listed(
        lines,
        "scenarios only some reports of their edition have",
        [
            f"{visible(m.id)}: only in " + ", ".join(f"[{i}]" for i, here in enumerate(m.present, 1) if here)
            for m in c.missing
        ],
    )
    return "\n".join(lines)


def markdown(comparison: Comparison) -> str:
    """The comparison as Markdown: every string a report holds escaped, on one line."""
    c = comparison
    lines = ["## MTG turn-structure conformance: engines compared", ""]
    lines += ["| | engine | suite | reports |", "| --- | --- | --- | --- |"]
    for i, engine in enumerate(c.engines, 1):
        partial = " (partial)" if engine.partial else ""
        lines.append(
            f"| {i} | {escape(engine.label)}{partial} | {escape(', '.join(engine.suite_versions))} | "
            f"{escape(', '.join(engine.sources))} |"
        )
    heads = " | ".join(escape(e.label) for e in c.engines)
    for edition in c.editions:
        lines += ["", f"### {escape(edition)}", "", f"| part | {heads} |", "| --- |" + " ---: |" * len(c.engines)]
        for part in c.parts(edition):
            lines.append(f"| {escape(part)} | " + " | ".join(map(_compact, c.cells[edition, part])) + " |")
        lines.append("| **all parts** | " + " | ".join(f"**{_compact(t)}**" for t in c.totals(edition)) + " |")
    lines += ["", f"### Disagreements: {len(c.disagreements)}", ""]
    if c.disagreements:
        lines += [f"| scenario | {heads} |", "| --- |" + " --- |" * len(c.engines)]
        for d in c.disagreements:
            cells = [f"{_status(o)}{f': {escape(o.why)}' if o is not None and o.why else ''}" for o in d.outcomes]
            lines.append(f"| {escape(d.id)} | " + " | ".join(cells) + " |")
    if c.missing:
        lines += ["", f"### Scenarios only some reports of their edition have: {len(c.missing)}", ""]
        lines += [f"| scenario | {heads} |", "| --- |" + " :---: |" * len(c.engines)]
        for m in c.missing:
            lines.append(f"| {escape(m.id)} | " + " | ".join("✓" if here else "—" for here in m.present) + " |")
    return "\n".join(lines) + "\n"


def _counts(counts: Counter[Status] | None) -> dict[str, int] | None:
    return None if counts is None else {str(s): counts[s] for s in Status}


def to_json(comparison: Comparison) -> dict[str, Any]:
    """The comparison as a JSON value matching ``compare.schema.json``."""
    c = comparison
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "engines": [
            {
                "name": e.identity.name,
                "version": e.identity.version,
                "suite_versions": list(e.suite_versions),
                "reports": list(e.sources),
                "partial": list(e.partial),
                "editions": [edition for edition in c.editions if edition in e.editions],
            }
            for e in c.engines
        ],
        "matrix": [
            {"edition": edition, "part": part, "counts": [_counts(n) for n in c.cells[edition, part]]}
            for edition, part in c.cells
        ],
        "disagreements": [
            {
                "id": d.id,
                "edition": d.edition,
                "part": d.part,
                "scenario": d.scenario,
                "outcomes": [None if o is None else {"status": str(o.status), "why": o.why} for o in d.outcomes],
            }
            for d in c.disagreements
        ],
        "only_in_some": [{"id": m.id, "edition": m.edition, "present": list(m.present)} for m in c.missing],
    }


#: The files :func:`write` writes.
WRITTEN = ("compare.md", SCHEMA_FILE, "compare.json")


def write(comparison: Comparison, directory: Path) -> list[Path]:
    """Write :data:`WRITTEN` into ``directory``: ``compare.md``, ``compare.json`` and its schema;
    returns the paths written."""
    directory = Path(directory)
    markdown_file, schema_file, json_file = (directory / name for name in WRITTEN)
    return [
        write_text(markdown_file, markdown(comparison)),
        write_text(schema_file, dumps(COMPARISON.schema())),
        write_text(json_file, dumps({"$schema": SCHEMA_FILE, **to_json(comparison)})),
    ]
