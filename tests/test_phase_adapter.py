"""Unit tests of the phase.rs adapter; they run only with the optional extra installed (`pip install .[phase]`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("phase", reason="phase-python (the optional extra `.[phase]`) is not installed")

from checker.adapters import phase_cards
from checker.adapters.phase_rs import PhaseAdapter
from checker.contract.cards import card
from checker.contract.interface import (
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


def _started(**kw: object) -> PhaseAdapter:
    adapter = PhaseAdapter()
    adapter.start(_setup(**kw))
    return adapter


def _both_pass(adapter: PhaseAdapter) -> None:
    """Alice then Bob pass priority in succession, ending the step or resolving the top of the stack."""
    adapter.perform(PassPriority("Alice"))
    adapter.perform(PassPriority("Bob"))


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
    forest = PermanentSetup("f1", card("Forest"), "Alice", tapped=True)
    adapter = _started(battlefield=(forest,))
    view = adapter.view()
    assert (view.turn_number, view.active_player, view.phase, view.step) == (2, "Alice", "beginning", "upkeep")
    assert view.priority == "Alice"
    assert [p.tapped for p in view.battlefield] == [False]
    kinds = [e.kind for e in adapter.events()]
    assert kinds[0] == "turn_began" and "untapped" in kinds


def test_a_game_set_up_at_a_later_step_begins_only_that_step() -> None:
    """The declare attackers step is inside a combat phase already under way: no phase_began for it."""
    bears = PermanentSetup("b1", card("Grizzly Bears"), "Alice")
    adapter = _started(phase="combat", step="declare_attackers", battlefield=(bears,))
    began = [(e.kind, e.subject) for e in adapter.events() if e.kind in ("phase_began", "step_began")]
    assert began == [("step_began", "declare_attackers")]
    adapter = _started(phase="combat", step="beginning_of_combat")
    began = [(e.kind, e.subject) for e in adapter.events() if e.kind in ("phase_began", "step_began")]
    assert began == [("phase_began", "combat"), ("step_began", "beginning_of_combat")]


def test_draw_step_draws_and_ids_are_the_suites() -> None:
    adapter = _started()
    _both_pass(adapter)
    view = adapter.view()
    assert view.step == "draw"
    assert [c.id for c in view.player("Alice").hand] == ["a0"]
    drawn = [e for e in adapter.events() if e.kind == "card_drawn"]
    assert drawn[-1].player == "Alice" and drawn[-1].subject == "a0"


def test_refused_actions_raise_illegal_action() -> None:
    alice = PlayerSetup("Alice", hand=(CardSetup("f", card("Forest")),))
    adapter = _started(players=(alice, PlayerSetup("Bob")))
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
    from checker.contract.interface import DeclareAttackers, DeclareBlockers

    battlefield = (
        PermanentSetup("bears", card("Grizzly Bears"), "Alice"),
        PermanentSetup("giant", card("Hill Giant"), "Alice"),
        PermanentSetup("wall", card("Grizzly Bears"), "Bob"),
    )
    adapter = _started(battlefield=battlefield, phase="combat", step="beginning_of_combat")
    _both_pass(adapter)
    attack = adapter.view().decision
    assert attack is not None and attack.kind == "declare_attackers"
    adapter.perform(DeclareAttackers("Alice", ("bears", "giant")))
    assert {p.id for p in adapter.view().battlefield if p.attacking} == {"bears", "giant"}
    assert {p.attacked for p in adapter.view().battlefield if p.attacking} == {"Bob"}
    _both_pass(adapter)
    decision = adapter.view().decision
    assert decision is not None and (decision.kind, decision.player) == ("declare_blockers", "Bob")
    adapter.perform(DeclareBlockers("Bob", (("wall", "giant"),)))
    assert [p.blocking for p in adapter.view().battlefield if p.id == "wall"] == ["giant"]
    _both_pass(adapter)
    dealt = {(e.player, e.subject, e.amount) for e in adapter.events() if e.kind == "damage_dealt"}
    assert ("Bob", "Bob", 2) in dealt and ("Bob", "wall", 3) in dealt
    kinds = [e.kind for e in adapter.events()]
    assert "blockers_declared" in kinds and "died" in kinds


def test_optional_costs_to_attack_are_refused_as_unsupported() -> None:
    from checker.contract.interface import DeclareAttackers

    battlefield = (PermanentSetup("giant", card("Hill Giant"), "Alice"),)
    adapter = _started(battlefield=battlefield, phase="combat", step="declare_attackers")
    with pytest.raises(UnsupportedError):
        adapter.perform(DeclareAttackers("Alice", ("giant",), optional_costs=("giant",)))
    assert not any(p.attacking for p in adapter.view().battlefield)


def test_untap_choice_and_trigger_order_are_mapped() -> None:
    from checker.contract.interface import ChooseUntap, OrderTriggers

    prison = PermanentSetup("prison", card("Amber Prison"), "Alice", tapped=True)
    adapter = _started(battlefield=(prison,))
    decision = adapter.view().decision
    assert decision is not None and (decision.kind, decision.options) == ("untap", ("prison",))
    adapter.perform(ChooseUntap("Alice", ()))
    assert [p.tapped for p in adapter.view().battlefield] == [True]

    battlefield = (
        PermanentSetup("djinn", card("Juzam Djinn"), "Alice"),
        PermanentSetup("fountain", card("Fountain of Renewal"), "Alice"),
    )
    adapter = _started(battlefield=battlefield)
    decision = adapter.view().decision
    assert decision is not None and decision.kind == "order_triggers"
    adapter.perform(OrderTriggers("Alice", ("fountain", "djinn")))
    assert [s.name for s in adapter.view().stack] == ["Fountain of Renewal", "Juzam Djinn"]
    _both_pass(adapter)
    resolved = [e.subject for e in adapter.events() if e.kind == "resolved"]
    assert resolved == ["fountain"]
    assert adapter.view().player("Alice").life == 21


def test_mana_empties_as_a_step_ends() -> None:
    from checker.contract.interface import ActivateManaAbility

    forest = PermanentSetup("f1", card("Forest"), "Alice")
    adapter = _started(battlefield=(forest,))
    adapter.perform(ActivateManaAbility("Alice", "f1"))
    assert adapter.view().player("Alice").mana_pool == {"G": 1}
    _both_pass(adapter)
    emptied = [(e.player, e.amount) for e in adapter.events() if e.kind == "mana_emptied"]
    assert emptied == [("Alice", 1)]


def test_damage_division_among_blockers_is_answered_and_deaths_reported() -> None:
    from checker.contract.interface import DeclareAttackers, DeclareBlockers

    battlefield = (
        PermanentSetup("giant", card("Hill Giant"), "Alice"),
        PermanentSetup("bears", card("Grizzly Bears"), "Bob"),
        PermanentSetup("lions", card("Savannah Lions"), "Bob"),
    )
    adapter = _started(battlefield=battlefield, phase="combat", step="declare_attackers")
    adapter.perform(DeclareAttackers("Alice", ("giant",)))
    _both_pass(adapter)
    adapter.perform(DeclareBlockers("Bob", (("bears", "giant"), ("lions", "giant"))))
    _both_pass(adapter)
    view = adapter.view()
    assert not view.game_over and view.priority == "Alice"
    died = {e.subject for e in adapter.events() if e.kind == "died"}
    assert died == {"giant", "bears", "lions"}


def test_zero_toughness_death_at_the_turn_start_is_reported() -> None:
    battlefield = (
        PermanentSetup("sphere", card("Vibrating Sphere"), "Bob"),
        PermanentSetup("lions", card("Savannah Lions"), "Bob"),
    )
    adapter = _started(battlefield=battlefield)
    assert ("died", "Bob", "lions") in [(e.kind, e.player, e.subject) for e in adapter.events()]
    assert [c.id for c in adapter.view().player("Bob").graveyard] == ["lions"]


def test_discard_prompt_lists_the_hand_and_a_loser_keeps_her_zones() -> None:
    alice = PlayerSetup("Alice", hand=tuple(CardSetup(f"h{i}", card("Island")) for i in range(9)))
    adapter = _started(players=(alice, PlayerSetup("Bob")), phase="ending", step="end")
    _both_pass(adapter)
    decision = adapter.view().decision
    assert decision is not None and (decision.kind, decision.count, len(decision.options)) == ("discard", 2, 9)

    alice = PlayerSetup("Alice", hand=(CardSetup("h0", card("Island")),))
    bob = PlayerSetup("Bob", life=0, library=tuple(CardSetup(f"b{i}", card("Island")) for i in range(3)))
    adapter = _started(players=(alice, bob), phase="ending", step="end")
    view = adapter.view()
    assert view.game_over and view.winner == "Alice"
    assert ("player_lost", "Bob") in [(e.kind, e.player) for e in adapter.events()]
    assert sorted(c.id for c in view.player("Bob").library) == ["b0", "b1", "b2"]


def test_a_turn_start_with_damage_marked_is_unsupported() -> None:
    bears = PermanentSetup("bears", card("Grizzly Bears"), "Alice", damage=1)
    with pytest.raises(UnsupportedError):
        PhaseAdapter().start(_setup(battlefield=(bears,)))


class _CountingGame:
    """A phase.rs game that counts the exports of its whole state and the look-ups of one object."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.exports = 0
        self.lookups = 0

    def state(self) -> Any:
        self.exports += 1
        return self._game.state()

    def object(self, oid: int) -> Any:
        self.lookups += 1
        return self._game.object(oid)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def test_passing_through_turns_exports_no_state_and_looks_up_no_card() -> None:
    """Decisions with no combat, effect or extra turn to follow read the players and the battlefield
    only: the whole state (tens of milliseconds to export) is not asked for, nor any card by id."""
    adapter = _started(
        phase="precombat_main",
        battlefield=(PermanentSetup("Forest", card("Forest"), "Alice"),),
    )
    counting = _CountingGame(adapter.game)
    adapter._game = counting
    before = adapter.view()
    for _ in range(12):
        view = adapter.view()
        assert view.decision is not None and view.decision.kind == "priority"
        adapter.perform(PassPriority(view.decision.player))
    after = adapter.view()
    assert counting.exports == 0 and counting.lookups == 0
    assert after.turn_number == before.turn_number + 1 and after.active_player == "Bob"
    assert [c.id for c in after.player("Bob").hand] == ["b0"]
    assert [c.name for c in after.player("Alice").library] == ["Island"] * 5
    drawn = [e for e in adapter.events() if e.kind == "card_drawn"]
    assert [(e.player, e.subject) for e in drawn] == [("Bob", "b0")]


def test_a_draw_step_phase_rs_skips_is_reported_skipped() -> None:
    """Under Necropotence phase.rs marks its Draw and goes on with no draw, trigger or priority (CR 500.11)."""
    library = tuple(CardSetup(f"l{i}", card("Forest")) for i in range(3))
    players = (PlayerSetup("Alice", library=library), PlayerSetup("Bob", library=library))
    adapter = _started(players=players, battlefield=(PermanentSetup("n", card("Necropotence"), "Alice"),))
    _both_pass(adapter)
    assert adapter.view().phase == "precombat_main" and not adapter.view().player("Alice").hand
    draws = [e.kind for e in adapter.events() if e.subject == "draw"]
    assert draws == ["step_skipped"]


# ---------------------------------------------------------------------------- the mappings of issue #14


def _written(name: str, types: str, *abilities: str, power: int | None = None, cost: str = "{1}") -> Any:
    """A card written out as a scenario writes it: its abilities in game language."""
    from checker.contract.cards import ability_from_text
    from checker.contract.interface import CardSpec

    toughness = power
    return CardSpec(name, (types,), cost, power, toughness, effects=tuple(ability_from_text(a) for a in abilities))


@pytest.mark.parametrize(("before", "spells", "after"), [("day", 0, "night"), ("night", 2, "day"), ("day", 1, "day")])
def test_day_and_night_are_set_up_and_phase_rs_changes_them(before: str, spells: int, after: str) -> None:
    adapter = _started(day_night=before, spells_cast_last_turn=spells)
    assert adapter.view().day_night == after
    changed = [e.subject for e in adapter.events() if e.kind == "day_night_changed"]
    assert changed == ([after] if after != before else [])


def test_a_whenever_trigger_is_written_so_that_phase_rs_triggers_it() -> None:
    from checker.contract.interface import DeclareAttackers

    sentinel = _written("Sentinel", "creature", "Whenever this creature attacks, you gain 1 life", power=2)
    adapter = _started(battlefield=(PermanentSetup("s", sentinel, "Alice"),), phase="combat", step="declare_attackers")
    adapter.perform(DeclareAttackers("Alice", ("s",)))
    assert [(e.kind, e.subject) for e in adapter.events() if e.kind == "triggered"] == [("triggered", "s")]
    _both_pass(adapter)
    assert adapter.view().player("Alice").life == 21


@pytest.mark.parametrize(
    ("ability", "reason"),
    [
        ("Whenever this creature becomes blocked by two or more creatures, you gain 3 life", "parser reads"),
        ("Whenever this creature becomes blocked by a creature, you gain 1 life", "parser reads"),
        (
            "Whenever this creature attacks, you put Sentinel from your hand onto the battlefield tapped and attacking "
            "Jace Beleren",
            "drops what a card put onto the battlefield attacks or blocks",
        ),
        (
            "Whenever this creature blocks, you put Wall from your hand onto the battlefield blocking Raider",
            "drops what a card put onto the battlefield attacks or blocks",
        ),
        ("Whenever this creature attacks, this deals 2 damage to Grizzly Bears", "named permanent"),
    ],
)
def test_whenever_texts_phase_rs_misreads_stay_unsupported(ability: str, reason: str) -> None:
    with pytest.raises(UnsupportedError, match=reason):
        phase_cards.definition(_written("Probe", "creature", ability, power=2))


def test_written_abilities_parse_into_what_they_say() -> None:
    """Each newly mapped catalog entry is read by phase.rs's parser (nothing unimplemented, no Unknown trigger)."""
    cards = [
        _written("Wall", "creature", "Whenever this creature blocks, you gain 1 life", power=0),
        _written("Horn", "artifact", "Whenever you attack, you gain 1 life"),
        _written("Tower", "artifact", "Whenever you are attacked, you gain 2 life"),
        _written("Watch", "artifact", "Whenever a creature with power 3 or greater blocks, you gain 1 life"),
        _written("Scout", "creature", "Whenever this creature attacks and isn't blocked, you draw a card", power=2),
        _written("Clock", "creature", "Whenever this creature deals combat damage, you draw a card", power=2),
        _written("Lone", "creature", "When you control no other creatures, sacrifice this creature", power=2),
        _written("Bell", "artifact", "At the beginning of your upkeep, Alice gains 1 life at the next end of turn"),
    ]
    for spec in cards:
        face = phase_cards.build_face(spec)
        assert face.get("triggers"), spec.name
    from checker.contract.interface import CardSpec, EffectSpec

    chapters = _written("Tale", "enchantment", "I — you gain 2 life", "II — you draw a card").effects
    tale = phase_cards.build_face(CardSpec("Tale", ("enchantment",), "{1}", subtypes=("Saga",), effects=chapters))
    assert [t.get("saga_chapter") for t in tale["triggers"]] == [1, 2]
    gain, only = EffectSpec("gain_life", {"amount": 1}), EffectSpec("cast_only", {"when": "before_blockers"})
    restricted = CardSpec("Rally", ("instant",), "{0}", effects=(gain, only))
    assert phase_cards.build_face(restricted)["casting_restrictions"] == [{"type": "BeforeBlockersDeclared"}]
    goblin = CardSpec("Goblin", ("creature",), "{1}", 2, 2, effects=(EffectSpec("cant_block"),))
    assert phase_cards.build_face(goblin)["static_abilities"][0]["mode"] == "CantBlock"


def test_counters_tokens_attachments_and_poison_are_set_up_and_shown() -> None:
    from checker.contract.interface import CardSpec, EffectSpec

    aura = CardSpec("Holy Strength", ("enchantment",), "{W}", subtypes=("Aura",), effects=(EffectSpec("enchant"),))
    battlefield = (
        PermanentSetup("bears", card("Grizzly Bears"), "Alice", counters={"+1/+1": 2, "-1/-1": 1}),
        PermanentSetup("spirit", _written("Spirit", "creature", power=1), "Alice", token=True),
        PermanentSetup("aura", aura, "Alice", attached_to="bears"),
    )
    bob = PlayerSetup("Bob", poison=9)
    adapter = _started(battlefield=battlefield, players=(PlayerSetup("Alice"), bob))
    view = {p.id: p for p in adapter.view().battlefield}
    # phase.rs removes a +1/+1 and a -1/-1 counter in pairs (CR 704.5q) as the set-up's passes check the state.
    assert view["bears"].counters == {"+1/+1": 1} and view["bears"].power == 3
    assert view["spirit"].token and not view["bears"].token
    assert view["aura"].attached_to == "bears"
    assert adapter.view().player("Bob").poison == 9
    with pytest.raises(UnsupportedError):
        _started(battlefield=(PermanentSetup("b", card("Grizzly Bears"), "Alice", counters={"age": 1}),))


def test_a_skipped_turn_set_up_in_play_is_reported_as_phase_rs_skips_it() -> None:
    from checker.contract.interface import EffectSpec

    alice = PlayerSetup("Alice", library=tuple(CardSetup(f"a{i}", card("Island")) for i in range(5)))
    bob = PlayerSetup(
        "Bob",
        library=tuple(CardSetup(f"b{i}", card("Island")) for i in range(5)),
        effects=(EffectSpec("skip_next", {"what": "turn", "count": 1}),),
    )
    adapter = _started(players=(alice, bob), phase="ending", step="end")
    _both_pass(adapter)  # the end step ends; Bob's turn is skipped and Alice's next one begins
    turns = [(e.kind, e.player) for e in adapter.events() if e.kind in ("turn_skipped", "turn_began")]
    assert turns == [("turn_skipped", "Bob"), ("turn_began", "Alice")]
    assert adapter.view().active_player == "Alice"


def test_refusals_carry_phase_rs_reasons() -> None:
    alice = PlayerSetup("Alice", hand=(CardSetup("f", card("Forest")),))
    adapter = _started(players=(alice, PlayerSetup("Bob")))
    with pytest.raises(IllegalActionError) as refused:
        adapter.perform(PlayLand("Alice", "f"))  # in the upkeep
    assert refused.value.reason == "timing"
    with pytest.raises(IllegalActionError) as refused:
        adapter.perform(PassPriority("Bob"))  # Alice has priority
    assert refused.value.reason == "not_your_priority"
    assert [f.name for f in adapter.view().player("Alice").hand] == ["Forest"]


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ("Wrong player", "not_your_priority"),
        (
            "Action not allowed: Cannot perform ActivateAbility { .. } while waiting for ChooseUntapSubset {",
            "not_your_priority",
        ),
        ("Action not allowed: Sorcery-speed spells can only be cast during main phases", "timing"),
        ("Action not allowed: Casting restriction not satisfied: DuringCombat", "timing"),
        ("Action not allowed: Already played maximum lands this turn", "limit_reached"),
        ("Invalid action: Untap subset selects 2 permanents but the cap allows 1", "limit_reached"),
        (
            "Invalid action: ObjectId(11) can't attack Planeswalker(ObjectId(19)) (CR 508.1c/d attack restriction)",
            "illegal_target",
        ),
        ("Invalid action: ObjectId(3) can't block alone (CR 506.5)", "combat_restriction"),
        ("Invalid action: ObjectId(12) is tapped", "combat_restriction"),
        ("Action not allowed: Cannot activate tap ability: permanent is tapped", "no_such_object"),
        ("Action not allowed: Cannot pay mana cost", "cost_unpaid"),
        ("Action not allowed: Cannot perform PassPriority while waiting for Priority {", None),
        ("something phase.rs never said", None),
    ],
)
def test_phase_rs_refusal_messages_map_onto_reasons(message: str, reason: str | None) -> None:
    from checker.adapters.phase_refusals import refusal_reason

    assert refusal_reason(message) == reason


def test_an_attack_on_a_planeswalker_is_declared_and_shown() -> None:
    from checker.contract.interface import CardSpec, DeclareAttackers

    jace = CardSpec("Jace Beleren", ("planeswalker",), "{1}{U}{U}", subtypes=("Jace",))
    battlefield = (
        PermanentSetup("bears", card("Grizzly Bears"), "Alice"),
        PermanentSetup("giant", card("Hill Giant"), "Alice"),
        PermanentSetup("jace", jace, "Bob", counters={"loyalty": 3}),
    )
    adapter = _started(battlefield=battlefield, phase="combat", step="declare_attackers")
    adapter.perform(DeclareAttackers("Alice", ("bears", "giant"), attacked=(("bears", "jace"),)))
    attacked = {p.id: p.attacked for p in adapter.view().battlefield if p.attacking}
    assert attacked == {"bears": "jace", "giant": "Bob"}


def test_a_token_that_dies_ceases_to_exist() -> None:
    from checker.contract.interface import CastSpell

    alice = PlayerSetup("Alice", hand=(CardSetup("bolt", card("Lightning Bolt")),), mana_pool={"R": 1})
    soldier = PermanentSetup("soldier", _written("Soldier", "creature", power=1), "Bob", token=True)
    adapter = _started(players=(alice, PlayerSetup("Bob")), battlefield=(soldier,), phase="beginning", step="upkeep")
    adapter.perform(CastSpell("Alice", "bolt", ("soldier",)))
    _both_pass(adapter)
    ends = [
        (e.kind, e.player) for e in adapter.events() if e.subject == "soldier" and e.kind in ("died", "ceased_to_exist")
    ]
    assert ends == [("died", "Bob"), ("ceased_to_exist", "Bob")]


def test_phases_phase_rs_adds_are_reported_and_an_added_phase_s_missing_steps_skipped() -> None:
    from checker.contract.interface import CastSpell

    alice = PlayerSetup("Alice", hand=(CardSetup("ra", card("Relentless Assault")),), mana_pool={"R": 4})
    adapter = _started(players=(alice, PlayerSetup("Bob")), phase="precombat_main")
    adapter.perform(CastSpell("Alice", "ra", ()))
    _both_pass(adapter)
    added = [e.subject for e in adapter.events() if e.kind == "phase_added"]
    assert added == ["combat", "postcombat_main"]

    clock = _written(
        "Clock",
        "creature",
        "Whenever this creature deals combat damage, you get an additional upkeep step after this phase",
        power=2,
    )
    battlefield = (PermanentSetup("clock", clock, "Alice"),)
    adapter = _started(battlefield=battlefield, phase="combat", step="declare_attackers")
    from checker.contract.interface import DeclareAttackers

    adapter.perform(DeclareAttackers("Alice", ("clock",)))
    while adapter.view().phase != "postcombat_main":
        _both_pass(adapter)
    parts = [(e.kind, e.subject) for e in adapter.events() if e.kind in ("phase_added", "step_began", "step_skipped")]
    tail = parts[parts.index(("phase_added", "beginning")) :]
    assert tail[-4:] == [
        ("step_began", "end_of_combat"),
        ("step_skipped", "untap"),
        ("step_began", "upkeep"),
        ("step_skipped", "draw"),
    ]


def _library(prefix: str, n: int = 10) -> tuple[CardSetup, ...]:
    return tuple(CardSetup(f"{prefix}{i}", card("Island")) for i in range(n))


def test_the_chooser_of_a_match_s_next_game_plays_or_draws_and_phase_rs_deals_the_hands() -> None:
    from checker.contract.interface import ChoosePlayOrDraw

    players = (PlayerSetup("Alice", library=_library("a")), PlayerSetup("Bob", library=_library("b")))
    adapter = _started(players=players, from_game_start=True, chooser="Bob", turn_number=1)
    view = adapter.view()
    assert view.decision is not None and (view.decision.kind, view.decision.player) == ("play_or_draw", "Bob")
    assert view.phase is None and view.priority is None and not adapter.events()
    with pytest.raises(IllegalActionError):
        adapter.perform(ChoosePlayOrDraw("Alice", True))
    adapter.perform(ChoosePlayOrDraw("Bob", False))
    chosen = [e for e in adapter.events() if e.kind == "play_or_draw_chosen"]
    assert [(e.player, e.subject, dict(e.detail)) for e in chosen] == [("Bob", "draw", {"starting": "Alice"})]
    drawn = [e for e in adapter.events() if e.kind == "card_drawn"]
    assert {e.player for e in drawn} == {"Alice", "Bob"} and len(drawn) == 14
    assert {e.subject for e in drawn} <= {c.id for p in players for c in p.library}
    view = adapter.view()
    assert (view.turn_number, view.active_player, view.priority) == (1, "Alice", "Alice")
    assert [len(p.hand) for p in view.players] == [7, 7]
    began = [e.subject for e in adapter.events() if e.kind == "step_began"]
    assert began[:2] == ["untap", "upkeep"]


def test_a_match_s_first_game_with_no_chooser_is_unsupported() -> None:
    """phase.rs picks who plays a match's first game itself: verified, it deals the hands at once."""
    players = (PlayerSetup("Alice", library=_library("a")), PlayerSetup("Bob", library=_library("b")))
    with pytest.raises(UnsupportedError, match="between a match's games"):
        _started(players=players, from_game_start=True, chooser=None, turn_number=1)


@pytest.mark.parametrize(
    ("ability", "card_type", "found"),
    [
        ("Skip your next upkeep step, then you gain 2 life", "sorcery", '"SkipNextStep"'),
        ("Skip your next turn, then you draw a card", "sorcery", '"SkipNextTurn"'),
        ("At the beginning of your end of combat step, you gain 1 life", "artifact", '"phase": "EndCombat"'),
        ("At the beginning of your main phase, you gain 1 life", "artifact", '"OnlyDuringYourMainPhase"'),
        ("At the beginning of your second main phase, you gain 1 life", "artifact", '"phase": "PostCombatMain"'),
        ("{0}: this creature gets +1/+1 until end of turn. Activate only during combat", "creature", '"DuringCombat"'),
        ("Target creature gets +3/+3 until the beginning of the next upkeep", "instant", '"UntilNextStepOf"'),
        (
            "Whenever this creature attacks, you put Sentinel from your hand onto the battlefield tapped and attacking",
            "creature",
            '"properties": [{"type": "Named", "name": "Sentinel"}]}, "owner_library": false, "enter_transformed": '
            'false, "enter_tapped": true, "enters_attacking": true',
        ),
    ],
)
def test_newly_written_abilities_parse_into_what_they_say(ability: str, card_type: str, found: str) -> None:
    import json

    spec = _written("Probe", card_type, ability, power=2 if card_type == "creature" else None)
    assert found in json.dumps(phase_cards.build_face(spec))


@pytest.mark.parametrize(
    ("name", "found"),
    [
        ("Time Stop", '"EndTheTurn"'),
        ("Mandate of Peace", '"EndCombatPhase"'),
        ("Paradox Haze", '"MaxTimesPerTurn"'),
        ("Propaganda", '"PerAffectedCreature"'),
        ("War Cadence", '"Blocking"'),
    ],
)
def test_catalog_cards_newly_mapped_parse(name: str, found: str) -> None:
    import json

    assert found in json.dumps(phase_cards.build_face(card(name)))


@pytest.mark.parametrize(
    ("ability", "reason"),
    [
        ("{0}: this creature gets +1/+1 until end of turn. Activate only before blockers are declared", "can't parse"),
        ("At the beginning of your untap step, you gain 1 life", "'untap'"),
        ("At the beginning of your turn, you gain 1 life", "'turn'"),
    ],
)
def test_abilities_phase_rs_can_t_read_stay_unsupported(ability: str, reason: str) -> None:
    with pytest.raises(UnsupportedError, match=reason):
        phase_cards.build_face(_written("Probe", "creature", ability, power=2))


def test_propaganda_s_tax_is_paid_as_attackers_are_declared_or_the_declaration_refused() -> None:
    battlefield = (
        PermanentSetup("bears", card("Grizzly Bears"), "Alice"),
        PermanentSetup("giant", card("Hill Giant"), "Alice"),
        PermanentSetup("prop", card("Propaganda"), "Bob"),
    )
    alice = PlayerSetup("Alice", mana_pool={"R": 2})
    adapter = _started(
        players=(alice, PlayerSetup("Bob")), phase="combat", step="declare_attackers", battlefield=battlefield
    )
    from checker.contract.interface import DeclareAttackers

    with pytest.raises(IllegalActionError) as refused:
        adapter.perform(DeclareAttackers("Alice", ("bears", "giant")))
    assert refused.value.reason == "cost_unpaid"
    view = adapter.view()
    assert view.decision is not None and view.decision.kind == "declare_attackers"
    assert view.player("Alice").mana_pool == {"R": 2}
    adapter.perform(DeclareAttackers("Alice", ("giant",)))
    view = adapter.view()
    assert [p.id for p in view.battlefield if p.attacking] == ["giant"]
    assert view.player("Alice").mana_pool == {}


@pytest.mark.parametrize(
    ("controller", "active", "phase", "step", "refused"),
    [
        ("Alice", "Alice", "beginning", "draw", True),  # Necropotence skips its controller's draw step
        ("Alice", "Bob", "beginning", "draw", False),  # not Bob's
        ("Alice", "Alice", "beginning", "upkeep", False),
    ],
)
def test_a_set_up_at_a_step_a_skip_effect_in_it_skips_is_unsupported(
    controller: str, active: str, phase: str, step: str, refused: bool
) -> None:
    necro = PermanentSetup("necro", card("Necropotence"), controller)
    if refused:
        with pytest.raises(UnsupportedError, match="Necropotence skips"):
            _started(battlefield=(necro,), active_player=active, phase=phase, step=step)
    else:
        assert _started(battlefield=(necro,), active_player=active, phase=phase, step=step).view().step == step


def test_a_set_up_at_a_step_a_skip_effect_of_the_active_player_skips_is_unsupported() -> None:
    from checker.contract.interface import EffectSpec

    skip = EffectSpec("skip_next", {"what": "upkeep", "count": 1})
    alice = PlayerSetup("Alice", library=_library("a"), effects=(skip,))
    with pytest.raises(UnsupportedError, match="a skip effect skips"):
        _started(players=(alice, PlayerSetup("Bob", library=_library("b"))), phase="beginning", step="upkeep")


def _three(**kw: object) -> PhaseAdapter:
    players = tuple(PlayerSetup(name, library=_library(name[0].lower())) for name in ("Alice", "Bob", "Carol"))
    return _started(players=players, **kw)


def test_a_game_of_three_is_played_free_for_all_in_turn_order() -> None:
    adapter = _three(turn_number=1, starting_player="Alice", phase="precombat_main")
    view = adapter.view()
    assert [p.name for p in view.players] == ["Alice", "Bob", "Carol"]
    assert (view.active_player, view.phase, view.priority) == ("Alice", "precombat_main", "Alice")
    for name in ("Alice", "Bob", "Carol"):
        adapter.perform(PassPriority(name))
    assert adapter.view().phase == "combat"


def test_a_game_of_three_has_no_defending_player_to_choose() -> None:
    """Verified on phase.rs: at the declaration every opponent is a target, and no one was asked to choose one."""
    from checker.contract.interface import ChooseDefendingPlayer, DeclareAttackers

    bears = PermanentSetup("bears", card("Grizzly Bears"), "Alice")
    with pytest.raises(UnsupportedError, match="no defending player is chosen"):
        _three(phase="combat", step="beginning_of_combat", battlefield=(bears,))
    adapter = _three(phase="precombat_main", battlefield=(bears,))
    for _ in range(2):  # the precombat main phase, then the beginning of combat step: priority only, no choice
        for name in ("Alice", "Bob", "Carol"):
            adapter.perform(PassPriority(name))
    waiting = adapter.game.waiting_for()
    assert waiting["type"] == "DeclareAttackers"
    assert {t["data"] for t in waiting["data"]["valid_attack_targets"]} == {1, 2}
    with pytest.raises(UnsupportedError, match="no defending player is chosen"):
        adapter.perform(DeclareAttackers("Alice", ("bears",)))
    with pytest.raises(UnsupportedError, match="no defending player is chosen"):
        adapter.perform(ChooseDefendingPlayer("Alice", "Carol"))


def test_paradox_haze_s_upkeep_is_a_step_added_in_the_beginning_phase() -> None:
    adapter = _started(battlefield=(PermanentSetup("haze", card("Paradox Haze"), "Alice"),))
    for _ in range(3):  # Paradox Haze's trigger resolves, the first upkeep ends, then the second
        _both_pass(adapter)
    kinds = [(e.kind, e.subject) for e in adapter.events() if e.kind.startswith(("step_", "phase_"))]
    assert ("step_added", "upkeep") in kinds and ("phase_added", "beginning") not in kinds
    assert ("step_skipped", "untap") not in kinds
    assert kinds.count(("step_began", "upkeep")) == 2 and kinds[-1] == ("step_began", "draw")


def test_mandate_of_peace_ends_the_combat_phase_early_and_is_exiled() -> None:
    from checker.contract.interface import CastSpell, DeclareAttackers

    battlefield = (PermanentSetup("giant", card("Hill Giant"), "Alice"),)
    bob = PlayerSetup("Bob", hand=(CardSetup("mandate", card("Mandate of Peace")),), mana_pool={"W": 2})
    adapter = _started(
        players=(PlayerSetup("Alice"), bob), phase="combat", step="declare_attackers", battlefield=battlefield
    )
    adapter.perform(DeclareAttackers("Alice", ("giant",)))
    adapter.perform(PassPriority("Alice"))
    adapter.perform(CastSpell("Bob", "mandate"))
    adapter.perform(PassPriority("Bob"))
    adapter.perform(PassPriority("Alice"))
    rows = [(e.kind, e.subject) for e in adapter.events()]
    early = rows.index(("ending_early", "combat"))
    assert [e.detail for e in adapter.events() if e.kind == "ending_early"] == [{"effect": "Mandate of Peace"}]
    # The combat's remaining steps are skipped before the phase ends, then the next phase begins.
    assert rows[early:].index(("step_skipped", "combat_damage")) < rows[early:].index(("phase_ended", "combat"))
    assert rows[early:].index(("phase_ended", "combat")) < rows[early:].index(("phase_began", "postcombat_main"))
    view = adapter.view()
    assert [c.id for c in view.player("Bob").exile] == ["mandate"] and view.player("Alice").exile == ()


def test_a_battle_is_unsupported_for_want_of_a_defense() -> None:
    from checker.contract.interface import CardSpec

    with pytest.raises(UnsupportedError, match="battles have no defense"):
        phase_cards.card_data_json([CardSpec("Siege Golem", ("battle", "creature"), "{3}", 3, 3)])


def test_card_data_is_kept_between_runs_and_made_anew_where_it_cant_be(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cache only saves time: turned off, or not writable, the card data is made all the same."""
    specs = [card("Forest"), card("Grizzly Bears")]
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("TURNCHECK_NO_CACHE", raising=False)
    made = phase_cards.card_data_json(specs)
    kept = list((tmp_path / "cache" / "turncheck-phase").glob("card-data-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == made
    assert phase_cards.card_data_json(specs) == made  # read back

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "off"))
    monkeypatch.setenv("TURNCHECK_NO_CACHE", "1")
    assert phase_cards.card_data_json(specs) == made
    assert not (tmp_path / "off").exists()

    monkeypatch.delenv("TURNCHECK_NO_CACHE")
    (tmp_path / "a file").write_text("not a directory")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "a file"))
    assert phase_cards.card_data_json(specs) == made
