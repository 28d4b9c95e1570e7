"""'The game refuses it because <reason>' checks why: a refusal for another reason fails, and an
engine that gives no reason can't be judged on it (unsupported, never a pass)."""

from __future__ import annotations

import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.contract.interface import Action, EngineAdapter, IllegalActionError, PassPriority, UnsupportedError
from checker.contract.vocabulary import parse_part
from checker.running.steps.context import ScenarioError, ScenarioGame
from checker.running.steps.then import refused, refused_because


class ReasonlessEngine(ReferenceAdapter):
    """An engine older than the reasons: it refuses without saying why."""

    def perform(self, action: Action) -> None:
        try:
            super().perform(action)
        except IllegalActionError as exc:
            raise IllegalActionError(str(exc)) from None


def bob_passes_in_alices_upkeep(engine: EngineAdapter) -> ScenarioGame:
    game = ScenarioGame(engine, "cr2024")
    game.set_players(["Alice", "Bob"])
    game.at("Alice", parse_part("upkeep"))
    game.perform(PassPriority("Bob"), attempt=True)
    return game


def test_the_reason_given_passes() -> None:
    game = bob_passes_in_alices_upkeep(ReferenceAdapter())
    refused(game)
    refused_because(game, "not_your_priority")


def test_a_refusal_for_another_reason_fails_naming_both() -> None:
    with pytest.raises(ScenarioError) as failure:
        refused_because(bob_passes_in_alices_upkeep(ReferenceAdapter()), "timing")
    assert failure.value.expected == "a refusal because timing"
    assert str(failure.value.observed).startswith("a refusal because not_your_priority: Bob can't do that now")


def test_an_engine_without_reasons_still_refuses_and_the_reason_is_unsupported() -> None:
    game = bob_passes_in_alices_upkeep(ReasonlessEngine())
    refused(game)
    with pytest.raises(UnsupportedError, match="without a reason"):
        refused_because(game, "not_your_priority")


def test_a_reason_outside_the_vocabulary_is_a_mistake_in_the_scenario() -> None:
    expected = "'busy' is not a refusal reason; the reasons: combat_restriction, cost_unpaid"
    with pytest.raises(ScenarioError, match=expected):
        refused_because(bob_passes_in_alices_upkeep(ReferenceAdapter()), "busy")


def test_an_allowed_action_fails_the_reason_step_too() -> None:
    game = ScenarioGame(ReferenceAdapter(), "cr2024")
    game.set_players(["Alice", "Bob"])
    game.at("Alice", parse_part("upkeep"))
    game.perform(PassPriority("Alice"), attempt=True)
    with pytest.raises(ScenarioError, match="expected the engine to refuse the action"):
        refused_because(game, "timing")
