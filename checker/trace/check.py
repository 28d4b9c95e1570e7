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

import difflib
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache
from typing import ClassVar, cast

from checker.contract.vocabulary import EDITIONS, EVENTS
from checker.trace.format import ActionTaken, Event
from checker.trace.game import GOING_ON, Game
from checker.trace.observed import Observed
from checker.trace.problems import LateTraceProblem, TraceProblem
from checker.trace.reading import Entry, Trace
from checker.trace.results import CheckResult, Status, TraceResult, Violation

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
    #: Where a handler can change nothing, a condition that says when it can: by event kind
    #: (for :meth:`event`), ``"view"`` (:meth:`observe`) or ``"action"`` (:meth:`act`). A Python
    #: expression over ``self``, ``game``, ``e`` (the event), ``view`` and ``decision`` (the
    #: observation and its decision); the dispatcher calls the handler only when it holds. It is
    #: a promise: where the condition is false the handler would have done nothing.
    when: ClassVar[Mapping[str, str]] = {}

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        if "name" in cls.__dict__:
            assert _same_check(CHECKS.get(cls.name, cls), cls), f"two checks named {cls.name}"
            CHECKS[cls.name] = cls
            _PARTS[cls] = cls.part()
        unknown = set(cls.when) - cls.events - {"view", "action"}
        assert not unknown, f"{cls.__name__}: conditions for entries it isn't called for: {sorted(unknown)}"

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


class _Plan:
    """Which checks run, compiled once per edition and selection into one function per kind of
    entry, for every trace checked with them.

    Each function follows the position (:meth:`Game.follower`) and calls, in their declared order,
    the checks subscribed to its kind, each only where its :attr:`Check.when` condition holds:
    a priority pass, the commonest event, moves the position and calls the two or three checks whose
    state it can change, instead of the dozen subscribed to it. The loop over the entries is
    compiled with them, the observations' and actions' calls written into it."""

    def __init__(self, checks: tuple[type[Check], ...], conditions: bool) -> None:
        self.checks = checks
        kinds = sorted(EVENTS)
        names = "".join(f"c{i}, " for i in range(len(checks)))
        lines = [
            "def build(game, checks, late, contradicts, stranger, after_the_end, shown):",
            f"    ({names}) = checks",
        ]
        lines.append("    known = frozenset((*game.players, None))")
        lines += [f"    follow_{kind} = game.{Game.follows(kind)}" for kind in kinds if Game.follows(kind)]
        for kind in kinds:
            lines += [f"    def on_{kind}(e):", "        ..."]
            if Game.follows(kind):
                lines.append(f"        follow_{kind}(e)")
            for i, cls in enumerate(checks):
                if kind in cls.events:
                    lines += _call(i, cls, kind, f"c{i}.event(e)", conditions)
            if kind == "game_over":
                lines += ["        if game.over_line == game.line:", "            the_end()"]
        lines.append("    on_event = {" + ", ".join(f"{k!r}: on_{k}" for k in kinds) + "}")
        # After the game's first game_over, each event that shows it going on is also a problem: its
        # kinds' handlers are replaced then, and no event before it pays for the test.
        lines += [
            "    def after_the_end_of(on):",
            "        def going_on(e):",
            "            on(e)",
            "            after_the_end(e)",
            "        return going_on",
            "    def the_end():",
            "        for kind in GOING_ON:",
            "            on_event[kind] = after_the_end_of(on_event[kind])",
        ]
        lines += [
            "    act = game.act",
            "    def follow(entries):",
            "        events, acted, seeing = 0, False, True",
            "        players_seen, stack_seen, listed_stranger = None, None, False",
            "        for line, entry in entries:",
            "            game.line = line",
            "            if type(entry) is Event:",
            "                events += 1",
            "                if entry.player not in known:",
            "                    stranger(entry)",
            "                on_event[entry.kind](entry)",
            "                if entry.turn != game.turn and game.turn_line:",
            "                    contradicts(entry)",
            "                continue",
            "            if type(entry) is Observed:",
            "                view = entry",
            "                game.view, game.view_line = view, line",
            f"                if game.turn_line and ({_ELSEWHERE}):",
            "                    contradicts(view)",
            "                decision = view.decision",
            # The players and the stack are looked through only where they changed (a change that
            # leaves them out keeps the same objects).
            "                if view.players is not players_seen or view.stack is not stack_seen:",
            "                    players_seen, stack_seen = view.players, view.stack",
            "                    listed_stranger = _stranger_listed(view, known) is not None",
            "                if decision is not None:",
            "                    if decision.kind == 'priority':",
            "                        game.priorities += 1",
            "                    if listed_stranger or decision.player not in known:",
            "                        stranger(view)",
            "                elif listed_stranger:",
            "                    stranger(view)",
            "                if seeing:",
            "                    shown.update(_shown(view))",
            "                    seeing = len(shown) < SHOWN",
        ]
        for i, cls in enumerate(checks):
            if cls.observes:
                lines += _call(i, cls, "view", f"c{i}.observe(view)", conditions, indent=8)
        lines += [
            "                continue",
            "            action, acted = entry, True",
            "            if action.type != 'pass_priority':  # a pass leaves the position as it is (Game.act)",
            "                act(action)",
        ]
        for i, cls in enumerate(checks):
            if cls.acts:
                lines += _call(i, cls, "action", f"c{i}.act(action)", conditions, indent=4)
        lines += ["        return events, acted", "    return follow"]
        self.source = "\n".join(lines) + "\n"
        namespace: dict[str, object] = {
            "LateTraceProblem": LateTraceProblem,
            "Event": Event,
            "Observed": Observed,
            "SHOWN": SHOWN,
            "_shown": _shown,
            "_stranger_listed": _stranger_listed,
            "GOING_ON": GOING_ON,
        }
        exec(compile(self.source, f"<the checks' dispatcher: {len(checks)} checks>", "exec"), namespace)
        self.build = cast(_Build, namespace["build"])


def _call(index: int, cls: type[Check], entry: str, call: str, conditions: bool, indent: int = 0) -> list[str]:
    """One check's call for one kind of entry, under its condition; a late problem of the latest
    view's permanents is reported, and the other checks go on."""
    condition = cls.when.get(entry) if conditions else None
    lines = ["        try:", f"            {call}", "        except LateTraceProblem as exc:", "            late(exc)"]
    if condition is not None:
        lines = [f"        if {_SELF.sub(f'c{index}.', condition)}:", *("    " + line for line in lines)]
    return [" " * indent + line for line in lines]


_SELF = re.compile(r"\bself\.")
#: The compiled loop: follows the entries given, returns how many were events and whether any was an action.
_Follow = Callable[[Iterable[tuple[int, Entry]]], tuple[int, bool]]
_Build = Callable[
    [
        Game,
        list["Check"],
        Callable[[LateTraceProblem], None],
        Callable[[Event | Observed], None],
        Callable[[Event | Observed], None],
        Callable[[Event | Observed], None],
        set[str],
    ],
    _Follow,
]


def _same_check(known: type[Check], new: type[Check]) -> bool:
    """Whether two classes are one check: the same class, or its module run again (a module removed
    from ``sys.modules`` and imported anew, as pytest's own in-process sessions of its tests leave
    them), which replaces the check. Another class of the same name is a mistake of the checks."""
    return (known.__module__, known.__qualname__) == (new.__module__, new.__qualname__)


def every_check() -> dict[str, type[Check]]:
    """The checks, by name, in the order their modules declare them."""
    import checker.trace.rules  # noqa: F401  (the checks declare themselves on import)

    return CHECKS


@cache
def _plan(edition: str, only: frozenset[str] | None, conditions: bool) -> _Plan:
    return _Plan(
        tuple(cls for cls in every_check().values() if edition in cls.editions and (only is None or cls.name in only)),
        conditions,
    )


#: Each check's part of the turn, worked out once.
_PARTS: dict[type[Check], str] = {}


class UnknownCheck(ValueError):
    """A check, part or ruling asked for that no check has: the message names the closest that exist."""


def select(names: Iterable[str] = (), rulings: Iterable[str] = ()) -> frozenset[str]:
    """The names of the checks chosen by ``names`` (a check's name, or a part of the turn for all
    of its checks) and by ``rulings`` (the checks that enforce any of these ruling ids): those
    chosen by both where both are given. Raises :class:`UnknownCheck`."""
    checks = every_check()
    parts = {_PARTS[cls] for cls in checks.values()}
    rules = {rule for cls in checks.values() for rule in cls.rules}
    unknown = [
        _unknown("check or part", n, [*checks, *sorted(parts)]) for n in names if n not in checks and n not in parts
    ]
    unknown += [_unknown("ruling", r, sorted(rules)) for r in rulings if r not in rules]
    if unknown:
        raise UnknownCheck("; ".join(unknown))
    chosen = set(checks)
    if names := set(names):
        chosen &= {name for name, cls in checks.items() if name in names or _PARTS[cls] in names}
    if rulings := set(rulings):
        chosen &= {name for name, cls in checks.items() if rulings & set(cls.rules)}
    if not chosen:
        raise UnknownCheck("no check is of those names or parts and enforces those rulings")
    return frozenset(chosen)


def unknown_checks(names: Iterable[str]) -> list[str]:
    """What is wrong with each of ``names`` that isn't a check's name, with the closest names."""
    checks = every_check()
    return [_unknown("check", name, list(checks)) for name in names if name not in checks]


def _unknown(what: str, asked: str, known: list[str]) -> str:
    close = difflib.get_close_matches(asked, known, n=3, cutoff=0.6)
    return f"no {what} {asked!r}" + (f"; did you mean {' or '.join(close)}?" if close else "")


def check_trace(
    trace: Trace, edition: str | None = None, only: frozenset[str] | None = None, *, conditions: bool = True
) -> TraceResult:
    """Run every check that holds in ``edition`` (the header's by default) over one trace; with
    ``only``, those of its names (:func:`select`), the others of them reported as not checked.
    ``conditions=False`` calls every handler subscribed to an entry, whatever its check's
    :attr:`Check.when` says: the same results, more slowly (the tests and the benchmark compare)."""
    edition = edition or trace.header.edition
    plan = _plan(edition, only, conditions)
    game = Game(trace.header, trace.path, edition)
    violations: dict[str, list[Violation]] = {}

    def report(v: Violation) -> None:
        violations.setdefault(v.check, []).append(v)

    checks = [cls(game, report) for cls in plan.checks]
    problems: list[TraceProblem] = []

    def late(exc: LateTraceProblem) -> None:
        """A check asked for the permanents of the latest view, and they were malformed: the
        view's line is named once; the other checks go on."""
        if not problems or problems[-1].line != game.view_line:
            problems.append(TraceProblem(game.view_line, str(exc)))

    contradictions, strangers = _Contradictions(game, problems), _Strangers(game, problems)
    after_the_end = _AfterTheEnd(game, problems)
    shown: set[str] = set()
    follow = plan.build(game, checks, late, contradictions, strangers, after_the_end, shown)
    events, acted = follow(trace.entries(problems))
    contradictions.finish()
    strangers.finish()
    after_the_end.finish()
    seen = shown | {"actions"} if acted else shown
    for c in checks:
        c.finish()
    results = tuple(_result(c, violations.get(c.name, []), seen) for c in checks) + _elsewhere(edition, only)
    engine = f"{trace.header.engine.name} {trace.header.engine.version}".strip()
    problems.sort(key=lambda p: p.line)  # the count of contradicting entries comes last, at its line
    return TraceResult(trace.path, edition, engine, results, tuple(problems), events=events)


#: Where an observation and the events both say where the game is: what, the observation's field
#: and the position's (:class:`Game`) attribute.
_POSITION = (
    ("turn", "turn_number", "turn"),
    ("phase", "phase", "phase"),
    ("step", "step", "step"),
    ("active player", "active_player", "active"),
)


def _where(view: Observed, game: Game) -> list[tuple[str, object, object]]:
    """Where an observation shows the game elsewhere than its events have it: (what, the
    observation's, the events'), wherever both say."""
    found: list[tuple[str, object, object]] = []
    for what, field, attribute in _POSITION:
        shown, followed = getattr(view, field), getattr(game, attribute)
        if shown is not None and followed is not None and shown != followed:
            found.append((what, shown, followed))
    return found


#: Whether :func:`_where` finds anything, written into the dispatcher's loop as the checks'
#: conditions are (it is asked of every observation). Side by side with the checks before it, on
#: ``benchmarks/trace.py``'s long game, the difference was within the runs' noise of 2%.
_ELSEWHERE = " or ".join(
    f"(view.{field} is not None and game.{attribute} is not None and view.{field} != game.{attribute})"
    for _, field, attribute in _POSITION
)


class _OnceAndCounted:
    """Entries that make a trace wrong in one way: the first is named as a problem of its line, and
    how many more there were at the last (a recording wrong throughout names one line, not all)."""

    #: What one entry after the first does, and what several do, for the count.
    more_do: ClassVar[tuple[str, str]]

    def __init__(self, game: Game, problems: list[TraceProblem]) -> None:
        self.game, self.problems = game, problems
        self.first, self.more, self.last = 0, 0, 0

    def __call__(self, entry: Event | Observed) -> None:
        game = self.game
        if self.first:
            self.more, self.last = self.more + 1, game.line
            return
        self.first = game.line
        self.problems.append(TraceProblem(game.line, self.problem(entry)))

    def problem(self, entry: Event | Observed) -> str:
        raise NotImplementedError

    def finish(self) -> None:
        if self.more:
            entries = "entry " + self.more_do[0] if self.more == 1 else "entries " + self.more_do[1]
            counted = f"{self.more} more {entries} after line {self.first}, the last on this line"
            self.problems.append(TraceProblem(self.last, counted))


class _Contradictions(_OnceAndCounted):
    """Entries that contradict where the trace's events have the game. From a ``turn_began`` on,
    until the next, every event is of that turn (the events' ``turn``, in the protocol's schema),
    and an observation shows the turn's number, phase, step and active player the events have
    put the game in (where both say). An entry that says otherwise makes the trace contradict
    itself, and where it belongs can't be told."""

    more_do = ("contradicts where the events have the game", "contradict where the events have the game")

    def problem(self, entry: Event | Observed) -> str:
        game = self.game
        began = f" (begun on line {game.turn_line})"
        if isinstance(entry, Observed):
            found = _where(entry, game)
            shown = " and ".join(f"{what} {value}" for what, value, _ in found)
            followed = " and ".join(f"{what} {value}" for what, _, value in found)
            problem = f"the observation shows {shown}, where the events have {followed}"
            return problem + (began if found[0][0] == "turn" else "")
        if entry.kind == "turn_began":
            return f"turn_began begins turn {game.turn} but is marked turn {entry.turn}"
        return f"the {entry.kind} event is marked turn {entry.turn}, in turn {game.turn}{began}"


class _Strangers(_OnceAndCounted):
    """Events and observations of a player the header doesn't name: the trace's players are its
    header's (a typo of an importer, or another game's events, would otherwise go unnoticed by every
    check, or be taken for a player who never had a turn)."""

    more_do = ("names a player the header doesn't", "name players the header doesn't")

    def problem(self, entry: Event | Observed) -> str:
        every = ", ".join(self.game.players)
        if isinstance(entry, Event):
            named, where = entry.player, f"the {entry.kind} event"
        else:
            found = _stranger_shown(entry, frozenset((*self.game.players, None)))
            assert found is not None
            where, named = found
            where = f"the observation's {where}"
        return f"{where} names the player {named!r}, not one of the header's players ({every})"


def _stranger_shown(view: Observed, known: frozenset[str | None]) -> tuple[str, str] | None:
    """Where an observation's decision, players or stack name a player not among ``known`` (the
    header's, and None), and whom; None where they name none. (Its permanents, decoded only when a
    check reads them, aren't looked at; an active player is compared with the events' as a
    contradiction.)"""
    decision = view.decision
    if decision is not None and decision.player not in known:
        return "decision", decision.player
    return _stranger_listed(view, known)


def _stranger_listed(view: Observed, known: frozenset[str | None]) -> tuple[str, str] | None:
    """Where an observation's players or stack name a player not among ``known``, and whom; None where they don't."""
    for player in view.players or ():
        if player.name not in known:
            return "players", player.name
    for item in view.stack or ():
        if item.controller not in known:
            return "stack", item.controller
    return None


class _AfterTheEnd(_OnceAndCounted):
    """Events of a game going on (a turn, phase or step beginning, a pass, a spell, a declaration) after
    its game_over: the trace says the game ended and then goes on with it, and the checks that stop at
    the game's end (a step's end after it is no window of priority) would pass over what follows."""

    more_do = ("comes after the game ended", "come after the game ended")

    def problem(self, entry: Event | Observed) -> str:
        assert isinstance(entry, Event)
        return f"the {entry.kind} event comes after the game ended (game_over on line {self.game.over_line})"


def _elsewhere(edition: str, only: frozenset[str] | None) -> tuple[CheckResult, ...]:
    """The checks asked for by name that don't hold in ``edition``: not checked, and why."""
    if only is None:
        return ()
    elsewhere = [cls for name, cls in CHECKS.items() if name in only and edition not in cls.editions]
    return tuple(
        CheckResult(cls.name, _PARTS[cls], cls.requires, cls.rules, Status.NOT_CHECKED, 0, why=_held_in(cls, edition))
        for cls in elsewhere
    )


def _held_in(cls: type[Check], edition: str) -> str:
    return f"the rule doesn't hold in {edition}, only in {', '.join(sorted(cls.editions))}"


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
