"""The adapter for the reference engine: it supports every edition and every catalog entry.

This module is the only place in ``checker`` that knows the reference engine; it maps
the catalog onto the engine's abilities the way an adapter for any other engine would.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from checker.contract import catalog
from checker.contract.interface import (
    Action,
    ActivateAbility,
    ActivateManaAbility,
    Capabilities,
    CardSpec,
    CardView,
    CastSpell,
    ChooseDefendingPlayer,
    ChooseDiscard,
    ChoosePlayOrDraw,
    ChooseSkipTurn,
    ChooseUntap,
    DecisionView,
    DeclareAttackers,
    DeclareBlockers,
    EffectSpec,
    GameEvent,
    GameSetup,
    GameView,
    IllegalActionError,
    OrderTriggers,
    PassPriority,
    PayUpkeep,
    PermanentView,
    PlayerView,
    PlayLand,
    StackItemView,
    UnsupportedError,
)
from reference_engine import EDITIONS, Game, IllegalAction
from reference_engine import abilities as ab
from reference_engine.cards import Card, CardDef, CardType
from reference_engine.mana import Color, ManaCost
from reference_engine.turn import Phase, Segment, Step

VERSION = "0.1.0"
_View = TypeVar("_View")


def _duration(until: str) -> ab.Duration:
    if until.startswith("end_of_"):
        return ab.Duration(until.removeprefix("end_of_"), at_end=True)
    return ab.Duration(until, at_end=False)


_OUTCOMES: dict[str, Callable[[EffectSpec], Any]] = {
    "gain_life": lambda e: ab.GainLife(int(e.params.get("amount", 1))),
    "lose_life": lambda e: ab.LoseLife(int(e.params.get("amount", 1))),
    "defending_player_loses_life": lambda e: ab.DefendingPlayerLosesLife(int(e.params.get("amount", 1))),
    "draw": lambda e: ab.DrawCards(int(e.params.get("amount", 1))),
    "damage_you": lambda e: ab.DealDamage(int(e.params.get("amount", 1))),
    "damage_target": lambda e: ab.DealDamage(int(e.params.get("amount", 1))),
    "put_attacking": lambda e: ab.PutFromHandAttacking(str(e.params["card"])),
    "defending_player_gets_poison": lambda e: ab.DefendingPlayerGetsPoison(int(e.params.get("amount", 1))),
    "put_blocking": lambda e: ab.PutFromHandBlocking(str(e.params["card"])),
    "additional_step_after_phase": lambda e: ab.AdditionalStepAfterPhase(str(e.params["step"])),
    "sacrifice_this": lambda e: ab.SacrificeSource(),
    "pump_target": lambda e: ab.Pump(int(e.params.get("amount", 1)), int(e.params.get("amount", 1))),
    "delayed_gain_life": lambda e: ab.Delayed(
        ab.AtBeginningOf(
            "end", ab.GainLife(int(e.params.get("amount", 1))), ab.Whose.EACH, "delayed life gain", once=True
        ),
        player=str(e.params["player"]),
    ),
}

_KEYWORDS = {
    "additional_draw": ab.Keyword.ADDITIONAL_DRAW,
    "additional_land": ab.Keyword.ADDITIONAL_LAND,
    "doesnt_untap": ab.Keyword.DOESNT_UNTAP,
    "may_not_untap": ab.Keyword.MAY_NOT_UNTAP,
    "must_attack": ab.Keyword.MUST_ATTACK,
    "phasing": ab.Keyword.PHASING,
    "no_maximum_hand_size": ab.Keyword.NO_MAXIMUM_HAND_SIZE,
    "haste": ab.Keyword.HASTE,
    "first_strike": ab.Keyword.FIRST_STRIKE,
    "double_strike": ab.Keyword.DOUBLE_STRIKE,
    "cant_block": ab.Keyword.CANT_BLOCK,
    "cant_attack_or_block_alone": ab.Keyword.CANT_ATTACK_OR_BLOCK_ALONE,
    "must_be_blocked": ab.Keyword.MUST_BE_BLOCKED,
}


def _ability(effect: EffectSpec, name: str) -> ab.Ability:
    """Map one catalog entry onto the engine's abilities."""
    p = effect.params
    key = effect.key
    if key in _KEYWORDS:
        return ab.Static(_KEYWORDS[key])
    targets = (str(p["target"]),) if "target" in p else ()
    match key:
        case "extra_turn":
            return ab.SpellEffect(ab.ExtraTurn(), targets=int(p.get("targets", 0)))
        case "additional_combat":
            return ab.SpellEffect(ab.AdditionalCombat())
        case "additional_step":
            step = str(p.get("step", "upkeep"))
            return ab.AtBeginningOf(step, ab.AdditionalStep(step), name=name, first_each_turn=True)
        case "skip_spell":
            return ab.SpellEffect(ab.SkipNext(str(p["what"])), targets=1)
        case "skip_then":
            return ab.SpellEffect(ab.SkipNext(str(p["what"]), then=_OUTCOMES[str(p["does"])](effect)))
        case "players_skip":
            return ab.PlayersSkip(str(p["what"]), ab.Whose(str(p.get("whose", "your"))))
        case "at_beginning_of":
            outcome = _OUTCOMES[str(p["does"])](effect)
            whose = ab.Whose(str(p.get("whose", "your")))
            return ab.AtBeginningOf(str(p["of"]), outcome, whose, name, targets=targets)
        case "whenever":
            outcome = _OUTCOMES[str(p["does"])](effect)
            attacked = str(p["attacked"]) if "attacked" in p else None
            event = ab.WatchedEvent(str(p["event"]))
            return ab.Whenever(event, outcome, name, targets, attacked, int(p.get("power", 0)))
        case "state_trigger":
            outcome = _OUTCOMES[str(p["does"])](effect)
            return ab.When(ab.WatchedState(str(p["state"])), outcome, name, int(p.get("life", 0)), targets)
        case "set_in_motion":
            return ab.SetInMotion(_OUTCOMES[str(p["does"])](effect), name, targets)
        case "visit":
            lit = frozenset(int(n) for n in str(p["lit"]).split(","))
            return ab.Visit(lit, _OUTCOMES[str(p["does"])](effect), name, targets)
        case "chapter":
            return ab.Chapter(int(p["chapter"]), _OUTCOMES[str(p["does"])](effect), name, targets)
        case "upkeep_cost":
            return ab.AtBeginningOf("upkeep", ab.PayOrSacrifice(ManaCost.parse(str(p["cost"]))), name=name)
        case "attack_tax":
            return ab.AttackTax(ManaCost.parse(str(p.get("cost", "{2}"))))
        case "optional_attack_cost":
            pump = ab.Pump(int(p.get("power", 0)), int(p.get("toughness", 0)))
            return ab.OptionalAttackCost(ManaCost.parse(str(p["cost"])), pump)
        case "block_tax":
            return ab.BlockTax(ManaCost.parse(str(p.get("cost", "{1}"))))
        case "untap_limit":
            return ab.UntapLimit(int(p.get("count", 1)))
        case "untap_ability":
            return ab.Activated(ManaCost.parse(str(p.get("cost", ""))), ab.UntapSource(), only_during="upkeep")
        case "regenerate":
            return ab.Activated(ManaCost.parse(str(p.get("cost", ""))), ab.Regenerate(), targets_self=True)
        case "pump":
            duration = _duration(str(p.get("until", "end_of_turn")))
            return ab.SpellEffect(ab.Pump(int(p.get("power", 0)), int(p.get("toughness", 0)), duration), targets=1)
        case "damage":
            return ab.SpellEffect(ab.DealDamage(int(p["amount"])), targets=1)
        case "draw_cards":
            return ab.SpellEffect(ab.DrawCards(int(p.get("amount", 1))))
        case "gain_control":
            return ab.SpellEffect(ab.GainControl(), targets=1)
        case "tap":
            return ab.SpellEffect(ab.TapTarget(), targets=1)
        case "reselect_attacked":
            return ab.SpellEffect(ab.ReselectAttacked(), targets=2)
        case "combat_pump":
            pump = ab.Pump(int(p.get("amount", 1)), int(p.get("amount", 1)))
            when = str(p["when"])
            return ab.Activated(ManaCost.parse(str(p.get("cost", ""))), pump, targets_self=True, only_when=when)
        case "cast_only":
            return ab.CastOnly(str(p["when"]))
        case "gain_life":
            return ab.SpellEffect(ab.GainLife(int(p.get("amount", 1))))
        case "end_the_turn":
            return ab.SpellEffect(ab.EndTheTurn())
        case "end_the_combat":
            return ab.SpellEffect(ab.EndTheCombat())
        case "gain_control_at_beginning_of_turn":
            return ab.AtBeginningOf("turn", ab.GainControl(), name=name, targets=targets)
        case "turn_power_bonus":
            return ab.TurnPowerBonus()
        case "optional_skip_turn":
            return ab.OptionalSkipTurn()
        case "returns_held_card":
            return ab.ReturnsHeldCardOnUntap()
        case "enchant":
            what = str(p.get("what", "permanent"))
            return ab.Enchant(None if what == "permanent" else what)
    raise UnsupportedError(f"effect {key!r} is not in the catalog")


def card_definition(spec: CardSpec) -> CardDef:
    return CardDef(
        name=spec.name,
        types=frozenset(CardType(t) for t in spec.types),
        cost=ManaCost.parse(spec.cost) if spec.cost else None,
        power=spec.power,
        toughness=spec.toughness,
        produces=Color(spec.produces) if spec.produces else None,
        abilities=tuple(_ability(e, spec.name) for e in spec.effects),
        supertypes=frozenset(spec.supertypes),
        subtypes=frozenset(spec.subtypes),
    )


class ReferenceAdapter:
    """Drives :class:`reference_engine.Game` through the adapter interface."""

    def __init__(self) -> None:
        self._game: Game | None = None
        # What the views and events are made of, kept from one call to the next: most zones
        # are as they were at the last view, and the engine only appends to its events.
        self._zones: dict[tuple[str, str], tuple[list[Card], tuple[CardView, ...]]] = {}
        self._views: dict[tuple[str, str], tuple[tuple[Any, ...], Any]] = {}
        self._events: list[GameEvent] = []

    def capabilities(self) -> Capabilities:
        return Capabilities("reference-engine", VERSION, frozenset(EDITIONS), frozenset(catalog.CATALOG))

    @property
    def game(self) -> Game:
        if self._game is None:
            raise UnsupportedError("no game has been started")
        return self._game

    def start(self, setup: GameSetup) -> None:
        if setup.edition not in EDITIONS:
            raise UnsupportedError(f"edition {setup.edition!r}")
        game = Game(EDITIONS[setup.edition](), [p.name for p in setup.players], seed=setup.seed)
        # A library of 20 Islands is one card spec 20 times: each spec is mapped once (the definitions
        # and their abilities are immutable, so cards can share them).
        definitions: dict[int, CardDef] = {}

        def definition(spec: CardSpec) -> CardDef:
            if id(spec) not in definitions:
                definitions[id(spec)] = card_definition(spec)
            return definitions[id(spec)]

        for player in setup.players:
            state = game.players[player.name]
            state.life = player.life
            state.lands_played = player.lands_played
            state.poison = player.poison
            for zone in ("library", "hand", "graveyard", "scheme_deck"):
                for c in getattr(player, zone):
                    game.add_card(player.name, zone, definition(c.card), c.id)
            for color, amount in player.mana_pool.items():
                state.pool.add(Color(color), amount)
            for effect in player.effects:
                self._player_effect(game, player.name, effect)
        for perm in setup.battlefield:
            game.add_permanent(
                perm.controller,
                definition(perm.card),
                perm.id,
                owner=perm.owner,
                tapped=perm.tapped,
                damage=perm.damage,
                phased_out=perm.phased_out,
                summoning_sick=perm.summoning_sick,
                holds=definition(perm.holds) if perm.holds else None,
                token=perm.token,
                counters=dict(perm.counters),
                attached_to=perm.attached_to,
            )
        game.day_night = setup.day_night
        game.spells_cast_last_turn = setup.spells_cast_last_turn
        game.starting_player = setup.starting_player or setup.active_player
        at = None
        if setup.phase is not None:
            at = Segment(Phase(setup.phase), Step(setup.step) if setup.step else None)
        self._game = None  # a start replaces any game, even if it fails
        self._zones, self._views, self._events = {}, {}, []
        try:
            game.start(
                active=setup.active_player,
                turn_number=setup.turn_number,
                at=at,
                from_game_start=setup.from_game_start,
                chooser=setup.chooser,
            )
        except ValueError as exc:
            raise UnsupportedError(str(exc)) from exc
        self._game = game

    @staticmethod
    def _player_effect(game: Game, player: str, effect: EffectSpec) -> None:
        if effect.key != "skip_next":
            raise UnsupportedError(f"effect {effect.key!r} can't belong to a player")
        game.add_skip(player, str(effect.params["what"]), int(effect.params.get("count", 1)), "skip effect")

    def perform(self, action: Action) -> None:
        g = self.game
        try:
            match action:
                case PassPriority(player):
                    g.pass_priority(player)
                case PlayLand(player, card):
                    g.play_land(player, card)
                case CastSpell(player, card, targets):
                    g.cast(player, card, targets)
                case ActivateManaAbility(player, permanent):
                    g.activate_mana_ability(player, permanent)
                case ActivateAbility(player, permanent):
                    g.activate_ability(player, permanent)
                case DeclareAttackers(player, attackers, optional_costs, attacked):
                    g.declare_attackers(player, attackers, optional_costs, dict(attacked))
                case DeclareBlockers(player, blocks):
                    g.declare_blockers(player, blocks)
                case ChooseUntap(player, permanents):
                    g.choose_untap(player, permanents)
                case ChooseDiscard(player, cards):
                    g.choose_discard(player, cards)
                case ChoosePlayOrDraw(player, play_first):
                    g.choose_play_first(player, play_first)
                case ChooseSkipTurn(player, skip):
                    g.choose_skip_turn(player, skip)
                case PayUpkeep(player, pay):
                    g.pay_upkeep(player, pay)
                case OrderTriggers(player, order):
                    g.order_triggers(player, order)
                case ChooseDefendingPlayer(player, defender):
                    g.choose_defender(player, defender)
        except IllegalAction as exc:
            raise IllegalActionError(str(exc), exc.reason.value) from exc

    def view(self) -> GameView:
        g = self.game
        d = g.decision
        decision = (
            None
            if d is None
            else DecisionView(str(d.kind), d.player, d.options, d.count, d.mana_only, d.mana_abilities)
        )
        creature = CardType.CREATURE
        return GameView(
            edition=g.edition.name,
            turn_number=g.turn_number,
            active_player=g.active,
            phase=str(g.segment.phase) if g.segment else None,
            step=str(g.segment.step) if g.segment and g.segment.step else None,
            decision=decision,
            players=tuple(
                self._same_or_new(
                    ("player", s.name),
                    PlayerView,
                    s.name,
                    s.life,
                    s.pool.as_dict(),
                    self._cards(s.name, "library", s.library),
                    self._cards(s.name, "hand", s.hand),
                    self._cards(s.name, "graveyard", s.graveyard),
                    s.lost,
                    s.lands_played,
                    self._cards(s.name, "exile", s.exile),
                    s.poison,
                )
                for s in g.players.values()
            ),
            battlefield=tuple(
                self._same_or_new(
                    ("permanent", p.id),
                    PermanentView,
                    p.id,
                    p.name,
                    p.controller,
                    p.card.owner,
                    p.tapped,
                    p.damage,
                    p.phased_out,
                    p.summoning_sick,
                    g.power(p) if p.is_type(creature) else None,
                    g.toughness(p) if p.is_type(creature) else None,
                    p.attacking,
                    p.blocking,
                    p.token,
                    dict(p.counters),
                    p.attached_to,
                    p.attacked,
                )
                for p in g.battlefield
            ),
            stack=tuple(StackItemView(i.name, i.controller, i.kind) for i in reversed(g.stack)),
            game_over=g.over,
            winner=g.winner,
            day_night=g.day_night,
        )

    def _same_or_new(self, key: tuple[str, str], view: Callable[..., _View], *fields: Any) -> _View:
        """The view of a player or permanent: the one of the last view if its fields are the same."""
        seen = self._views.get(key)
        if seen is not None and seen[0] == fields:
            return cast(_View, seen[1])
        new = view(*fields)
        self._views[key] = (fields, new)
        return new

    def _cards(self, player: str, zone: str, cards: Sequence[Card]) -> tuple[CardView, ...]:
        """A zone's cards as views: those of the last view, if it holds the same cards (compared
        by identity first, so an unchanged library of 150 cards costs next to nothing)."""
        seen = self._zones.get((player, zone))
        if seen is not None and seen[0] == cards:
            return seen[1]
        now = list(cards)
        views = tuple(CardView(c.id, c.name) for c in now)
        self._zones[(player, zone)] = (now, views)
        return views

    def events(self) -> list[GameEvent]:
        """Every event so far: those of the engine not yet seen are converted, the rest kept."""
        for e in self.game.events[len(self._events) :]:
            subject = None if e.subject is None else str(e.subject)
            self._events.append(GameEvent(str(e.kind), e.turn, e.player, subject, e.amount, e.detail))
        return list(self._events)
