"""The phase.rs game recorder; it runs only with the optional extra installed (`pip install .[phase]`)."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest

pytest.importorskip("phase", reason="phase-python (the optional extra `.[phase]`) is not installed")

from checker.adapters.phase_rs import PhaseAdapter
from checker.contract.cards import card
from checker.contract.interface import IllegalActionError, PlayLand, UnsupportedError
from checker.importers.phase_games import LANDS, PLAYERS, deck, record_game
from checker.importers.recording import Observation, trace_lines


@pytest.fixture(scope="module")
def short_game() -> list[str]:
    return list(trace_lines(record_game(5, max_turns=4)))


def test_the_same_seed_records_the_same_game(short_game: list[str]) -> None:
    assert list(trace_lines(record_game(5, max_turns=4))) == short_game
    assert list(trace_lines(record_game(6, max_turns=4))) != short_game


def test_the_trace_opens_with_its_header_and_the_first_turn_is_the_starting_players(short_game: list[str]) -> None:
    header = json.loads(short_game[0])
    assert header["type"] == "header" and header["edition"] == "cr2024" and header["engine"] == "phase.rs"
    assert header["players"] == list(PLAYERS) and header["source"] == "phase.rs seed 5"
    first_view = next(json.loads(line)["view"] for line in short_game if '"observation"' in line)
    assert first_view["turn_number"] == 1
    assert first_view["active_player"] == header["starting_player"]


def test_observations_leave_out_what_phase_rs_does_not_show(short_game: list[str]) -> None:
    views = [json.loads(line)["view"] for line in short_game if json.loads(line)["type"] == "observation"]
    assert views and all("day_night" not in v and "mana_pool" in v["players"][0] for v in views)


def test_every_action_is_taken_at_an_observed_decision_of_its_player(short_game: list[str]) -> None:
    records = [json.loads(line) for line in short_game[1:]]
    for before, record in itertools.pairwise(records):
        if record["type"] == "action":
            assert before["type"] == "observation"
            assert before["view"]["decision"]["player"] == record["action"]["player"]


def test_the_players_play_lands_cast_creatures_and_attack() -> None:
    game = record_game(3)
    kinds = Counter(e.kind for e in game.events())
    assert kinds["land_played"] and kinds["spell_cast"] and kinds["attackers_declared"]
    per_turn = Counter((e.turn, e.player) for e in game.events() if e.kind == "land_played")
    assert max(per_turn.values()) == 1
    last = [e for e in game.entries if isinstance(e, Observation)][-1]
    assert last.view.game_over and kinds["game_over"] == 1


def test_a_game_stops_at_the_turn_limit() -> None:
    game = record_game(4, max_turns=2)
    last = [e for e in game.entries if isinstance(e, Observation)][-1]
    assert last.view.turn_number == 3 and not last.view.game_over


def test_the_seed_chooses_each_players_deck() -> None:
    decks = {tuple(c.name for c in deck(seed, seat)) for seed in range(6) for seat in range(2)}
    assert len(decks) > 1
    assert all(sum(card(name).types == ("land",) for name in d) == LANDS for d in decks)


def test_dealt_cards_are_named_with_their_object_id_and_can_be_played() -> None:
    adapter = PhaseAdapter()
    adapter.deal(PLAYERS, [deck(1, 0), deck(1, 1)], seed=2, first=0)
    view = adapter.view()
    assert view.turn_number == 1 and view.active_player == "Alice" and view.step == "upkeep"
    assert len(view.player("Alice").hand) == 7 and len(view.player("Alice").library) == 33
    some = view.player("Alice").hand[0]
    assert some.id.startswith(some.name + " ") and some.id.rsplit(" ", 1)[1].isdigit()
    with pytest.raises(IllegalActionError, match=r"can.t play"):
        adapter.perform(PlayLand("Alice", some.id))  # in the upkeep, no land can be played


def test_deal_takes_two_players() -> None:
    with pytest.raises(UnsupportedError):
        PhaseAdapter().deal(("A", "B", "C"), [deck(1, 0)] * 3, seed=1, first=0)
