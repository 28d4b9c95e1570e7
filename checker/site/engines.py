"""The engines beside the rulings: each certification report given, read back, and looked up per
scenario and edition. A report that can't be read is named with why and left out; the others go on.

An engine is its name and version, as ``turncheck compare`` has it (:func:`checker.judging.compare.merge`):
its reports of different editions (one run per edition) are one engine. A report of an engine
with results in an edition that an earlier report of it has is named and left out, the earlier
one shown: that engine would have two answers for one scenario.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from checker.contract.documents import unique
from checker.judging import compare
from checker.judging.reports.json_report import ReportError, read_json
from checker.judging.results import RunReport, ScenarioResult, Status
from checker.site.suite import Part, Rule, slug

#: The statuses a column counts as not passing, worst first.
NOT_PASSING = (Status.FAILED, Status.ERROR, Status.TIMEOUT, Status.UNSUPPORTED)


@dataclass(frozen=True)
class Engine:
    key: str  # a stable, unique slug for its page and anchors
    merged: compare.Engine  # its name and version, its reports and their results

    @property
    def label(self) -> str:
        """Name and version, as the engine told them."""
        return self.merged.label

    @property
    def reports(self) -> tuple[tuple[str, RunReport], ...]:
        """The reports its results came from, each with the file it was read from."""
        return self.merged.reports

    @cached_property
    def results(self) -> tuple[ScenarioResult, ...]:
        """Made once (a frozen dataclass without slots keeps it in its ``__dict__``): the pages ask
        for it about 30 times an engine."""
        return tuple(self.merged.results.values())

    @property
    def by_id(self) -> dict[str, ScenarioResult]:
        return self.merged.results

    def result(self, part: str, name: str, edition: str) -> ScenarioResult | None:
        """Its result for a scenario (``name`` as :class:`checker.site.suite.Example` has it) in an edition."""
        return self.by_id.get(ScenarioResult.make_id(part, name, None, edition))


def read_engines(paths: Sequence[Path]) -> tuple[list[Engine], list[str]]:
    """The reports' engines, and a line per report that could not be read or was left out."""
    reports: list[tuple[str, RunReport]] = []
    problems: list[str] = []
    for path in paths:
        try:
            reports.append((str(path), read_json(path)))
        except ReportError as exc:
            problems.append(str(exc))
    merged, overlaps = compare.merge(reports)
    problems += [f"{o.source}: {o} (the site shows the first)" for o in overlaps]
    used: set[str] = set()
    # Another's key made unique may be this one's own: none is taken twice.
    return [Engine(unique(slug(engine.label)[:40], used), engine) for engine in merged], problems


def tally(results: Iterable[ScenarioResult]) -> Counter[Status]:
    counts: Counter[Status] = Counter({s: 0 for s in Status})
    counts.update(r.status for r in results)
    return counts


def rule_results(engine: Engine, part: Part, rule: Rule) -> list[ScenarioResult]:
    return [
        r
        for sc in rule.scenarios
        for x in sc.examples
        for edition in x.editions
        if (r := engine.result(part.name, x.name, edition)) is not None
    ]
