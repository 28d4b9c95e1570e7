"""Whatever an engine or an importer writes, as long as each line has the trace's shape, the
checker gives a verdict and never fails: events in any order, any player (one the header doesn't
name too), any subject."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

import hypothesis.strategies as st
from hypothesis import HealthCheck, given, settings

from checker.contract.interface import DecisionView, GameEvent, PermanentView, StackItemView
from checker.contract.vocabulary import DECISIONS, EDITIONS, EVENTS, PHASES, STEPS, TURN_TEMPLATES
from checker.trace.check import check_trace
from checker.trace.files import open_trace
from checker.trace.format import Header, Observation, PlayerObservation, Start
from checker.trace.game import GOING_ON
from checker.trace.results import Status
from checker.trace.writer import TraceWriter

PLAYERS = ("Alice", "Bob", "Carol")
names = st.sampled_from((*PLAYERS, None))
subjects = st.sampled_from((*sorted(PHASES), *sorted(STEPS), "Grizzly Bears", "", None))
small = st.integers(-3, 12)

events = st.builds(
    GameEvent,
    kind=st.sampled_from(sorted(EVENTS)),
    turn=st.integers(0, 5),
    player=names,
    subject=subjects,
    amount=st.none() | small,
    detail=st.dictionaries(st.sampled_from(("reason", "how", "entered", "starting")), st.sampled_from(("life", "x"))),
)
permanents = st.builds(
    PermanentView,
    id=st.sampled_from(("p1", "p2")),
    name=st.just("Grizzly Bears"),
    controller=st.sampled_from(PLAYERS),
    owner=st.sampled_from(PLAYERS),
    tapped=st.booleans(),
    damage=st.integers(0, 3),
    phased_out=st.booleans(),
    summoning_sick=st.booleans(),
    power=st.none() | small,
    toughness=st.none() | small,
    attacking=st.booleans(),
)
views = st.builds(
    Observation,
    turn_number=st.none() | st.integers(0, 5),
    active_player=st.none() | st.sampled_from(PLAYERS),
    phase=st.none() | st.sampled_from(sorted(PHASES)),
    step=st.none() | st.sampled_from(sorted(STEPS)),
    decision=st.none() | st.builds(DecisionView, st.sampled_from(sorted(DECISIONS)), st.sampled_from(PLAYERS)),
    players=st.none()
    | st.lists(
        st.builds(
            PlayerObservation,
            st.sampled_from(PLAYERS),
            life=st.none() | small,
            mana_pool=st.none() | st.dictionaries(st.sampled_from("WUBRG"), st.integers(0, 3)),
            hand_size=st.none() | st.integers(0, 9),
            poison=st.none() | st.integers(0, 11),
        ),
        max_size=3,
    ).map(tuple),
    battlefield=st.none() | st.lists(permanents, max_size=3).map(tuple),
    stack=st.none() | st.lists(st.just(StackItemView("Shock", "Alice", "spell")), max_size=2).map(tuple),
    keywords=st.none() | st.dictionaries(st.sampled_from(("p1", "p2")), st.just(("first_strike",))),
)


def starts(edition: str) -> st.SearchStrategy[Start | None]:
    """Where a trace may begin: a turn of one of its players, at one of the edition's phases (a header
    naming anything else isn't read; those have tests of their own)."""
    phases = [phase for phase, _ in TURN_TEMPLATES[edition]]
    return st.none() | st.builds(
        Start, st.integers(1, 4), st.sampled_from(PLAYERS[:2]), st.none() | st.sampled_from(phases), st.none()
    )


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    beginning=st.sampled_from(EDITIONS).flatmap(lambda edition: st.tuples(st.just(edition), starts(edition))),
    entries=st.lists(st.one_of(events, views), max_size=60),
)
def test_any_well_shaped_trace_gets_a_verdict(beginning: tuple[str, Start | None], entries: list[object]) -> None:
    """... and the same verdict with every handler called: each check's ``when`` is a promise
    that its handler does nothing where the condition is false."""
    edition, start = beginning
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "t.jsonl"
        with TraceWriter(path, Header.new(edition, list(PLAYERS[:2]), "liar", "0", start=start)) as trace:
            for entry in entries:
                if isinstance(entry, GameEvent):
                    trace.event(entry)
                else:
                    assert isinstance(entry, Observation)
                    trace.observation(entry)
        result = check_trace(open_trace(path))
        assert check_trace(open_trace(path), conditions=False).results == result.results
    # The three things such a trace can get wrong: an entry that contradicts where its events have the
    # game, from its first turn_began on; an entry naming a player the header doesn't (Carol); an event
    # of the game going on after its game_over. Of each, the first is named, and the others are counted
    # at the last.
    wrong = list(_contradicting(entries, start))
    strangers = [line for line, e in enumerate(entries, start=2) if "Carol" in _players_named(e)]
    expected = sorted(
        _once_and_counted(wrong) + _once_and_counted(strangers) + _once_and_counted(_after_the_end(entries))
    )
    assert sorted(p.line for p in result.problems) == expected
    assert all(r.status in Status for r in result.results)
    assert all(r.status is not Status.PASSED or r.occasions for r in result.results)


def _players_named(entry: object) -> set[str | None]:
    """The players an event or an observation names (an observation's permanents aside, read only when a
    check asks, and its active player, compared with the events' as a contradiction)."""
    if isinstance(entry, GameEvent):
        return {entry.player}
    assert isinstance(entry, Observation)
    named = {entry.decision.player if entry.decision else None}
    return named | {p.name for p in entry.players or ()} | {item.controller for item in entry.stack or ()}


def _once_and_counted(lines: list[int]) -> list[int]:
    """The lines of the problems a kind of wrong entry makes: the first, and the last to count the others."""
    return lines[:1] + lines[-1:] if len(lines) > 1 else lines


def _after_the_end(entries: list[object]) -> list[int]:
    """The lines of the events that show the game going on after the first game_over."""
    events = [(line, e) for line, e in enumerate(entries, start=2) if isinstance(e, GameEvent)]
    end = next((line for line, e in events if e.kind == "game_over"), None)
    return [line for line, e in events if end is not None and line > end and e.kind in GOING_ON]


def _contradicting(entries: list[object], start: Start | None) -> Iterator[int]:
    """The lines of the entries that contradict where the events before them have the game: an event
    marked with another turn than the latest turn_began's; an observation showing another turn
    number, phase, step or active player (where the events say one)."""
    turn: int | None = None  # None before the first turn_began: nothing is compared
    phase = step = None
    active = start.active_player if start else None
    for line, entry in enumerate(entries, start=2):
        if isinstance(entry, GameEvent):
            match entry.kind:
                case "turn_began":
                    turn = entry.amount if entry.amount is not None else entry.turn
                    active, phase, step = entry.player or active, None, None
                case "turn_ended" | "phase_ended":
                    phase, step = None, None
                case "phase_began":
                    phase, step = entry.subject, None
                case "step_began":
                    step = entry.subject
                case "step_ended":
                    step = None
            if turn is not None and entry.turn != turn:
                yield line
        else:
            assert isinstance(entry, Observation)
            shown = (entry.turn_number, entry.phase, entry.step, entry.active_player)
            followed = (turn, phase, step, active)
            differ = (a is not None and b is not None and a != b for a, b in zip(shown, followed, strict=True))
            if turn is not None and any(differ):
                yield line
