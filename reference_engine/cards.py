"""Cards and permanents."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from reference_engine.abilities import Ability
from reference_engine.mana import Color, ManaCost


class CardType(StrEnum):
    LAND = "land"
    CREATURE = "creature"
    ARTIFACT = "artifact"
    ENCHANTMENT = "enchantment"
    INSTANT = "instant"
    SORCERY = "sorcery"
    PLANESWALKER = "planeswalker"
    BATTLE = "battle"
    SCHEME = "scheme"  # an Archenemy card, never a permanent (CR 904)


PERMANENT_TYPES = frozenset(
    {CardType.LAND, CardType.CREATURE, CardType.ARTIFACT, CardType.ENCHANTMENT, CardType.PLANESWALKER, CardType.BATTLE}
)


@dataclass(frozen=True)
class CardDef:
    name: str
    types: frozenset[CardType]
    #: None: no mana cost, an unpayable cost, so the card can't be cast (CR 202.1b, 118.6).
    cost: ManaCost | None = None
    power: int | None = None
    toughness: int | None = None
    #: The color of mana this permanent's tap ability adds (lands), if it has one.
    produces: Color | None = None
    abilities: tuple[Ability, ...] = ()
    supertypes: frozenset[str] = frozenset()  # legendary, world
    subtypes: frozenset[str] = frozenset()  # Aura, Equipment, Fortification, Saga, Jace...

    @property
    def is_permanent(self) -> bool:
        return bool(self.types & PERMANENT_TYPES)

    def has(self, kind: type) -> bool:
        return any(isinstance(a, kind) for a in self.abilities)


@dataclass
class Card:
    id: str
    owner: str
    definition: CardDef
    #: A token ceases to exist in any zone but the battlefield (CR 704.5d; 2008: 420.5f).
    token: bool = False

    @property
    def name(self) -> str:
        return self.definition.name


@dataclass
class Permanent:
    card: Card
    controller: str
    tapped: bool = False
    damage: int = 0
    phased_out: bool = False
    #: Not under its controller's control continuously since their most recent turn began.
    summoning_sick: bool = False
    attacking: bool = False
    blocking: str | None = None
    #: What it is attacking: a player's name or a planeswalker's id; None for nothing (CR 506.4c).
    attacked: str | None = None
    blocked: bool = False
    regeneration_shields: int = 0
    #: A card this permanent holds (Tawnos's Coffin), put onto the battlefield when it untaps.
    holds: Card | None = None
    #: Counters by kind ("+1/+1", "-1/-1", "loyalty", "lore"); kinds with none are left out.
    counters: dict[str, int] = field(default_factory=dict)
    #: The permanent this one (an Aura, Equipment or Fortification) is attached to.
    attached_to: str | None = None
    #: It phased out along with the permanent it is attached to, and phases in with it (CR 702.26g).
    phased_out_indirectly: bool = False

    @property
    def id(self) -> str:
        return self.card.id

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def definition(self) -> CardDef:
        return self.card.definition

    def is_type(self, kind: CardType) -> bool:
        return kind in self.definition.types

    @property
    def may_attack_or_block(self) -> bool:
        """Only a creature attacks or blocks (CR 506.3), and never one that is also a battle (506.3e-f)."""
        return self.is_type(CardType.CREATURE) and not self.is_type(CardType.BATTLE)

    def is_a(self, subtype: str) -> bool:
        return subtype in self.definition.subtypes

    @property
    def token(self) -> bool:
        return self.card.token

    def add_counters(self, kind: str, amount: int) -> None:
        self.counters[kind] = self.counters.get(kind, 0) + amount
        if self.counters[kind] <= 0:
            del self.counters[kind]
