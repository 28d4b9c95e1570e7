"""What checking a trace gives: each check's result (passed, violated with each violation's line and
position, or not checked with why) and the trace's, with what couldn't be read. Plain structures,
which reports, the site and the expectations gate read."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import msgspec

from checker.trace.problems import TraceProblem


class Violation(msgspec.Struct, frozen=True):
    """One place where a trace breaks a check's rule."""

    check: str
    line: int
    position: str
    requires: str
    shows: str


class Status(StrEnum):
    PASSED = "passed"
    VIOLATED = "violated"
    NOT_CHECKED = "not checked"


class CheckResult(msgspec.Struct, frozen=True):
    """One check's result on one trace. (Results are msgspec structures: a trace is checked by
    some fifty checks, and these are built several times faster than frozen dataclasses.)"""

    check: str
    part: str
    requires: str
    rules: tuple[str, ...]
    status: Status
    occasions: int
    violations: tuple[Violation, ...] = ()
    why: str | None = None  # for not checked


@dataclass(frozen=True)
class TraceResult:
    path: str
    edition: str
    engine: str
    results: tuple[CheckResult, ...] = ()
    problems: tuple[TraceProblem, ...] = ()
    error: str | None = None  # the trace couldn't be read at all
    events: int = 0
    internal_error: str | None = None  # the checker failed on this trace: its results are lost

    @property
    def violations(self) -> list[Violation]:
        return [v for r in self.results for v in r.violations]

    @property
    def checked_nothing(self) -> bool:
        """Read, but not one check could be made on it (a game too short for any, one that lacks all
        the checks need, checks chosen that don't hold in its edition)."""
        ran = self.error is None and self.internal_error is None
        return ran and all(r.status is Status.NOT_CHECKED for r in self.results)

    @property
    def eventless(self) -> bool:
        """Read, but without an event, and no check could be made on it: a header alone, or with an
        observation or two (its game never began, or the recording stopped at once). (A game seen
        only through observations, as Arena's log shows it, has checks made on it.)"""
        return self.checked_nothing and self.events == 0
