"""The game's state and what can be read from it, with no rules in motion."""

from __future__ import annotations

import random
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from reference_engine.abilities import (
    Activated,
    AtBeginningOf,
    Chapter,
    Duration,
    Ending,
    Keyword,
    Outcome,
    Resolution,
    SetInMotion,
    Static,
    TurnPowerBonus,
    Visit,
    When,
    Whenever,
)
from reference_engine.cards import Card, CardDef, CardType, Permanent
from reference_engine.editions import Edition
from reference_engine.errors import IllegalAction, Refusal
from reference_engine.events import Event, EventKind
from reference_engine.mana import ManaCost, ManaPool
from reference_engine.turn import Phase, Segment, Step


class DecisionKind(StrEnum):
    PRIORITY = "priority"
    PLAY_OR_DRAW = "play_or_draw"
    SKIP_TURN = "skip_turn"
    UNTAP = "untap"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    DISCARD = "discard"
    UPKEEP_PAYMENT = "upkeep_payment"
    ORDER_TRIGGERS = "order_triggers"
    CHOOSE_DEFENDER = "choose_defender"


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
    poison: int = 0
    #: The archenemy's scheme deck, top first (CR 904); other players have none.
    scheme_deck: list[Card] = field(default_factory=list)
    #: Schemes set in motion, face up in the command zone (CR 701.32).
    command: list[Card] = field(default_factory=list)

    @property
    def card_zones(self) -> tuple[list[Card], ...]:
        """The zones of the player's own cards and tokens, besides the battlefield, the stack and the command zone."""
        return (self.library, self.hand, self.graveyard, self.exile)


@dataclass
class PendingTrigger:
    controller: str
    ability: AtBeginningOf | Whenever | When | Chapter | SetInMotion | Visit
    source: str | None


@dataclass
class StackItem:
    id: str
    controller: str
    name: str
    kind: str  # spell, ability, trigger, untap, combat_damage
    card: Card | None = None
    resolution: Resolution | None = None
    outcome: Any = None
    #: The triggered ability this item is, if it is one (a state trigger waits for it, CR 603.8).
    trigger: PendingTrigger | None = None


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
    #: What the player does after skipping: the first thing of the next part of the game (CR 614.10b).
    then: Outcome | None = None


#: Points of a combat phase, in order, for spells cast only before or after one (CR 506.7).
COMBAT_POINTS = {"combat": 0, "attackers": 1, "blockers": 2, "combat_damage": 3, "end_of_combat": 4}
_STEP_POINTS = {
    Step.BEGINNING_OF_COMBAT: 0,
    Step.DECLARE_ATTACKERS: 1,
    Step.DECLARE_BLOCKERS: 2,
    Step.COMBAT_DAMAGE: 3,
    Step.END_OF_COMBAT: 4,
}
_OVER = 5


@dataclass
class CombatProgress:
    """How far this turn's combat has gone: its first combat phase (CR 506.7d) and the current one.

    On one scale: -1 not begun, 0 the combat phase began, 1 to 4 the declare attackers, declare
    blockers, combat damage and end of combat steps began, 5 over (or skipped, CR 506.7e).
    """

    first: int = -1
    current: int = -1
    blockers_skipped: bool = False

    def phase_began(self) -> None:
        self.current, self.blockers_skipped = 0, False
        self.first = max(self.first, 0) if self.first < _OVER else self.first

    def step_began(self, step: Step) -> None:
        point = _STEP_POINTS[step]
        self.current = point
        if self.first < _OVER:
            self.first = max(self.first, point)

    def phase_over(self) -> None:
        self.current, self.first = -1, _OVER

    def allows(self, when: str, in_combat: bool) -> bool:
        """Whether a spell cast only ``when`` (e.g. ``before_blockers``) may be cast now."""
        if when == "during_combat":
            return in_combat
        if when == "during_combat_before_blockers":
            return in_combat and self.current < COMBAT_POINTS["blockers"]
        if when == "during_combat_after_blockers":  # CR 506.7f: not if the step was skipped
            return in_combat and self.current >= COMBAT_POINTS["blockers"] and not self.blockers_skipped
        relation, _, point = when.partition("_")
        index = COMBAT_POINTS[point]
        if point == "combat" and relation == "after":
            return self.first >= _OVER
        return self.first < index if relation == "before" else self.first >= index


@dataclass
class PhaseInstance:
    phase: Phase
    steps: list[Step]
    step_index: int = 0
    extra: bool = False
    #: Steps of this phase that are skipped: those an added phase wasn't created for (CR 500.10).
    skipped: frozenset[Step] = frozenset()


@dataclass
class PassAction:
    pass


@dataclass
class PlayLandAction:
    card: Card


@dataclass
class CastAction:
    card: Card
    targets: tuple[str, ...]


@dataclass
class ManaAbilityAction:
    permanent: Permanent


@dataclass
class ActivateAction:
    permanent: Permanent
    ability: Activated


@dataclass
class AttackAction:
    attackers: tuple[Permanent, ...]
    #: Attackers whose optional cost to attack is paid (CR 508.1g).
    optional_costs: tuple[Permanent, ...] = ()
    #: Attackers attacking a planeswalker, by id, and its id (CR 508.1b); the others attack the defending player.
    attacked: dict[str, str] = field(default_factory=dict)


class GameOver(Exception):
    """Unwinds the turn procedure when the game ends."""


Procedure = Generator[Decision, Any, None]


class GameState:
    """One game of Magic, reduced to what the turn structure needs: its state."""

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
        #: Skips done whose "then" action waits for the next turn, phase or step to begin (CR 614.10b).
        self.after_skips: list[tuple[Outcome, Resolution]] = []
        self.extra_turns: list[str] = []
        self.day_night: str | None = None
        self.spells_cast_last_turn = 0
        self.attacks_this_turn = 0
        self.attacks_allowed = 1
        #: Main phases that have begun this turn: "your second main phase" counts them (CR 505.1b).
        self.main_phases_this_turn = 0
        #: An effect is ending the turn or the combat phase (CR 723); the procedure skips ahead.
        self.ending: Ending | None = None
        self.combat = CombatProgress()
        self.defender: str | None = None
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
        token: bool = False,
        counters: dict[str, int] | None = None,
        attached_to: str | None = None,
    ) -> Permanent:
        card = Card(card_id or self.new_id("permanent"), owner or controller, definition, token=token)
        permanent = Permanent(
            card,
            controller,
            tapped=tapped,
            damage=damage,
            phased_out=phased_out,
            summoning_sick=summoning_sick,
            counters={kind: n for kind, n in (counters or {}).items() if n > 0},
            attached_to=attached_to,
        )
        if holds is not None:
            permanent.holds = Card(self.new_id("card"), owner or controller, holds)
        self.battlefield.append(permanent)
        return permanent

    def permanent(self, permanent_id: str) -> Permanent:
        for p in self.battlefield:
            if p.id == permanent_id:
                return p
        raise IllegalAction(f"there is no permanent {permanent_id!r} on the battlefield", Refusal.NO_SUCH_OBJECT)

    def find_permanent(self, permanent_id: str) -> Permanent | None:
        return next((p for p in self.battlefield if p.id == permanent_id), None)

    def in_play(self) -> list[Permanent]:
        """Phased-in permanents: a phased-out permanent is treated as though it doesn't exist."""
        return [p for p in self.battlefield if not p.phased_out]

    @property
    def current_phase(self) -> PhaseInstance:
        return self.plan[self.phase_index]

    @property
    def in_combat(self) -> bool:
        """Whether the game is in a combat phase."""
        return self.segment is not None and self.segment.phase is Phase.COMBAT

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
        for _ in range(len(self.alive()) - 1):
            order.append(self.next_player(order[-1]))
        return order

    def defending_player(self) -> str:
        """The player chosen at the beginning of combat (CR 507.1); in two-player games, the opponent."""
        if self.defender is not None and not self.players[self.defender].lost:
            return self.defender
        return self.next_player(self.active)

    @staticmethod
    def _counter_bonus(p: Permanent) -> int:
        return p.counters.get("+1/+1", 0) - p.counters.get("-1/-1", 0)

    def power(self, p: Permanent) -> int:
        value = (
            (p.definition.power or 0) + self._counter_bonus(p) + sum(e.power for e in self.pumps if e.target == p.id)
        )
        if p.controller == self.active:
            value += sum(bonus.power for bonus in self._statics_of(p.controller, TurnPowerBonus))
        return value

    def toughness(self, p: Permanent) -> int:
        value = (p.definition.toughness or 0) + self._counter_bonus(p)
        value += sum(e.toughness for e in self.pumps if e.target == p.id)
        if p.controller != self.active:
            value -= sum(bonus.toughness for bonus in self._statics_of(p.controller, TurnPowerBonus))
        return value

    def has_keyword(self, p: Permanent, keyword: Keyword) -> bool:
        return Static(keyword) in p.definition.abilities

    def maximum_hand_size(self, player: str) -> int | None:
        if any(self.has_keyword(p, Keyword.NO_MAXIMUM_HAND_SIZE) for p in self._controlled(player)):
            return None
        return self.edition.maximum_hand_size

    def _controlled(self, player: str) -> list[Permanent]:
        """The phased-in permanents ``player`` controls (as :meth:`in_play`, in one pass)."""
        return [p for p in self.battlefield if p.controller == player and not p.phased_out]

    def _statics_of(self, player: str, kind: type[Any]) -> list[Any]:
        return [a for p in self._controlled(player) for a in p.definition.abilities if isinstance(a, kind)]

    def _abilities_of(self, player: str) -> list[Any]:
        return [a for p in self._controlled(player) for a in p.definition.abilities]

    def emit(
        self,
        kind: EventKind,
        player: str | None = None,
        subject: str | None = None,
        amount: int | None = None,
        **detail: str,
    ) -> None:
        segment = self.segment.name if self.segment else ""
        # ``detail`` is a dict of this call's own: the event can keep it.
        self.events.append(Event(kind, self.turn_number, segment, player, subject, amount, detail))

    def _creature_must_die(self, p: Permanent) -> bool:
        if not p.is_type(CardType.CREATURE):
            return False
        toughness = self.toughness(p)
        return toughness <= 0 or p.damage >= toughness
