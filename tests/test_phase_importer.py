"""The phase.rs game recorder; it runs only with the optional extra installed (`pip install .[phase]`)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("phase", reason="phase-python (the optional extra `.[phase]`) is not installed")

from checker.adapters.phase_rs import PhaseAdapter
from checker.contract.cards import card
from checker.contract.interface import IllegalActionError, PlayLand, UnsupportedError
from checker.importers.phase_games import LANDS, PLAYERS, deck, record_game
from checker.importers.recording import RecordedGame, write_trace
from checker.trace.files import open_trace
from checker.trace.format import Observation
from checker.trace.problems import TraceProblem


def _lines(game: RecordedGame, path: Path) -> list[dict[str, Any]]:
    write_trace(game, path)
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture(scope="module")
def short_game(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    return _lines(record_game(5, max_turns=4), tmp_path_factory.mktemp("phase") / "seed5.jsonl")


def test_the_same_seed_records_the_same_game(short_game: list[dict[str, Any]], tmp_path: Path) -> None:
    assert _lines(record_game(5, max_turns=4), tmp_path / "again.jsonl") == short_game
    assert _lines(record_game(6, max_turns=4), tmp_path / "other.jsonl") != short_game


def test_the_header_says_where_the_trace_begins_and_who_started(short_game: list[dict[str, Any]]) -> None:
    header = short_game[0]
    assert header["format"] == "turncheck-trace" and header["edition"] == "cr2024"
    assert header["engine"]["name"] == "phase.rs (phase-python)" and header["engine"]["version"] == "0.103.0"
    assert header["players"] == list(PLAYERS) and header["source"].endswith("seed 5")
    # phase.rs deals the game into the first upkeep, reporting nothing of how the turn began.
    assert header["start"] == {
        "turn_number": 1,
        "active_player": header["starting_player"],
        "phase": "beginning",
        "step": "upkeep",
    }
    first_view = next(line["view"] for line in short_game if "view" in line)
    assert (first_view["turn_number"], first_view["active_player"]) == (1, header["starting_player"])


def test_observations_leave_out_what_phase_rs_does_not_show(short_game: list[dict[str, Any]]) -> None:
    views = [line["view"] for line in short_game if "view" in line]
    assert views and all("day_night" not in v and "mana_pool" in v["players"][0] for v in views)


def test_every_action_is_taken_at_an_observed_decision_of_its_player(short_game: list[dict[str, Any]]) -> None:
    decider = observed = None
    outcomes = set()
    for line in short_game[1:]:
        if "view" in line:
            decider = observed = (line["view"].get("decision") or {}).get("player")
        elif "change" in line:  # an observation written as a change: the decision as before unless given
            if "decision" in line["change"]:
                observed = (line["change"]["decision"] or {}).get("player")
            decider = observed
        elif "action" in line:
            assert line["action"]["player"] == decider
            outcomes.add(line["outcome"])
        else:
            decider = None  # the game moved on
    assert outcomes == {"accepted", "refused"}  # a creature tried before its mana was there is refused


def test_the_traces_are_valid_for_the_rules_checker(tmp_path: Path) -> None:
    write_trace(record_game(8, max_turns=6), tmp_path / "game.jsonl")
    problems: list[TraceProblem] = []
    entries = list(open_trace(tmp_path / "game.jsonl", validate=True).entries(problems))
    assert entries and not problems


def test_the_players_play_lands_cast_creatures_and_attack() -> None:
    game = record_game(3)
    kinds = Counter(e.kind for e in game.events())
    assert kinds["land_played"] and kinds["spell_cast"] and kinds["attackers_declared"]
    per_turn = Counter((e.turn, e.player) for e in game.events() if e.kind == "land_played")
    assert max(per_turn.values()) == 1
    last = [e for e in game.entries if isinstance(e, Observation)][-1]
    assert last.game_over and kinds["game_over"] == 1


def test_a_game_stops_at_the_turn_limit() -> None:
    game = record_game(4, max_turns=2)
    last = [e for e in game.entries if isinstance(e, Observation)][-1]
    assert last.turn_number == 3 and not last.game_over


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


def test_the_first_turns_draw_step_is_skipped_and_later_ones_begin(short_game: list[dict[str, Any]]) -> None:
    """phase.rs marks the first turn's Draw and goes past it with no draw, trigger or priority (CR 103.8a)."""
    draws = [(e["turn"], e["kind"]) for line in short_game if (e := line.get("event")) and e.get("subject") == "draw"]
    assert draws[0] == (1, "step_skipped") and (1, "step_began") not in draws
    assert (2, "step_began") in draws and (2, "step_skipped") not in draws


def test_the_combat_keywords_are_phase_rs_own() -> None:
    from checker.contract.interface import GameSetup, PermanentSetup, PlayerSetup

    battlefield = (
        PermanentSetup("knight", card("White Knight"), "Alice"),
        PermanentSetup("bears", card("Grizzly Bears"), "Bob"),
    )
    adapter = PhaseAdapter()
    adapter.start(GameSetup("cr2024", (PlayerSetup("Alice"), PlayerSetup("Bob")), "Alice", battlefield=battlefield))
    assert adapter.combat_keywords() == {"knight": ("first_strike",)}
    observed = Observation.of(adapter.view(), adapter.combat_keywords())
    assert observed.keywords == {"knight": ("first_strike",)}


def test_an_imported_game_shows_its_keywords_so_the_second_damage_step_is_checked(tmp_path: Path) -> None:
    """The simple players' vanilla creatures have no first strike: every observation says so
    (an empty ``keywords``), and each combat with attackers has one combat damage step."""
    from checker.trace.check import check_trace
    from checker.trace.results import Status

    write_trace(record_game(3, max_turns=8), tmp_path / "game.jsonl")
    lines = [json.loads(line) for line in (tmp_path / "game.jsonl").read_text().splitlines()[1:]]
    views = [line["view"] for line in lines if "view" in line]
    assert views and all(v.get("keywords") == {} for v in views)
    only = frozenset({"combat.second-damage-step-exactly-with-first-or-double-strike"})
    (result,) = check_trace(open_trace(tmp_path / "game.jsonl"), only=only).results
    assert result.status is Status.PASSED and result.occasions > 0
