"""What changed between two runs: regressions, fixes, other changes, scenarios added and removed.

Scenario results are matched by their stable ids, so two reports of different suite
versions compare cleanly: a scenario that exists in only one of them is *added* or
*removed*, never a regression or a fix.

A new run that is partial (interrupted), that has no result at all, or that is narrower than the
old one can't show that what passed before still passes: :attr:`ReportDiff.unverified` says so,
and the diff fails as on a regression. A complete new run is narrower when a scenario that passed
before is missing from it although it ran the same suite version (a smaller selection: fewer
parts, rulings), or although it is of an edition the new run left out. Of another suite version,
a scenario of an edition both ran that is missing may have left the suite: it is listed as removed.

A diff follows one engine from run to run: the reports of two engines are diffed all the same,
with a warning (``turncheck compare`` sets engines side by side).

``turncheck diff OLD.json NEW.json`` prints the differences and exits 1
when there are regressions or the new run can't vouch for what passed before (2 when a report
can't be read).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from checker.judging.reports._text import listed, visible, why
from checker.judging.results import EngineIdentity, RunReport, ScenarioResult, Status


@dataclass(frozen=True)
class Change:
    """A scenario result whose status differs between the two runs."""

    id: str
    old: Status
    new: Status
    why: str  # the new result's failing step or message; "" when it passed


@dataclass(frozen=True)
class Entry:
    """A scenario result present in only one of the runs."""

    id: str
    status: Status


@dataclass(frozen=True)
class ReportDiff:
    old_engine: EngineIdentity
    new_engine: EngineIdentity
    old_suite_version: str
    new_suite_version: str
    regressions: tuple[Change, ...] = ()  # passed -> anything else (unsupported included: support was lost)
    fixes: tuple[Change, ...] = ()  # anything else -> passed
    changes: tuple[Change, ...] = ()  # one non-passing status -> another
    added: tuple[Entry, ...] = ()  # only in the new run
    removed: tuple[Entry, ...] = ()  # only in the old run
    unchanged: int = 0
    old_partial: str | None = None  # RunReport.partial of each
    new_partial: str | None = None

    #: How many results the new run has.
    new_results: int = 0
    #: The scenarios that passed before and that the new run, complete, should have run but didn't.
    not_rerun: int = 0
    #: The editions the new run left out that the old one ran, if any.
    editions_left_out: tuple[str, ...] = ()

    @property
    def has_regressions(self) -> bool:
        return bool(self.regressions)

    @property
    def unverified(self) -> str | None:
        """Why the new run can't show that every scenario that passed before still does, if it can't:
        it stopped early and lacks some of them, or it has no result at all."""
        lacking = sum(1 for e in self.removed if e.status is Status.PASSED)
        if self.new_partial is not None and lacking:
            return f"the new run stopped early: {lacking} scenario(s) that passed before weren't run"
        if not self.new_results and self.removed:
            return "the new report has no result at all"
        if self.not_rerun:
            left_out = f" (it left out {', '.join(self.editions_left_out)})" if self.editions_left_out else ""
            return f"the new run is narrower{left_out}: {self.not_rerun} scenario(s) that passed before weren't run"
        return None

    @property
    def fails(self) -> bool:
        """Whether the diff fails a CI step: a regression, or a new run that can't vouch for the old."""
        return self.has_regressions or self.unverified is not None


def _change(old: ScenarioResult, new: ScenarioResult) -> Change:
    return Change(new.id, old.status, new.status, "" if new.status is Status.PASSED else why(new))


def diff(old: RunReport, new: RunReport) -> ReportDiff:
    """How ``new`` differs from ``old``, scenario by scenario, in ``new``'s order."""
    before = {r.id: r for r in old.results}
    after = {r.id: r for r in new.results}
    regressions, fixes, changes = [], [], []
    unchanged = 0
    for id, result in after.items():
        previous = before.get(id)
        if previous is None:
            continue
        if previous.status is result.status:
            unchanged += 1
        elif previous.status is Status.PASSED:
            regressions.append(_change(previous, result))
        elif result.status is Status.PASSED:
            fixes.append(_change(previous, result))
        else:
            changes.append(_change(previous, result))
    same_suite = old.suite_version == new.suite_version
    not_rerun = sum(
        1
        for r in old.results
        if r.status is Status.PASSED and r.id not in after and (same_suite or r.edition not in new.editions)
    )
    return ReportDiff(
        old_engine=old.engine,
        new_engine=new.engine,
        old_suite_version=old.suite_version,
        new_suite_version=new.suite_version,
        regressions=tuple(regressions),
        fixes=tuple(fixes),
        changes=tuple(changes),
        added=tuple(Entry(r.id, r.status) for r in new.results if r.id not in before),
        removed=tuple(Entry(r.id, r.status) for r in old.results if r.id not in after),
        unchanged=unchanged,
        old_partial=old.partial,
        new_partial=new.partial,
        new_results=len(new.results),
        not_rerun=not_rerun,
        editions_left_out=tuple(e for e in old.editions if e not in new.editions),
    )


def _changes(changes: Sequence[Change]) -> list[str]:
    return [f"{visible(c.id)}: {c.old} -> {c.new}{f' ({c.why})' if c.why else ''}" for c in changes]


def describe(report_diff: ReportDiff) -> str:
    """The differences for a terminal, regressions first; every string a report holds made visible."""
    d = report_diff
    old = visible(f"{d.old_engine.name} {d.old_engine.version} (suite {d.old_suite_version})")
    new = visible(f"{d.new_engine.name} {d.new_engine.version} (suite {d.new_suite_version})")
    lines = [
        f"{old} -> {new}: {len(d.regressions)} regression(s), {len(d.fixes)} fix(es), "
        f"{len(d.changes)} other change(s), {len(d.added)} added, {len(d.removed)} removed, {d.unchanged} unchanged"
    ]
    if d.old_engine.name != d.new_engine.name:
        names = visible(f"{d.old_engine.name}, {d.new_engine.name}")
        lines.append(
            f"warning: the reports are of two engines ({names}): a diff follows one engine from run to run "
            "(turncheck compare sets engines side by side)"
        )
    for which, partial in (("old", d.old_partial), ("new", d.new_partial)):
        if partial is not None:
            lines.append(f"warning: the {which} report is partial ({visible(partial)}): scenarios it lacks weren't run")
    if d.unverified is not None:
        lines.append(f"failed: {d.unverified}, so the diff can't say nothing regressed")
    listed(lines, "regressions (passed before, not now)", _changes(d.regressions))
    listed(lines, "fixes (passing now)", _changes(d.fixes))
    listed(lines, "other status changes", _changes(d.changes))
    listed(lines, "added scenarios", [f"{visible(e.id)}: {e.status}" for e in d.added])
    listed(lines, "removed scenarios", [f"{visible(e.id)}: was {e.status}" for e in d.removed])
    return "\n".join(lines)
