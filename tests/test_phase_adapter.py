"""Unit tests of the phase.rs adapter; they run only with the optional extra installed (`pip install .[phase]`)."""

from __future__ import annotations

import pytest

pytest.importorskip("phase", reason="phase-python (the optional extra `.[phase]`) is not installed")

from checker.adapters import phase_cards
from checker.adapters.phase_rs import PhaseAdapter
from checker.cards import card
from checker.interface import (
    CardSetup,
    EngineAdapter,
    GameSetup,
    IllegalActionError,
    PassPriority,
    PermanentSetup,
    PlayerSetup,
    PlayLand,
    UnsupportedError,
)


def _setup(**kw: object) -> GameSetup:
    alice = PlayerSetup("Alice", library=tuple(CardSetup(f"a{i}", card("Island")) for i in range(5)))
    bob = PlayerSetup("Bob", library=tuple(CardSetup(f"b{i}", card("Island")) for i in range(5)))
    args: dict[str, object] = {"edition": "cr2024", "players": (alice, bob), "active_player": "Alice"}
    args.update(kw)
    return GameSetup(**args)  # type: ignore[arg-type]


def test_adapter_satisfies_the_interface() -> None:
    adapter = PhaseAdapter()
    assert isinstance(adapter, EngineAdapter)
    caps = adapter.capabilities()
    assert caps.editions == frozenset({"cr2024"})
    assert caps.version == "0.103.0"
    assert "haste" in caps.effects and "returns_held_card" not in caps.effects


def test_other_editions_are_unsupported() -> None:
    with pytest.raises(UnsupportedError):
        PhaseAdapter().start(_setup(edition="mirage"))


def test_turn_start_untaps_and_gives_priority_in_upkeep() -> None:
    adapter = PhaseAdapter()
    forest = PermanentSetup("f1", card("Forest"), "Alice", tapped=True)
    adapter.start(_setup(battlefield=(forest,)))
    view = adapter.view()
    assert (view.turn_number, view.active_player, view.phase, view.step) == (2, "Alice", "beginning", "upkeep")
    assert view.priority == "Alice"
    assert [p.tapped for p in view.battlefield] == [False]
    kinds = [e.kind for e in adapter.events()]
    assert kinds[0] == "turn_began" and "untapped" in kinds


def test_draw_step_draws_and_ids_are_the_suites() -> None:
    adapter = PhaseAdapter()
    adapter.start(_setup())
    adapter.perform(PassPriority("Alice"))
    adapter.perform(PassPriority("Bob"))
    view = adapter.view()
    assert view.step == "draw"
    assert [c.id for c in view.player("Alice").hand] == ["a0"]
    drawn = [e for e in adapter.events() if e.kind == "card_drawn"]
    assert drawn[-1].player == "Alice" and drawn[-1].subject == "a0"


def test_refused_actions_raise_illegal_action() -> None:
    adapter = PhaseAdapter()
    alice = PlayerSetup("Alice", hand=(CardSetup("f", card("Forest")),))
    adapter.start(_setup(players=(alice, PlayerSetup("Bob"))))
    with pytest.raises(IllegalActionError):
        adapter.perform(PlayLand("Alice", "f"))  # in the upkeep
    with pytest.raises(IllegalActionError):
        adapter.perform(PassPriority("Bob"))  # Alice has priority


def test_card_definitions_parse() -> None:
    for name in ("Howling Mine", "Juzam Djinn", "Lightning Bolt", "Raging Goblin"):
        face = phase_cards.build_face(card(name))
        assert face["name"] == name
    with pytest.raises(UnsupportedError):
        phase_cards.definition(card("Time Vault"))


def test_attackers_and_blockers_are_shown_and_combat_events_mapped() -> None:
    from checker.interface import DeclareAttackers, DeclareBlockers

    adapter = PhaseAdapter()
    battlefield = (
        PermanentSetup("bears", card("Grizzly Bears"), "Alice"),
        PermanentSetup("giant", card("Hill Giant"), "Alice"),
        PermanentSetup("wall", card("Grizzly Bears"), "Bob"),
    )
    adapter.start(_setup(battlefield=battlefield, phase="combat", step="beginning_of_combat"))
    adapter.perform(PassPriority("Alice"))
    adapter.perform(PassPriority("Bob"))
    attack = adapter.view().decision
    assert attack is not None and attack.kind == "declare_attackers"
    adapter.perform(DeclareAttackers("Alice", ("bears", "giant")))
    assert {p.id for p in adapter.view().battlefield if p.attacking} == {"bears", "giant"}
    adapter.perform(PassPriority("Alice"))
    adapter.perform(PassPriority("Bob"))
    decision = adapter.view().decision
    assert decision is not None and (decision.kind, decision.player) == ("declare_blockers", "Bob")
    adapter.perform(DeclareBlockers("Bob", (("wall", "giant"),)))
    assert [p.blocking for p in adapter.view().battlefield if p.id == "wall"] == ["giant"]
    adapter.perform(PassPriority("Alice"))
    adapter.perform(PassPriority("Bob"))
    dealt = {(e.player, e.subject, e.amount) for e in adapter.events() if e.kind == "damage_dealt"}
    assert ("Bob", "Bob", 2) in dealt and ("Bob", "wall", 3) in dealt
    kinds = [e.kind for e in adapter.events()]
    assert "blockers_declared" in kinds and "died" in kinds


def test_untap_choice_and_trigger_order_are_mapped() -> None:
    from checker.interface import ChooseUntap, OrderTriggers

    adapter = PhaseAdapter()
    prison = PermanentSetup("prison", card("Amber Prison"), "Alice", tapped=True)
    adapter.start(_setup(battlefield=(prison,)))
    decision = adapter.view().decision
    assert decision is not None and (decision.kind, decision.options) == ("untap", ("prison",))
    adapter.perform(ChooseUntap("Alice", ()))
    assert [p.tapped for p in adapter.view().battlefield] == [True]

    adapter = PhaseAdapter()
    battlefield = (
        PermanentSetup("djinn", card("Juzam Djinn"), "Alice"),
        PermanentSetup("fountain", card("Fountain of Renewal"), "Alice"),
    )
    adapter.start(_setup(battlefield=battlefield))
    decision = adapter.view().decision
    assert decision is not None and decision.kind == "order_triggers"
    adapter.perform(OrderTriggers("Alice", ("fountain", "djinn")))
    assert [s.name for s in adapter.view().stack] == ["Fountain of Renewal", "Juzam Djinn"]
    adapter.perform(PassPriority("Alice"))
    adapter.perform(PassPriority("Bob"))
    resolved = [e.subject for e in adapter.events() if e.kind == "resolved"]
    assert resolved == ["fountain"]
    assert adapter.view().player("Alice").life == 21


def test_mana_empties_as_a_step_ends() -> None:
    from checker.interface import ActivateManaAbility

    adapter = PhaseAdapter()
    forest = PermanentSetup("f1", card("Forest"), "Alice")
    adapter.start(_setup(battlefield=(forest,)))
    adapter.perform(ActivateManaAbility("Alice", "f1"))
    assert adapter.view().player("Alice").mana_pool == {"G": 1}
    adapter.perform(PassPriority("Alice"))
    adapter.perform(PassPriority("Bob"))
    emptied = [(e.player, e.amount) for e in adapter.events() if e.kind == "mana_emptied"]
    assert emptied == [("Alice", 1)]
