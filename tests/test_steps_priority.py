"""'Both players pass priority' means each player passes once, in turn: an engine that never gives
the other player priority fails there, saying who held it."""

from __future__ import annotations

import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.contract.interface import EngineAdapter
from checker.contract.vocabulary import parse_part
from checker.running.steps.context import ScenarioError, ScenarioGame
from checker.running.steps.when import all_pass
from tests.fakes.adapters import ActivePlayerOnlyPriority


def in_upkeep(engine: EngineAdapter, players: tuple[str, ...] = ("Alice", "Bob")) -> ScenarioGame:
    game = ScenarioGame(engine, "cr2024")
    game.set_players(list(players))
    game.at("Alice", parse_part("upkeep"))
    game.ensure_started()
    return game


def test_against_an_engine_that_never_gives_the_other_player_priority_the_step_fails_naming_who_held_it() -> None:
    game = in_upkeep(ActivePlayerOnlyPriority())
    with pytest.raises(ScenarioError) as failure:
        all_pass(game)
    message = str(failure.value)
    assert message.startswith("after Alice passed priority, Alice held priority, not Bob: each player passes once")
    assert "Alice's turn 2, phase beginning, step upkeep" in message
    assert (failure.value.expected, failure.value.observed) == ("Bob to hold priority", "Alice held priority")


@pytest.mark.parametrize("players", [("Alice", "Bob"), ("Alice", "Bob", "Carol")])
def test_each_player_passes_once_in_turn_and_the_step_ends(players: tuple[str, ...]) -> None:
    game = in_upkeep(ReferenceAdapter(), players)
    all_pass(game)
    passes = [e.player for e in game.events() if e.kind == "priority_passed"]
    assert passes == list(players)
    assert game.view().step == "draw"


def test_with_nobody_holding_priority_the_step_says_where_the_game_waits() -> None:
    game = ScenarioGame(ReferenceAdapter(), "cr2024")
    game.at("Alice", parse_part("declare attackers step"))
    game.ensure_started()
    with pytest.raises(ScenarioError, match=r"nobody has priority to pass \(the game: .*waiting for Alice to decide"):
        all_pass(game)
