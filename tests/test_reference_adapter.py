"""The reference engine's adapter: capabilities, mapping of the catalog, errors."""

from __future__ import annotations

from dataclasses import replace

import pytest

from checker.adapters.reference import ReferenceAdapter, card_definition
from checker.contract.cards import POOL
from checker.contract.catalog import CATALOG
from checker.contract.interface import (
    CardSetup,
    CardSpec,
    CastSpell,
    EffectSpec,
    EngineAdapter,
    GameSetup,
    IllegalActionError,
    PassPriority,
    PlayerSetup,
    UnsupportedError,
)
from checker.contract.vocabulary import DECISIONS, EDITIONS, EVENTS, parse_part
from checker.running.engines import NOT_IMPORTABLE, EngineNotFound, EngineProvider, load_python_engine
from checker.running.steps.context import ScenarioGame
from checker.running.steps.when import _began


def test_the_reference_adapter_supports_every_edition_and_catalog_entry() -> None:
    adapter = ReferenceAdapter()
    assert isinstance(adapter, EngineAdapter)
    capabilities = adapter.capabilities()
    assert capabilities.editions == frozenset(EDITIONS)
    assert capabilities.effects == frozenset(CATALOG)


@pytest.mark.parametrize("name", sorted(POOL))
def test_every_card_of_the_pool_maps_onto_the_engine(name: str) -> None:
    definition = card_definition(POOL[name])
    assert definition.name == name
    assert len(definition.abilities) == len(POOL[name].effects)


def test_an_effect_outside_the_catalog_is_unsupported() -> None:
    with pytest.raises(UnsupportedError, match="not in the catalog"):
        card_definition(CardSpec("Mystery", ("artifact",), effects=(EffectSpec("teleport"),)))


def _setup(**changes: object) -> GameSetup:
    players = (PlayerSetup("Alice"), PlayerSetup("Bob"))
    return GameSetup(**{"edition": "cr2024", "players": players, "active_player": "Alice", **changes})  # type: ignore[arg-type]


def test_starting_in_an_unknown_edition_or_part_of_the_turn_is_unsupported() -> None:
    with pytest.raises(UnsupportedError, match="edition"):
        ReferenceAdapter().start(_setup(edition="alpha"))
    with pytest.raises(UnsupportedError, match="no part of the turn"):
        ReferenceAdapter().start(_setup(edition="mirage", phase="combat", step="declare_attackers"))
    with pytest.raises(UnsupportedError, match="no game"):
        ReferenceAdapter().view()


def test_views_and_events_use_the_interface_vocabulary() -> None:
    adapter = ReferenceAdapter()
    adapter.start(_setup(phase="beginning", step="upkeep"))
    view = adapter.view()
    assert (view.phase, view.step, view.priority) == ("beginning", "upkeep", "Alice")
    assert view.decision is not None and view.decision.kind in DECISIONS
    adapter.perform(PassPriority("Alice"))
    with pytest.raises(IllegalActionError, match="waiting for Bob"):
        adapter.perform(PassPriority("Alice"))
    assert {e.kind for e in adapter.events()} <= EVENTS


def test_engines_are_loaded_by_name_or_import_path() -> None:
    assert isinstance(load_python_engine("reference"), ReferenceAdapter)
    assert isinstance(load_python_engine("checker.adapters.reference:ReferenceAdapter"), ReferenceAdapter)
    with pytest.raises(EngineNotFound, match="use 'reference' or"):
        load_python_engine("forge")
    with pytest.raises(EngineNotFound, match="No module named 'no_such_module': install the adapter's package"):
        load_python_engine("no_such_module:Engine")
    with pytest.raises(EngineNotFound, match="could not be created: TypeError"):
        load_python_engine("checker.contract.catalog:CatalogEntry")
    with pytest.raises(EngineNotFound, match="does not implement"):
        load_python_engine("collections:OrderedDict")


def test_only_an_adapter_package_that_is_not_there_is_told_how_to_make_it_importable() -> None:
    """A console script doesn't look in the current directory: the package must be installed or on PYTHONPATH.
    A misspelt module of a package that is there, or a module the adapter imports, is only named."""
    with pytest.raises(EngineNotFound) as missing:
        load_python_engine("mypackage.adapter:MyAdapter")
    assert str(missing.value) == f"engine 'mypackage.adapter:MyAdapter': No module named 'mypackage': {NOT_IMPORTABLE}"
    with pytest.raises(EngineNotFound) as misspelt:
        load_python_engine("checker.adapters.referense:ReferenceAdapter")
    assert str(misspelt.value).endswith("No module named 'checker.adapters.referense'")


def test_an_engine_command_that_is_not_installed_is_found_out_before_the_run() -> None:
    with pytest.raises(EngineNotFound, match="no program 'forge-engine' found"):
        EngineProvider("forge-engine --serve").check()
    with pytest.raises(EngineNotFound, match="cannot read it as a command line"):
        EngineProvider('engine "unclosed').check()


def test_in_mirage_a_step_added_after_a_phase_is_a_phase_of_its_own() -> None:
    """Mirage's turn has no steps, so "an additional upkeep step after this phase" adds an upkeep phase."""
    from checker.contract.cards import ability_from_text
    from checker.contract.interface import DeclareAttackers, DeclareBlockers, PermanentSetup

    text = "Whenever this creature deals combat damage, you get an additional upkeep step after this phase"
    chronologist = CardSpec("Chronologist", ("creature",), power=2, toughness=2, effects=(ability_from_text(text),))
    adapter = ReferenceAdapter()
    adapter.start(_setup(edition="mirage", phase="main", battlefield=(PermanentSetup("c", chronologist, "Alice"),)))
    adapter.perform(DeclareAttackers("Alice", ("c",)))
    adapter.perform(DeclareBlockers("Bob", ()))
    assert ("phase_added", "upkeep") in [(e.kind, e.subject) for e in adapter.events()]
    adapter.perform(PassPriority("Alice"))
    adapter.perform(PassPriority("Bob"))
    assert adapter.view().phase == "upkeep"


@pytest.mark.parametrize(("cost", "castable"), [("", False), ("{0}", True)])
def test_a_card_with_no_mana_cost_cant_be_cast_but_one_costing_zero_can(cost: str, castable: bool) -> None:
    """No mana cost is an unpayable cost (CR 202.1b, 118.6); {0} costs nothing."""
    spell = CardSpec("Quiet Thought", ("sorcery",), cost, effects=(EffectSpec("gain_life", {"amount": 1}),))
    hand = (CardSetup("spell-1", spell),)
    setup = replace(_setup(phase="precombat_main"), players=(PlayerSetup("Alice", hand=hand), PlayerSetup("Bob")))
    adapter = ReferenceAdapter()
    adapter.start(setup)
    if castable:
        adapter.perform(CastSpell("Alice", "spell-1"))
        assert [item.name for item in adapter.view().stack] == ["Quiet Thought"]
    else:
        with pytest.raises(IllegalActionError, match="no mana cost"):
            adapter.perform(CastSpell("Alice", "spell-1"))


def test_views_and_events_kept_between_calls_follow_every_change_of_the_game() -> None:
    """The adapter reuses what hasn't changed since its last view; what has changed is new."""
    adapter = ReferenceAdapter()
    game = ScenarioGame(adapter, "cr2024")
    game.at("Alice", parse_part("upkeep step"))
    game.ensure_started()
    before, events_before = adapter.view(), list(adapter.events())
    again = adapter.view()
    assert again.players[0] is before.players[0] and again.players[1] is before.players[1]
    game.advance(_began("Alice", "draw step"), "Alice's draw step")
    after, events_after = adapter.view(), adapter.events()
    alice_before, alice_after = before.player("Alice"), after.player("Alice")
    assert len(alice_after.library) == len(alice_before.library) - 1
    assert alice_after.hand == (*alice_before.hand, alice_before.library[0])
    assert after.player("Bob") is before.player("Bob")
    assert events_after[: len(events_before)] == events_before
    assert [e.kind for e in events_after[len(events_before) :]].count("card_drawn") == 1
    fresh = ReferenceAdapter()
    fresh.start(game.setup)
    assert fresh.view().player("Alice") == before.player("Alice")
