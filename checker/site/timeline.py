"""The recorded games of failing runs as timelines (``turncheck site --traces DIR``).

``turncheck certify --record-traces DIR`` writes each scenario run as a trace, named in its
header by the engine that played it and the run's stable id. The site pairs each non-passing
result of a report with the trace of the same engine and id, checks it with the rules checker
(:mod:`checker.trace`), and shows it entry by entry: the turn, phase and step the game is in,
who has priority, what happened, and where the rules checker finds a rule broken.
A trace that can't be read is named with why and left out; the others go on.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from checker.trace.check import check_trace
from checker.trace.files import open_trace, traces_in
from checker.trace.format import ActionTaken, Event
from checker.trace.game import Game
from checker.trace.observed import Observed
from checker.trace.problems import TraceError, TraceProblem
from checker.trace.reading import Trace
from checker.trace.results import TraceResult, Violation


@dataclass(frozen=True)
class Moment:
    """One entry of a trace, where the game stood after it."""

    line: int
    turn: str  # "2 (Alice)"
    phase: str
    step: str
    priority: str  # who holds priority, or what the game waits for and from whom
    kind: str  # "event", "view" or "action"
    what: str
    violations: tuple[Violation, ...] = ()


@dataclass(frozen=True)
class Timeline:
    path: Path
    engine: str
    edition: str
    scenario: str
    moments: tuple[Moment, ...]
    result: TraceResult
    problems: tuple[TraceProblem, ...]


def recorded(directories: Sequence[Path]) -> tuple[dict[tuple[str, str], Path], list[str]]:
    """The traces under ``directories`` (:func:`~checker.trace.files.traces_in`), by (engine name and version,
    scenario run id) as their headers say; and a line per file or directory that can't be used."""
    found: dict[tuple[str, str], Path] = {}
    problems: list[str] = []
    for directory in directories:
        if not directory.is_dir():
            problems.append(
                f"{directory}: " + ("not a directory" if directory.exists() else "no such directory of traces")
            )
            continue
        for path in traces_in(directory):
            try:
                header = open_trace(path).header
            except TraceError as exc:
                problems.append(str(exc))
                continue
            if header.scenario is not None:
                found.setdefault((f"{header.engine.name} {header.engine.version}".strip(), header.scenario), path)
    return found, problems


def _describe(entry: Event | Observed | ActionTaken) -> tuple[str, str]:
    if isinstance(entry, Event):
        words = [entry.kind.replace("_", " ")]
        words += [f"· {entry.subject.replace('_', ' ')}"] if entry.subject else []
        words += [f"· {entry.player}"] if entry.player else []
        words += [f"· {entry.amount}"] if entry.amount is not None else []
        words += [f"· {key} {value}" for key, value in sorted(entry.detail.items())]
        return "event", " ".join(words)
    if isinstance(entry, ActionTaken):
        details = ", ".join(f"{k} {v}" for k, v in sorted(entry.action.items()) if k not in {"type", "player"})
        what = f"{entry.player}: {entry.type.replace('_', ' ')}{f' ({details})' if details else ''}"
        return "action", what if entry.outcome == "accepted" else f"{what}, refused: {entry.message or 'no reason'}"
    shown = []
    if entry.stack:
        shown.append("stack (top first): " + ", ".join(f"{item.name} ({item.controller})" for item in entry.stack))
    if entry.players:
        shown.append("life: " + ", ".join(f"{p.name} {p.life}" for p in entry.players if p.life is not None))
    if entry.game_over:
        shown.append(f"game over, {entry.winner or 'nobody'} won")
    return "view", " · ".join(s for s in shown if not s.endswith(": ")) or "the game observed"


def _waiting(view: Observed | None) -> str:
    decision = view.decision if view is not None else None
    if decision is None:
        return "—"
    if decision.kind == "priority":
        return decision.player
    return f"{decision.player} ({decision.kind.replace('_', ' ')})"


def _moments(trace: Trace, violations: dict[int, list[Violation]], problems: list[TraceProblem]) -> Iterator[Moment]:
    game = Game(trace.header, trace.path)
    for line, entry in trace.entries(problems):
        if isinstance(entry, Event):
            game.follow(entry)
        elif isinstance(entry, Observed):
            game.view = entry
        else:
            game.act(entry)
        kind, what = _describe(entry)
        turn = f"{game.turn} ({game.active})" if game.turn and game.active else str(game.turn or "")
        yield Moment(
            line,
            turn,
            (game.phase or "").replace("_", " "),
            (game.step or "").replace("_", " "),
            _waiting(game.view),
            kind,
            what,
            tuple(violations.get(line, ())),
        )


def timeline(path: Path) -> Timeline:
    """The trace at ``path``, checked and laid out; ``TraceError`` if it can't be read."""
    trace = open_trace(path)
    result = check_trace(trace)
    violations: dict[int, list[Violation]] = {}
    for v in result.violations:
        violations.setdefault(v.line, []).append(v)
    problems: list[TraceProblem] = []
    moments = tuple(_moments(trace, violations, problems))  # its entries read again, as the checker did
    scenario = trace.header.scenario or ""
    return Timeline(path, result.engine, result.edition, scenario, moments, result, tuple(problems))


def timelines(wanted: Iterable[tuple[str, Path]]) -> tuple[dict[str, Timeline], list[str]]:
    """A timeline per (key, trace path) wanted; a line per trace that can't be read, or that the
    rules checker failed on (an internal error, named as such: that trace alone is left out), and
    per trace with lines that can't be read (its timeline shows the others, and says so)."""
    found: dict[str, Timeline] = {}
    problems: list[str] = []
    for key, path in wanted:
        try:
            found[key] = shown = timeline(path)
            if shown.problems:
                first = shown.problems[0]
                problems.append(
                    f"{path}: {len(shown.problems)} line(s) can't be read and are left out of its timeline "
                    f"(line {first.line}: {first.problem})"
                )
        except TraceError as exc:
            problems.append(str(exc))
        except Exception as exc:  # a bug of the checker costs this trace's timeline only
            problems.append(f"{path}: the rules checker failed on this trace: {type(exc).__name__}: {exc}")
    return found, problems
