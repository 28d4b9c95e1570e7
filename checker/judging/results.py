"""The results of a certification run: one per scenario and edition, and the run as a whole.

These are what every report is made from (JSON, JUnit XML, Markdown, HTML, badges), what an
expectations file is checked against, and what ``diff`` compares. Each scenario result has a
stable id: editing one scenario, or adding others, doesn't rename the rest.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from checker.contract.vocabulary import EDITIONS


class Status(StrEnum):
    PASSED = "passed"
    FAILED = "failed"  # the engine did something the rules don't allow
    ERROR = "error"  # the engine (or the scenario) broke: a crash, a protocol violation, an unknown step
    TIMEOUT = "timeout"  # the engine didn't answer in time
    UNSUPPORTED = "unsupported"  # the engine can't express what the scenario needs


@dataclass(frozen=True)
class FailingStep:
    """The first step that failed, and why."""

    text: str  # keyword and text, e.g. "Then Alice has 19 life"
    line: int
    message: str
    expected: str | None = None
    observed: str | None = None
    #: The step's data table, header row first, as the scenario ran it (an outline's example's
    #: values in place of its <placeholders>); None for a step without one.
    datatable: tuple[tuple[str, ...], ...] | None = None

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> FailingStep:
        """A failing step from plain data (a JSON report's, or one sent from a worker), whose
        table's rows may be lists; a report written before tables were kept has none."""
        table = data.get("datatable")
        return cls(**{**data, "datatable": None if table is None else tuple(tuple(row) for row in table)})


@dataclass(frozen=True)
class ScenarioResult:
    id: str
    part: str  # the feature file's name: the part of the turn
    feature: str  # the Feature's title
    scenario: str  # the Scenario's name
    example: str | None  # for a Scenario Outline: the example's values
    edition: str
    rulings: tuple[str, ...]
    status: Status
    duration: float
    steps: tuple[str, ...] = ()  # the scenario's text, one step a line
    failing_step: FailingStep | None = None
    message: str | None = None  # why, for error, timeout and unsupported; the engine's stderr tail
    title: str | None = None  # a Scenario Outline's name with the example's values in place of its <placeholders>

    @property
    def name(self) -> str:
        """The scenario's name as a reader should see it: an outline's with its example's values."""
        if self.title and self.title != self.scenario:
            return self.title
        return f"{self.scenario} [{self.example}]" if self.example else self.scenario

    @property
    def failing_step_location(self) -> str | None:
        """Where the failing step is written, its feature file and line (``upkeep.feature:219``):
        a line number alone doesn't say which of the suite's files to open."""
        if self.failing_step is None:
            return None
        return f"{self.part}.feature:{self.failing_step.line}"

    @staticmethod
    def make_id(part: str, scenario: str, example: str | None, edition: str) -> str:
        return f"{part}::{scenario}{f' [{example}]' if example else ''}::{edition}"


#: The statuses that fail a run: the engine did something wrong, or couldn't answer.
FAILING = frozenset({Status.FAILED, Status.ERROR, Status.TIMEOUT})


@dataclass(frozen=True)
class EngineIdentity:
    name: str
    version: str
    spec: str  # how it was named on the command line

    #: The name given an engine that never completed a handshake in the run: who it is, is unknown.
    UNKNOWN: ClassVar[str] = "(unknown engine: no handshake completed)"

    @classmethod
    def unknown(cls, spec: str) -> EngineIdentity:
        return cls(cls.UNKNOWN, "", spec)

    @property
    def known(self) -> bool:
        return self.name != self.UNKNOWN


@dataclass(frozen=True)
class RunReport:
    suite_version: str
    engine: EngineIdentity
    started: str  # ISO 8601
    duration: float
    editions: tuple[str, ...]
    results: tuple[ScenarioResult, ...] = field(default=())
    partial: str | None = None  # why the run ended before all its scenarios ran (None: it finished)

    def counts(self, edition: str | None = None) -> Counter[Status]:
        counts: Counter[Status] = Counter({status: 0 for status in Status})
        counts.update(r.status for r in self.results if edition is None or r.edition == edition)
        return counts

    @property
    def run_editions(self) -> tuple[str, ...]:
        """The editions that have results, in the suite's order."""
        present = {r.edition for r in self.results}
        return tuple(e for e in EDITIONS if e in present)

    @property
    def ok(self) -> bool:
        """Nothing failed, erred or timed out (unsupported scenarios don't count against an engine),
        and the run tells enough to pass (no :attr:`gaps`)."""
        return not self.gaps and not any(r.status in FAILING for r in self.results)

    @property
    def gaps(self) -> tuple[str, ...]:
        """Why the run can't pass whatever its results say: it was cut short, no scenario ran at all
        (each was unsupported), or no handshake with the engine succeeded (who it is is unknown)."""
        gaps = []
        if self.partial is not None:
            gaps.append(f"the run is partial: {self.partial}")
        if not self.results:
            gaps.append("no scenario ran: the run has no result")
        elif all(r.status is Status.UNSUPPORTED for r in self.results):
            reasons = Counter(_reason(r) for r in self.results).most_common(1)
            why = f" (most often: {reasons[0][0]})" if reasons else ""
            gaps.append(f"no scenario ran: {len(self.results)} scenario result(s), all unsupported{why}")
        if not self.engine.known:
            gaps.append(
                "no handshake with the engine succeeded: no scenario got past it, and which engine ran is unknown"
            )
        return tuple(gaps)


def _reason(result: ScenarioResult) -> str:
    """Why a scenario didn't run, without the "unsupported:" its message begins with."""
    return (result.message or "no reason given").removeprefix("unsupported: ")
