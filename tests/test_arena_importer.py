"""The MTG Arena importer, on log excerpts written after the format the open-source log readers follow."""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from checker.contract.documents import Problem
from checker.importers import arena
from checker.importers.arena import import_log
from checker.importers.arena_log import LogMessage, read_log
from checker.importers.recording import RecordedGame, write_trace
from checker.trace.files import open_trace
from checker.trace.format import Observation
from checker.trace.observed import Observed
from checker.trace.problems import TraceProblem

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


def _seen(game: RecordedGame) -> list[Observation]:
    return list(game.observations())


def _life(seen: Observation, name: str) -> int | None:
    return next(p.life for p in seen.players or () if p.name == name)


def _hand(seen: Observation, name: str) -> int | None:
    return next(p.hand_size for p in seen.players or () if p.name == name)


def test_the_header_names_the_players_who_started_and_where_the_trace_begins(
    bo1: tuple[RecordedGame, list[Problem]],
) -> None:
    header = bo1[0].header
    assert header.players == ("Alice", "Bob")  # the reserved players' names, without their #number
    assert header.starting_player == "Alice" and header.edition == "cr2024" and header.engine.name == "MTG Arena"
    assert "bo1.log, match m-5f1c game 1" in header.source and header.source.startswith("imported from")
    assert header.start is not None
    assert (header.start.turn_number, header.start.phase, header.start.step) == (1, "beginning", "upkeep")


def test_turn_info_maps_to_the_protocols_parts_of_the_turn(bo1: tuple[RecordedGame, list[Problem]]) -> None:
    parts = [(s.turn_number, s.active_player, s.phase, s.step) for s in _seen(bo1[0])]
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
    in_end_step = [s.decision.player for s in _seen(game) if (s.turn_number, s.step) == (1, "end") and s.decision]
    assert in_end_step == ["Alice", "Bob"]
    assert not [e for e in game.events() if e.kind in ("priority_passed", "step_began", "turn_began")]
    cast = [s for s in _seen(game) if s.stack]
    assert [s.decision.player for s in cast if s.decision] == ["Bob", "Alice"]  # the caster first
    assert cast[0].stack is not None and (cast[0].stack[0].controller, cast[0].stack[0].kind) == ("Bob", "spell")


def test_what_the_log_cannot_show_is_left_out_of_the_trace(
    bo1: tuple[RecordedGame, list[Problem]], tmp_path: Path
) -> None:
    write_trace(bo1[0], tmp_path / "game.jsonl")
    lines = [json.loads(line) for line in (tmp_path / "game.jsonl").read_text().splitlines()[1:]]
    written = [line.get("view", line.get("change")) for line in lines if "view" in line or "change" in line]
    assert written and "view" in lines[next(i for i, line in enumerate(lines) if "event" not in line)]
    for observation in written:
        assert observation.get("day_night") is None and observation.get("battlefield") is None
        for player in observation.get("players") or ():
            assert "mana_pool" not in player and "poison" not in player and "life" in player
    problems: list[TraceProblem] = []
    read = open_trace(tmp_path / "game.jsonl", validate=True).entries(problems)
    seen = [e for _, e in read if isinstance(e, Observed)]
    assert not problems and len(seen) == len(written)
    assert all(o.players for o in seen)  # each observation, read whole, shows the players
    # A declare-attackers decision with no player holding priority: which decision it is, the log doesn't say.
    assert [o for o in seen if o.step == "declare_attackers" and o.decision is None]


def test_life_hands_and_the_game_end_follow_the_game_states(bo1: tuple[RecordedGame, list[Problem]]) -> None:
    seen = _seen(bo1[0])
    first, last = seen[0], seen[-1]
    assert (_hand(first, "Alice"), _hand(last, "Alice")) == (7, 6)
    assert _hand(last, "Bob") == 7  # drew one, cast one
    assert next(p.library_size for p in last.players or () if p.name == "Bob") == 32
    assert (_life(first, "Alice"), _life(last, "Alice")) == (20, 17)
    assert last.game_over and last.winner == "Bob" and last.decision is None
    assert not first.game_over and first.winner is None


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
    assert [(p.path.name, p.line) for p in problems] == [("bo1.log", 26), ("bo1.log", 35)]
    assert "JSON can't be read" in problems[0].message and "summarized" in problems[1].message
    assert str(problems[0]).startswith(f"{DATA / 'bo1.log'}:26: ")
    assert any(e.kind == "spell_cast" for e in game.events())  # logged after the malformed entry


def test_a_state_logged_twice_is_observed_once(bo1: tuple[RecordedGame, list[Problem]]) -> None:
    seen = _seen(bo1[0])
    assert all(a != b for a, b in itertools.pairwise(seen))
    after_cast = [s for s in seen if s.phase == "precombat_main" and s.turn_number == 2]
    assert [s.decision.player for s in after_cast if s.decision] == ["Bob", "Alice", "Bob"]


def test_each_game_of_a_match_is_its_own_trace_and_wrong_turn_info_is_a_problem() -> None:
    games, problems = _import("bo3.log")
    assert [g.header.source.rsplit(" ", 1)[-1] for g in games] == ["1", "2"]
    assert [g.header.starting_player for g in games] == ["Seat 1", "Seat 2"]  # no names in this log
    assert [(p.line, p.message) for p in problems] == [
        (5, "the step Step_Upkeep is not a step of Phase_Combat"),
        (7, "unknown part of the turn Phase_Planning/None"),
    ]
    assert [(s.phase, s.step) for s in _seen(games[0])] == [("beginning", "upkeep"), ("precombat_main", None)]


def test_the_traces_are_valid_for_the_rules_checker(tmp_path: Path) -> None:
    for name in ("bo1.log", "bo3.log"):
        for i, game in enumerate(_import(name)[0]):
            path = tmp_path / f"{name}-{i}.jsonl"
            write_trace(game, path)
            problems: list[TraceProblem] = []
            read = list(open_trace(path, validate=True).entries(problems))
            assert not problems and len(read) == len(game.entries)


def _state(state_id: int, body: Mapping[str, object]) -> str:
    message = {"type": "GREMessageType_GameStateMessage", "gameStateId": state_id, "gameStateMessage": body}
    return json.dumps({"greToClientEvent": {"greToClientMessages": [message]}})


def test_payloads_held_as_json_strings_are_read_and_a_full_state_replaces_the_last(tmp_path: Path) -> None:
    turn = {"turnNumber": 3, "phase": "Phase_Main2", "activePlayer": 1, "priorityPlayer": 1}
    first = {
        "type": "GameStateType_Full",
        "turnInfo": turn,
        "players": [{"systemSeatNumber": 1, "lifeTotal": 9, "teamId": 1}, {"systemSeatNumber": 2, "lifeTotal": 4}],
        "zones": [{"zoneId": 31, "type": "ZoneType_Hand", "ownerSeatId": 1, "objectInstanceIds": [5, 6]}],
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
    seen = _seen(found.game)
    assert [s.phase for s in seen] == ["postcombat_main", "postcombat_main"]
    assert (_hand(seen[0], "Seat 1"), _hand(seen[1], "Seat 1")) == (2, None)  # the second state has no zones
    assert _life(seen[1], "Seat 2") == 4
    assert found.game.header.starting_player is None  # the log begins after the first turn
    assert found.game.header.start is not None and found.game.header.start.turn_number == 3


def test_a_message_not_shaped_as_arenas_is_named_and_the_log_goes_on(tmp_path: Path) -> None:
    turn = {"turnNumber": 1, "phase": "Phase_Beginning", "step": "Step_Upkeep", "activePlayer": 1, "priorityPlayer": 1}
    good = {"type": "GameStateType_Full", "turnInfo": turn, "players": [{"systemSeatNumber": 1, "lifeTotal": "x"}]}
    log = tmp_path / "Player.log"
    log.write_text(
        "[UnityCrossThreadLogger]greToClientEvent\n"
        + _state(1, {"type": "GameStateType_Diff", "zones": [{"noZoneId": 3}]})
        + "\n[UnityCrossThreadLogger]room\n"
        + json.dumps({"matchGameRoomStateChangedEvent": "closed"})
        + "\n[UnityCrossThreadLogger]greToClientEvent\n"
        + '{"greToClientEvent": {"greToClientMessages": '
        + "[" * 100_000
        + "]" * 100_000
        + "}}\n[UnityCrossThreadLogger]greToClientEvent\n"
        + _state(2, good)
        + "\n",
        encoding="utf-8",
    )
    problems: list[Problem] = []
    (found,) = import_log(log, problems)
    assert sorted((p.line, p.message.split(" (")[0]) for p in problems) == [
        (1, "a game message not shaped as Arena's"),
        (3, "a game message not shaped as Arena's"),
        (5, "a game message's JSON can't be read: it is nested too deep"),
    ]
    assert any("KeyError: 'zoneId'" in p.message for p in problems)
    (seen,) = _seen(found.game)
    assert seen.step == "upkeep" and _life(seen, "Seat 1") is None  # a life total that isn't a number


def _game_states(match_id: str, life: object = 20, over: bool = False) -> list[dict[str, object]]:
    """Three states of a short game of one match: its first upkeep, its draw step, its main phase
    (``over``: and a fourth, its end, seat 1 the winner)."""
    info = {"matchID": match_id, "gameNumber": 1}
    players = [{"systemSeatNumber": 1, "lifeTotal": life, "teamId": 1}, {"systemSeatNumber": 2, "lifeTotal": 20}]
    turns = [("Phase_Beginning", "Step_Upkeep"), ("Phase_Beginning", "Step_Draw"), ("Phase_Main1", None)]
    states: list[dict[str, object]] = [
        {
            "type": "GameStateType_Full",
            "gameInfo": info,
            "players": players,
            "turnInfo": {"turnNumber": 1, "phase": phase, "step": step, "activePlayer": 1, "priorityPlayer": 1},
        }
        for phase, step in turns
    ]
    if over:
        results = [{"scope": "MatchScope_Game", "winningTeamId": 1}]
        states.append({**states[-1], "gameInfo": {**info, "stage": "GameStage_GameOver", "results": results}})
    return states


def _log(path: Path, states: list[tuple[int, dict[str, object]]]) -> Path:
    path.write_text("".join(f"[UnityCrossThreadLogger]greToClientEvent\n{_state(n, s)}\n" for n, s in states))
    return path


def test_two_games_whose_messages_alternate_are_each_whole(tmp_path: Path) -> None:
    one, two = _game_states("mI"), _game_states("mJ")
    alternating = [(n, s) for n, pair in enumerate(zip(one, two, strict=True)) for s in pair]
    problems: list[Problem] = []
    log = _log(tmp_path / "Player.log", [(i + 1, s) for i, (_, s) in enumerate(alternating)])
    games = list(import_log(log, problems))
    assert not problems and [(g.match_id, len(_seen(g.game))) for g in games] == [("mI", 3), ("mJ", 3)]


def test_a_number_past_an_integer_or_a_life_of_true_is_named_or_left_out(tmp_path: Path) -> None:
    states = _game_states("mO", life=True)
    states[1] = {**states[1], "turnInfo": {**states[1]["turnInfo"], "turnNumber": 1e400}}  # type: ignore[dict-item]
    problems: list[Problem] = []
    (found,) = import_log(_log(tmp_path / "Player.log", list(enumerate(states, 1))), problems)
    assert [(p.line, p.message.split(":")[0]) for p in problems] == [  # its message begins there
        (3, "the turn number Infinity is not a whole number from 0 to 10,000")
    ]
    assert all(_life(seen, "Seat 1") is None for seen in _seen(found.game))  # true is no life total


def test_each_game_is_given_as_soon_as_the_log_has_it_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """At its end, or when the next game of its match begins; a game the log leaves under way, at the log's end."""
    read: list[int] = []

    def following(path: Path, problems: list[Problem]) -> Iterator[LogMessage]:
        for message in read_log(path, problems):
            read.append(message.line)
            yield message

    monkeypatch.setattr(arena, "read_log", following)
    for name, given in (("bo1.log", [(1, 41)]), ("bo3.log", [(1, 9), (2, 11)])):
        read.clear()
        assert [(found.number, read[-1]) for found in import_log(DATA / name, [])] == given


def _at_turn(state: dict[str, object], number: object) -> dict[str, object]:
    turn = state["turnInfo"]
    assert isinstance(turn, dict)
    return {**state, "turnInfo": {**turn, "turnNumber": number}}


def test_a_turn_number_that_isnt_a_games_is_named_and_its_state_left_out(tmp_path: Path) -> None:
    upkeep, draw, main = _game_states("mT")
    wrong: list[object] = [1e300, 3.5, -1, 10_001, "2", True]
    states = [upkeep, *(_at_turn(draw, n) for n in wrong), _at_turn(main, 10_000)]
    problems: list[Problem] = []
    (found,) = import_log(_log(tmp_path / "Player.log", list(enumerate(states, 1))), problems)
    said = ["1e+300", "3.5", "-1", "10001", '"2"', "true"]
    assert [(p.line, p.message) for p in problems] == [
        (3 + 2 * i, f"the turn number {n} is not a whole number from 0 to 10,000: this game state is left out")
        for i, n in enumerate(said)
    ]
    assert [(s.turn_number, s.step) for s in _seen(found.game)] == [(1, "upkeep"), (10_000, None)]


def test_a_number_too_long_to_read_is_named_and_the_log_goes_on(tmp_path: Path) -> None:
    """More digits than Python reads as an integer (4,300 by default) stopped the import: an internal error."""
    upkeep, draw, main = (_state(n, s) for n, s in enumerate(_game_states("mL"), 1))
    digits = "1" * (sys.get_int_max_str_digits() + 1)
    log = tmp_path / "Player.log"
    entries = [
        upkeep,
        draw.replace('"turnNumber": 1', f'"turnNumber": {digits}'),
        json.dumps({"payload": draw.replace("1", digits)}),
        main,
    ]
    log.write_text("".join(f"[UnityCrossThreadLogger]greToClientEvent\n{entry}\n" for entry in entries))
    problems: list[Problem] = []
    (found,) = import_log(log, problems)
    too_long = (
        f"a game message's JSON can't be read: a number too long to read (over {sys.get_int_max_str_digits():,} digits)"
    )
    assert [(p.line, p.message) for p in problems] == [(3, too_long)]
    assert [s.step for s in _seen(found.game)] == ["upkeep", None]


def _turn(phase: str, step: str | None) -> dict[str, object]:
    return {"turnNumber": 1, "phase": phase, "step": step, "activePlayer": 1, "priorityPlayer": 1}


def _full(match_id: str, number: int, step: str) -> dict[str, object]:
    """A full state of game ``number`` of a match, in its first turn's beginning phase."""
    players = [{"systemSeatNumber": 1, "lifeTotal": 20, "teamId": 1}, {"systemSeatNumber": 2, "lifeTotal": 20}]
    return {
        "type": "GameStateType_Full",
        "gameInfo": {"matchID": match_id, "gameNumber": number},
        "players": players,
        "turnInfo": _turn("Phase_Beginning", step),
    }


def test_a_state_without_a_match_id_among_games_under_way_is_told_by_its_game_or_named(tmp_path: Path) -> None:
    """Two games under way: a state without a match id is of the one whose last state its
    prevGameStateId names, or whose gameNumber it has; where nothing tells, it is named and left out
    (it went to the game of the message before it: here the other game)."""
    main: dict[str, object] = {"type": "GameStateType_Diff", "turnInfo": _turn("Phase_Main1", None)}
    states: list[tuple[int, dict[str, object]]] = [
        (1, _full("mA", 1, "Step_Upkeep")),
        (1, _full("mB", 2, "Step_Upkeep")),
        (2, _full("mB", 2, "Step_Draw")),
        (2, {"type": "GameStateType_Diff", "prevGameStateId": 1, "turnInfo": _turn("Phase_Beginning", "Step_Draw")}),
        (3, main),  # of mA or mB: nothing tells
        (3, {**main, "gameInfo": {"gameNumber": 2}}),
    ]
    problems: list[Problem] = []
    games = list(import_log(_log(tmp_path / "Player.log", states), problems))
    assert [(p.line, p.message) for p in problems] == [
        (
            9,
            "a game state without a match id while 2 games are under way (match mA game 1, match mB game 2): "
            "which one it is of can't be told, and it is left out",
        )
    ]
    steps = {found.match_id: [(s.phase, s.step) for s in _seen(found.game)] for found in games}
    assert steps == {
        "mA": [("beginning", "upkeep"), ("beginning", "draw")],
        "mB": [("beginning", "upkeep"), ("beginning", "draw"), ("precombat_main", None)],
    }


def test_a_state_with_a_match_id_and_no_game_number_is_of_its_matchs_game(tmp_path: Path) -> None:
    """Two matches' messages alternate: a state that names its match but not its game is of that
    match's game under way (1 before its first), not of the game of the message before it, which
    is the other match's (it began a game of that number in its match, ending the one under way)."""

    def draw(match_id: str) -> dict[str, object]:
        return {
            "type": "GameStateType_Diff",
            "gameInfo": {"matchID": match_id},
            "turnInfo": _turn("Phase_Beginning", "Step_Draw"),
        }

    states: list[tuple[int, dict[str, object]]] = [
        (1, _full("mA", 1, "Step_Upkeep")),
        (1, _full("mB", 2, "Step_Upkeep")),
        (2, draw("mA")),
        (2, draw("mB")),
        (1, {**_full("mC", 1, "Step_Draw"), "gameInfo": {"matchID": "mC"}}),  # a match with no game yet
    ]
    problems: list[Problem] = []
    games = list(import_log(_log(tmp_path / "Player.log", states), problems))
    assert not problems
    assert [(found.match_id, found.number, [s.step for s in _seen(found.game)]) for found in games] == [
        ("mA", 1, ["upkeep", "draw"]),
        ("mB", 2, ["upkeep", "draw"]),
        ("mC", 1, ["draw"]),
    ]


def test_two_players_of_one_name_keep_their_arena_numbers_and_the_trace_is_read(tmp_path: Path) -> None:
    """Arena's names are told apart by their #number: without it, two players named Alice were one
    player named twice in the trace's header, which the rules checker refuses (the import said 0)."""
    log = tmp_path / "Player.log"
    log.write_text((DATA / "game.log").read_text(encoding="utf-8").replace("Bob#67890", "Alice#67890"), "utf-8")
    problems: list[Problem] = []
    (found,) = import_log(log, problems)
    assert not problems and found.game.header.players == ("Alice#12345", "Alice#67890")
    write_trace(found.game, tmp_path / "t.jsonl")
    assert open_trace(tmp_path / "t.jsonl").header.starting_player == "Alice#12345"
    same = arena._shown({1: "Al#1", 2: "Al#1", 3: "Bo#2"})  # one whole name twice: their seats tell them apart
    assert same == {1: "Al#1 (seat 1)", 2: "Al#1 (seat 2)", 3: "Bo"}
