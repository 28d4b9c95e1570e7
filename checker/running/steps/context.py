"""The game a scenario builds, plays and observes, through the adapter interface only."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Protocol, cast

from checker.contract.cards import FILLER, card
from checker.contract.interface import (
    Action,
    CardSetup,
    CardSpec,
    ChooseDefendingPlayer,
    ChooseDiscard,
    ChoosePlayOrDraw,
    ChooseSkipTurn,
    ChooseUntap,
    DeclareAttackers,
    DeclareBlockers,
    EffectSpec,
    EngineAdapter,
    GameEvent,
    GameSetup,
    GameView,
    IllegalActionError,
    OrderTriggers,
    PassPriority,
    PayUpkeep,
    PermanentSetup,
    PermanentView,
    PlayerSetup,
    UnsupportedError,
)
from checker.contract.vocabulary import TurnPart, locate
from checker.running.recording import RecordingAdapter

#: How many decisions "the game advances to ..." may take before it gives up.
ADVANCE_LIMIT = 1000
#: The kinds of event in which the game shows it has moved on to another part of the turn, or ended:
#: what "the game advances to ..." looks for, and its predicates look at no other
#: (:meth:`ScenarioGame.advance`). Where the engine can, the pass of priority that follows a pass
#: made there is asked for with it, unless one of these came between them
#: (:meth:`~checker.running.wire.client.WireEngine.perform_then_pass`): the suite would have made
#: that pass too, whatever else the game then showed.
TURN_BOUNDARIES = frozenset({"turn_began", "phase_began", "phase_skipped", "step_began", "step_skipped", "game_over"})


class PassesAfter(Protocol):
    """An engine that can take an action and the pass of priority that follows it in one exchange."""

    def perform_then_pass(self, action: Action, stops: frozenset[str]) -> str | None: ...


class ScenarioError(AssertionError):
    """A scenario's expectation was not met, or its steps contradict each other."""

    def __init__(self, message: str, expected: str | None = None, observed: str | None = None) -> None:
        super().__init__(message)
        self.expected = expected
        self.observed = observed


def whereabouts(view: GameView) -> str:
    """Where the game is, for a failure message: whose turn, which phase and step, who must decide what."""
    parts = (("phase", view.phase), ("step", view.step))
    part = ", ".join(f"{kind} {name.replace('_', ' ')}" for kind, name in parts if name)
    waiting = f"{view.decision.player} to decide {view.decision.kind}" if view.decision else "nobody"
    over = ", the game over" if view.game_over else ""
    return f"{view.active_player}'s turn {view.turn_number}, {part or 'no phase'}, waiting for {waiting}{over}"


@dataclass
class PlayerBuild:
    name: str
    life: int = 20
    library: list[CardSetup] = field(default_factory=list)
    hand: list[CardSetup] = field(default_factory=list)
    graveyard: list[CardSetup] = field(default_factory=list)
    mana_pool: dict[str, int] = field(default_factory=dict)
    lands_played: int = 0
    effects: list[EffectSpec] = field(default_factory=list)
    library_set: bool = False
    poison: int = 0
    scheme_deck: list[CardSetup] = field(default_factory=list)


class ScenarioGame:
    """Collects the Given steps into a :class:`GameSetup`, starts the game when first needed,
    and plays and observes it for the When and Then steps."""

    def __init__(self, engine: EngineAdapter, edition: str) -> None:
        self.engine = engine
        self.edition = edition
        self.capabilities = engine.capabilities()
        if edition not in self.capabilities.editions:
            raise UnsupportedError(f"the engine does not support the {edition} edition")
        self.players: dict[str, PlayerBuild] = {}
        self.battlefield: list[PermanentSetup] = []
        self.setup = GameSetup(edition=edition, players=(), active_player="")
        self.started = False
        self.refusal: IllegalActionError | None = None
        self.allowed: bool | None = None
        self._ids: set[str] = set()
        self._last_number: dict[str, int] = {}
        self._event_mark = 0
        self._view: GameView | None = None
        self._events: list[GameEvent] | None = None
        self.recorder: RecordingAdapter | None = None

    def watch(self, recorder: RecordingAdapter) -> None:
        """Play the game through ``recorder``, which records it as a trace for the rules checker."""
        self._before_start()
        self.recorder = recorder
        self.engine = recorder

    # ----------------------------------------------------------------- building

    def set_players(self, names: list[str]) -> None:
        self._before_start()
        self.players = {n: PlayerBuild(n) for n in names}

    def player(self, name: str) -> PlayerBuild:
        if not self.players:
            self.set_players(["Alice", "Bob"])
        if name not in self.players:
            raise ScenarioError(f"there is no player named {name!r} (players: {', '.join(self.players)})")
        return self.players[name]

    def configure(self, **changes: object) -> None:
        self._before_start()
        self.setup = replace(self.setup, **changes)  # type: ignore[arg-type]

    def at(self, player: str, part: TurnPart | None) -> None:
        """Start the game at the beginning of ``player``'s ``part`` (None: of the turn)."""
        self.player(player)
        phase, step = (None, None) if part is None else self._locate(part)
        self.configure(active_player=player, phase=phase, step=step)

    def _locate(self, part: TurnPart) -> tuple[str, str | None]:
        try:
            return locate(self.edition, part)
        except ValueError as exc:
            raise ScenarioError(str(exc)) from exc

    def new_id(self, name: str) -> str:
        """``name``, or else ``name 2``, ``name 3``...: the first not yet taken (the search for a name
        goes on from where it last stopped: ids are never given back)."""
        n = self._last_number.get(name, 1)
        candidate = name if n == 1 else f"{name} {n}"
        while candidate in self._ids:
            n += 1
            candidate = f"{name} {n}"
        self._ids.add(candidate)
        self._last_number[name] = n
        return candidate

    def card_setup(self, name: str) -> CardSetup:
        return self.card_setups(name, 1)[0]

    def card_setups(self, name: str, count: int) -> list[CardSetup]:
        """``count`` cards named ``name``, each with its own id: the spec is looked up and checked
        once (a library holds dozens of the filler card)."""
        spec = card(name)
        self.require_effects(spec)
        return [CardSetup(self.new_id(name), spec) for _ in range(count)]

    def filler(self, count: int) -> list[CardSetup]:
        return self.card_setups(FILLER, count)

    def require_effects(self, spec: CardSpec) -> None:
        # Each effect named once, in the card's order: a Saga has one chapter effect per chapter.
        missing = list(dict.fromkeys(e.key for e in spec.effects if e.key not in self.capabilities.effects))
        if missing:
            raise UnsupportedError(f"{spec.name} needs catalog effect(s) {', '.join(missing)}")

    def add_permanent(self, controller: str, spec: CardSpec, **state: object) -> PermanentSetup:
        self._before_start()
        self.player(controller)
        self.require_effects(spec)
        perm = PermanentSetup(self.new_id(spec.name), spec, controller, **state)  # type: ignore[arg-type]
        self.battlefield.append(perm)
        return perm

    def set_up_permanent(self, text: str, needed_by: str) -> PermanentSetup:
        """The permanent already set up as ``text`` (its id, or its card's name: the first such),
        for a Given step that refers to it."""
        found = next((p for p in self.battlefield if text in (p.id, p.card.name)), None)
        if found is None:
            raise ScenarioError(f"set up {text!r} before {needed_by}")
        return found

    def _before_start(self) -> None:
        if self.started:
            raise ScenarioError("a Given step came after the game had started; put Given steps first")

    # ----------------------------------------------------------------- playing

    def ensure_started(self) -> None:
        if self.started:
            return
        if not self.players:
            self.set_players(["Alice", "Bob"])
        setup = self.setup
        if not setup.active_player:
            setup = replace(setup, active_player=next(iter(self.players)))
        players = []
        for b in self.players.values():
            library = b.library if b.library_set else self.filler(20)
            players.append(
                PlayerSetup(
                    b.name,
                    b.life,
                    tuple(library),
                    tuple(b.hand),
                    tuple(b.graveyard),
                    dict(b.mana_pool),
                    b.lands_played,
                    tuple(b.effects),
                    b.poison,
                    tuple(b.scheme_deck),
                )
            )
        self.setup = replace(setup, players=tuple(players), battlefield=tuple(self.battlefield))
        self.started = True
        self._changed()
        self.engine.start(self.setup)

    def perform(self, action: Action, attempt: bool = False) -> None:
        """Take an action. With ``attempt``, a refusal is recorded for a Then step to check."""
        self.ensure_started()
        self.refusal, self.allowed = None, None
        self._changed()
        try:
            self.engine.perform(action)
        except IllegalActionError as exc:
            if not attempt:
                raise ScenarioError(f"the engine refused {_describe(action)}: {exc}") from exc
            self.refusal = exc
            self.allowed = False
        else:
            self.allowed = True

    # The game as it is, asked of the engine at most once per action: by the adapter's contract
    # only ``start`` and ``perform`` change it, so the steps between two actions share one view
    # and one list of events, each asked for only when a step needs it.

    def view(self) -> GameView:
        self.ensure_started()
        if self._view is None:
            self._view = self.engine.view()
        return self._view

    def events(self) -> list[GameEvent]:
        self.ensure_started()
        if self._events is None:
            self._events = list(self.engine.events())
        return self._events

    def _changed(self) -> None:
        self._view = self._events = None

    def mark_events(self) -> None:
        """Later event checks look only at what happens from now on."""
        self._event_mark = len(self.events())

    def recent_events(self) -> list[GameEvent]:
        return self.events()[self._event_mark :]

    # ----------------------------------------------------------------- finding things

    def permanent(self, text: str) -> PermanentView:
        """Find "Forest", "Forest 2", "Bob's Forest" or "Tawnos's Coffin" on the battlefield."""
        battlefield = self.view().battlefield
        readings = [("", text)]
        if "'s " in text:
            owner, _, name = text.partition("'s ")
            readings.append((owner, name))
        for owner, name in readings:
            found = [p for p in battlefield if (not owner or p.controller == owner) and name in (p.id, p.name)]
            if found:
                return next((p for p in found if p.id == name), found[0])
        raise ScenarioError(f"there is no permanent {text!r} on the battlefield")

    def card_in_hand(self, player: str, name: str) -> str:
        hand = self.view().player(player).hand
        for c in hand:
            if name in (c.id, c.name):
                return c.id
        raise ScenarioError(f"{player} has no {name!r} in hand (hand: {', '.join(c.name for c in hand) or 'empty'})")

    def target(self, text: str) -> str:
        if text in self.players:
            return text
        return self.permanent(text).id

    # ----------------------------------------------------------------- advancing

    def advance(
        self,
        reached: Callable[[list[GameEvent]], bool],
        what: str,
        overran: Callable[[list[GameEvent]], str | None] | None = None,
    ) -> None:
        """Let the players make default choices (pass, no attackers, ...) until ``reached`` is
        true of the events since now (since the game's start, if it starts here), and a
        decision is pending. ``overran`` says, from the same events, how the game went past
        where it should have stopped: then the scenario fails there, not at a later check.
        Both look only at events of the :data:`TURN_BOUNDARIES` kinds: so after a pass with
        none of them, the next decision's default is taken whatever else the game shows, and
        where it is a pass too, an engine that can is asked for both at once."""
        start = len(self.events()) if self.started else 0
        passes_after = _passes_after(self.engine)
        decisions = 0
        while decisions < ADVANCE_LIMIT:
            view = self.view()
            if (view.decision or view.game_over) and reached(self.events()[start:]):
                return
            problem = overran(self.events()[start:]) if overran is not None else None
            if problem is not None:
                raise ScenarioError(f"{problem}; the game is now at {whereabouts(view)}", what, whereabouts(view))
            if view.game_over or view.decision is None:
                raise ScenarioError(f"the game ended (winner: {view.winner}) before {what}")
            self._changed()
            action = self.default_action(view)
            decisions += 1
            if passes_after is None or type(action) is not PassPriority:
                self.engine.perform(action)
            elif passes_after.perform_then_pass(action, TURN_BOUNDARIES) is not None:
                decisions += 1
        raise ScenarioError(f"the game did not reach {what} within {ADVANCE_LIMIT} decisions")

    def default_action(self, view: GameView) -> Action:
        d = view.decision
        assert d is not None
        match d.kind:
            case "priority":
                return PassPriority(d.player)
            case "declare_attackers":
                must = [p.id for p in view.battlefield if p.id in d.options and _has(p, "must_attack")]
                return DeclareAttackers(d.player, tuple(must))
            case "declare_blockers":
                lure = next((p.id for p in view.battlefield if p.attacking and _has(p, "must_be_blocked")), None)
                return DeclareBlockers(d.player, tuple((b, lure) for b in d.options) if lure else ())
            case "untap":
                lands = [p.id for p in view.battlefield if p.id in d.options and "land" in _types(self, p)]
                others = [o for o in d.options if o not in lands]
                return ChooseUntap(d.player, tuple(others + lands[: d.count]))
            case "discard":
                return ChooseDiscard(d.player, d.options[: d.count])
            case "play_or_draw":
                return ChoosePlayOrDraw(d.player, True)
            case "skip_turn":
                return ChooseSkipTurn(d.player, False)
            case "upkeep_payment":
                return PayUpkeep(d.player, True)
            case "order_triggers":
                return OrderTriggers(d.player, d.options)
            case "choose_defender":
                return ChooseDefendingPlayer(d.player, d.options[0])
        raise ScenarioError(f"the engine waits for a decision this suite doesn't know: {d.kind!r}")


def _passes_after(engine: EngineAdapter) -> PassesAfter | None:
    """The engine, where it can take an action and the pass that follows it at once (through the
    wire, an engine that took up the protocol's ``then_pass``; see :class:`PassesAfter`)."""
    return cast(PassesAfter, engine) if callable(getattr(engine, "perform_then_pass", None)) else None


def _types(game: ScenarioGame, p: PermanentView) -> tuple[str, ...]:
    for setup in game.setup.battlefield:
        if setup.id == p.id:
            return setup.card.types
    return card(p.name).types if p.name else ()


def _has(p: PermanentView, effect: str) -> bool:
    try:
        spec = card(p.name)
    except ValueError:
        return False
    return any(e.key == effect for e in spec.effects)


def _describe(action: Action) -> str:
    fields = ", ".join(f"{k}={v!r}" for k, v in vars(action).items())
    return f"{type(action).__name__}({fields})"
