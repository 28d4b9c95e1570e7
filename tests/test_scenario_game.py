"""The scenario's game asks the engine for its state only when something may have changed."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.contract.interface import (
    Action,
    Capabilities,
    CardSpec,
    EffectSpec,
    GameEvent,
    GameSetup,
    GameView,
    PassPriority,
    UnsupportedError,
)
from checker.running.recording import RecordingAdapter
from checker.running.steps.context import ScenarioGame
from checker.running.steps.when import _began


class CountingAdapter(ReferenceAdapter):
    """The reference engine, counting the requests the suite makes of it."""

    def __init__(self) -> None:
        super().__init__()
        self.requests: Counter[str] = Counter()

    def start(self, setup: GameSetup) -> None:
        self.requests["start"] += 1
        super().start(setup)

    def perform(self, action: Action) -> None:
        self.requests["perform"] += 1
        super().perform(action)

    def view(self) -> GameView:
        self.requests["view"] += 1
        return super().view()

    def events(self) -> list[GameEvent]:
        self.requests["events"] += 1
        return super().events()


def test_steps_between_two_actions_share_one_view_and_one_list_of_events() -> None:
    engine = CountingAdapter()
    game = ScenarioGame(engine, "cr2024")
    game.at("Alice", None)
    game.advance(_began("Alice", "draw step"), "Alice's draw step")
    asked = engine.requests.copy()
    for _ in range(3):  # Then steps after the advance
        assert game.view().step == "draw"
        assert any(e.kind == "card_drawn" for e in game.events())
    assert engine.requests == asked, "the view and events the advance saw last were asked for again"
    game.perform(game.default_action(game.view()))
    game.view()
    game.view()
    assert engine.requests - asked == Counter(perform=1, view=1)


class PassingAfter(CountingAdapter):
    """An engine that can take an action and the pass of priority that follows it at once, as one that
    took up the protocol's then_pass can through the wire."""

    def perform_then_pass(self, action: Action, stops: frozenset[str]) -> str | None:
        self.requests["perform_then_pass"] += 1
        before = len(ReferenceAdapter.events(self))
        ReferenceAdapter.perform(self, action)
        view, new = ReferenceAdapter.view(self), ReferenceAdapter.events(self)[before:]
        if any(e.kind in stops for e in new) or view.game_over or not view.decision or view.decision.kind != "priority":
            return None
        ReferenceAdapter.perform(self, PassPriority(view.decision.player))
        return view.decision.player


def test_advancing_asks_for_a_pass_with_the_one_before_where_the_engine_can_and_ends_where_it_would(
    tmp_path: Path,
) -> None:
    plain, passing, recorded = CountingAdapter(), PassingAfter(), PassingAfter()
    ends = []
    for engine in (plain, passing, recorded):
        game = ScenarioGame(engine, "cr2024")
        if engine is recorded:
            game.watch(RecordingAdapter(engine, tmp_path / "trace.jsonl"))
        game.at("Alice", None)
        game.advance(_began("Bob", "declare attackers step"), "Bob's declare attackers step")
        ends.append((game.view(), game.events()))
    assert ends[0] == ends[1] == ends[2]
    assert passing.requests["perform_then_pass"] > 10 and passing.requests["perform"] < plain.requests["perform"] / 2
    assert recorded.requests["perform_then_pass"] == 0  # a game recorded as a trace records each action


def test_a_new_id_is_the_name_or_the_first_numbered_name_not_taken() -> None:
    game = ScenarioGame(ReferenceAdapter(), "cr2024")
    assert game.new_id("Forest") == "Forest"
    assert game.new_id("Forest 3") == "Forest 3"
    assert [game.new_id("Forest") for _ in range(3)] == ["Forest 2", "Forest 4", "Forest 5"]
    assert game.new_id("Island") == "Island"


class NoSagas(ReferenceAdapter):
    """The reference engine, claiming not to know chapter abilities or phasing."""

    def capabilities(self) -> Capabilities:
        capabilities = super().capabilities()
        return replace(capabilities, effects=capabilities.effects - {"chapter", "phasing"})


def test_an_unsupported_card_names_each_missing_effect_once() -> None:
    game = ScenarioGame(NoSagas(), "cr2024")
    saga = CardSpec(
        "Chronicle",
        ("enchantment",),
        effects=(
            EffectSpec("chapter", {"chapter": 1}),
            EffectSpec("phasing"),
            EffectSpec("chapter", {"chapter": 2}),
            EffectSpec("haste"),
        ),
        subtypes=("Saga",),
    )
    with pytest.raises(UnsupportedError) as refused:
        game.require_effects(saga)
    assert str(refused.value) == "Chronicle needs catalog effect(s) chapter, phasing"
