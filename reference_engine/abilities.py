"""What cards and effects do, as the engine models it.

Three kinds of ability (static, triggered, activated) and the *outcomes* that a
spell or ability produces when it resolves. Each outcome applies itself to the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from reference_engine.mana import ManaCost


@dataclass(frozen=True)
class Resolution:
    """Who is resolving what: the context an outcome applies in."""

    controller: str
    source: str | None  # the id of the card or permanent the ability comes from
    targets: tuple[str, ...] = ()
    name: str = ""


class Game(Protocol):
    """What an outcome may do to a game: the engine's changes that spells and abilities make."""

    def change_life(self, player: str, amount: int, reason: str) -> None: ...
    def defending_player(self) -> str: ...
    def draw(self, player: str, reason: str) -> None: ...
    def deal_damage(self, target: str, amount: int, source: str) -> None: ...
    def add_extra_turn(self, player: str, name: str) -> None: ...
    def add_combat_and_main_phase(self, name: str) -> None: ...
    def add_step_after_current(self, step: str, name: str) -> None: ...
    def add_step_after_phase(self, step: str, controller: str, name: str) -> None: ...
    def add_pump(self, target: str, power: int, toughness: int, duration: Duration, name: str) -> None: ...
    def add_skip(self, player: str, what: str, count: int, name: str, then: Outcome | None = None) -> None: ...
    def gain_control(self, player: str, permanent_id: str, reason: str) -> None: ...
    def untap(self, permanent_id: str, reason: str) -> None: ...
    def tap(self, permanent_id: str, reason: str) -> None: ...
    def add_regeneration_shield(self, permanent_id: str) -> None: ...
    def sacrifice(self, permanent_id: str, reason: str) -> None: ...
    def ask_upkeep_payment(self, r: Resolution, cost: ManaCost) -> None: ...
    def add_delayed_trigger(self, controller: str, trigger: AtBeginningOf) -> None: ...
    def end(self, what: Ending, name: str) -> None: ...
    def put_onto_battlefield_attacking(
        self, player: str, card: str, reason: str, attacked: str | None = None
    ) -> None: ...
    def reselect_attacked(self, attacker: str, target: str, reason: str) -> None: ...
    def add_poison(self, player: str, amount: int, reason: str) -> None: ...

    def put_onto_battlefield_blocking(self, player: str, card: str, attacker: str, reason: str) -> None: ...


class Outcome(Protocol):
    def apply(self, game: Game, r: Resolution) -> None: ...


class Ending(StrEnum):
    """What an effect ends early: the turn (CR 723.1) or the combat phase (CR 723.2)."""

    TURN = "turn"
    COMBAT = "combat"


class Whose(StrEnum):
    YOUR = "your"
    EACH = "each"


@dataclass(frozen=True)
class Duration:
    """When an effect ends: at the end (or the beginning) of a part of the turn.

    ``of`` is ``turn``, ``combat`` or the name of a phase or step.
    """

    of: str = "turn"
    at_end: bool = True


UNTIL_END_OF_TURN = Duration()


# --- outcomes -------------------------------------------------------------------------------


@dataclass(frozen=True)
class GainLife:
    amount: int

    def apply(self, game: Game, r: Resolution) -> None:
        game.change_life(r.controller, self.amount, r.name)


@dataclass(frozen=True)
class LoseLife:
    amount: int

    def apply(self, game: Game, r: Resolution) -> None:
        game.change_life(r.controller, -self.amount, r.name)


@dataclass(frozen=True)
class DefendingPlayerLosesLife:
    """ "The defending player loses N life": the player the creature attacks, or attacked before it
    left combat (CR 508.5); in a game of more than two players, the one chosen as combat began."""

    amount: int

    def apply(self, game: Game, r: Resolution) -> None:
        game.change_life(game.defending_player(), -self.amount, r.name)


@dataclass(frozen=True)
class DrawCards:
    amount: int = 1
    #: Who draws; None: the ability's controller ("that player" for Howling Mine).
    player: str | None = None

    def apply(self, game: Game, r: Resolution) -> None:
        for _ in range(self.amount):
            game.draw(self.player or r.controller, r.name)


@dataclass(frozen=True)
class DealDamage:
    """Damage to the target (a player or a creature); without a target, to the controller."""

    amount: int

    def apply(self, game: Game, r: Resolution) -> None:
        game.deal_damage(r.targets[0] if r.targets else r.controller, self.amount, r.name)


@dataclass(frozen=True)
class ExtraTurn:
    def apply(self, game: Game, r: Resolution) -> None:
        game.add_extra_turn(r.targets[0] if r.targets else r.controller, r.name)


@dataclass(frozen=True)
class AdditionalCombat:
    """An additional combat phase followed by an additional main phase, after this phase."""

    def apply(self, game: Game, r: Resolution) -> None:
        game.add_combat_and_main_phase(r.name)


@dataclass(frozen=True)
class AdditionalStep:
    step: str

    def apply(self, game: Game, r: Resolution) -> None:
        game.add_step_after_current(self.step, r.name)


@dataclass(frozen=True)
class AdditionalStepAfterPhase:
    """ "You get an additional <step> step after this phase" (CR 500.10, 500.10a)."""

    step: str

    def apply(self, game: Game, r: Resolution) -> None:
        game.add_step_after_phase(self.step, r.controller, r.name)


@dataclass(frozen=True)
class Pump:
    power: int
    toughness: int
    duration: Duration = UNTIL_END_OF_TURN

    def apply(self, game: Game, r: Resolution) -> None:
        target = r.targets[0] if r.targets else r.source
        if target is not None:
            game.add_pump(target, self.power, self.toughness, self.duration, r.name)


@dataclass(frozen=True)
class SkipNext:
    """The player skips their next turn, or the next phase or step of that name; ``then``: and
    then takes another action, the first thing of whatever part of the game next begins (CR 614.10b)."""

    what: str
    count: int = 1
    then: Outcome | None = None

    def apply(self, game: Game, r: Resolution) -> None:
        game.add_skip(r.targets[0] if r.targets else r.controller, self.what, self.count, r.name, self.then)


@dataclass(frozen=True)
class GainControl:
    def apply(self, game: Game, r: Resolution) -> None:
        for target in r.targets:
            game.gain_control(r.controller, target, r.name)


@dataclass(frozen=True)
class UntapSource:
    def apply(self, game: Game, r: Resolution) -> None:
        if r.source is not None:
            game.untap(r.source, r.name)


@dataclass(frozen=True)
class Regenerate:
    def apply(self, game: Game, r: Resolution) -> None:
        target = r.targets[0] if r.targets else r.source
        if target is not None:
            game.add_regeneration_shield(target)


@dataclass(frozen=True)
class SacrificeSource:
    """ "Sacrifice this": the permanent the ability comes from."""

    def apply(self, game: Game, r: Resolution) -> None:
        if r.source is not None:
            game.sacrifice(r.source, r.name)


@dataclass(frozen=True)
class TapTarget:
    def apply(self, game: Game, r: Resolution) -> None:
        for target in r.targets:
            game.tap(target, r.name)


@dataclass(frozen=True)
class PutFromHandAttacking:
    """Kaalia of the Vast: put a card named so from your hand onto the battlefield tapped and
    attacking (the planeswalker the ability names, its target, if it names one)."""

    card: str

    def apply(self, game: Game, r: Resolution) -> None:
        game.put_onto_battlefield_attacking(r.controller, self.card, r.name, r.targets[0] if r.targets else None)


@dataclass(frozen=True)
class ReselectAttacked:
    """Portal Mage: reselect which player or planeswalker target attacking creature is attacking."""

    def apply(self, game: Game, r: Resolution) -> None:
        attacker, target = r.targets
        game.reselect_attacked(attacker, target, r.name)


@dataclass(frozen=True)
class DefendingPlayerGetsPoison:
    """Poisonous: "the defending player gets N poison counters" (ten or more lose, CR 704.5c)."""

    amount: int = 1

    def apply(self, game: Game, r: Resolution) -> None:
        game.add_poison(game.defending_player(), self.amount, r.name)


@dataclass(frozen=True)
class PutFromHandBlocking:
    """Put a card named so from your hand onto the battlefield blocking the attacking creature
    the ability names (its target), as Flash Foliage does with a token."""

    card: str

    def apply(self, game: Game, r: Resolution) -> None:
        if r.targets:
            game.put_onto_battlefield_blocking(r.controller, self.card, r.targets[0], r.name)


@dataclass(frozen=True)
class EndTheTurn:
    """Time Stop: end the turn (CR 723.1)."""

    def apply(self, game: Game, r: Resolution) -> None:
        game.end(Ending.TURN, r.name)


@dataclass(frozen=True)
class EndTheCombat:
    """Mandate of Peace: end the combat phase (CR 723.2)."""

    def apply(self, game: Game, r: Resolution) -> None:
        game.end(Ending.COMBAT, r.name)


@dataclass(frozen=True)
class PayOrSacrifice:
    """An upkeep cost: pay this much mana from the pool, or sacrifice the source."""

    cost: ManaCost

    def apply(self, game: Game, r: Resolution) -> None:
        game.ask_upkeep_payment(r, self.cost)


@dataclass(frozen=True)
class Delayed:
    """Set up a delayed triggered ability, e.g. "at the beginning of the next end step, ..."."""

    trigger: AtBeginningOf
    #: Whose delayed ability it is; None: the controller of what set it up.
    player: str | None = None

    def apply(self, game: Game, r: Resolution) -> None:
        game.add_delayed_trigger(self.player or r.controller, self.trigger)


# --- abilities --------------------------------------------------------------------------------


@dataclass(frozen=True)
class AtBeginningOf:
    """A triggered ability: "at the beginning of [your|each] <part of the turn>, <outcome>".

    ``of`` is ``turn`` or the name of a phase or step. ``end`` means "at end of turn" in the
    editions that say so (the beginning of the end step; in Mirage, the end of cleanup).
    """

    of: str
    outcome: Outcome
    whose: Whose = Whose.YOUR
    name: str = ""
    #: The ability can go on the stack only once (delayed triggers).
    once: bool = False
    #: It triggers only at the first such part of each turn ("your first upkeep each turn").
    first_each_turn: bool = False
    #: Targets chosen when the ability was set up (player names or permanent ids).
    targets: tuple[str, ...] = ()


class WatchedEvent(StrEnum):
    """What a permanent's "whenever" ability watches for: combat (CR 508.3, 509.3, 510.3a), or an
    Aura, Equipment or Fortification becoming unattached (which phasing isn't, CR 702.26j).

    The first ones watch the permanent that has the ability; the "you" ones watch its controller:
    "whenever you attack" (or "attack with a creature", CR 508.3c-d) and "whenever you are
    attacked" (CR 508.3b) trigger once per declaration of attackers, however many creatures attack.
    """

    ATTACKS = "attacks"
    BLOCKS = "blocks"
    BLOCKS_A_CREATURE = "blocks_a_creature"
    BECOMES_BLOCKED = "becomes_blocked"
    BECOMES_BLOCKED_BY_A_CREATURE = "becomes_blocked_by_a_creature"
    ATTACKS_AND_ISNT_BLOCKED = "attacks_and_isnt_blocked"
    DEALS_COMBAT_DAMAGE = "deals_combat_damage"
    BECOMES_BLOCKED_BY_TWO_OR_MORE_CREATURES = "becomes_blocked_by_two_or_more_creatures"
    YOU_ATTACK = "you_attack"
    YOU_ATTACK_A_PLAYER = "you_attack_a_player"
    YOU_ARE_ATTACKED = "you_are_attacked"
    A_CREATURE_WITH_POWER_BLOCKS = "a_creature_with_power_blocks"
    BECOMES_UNATTACHED = "becomes_unattached"


@dataclass(frozen=True)
class Whenever:
    """A triggered ability watching combat: "whenever this creature <event>, <outcome>", or
    "whenever you attack / are attacked, <outcome>"."""

    event: WatchedEvent
    outcome: Outcome
    name: str = ""
    targets: tuple[str, ...] = ()
    #: For YOU_ATTACK_A_PLAYER: the player whose being attacked it watches for (CR 508.3e).
    attacked: str | None = None
    #: For A_CREATURE_WITH_POWER_BLOCKS: the least power a blocker must have as blockers are declared (CR 509.3f).
    min_power: int = 0


class WatchedState(StrEnum):
    """A game state a state trigger watches for, about the ability's controller."""

    NO_OTHER_CREATURES = "no_other_creatures"  # "when you control no other creatures"
    LIFE_AT_MOST = "life_at_most"  # "when you have N or less life"


@dataclass(frozen=True)
class When:
    """A state trigger: "when <a game state holds>, <outcome>". It is a triggered ability, not a
    state-based action (CR 704.1a; 2008: 420.1): it triggers as soon as the state holds, and not
    again until it has left the stack (CR 603.8; 2008: 410.10)."""

    state: WatchedState
    outcome: Outcome
    name: str = ""
    #: For LIFE_AT_MOST: the life total at or below which it triggers.
    life: int = 0
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Chapter:
    """A Saga's chapter ability, "II — <outcome>": a triggered ability that triggers as a lore
    counter put on the Saga brings their number from below its chapter number to it (CR 714.2)."""

    chapter: int
    outcome: Outcome
    name: str = ""
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class SetInMotion:
    """A scheme's "when you set this scheme in motion, <outcome>": a triggered ability (CR 701.32)."""

    outcome: Outcome
    name: str = ""
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Visit:
    """An Attraction's visit ability: it triggers when its controller rolls to visit her Attractions
    and the result is one of its lit numbers (CR 701.52)."""

    lit: frozenset[int]
    outcome: Outcome
    name: str = ""
    targets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Enchant:
    """An Aura's "Enchant <type>": what it may legally be attached to (CR 303.4a, 704.5m)."""

    what: str | None  # a card type, e.g. "creature"; None for "Enchant permanent"


@dataclass(frozen=True)
class Activated:
    cost: ManaCost
    outcome: Outcome
    #: The ability may be activated only during its controller's <part of the turn>.
    only_during: str | None = None
    targets_self: bool = False
    #: The ability may be activated only at a point of combat, as CastOnly (CR 506.7g).
    only_when: str | None = None


class Keyword(StrEnum):
    PHASING = "phasing"
    HASTE = "haste"
    FIRST_STRIKE = "first_strike"
    DOUBLE_STRIKE = "double_strike"
    DOESNT_UNTAP = "doesnt_untap"  # "doesn't untap during your untap step"
    MAY_NOT_UNTAP = "may_not_untap"  # "you may choose not to untap this"
    MUST_ATTACK = "must_attack"  # "attacks each combat if able"
    CANT_BLOCK = "cant_block"
    CANT_ATTACK_OR_BLOCK_ALONE = "cant_attack_or_block_alone"
    MUST_BE_BLOCKED = "must_be_blocked"  # all creatures able to block it do so (Prized Unicorn, Lure)
    ADDITIONAL_DRAW = "additional_draw"  # each player draws an additional card (Howling Mine)
    ADDITIONAL_LAND = "additional_land"  # you may play an additional land each turn
    NO_MAXIMUM_HAND_SIZE = "no_maximum_hand_size"


@dataclass(frozen=True)
class Static:
    keyword: Keyword


@dataclass(frozen=True)
class AttackTax:
    """Propaganda: creatures can't attack you unless their controller pays this for each of them."""

    cost: ManaCost


@dataclass(frozen=True)
class OptionalAttackCost:
    """ "As this creature attacks, you may pay {cost}. If you do, <outcome>": an optional cost to
    attack. The active player chooses whether to pay it as attackers are declared (CR 508.1g); it is
    paid with the other costs to attack (508.1h-j)."""

    cost: ManaCost
    outcome: Outcome


@dataclass(frozen=True)
class BlockTax:
    """War Cadence: creatures can't block unless their controller pays this for each of them."""

    cost: ManaCost


@dataclass(frozen=True)
class UntapLimit:
    """Winter Orb: while this is untapped, players untap no more than ``count`` lands."""

    count: int = 1


@dataclass(frozen=True)
class PlayersSkip:
    """Stasis ("players skip their untap steps"), Necropotence ("skip your draw step")."""

    what: str
    whose: Whose = Whose.YOUR


@dataclass(frozen=True)
class TurnPowerBonus:
    """Vibrating Sphere: your creatures get +power/+0 during your turn, -0/-toughness otherwise."""

    power: int = 2
    toughness: int = 2


@dataclass(frozen=True)
class OptionalSkipTurn:
    """Time Vault: you may skip your next turn instead of taking it; if you do, untap this."""


@dataclass(frozen=True)
class ReturnsHeldCardOnUntap:
    """Tawnos's Coffin: when this untaps, the card it holds returns to the battlefield tapped."""


@dataclass(frozen=True)
class CastOnly:
    """The spell may be cast only at a point of combat, e.g. ``during_combat_before_blockers`` or
    ``before_attackers`` (CR 506.7)."""

    when: str


@dataclass(frozen=True)
class SpellEffect:
    """What an instant or sorcery does when it resolves."""

    outcome: Outcome
    #: How many targets the spell takes (players or permanents).
    targets: int = 0


Ability = (
    AtBeginningOf
    | Whenever
    | When
    | Chapter
    | SetInMotion
    | Visit
    | Activated
    | Static
    | UntapLimit
    | AttackTax
    | OptionalAttackCost
    | BlockTax
    | PlayersSkip
    | TurnPowerBonus
    | OptionalSkipTurn
    | ReturnsHeldCardOnUntap
    | SpellEffect
    | CastOnly
    | Enchant
)
