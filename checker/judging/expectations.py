"""Expectations: the scenarios an engine is known not to pass, so that CI can gate on changes.

An expectations file (JSON, ``reports/schemas/expectations.schema.json``) lists scenario ids
with the status each is expected to give instead of ``passed`` (``failed``, ``error``,
``timeout`` or ``unsupported``) and a reason; every scenario not listed is expected to
pass. :func:`check` compares a run with it::

    {"format": "mtg-turn-conformance-expectations", "format_version": 1, "engine": "forge",
     "expectations": [{"id": "untap::Untap: ...::mirage", "status": "failed", "reason": "#123"}]}

Start one from a run with :func:`expectations_from` and :func:`write_expectations`
(``--write-expectations``), then edit the reasons.

Run as ``python -m checker.judging.expectations REPORT.json EXPECTATIONS.json`` to check a saved
report: it prints the verdict and exits 1 when the results don't match.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker.contract.documents import Document
from checker.contract.features import known_parts
from checker.contract.vocabulary import EDITIONS
from checker.judging.reports._text import listed, visible, why
from checker.judging.reports.json_report import dumps, write_text
from checker.judging.results import RunReport, Status

FORMAT = "mtg-turn-conformance-expectations"
FORMAT_VERSION = 1


class ExpectationsError(ValueError):
    """An expectations file can't be used: missing, not JSON, not matching the schema, or listing an id twice."""


EXPECTATIONS = Document(
    FORMAT,
    FORMAT_VERSION,
    "an expectations file",
    "expectations",
    "judging/reports/schemas/expectations.schema.json",
    ExpectationsError,
)
schema = EXPECTATIONS.schema
problems = EXPECTATIONS.problems


@dataclass(frozen=True)
class Expectation:
    id: str  # a scenario result's stable id: <part>::<scenario>[ [<example>]]::<edition>
    status: Status  # never PASSED: passing is what every scenario not listed is expected to do
    reason: str

    @property
    def part(self) -> str:
        return self.id.split("::", 1)[0]

    @property
    def edition(self) -> str:
        return self.id.rsplit("::", 1)[-1]


@dataclass(frozen=True)
class Expectations:
    engine: str
    expectations: tuple[Expectation, ...] = ()

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for expectation in self.expectations:
            if expectation.status is Status.PASSED:
                raise ExpectationsError(f"{expectation.id!r}: 'passed' is not an expectation (leave the id out)")
            if expectation.id in seen:
                raise ExpectationsError(f"{expectation.id!r} is listed more than once")
            seen.add(expectation.id)

    def status_of(self, id: str) -> Status:
        """The status a scenario result is expected to have."""
        found = self.by_id.get(id)
        return Status.PASSED if found is None else found.status

    @property
    def by_id(self) -> dict[str, Expectation]:
        return {e.id: e for e in self.expectations}


@dataclass(frozen=True)
class Mismatch:
    """A scenario result whose status isn't the expected one."""

    id: str
    expected: Status
    observed: Status
    why: str  # the result's failing step or message; "" when it passed
    reason: str | None = None  # the expectation's reason, when the id is listed


@dataclass(frozen=True)
class Verdict:
    """How a run compares with its expectations.

    ``ok`` is true exactly when every scenario result has its expected status and no
    expectation is stale. An expectation whose id isn't in the run is:

    - *stale* when the run did include its part of the turn in its edition (some scenario of
      that feature file ran in that edition, or the file ran and the run asked for the edition,
      in which the file has no scenario) and its selection took the scenario in: the
      scenario was removed or renamed, and the entry would otherwise rot in the file unnoticed.
      So is an entry of a part or an edition the suite doesn't have (a misspelt id), but for
      the part in a pytest session, which may bind feature files of its own. Stale entries fail
      the check.
    - *not run* when that part and edition weren't run at all (``--edition``, ``--part``), or
      the run's selection left the scenario out (``-k``, ``--ruling``): the run says nothing
      about them, so they only warn. (A saved report doesn't record its selection: checked with
      ``turncheck expect``, a run narrowed by ``-k`` or ``--ruling`` within a part sees the
      entries it left out as stale. Gate saved reports of full parts and editions.) So is each
      entry a partial run (interrupted, or stopped by pytest's ``-x``) didn't reach.

    A different engine name in the file than in the run only warns (``warnings``): an engine
    renamed between versions shouldn't break its gate, but the mismatch is worth a look.
    """

    checked: int  # scenario results compared
    as_expected: int  # expected non-passes that happened as expected
    new_failures: tuple[Mismatch, ...] = ()  # expected to pass; failed, erred or timed out
    unexpected_passes: tuple[Mismatch, ...] = ()  # listed as not passing; passed
    changed: tuple[Mismatch, ...] = ()  # listed with one non-passing status; got another
    unexpected_unsupported: tuple[Mismatch, ...] = ()  # expected to pass; unsupported
    stale: tuple[Expectation, ...] = ()  # not in the run, though its part and edition ran
    not_run: tuple[Expectation, ...] = ()  # not in the run; its part or edition wasn't run
    warnings: tuple[str, ...] = field(default=())
    gaps: tuple[str, ...] = ()  # why the run can't pass whatever its results (RunReport.gaps)

    @property
    def matches(self) -> bool:
        """Every result as expected and no stale expectation."""
        return not (
            self.new_failures or self.unexpected_passes or self.changed or self.unexpected_unsupported or self.stale
        )

    @property
    def ok(self) -> bool:
        """The results match, and the run tells enough to pass."""
        return self.matches and not self.gaps


# --------------------------------------------------------------------------- files


def to_json(expectations: Expectations) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "engine": expectations.engine,
        "expectations": [{"id": e.id, "status": str(e.status), "reason": e.reason} for e in expectations.expectations],
    }


def from_json(data: object, source: str = "expectations") -> Expectations:
    """Expectations from a JSON value, checked against the schema; ``source`` names it in errors."""
    data = EXPECTATIONS.check(data, source)
    twice = sorted(i for i, n in Counter(e["id"] for e in data["expectations"]).items() if n > 1)
    if twice:
        raise ExpectationsError(f"{source}: listed more than once: {', '.join(repr(i) for i in twice)}")
    return Expectations(
        engine=data["engine"],
        expectations=tuple(Expectation(e["id"], Status(e["status"]), e["reason"]) for e in data["expectations"]),
    )


def load_expectations(path: Path) -> Expectations:
    """Read an expectations file; :class:`ExpectationsError` names the file and what is wrong with it."""
    return from_json(EXPECTATIONS.load(path), str(path))


def write_expectations(expectations: Expectations, path: Path) -> Path:
    """Write an expectations file; returns ``path``. The user names it: a link there is written
    through (a file kept elsewhere), not replaced as a report's is."""
    write_text(Path(os.path.realpath(path)), dumps(to_json(expectations)))
    return Path(path)


def expectations_from(
    report: RunReport,
    reason: str,
    keep: Expectations | None = None,
    outside_run: Callable[[str], bool] = lambda id: False,
) -> Expectations:
    """Expectations that a run meets: every scenario result that didn't pass, with its status.

    Each gets ``reason``, unless ``keep`` (the expectations being updated) already gives one
    for that id: regenerating a file then keeps the reasons someone wrote. An entry of
    ``keep`` without a result in this run stays when ``outside_run(id)`` says the run didn't
    cover it (a narrower selection, an interrupted run): the run knows nothing new about it.
    """
    kept = keep.by_id if keep is not None else {}
    ran = {r.id for r in report.results}
    entries = [
        Expectation(r.id, r.status, kept[r.id].reason if r.id in kept else reason)
        for r in report.results
        if r.status is not Status.PASSED
    ]
    entries += [e for e in kept.values() if e.id not in ran and outside_run(e.id)]
    return Expectations(engine=report.engine.name, expectations=tuple(sorted(entries, key=lambda e: e.id)))


# --------------------------------------------------------------------------- checking


def check(
    report: RunReport,
    expectations: Expectations,
    selected: Callable[[str], bool] | None = None,
    parts_known: bool = True,
) -> Verdict:
    """Compare a run with its expectations (see :class:`Verdict` for what passes); ``selected``
    says whether the run's selection took a scenario in, by its id (None: every scenario).
    ``parts_known``: the run could hold the suite's parts only, and an entry of another is stale;
    a pytest session may bind an engine's own feature files too (False), which it can't know
    all of: there such an entry is stale only as any other, where the session looked."""
    listed = expectations.by_id
    new_failures: list[Mismatch] = []
    unexpected_passes: list[Mismatch] = []
    changed: list[Mismatch] = []
    unexpected_unsupported: list[Mismatch] = []
    as_expected = 0
    for result in report.results:
        expected = expectations.status_of(result.id)
        if result.status is expected:
            if expected is not Status.PASSED:
                as_expected += 1
            continue
        entry = listed.get(result.id)
        mismatch = Mismatch(
            id=result.id,
            expected=expected,
            observed=result.status,
            why="" if result.status is Status.PASSED else why(result),
            reason=entry.reason if entry is not None else None,
        )
        if result.status is Status.PASSED:
            unexpected_passes.append(mismatch)
        elif expected is not Status.PASSED:
            changed.append(mismatch)
        elif result.status is Status.UNSUPPORTED:
            unexpected_unsupported.append(mismatch)
        else:
            new_failures.append(mismatch)
    ran = {r.id for r in report.results}
    parts_run = {(r.part, r.edition) for r in report.results}
    parts, editions = set(known_parts()), set(EDITIONS)
    # A run takes each part it runs in every edition it asks for: a part that has no scenario in one
    # of them (day and night in mirage) ran there all the same, with nothing to show.
    parts_looked = {r.part for r in report.results}

    def is_stale(e: Expectation) -> bool:
        if (parts_known and e.part not in parts) or e.edition not in editions:
            return True  # no run could ever have it
        if report.partial is not None:  # cut short: what it didn't reach wasn't run
            return False
        looked = (e.part, e.edition) in parts_run or (e.part in parts_looked and e.edition in report.editions)
        return looked and (selected is None or selected(e.id))

    stale: list[Expectation] = []
    not_run: list[Expectation] = []
    for e in expectations.expectations:
        if e.id not in ran:
            (stale if is_stale(e) else not_run).append(e)
    warnings = []
    if expectations.engine != report.engine.name:
        warnings.append(
            f"the expectations are for engine {expectations.engine!r}, but the run is of {report.engine.name!r}"
        )
    return Verdict(
        checked=len(report.results),
        as_expected=as_expected,
        new_failures=tuple(new_failures),
        unexpected_passes=tuple(unexpected_passes),
        changed=tuple(changed),
        unexpected_unsupported=tuple(unexpected_unsupported),
        stale=tuple(stale),
        not_run=tuple(not_run),
        warnings=tuple(warnings),
        gaps=report.gaps,
    )


def _mismatches(mismatches: Iterable[Mismatch], *, show_reason: bool) -> list[str]:
    out = []
    for m in mismatches:
        id = visible(m.id)
        text = f"{id}: {m.observed}" if m.expected is Status.PASSED else f"{id}: {m.expected} -> {m.observed}"
        if m.why:
            text += f" ({m.why})"
        if show_reason and m.reason:
            text += f"; listed because: {visible(m.reason)}"
        out.append(text)
    return out


def describe(verdict: Verdict) -> str:
    """The verdict for a terminal: what matched, and every difference grouped by kind; every
    string a report or expectations file holds made visible."""
    if verdict.ok:
        lines = [
            f"results match the expectations: {verdict.checked} scenario result(s) checked, "
            f"{verdict.as_expected} known non-passing as expected"
        ]
    elif verdict.matches:
        lines = [f"results match the expectations ({verdict.checked} scenario result(s) checked), but:"]
    else:
        lines = [f"results don't match the expectations ({verdict.checked} scenario result(s) checked)"]
    listed(
        lines,
        f"{len(verdict.new_failures)} new failure(s), expected to pass",
        _mismatches(verdict.new_failures, show_reason=False),
    )
    listed(
        lines,
        f"{len(verdict.unexpected_unsupported)} unexpectedly unsupported, expected to pass",
        _mismatches(verdict.unexpected_unsupported, show_reason=False),
    )
    listed(
        lines,
        f"{len(verdict.changed)} with another status than expected",
        _mismatches(verdict.changed, show_reason=True),
    )
    listed(
        lines,
        f"{len(verdict.unexpected_passes)} unexpected pass(es): remove them from the expectations",
        _mismatches(verdict.unexpected_passes, show_reason=True),
    )
    if verdict.unexpected_passes:
        lines.append(
            "  (or run again with --write-expectations FILE, which writes the run's non-passing scenarios "
            "to FILE, keeping the reasons it gives)"
        )
    listed(
        lines,
        f"{len(verdict.stale)} stale expectation(s): no such scenario where the run looked, or no such part "
        "or edition in the suite",
        [visible(f"{e.id} ({e.status}: {e.reason})") for e in verdict.stale],
    )
    if verdict.not_run:
        lines.append(
            f"note: {len(verdict.not_run)} expectation(s) not checked: their part or edition wasn't run, the "
            "selection left their scenario out, or the run was cut short before it"
        )
    lines += [f"warning: {visible(w)}" for w in verdict.warnings]
    lines += [f"the run doesn't pass: {visible(gap)}" for gap in verdict.gaps]
    return "\n".join(lines)
