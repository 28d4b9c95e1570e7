"""The steps on what happened say what they wanted and what the engine told alike: each event by
the protocol's name of its kind (``mana_emptied``), however the scenario's text wrote it."""

from __future__ import annotations

import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.contract.vocabulary import parse_part
from checker.running.steps.context import ScenarioError, ScenarioGame
from checker.running.steps.then import event_happened, events_in_order, no_event
from checker.running.steps.when import all_pass


@pytest.fixture
def game() -> ScenarioGame:
    """Alice's draw step, reached by both players passing in her upkeep."""
    game = ScenarioGame(ReferenceAdapter(), "cr2024")
    game.set_players(["Alice", "Bob"])
    game.at("Alice", parse_part("upkeep"))
    game.ensure_started()
    all_pass(game)
    return game


def test_a_row_no_event_matches_is_written_as_the_events_are(game: ScenarioGame) -> None:
    table = [
        ["event", "player", "subject", "amount"],
        ["step began", "Alice", "draw", ""],
        ["mana emptied", "Bob", "", "3"],
    ]
    with pytest.raises(ScenarioError) as failure:
        events_in_order(game, table)
    assert str(failure.value).startswith(
        "expected the event mana_emptied Bob 3, after the rows before it, but observed events:\n  "
    )
    assert failure.value.expected == "the event mana_emptied Bob 3, after the rows before it"
    assert "\n  step_began Alice draw\n" in str(failure.value.observed)


def test_an_event_that_did_not_happen_and_one_that_did_are_written_as_the_events_are(game: ScenarioGame) -> None:
    with pytest.raises(ScenarioError, match=r"^expected an event mana_emptied Bob, but observed events:\n  "):
        event_happened(game, "mana emptied", "Bob", None, None)
    with pytest.raises(ScenarioError) as failure:
        no_event(game, "step began", "Alice", "draw")
    assert (
        str(failure.value) == "expected no event step_began Alice draw, but observed events:\n  step_began Alice draw"
    )
