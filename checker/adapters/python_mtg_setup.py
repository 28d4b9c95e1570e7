"""A python-mtg game set up from the suite's set-up (the adapter is :mod:`checker.adapters.python_mtg`).

A set-up is checked first: what python-mtg can't hold is unsupported, with the reason. python-mtg then deals
decks holding every card of the set-up (by name, from its card corpus), each card is checked to be the suite's
card, and each is put where the set-up says, in the engine's own relations.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any

from checker.adapters.python_mtg_state import COLORS, rows
from checker.contract.cards import POOL
from checker.contract.interface import CardSpec, GameSetup, UnsupportedError

#: The suite's cards with catalog effects that python-mtg's card of the same name has (its oracle corpus), with
#: the engine's own record of it (the card's ``card_keyword`` or ``card_effect`` row), checked as a game is set up.
REAL_CARDS: dict[str, tuple[str, str]] = {
    "Raging Goblin": ("card_keyword", "haste"),
    "White Knight": ("card_keyword", "first_strike"),
    "Fencing Ace": ("card_keyword", "double_strike"),
    "Giant Growth": ("card_effect", "modify_pt"),
    "Lightning Bolt": ("card_effect", "deal_damage"),
    "Shock": ("card_effect", "deal_damage"),
    "Ancestral Recall": ("card_effect", "draw"),
    "Divination": ("card_effect", "draw"),
    "Time Walk": ("card_effect", "extra_turn"),
    "Time Warp": ("card_effect", "extra_turn"),
    "Relentless Assault": ("card_effect", "extra_combat"),
    "Howling Mine": ("card_effect", "draw"),
}
#: The catalog effects of those cards: a scenario's card with one of them is set up only if it is one of them.
MAPPED_EFFECTS = frozenset(e.key for name in REAL_CARDS for e in POOL[name].effects)
#: The card every deck is filled up with, after the set-up's cards.
FILLER = "Island"
FILLERS = 10


@dataclass
class Placement:
    """The cards of a set-up as placed in the engine: its card ids and the suite's, both ways, with names and lands."""

    ids: dict[str, str]  # engine card id -> suite id
    eids: dict[str, str]  # suite id -> engine card id
    names: dict[str, str]  # engine card id -> the suite's card name
    lands: set[str]


def unsupported_setup(setup: GameSetup) -> str | None:
    """Why the adapter can't set up this game in python-mtg, or None."""
    if setup.edition != "cr2024":
        return (
            f"python-mtg plays the current rules (mana empties without mana burn, CR 500.4), not edition "
            f"{setup.edition!r}"
        )
    if len(setup.players) != 2:
        return "the python-mtg adapter sets up two-player games only"
    if setup.from_game_start:
        return "python-mtg gives the first turn to the first deck dealt: it has no play-or-draw choice"
    if setup.day_night is not None:
        return "python-mtg has no day and night (its game state has neither)"
    if any(pl.effects for pl in setup.players):
        return "the python-mtg adapter doesn't set up effects that belong to a player (skip effects)"
    if any(pl.poison for pl in setup.players):
        return "the python-mtg adapter doesn't set up poison counters"
    if any(pl.scheme_deck for pl in setup.players):
        return "python-mtg has no Archenemy games (scheme decks)"
    for p in setup.battlefield:
        if p.holds is not None or p.token or p.counters or p.attached_to:
            return "the python-mtg adapter doesn't set up tokens, counters, held or attached permanents"
        if p.phased_out:
            return "python-mtg has no phasing (its turn loop phases nothing in or out)"
        if p.damage:
            return "python-mtg keeps no damage marked on a permanent outside the combat damage step"
        if p.owner not in (None, p.controller):
            return "the python-mtg adapter doesn't set up a permanent controlled by another than its owner"
    return None


def check_cards(state: dict[str, Any], specs: list[CardSpec]) -> None:
    """Each card of the setup is python-mtg's card of that name, with the suite's types and P/T."""
    types: dict[str, set[str]] = {}
    for name, t in rows(state, "card_type"):
        types.setdefault(name, set()).add(t)
    power = dict(rows(state, "card_power"))
    toughness = dict(rows(state, "card_toughness"))
    for spec in specs:
        card = slug(spec.name)
        if spec.effects:
            _check_effects(state, spec, card)
        if card not in types:
            raise UnsupportedError(f"python-mtg's card corpus has no card {spec.name!r}")
        if set(spec.types) != types[card] or (spec.power, spec.toughness) != (
            power.get(card),
            toughness.get(card),
        ):
            raise UnsupportedError(
                f"python-mtg's {spec.name} is not the suite's card (types {sorted(types[card])}, "
                f"{power.get(card)}/{toughness.get(card)})"
            )


def _check_effects(state: dict[str, Any], spec: CardSpec, card: str) -> None:
    """A card with catalog effects is one of :data:`REAL_CARDS`, as the suite's pool has it, with its record."""
    if spec.name not in REAL_CARDS or POOL.get(spec.name) != spec:
        effects = ", ".join(e.key for e in spec.effects)
        raise UnsupportedError(f"python-mtg has no card {spec.name!r} with {effects} (only real cards are mapped)")
    relation, what = REAL_CARDS[spec.name]
    column = 1 if relation == "card_keyword" else 3
    if not any(r[0] == card and r[column] == what for r in rows(state, relation)):
        raise UnsupportedError(f"python-mtg's {spec.name} lacks its {what} ({relation})")


def place(
    driver: Any, state: dict[str, Any], setup: GameSetup, cards: dict[str, list[tuple[str, CardSpec]]], step: str
) -> Placement:
    """Put each card of the setup where it says (the dealt zones are emptied first; fillers leave the game)."""
    pools: dict[tuple[str, str], list[str]] = {}
    for p, c in sorted(rows(state, "printed_control")):
        name = next((s for (i, s) in rows(state, "instance_of") if i == c), None)
        if name is not None:
            pools.setdefault((p, name), []).append(c)
    placed = Placement({}, {}, {}, set())

    def take(player: str, card_id: str, spec: CardSpec) -> str:
        eid = pools[(player, slug(spec.name))].pop(0)
        placed.ids[eid], placed.eids[card_id] = card_id, eid
        placed.names[eid] = spec.name
        if "land" in spec.types:
            placed.lands.add(eid)
        return eid

    state["in_library"], state["in_hand"], state["graveyard"] = set(), set(), set()
    state["on_battlefield"], state["tapped"], state["_sick"] = set(), set(), set()
    state["_lib_order"] = {}
    for pl in setup.players:
        library = [take(pl.name, c.id, c.card) for c in pl.library]
        state["_lib_order"][pl.name] = library
        state["in_library"] |= {(pl.name, e) for e in library}
        state["in_hand"] |= {(pl.name, take(pl.name, c.id, c.card)) for c in pl.hand}
        state["graveyard"] |= {(take(pl.name, c.id, c.card),) for c in pl.graveyard}
    for perm in setup.battlefield:
        eid = take(perm.controller, perm.id, perm.card)
        state["on_battlefield"].add((eid,))
        if perm.tapped:
            state["tapped"].add((eid,))
        if perm.summoning_sick:
            state["_sick"].add((eid,))
    state["life"] = {(pl.name, pl.life) for pl in setup.players}
    for pl in setup.players:
        driver._set_floating(state, pl.name, {COLORS[sym]: n for sym, n in pl.mana_pool.items()})
    state["_land_played"] = {(pl.name,) for pl in setup.players if pl.lands_played}
    state["active_player"] = {(setup.active_player,)}
    state["current_step"] = {(step,)}
    state["_turn"] = setup.turn_number - 1
    # The player chooses the lands to play (python-mtg otherwise plays one for them), and holds priority
    # outside the main phases too (otherwise the engine goes through those steps without stopping).
    state["_explicit_lands"] = True
    state["_instant_speed"] = True
    return placed


def slug(name: str) -> str:
    """python-mtg's id of a card name (its ``mtg._text.slug``): "Grizzly Bears" -> ``grizzly_bears``."""
    return str(import_module("mtg._text").slug(name))
