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


PERMANENT_TYPES = frozenset({CardType.LAND, CardType.CREATURE, CardType.ARTIFACT, CardType.ENCHANTMENT})


@dataclass(frozen=True)
class CardDef:
    name: str
    types: frozenset[CardType]
    cost: ManaCost = field(default_factory=ManaCost)
    power: int | None = None
    toughness: int | None = None
    #: The color of mana this permanent's tap ability adds (lands), if it has one.
    produces: Color | None = None
    abilities: tuple[Ability, ...] = ()

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
    blocked: bool = False
    regeneration_shields: int = 0
    #: A card this permanent holds (Tawnos's Coffin), put onto the battlefield when it untaps.
    holds: Card | None = None

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
