"""Recording whole phase.rs games: simple players, from the game's start, as traces.

Each game deals two 40-card decks (17 basic lands and 23 vanilla creatures of one colour, the colour
chosen by the seed) to Alice and Bob through the phase.rs adapter
(:meth:`checker.adapters.phase_rs.PhaseAdapter.deal`), phase.rs shuffling them with the seed. The
players make simple choices: in their own main phases they play a land, then cast the creatures
they can; they attack with every creature that can attack, never block, discard the first cards
of their hand, and otherwise pass priority. The trace holds phase.rs's own events (as the adapter
reports them), the view at each decision and the action taken: the same seed gives the same game.

What phase.rs doesn't report (it has no event for priority passing between the players beyond
the pass itself, nor for the first turn's beginning) is simply absent from the trace.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib.metadata import PackageNotFoundError, version

from checker.adapters.phase_rs import PhaseAdapter
from checker.contract.cards import card
from checker.contract.interface import (
    Action,
    CardSpec,
    CastSpell,
    ChooseDiscard,
    DeclareAttackers,
    DeclareBlockers,
    GameView,
    IllegalActionError,
    PassPriority,
    PlayLand,
)
from checker.importers.recording import RecordedGame, Taken
from checker.trace.format import Header, Observation, Start

PLAYERS = ("Alice", "Bob")
#: The decks the seed chooses from: a basic land and the vanilla creature of its colour.
DECKS = (("Forest", "Grizzly Bears"), ("Mountain", "Hill Giant"), ("Plains", "Savannah Lions"))
LANDS, CREATURES = 17, 23
MAIN_PHASES = frozenset({"precombat_main", "postcombat_main"})


class RecordingError(Exception):
    """The game reached a decision the simple players can't make, or ran past its limit."""


def deck(seed: int, seat: int) -> list[CardSpec]:
    land, creature = DECKS[random.Random(f"{seed}:{seat}").randrange(len(DECKS))]
    return [card(land)] * LANDS + [card(creature)] * CREATURES


def _engine_version() -> str:
    try:
        return version("phase-python")
    except PackageNotFoundError:  # pragma: no cover - the adapter can't run without it
        return "unknown"


class _Players:
    """The simple players' choices, given the view at a decision."""

    def __init__(self, adapter: PhaseAdapter) -> None:
        self.adapter = adapter
        self.tried: set[tuple[int, str | None, str]] = set()  # (turn, phase, card) refused this phase

    def _try(self, view: GameView, action: PlayLand | CastSpell, record: Callable[[Taken], None]) -> bool:
        """Try a land or a spell; the engine's refusal is recorded, and not tried again this phase."""
        key = (view.turn_number, view.phase, action.card)
        if key in self.tried:
            return False
        try:
            self.adapter.perform(action)
        except IllegalActionError as exc:
            self.tried.add(key)
            record(Taken(action, str(exc)))
            return False
        record(Taken(action))
        return True

    def act(self, view: GameView, record: Callable[[Taken], None]) -> None:
        decision = view.decision
        assert decision is not None
        who = decision.player
        action: Action
        match decision.kind:
            case "priority" if who == view.active_player and view.phase in MAIN_PHASES and not view.stack:
                hand = view.player(who).hand
                lands = [c for c in hand if card(c.name).types == ("land",)]
                for c in lands[:1]:
                    if self._try(view, PlayLand(who, c.id), record):
                        return
                for c in hand:
                    if c not in lands and self._try(view, CastSpell(who, c.id), record):
                        return
                action = PassPriority(who)
            case "priority":
                action = PassPriority(who)
            case "declare_attackers":
                action = DeclareAttackers(who, decision.options)
            case "declare_blockers":
                action = DeclareBlockers(who, ())
            case "discard":
                action = ChooseDiscard(who, tuple(c.id for c in view.player(who).hand[: decision.count]))
            case kind:
                raise RecordingError(f"turn {view.turn_number}: the simple players can't answer a {kind} decision")
        self.adapter.perform(action)
        record(Taken(action))


def _start(view: GameView) -> Start:
    """Where the trace begins: phase.rs deals a game already in the first turn's upkeep, with no event
    of how the turn began (its untap step), so the trace says it begins there."""
    return Start(view.turn_number, view.active_player, view.phase, view.step)


def record_game(seed: int, *, max_turns: int = 30, max_decisions: int = 5000) -> RecordedGame:
    """Play one phase.rs game from its start with the simple players; seed 0 and up."""
    adapter = PhaseAdapter()
    first = random.Random(seed).randrange(2)
    adapter.deal(PLAYERS, [deck(seed, 0), deck(seed, 1)], seed=seed + 1, first=first)
    header = Header.new(
        "cr2024",
        PLAYERS,
        "phase.rs (phase-python)",
        _engine_version(),
        source=f"imported from phase.rs: a game of simple players, seed {seed}",
        starting_player=PLAYERS[first],
        start=_start(adapter.view()),
    )
    game = RecordedGame(header)
    players = _Players(adapter)
    # The events of the keeps begin the upkeep the header's start names: the trace begins after them.
    seen = len(adapter.events())

    def take_events() -> None:
        nonlocal seen
        events = adapter.events()
        game.entries.extend(events[seen:])
        seen = len(events)

    for _ in range(max_decisions):
        take_events()
        view = adapter.view()
        game.entries.append(Observation.of(view, adapter.combat_keywords()))
        if view.game_over or view.decision is None or view.turn_number > max_turns:
            return game
        players.act(view, game.entries.append)
    raise RecordingError(f"seed {seed}: no end after {max_decisions} decisions")
