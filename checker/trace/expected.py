"""The CI gate of the rules checker: the violations an engine's traces are known to show.

An expectations file (JSON, ``schemas/trace-expectations.schema.json``) lists the violations
expected, each by its check and what it shows (``*`` standing for any text: a player's name, a
number), with a reason. ``turncheck trace --expect FILE`` passes exactly when every violation of
the run is expected and every expectation was met at least once: a new kind of violation fails
the gate, and so does one that is gone (fixed in the engine or the importer), so the file is kept
true::

    {"format": "turncheck-trace-expectations", "format_version": 1, "engine": "phase.rs",
     "expectations": [{"check": "priority.ends-when-all-pass",
                       "shows": "the declare_attackers ended without any player receiving priority",
                       "reason": "engine deviation: ... (CR 508.2)"}]}
"""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path

from checker.contract.documents import Document
from checker.trace.check import unknown_checks
from checker.trace.results import TraceResult, Violation

FORMAT = "turncheck-trace-expectations"


class TraceExpectationsError(ValueError):
    """A trace expectations file can't be used: missing, not JSON, or not matching the schema."""


EXPECTATIONS = Document(
    FORMAT,
    1,
    "a trace expectations file",
    "trace expectations",
    "trace/schemas/trace-expectations.schema.json",
    TraceExpectationsError,
)


@dataclass(frozen=True)
class ExpectedViolation:
    check: str
    shows: str  # a pattern: * matches any text
    reason: str

    def matches(self, v: Violation) -> bool:
        return v.check == self.check and fnmatchcase(v.shows, self.shows.replace("[", "[[]").replace("?", "[?]"))


def load(path: Path) -> list[ExpectedViolation]:
    """The expectations of ``path``; a check the checker doesn't have (a typo would otherwise be an
    expectation never met, or one left out of a run of chosen checks) is an error naming it."""
    data = EXPECTATIONS.check(EXPECTATIONS.load(path), str(path))
    if unknown := unknown_checks(dict.fromkeys(e["check"] for e in data["expectations"])):
        raise TraceExpectationsError(f"{path}: {'; '.join(unknown)}")
    # Two entries of one check and pattern with two reasons: a violation meets the first, and the gate would
    # fail on the second as fixed ("not seen"), whatever the traces show. (Two entries alike are one.)
    first: dict[tuple[str, str], tuple[int, str]] = {}
    for i, e in enumerate(data["expectations"], 1):
        same, reason = first.setdefault((e["check"], e["shows"]), (i, e["reason"]))
        if reason != e["reason"]:
            raise TraceExpectationsError(
                f"{path}: expectations {same} and {i} are both {e['check']}: {e['shows']!r}, with two reasons: a "
                "violation meets the first, so the second could never be seen: give it once"
            )
    return [ExpectedViolation(e["check"], e["shows"], e["reason"]) for e in data["expectations"]]


@dataclass(frozen=True)
class Verdict:
    """How a run's violations compare with the expectations."""

    unexpected: list[tuple[str, Violation]]  # (trace path, violation)
    met: dict[ExpectedViolation, int]  # each expectation: how many violations it matched

    @property
    def unmet(self) -> list[ExpectedViolation]:
        return [e for e, n in self.met.items() if n == 0]

    @property
    def holds(self) -> bool:
        return not self.unexpected and not self.unmet


def compare(results: list[TraceResult], expected: list[ExpectedViolation]) -> Verdict:
    met = dict.fromkeys(expected, 0)
    unexpected: list[tuple[str, Violation]] = []
    for r in results:
        for v in r.violations:
            e = next((e for e in expected if e.matches(v)), None)
            if e is None:
                unexpected.append((r.path, v))
            else:
                met[e] += 1
    return Verdict(unexpected, met)
