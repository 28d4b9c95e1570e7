"""What a check is, and the dispatcher that runs the checks over a trace.

Each check is one rule of the turn structure, declared once as a small subclass of
:class:`Check` (in the manner of the editions of ``reference_engine/editions.py``): the rulings
it enforces, the editions it holds in, the event kinds it subscribes to, the observations it
needs. The dispatcher follows the position once (:class:`~checker.trace.game.Game`) and calls
each check only for what it subscribed to.

A check that never found what it needs in the trace (the trace has no stack, no life totals,
...) or never had an occasion to apply is reported as not checked, with why: never as passed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import ClassVar

import msgspec

from checker.contract.vocabulary import EDITIONS
from checker.trace.format import ActionTaken, Event, LateTraceProblem, Observed, Trace, TraceProblem
from checker.trace.game import Game

#: What a check may need of the observations, and how to say the trace lacks it.
DATA: dict[str, str] = {
    "decision": "the trace's observations don't say who must decide",
    "stack": "the trace's observations don't show the stack",
    "life": "the trace's observations don't show life totals",
    "mana_pool": "the trace's observations don't show mana pools",
    "hand_size": "the trace's observations don't show hand sizes",
    "battlefield": "the trace's observations don't show the permanents",
    "keywords": "the trace's observations don't say which permanents have first strike or double strike",
    "actions": "the trace records no actions",
}


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


#: The checks, by name, in the order their modules declare them.
CHECKS: dict[str, type[Check]] = {}


class Check:
    """One rule. Subclasses declare what differs; override :meth:`event`, :meth:`observe`,
    :meth:`act` and :meth:`finish` as the rule needs."""

    #: The check's name, unique: "<part>.<rule in a few words>".
    name: ClassVar[str]
    #: What the rule requires, in one sentence of game language.
    requires: ClassVar[str]
    #: The rulings it enforces: ids of ``checker/contract/data/rulings.tsv`` (CR24-, CR08-, GRT-).
    rules: ClassVar[tuple[str, ...]]
    editions: ClassVar[frozenset[str]] = frozenset(EDITIONS)
    #: The event kinds :meth:`event` is called for.
    events: ClassVar[frozenset[str]] = frozenset()
    #: Whether :meth:`observe` and :meth:`act` are called.
    observes: ClassVar[bool] = False
    acts: ClassVar[bool] = False
    #: Data of :data:`DATA` the check can't do without.
    needs: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        if "name" in cls.__dict__:
            assert cls.name not in CHECKS, f"two checks named {cls.name}"
            CHECKS[cls.name] = cls
            _PARTS[cls] = cls.part()

    @classmethod
    def part(cls) -> str:
        """The part of the turn: the name of the module that declares the check."""
        return cls.__module__.rpartition(".")[2]

    def __init__(self, game: Game, report: Callable[[Violation], None]) -> None:
        self.game = game
        self._report = report
        self.occasions = 0
        self.setup()

    def setup(self) -> None:
        """Set the check's starting state (the game's starting position is known by now)."""

    def event(self, e: Event) -> None:
        """Called for each event of a subscribed kind, after the position has followed it."""

    def observe(self, view: Observed) -> None:
        """Called for each observation."""

    def act(self, action: ActionTaken) -> None:
        """Called for each action."""

    def finish(self) -> None:
        """Called at the end of the trace."""

    def violated(self, shows: str, requires: str | None = None) -> None:
        g = self.game
        self._report(Violation(self.name, g.line, g.position(), requires or self.requires, shows))


def _shown(view: Observed) -> Iterator[str]:
    """Which of :data:`DATA` one observation shows."""
    if view.decision is not None:
        yield "decision"
    if view.stack is not None:
        yield "stack"
    if view.shows_battlefield:
        yield "battlefield"
    if view.players:
        p = view.players[0]
        if p.life is not None:
            yield "life"
        if p.mana_pool is not None:
            yield "mana_pool"
        if p.hand_size is not None:
            yield "hand_size"
    if view.keywords is not None:
        yield "keywords"


#: How many of :data:`DATA` observations can show.
SHOWN = len(DATA) - 1


@dataclass(frozen=True)
class _Plan:
    """Which checks run, and which of them each kind of entry goes to: worked out once per
    edition and selection, for every trace checked with them."""

    checks: tuple[type[Check], ...]
    by_kind: dict[str, tuple[int, ...]]
    observers: tuple[int, ...]
    actors: tuple[int, ...]


@cache
def _plan(edition: str, only: frozenset[str] | None) -> _Plan:
    import checker.trace.rules  # noqa: F401  (the checks declare themselves on import)

    checks = tuple(cls for cls in CHECKS.values() if edition in cls.editions and (only is None or cls.name in only))
    kinds = sorted({kind for cls in checks for kind in cls.events})
    return _Plan(
        checks,
        {kind: tuple(i for i, cls in enumerate(checks) if kind in cls.events) for kind in kinds},
        tuple(i for i, cls in enumerate(checks) if cls.observes),
        tuple(i for i, cls in enumerate(checks) if cls.acts),
    )


#: Each check's part of the turn, worked out once.
_PARTS: dict[type[Check], str] = {}


class _Handlers(dict[str, tuple[Callable[[Event], None], ...]]):
    """The handlers of each event kind, gathered the first time the kind occurs in the trace
    (a short trace meets few of the kinds the checks subscribe to)."""

    def __init__(self, checks: list[Check], by_kind: dict[str, tuple[int, ...]]) -> None:
        super().__init__()
        self.checks = checks
        self.by_kind = by_kind

    def __missing__(self, kind: str) -> tuple[Callable[[Event], None], ...]:
        handlers = self[kind] = tuple(self.checks[i].event for i in self.by_kind.get(kind, ()))
        return handlers


def check_trace(trace: Trace, edition: str | None = None, only: frozenset[str] | None = None) -> TraceResult:
    """Run every check that holds in ``edition`` (the header's by default) over one trace."""
    edition = edition or trace.header.edition
    plan = _plan(edition, only)
    game = Game(trace.header, trace.path)
    game.edition = edition
    violations: dict[str, list[Violation]] = {}

    def report(v: Violation) -> None:
        violations.setdefault(v.check, []).append(v)

    checks = [cls(game, report) for cls in plan.checks]
    by_kind = _Handlers(checks, plan.by_kind)
    observers = tuple(checks[i].observe for i in plan.observers)
    actors = tuple(checks[i].act for i in plan.actors)
    problems: list[TraceProblem] = []
    seen, events = _follow(trace, game, by_kind, observers, actors, problems)
    for c in checks:
        c.finish()
    results = tuple(_result(c, violations.get(c.name, []), seen) for c in checks)
    engine = f"{trace.header.engine.name} {trace.header.engine.version}".strip()
    return TraceResult(trace.path, edition, engine, results, tuple(problems), events=events)


def _follow(
    trace: Trace,
    game: Game,
    by_kind: Mapping[str, tuple[Callable[[Event], None], ...]],
    observers: tuple[Callable[[Observed], None], ...],
    actors: tuple[Callable[[ActionTaken], None], ...],
    problems: list[TraceProblem],
) -> tuple[set[str], int]:
    """Feed each entry to the game and the checks subscribed to it; returns the data seen and
    the number of events. Which data the observations show is looked for only until all is seen."""
    seen: set[str] = set()
    shown: set[str] = set()
    follow = game.follow
    events = 0
    view_line = 0

    def late(exc: LateTraceProblem) -> None:
        """A check asked for the permanents of the latest view, and they were malformed: the
        view's line is named once; the other checks go on."""
        if not problems or problems[-1].line != view_line:
            problems.append(TraceProblem(view_line, str(exc)))

    for line, entry in trace.entries(problems):
        game.line = line
        if type(entry) is Event:
            events += 1
            follow(entry)
            for handler in by_kind[entry.kind]:
                try:
                    handler(entry)
                except LateTraceProblem as exc:
                    late(exc)
        elif type(entry) is Observed:
            game.view, view_line = entry, line
            if len(shown) < SHOWN:
                shown.update(_shown(entry))
            for observer in observers:
                try:
                    observer(entry)
                except LateTraceProblem as exc:
                    late(exc)
        else:
            assert isinstance(entry, ActionTaken)
            seen.add("actions")
            game.act(entry)
            for actor in actors:
                actor(entry)
    return seen | shown, events


def _result(check: Check, found: list[Violation], seen: set[str]) -> CheckResult:
    cls = type(check)
    missing = [DATA[n] for n in cls.needs if n not in seen]
    if found:
        status, why = Status.VIOLATED, None
    elif missing:
        status, why = Status.NOT_CHECKED, "; ".join(missing)
    elif check.occasions == 0:
        status, why = Status.NOT_CHECKED, "nothing in the trace it applies to"
    else:
        status, why = Status.PASSED, None
    return CheckResult(cls.name, _PARTS[cls], cls.requires, cls.rules, status, check.occasions, tuple(found), why)
