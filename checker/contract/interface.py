"""The adapter interface: the only boundary between the scenarios and an engine.

An engine is certified through an object that satisfies :class:`EngineAdapter`: it states
what it supports, starts a game from a declarative :class:`GameSetup`, performs player
:data:`Action` values, and reports a :class:`GameView` and the ordered :class:`GameEvent`
list. Everything here is plain data so that it can cross a process boundary unchanged.

Names of phases, steps, decisions and events are the lower-case words of
:mod:`checker.contract.vocabulary`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

# --------------------------------------------------------------------------- errors


class AdapterError(Exception):
    """Base of what an adapter raises."""


class IllegalActionError(AdapterError):
    """The engine refused a player's action as against the rules, optionally saying why.

    ``reason`` is one of the protocol's ``refusal_reason`` names (``timing``, ``cost_unpaid``, ...;
    :data:`checker.contract.vocabulary.REFUSAL_REASONS`), or None when the engine doesn't say.
    """

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class UnsupportedError(AdapterError):
    """The engine (or its adapter) cannot express something a scenario needs."""


class EngineFailure(AdapterError):
    """The engine failed in a way that says nothing about the rules (a crash, a bad answer)."""


class EngineTimeout(EngineFailure):
    """The engine did not answer in time."""


# --------------------------------------------------------------------------- setup


@dataclass(frozen=True)
class EffectSpec:
    """An effect from the catalog (:mod:`checker.contract.catalog`) with its parameters."""

    key: str
    params: Mapping[str, str | int] = field(default_factory=dict)


@dataclass(frozen=True)
class CardSpec:
    name: str
    types: tuple[str, ...]
    cost: str = ""  # mana symbols, e.g. "{1}{G}", or "{0}"; empty for no mana cost (it can't be cast)
    power: int | None = None
    toughness: int | None = None
    produces: str | None = None  # the mana symbol a land taps for, e.g. "G"
    effects: tuple[EffectSpec, ...] = ()
    supertypes: tuple[str, ...] = ()  # legendary, world
    subtypes: tuple[str, ...] = ()  # Aura, Equipment, Fortification, Saga, a planeswalker type such as Jace


@dataclass(frozen=True)
class CardSetup:
    id: str
    card: CardSpec


@dataclass(frozen=True)
class PermanentSetup:
    id: str
    card: CardSpec
    controller: str
    owner: str | None = None
    tapped: bool = False
    damage: int = 0
    phased_out: bool = False
    summoning_sick: bool = False
    #: A card the permanent holds (Tawnos's Coffin); see the catalog entry ``returns_held_card``.
    holds: CardSpec | None = None
    #: A token rather than a card (CR 111); it ceases to exist outside the battlefield.
    token: bool = False
    #: Counters by kind: "+1/+1", "-1/-1", "loyalty", "lore".
    counters: Mapping[str, int] = field(default_factory=dict)
    #: The id of the permanent this one is attached to (an Aura, Equipment or Fortification).
    attached_to: str | None = None


@dataclass(frozen=True)
class PlayerSetup:
    name: str
    life: int = 20
    library: tuple[CardSetup, ...] = ()  # top card first
    hand: tuple[CardSetup, ...] = ()
    graveyard: tuple[CardSetup, ...] = ()
    mana_pool: Mapping[str, int] = field(default_factory=dict)
    lands_played: int = 0
    #: Effects in play that belong to this player but to no permanent (e.g. "skip your next turn").
    effects: tuple[EffectSpec, ...] = ()
    poison: int = 0  # poison counters
    #: The archenemy's scheme deck, top card first, of scheme cards (CR 904): the player who has one
    #: is the archenemy of an Archenemy game.
    scheme_deck: tuple[CardSetup, ...] = ()


@dataclass(frozen=True)
class GameSetup:
    edition: str
    players: tuple[PlayerSetup, ...]
    active_player: str
    battlefield: tuple[PermanentSetup, ...] = ()
    turn_number: int = 2
    #: The player who took the game's first turn (for the first-turn draw rule).
    starting_player: str | None = None
    #: Where the game starts: at the beginning of this phase (and step); None: the turn's beginning.
    phase: str | None = None
    step: str | None = None
    #: Start before the first turn: shuffle, choose who plays first, draw opening hands.
    from_game_start: bool = False
    #: Who chooses to play or draw; None: chosen at random (the players' first game).
    chooser: str | None = None
    day_night: str | None = None  # "day", "night" or None
    #: Spells the active player of the previous turn cast during it (day and night).
    spells_cast_last_turn: int = 0
    seed: int = 0


# --------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class PassPriority:
    player: str


@dataclass(frozen=True)
class PlayLand:
    player: str
    card: str


@dataclass(frozen=True)
class CastSpell:
    player: str
    card: str
    targets: tuple[str, ...] = ()  # player names or permanent ids


@dataclass(frozen=True)
class ActivateManaAbility:
    player: str
    permanent: str


@dataclass(frozen=True)
class ActivateAbility:
    player: str
    permanent: str


@dataclass(frozen=True)
class DeclareAttackers:
    player: str
    attackers: tuple[str, ...]
    #: Of the attackers, those whose optional cost to attack the player pays (paid "as" it attacks, CR 508.1g).
    optional_costs: tuple[str, ...] = ()
    #: (attacker, planeswalker) pairs: attackers attacking a planeswalker the defending player
    #: controls; the others attack the defending player (CR 508.1b).
    attacked: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class DeclareBlockers:
    player: str
    blocks: tuple[tuple[str, str], ...]  # (blocker, attacker)


@dataclass(frozen=True)
class ChooseUntap:
    player: str
    permanents: tuple[str, ...]  # of the permanents offered, those to untap


@dataclass(frozen=True)
class ChooseDiscard:
    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class ChoosePlayOrDraw:
    player: str
    play_first: bool


@dataclass(frozen=True)
class ChooseSkipTurn:
    player: str
    skip: bool


@dataclass(frozen=True)
class PayUpkeep:
    player: str
    pay: bool


@dataclass(frozen=True)
class ChooseDefendingPlayer:
    """In a game of more than two players, the opponent the active player attacks (CR 507.1)."""

    player: str
    defender: str


@dataclass(frozen=True)
class OrderTriggers:
    """The order in which the player's simultaneous abilities resolve, first to last, by name."""

    player: str
    order: tuple[str, ...]


Action = (
    PassPriority
    | PlayLand
    | CastSpell
    | ActivateManaAbility
    | ActivateAbility
    | DeclareAttackers
    | DeclareBlockers
    | ChooseUntap
    | ChooseDiscard
    | ChoosePlayOrDraw
    | ChooseSkipTurn
    | PayUpkeep
    | OrderTriggers
    | ChooseDefendingPlayer
)


# --------------------------------------------------------------------------- observation


@dataclass(frozen=True)
class DecisionView:
    """What the game waits for: a kind from :data:`checker.contract.vocabulary.DECISIONS` and who decides."""

    kind: str
    player: str
    options: tuple[str, ...] = ()
    count: int = 0
    #: Priority in which only mana abilities may be used (Mirage's untap, beginning of turn, cleanup).
    mana_only: bool = False
    #: Mana abilities may be used while the game waits for this decision.
    mana_abilities: bool = False


@dataclass(frozen=True)
class CardView:
    id: str
    name: str


@dataclass(frozen=True)
class PlayerView:
    name: str
    life: int
    mana_pool: Mapping[str, int]
    library: tuple[CardView, ...]
    hand: tuple[CardView, ...]
    graveyard: tuple[CardView, ...]
    lost: bool = False
    lands_played: int = 0
    exile: tuple[CardView, ...] = ()
    poison: int = 0  # poison counters


@dataclass(frozen=True)
class PermanentView:
    id: str
    name: str
    controller: str
    owner: str
    tapped: bool
    damage: int
    phased_out: bool
    summoning_sick: bool
    power: int | None
    toughness: int | None
    attacking: bool = False
    blocking: str | None = None
    token: bool = False
    counters: Mapping[str, int] = field(default_factory=dict)  # by kind, only kinds present
    attached_to: str | None = None
    #: What an attacking creature attacks: a player's name or a planeswalker's id; None if it
    #: attacks nothing (its planeswalker was removed from combat, CR 506.4c) or isn't attacking.
    attacked: str | None = None


@dataclass(frozen=True)
class StackItemView:
    name: str
    controller: str
    kind: str  # spell, ability, trigger, untap, combat_damage


@dataclass(frozen=True)
class GameView:
    edition: str
    turn_number: int
    active_player: str
    phase: str | None
    step: str | None
    decision: DecisionView | None
    players: tuple[PlayerView, ...]
    battlefield: tuple[PermanentView, ...]
    stack: tuple[StackItemView, ...]  # top first
    game_over: bool = False
    winner: str | None = None
    day_night: str | None = None

    @property
    def priority(self) -> str | None:
        d = self.decision
        return d.player if d is not None and d.kind == "priority" else None

    def player(self, name: str) -> PlayerView:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)


@dataclass(frozen=True)
class GameEvent:
    """One thing that happened; ``kind`` is from :data:`checker.contract.vocabulary.EVENTS`."""

    kind: str
    turn: int
    player: str | None = None
    subject: str | None = None
    amount: int | None = None
    detail: Mapping[str, str] = field(default_factory=dict)


# --------------------------------------------------------------------------- the adapter


@dataclass(frozen=True)
class Capabilities:
    name: str
    version: str
    editions: frozenset[str]
    effects: frozenset[str]


@runtime_checkable
class EngineAdapter(Protocol):
    """What the suite needs from an engine. One adapter plays one game at a time."""

    def capabilities(self) -> Capabilities: ...

    def start(self, setup: GameSetup) -> None:
        """Set up a game and play it until the first decision; raise UnsupportedError if it can't."""

    def perform(self, action: Action) -> None:
        """Take a player's action and play on until the next decision; IllegalActionError if refused."""

    def view(self) -> GameView: ...

    def events(self) -> Sequence[GameEvent]:
        """Every event since the game was set up, oldest first."""
