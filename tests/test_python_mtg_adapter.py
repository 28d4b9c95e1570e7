"""Unit tests of the python-mtg adapter; they run only with the optional extra installed (`pip install .[mtg]`)."""

from __future__ import annotations

import pytest

pytest.importorskip("mtg", reason="python-mtg (the optional extra `.[mtg]`) is not installed")

from checker.adapters.python_mtg import PythonMtgAdapter
from checker.adapters.python_mtg_setup import MAPPED_EFFECTS
from checker.contract.cards import card
from checker.contract.interface import (
    CardSetup,
    CastSpell,
    ChooseDiscard,
    DeclareAttackers,
    DeclareBlockers,
    EngineAdapter,
    GameSetup,
    IllegalActionError,
    PassPriority,
    PermanentSetup,
    PlayerSetup,
    PlayLand,
    UnsupportedError,
)


def _setup(hand: tuple[str, ...] = (), **kw: object) -> GameSetup:
    alice = PlayerSetup(
        "Alice",
        library=tuple(CardSetup(f"a{i}", card("Island")) for i in range(5)),
        hand=tuple(CardSetup(f"h{i}", card(name)) for i, name in enumerate(hand)),
    )
    bob = PlayerSetup("Bob", library=tuple(CardSetup(f"b{i}", card("Island")) for i in range(5)))
    args: dict[str, object] = {"edition": "cr2024", "players": (alice, bob), "active_player": "Alice"}
    args.update(kw)
    return GameSetup(**args)  # type: ignore[arg-type]


def _started(hand: tuple[str, ...] = (), **kw: object) -> PythonMtgAdapter:
    adapter = PythonMtgAdapter()
    adapter.start(_setup(hand, **kw))
    return adapter


def _bears(controller: str, pid: str = "bears", **kw: object) -> PermanentSetup:
    return PermanentSetup(pid, card("Grizzly Bears"), controller, **kw)  # type: ignore[arg-type]


def _kinds(adapter: PythonMtgAdapter) -> list[tuple[str, str | None]]:
    return [(e.kind, e.subject) for e in adapter.events()]


def test_adapter_satisfies_the_interface() -> None:
    adapter = PythonMtgAdapter()
    assert isinstance(adapter, EngineAdapter)
    caps = adapter.capabilities()
    assert (caps.name, caps.version) == ("python-mtg", "0.1.1")
    assert caps.editions == frozenset({"cr2024"})
    assert {"haste", "damage", "pump"} <= caps.effects == MAPPED_EFFECTS
    assert "whenever" not in caps.effects


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"edition": "cr2008"}, "current rules"),
        ({"from_game_start": True}, "play-or-draw"),
        ({"day_night": "day"}, "day and night"),
        ({"battlefield": (_bears("Alice", damage=1),)}, "damage marked"),
        ({"battlefield": (_bears("Alice", phased_out=True),)}, "phasing"),
    ],
)
def test_what_python_mtg_cannot_express_is_unsupported(change: dict[str, object], why: str) -> None:
    with pytest.raises(UnsupportedError, match=why):
        _started((), **change)


def test_a_card_python_mtg_does_not_know_is_unsupported() -> None:
    with pytest.raises(UnsupportedError, match="Soldier"):
        _started(battlefield=(PermanentSetup("s", card("Soldier"), "Alice"),))


def test_a_fictional_card_with_a_mapped_effect_is_unsupported() -> None:
    spec = card("Lightning Bolt")
    fake = type(spec)("Lightning Zap", spec.types, spec.cost, effects=spec.effects)
    adapter = PythonMtgAdapter()
    setup = _setup()
    alice = PlayerSetup("Alice", library=setup.players[0].library, hand=(CardSetup("z", fake),))
    with pytest.raises(UnsupportedError, match="Lightning Zap"):
        adapter.start(GameSetup("cr2024", (alice, setup.players[1]), "Alice"))


def test_a_turn_begins_with_its_untap_step_and_the_engine_untaps() -> None:
    adapter = _started(battlefield=(_bears("Alice", tapped=True),))
    view = adapter.view()
    assert (view.step, view.priority) == ("upkeep", "Alice")
    assert _kinds(adapter)[:5] == [
        ("turn_began", None),
        ("phase_began", "beginning"),
        ("step_began", "untap"),
        ("untapped", "bears"),
        ("step_ended", "untap"),
    ]
    assert not next(p for p in view.battlefield if p.id == "bears").tapped


def test_only_the_active_player_gets_priority() -> None:
    """python-mtg gives priority to the active player alone: a pass by the other is refused, not invented."""
    adapter = _started(phase="precombat_main")
    with pytest.raises(IllegalActionError):
        adapter.perform(PassPriority("Bob"))
    adapter.perform(PassPriority("Alice"))
    assert adapter.view().step == "beginning_of_combat"


def test_the_draw_step_gives_priority_before_the_draw() -> None:
    """The engine's turn loop opens the priority window of the draw step before its draw (a deviation)."""
    adapter = _started(phase="beginning", step="draw")
    assert len(adapter.view().player("Alice").hand) == 0
    adapter.perform(PassPriority("Alice"))
    assert [c.id for c in adapter.view().player("Alice").hand] == ["a0"]
    assert ("card_drawn", "a0") in _kinds(adapter)


def test_a_land_is_played_in_a_main_phase_once() -> None:
    adapter = _started(("Forest", "Forest"), phase="precombat_main")
    adapter.perform(PlayLand("Alice", "h0"))
    assert ("land_played", "h0") in _kinds(adapter)
    assert any(p.id == "h0" for p in adapter.view().battlefield)
    with pytest.raises(IllegalActionError):
        adapter.perform(PlayLand("Alice", "h1"))


def test_an_attack_and_a_block_are_the_players_declarations() -> None:
    adapter = _started(
        phase="combat",
        step="declare_attackers",
        battlefield=(_bears("Alice"), PermanentSetup("giant", card("Hill Giant"), "Bob")),
    )
    d = adapter.view().decision
    assert d is not None and (d.kind, d.player, d.options) == ("declare_attackers", "Alice", ("bears",))
    adapter.perform(DeclareAttackers("Alice", ("bears",)))
    assert adapter.view().priority == "Alice"
    assert next(p for p in adapter.view().battlefield if p.id == "bears").attacking
    adapter.perform(PassPriority("Alice"))
    d = adapter.view().decision
    assert d is not None and (d.kind, d.player) == ("declare_blockers", "Bob")
    with pytest.raises(IllegalActionError):
        adapter.perform(DeclareBlockers("Bob", (("bears", "giant"),)))
    adapter.perform(DeclareBlockers("Bob", (("giant", "bears"),)))
    assert ("blockers_declared", "giant") in _kinds(adapter)


def test_an_unblocked_attacker_deals_its_damage() -> None:
    adapter = _started(phase="combat", step="declare_attackers", battlefield=(_bears("Alice"),))
    adapter.perform(DeclareAttackers("Alice", ("bears",)))
    while adapter.view().step != "end_of_combat":
        adapter.perform(PassPriority("Alice"))
    assert adapter.view().player("Bob").life == 18
    assert any(e.kind == "life_changed" and e.player == "Bob" and e.amount == -2 for e in adapter.events())


def test_a_spell_is_cast_at_a_creature_and_refused_without_a_target() -> None:
    adapter = _started(
        ("Giant Growth",),
        phase="precombat_main",
        battlefield=(_bears("Alice"), PermanentSetup("forest", card("Forest"), "Alice")),
    )
    adapter.perform(CastSpell("Alice", "h0", ("bears",)))
    assert ("spell_cast", "h0") in _kinds(adapter)
    assert next(p for p in adapter.view().battlefield if p.id == "bears").power == 5


def test_the_cleanup_discard_is_the_players_choice() -> None:
    hand = ("Forest",) * 9
    adapter = _started(hand, phase="ending", step="end")
    adapter.perform(PassPriority("Alice"))
    d = adapter.view().decision
    assert d is not None and (d.kind, d.player, d.count) == ("discard", "Alice", 2)
    with pytest.raises(IllegalActionError):
        adapter.perform(ChooseDiscard("Alice", ("h0",)))
    adapter.perform(ChooseDiscard("Alice", ("h3", "h5")))
    assert {c.id for c in adapter.view().player("Alice").graveyard} == {"h3", "h5"}
    assert ("discarded", "h3") in _kinds(adapter)


def test_a_player_at_zero_life_loses_only_as_the_step_ends() -> None:
    """python-mtg checks a life total of 0 as a step ends, not before priority (CR 704.3): the adapter says so."""
    adapter = _started(phase="precombat_main", players=(*_setup().players[:1], PlayerSetup("Bob", life=0)))
    assert not adapter.view().game_over and adapter.view().priority == "Alice"
    adapter.perform(PassPriority("Alice"))
    view = adapter.view()
    assert view.game_over and view.winner == "Alice" and view.decision is None
    assert [(e.kind, e.player) for e in adapter.events()][-2:] == [("player_lost", "Bob"), ("game_over", "Alice")]


def test_an_illegal_target_is_refused_and_the_game_put_back() -> None:
    adapter = _started(
        ("Giant Growth",),
        phase="precombat_main",
        battlefield=(_bears("Alice"), PermanentSetup("forest", card("Forest"), "Alice")),
    )
    events = len(adapter.events())
    with pytest.raises(IllegalActionError) as refused:
        adapter.perform(CastSpell("Alice", "h0", ("forest",)))
    assert refused.value.reason == "illegal_target"
    assert [c.id for c in adapter.view().player("Alice").hand] == ["h0"]
    assert len(adapter.events()) == events
    with pytest.raises(UnsupportedError, match="chooses the player"):
        adapter.perform(CastSpell("Alice", "h0", ("Bob",)))


def test_no_blockers_declared_by_the_engine_is_accepted_as_the_players() -> None:
    adapter = _started(phase="combat", step="declare_attackers", battlefield=(_bears("Alice"),))
    adapter.perform(DeclareAttackers("Alice", ("bears",)))
    adapter.perform(PassPriority("Alice"))
    assert adapter.view().step == "declare_blockers" and adapter.view().priority == "Alice"
    assert ("blockers_declared", "") in _kinds(adapter)
    adapter.perform(DeclareBlockers("Bob", ()))
    with pytest.raises(IllegalActionError):
        adapter.perform(DeclareBlockers("Alice", ()))


def test_combat_damage_is_dealt_as_its_step_ends() -> None:
    """python-mtg applies combat damage as the combat damage step ends, after its priority: the adapter reports the
    damage to a player then, and the creatures that die (damage to creatures it doesn't put out)."""
    adapter = _started(
        phase="combat",
        step="declare_attackers",
        battlefield=(_bears("Alice"), _bears("Alice", "lions"), PermanentSetup("giant", card("Hill Giant"), "Bob")),
    )
    adapter.perform(DeclareAttackers("Alice", ("bears", "lions")))
    adapter.perform(PassPriority("Alice"))
    adapter.perform(DeclareBlockers("Bob", (("giant", "bears"),)))
    adapter.perform(PassPriority("Alice"))
    view = adapter.view()
    assert view.step == "combat_damage" and view.player("Bob").life == 20
    adapter.perform(PassPriority("Alice"))
    dealt = [(e.player, e.subject, e.amount) for e in adapter.events() if e.kind == "damage_dealt"]
    assert dealt == [("Bob", "Bob", 2)]
    assert adapter.view().player("Bob").life == 18
    assert ("died", "bears") in _kinds(adapter)


def test_mana_in_a_pool_empties_as_the_step_ends_without_loss_of_life() -> None:
    alice = PlayerSetup("Alice", library=_setup().players[0].library, mana_pool={"G": 2, "R": 1})
    adapter = _started(phase="beginning", step="upkeep", players=(alice, _setup().players[1]))
    assert adapter.view().player("Alice").mana_pool == {"G": 2, "R": 1}
    adapter.perform(PassPriority("Alice"))
    assert adapter.view().player("Alice").mana_pool == {}
    assert adapter.view().player("Alice").life == 20
    assert [(e.kind, e.player, e.amount) for e in adapter.events() if e.kind == "mana_emptied"] == [
        ("mana_emptied", "Alice", 3)
    ]


def test_a_sorcery_or_a_land_outside_a_main_phase_is_refused_for_its_timing() -> None:
    alice = PlayerSetup(
        "Alice",
        library=_setup().players[0].library,
        hand=(CardSetup("div", card("Divination")), CardSetup("land", card("Forest"))),
        mana_pool={"U": 3},
    )
    adapter = _started(phase="beginning", step="upkeep", players=(alice, _setup().players[1]))
    for action in (CastSpell("Alice", "div"), PlayLand("Alice", "land")):
        with pytest.raises(IllegalActionError) as refused:
            adapter.perform(action)
        assert refused.value.reason == "timing"
    assert {c.id for c in adapter.view().player("Alice").hand} == {"div", "land"}


def test_a_target_python_mtg_chooses_itself_is_unsupported_and_the_game_put_back() -> None:
    """Lightning Bolt's target is python-mtg's own pick (the creature it can kill, else the opponent)."""
    adapter = _started(
        ("Lightning Bolt",),
        phase="precombat_main",
        battlefield=(
            _bears("Alice"),
            PermanentSetup("giant", card("Hill Giant"), "Bob"),
            PermanentSetup("mountain", card("Mountain"), "Alice"),
        ),
    )
    with pytest.raises(UnsupportedError, match="chooses the target"):
        adapter.perform(CastSpell("Alice", "h0", ("bears",)))
    view = adapter.view()
    assert [c.id for c in view.player("Alice").hand] == ["h0"]
    assert {p.id for p in view.battlefield} == {"bears", "giant", "mountain"}
    assert "spell_cast" not in [e.kind for e in adapter.events()]
