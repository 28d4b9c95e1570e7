"""Unit tests of the reference engine's parts: mana, editions, and its errors."""

from __future__ import annotations

import pytest

from reference_engine import CR2008, CR2024, EDITIONS, Game, IllegalAction, Mirage
from reference_engine.cards import CardDef, CardType
from reference_engine.errors import Refusal
from reference_engine.mana import Color, ManaCost, ManaPool
from reference_engine.turn import Phase, Priority, Segment, Step

BEARS = CardDef("Grizzly Bears", frozenset({CardType.CREATURE}), ManaCost.parse("{1}{G}"), 2, 2)


def test_mana_costs_are_read_from_symbols() -> None:
    assert ManaCost.parse("{2}{G}{G}") == ManaCost(2, ((Color.GREEN, 2),))
    assert ManaCost.parse("") == ManaCost()
    with pytest.raises(ValueError, match="cannot read mana cost"):
        ManaCost.parse("2GG")


def test_a_pool_pays_colored_mana_first_and_generic_from_the_rest() -> None:
    pool = ManaPool()
    pool.add(Color.GREEN, 2)
    pool.add(Color.COLORLESS)
    assert pool.can_pay(ManaCost.parse("{1}{G}"))
    assert not pool.can_pay(ManaCost.parse("{R}"))
    assert not pool.can_pay(ManaCost.parse("{3}{G}"))
    pool.pay(ManaCost.parse("{1}{G}"))
    assert pool.as_dict() == {"G": 1}
    with pytest.raises(ValueError, match="not enough mana"):
        pool.pay(ManaCost.parse("{2}"))
    assert pool.empty() == 1 and pool.total == 0


def test_editions_declare_only_what_differs() -> None:
    assert set(EDITIONS) == {"mirage", "cr2008", "cr2024"}
    assert Mirage.mana_burn and CR2008.mana_burn and not CR2024.mana_burn
    assert CR2024.mana_empties_after_steps and not CR2008.mana_empties_after_steps
    assert Mirage.life_checked_at_end_of_phase and not CR2024.life_checked_at_end_of_phase
    assert CR2008.combat_damage_uses_stack and not CR2024.combat_damage_uses_stack
    assert CR2024.turn_template == CR2008.turn_template
    assert [t.phase for t in Mirage.turn_template][:2] == [Phase.BEGINNING_OF_TURN, Phase.UNTAP]


def test_who_may_act_in_each_part_of_the_turn() -> None:
    untap = Segment(Phase.BEGINNING, Step.UNTAP)
    assert CR2024().priority_in(untap) is Priority.NONE
    assert CR2024().priority_in(Segment(Phase.BEGINNING, Step.UPKEEP)) is Priority.FULL
    assert Mirage().priority_in(Segment(Phase.UNTAP, None)) is Priority.MANA_ONLY
    assert Mirage().priority_in(Segment(Phase.MAIN, None)) is Priority.FULL
    assert repr(Mirage()) == "<Mirage mirage>"


def test_a_game_needs_two_players_with_distinct_names() -> None:
    with pytest.raises(ValueError, match="two or more players"):
        Game(CR2024(), ["Alice"])
    with pytest.raises(ValueError, match="distinct"):
        Game(CR2024(), ["Alice", "Alice"])


def test_a_game_cannot_start_in_a_part_its_edition_lacks() -> None:
    game = Game(Mirage(), ["Alice", "Bob"])
    with pytest.raises(ValueError, match="mirage has no part of the turn"):
        game.start(active="Alice", at=Segment(Phase.COMBAT, Step.DECLARE_ATTACKERS))


def test_illegal_actions_are_refused_with_the_reason() -> None:
    game = Game(CR2024(), ["Alice", "Bob"])
    game.add_card("Alice", "hand", BEARS, "bears")
    game.start(active="Alice", at=Segment(Phase.BEGINNING, Step.UPKEEP))
    assert game.decision is not None and game.decision.player == "Alice"
    with pytest.raises(IllegalAction, match="Bob can't do that now: the game is waiting for Alice") as refusal:
        game.pass_priority("Bob")
    assert refusal.value.reason is Refusal.NOT_YOUR_PRIORITY
    with pytest.raises(IllegalAction, match="main phase") as refusal:
        game.cast("Alice", "bears")
    assert refusal.value.reason is Refusal.TIMING
    with pytest.raises(IllegalAction, match="no card 'nothing' in hand"):
        game.cast("Alice", "nothing")
    with pytest.raises(IllegalAction, match="no permanent"):
        game.activate_mana_ability("Alice", "nowhere")


def test_the_same_seed_shuffles_the_same_way() -> None:
    def opening_hand(seed: int) -> list[str]:
        game = Game(CR2024(), ["Alice", "Bob"], seed=seed)
        for n in range(20):
            game.add_card("Alice", "library", BEARS, f"a{n}")
            game.add_card("Bob", "library", BEARS, f"b{n}")
        game.start(active="Alice", from_game_start=True, chooser="Alice")
        game.choose_play_first("Alice", True)
        return [c.id for c in game.players["Alice"].hand]

    assert opening_hand(7) == opening_hand(7)
    assert opening_hand(7) != opening_hand(8)
