"""One generated game: played on an engine, recorded as a trace, checked by the rules checker, and
optionally played in lockstep on the reference engine.

Whatever the engine does is a result, never an exception out of :func:`play`: an action it
refuses is recorded and the game goes on with the next choice; a crash, a hang, an answer the
protocol doesn't allow or a game that waits for nobody ends the game as a :class:`Finding`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from checker.contract.interface import (
    Action,
    CardSpec,
    EngineAdapter,
    EngineFailure,
    EngineTimeout,
    GameEvent,
    GameSetup,
    GameView,
    IllegalActionError,
    UnsupportedError,
)
from checker.explore.choices import next_action
from checker.explore.gherkin import when_step
from checker.explore.position import Position
from checker.running.recording import RecordingAdapter
from checker.trace.check import check_trace
from checker.trace.files import open_trace
from checker.trace.problems import TraceError


class Finding(msgspec.Struct, frozen=True):
    """Something wrong with a game. ``kind``: ``violation`` (a rule the rules checker found
    broken; ``what`` is the check), ``engine failure`` or ``timeout`` (``what``: the exception),
    ``malformed trace`` (the engine's record breaks the trace format), ``divergence`` (the engine
    and the reference engine played the same game differently)."""

    kind: str
    what: str
    shows: str
    where: str = ""
    requires: str = ""
    rules: tuple[str, ...] = ()

    @property
    def key(self) -> tuple[str, str]:
        """What a shrunk game must still show to be the same finding."""
        return self.kind, self.what


@dataclass
class Played:
    """What happened in one game."""

    position: Position
    actions: list[tuple[Action, bool]] = field(default_factory=list)  # each action, and whether it was refused
    finding: Finding | None = None
    unsupported: str | None = None  # the engine can't play this position
    events: int = 0
    checked: int = 0  # events the rules checker followed
    #: Every check the game broke, whether or not its first violation is the finding.
    broken: set[str] = field(default_factory=set)
    #: The action the engine was taking when it failed (crashed, hung), neither taken nor refused.
    failed_in: Action | None = None

    @property
    def reproduced(self) -> list[tuple[Action, bool]]:
        """The actions a reproduction of the game takes: those played, then the one the engine failed
        in, if it failed in one, since that is where the engine fails (without it, the scenario
        would end before the failure and pass on the engine)."""
        return self.actions + ([(self.failed_in, False)] if self.failed_in is not None else [])


def failure(exc: BaseException, during: str) -> Finding:
    """The finding of an engine's failure (a timeout, or else an engine failure) ``during`` something."""
    kind = "timeout" if isinstance(exc, EngineTimeout) else "engine failure"
    return Finding(kind, type(exc).__name__, f"{during}: {exc}"[:2000])


def play(
    engine: EngineAdapter,
    position: Position,
    choices: Sequence[int],
    trace: Path,
    reference: EngineAdapter | None = None,
) -> Played:
    """Play ``position`` on ``engine``, one choice per decision until the choices run out or the
    game ends, recording the game into ``trace``; then check the trace. With ``reference``, the
    same set-up and the same actions are played there too, and the first difference is a finding."""
    played = Played(position)
    setup = position.setup()
    cards: dict[str, CardSpec] = {c.id: c.card for p in setup.players for z in (p.library, p.hand) for c in z}
    cards.update({p.id: p.card for p in setup.battlefield})
    game = RecordingAdapter(engine, trace)
    twin = _Twin(reference, played) if reference is not None else None
    taking: Action | None = None  # the action the engine is taking, if it is taking one
    try:
        try:
            game.start(setup)
        except UnsupportedError as exc:
            played.unsupported = str(exc)
            return played
        if twin is not None and not twin.start(setup, game):
            return played
        for choice in choices:
            view = game.view()
            if view.game_over:
                break
            if view.decision is None:
                played.finding = Finding("engine failure", "no decision", "the game is not over but waits for nobody")
                break
            action = next_action(view, choice, cards)
            taking = action
            try:
                game.perform(action)
                refused = False
            except IllegalActionError:
                refused = True
            taking = None
            played.actions.append((action, refused))
            if twin is not None and not twin.perform(action, refused, game):
                break
    except UnsupportedError as exc:  # the adapter can't express an action: the game ends there
        played.unsupported = str(exc)
    except (EngineFailure, Exception) as exc:  # an engine crash or a hang ends the game as a finding
        played.finding = failure(exc, _doing(played, taking))
        played.failed_in = taking
    finally:
        game.close()
    _check(played, trace)
    return played


def _doing(played: Played, taking: Action | None) -> str:
    """What the game was at when the engine failed: the action it was taking (the next after those
    played), or else the last one it took."""
    if taking is not None:
        return f"while taking action {len(played.actions) + 1} ({when_step(taking, False) or taking})"
    if not played.actions:
        return "while starting the game"
    action, refused = played.actions[-1]
    return f"after action {len(played.actions)} ({when_step(action, refused) or action})"


def _check(played: Played, trace: Path) -> None:
    """The rules checker's verdict on the trace; the first violation (by line) is the finding,
    unless the game already has one (a crash ends the game: its trace is checked all the same,
    but the crash is what the game shows)."""
    try:
        result = check_trace(open_trace(trace))
    except TraceError as exc:
        played.finding = played.finding or Finding("malformed trace", "trace", exc.problem)
        return
    played.events = played.checked = result.events
    played.broken = {v.check for v in result.violations}
    if played.finding is not None:
        return
    if result.problems:
        p = result.problems[0]
        played.finding = Finding("malformed trace", "trace", f"line {p.line}: {p.problem}")
        return
    found = sorted(result.violations, key=lambda v: v.line)
    if found:
        v = found[0]
        rules = next(c.rules for c in result.results if c.check == v.check)
        played.finding = Finding("violation", v.check, v.shows, v.position, v.requires, rules)


def _moment(view: GameView) -> tuple[object, ...]:
    """What the differential compares at each decision, in the suite's terms."""
    d = view.decision
    return (
        view.turn_number,
        view.active_player,
        view.phase,
        view.step,
        None if d is None else (d.kind, d.player),
        view.game_over,
        view.winner,
        tuple((p.name, p.life) for p in view.players),
    )


#: The events the differential compares: the turn's structure, in the suite's terms. Others (a
#: permanent's summoning sickness ending, a land entering, mana added before or after its land is
#: tapped) an adapter may report or not, or in another order, without playing the game differently.
STRUCTURE = frozenset(
    {
        "turn_began", "turn_ended", "turn_skipped", "extra_turn_added",
        "phase_began", "phase_ended", "phase_skipped", "phase_added",
        "step_began", "step_ended", "step_skipped", "step_added",
        "priority_passed", "attackers_declared", "blockers_declared", "card_drawn", "player_lost", "game_over",
    }
)  # fmt: skip


def _event(e: GameEvent) -> tuple[object, ...]:
    return (e.kind, e.turn, e.player, e.subject, e.amount)


def describe_moment(view: GameView) -> str:
    d = view.decision
    parts = [(view.phase, "phase"), (view.step, "step")]
    where = ", ".join(
        [f"turn {view.turn_number} ({view.active_player})"] + [f"{n.replace('_', ' ')} {k}" for n, k in parts if n]
    )
    waiting = "the game is over" if view.game_over else f"{d.player} to decide {d.kind}" if d else "waiting for nobody"
    life = ", ".join(f"{p.name} {p.life} life" for p in view.players)
    return f"{where}; {waiting}; {life}"


def _describe_event(e: GameEvent | None) -> str:
    if e is None:
        return "no further event"
    parts = [e.kind, f"turn {e.turn}"] + [x for x in (e.player, e.subject) if x]
    return " ".join(parts) + (f" amount {e.amount}" if e.amount is not None else "")


class _Twin:
    """The reference engine, given the same set-up and the same actions as the engine under test."""

    def __init__(self, reference: EngineAdapter, played: Played) -> None:
        self.reference = reference
        self.played = played
        self.compared = 0  # the events compared so far

    def start(self, setup: GameSetup, game: EngineAdapter) -> bool:
        self.reference.start(setup)
        return self._compare(game, "the game's start")

    def perform(self, action: Action, refused: bool, game: EngineAdapter) -> bool:
        try:
            self.reference.perform(action)
            reference_refused = False
        except IllegalActionError:
            reference_refused = True
        step = when_step(action, refused) or str(action)
        if refused != reference_refused:
            verdict = ("refused", "accepted") if refused else ("accepted", "refused")
            self.played.finding = Finding(
                "divergence",
                "action",
                f"the engine {verdict[0]} what the reference engine {verdict[1]}: {action}",
                f"action {len(self.played.actions)} ({step})",
            )
            return False
        return self._compare(game, f"action {len(self.played.actions)} ({step})")

    def _compare(self, game: EngineAdapter, when: str) -> bool:
        """Whether the engine's game is the reference's; else the finding of a divergence, where
        ``when`` (a finding's place, said after "at": "the game's start", "action 3 (...)") names the moment."""
        mine = [e for e in game.events() if e.kind in STRUCTURE]
        theirs = [e for e in self.reference.events() if e.kind in STRUCTURE]
        for i in range(self.compared, max(len(mine), len(theirs))):
            a = mine[i] if i < len(mine) else None
            b = theirs[i] if i < len(theirs) else None
            if a is None or b is None or _event(a) != _event(b):
                shows = (
                    f"turn-structure event {i + 1}: the engine: {_describe_event(a)}; "
                    f"the reference: {_describe_event(b)}"
                )
                self.played.finding = Finding("divergence", "event", shows, when)
                return False
        self.compared = len(mine)
        view, expected = game.view(), self.reference.view()
        if _moment(view) != _moment(expected):
            shows = f"the engine: {describe_moment(view)}; the reference: {describe_moment(expected)}"
            self.played.finding = Finding("divergence", "position", shows, when)
            return False
        return True
