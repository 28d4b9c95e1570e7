"""'The game advances to X' fails where the game went past X, naming X and where the game is,
rather than running on and failing at some later, unrelated check."""

from __future__ import annotations

import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.contract.interface import EngineAdapter
from checker.contract.vocabulary import parse_part
from checker.running.steps.context import ScenarioError, ScenarioGame
from checker.running.steps.when import advance_to
from tests.fakes.adapters import NeverStopsIn


def in_main_phase(engine: EngineAdapter, edition: str = "cr2024") -> ScenarioGame:
    game = ScenarioGame(engine, edition)
    game.at("Alice", parse_part("main phase" if edition == "mirage" else "precombat main phase"))
    game.ensure_started()
    return game


def test_an_engine_that_never_stops_in_the_upkeep_fails_there() -> None:
    game = in_main_phase(NeverStopsIn("upkeep"))
    with pytest.raises(ScenarioError) as failure:
        advance_to(game, "Alice", None, "upkeep")
    message = str(failure.value)
    assert message.startswith("Alice's upkeep began and ended without the game stopping in it")
    assert (
        "the game is now at Alice's turn 4, phase beginning, step draw, waiting for Alice to decide priority" in message
    )
    assert failure.value.expected == "Alice's upkeep"


def test_an_engine_whose_turn_goes_past_the_upkeep_unannounced_fails_in_that_turn() -> None:
    game = in_main_phase(NeverStopsIn("upkeep", hidden=True))
    with pytest.raises(ScenarioError) as failure:
        advance_to(game, "Alice", None, "upkeep")
    message = str(failure.value)
    assert message.startswith(
        "the game went past Alice's upkeep: in Alice's turn 4 the draw step began, "
        "but Alice's upkeep neither began before it nor was skipped"
    )
    assert "the game is now at Alice's turn 4" in message


@pytest.mark.parametrize(("edition", "part"), [("cr2024", "upkeep"), ("cr2024", "end step"), ("mirage", "draw")])
def test_the_reference_engine_stops_in_the_part_it_advances_to(edition: str, part: str) -> None:
    game = in_main_phase(ReferenceAdapter(), edition)
    advance_to(game, "Bob", None, part)
    view = game.view()
    assert view.active_player == "Bob" and parse_part(part).matches(view.phase, view.step)


def test_a_skipped_part_of_the_turn_is_not_an_overrun() -> None:
    """No attackers: the declare blockers step is skipped (CR 508.8), so the game goes on looking
    for a later one, never declaring attackers, until the game ends by decking."""
    game = in_main_phase(ReferenceAdapter())
    with pytest.raises(ScenarioError) as failure:
        advance_to(game, "Alice", None, "declare blockers step")
    assert str(failure.value).startswith("the game ended (winner: Alice) before Alice's declare blockers step")
