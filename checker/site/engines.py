"""The engines beside the rulings: each certification report given, read back, and looked up per
scenario and edition. A report that can't be read is named with why and left out; the others go on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from checker.contract.documents import unique
from checker.judging.reports.json_report import ReportError, read_json
from checker.judging.results import RunReport, ScenarioResult, Status
from checker.site.suite import Part, Rule, slug

#: The statuses a column counts as not passing, worst first.
NOT_PASSING = (Status.FAILED, Status.ERROR, Status.TIMEOUT, Status.UNSUPPORTED)


@dataclass(frozen=True)
class Engine:
    key: str  # a stable, unique slug for its page and anchors
    label: str  # name and version, as the engine told them
    source: str  # the report file it was read from
    report: RunReport
    by_id: dict[str, ScenarioResult]

    def result(self, part: str, name: str, edition: str) -> ScenarioResult | None:
        """Its result for a scenario (``name`` as :class:`checker.site.suite.Example` has it) in an edition."""
        return self.by_id.get(ScenarioResult.make_id(part, name, None, edition))


def read_engines(paths: Sequence[Path]) -> tuple[list[Engine], list[str]]:
    """The reports' engines, and a line per report that could not be read."""
    engines: list[Engine] = []
    problems: list[str] = []
    used: set[str] = set()
    for path in paths:
        try:
            report = read_json(path)
        except ReportError as exc:
            problems.append(str(exc))
            continue
        label = f"{report.engine.name} {report.engine.version}".strip()
        key = unique(slug(label)[:40], used)  # another's key made unique may be this one's own: none is taken twice
        engines.append(Engine(key, label, str(path), report, {r.id: r for r in report.results}))
    return engines, problems


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
