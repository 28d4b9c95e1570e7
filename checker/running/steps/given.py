"""Given steps: the game state a scenario starts from."""

from __future__ import annotations

import re
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from pytest_bdd import given, parsers

from checker.contract.cards import ability_from_text, card, combat_point, type_line
from checker.contract.interface import CardSetup, CardSpec, EffectSpec
from checker.contract.vocabulary import parse_part
from checker.running.recording import RecordingAdapter
from checker.running.steps.context import ScenarioError, ScenarioGame
from checker.running.steps.language import counters, mana, names, number

P = r"(?P<player>[A-Z][a-z]+)"


@given(parsers.re(r"a game between (?P<players>.+)"))
def game_between(game: ScenarioGame, players: str) -> None:
    game.set_players(names(players))


@given(parsers.re(rf"it is {P}'s turn"))
def its_turn(game: ScenarioGame, player: str) -> None:
    game.at(player, None)


@given(parsers.re(r"it is turn (?P<n>\d+)"))
def turn_number(game: ScenarioGame, n: str) -> None:
    game.configure(turn_number=int(n))


@given(parsers.re(rf"the game is at the beginning of {P}'s (?P<part>.+)"))
def at_beginning_of(game: ScenarioGame, player: str, part: str) -> None:
    game.at(player, None if part == "turn" else parse_part(part))


@given(parsers.re(rf"{P} took the first turn of the game"))
def took_first_turn(game: ScenarioGame, player: str) -> None:
    game.player(player)
    game.configure(starting_player=player)


@given(parsers.re(r"the game is about to begin(?: with seed (?P<seed>\d+))?"))
def about_to_begin(game: ScenarioGame, seed: str | None) -> None:
    game.configure(from_game_start=True, turn_number=1, seed=int(seed or 0))


@given("this is the players' first game")
def first_game(game: ScenarioGame) -> None:
    game.configure(chooser=None)


@given(parsers.re(rf"{P} lost the previous game"))
def lost_previous(game: ScenarioGame, player: str) -> None:
    game.player(player)
    game.configure(chooser=player)


@given(parsers.re(rf"the previous game was a draw and {P} chose who played first in it"))
def previous_draw(game: ScenarioGame, player: str) -> None:
    game.player(player)
    game.configure(chooser=player)


@given(parsers.re(rf"{P} has (?P<life>-?\d+) life"))
def life(game: ScenarioGame, player: str, life: str) -> None:
    game.player(player).life = int(life)


@given(parsers.re(rf"{P} has (?P<symbols>(?:\{{[WUBRGC]\}})+) in (?:her|his|their) mana pool"))
def mana_pool(game: ScenarioGame, player: str, symbols: str) -> None:
    game.player(player).mana_pool = mana(symbols)


@given(parsers.re(rf"{P} has (?P<n>\w+) cards? in (?:her|his|their) library"))
def library_count(game: ScenarioGame, player: str, n: str) -> None:
    build = game.player(player)
    build.library = game.filler(number(n))
    build.library_set = True


@given(parsers.re(rf"{P}'s library is empty"))
def library_empty(game: ScenarioGame, player: str) -> None:
    build = game.player(player)
    build.library, build.library_set = [], True


@given(parsers.re(rf"{P}'s library holds, from the top, (?P<cards>.+)"))
def library_cards(game: ScenarioGame, player: str, cards: str) -> None:
    build = game.player(player)
    build.library = [game.card_setup(n) for n in names(cards)]
    build.library_set = True


@given(parsers.re(rf"{P} has (?P<n>\d+|no|one|two|three|four|five) cards? in hand"))
def hand_count(game: ScenarioGame, player: str, n: str) -> None:
    game.player(player).hand = game.filler(number(n))


@given(parsers.re(rf"{P} has (?P<cards>(?!\d)[^\"]+) in hand"))
def hand_cards(game: ScenarioGame, player: str, cards: str) -> None:
    game.player(player).hand += [game.card_setup(n) for n in names(cards)]


@given(
    parsers.re(
        rf"{P} has \"(?P<name>[^\"]+)\", an? (?P<kind>instant|sorcery) that gains 1 life and may be cast only "
        r"(?P<when>.+?), in hand"
    )
)
def timed_spell_in_hand(game: ScenarioGame, player: str, name: str, kind: str, when: str) -> None:
    """A spell castable only at a point of combat (CR 506.7), whose effect is to gain 1 life."""
    try:
        point = combat_point(when)
    except ValueError as exc:
        raise ScenarioError(str(exc)) from exc
    effects = (EffectSpec("cast_only", {"when": point}), EffectSpec("gain_life", {"amount": 1}))
    spec = CardSpec(name, (kind,), "{0}", effects=effects)
    game.require_effects(spec)
    game.player(player).hand.append(CardSetup(game.new_id(name), spec))


@given(parsers.re(rf"{P} has (?P<n>\w+) poison counters?"))
def poison(game: ScenarioGame, player: str, n: str) -> None:
    game.player(player).poison = number(n)


@given(parsers.re(rf"{P} has already played (?P<n>a|one|two|\d+) lands? this turn"))
def lands_played(game: ScenarioGame, player: str, n: str) -> None:
    game.player(player).lands_played = number(n)


_STATE = r"(?:tapped|untapped|phased-out|summoning-sick)"


@given(
    parsers.re(
        rf"{P} controls (?:(?P<count>an?|one|two|three|four|five|\d+) )?(?P<state>(?:{_STATE},? )*)"
        r"(?P<name>[A-Z][^,\"]*?)(?P<token> tokens?)?(?: with (?P<damage>\d+) damage)?"
        r"(?: with (?P<counted>[^\"]+? counters?))?(?: holding (?P<held>.+))?"
    )
)
def controls(
    game: ScenarioGame,
    player: str,
    count: str | None,
    state: str,
    name: str,
    token: str | None,
    damage: str | None,
    counted: str | None,
    held: str | None,
) -> None:
    """A card of the pool on the battlefield, or tokens of it ("two Soldier tokens")."""
    spec = card(name)
    for _ in range(number(count) if count else 1):
        game.add_permanent(player, spec, token=bool(token), **_state(state, damage, held, counted))


def _state(state: str, damage: str | None, held: str | None, counted: str | None = None) -> dict[str, object]:
    words = set(re.findall(_STATE, state))
    result: dict[str, object] = {
        "tapped": "tapped" in words,
        "phased_out": "phased-out" in words,
        "summoning_sick": "summoning-sick" in words,
        "damage": int(damage or 0),
    }
    if held:
        result["holds"] = card(held)
    if counted:
        try:
            result["counters"] = counters(counted)
        except ValueError as exc:
            raise ScenarioError(str(exc)) from exc
    return result


@given(parsers.re(rf"{P} is the archenemy, whose scheme deck holds, from the top, (?P<schemes>.+)"))
def archenemy(game: ScenarioGame, player: str, schemes: str) -> None:
    """An Archenemy game (CR 904): the player's scheme deck, of schemes written out as
    "Name" with "When you set this scheme in motion, <what>", joined by "and"."""
    written = re.findall(r'"([^"]+)" with "([^"]+)"', schemes)
    if not written:
        raise ScenarioError(f'write each scheme as "Name" with "<ability>", not {schemes!r}')
    for name, text in written:
        spec = CardSpec(name, ("scheme",), effects=(_written_ability(text),))
        game.require_effects(spec)
        game.player(player).scheme_deck.append(CardSetup(game.new_id(name), spec))


@given(parsers.re(r"(?P<perm>[A-Z][^\"]*?) has a second instance of phasing"))
def second_phasing(game: ScenarioGame, perm: str) -> None:
    """The permanent gets phasing once more (CR 702.26p, 502.15p)."""
    setup = game.set_up_permanent(perm, "giving it a second instance of phasing")
    spec = replace(setup.card, effects=(*setup.card.effects, EffectSpec("phasing")))
    game.battlefield[game.battlefield.index(setup)] = replace(setup, card=spec)


@given(parsers.re(rf"{P} controls Wellspring, which takes (?P<target>.+) at the beginning of each of her turns"))
def wellspring(game: ScenarioGame, player: str, target: str) -> None:
    target_id = game.set_up_permanent(target, "the Wellspring that takes it").id
    base = card("Wellspring")
    effect = EffectSpec("gain_control_at_beginning_of_turn", {"target": target_id})
    game.add_permanent(player, CardSpec(base.name, base.types, base.cost, effects=(effect,)))


@given(
    parsers.re(
        rf"{P} controls (?P<state>(?:{_STATE} )*)\"(?P<name>[^\"]+)\", an? (?P<super>(?:legendary|world) )?"
        r"(?:(?P<power>\d+)/(?P<toughness>\d+) )?(?P<types>[A-Za-z ]+?)(?P<token> token)?"
        r"(?: with (?P<counted>[^\"]+? counters?))?(?: (?:with|and) (?P<text>\"[^\"]+\"(?: and \"[^\"]+\")*))?"
        r"(?: attached to (?P<host>[^\"]+?))?"
    )
)
def controls_written(
    game: ScenarioGame,
    player: str,
    state: str,
    name: str,
    super: str | None,
    power: str | None,
    toughness: str | None,
    types: str,
    token: str | None,
    counted: str | None,
    host: str | None,
    text: str | None,
) -> None:
    """A permanent made up for the scenario, described by its type line and abilities: an
    artifact with "At the beginning of your upkeep, you gain 1 life", a Jace planeswalker with
    3 loyalty counters, an Aura with "Enchant creature" attached to Grizzly Bears, a Saga with
    1 lore counter and "II — you gain 2 life"."""
    effects = []
    for written in re.findall(r'"([^"]+)"', text or ""):
        effect = _written_ability(written)
        if "target" in effect.params:  # the permanent it names, set up before it
            target_id = game.set_up_permanent(str(effect.params["target"]), "the ability that names it").id
            effect = EffectSpec(effect.key, {**effect.params, "target": target_id})
        effects.append(effect)
    spec = _written_card(name, power, toughness, f"{super or ''}{types}", *effects)
    attached_to = game.set_up_permanent(host, f"{name}, which is attached to it").id if host else None
    state_of = _state(state, None, None, counted)
    game.add_permanent(player, spec, token=bool(token), attached_to=attached_to, **state_of)


def _written_ability(text: str) -> EffectSpec:
    try:
        return ability_from_text(text)
    except ValueError as exc:
        raise ScenarioError(str(exc)) from exc


def _written_card(name: str, power: str | None, toughness: str | None, types: str, *effects: EffectSpec) -> CardSpec:
    """A card made up for a scenario: its name, type line, power and toughness if given, and abilities."""
    pt = (int(power), int(toughness)) if power is not None and toughness is not None else (None, None)
    card_types, supertypes, subtypes = type_line(types)
    return CardSpec(
        name, card_types, power=pt[0], toughness=pt[1], effects=effects, supertypes=supertypes, subtypes=subtypes
    )


@given(
    parsers.re(
        rf"{P} has \"(?P<name>[^\"]+)\", an? (?:(?P<cost>(?:\{{[^}}]+\}})+) )?(?:(?P<power>\d+)/(?P<toughness>\d+) )?"
        r"(?P<types>[a-z ]+?)(?: with \"(?P<text>[^\"]+)\")?, in hand"
    )
)
def card_in_hand_written(
    game: ScenarioGame,
    player: str,
    name: str,
    cost: str | None,
    power: str | None,
    toughness: str | None,
    types: str,
    text: str | None,
) -> None:
    """A card in hand described by its mana cost ({0} unless written: "a {2}{B} sorcery"), type line
    and ability, as a permanent is on the battlefield."""
    written = _written_card(name, power, toughness, types, *([_written_ability(text)] if text else []))
    spec = replace(written, cost=cost or "{0}")
    game.require_effects(spec)
    game.player(player).hand.append(CardSetup(game.new_id(name), spec))


@given(parsers.re(rf"{P} will skip (?:her|his|their) next (?:(?P<n>\w+) )?(?P<what>turns?|.+? (?:steps?|phases?))"))
def will_skip(game: ScenarioGame, player: str, n: str | None, what: str) -> None:
    count = number(n) if n else 1
    what = what.rstrip("s") if what.endswith(("turns", "steps", "phases")) else what
    key = "turn" if what == "turn" else parse_part(what).name
    game.player(player).effects.append(EffectSpec("skip_next", {"what": key, "count": count}))


@given(parsers.re(r"it is (?P<designation>day|night|neither day nor night)"))
def day_or_night(game: ScenarioGame, designation: str) -> None:
    game.configure(day_night=None if designation.startswith("neither") else designation)


@given(parsers.re(r"the previous turn's active player cast (?P<n>\w+) spells? during it"))
def spells_last_turn(game: ScenarioGame, n: str) -> None:
    game.configure(spells_cast_last_turn=number(n))


@given("the rules checker watches the game")
def rules_checker_watches(game: ScenarioGame, request: pytest.FixtureRequest) -> None:
    """Record the game as a trace, for "Then the rules checker finds no violation in the game"
    (the reproductions ``turncheck explore`` prints end so).

    The trace goes to a directory of its own, removed with the scenario run. Not pytest's
    ``tmp_path``: its directories live under ``pytest-of-<user>`` beside those of the user's
    own test runs, and the session that makes one deletes the oldest of them."""
    directory = tempfile.TemporaryDirectory(prefix="turncheck-watch-")
    recorder = RecordingAdapter(game.engine, Path(directory.name) / "game.trace.jsonl")
    request.addfinalizer(directory.cleanup)
    request.addfinalizer(recorder.close)
    game.watch(recorder)
