"""The MTG Arena importer, on log excerpts written after the format the open-source log readers follow."""

from __future__ import annotations

import itertools
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from checker.contract.documents import Problem
from checker.contract.interface import GameView
from checker.importers.arena import import_log
from checker.importers.arena_log import read_log
from checker.importers.recording import Observation, RecordedGame, trace_lines

DATA = Path(__file__).parent / "data" / "arena"


def _import(name: str) -> tuple[list[RecordedGame], list[Problem]]:
    problems: list[Problem] = []
    games = [found.game for found in import_log(DATA / name, problems)]
    return games, problems


@pytest.fixture(scope="module")
def bo1() -> tuple[RecordedGame, list[Problem]]:
    games, problems = _import("bo1.log")
    assert len(games) == 1
    return games[0], problems


def _views(game: RecordedGame) -> list[GameView]:
    return [o.view for o in game.observations()]


def _lines(game: RecordedGame) -> list[dict[str, Any]]:
    return [json.loads(line) for line in trace_lines(game)]


def test_the_header_names_the_players_and_who_started(bo1: tuple[RecordedGame, list[Problem]]) -> None:
    header = bo1[0].header
    assert header.players == ("Alice", "Bob")  # the reserved players' names, without their #number
    assert header.starting_player == "Alice" and header.edition == "cr2024" and header.engine == "MTG Arena"
    assert "bo1.log match m-5f1c game 1" in header.source


def test_turn_info_maps_to_the_protocols_parts_of_the_turn(bo1: tuple[RecordedGame, list[Problem]]) -> None:
    parts = [(v.turn_number, v.active_player, v.phase, v.step) for v in _views(bo1[0])]
    assert parts[:3] == [
        (1, "Alice", "beginning", "upkeep"),
        (1, "Alice", "beginning", "draw"),
        (1, "Alice", "precombat_main", None),
    ]
    assert (1, "Alice", "ending", "end") in parts
    assert (2, "Bob", "beginning", "draw") in parts
    assert parts[-1] == (2, "Bob", "combat", "declare_attackers")


def test_priority_is_the_priority_players_and_its_passing_is_not_made_up(
    bo1: tuple[RecordedGame, list[Problem]],
) -> None:
    game = bo1[0]
    in_end_step = [v.priority for v in _views(game) if (v.turn_number, v.step) == (1, "end")]
    assert in_end_step == ["Alice", "Bob"]
    assert not [e for e in game.events() if e.kind == "priority_passed"]
    cast = [v for v in _views(game) if v.stack]
    assert cast[0].priority == "Alice" and cast[0].stack[0].controller == "Bob" and cast[0].stack[0].kind == "spell"


def test_what_the_log_cannot_show_is_left_out_of_the_trace(bo1: tuple[RecordedGame, list[Problem]]) -> None:
    views = [line["view"] for line in _lines(bo1[0]) if "view" in line]
    assert views
    for view in views:
        assert isinstance(view, dict) and "day_night" not in view
        for player in view["players"]:
            assert "mana_pool" not in player and "lands_played" not in player and "life" in player
        for permanent in view["battlefield"]:
            assert "summoning_sick" not in permanent and "attacking" not in permanent and "tapped" in permanent
    # A declare-attackers decision with no player holding priority: which decision it is, the log doesn't say.
    undecided = [v for v in views if v["step"] == "declare_attackers" and "decision" not in v]
    assert undecided


def test_life_hands_and_the_battlefield_follow_the_game_states(bo1: tuple[RecordedGame, list[Problem]]) -> None:
    views = _views(bo1[0])
    first, last = views[0], views[-1]
    assert len(first.player("Alice").hand) == 7 and len(last.player("Alice").hand) == 6
    assert {c.name for c in first.player("Bob").hand} == {"hidden"}
    assert len(last.player("Bob").hand) == 7 and len(last.player("Bob").library) == 32
    assert first.player("Alice").hand[0].name == "grpId 95194"
    assert last.player("Alice").life == 17
    bears = next(p for p in last.battlefield if p.id == "270")
    assert (bears.controller, bears.power, bears.toughness, bears.tapped) == ("Bob", 2, 2, False)
    assert last.game_over and last.winner == "Bob" and last.decision is None


def test_the_annotations_give_the_events_they_spell_out(bo1: tuple[RecordedGame, list[Problem]]) -> None:
    events = [(e.kind, e.turn, e.player, e.subject, e.amount) for e in bo1[0].events()]
    assert events == [
        ("land_played", 1, "Alice", "160", None),
        ("card_drawn", 2, "Bob", "201", None),
        ("spell_cast", 2, "Bob", "270", None),
        ("life_changed", 2, "Alice", None, -3),
        ("game_over", 2, "Bob", None, None),
    ]


def test_a_malformed_entry_is_named_by_file_and_line_and_the_rest_is_imported(
    bo1: tuple[RecordedGame, list[Problem]],
) -> None:
    game, problems = bo1
    assert [(p.path.name, p.line) for p in problems] == [("bo1.log", 26), ("bo1.log", 33)]
    assert "JSON can't be read" in problems[0].message and "summarized" in problems[1].message
    assert str(problems[0]).startswith(f"{DATA / 'bo1.log'}:26: ")
    assert any(e.kind == "spell_cast" for e in game.events())  # logged after the malformed entry


def test_a_state_logged_twice_is_observed_once(bo1: tuple[RecordedGame, list[Problem]]) -> None:
    views = _views(bo1[0])
    assert all(a != b for a, b in itertools.pairwise(views))
    resolved = [v for v in views if len(v.battlefield) == 2 and v.priority == "Bob" and v.phase == "precombat_main"]
    assert len(resolved) == 1


def test_each_game_of_a_match_is_its_own_trace_and_wrong_turn_info_is_a_problem() -> None:
    games, problems = _import("bo3.log")
    assert [g.header.source.rsplit(" ", 1)[-1] for g in games] == ["1", "2"]
    assert [g.header.starting_player for g in games] == ["Seat 1", "Seat 2"]  # no names in this log
    assert [(p.line, p.message) for p in problems] == [
        (5, "the step Step_Upkeep is not a step of Phase_Combat"),
        (7, "unknown part of the turn Phase_Planning/None"),
    ]
    assert [(v.phase, v.step) for v in _views(games[0])] == [("beginning", "upkeep"), ("precombat_main", None)]


def _state(state_id: int, body: Mapping[str, object]) -> str:
    message = {"type": "GREMessageType_GameStateMessage", "gameStateId": state_id, "gameStateMessage": body}
    return json.dumps({"greToClientEvent": {"greToClientMessages": [message]}})


def test_payloads_held_as_json_strings_are_read_and_a_full_state_replaces_the_last(tmp_path: Path) -> None:
    turn = {"turnNumber": 3, "phase": "Phase_Main2", "activePlayer": 1, "priorityPlayer": 1}
    first = {
        "type": "GameStateType_Full",
        "turnInfo": turn,
        "players": [{"systemSeatNumber": 1, "lifeTotal": 9, "teamId": 1}, {"systemSeatNumber": 2, "lifeTotal": 4}],
        "zones": [{"zoneId": 28, "type": "ZoneType_Battlefield", "objectInstanceIds": [5]}],
        "gameObjects": [{"instanceId": 5, "grpId": 7, "ownerSeatId": 1, "controllerSeatId": 1, "isTapped": True}],
    }
    second = {"type": "GameStateType_Full", "turnInfo": {**turn, "priorityPlayer": 2}, "players": first["players"]}
    log = tmp_path / "Player.log"
    log.write_text(
        "[UnityCrossThreadLogger]11/23/2026 5:00:00 PM: Match to X: GreToClientEvent\n"
        + json.dumps({"transactionId": "t", "payload": _state(1, first)})
        + "\nsome text Arena writes\n[UnityCrossThreadLogger]greToClientEvent\n"
        + _state(2, second)
        + "\n",
        encoding="utf-8",
    )
    problems: list[Problem] = []
    assert [m.line for m in read_log(log, problems)] == [1, 4]
    (found,) = import_log(log, problems)
    assert not problems and found.match_id == "unknown" and found.number == 1
    observed = [o for o in found.game.entries if isinstance(o, Observation)]
    assert [o.view.phase for o in observed] == ["postcombat_main", "postcombat_main"]
    assert observed[0].view.battlefield[0].tapped and observed[0].view.player("Seat 2").life == 4
    assert "battlefield" in observed[1].unknown and "players.hand" in observed[1].unknown
    assert found.game.header.starting_player is None  # the log begins after the first turn
