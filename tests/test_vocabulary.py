"""Reading game language: parts of the turn, lists, mana, events and written-out abilities."""

from __future__ import annotations

import pytest

from checker.contract.cards import POOL, ability_from_text, card
from checker.contract.catalog import CATALOG
from checker.contract.interface import EffectSpec
from checker.contract.vocabulary import TurnPart, locate, parse_part
from checker.running.steps.language import event_kind, mana, names, number


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("upkeep", TurnPart("upkeep", None)),
        ("draw step", TurnPart("draw", "step")),
        ("untap phase", TurnPart("untap", "phase")),
        ("precombat main phase", TurnPart("precombat_main", "phase")),
        ("main phase", TurnPart("main", None)),
        ("end of turn step", TurnPart("end", "step")),
        ("end phase", TurnPart("ending", None)),
        ("ending phase", TurnPart("ending", "phase")),
        ("first main phase", TurnPart("precombat_main", "phase")),
        ("combat", TurnPart("combat", "phase")),
        ("the declare attackers step", TurnPart("declare_attackers", "step")),
    ],
)
def test_parts_of_the_turn_are_read_as_players_say_them(text: str, part: TurnPart) -> None:
    assert parse_part(text) == part


def test_an_unknown_part_of_the_turn_is_an_error_naming_it() -> None:
    with pytest.raises(ValueError, match="'lunch break' is not a phase or step"):
        parse_part("lunch break")


def test_a_part_without_step_or_phase_matches_either() -> None:
    upkeep = parse_part("upkeep")
    assert upkeep.matches("upkeep", None)  # Mirage's upkeep phase
    assert upkeep.matches("beginning", "upkeep")  # the CR's upkeep step
    assert not parse_part("upkeep phase").matches("beginning", "upkeep")
    assert parse_part("main phase").matches("postcombat_main", None)


@pytest.mark.parametrize(
    ("edition", "text", "where"),
    [
        ("mirage", "draw", ("draw", None)),
        ("cr2008", "draw", ("beginning", "draw")),
        ("cr2024", "beginning phase", ("beginning", "untap")),
        ("cr2024", "combat phase", ("combat", "beginning_of_combat")),
        ("cr2008", "main phase", ("precombat_main", None)),
    ],
)
def test_a_part_is_located_in_each_editions_turn(edition: str, text: str, where: tuple[str, str | None]) -> None:
    assert locate(edition, parse_part(text)) == where


def test_a_part_an_edition_lacks_is_an_error() -> None:
    with pytest.raises(ValueError, match="the mirage turn has no end step"):
        locate("mirage", parse_part("end step"))


def test_lists_counts_mana_and_events() -> None:
    assert names("Forest, Island and the Grizzly Bears") == ["Forest", "Island", "Grizzly Bears"]
    assert names("nothing") == []
    assert number("two") == 2 and number("12") == 12
    assert mana("{G}{G}{R}") == {"G": 2, "R": 1}
    with pytest.raises(ValueError, match="mana"):
        mana("2 green")
    assert event_kind("mana burned") == "mana_burned"
    with pytest.raises(ValueError, match="unknown event"):
        event_kind("mana exploded")


def test_written_out_abilities() -> None:
    assert ability_from_text("At the beginning of your upkeep, you gain 2 life").params == {
        "of": "upkeep",
        "whose": "your",
        "does": "gain_life",
        "amount": 2,
    }
    each = ability_from_text("At the beginning of each player's draw step, you draw a card")
    assert (each.params["of"], each.params["whose"], each.params["amount"]) == ("draw", "each", 1)
    assert ability_from_text("At end of turn, you lose 1 life").params["whose"] == "each"
    combat = ability_from_text("At the beginning of combat on your turn, you gain 1 life")
    assert combat.params["of"] == "beginning_of_combat"
    delayed = ability_from_text("At end of turn, Bob gains 3 life at the next end of turn")
    assert (delayed.params["player"], delayed.params["amount"]) == ("Bob", 3)
    assert ability_from_text("Target creature gets +2/+2 until end of combat").params["until"] == "end_of_combat"
    assert ability_from_text("Target creature gets +1/+1 until end of upkeep").params["until"] == "end_of_upkeep"
    assert ability_from_text("Target creature gets +3/+3 until end of turn").params["until"] == "end_of_turn"
    assert ability_from_text("This creature attacks each combat if able.") == EffectSpec("must_attack")
    assert ability_from_text("This creature attacks each turn if able") == EffectSpec("must_attack")
    for bad in ("When this enters, you gain 1 life", "At the beginning of your upkeep, you win the game"):
        with pytest.raises(ValueError, match="cannot read"):
            ability_from_text(bad)


def test_every_card_of_the_pool_uses_only_catalog_effects() -> None:
    for spec in POOL.values():
        for effect in spec.effects:
            assert effect.key in CATALOG, f"{spec.name}: {effect.key}"
            assert set(effect.params) <= set(CATALOG[effect.key].params), f"{spec.name}: {effect.params}"


def test_an_unknown_card_is_an_error_listing_the_pool() -> None:
    with pytest.raises(ValueError, match=r"no card named 'Black Lotus'.*Forest"):
        card("Black Lotus")
