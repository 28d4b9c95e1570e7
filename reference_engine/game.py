"""The game: its state, the turn procedure, and the actions players take.

The turn procedure is a generator (:meth:`Game._procedure`) that runs the game until a
player must decide something, then yields a :class:`Decision`. The public action methods
check that an action is legal for the pending decision and send it into the generator,
so the procedure reads in the order of the rules and never sees an illegal action.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from reference_engine.abilities import (
    UNTIL_END_OF_TURN,
    Activated,
    AtBeginningOf,
    DrawCards,
    Duration,
    Keyword,
    OptionalSkipTurn,
    PlayersSkip,
    Resolution,
    ReturnsHeldCardOnUntap,
    SpellEffect,
    Static,
    TurnPowerBonus,
    UntapLimit,
    Whose,
)
from reference_engine.cards import Card, CardDef, CardType, Permanent
from reference_engine.editions import Edition
from reference_engine.errors import IllegalAction
from reference_engine.events import Event, EventKind
from reference_engine.mana import ManaCost, ManaPool
from reference_engine.turn import MAIN_PHASES, Phase, PhaseTemplate, Priority, Segment, Step

MAXIMUM_HAND_SIZE = 7


class DecisionKind(StrEnum):
    PRIORITY = "priority"
    PLAY_OR_DRAW = "play_or_draw"
    SKIP_TURN = "skip_turn"
    UNTAP = "untap"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    DISCARD = "discard"
    UPKEEP_PAYMENT = "upkeep_payment"


@dataclass(frozen=True)
class Decision:
    kind: DecisionKind
    player: str
    #: The ids a player may choose among (untap, discard, attackers, blockers).
    options: tuple[str, ...] = ()
    #: How many to choose: cards to discard, lands that may untap.
    count: int = 0
    #: Only mana abilities may be used (Mirage untap, beginning of turn and cleanup).
    mana_only: bool = False
    #: Mana abilities may be used while this is pending (priority; a payment, CR 117.1d;
    #: Mirage's skip-a-turn choice between turns, Aahz 07/22/97).
    mana_abilities: bool = False


@dataclass
class PlayerState:
    name: str
    life: int = 20
    library: list[Card] = field(default_factory=list)  # top first
    hand: list[Card] = field(default_factory=list)
    graveyard: list[Card] = field(default_factory=list)
    exile: list[Card] = field(default_factory=list)
    pool: ManaPool = field(default_factory=ManaPool)
    lost: bool = False
    drew_from_empty_library: bool = False
    lands_played: int = 0
    spells_cast: int = 0


@dataclass
class StackItem:
    id: str
    controller: str
    name: str
    kind: str  # spell, ability, trigger, untap, combat_damage
    card: Card | None = None
    resolution: Resolution | None = None
    outcome: Any = None


@dataclass
class PendingTrigger:
    controller: str
    ability: AtBeginningOf
    source: str | None


@dataclass
class PumpEffect:
    target: str
    power: int
    toughness: int
    duration: Duration
    name: str


@dataclass
class SkipEffect:
    player: str
    what: str
    remaining: int
    name: str


@dataclass
class PhaseInstance:
    phase: Phase
    steps: list[Step]
    step_index: int = 0
    extra: bool = False


@dataclass
class _Pass:
    pass


@dataclass
class _PlayLand:
    card: Card


@dataclass
class _Cast:
    card: Card
    targets: tuple[str, ...]


@dataclass
class _ManaAbility:
    permanent: Permanent


@dataclass
class _Activate:
    permanent: Permanent
    ability: Activated


@dataclass
class _Attack:
    attackers: tuple[Permanent, ...]


class _GameOver(Exception):
    """Unwinds the turn procedure when the game ends."""


Procedure = Generator[Decision, Any, None]


class Game:
    """One game of Magic, reduced to what the turn structure needs."""

    def __init__(self, edition: Edition, players: Sequence[str], seed: int = 0) -> None:
        if len(players) < 2 or len(set(players)) != len(players):
            raise ValueError("a game needs two or more players with distinct names")
        self.edition = edition
        self.players: dict[str, PlayerState] = {p: PlayerState(p) for p in players}
        self.battlefield: list[Permanent] = []
        self.stack: list[StackItem] = []
        self.events: list[Event] = []
        self.rng = random.Random(seed)
        self.turn_number = 1
        self.active = players[0]
        self._regular = players[0]  # whose regular turn the current (or last) one was
        self.starting_player = players[0]
        self.plan: list[PhaseInstance] = []
        self.phase_index = 0
        self.segment: Segment | None = None
        self.decision: Decision | None = None
        self.pending_triggers: list[PendingTrigger] = []
        self.delayed: list[PendingTrigger] = []
        self.pumps: list[PumpEffect] = []
        self.skips: list[SkipEffect] = []
        self.extra_turns: list[str] = []
        self.day_night: str | None = None
        self.spells_cast_last_turn = 0
        self.attacks_this_turn = 0
        self.attacks_allowed = 1
        self.over = False
        self.winner: str | None = None
        self._proc: Procedure | None = None
        self._next_id = 0
        self._questions: list[tuple[Resolution, ManaCost]] = []
        self._cleanup_done = False  # Mirage: this turn's damage and effects have already ended
        self._end_of_turn_queue: dict[str, list[PendingTrigger]] | None = None
        self._end_of_turn_closed: set[str] = set()
        self._combat_damage_steps = 0
        self._fired_this_turn: set[tuple[str, str]] = set()

    # ------------------------------------------------------------------ setting up

    def new_id(self, prefix: str) -> str:
        self._next_id += 1
        return f"{prefix}-{self._next_id}"

    def add_card(self, owner: str, zone: str, definition: CardDef, card_id: str | None = None) -> Card:
        card = Card(card_id or self.new_id("card"), owner, definition)
        getattr(self.players[owner], zone).append(card)
        return card

    def add_permanent(
        self,
        controller: str,
        definition: CardDef,
        card_id: str | None = None,
        *,
        owner: str | None = None,
        tapped: bool = False,
        damage: int = 0,
        phased_out: bool = False,
        summoning_sick: bool = False,
        holds: CardDef | None = None,
    ) -> Permanent:
        card = Card(card_id or self.new_id("permanent"), owner or controller, definition)
        permanent = Permanent(
            card,
            controller,
            tapped=tapped,
            damage=damage,
            phased_out=phased_out,
            summoning_sick=summoning_sick,
        )
        if holds is not None:
            permanent.holds = Card(self.new_id("card"), owner or controller, holds)
        self.battlefield.append(permanent)
        return permanent

    def add_delayed_trigger(self, controller: str, trigger: AtBeginningOf) -> None:
        pending = PendingTrigger(controller, trigger, None)
        if self._end_of_turn_queue is not None and trigger.of == "end":
            self._queue_end_of_turn(pending)
        else:
            self.delayed.append(pending)

    def start(
        self,
        *,
        active: str,
        turn_number: int = 1,
        at: Segment | None = None,
        from_game_start: bool = False,
        chooser: str | None = None,
    ) -> None:
        """Begin play: from the game's start (shuffles, the play-or-draw choice, opening hands),
        at the beginning of a turn (``at`` is None), or at the beginning of a part of a turn."""
        self.active = self._regular = active
        self.turn_number = turn_number
        self._proc = self._procedure(at, from_game_start, chooser)
        self._send(None)

    # ------------------------------------------------------------------ reading the state

    def permanent(self, permanent_id: str) -> Permanent:
        for p in self.battlefield:
            if p.id == permanent_id:
                return p
        raise IllegalAction(f"there is no permanent {permanent_id!r} on the battlefield")

    def find_permanent(self, permanent_id: str) -> Permanent | None:
        return next((p for p in self.battlefield if p.id == permanent_id), None)

    def in_play(self) -> list[Permanent]:
        """Phased-in permanents: a phased-out permanent is treated as though it doesn't exist."""
        return [p for p in self.battlefield if not p.phased_out]

    @property
    def priority_player(self) -> str | None:
        if self.decision is not None and self.decision.kind is DecisionKind.PRIORITY:
            return self.decision.player
        return None

    @property
    def current_phase(self) -> PhaseInstance:
        return self.plan[self.phase_index]

    def alive(self) -> list[str]:
        return [p for p, s in self.players.items() if not s.lost]

    def next_player(self, player: str) -> str:
        names = list(self.players)
        i = names.index(player)
        for k in range(1, len(names) + 1):
            candidate = names[(i + k) % len(names)]
            if not self.players[candidate].lost:
                return candidate
        return player

    def apnap(self) -> list[str]:
        order = [self.active]
        while len(order) < len(self.alive()):
            order.append(self.next_player(order[-1]))
        return order

    def defending_player(self) -> str:
        return self.next_player(self.active)

    def power(self, p: Permanent) -> int:
        value = (p.definition.power or 0) + sum(e.power for e in self.pumps if e.target == p.id)
        for bonus in self._statics_of(p.controller, TurnPowerBonus):
            if p.controller == self.active:
                value += bonus.power
        return value

    def toughness(self, p: Permanent) -> int:
        value = (p.definition.toughness or 0) + sum(e.toughness for e in self.pumps if e.target == p.id)
        for bonus in self._statics_of(p.controller, TurnPowerBonus):
            if p.controller != self.active:
                value -= bonus.toughness
        return value

    def has_keyword(self, p: Permanent, keyword: Keyword) -> bool:
        return Static(keyword) in p.definition.abilities

    def maximum_hand_size(self, player: str) -> int | None:
        if any(self.has_keyword(p, Keyword.NO_MAXIMUM_HAND_SIZE) for p in self._controlled(player)):
            return None
        return MAXIMUM_HAND_SIZE

    def _controlled(self, player: str) -> list[Permanent]:
        return [p for p in self.in_play() if p.controller == player]

    def _statics_of(self, player: str, kind: type[Any]) -> list[Any]:
        return [a for p in self._controlled(player) for a in p.definition.abilities if isinstance(a, kind)]

    # ------------------------------------------------------------------ events

    def emit(
        self,
        kind: EventKind,
        player: str | None = None,
        subject: str | None = None,
        amount: int | None = None,
        **detail: str,
    ) -> None:
        segment = self.segment.name if self.segment else ""
        self.events.append(Event(kind, self.turn_number, segment, player, subject, amount, dict(detail)))

    # ------------------------------------------------------------------ the procedure

    def _send(self, answer: object) -> None:
        assert self._proc is not None
        try:
            self.decision = self._proc.send(answer)
        except (StopIteration, _GameOver):
            self.decision = None

    def _procedure(self, at: Segment | None, from_game_start: bool, chooser: str | None) -> Procedure:
        if from_game_start:
            yield from self._start_of_game(chooser)
        first = True
        while True:
            if not first or at is None:
                yield from self._take_turn(None)
            else:
                yield from self._take_turn(at)
            first = False
            yield from self._between_turns()

    def _start_of_game(self, chooser: str | None) -> Procedure:
        self.emit(EventKind.GAME_STARTED)
        for name, state in self.players.items():
            self.rng.shuffle(state.library)
            self.emit(EventKind.LIBRARY_SHUFFLED, name)
        if chooser is None:
            chooser = self.rng.choice(list(self.players))
        play_first = yield Decision(DecisionKind.PLAY_OR_DRAW, chooser, options=("play", "draw"))
        first = chooser if play_first else self.next_player(chooser)
        self.emit(EventKind.PLAY_OR_DRAW_CHOSEN, chooser, "play" if play_first else "draw", starting=first)
        self.starting_player = self.active = self._regular = first
        for name in self.apnap():
            for _ in range(MAXIMUM_HAND_SIZE):
                self.draw(name, "opening hand")

    def _between_turns(self) -> Procedure:
        """Choose who takes the next turn: extra turns first, most recent first (CR 500.7)."""
        self._clear_turn_state()
        while True:
            if self.extra_turns:
                player = self.extra_turns.pop(0)
            else:
                player = self._regular = self.next_player(self._regular)
            if self._consume_skip(player, "turn", EventKind.TURN_SKIPPED):
                continue
            if any(isinstance(a, OptionalSkipTurn) for a in self._abilities_of(player)):
                vaults = [p for p in self._controlled(player) if p.definition.has(OptionalSkipTurn)]
                skip = yield from self._ask(
                    Decision(
                        DecisionKind.SKIP_TURN,
                        player,
                        options=("skip", "take"),
                        mana_abilities=self.edition.mana_between_turns,
                    )
                )
                if skip:
                    self.emit(EventKind.TURN_SKIPPED, player, "turn", reason="chosen")
                    for vault in vaults:
                        self.untap(vault.id, "skipped a turn")
                    continue
            self.active = player
            self.turn_number += 1
            return

    def _abilities_of(self, player: str) -> list[Any]:
        return [a for p in self._controlled(player) for a in p.definition.abilities]

    def _clear_turn_state(self) -> None:
        active = self.players[self.active]
        self.spells_cast_last_turn = active.spells_cast
        for state in self.players.values():
            state.lands_played = 0
            state.spells_cast = 0
        self.attacks_this_turn = 0
        self.attacks_allowed = 1
        self._cleanup_done = False
        self._end_of_turn_closed = set()
        self._fired_this_turn = set()

    def _take_turn(self, at: Segment | None) -> Procedure:
        self.plan = [PhaseInstance(t.phase, list(t.steps)) for t in self.edition.turn_template]
        self.phase_index = 0
        if at is None:
            self.segment = None
            self.emit(EventKind.TURN_BEGAN, self.active, amount=self.turn_number)
            if self.plan[0].phase is not Phase.BEGINNING_OF_TURN:
                self._end_summoning_sickness()
        else:
            self._position_at(at)
        resumed = at is not None
        while self.phase_index < len(self.plan):
            phase = self.current_phase
            if not resumed and self._consume_skip(self.active, phase.phase, EventKind.PHASE_SKIPPED):
                self.phase_index += 1
                continue
            yield from self._run_phase(phase)
            resumed = False
            self.phase_index += 1
        self.segment = None
        self.emit(EventKind.TURN_ENDED, self.active, amount=self.turn_number)

    def _position_at(self, at: Segment) -> None:
        for i, inst in enumerate(self.plan):
            if inst.phase is at.phase:
                self.phase_index = i
                if at.step is not None:
                    inst.step_index = inst.steps.index(at.step)
                return
        raise ValueError(f"{self.edition.name} has no part of the turn {at}")

    def _run_phase(self, inst: PhaseInstance) -> Procedure:
        not_a_phase = inst.phase in self.edition.not_a_phase
        self.segment = Segment(inst.phase, None)
        if not not_a_phase and inst.step_index == 0:
            self.emit(EventKind.PHASE_BEGAN, self.active, inst.phase)
            self._expire(str(inst.phase), at_end=False)
        if not inst.steps:
            yield from self._run_segment(Segment(inst.phase, None))
        while inst.step_index < len(inst.steps):
            step = inst.steps[inst.step_index]
            if self._step_is_skipped(inst, step):
                self.emit(EventKind.STEP_SKIPPED, self.active, step)
            else:
                yield from self._run_segment(Segment(inst.phase, step))
            inst.step_index += 1
        self.segment = Segment(inst.phase, None)
        self._end_phase(inst.phase, not_a_phase)

    def _step_is_skipped(self, inst: PhaseInstance, step: Step) -> bool:
        if (
            step is Step.DRAW
            and self.edition.first_turn_skips_draw_step
            and self.turn_number == 1
            and self.active == self.starting_player
        ):
            return True
        return self._consume_skip(self.active, step, EventKind.STEP_SKIPPED)

    def _consume_skip(self, player: str, what: str, kind: EventKind) -> bool:
        """Apply a skip effect to the turn, phase or step about to begin, if one applies.

        Skipping replaces the part of the turn with nothing (CR 614.10); it is decided just
        before that part would begin (D'Angelo 11/06/96)."""
        for effect in self.skips:
            if effect.player == player and effect.what == what and effect.remaining > 0:
                effect.remaining -= 1
                self.skips = [e for e in self.skips if e.remaining > 0]
                self.emit(kind, player, what, reason=effect.name)
                return True
        for perm in self.in_play():
            for ability in perm.definition.abilities:
                if (
                    isinstance(ability, PlayersSkip)
                    and ability.what == what
                    and (ability.whose is Whose.EACH or perm.controller == player)
                ):
                    self.emit(kind, player, what, reason=perm.name)
                    return True
        return False

    def _end_phase(self, phase: Phase, not_a_phase: bool) -> None:
        if not_a_phase:
            return
        if phase is Phase.COMBAT:
            for p in self.battlefield:
                if p.attacking or p.blocking:
                    self._leave_combat(p)
        self._expire(str(phase), at_end=True)
        if phase is Phase.COMBAT:
            self._expire("combat", at_end=True)
        self._empty_pools()
        self.emit(EventKind.PHASE_ENDED, self.active, phase)
        if self.edition.life_checked_at_end_of_phase:
            self._check_life_totals()

    def _empty_pools(self) -> None:
        for name in self.apnap():
            state = self.players[name]
            lost = state.pool.empty()
            if not lost:
                continue
            self.emit(EventKind.MANA_EMPTIED, name, amount=lost)
            if self.edition.mana_burn:
                self.emit(EventKind.MANA_BURNED, name, amount=lost)
                self.change_life(name, -lost, "mana burn")

    def _run_segment(self, segment: Segment) -> Procedure:
        self.segment = segment
        if segment.step is not None:
            self.emit(EventKind.STEP_BEGAN, self.active, segment.step)
            self._expire(str(segment.step), at_end=False)
        name = segment.name
        priority = self.edition.priority_in(segment)
        if self.edition.five_part_phases:
            yield from self._mirage_segment(segment, priority)
        else:
            yield from self._rules_segment(segment, priority)
        if segment.step is not None:
            self._expire(name, at_end=True)
            if self.edition.mana_empties_after_steps:
                self._empty_pools()
            self.emit(EventKind.STEP_ENDED, self.active, segment.step)

    # --- the Comprehensive Rules' steps

    def _rules_segment(self, segment: Segment, priority: Priority) -> Procedure:
        name = segment.name
        if name == "untap":
            self._phasing()
            if self.edition.has_day_night:
                self._day_night_check()
            yield from self._untap_permanents()
        elif name == "draw":
            self.draw(self.active, "draw step")
        elif name == "declare_attackers":
            yield from self._declare_attackers()
        elif name == "declare_blockers":
            yield from self._declare_blockers()
        elif name == "combat_damage":
            self._combat_damage_step()
        elif name == "cleanup":
            yield from self._cleanup_step()
            return
        self._trigger_beginning_of(name)
        if priority is not Priority.NONE:
            yield from self._priority_window(priority)

    def _cleanup_step(self) -> Procedure:
        while True:
            yield from self._discard_to_hand_size()
            self._end_of_turn_cleanup()
            if not (self._state_based_actions_pending() or self.pending_triggers or self._delayed_due("cleanup")):
                return
            self._trigger_beginning_of("cleanup")
            yield from self._priority_window(Priority.FULL)
            # Another cleanup step follows (CR 514.3a).
            if self.edition.mana_empties_after_steps:
                self._empty_pools()
            self.emit(EventKind.STEP_ENDED, self.active, Step.CLEANUP)
            self.emit(EventKind.STEP_BEGAN, self.active, Step.CLEANUP)

    # --- Mirage's phases: beginning effects, the main body, end effects, mana burn, life check

    def _mirage_segment(self, segment: Segment, priority: Priority) -> Procedure:
        phase = segment.phase
        if phase is Phase.UNTAP:
            self._phasing()
        name = "turn" if phase is Phase.BEGINNING_OF_TURN else str(phase)
        # Continuous effects apply before beginning effects (Aahz 01/14/97): a creature they
        # reduce to 0 toughness is gone before those effects are processed.
        self._state_based_actions()
        yield from self._resolve_directly(self._collect_beginning_of(name))
        if phase is Phase.UNTAP:
            yield from self._announce_untap()
        elif phase is Phase.DRAW:
            if not (self.turn_number == 1 and self.active == self.starting_player):
                self.draw(self.active, "draw phase")
            for source in self.in_play():
                if self.has_keyword(source, Keyword.ADDITIONAL_DRAW):
                    self.draw(self.active, source.name)
        elif phase is Phase.CLEANUP:
            self._end_of_turn_cleanup()
            self._cleanup_done = True
        yield from self._priority_window(priority)
        if phase is Phase.DISCARD:
            yield from self._discard_to_hand_size()
        elif phase is Phase.CLEANUP:
            yield from self._mirage_end_of_turn_effects()
        elif phase is Phase.BEGINNING_OF_TURN:
            self._end_summoning_sickness()

    def _resolve_directly(self, triggers: list[PendingTrigger]) -> Procedure:
        """Mirage: the active player's effects are processed first, then the opponent's."""
        for player in self.apnap():
            for trigger in [t for t in triggers if t.controller == player]:
                yield from self._resolve_trigger(trigger)

    def _mirage_end_of_turn_effects(self) -> Procedure:
        """Mirage cleanup: the active player's "at end of turn" effects, then the opponent's.

        A new effect for a player whose effects are being processed joins them; one for a player
        whose effects are already done is ignored (WotC Rules Team 10/03/96).
        """
        self._end_of_turn_queue = {p: [] for p in self.players}
        for trigger in self._collect_beginning_of("end"):
            self._queue_end_of_turn(trigger)
        for player in self.apnap():
            queue = self._end_of_turn_queue[player]
            while queue:
                yield from self._resolve_trigger(queue.pop(0))
            self._end_of_turn_closed.add(player)
        self._end_of_turn_queue = None

    def _queue_end_of_turn(self, trigger: PendingTrigger) -> None:
        assert self._end_of_turn_queue is not None
        if trigger.controller in self._end_of_turn_closed:
            self.emit(EventKind.TRIGGER_IGNORED, trigger.controller, trigger.ability.name)
            return
        self._end_of_turn_queue[trigger.controller].append(trigger)

    def _resolve_trigger(self, trigger: PendingTrigger) -> Procedure:
        ability = trigger.ability
        self.emit(EventKind.TRIGGERED, trigger.controller, ability.name)
        r = Resolution(trigger.controller, trigger.source, ability.targets, ability.name)
        ability.outcome.apply(self, r)
        self.emit(EventKind.RESOLVED, trigger.controller, ability.name)
        yield from self._answer_questions()
        self._state_based_actions()

    # --- the untap step

    def _phasing(self) -> None:
        """Phasing, simultaneously: the active player's phasers phase out, their phased-out ones in."""
        going_out = [
            p
            for p in self.battlefield
            if p.controller == self.active and not p.phased_out and self.has_keyword(p, Keyword.PHASING)
        ]
        coming_in = [p for p in self.battlefield if p.controller == self.active and p.phased_out]
        for p in going_out:
            p.phased_out = True
            if self.edition.phasing_out_removes_damage:
                p.damage = 0
            self._leave_combat(p)
            self.emit(EventKind.PHASED_OUT, p.controller, p.id)
        for p in coming_in:
            p.phased_out = False
            self.emit(EventKind.PHASED_IN, p.controller, p.id)

    def _day_night_check(self) -> None:
        spells = self.spells_cast_last_turn
        if self.day_night == "day" and spells == 0:
            self.day_night = "night"
        elif self.day_night == "night" and spells >= 2:
            self.day_night = "day"
        else:
            return
        self.emit(EventKind.DAY_NIGHT_CHANGED, subject=self.day_night)

    def _untap_candidates(self) -> list[Permanent]:
        return [p for p in self._controlled(self.active) if p.tapped and not self.has_keyword(p, Keyword.DOESNT_UNTAP)]

    def _land_limit(self) -> int | None:
        limits = [
            a.count for p in self.in_play() if not p.tapped for a in p.definition.abilities if isinstance(a, UntapLimit)
        ]
        return min(limits) if limits else None

    def _optional_untaps(self, candidates: list[Permanent], limit: int | None) -> list[Permanent]:
        return [
            p
            for p in candidates
            if self.has_keyword(p, Keyword.MAY_NOT_UNTAP) or (limit is not None and p.is_type(CardType.LAND))
        ]

    def _choose_untaps(self, candidates: list[Permanent], limit: int | None) -> Generator[Decision, Any, set[str]]:
        """Ask the active player which optional permanents to untap; return the ids chosen."""
        optional = self._optional_untaps(candidates, limit)
        lands = [p for p in optional if p.is_type(CardType.LAND)]
        may_decline = any(self.has_keyword(p, Keyword.MAY_NOT_UNTAP) for p in optional)
        if not may_decline and (limit is None or len(lands) <= limit):
            return {p.id for p in optional}
        chosen = yield Decision(
            DecisionKind.UNTAP,
            self.active,
            tuple(p.id for p in optional),
            count=len(lands) if limit is None else limit,
        )
        return set(chosen)

    def _untap_permanents(self) -> Procedure:
        candidates = self._untap_candidates()
        limit = self._land_limit()
        chosen = yield from self._choose_untaps(candidates, limit)
        optional = {p.id for p in self._optional_untaps(candidates, limit)}
        self._untap_all([p for p in candidates if p.id not in optional or p.id in chosen])

    def _untap_all(self, permanents: list[Permanent]) -> None:
        """Untap simultaneously, then let what untapping releases enter the battlefield."""
        for p in permanents:
            p.tapped = False
        if permanents:
            self.emit(EventKind.UNTAPPED, self.active, ",".join(p.id for p in permanents), amount=len(permanents))
        for p in permanents:
            if p.definition.has(ReturnsHeldCardOnUntap) and p.holds is not None:
                card, p.holds = p.holds, None
                self._enter_battlefield(card, card.owner, tapped=True)

    def _announce_untap(self) -> Procedure:
        """Mirage: the untap is a phase effect; choices are made as it is announced (bethmo 11/07/96)
        and what untaps is checked as it resolves (Aahz 11/01/96)."""
        candidates = self._untap_candidates()
        limit = self._land_limit()
        chosen = yield from self._choose_untaps(candidates, limit)
        optional = {p.id for p in self._optional_untaps(candidates, limit)}
        declined = optional - chosen
        self.emit(EventKind.UNTAP_ANNOUNCED, self.active)
        self.stack.append(
            StackItem(self.new_id("untap"), self.active, "untap", "untap", outcome=(declined, chosen, limit))
        )

    def _untap_decision_forced_by(self, land: Permanent) -> Procedure:
        """Mirage (D'Angelo 11/13/96): a land tapped after the untap was announced, while the untap
        limit is not used up, forces a decision at the first opportunity: as soon as it is tapped."""
        pending = next((i for i in self.stack if i.kind == "untap"), None)
        if pending is None or land.controller != self.active or not land.is_type(CardType.LAND):
            return
        declined, chosen, _ = pending.outcome
        limit = self._land_limit()
        lands_chosen = [i for i in chosen if (p := self.find_permanent(i)) is not None and p.is_type(CardType.LAND)]
        if limit is None or len(lands_chosen) >= limit or land.id in declined | chosen:
            return
        answer = yield Decision(DecisionKind.UNTAP, self.active, (land.id,), count=limit - len(lands_chosen))
        (chosen if land.id in set(answer) else declined).add(land.id)

    def _ask(self, decision: Decision) -> Generator[Decision, Any, Any]:
        """Ask for a decision; mana abilities used meanwhile (if it allows them) are performed."""
        answer = yield decision
        while isinstance(answer, _ManaAbility):
            self._add_mana(answer.permanent)
            answer = yield decision
        return answer

    def _add_mana(self, p: Permanent) -> None:
        p.tapped = True
        assert p.definition.produces is not None
        self.players[p.controller].pool.add(p.definition.produces)
        self.emit(EventKind.MANA_ADDED, p.controller, p.id, amount=1, color=str(p.definition.produces))

    def _resolve_untap(self, declined: set[str], chosen: set[str], limit: int | None) -> Procedure:
        candidates = self._untap_candidates()
        limit = self._land_limit()
        land_ids = {p.id for p in candidates if p.is_type(CardType.LAND)}
        used = len(chosen & land_ids)
        new = [p for p in candidates if p.id not in declined and p.id not in chosen]
        untapping = [p for p in candidates if p.id in chosen]
        if limit is None:
            untapping += [p for p in new if not self.has_keyword(p, Keyword.MAY_NOT_UNTAP)]
        else:
            untapping += [p for p in new if not p.is_type(CardType.LAND)]
            new_lands = [p for p in new if p.is_type(CardType.LAND)]
            if new_lands and used < limit:
                # A decision forced after the announcement is made at the first opportunity.
                more = yield Decision(
                    DecisionKind.UNTAP, self.active, tuple(p.id for p in new_lands), count=limit - used
                )
                untapping += [p for p in new_lands if p.id in set(more)]
        self._untap_all(untapping)

    # --- drawing, life, losing

    def draw(self, player: str, reason: str) -> None:
        state = self.players[player]
        if not state.library:
            state.drew_from_empty_library = True
            self.emit(EventKind.DRAW_FROM_EMPTY_LIBRARY, player, reason=reason)
            if self.edition.empty_library_loses_at_once:
                self.lose(player, "drew from an empty library")
            return
        card = state.library.pop(0)
        state.hand.append(card)
        self.emit(EventKind.CARD_DRAWN, player, card.id, reason=reason)

    def change_life(self, player: str, amount: int, reason: str) -> None:
        if amount == 0:
            return
        self.players[player].life += amount
        self.emit(EventKind.LIFE_CHANGED, player, amount=amount, reason=reason)

    def lose(self, player: str, reason: str) -> None:
        self._lose({player: reason})

    def _lose(self, losers: dict[str, str]) -> None:
        """Players who lose at the same time lose together; if none is left, the game is a draw."""
        for player, reason in losers.items():
            if not self.players[player].lost:
                self.players[player].lost = True
                self.emit(EventKind.PLAYER_LOST, player, reason=reason)
        alive = self.alive()
        if len(alive) <= 1:
            self.over = True
            self.winner = alive[0] if alive else None
            self.emit(EventKind.GAME_OVER, self.winner)
            raise _GameOver

    def _check_life_totals(self) -> None:
        """Mirage: the last part of each phase checks every player's life total (Mirage p. 52)."""
        self._lose({name: "0 or less life" for name in self.apnap() if self.players[name].life <= 0})

    def _state_based_actions_pending(self) -> bool:
        if not self.edition.life_checked_at_end_of_phase and any(self.players[p].life <= 0 for p in self.alive()):
            return True
        if any(self.players[p].drew_from_empty_library for p in self.alive()):
            return True
        return any(self._creature_must_die(p) for p in self.in_play())

    def _creature_must_die(self, p: Permanent) -> bool:
        if not p.is_type(CardType.CREATURE):
            return False
        toughness = self.toughness(p)
        return toughness <= 0 or p.damage >= toughness

    def _state_based_actions(self) -> bool:
        """Perform state-based actions until there are none; say whether any were performed."""
        performed = False
        while self._state_based_actions_pending():
            performed = True
            losers = {}
            for name in self.apnap():
                state = self.players[name]
                if state.drew_from_empty_library:
                    state.drew_from_empty_library = False
                    losers[name] = "drew from an empty library"
                elif state.life <= 0 and not self.edition.life_checked_at_end_of_phase:
                    losers[name] = "0 or less life"
            self._lose(losers)
            for p in [p for p in self.in_play() if self._creature_must_die(p)]:
                if self.toughness(p) > 0 and p.regeneration_shields > 0:
                    self._regenerate(p)
                else:
                    self._destroy(p, "0 or less toughness" if self.toughness(p) <= 0 else "lethal damage")
        return performed

    # --- priority and the stack

    def _priority_window(self, priority: Priority) -> Procedure:
        """Players act in turn order until all pass in succession with the stack empty."""
        if priority is Priority.NONE:
            return
        player = self.active
        passes = 0
        while True:
            self._before_priority()
            action = yield Decision(
                DecisionKind.PRIORITY, player, mana_only=priority is Priority.MANA_ONLY, mana_abilities=True
            )
            if isinstance(action, _Pass):
                self.emit(EventKind.PRIORITY_PASSED, player)
                passes += 1
                if passes < len(self.alive()):
                    player = self.next_player(player)
                    continue
                if not self.stack:
                    return
                yield from self._resolve_top()
                player, passes = self.active, 0
            else:
                yield from self._perform(action)
                passes = 0

    def _before_priority(self) -> None:
        """CR 117.5: state-based actions, then triggered abilities, until neither happens."""
        while True:
            self._state_based_actions()
            if not self.pending_triggers:
                return
            self._put_triggers_on_stack()

    def _put_triggers_on_stack(self) -> None:
        order = self.apnap()
        if self.edition.active_player_effects_resolve_first:
            order.reverse()
        for player in order:
            for trigger in [t for t in self.pending_triggers if t.controller == player]:
                self.emit(EventKind.TRIGGERED, player, trigger.ability.name)
                self.stack.append(
                    StackItem(
                        self.new_id("trigger"),
                        player,
                        trigger.ability.name,
                        "trigger",
                        resolution=Resolution(player, trigger.source, trigger.ability.targets, trigger.ability.name),
                        outcome=trigger.ability.outcome,
                    )
                )
        self.pending_triggers.clear()

    def _resolve_top(self) -> Procedure:
        item = self.stack.pop()
        if item.kind == "untap":
            declined, chosen, limit = item.outcome
            yield from self._resolve_untap(declined, chosen, limit)
        elif item.kind == "combat_damage":
            self._deal_combat_damage(item.outcome)
        elif item.card is not None:
            yield from self._resolve_spell(item)
        else:
            assert item.resolution is not None
            item.outcome.apply(self, item.resolution)
            yield from self._answer_questions()
        self.emit(EventKind.RESOLVED, item.controller, item.name)

    def _resolve_spell(self, item: StackItem) -> Procedure:
        card = item.card
        assert card is not None and item.resolution is not None
        definition = card.definition
        if definition.is_permanent:
            self._enter_battlefield(card, item.controller)
            return
        for ability in definition.abilities:
            if isinstance(ability, SpellEffect):
                ability.outcome.apply(self, item.resolution)
                yield from self._answer_questions()
        self.players[card.owner].graveyard.append(card)

    def _answer_questions(self) -> Procedure:
        while self._questions:
            r, cost = self._questions.pop(0)
            pay = yield from self._ask(
                Decision(DecisionKind.UPKEEP_PAYMENT, r.controller, options=("pay", "decline"), mana_abilities=True)
            )
            pool = self.players[r.controller].pool
            if pay and pool.can_pay(cost):
                pool.pay(cost)
                self.emit(EventKind.RESOLVED, r.controller, r.name, paid="yes")
            elif r.source is not None and self.find_permanent(r.source) is not None:
                permanent = self.permanent(r.source)
                self._move_to_graveyard(permanent)
                self.emit(EventKind.SACRIFICED, r.controller, permanent.id)

    def ask_upkeep_payment(self, r: Resolution, cost: ManaCost) -> None:
        self._questions.append((r, cost))

    def _perform(self, action: object) -> Procedure:
        if isinstance(action, _ManaAbility):
            self._add_mana(action.permanent)
            yield from self._untap_decision_forced_by(action.permanent)
        elif isinstance(action, _PlayLand):
            state = self.players[action.card.owner]
            state.hand.remove(action.card)
            state.lands_played += 1
            self.emit(EventKind.LAND_PLAYED, action.card.owner, action.card.id)
            self._enter_battlefield(action.card, action.card.owner)
        elif isinstance(action, _Cast):
            self._cast(action.card, action.targets)
        elif isinstance(action, _Activate):
            self._activate(action.permanent, action.ability)
        elif isinstance(action, _Attack):
            yield from self._mirage_attack(action.attackers)

    def _cast(self, card: Card, targets: tuple[str, ...]) -> None:
        state = self.players[card.owner]
        state.hand.remove(card)
        state.pool.pay(card.definition.cost)
        state.spells_cast += 1
        self.stack.append(
            StackItem(
                self.new_id("spell"),
                card.owner,
                card.name,
                "spell",
                card=card,
                resolution=Resolution(card.owner, card.id, targets, card.name),
            )
        )
        self.emit(EventKind.SPELL_CAST, card.owner, card.id, targets=",".join(targets))

    def _activate(self, permanent: Permanent, ability: Activated) -> None:
        self.players[permanent.controller].pool.pay(ability.cost)
        if ability.tap:
            permanent.tapped = True
        targets = (permanent.id,) if ability.targets_self else ()
        self.stack.append(
            StackItem(
                self.new_id("ability"),
                permanent.controller,
                permanent.name,
                "ability",
                resolution=Resolution(permanent.controller, permanent.id, targets, permanent.name),
                outcome=ability.outcome,
            )
        )
        self.emit(EventKind.ABILITY_ACTIVATED, permanent.controller, permanent.id)

    # --- triggered abilities

    def _collect_beginning_of(self, name: str) -> list[PendingTrigger]:
        names = {name}
        if name == "upkeep" and self.plan[0].phase is not Phase.BEGINNING_OF_TURN:
            names.add("turn")  # "at the beginning of your turn" now reads "... of your upkeep"
        if name in {Phase.PRECOMBAT_MAIN, Phase.POSTCOMBAT_MAIN}:
            names.add("main")  # "at the beginning of your main phase": each of them
        found = []
        for p in self.in_play():
            for a in p.definition.abilities:
                if (
                    isinstance(a, AtBeginningOf)
                    and a.of in names
                    and (a.whose is Whose.EACH or p.controller == self.active)
                    and not (a.first_each_turn and (p.id, a.of) in self._fired_this_turn)
                ):
                    self._fired_this_turn.add((p.id, a.of))
                    found.append(PendingTrigger(p.controller, a, p.id))
        for d in list(self.delayed):
            if d.ability.of == name and (d.ability.whose is Whose.EACH or d.controller == self.active):
                found.append(d)
                if d.ability.once:
                    self.delayed.remove(d)
        if name == "draw" and self.edition.additional_draws_trigger:
            for p in self.in_play():
                if self.has_keyword(p, Keyword.ADDITIONAL_DRAW):
                    draw = DrawCards(1, player=self.active)
                    ability = AtBeginningOf("draw", draw, Whose.EACH, f"{p.name}: additional draw")
                    found.append(PendingTrigger(p.controller, ability, p.id))
        return found

    def _delayed_due(self, name: str) -> bool:
        return any(d.ability.of == name for d in self.delayed)

    def _trigger_beginning_of(self, name: str) -> None:
        self.pending_triggers.extend(self._collect_beginning_of(name))

    # --- effects with durations

    def add_pump(self, target: str, power: int, toughness: int, duration: Duration, name: str) -> None:
        if self.find_permanent(target) is None:
            return
        self.pumps.append(PumpEffect(target, power, toughness, duration, name))
        self.emit(EventKind.EFFECT_STARTED, subject=target, effect=name, until=self._describe(duration))
        if self._cleanup_done and duration == UNTIL_END_OF_TURN:
            # Mirage p. 48: an "until end of turn" effect begun in cleanup starts and ends at once.
            self._expire_pumps([self.pumps[-1]])

    @staticmethod
    def _describe(duration: Duration) -> str:
        return f"{'end of ' if duration.at_end else ''}{duration.of}"

    def _expire(self, name: str, at_end: bool) -> None:
        self._expire_pumps([e for e in self.pumps if e.duration == Duration(name, at_end)])

    def _expire_pumps(self, ending: list[PumpEffect]) -> None:
        for e in ending:
            self.pumps.remove(e)
            self.emit(EventKind.EFFECT_ENDED, subject=e.target, effect=e.name)

    def _end_of_turn_cleanup(self) -> None:
        """Damage wears off and "until end of turn" effects end, simultaneously (CR 514.2)."""
        for p in self.battlefield:
            if p.damage:
                self.emit(EventKind.DAMAGE_REMOVED, p.controller, p.id, amount=p.damage)
                p.damage = 0
        self._expire("turn", at_end=True)
        for p in self.battlefield:
            p.regeneration_shields = 0

    def _discard_to_hand_size(self) -> Procedure:
        maximum = self.maximum_hand_size(self.active)
        hand = self.players[self.active].hand
        if maximum is None or len(hand) <= maximum:
            return
        count = len(hand) - maximum
        chosen = yield Decision(DecisionKind.DISCARD, self.active, tuple(c.id for c in hand), count=count)
        for card in [c for c in hand if c.id in set(chosen)]:
            hand.remove(card)
            self.players[card.owner].graveyard.append(card)
            self.emit(EventKind.DISCARDED, self.active, card.id)

    # --- turns, phases and steps that effects add or skip

    def add_extra_turn(self, player: str, name: str) -> None:
        self.extra_turns.insert(0, player)
        self.emit(EventKind.EXTRA_TURN_ADDED, player, name)

    def add_combat_and_main_phase(self, name: str) -> None:
        combat = next((t for t in self.edition.turn_template if t.phase is Phase.COMBAT), None)
        if combat is None:
            self.attacks_allowed += 1  # Mirage: an additional attack
            self.emit(EventKind.PHASE_ADDED, self.active, "attack", effect=name)
            return
        new = [
            PhaseInstance(Phase.COMBAT, list(combat.steps), extra=True),
            PhaseInstance(Phase.POSTCOMBAT_MAIN, [], extra=True),
        ]
        self.plan[self.phase_index + 1 : self.phase_index + 1] = new
        self.emit(EventKind.PHASE_ADDED, self.active, Phase.COMBAT, effect=name)
        self.emit(EventKind.PHASE_ADDED, self.active, Phase.POSTCOMBAT_MAIN, effect=name)

    def add_step_after_current(self, step: str, name: str) -> None:
        phase = self.current_phase
        if not phase.steps:
            # Mirage's turn has no steps: the additional part of the turn is a phase of that name.
            self.plan.insert(self.phase_index + 1, PhaseInstance(Phase(step), [], extra=True))
            self.emit(EventKind.PHASE_ADDED, self.active, step, effect=name)
            return
        phase.steps.insert(phase.step_index + 1, Step(step))
        self.emit(EventKind.STEP_ADDED, self.active, step, effect=name)

    def add_skip(self, player: str, what: str, count: int, name: str) -> None:
        self.skips.append(SkipEffect(player, what, count, name))

    # --- permanents

    def tap(self, permanent_id: str, reason: str) -> None:
        p = self.find_permanent(permanent_id)
        if p is not None and not p.tapped:
            p.tapped = True
            self.emit(EventKind.TAPPED, p.controller, p.id, reason=reason)

    def untap(self, permanent_id: str, reason: str) -> None:
        p = self.find_permanent(permanent_id)
        if p is not None and p.tapped:
            p.tapped = False
            self.emit(EventKind.UNTAPPED, p.controller, p.id, amount=1, reason=reason)

    def gain_control(self, player: str, permanent_id: str, reason: str) -> None:
        p = self.find_permanent(permanent_id)
        if p is None or p.controller == player:
            return
        self._leave_combat(p)
        p.controller = player
        p.summoning_sick = True
        self.emit(EventKind.CONTROL_CHANGED, player, p.id, reason=reason)

    def _end_summoning_sickness(self) -> None:
        for p in self.battlefield:
            if p.controller == self.active and p.summoning_sick:
                p.summoning_sick = False
                self.emit(EventKind.SUMMONING_SICKNESS_ENDED, p.controller, p.id)

    def _enter_battlefield(self, card: Card, controller: str, tapped: bool = False) -> None:
        self.battlefield.append(Permanent(card, controller, tapped=tapped, summoning_sick=True))
        self.emit(EventKind.ENTERED_BATTLEFIELD, controller, card.id, tapped="yes" if tapped else "no")

    def deal_damage(self, target: str, amount: int, source: str) -> None:
        if target in self.players:
            self.emit(EventKind.DAMAGE_DEALT, target, target, amount=amount, source=source)
            self.change_life(target, -amount, source)
            return
        p = self.find_permanent(target)
        if p is None or p.phased_out:
            return
        p.damage += amount
        self.emit(EventKind.DAMAGE_DEALT, p.controller, p.id, amount=amount, source=source)
        if self._cleanup_done and not self._creature_must_die(p):
            # Fifth Edition p. 54: damage dealt in cleanup that doesn't kill is removed at once.
            p.damage = 0
            self.emit(EventKind.DAMAGE_REMOVED, p.controller, p.id, amount=amount)

    def add_regeneration_shield(self, permanent_id: str) -> None:
        p = self.find_permanent(permanent_id)
        if p is not None:
            p.regeneration_shields += 1

    def _regenerate(self, p: Permanent) -> None:
        p.regeneration_shields -= 1
        p.damage = 0
        p.tapped = True
        self._leave_combat(p)
        self.emit(EventKind.REGENERATED, p.controller, p.id)

    def _destroy(self, p: Permanent, reason: str) -> None:
        self._move_to_graveyard(p)
        self.emit(EventKind.DIED, p.controller, p.id, reason=reason)

    def _move_to_graveyard(self, p: Permanent) -> None:
        self._leave_combat(p)
        self.battlefield.remove(p)
        self.pumps = [e for e in self.pumps if e.target != p.id]
        self.players[p.card.owner].graveyard.append(p.card)

    def remove_from_combat(self, permanent_id: str, reason: str) -> None:
        p = self.find_permanent(permanent_id)
        if p is not None:
            self._leave_combat(p, reason)

    def _leave_combat(self, p: Permanent, reason: str = "") -> None:
        if not (p.attacking or p.blocking):
            return
        in_phase = self.segment is not None and self.segment.phase is Phase.COMBAT
        p.attacking = False
        p.blocking = None
        p.blocked = False
        if in_phase or reason:
            self.emit(EventKind.REMOVED_FROM_COMBAT, p.controller, p.id, reason=reason)

    # --- combat

    def can_attack(self, p: Permanent) -> bool:
        return (
            p.controller == self.active
            and not p.phased_out
            and p.is_type(CardType.CREATURE)
            and not p.tapped
            and (not p.summoning_sick or self.has_keyword(p, Keyword.HASTE))
        )

    def _check_attack(self, attackers: Iterable[Permanent]) -> None:
        chosen = list(attackers)
        for p in chosen:
            if not self.can_attack(p):
                raise IllegalAction(f"{p.id} can't attack")
        must = [
            p for p in self._controlled(self.active) if self.has_keyword(p, Keyword.MUST_ATTACK) and self.can_attack(p)
        ]
        missing = [p.id for p in must if p not in chosen]
        if missing:
            raise IllegalAction(f"{', '.join(missing)} must attack if able")

    def _declare_attackers(self) -> Procedure:
        options = tuple(p.id for p in self._controlled(self.active) if self.can_attack(p))
        chosen = yield Decision(DecisionKind.DECLARE_ATTACKERS, self.active, options)
        attackers = [self.permanent(i) for i in chosen]
        self._attack_with(attackers)
        if not attackers:
            # CR 506.1 / 508.8: no attackers, so no declare blockers or combat damage step.
            phase = self.current_phase
            skipped = {Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE}
            for step in [s for s in phase.steps[phase.step_index + 1 :] if s in skipped]:
                self.emit(EventKind.STEP_SKIPPED, self.active, step, reason="no attackers")
            phase.steps = phase.steps[: phase.step_index + 1] + [
                s for s in phase.steps[phase.step_index + 1 :] if s not in skipped
            ]

    def _attack_with(self, attackers: list[Permanent]) -> None:
        for p in attackers:
            p.tapped = True
            p.attacking = True
        self.attacks_this_turn += 1
        self.emit(
            EventKind.ATTACKERS_DECLARED,
            self.active,
            ",".join(p.id for p in attackers),
            amount=len(attackers),
        )

    def _declare_blockers(self) -> Procedure:
        defender = self.defending_player()
        options = tuple(p.id for p in self._controlled(defender) if p.is_type(CardType.CREATURE) and not p.tapped)
        pairs: Sequence[tuple[str, str]] = yield Decision(DecisionKind.DECLARE_BLOCKERS, defender, options)
        for blocker_id, attacker_id in pairs:
            blocker, attacker = self.permanent(blocker_id), self.permanent(attacker_id)
            blocker.blocking = attacker.id
            attacker.blocked = True
        self.emit(EventKind.BLOCKERS_DECLARED, defender, ",".join(f"{b}>{a}" for b, a in pairs), amount=len(pairs))

    def _double(self, p: Permanent) -> bool:
        return self.has_keyword(p, Keyword.DOUBLE_STRIKE)

    def _strikes_first(self, p: Permanent) -> bool:
        return self.has_keyword(p, Keyword.FIRST_STRIKE) or self.has_keyword(p, Keyword.DOUBLE_STRIKE)

    def _combat_damage_step(self) -> None:
        fighters = [p for p in self.in_play() if p.attacking or p.blocking]
        phase = self.current_phase
        first_of_two = self._combat_damage_steps == 0 and any(self._strikes_first(p) for p in fighters)
        if first_of_two:
            phase.steps.insert(phase.step_index + 1, Step.COMBAT_DAMAGE)
            dealing = [p for p in fighters if self._strikes_first(p)]
            self._combat_damage_steps = 1
        elif self._combat_damage_steps == 1:
            dealing = [p for p in fighters if not self._strikes_first(p) or self.has_keyword(p, Keyword.DOUBLE_STRIKE)]
            self._combat_damage_steps = 0
        else:
            dealing = fighters
        assignment = self._assign_combat_damage(dealing)
        if self.edition.combat_damage_uses_stack:
            self.stack.append(
                StackItem(self.new_id("damage"), self.active, "combat damage", "combat_damage", outcome=assignment)
            )
        else:
            self._deal_combat_damage(assignment)

    def _assign_combat_damage(self, dealing: list[Permanent]) -> list[tuple[str, str, int]]:
        assignment: list[tuple[str, str, int]] = []
        for p in dealing:
            power = self.power(p)
            if power <= 0:
                continue
            if p.attacking:
                blockers = [b for b in self.in_play() if b.blocking == p.id]
                if not p.blocked:
                    assignment.append((p.id, self.defending_player(), power))
                for b in blockers:
                    share = power if b is blockers[-1] else min(power, max(0, self.toughness(b) - b.damage))
                    if share:
                        assignment.append((p.id, b.id, share))
                    power -= share
            elif p.blocking:
                assignment.append((p.id, p.blocking, power))
        return assignment

    def _deal_combat_damage(self, assignment: list[tuple[str, str, int]]) -> None:
        for source, target, amount in assignment:
            if self.find_permanent(source) is not None:
                self.deal_damage(target, amount, source)

    def _mirage_attack(self, attackers: tuple[Permanent, ...]) -> Procedure:
        """Mirage: an attack is declared from the main phase, blocked, and damage is dealt."""
        self._attack_with(list(attackers))
        yield from self._declare_blockers()
        fighters = [p for p in self.in_play() if p.attacking or p.blocking]
        first = [p for p in fighters if self._strikes_first(p)]
        if first:  # first strikers deal their damage before the others
            self._deal_combat_damage(self._assign_combat_damage(first))
            self._state_based_actions()
        rest = [p for p in self.in_play() if (p.attacking or p.blocking) and (p not in first or self._double(p))]
        self._deal_combat_damage(self._assign_combat_damage(rest))
        self._state_based_actions()
        for p in self.battlefield:
            self._leave_combat(p)

    # ------------------------------------------------------------------ actions

    def _expect(self, kind: DecisionKind, player: str) -> Decision:
        if self.over:
            raise IllegalAction("the game is over")
        d = self.decision
        if d is None or d.kind is not kind or d.player != player:
            waiting = f"{d.player} to decide {d.kind}" if d else "nothing"
            raise IllegalAction(f"{player} can't do that now: the game is waiting for {waiting}")
        return d

    def pass_priority(self, player: str) -> None:
        self._expect(DecisionKind.PRIORITY, player)
        mirage_main = self.segment is not None and self.segment.phase is Phase.MAIN
        may_attack = self.attacks_this_turn < self.attacks_allowed
        if mirage_main and player == self.active and not self.stack and may_attack:
            # Mirage p. 48: a creature that must attack obliges its controller to declare an attack.
            self._check_attack(())
        self._send(_Pass())

    def _hand_card(self, player: str, card_id: str) -> Card:
        for card in self.players[player].hand:
            if card.id == card_id:
                return card
        raise IllegalAction(f"{player} has no card {card_id!r} in hand")

    def _can_act_at_sorcery_speed(self, player: str, what: str) -> None:
        assert self.segment is not None
        if player != self.active or self.segment.phase not in MAIN_PHASES or self.stack:
            raise IllegalAction(f"{player} may {what} only in their own main phase with an empty stack")

    def play_land(self, player: str, card_id: str) -> None:
        decision = self._expect(DecisionKind.PRIORITY, player)
        card = self._hand_card(player, card_id)
        if CardType.LAND not in card.definition.types:
            raise IllegalAction(f"{card.name} is not a land")
        if decision.mana_only:
            raise IllegalAction("only mana sources may be used now")
        self._can_act_at_sorcery_speed(player, "play a land")
        allowed = 1 + sum(1 for p in self._controlled(player) if self.has_keyword(p, Keyword.ADDITIONAL_LAND))
        if self.players[player].lands_played >= allowed:
            raise IllegalAction(f"{player} has already played {allowed} land(s) this turn")
        self._send(_PlayLand(card))

    def cast(self, player: str, card_id: str, targets: Sequence[str] = ()) -> None:
        decision = self._expect(DecisionKind.PRIORITY, player)
        card = self._hand_card(player, card_id)
        definition = card.definition
        if CardType.LAND in definition.types:
            raise IllegalAction("a land is played, not cast")
        if decision.mana_only:
            raise IllegalAction("only mana sources may be used now")
        if CardType.INSTANT not in definition.types:
            self._can_act_at_sorcery_speed(player, f"cast {card.name}")
        effect = next((a for a in definition.abilities if isinstance(a, SpellEffect)), None)
        wanted = effect.targets if effect else 0
        if len(targets) != wanted:
            raise IllegalAction(f"{card.name} needs {wanted} target(s)")
        for t in targets:
            if t not in self.players and (self.find_permanent(t) is None or self.permanent(t).phased_out):
                raise IllegalAction(f"{t!r} is not a legal target")
        if not self.players[player].pool.can_pay(definition.cost):
            raise IllegalAction(f"{player} can't pay for {card.name}")
        self._send(_Cast(card, tuple(targets)))

    def _own_permanent(self, player: str, permanent_id: str) -> Permanent:
        p = self.permanent(permanent_id)
        if p.controller != player or p.phased_out:
            raise IllegalAction(f"{player} doesn't control {permanent_id}")
        return p

    def activate_mana_ability(self, player: str, permanent_id: str) -> None:
        d = self.decision
        if self.over or d is None or d.player != player or not d.mana_abilities:
            waiting = f"{d.player} to decide {d.kind}" if d else "nothing"
            raise IllegalAction(f"{player} can't use a mana ability now: the game is waiting for {waiting}")
        p = self._own_permanent(player, permanent_id)
        if p.definition.produces is None:
            raise IllegalAction(f"{p.name} has no mana ability")
        if p.tapped:
            raise IllegalAction(f"{p.name} is tapped")
        self._send(_ManaAbility(p))

    def activate_ability(self, player: str, permanent_id: str) -> None:
        decision = self._expect(DecisionKind.PRIORITY, player)
        p = self._own_permanent(player, permanent_id)
        ability = next((a for a in p.definition.abilities if isinstance(a, Activated)), None)
        if ability is None:
            raise IllegalAction(f"{p.name} has no activated ability")
        if decision.mana_only:
            raise IllegalAction("only mana sources may be used now")
        if ability.only_during is not None:
            assert self.segment is not None
            if player != self.active or self.segment.name != ability.only_during:
                raise IllegalAction(f"{p.name} may be activated only during its controller's {ability.only_during}")
        if ability.tap and (p.tapped or (p.summoning_sick and p.is_type(CardType.CREATURE))):
            raise IllegalAction(f"{p.name} can't be tapped now")
        if not self.players[player].pool.can_pay(ability.cost):
            raise IllegalAction(f"{player} can't pay for {p.name}'s ability")
        self._send(_Activate(p, ability))

    def declare_attackers(self, player: str, attackers: Sequence[str]) -> None:
        chosen = [self.permanent(a) for a in attackers]
        if self.edition.attacks_from_main_phase:
            decision = self._expect(DecisionKind.PRIORITY, player)
            if decision.mana_only:
                raise IllegalAction("only mana sources may be used now")
            self._can_act_at_sorcery_speed(player, "declare an attack")
            if self.attacks_this_turn >= self.attacks_allowed:
                raise IllegalAction(f"{player} has already attacked this turn")
            if not chosen:
                raise IllegalAction("an attack needs at least one creature")
            self._check_attack(chosen)
            self._send(_Attack(tuple(chosen)))
            return
        self._expect(DecisionKind.DECLARE_ATTACKERS, player)
        self._check_attack(chosen)
        self._send(list(attackers))

    def declare_blockers(self, player: str, blocks: Sequence[tuple[str, str]]) -> None:
        decision = self._expect(DecisionKind.DECLARE_BLOCKERS, player)
        used = set()
        for blocker, attacker in blocks:
            if blocker not in decision.options or blocker in used:
                raise IllegalAction(f"{blocker} can't block")
            if not self.permanent(attacker).attacking:
                raise IllegalAction(f"{attacker} is not attacking")
            used.add(blocker)
        self._send(list(blocks))

    def choose_untap(self, player: str, permanents: Sequence[str]) -> None:
        decision = self._expect(DecisionKind.UNTAP, player)
        chosen = set(permanents)
        if not chosen <= set(decision.options):
            raise IllegalAction(f"{player} may choose only among {', '.join(decision.options)}")
        lands = [i for i in chosen if self.permanent(i).is_type(CardType.LAND)]
        if self._land_limit() is not None and len(lands) > decision.count:
            raise IllegalAction(f"{player} may untap no more than {decision.count} land(s)")
        self._send(sorted(chosen))

    def choose_discard(self, player: str, cards: Sequence[str]) -> None:
        decision = self._expect(DecisionKind.DISCARD, player)
        if len(set(cards)) != decision.count or not set(cards) <= set(decision.options):
            raise IllegalAction(f"{player} must discard exactly {decision.count} card(s) from hand")
        self._send(list(cards))

    def choose_play_first(self, player: str, play_first: bool) -> None:
        self._expect(DecisionKind.PLAY_OR_DRAW, player)
        self._send(play_first)

    def choose_skip_turn(self, player: str, skip: bool) -> None:
        self._expect(DecisionKind.SKIP_TURN, player)
        self._send(skip)

    def pay_upkeep(self, player: str, pay: bool) -> None:
        self._expect(DecisionKind.UPKEEP_PAYMENT, player)
        self._send(pay)


__all__ = ["Decision", "DecisionKind", "Game", "PhaseTemplate"]
