"""``turncheck explore -j N``: games played in N processes give the report one process gives; a
process that dies costs its game only; a bug stops the run with no process left behind. And a
game depends on its seed alone, whatever the process has imported."""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from checker.cli import main
from checker.explore.report import read
from checker.explore.sessions import SessionError, side_by_side
from tests.fakes.processes import children, ended_within
from tests.fakes.sessions import Scripted, Unstartable

PLANTED = "tests.fakes.adapters:NoUpkeepPriority"
FAKE = Path(__file__).parent / "fakes" / "engine.py"
SMALL = ["--edition", "cr2024", "--games", "6", "--max-decisions", "30", "--seed", "5"]


def _scripted(**script: int) -> Scripted:
    return Scripted("reference", 10.0, None, None, 0, ("setup",), 10, 0, **script)


def test_games_side_by_side_give_the_report_of_one_process(tmp_path: Path) -> None:
    for jobs in ("1", "3"):
        assert main(["explore", "--engine", PLANTED, *SMALL, "-j", jobs, "--report-dir", str(tmp_path / jobs)]) == 1
    report = (tmp_path / "1" / "explore-report.json").read_text()
    assert len(read(tmp_path / "1" / "explore-report.json")["editions"][0]["findings"]) == 6
    assert (tmp_path / "3" / "explore-report.json").read_text() == report


def test_a_process_that_dies_in_a_game_costs_that_game_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["explore", "--engine", "tests.fakes.adapters:DiesInSetUps", "--edition", "cr2024", "--games", "4",
                 "--max-decisions", "20", "-j", "2", "--report-dir", str(tmp_path)])  # fmt: skip
    assert code == 1
    assert "2 side by side" in capsys.readouterr().out
    edition = read(tmp_path / "explore-report.json")["editions"][0]
    assert edition["games_played"] == 4
    died = {f["game"]: f for f in edition["findings"]}
    assert sorted(died) == [0, 2], "the games from a set-up (even) kill their process, the others are played"
    assert all(f["kind"] == "engine failure" and "killed by SIGKILL" in f["shows"] for f in died.values())
    assert "the engine runs in that process" in died[0]["shows"]


@pytest.mark.usefixtures("default_handlers")
def test_the_processes_of_a_run_killed_outright_end_with_it(tmp_path: Path) -> None:
    """The command killed by SIGKILL (a CI runner ending its step, the OOM killer) while a process is
    stuck in a game (for longer than the test waits: its request's timeout is an hour): none goes on
    without it. They played on, the stuck one until its timeout."""
    marker = tmp_path / "stuck"
    command = [sys.executable, "-m", "checker", "explore", "--engine", "tests.fakes.adapters:Stuck", "--edition",
               "cr2024", "--games", "50", "-j", "2", "--timeout", "3600"]  # fmt: skip
    env = {**os.environ, "FAKE_ADAPTER_MARKER": str(marker)}
    root = Path(__file__).resolve().parents[1]
    with subprocess.Popen(command, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) as run:
        deadline = time.monotonic() + 120
        while not marker.exists() and time.monotonic() < deadline and run.poll() is None:
            time.sleep(0.1)
        processes = children(run.pid)
        run.kill()
        run.wait(timeout=60)
    try:
        assert marker.exists() and processes
        assert [pid for pid in processes if not ended_within(pid, 30)] == []
    finally:
        for pid in processes:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def test_each_game_is_played_once_and_a_dead_process_is_replaced() -> None:
    todo = [("cr2024", index) for index in range(7)]
    played = dict(side_by_side(_scripted(dies=1), todo, 2))
    assert sorted(played) == todo
    assert played["cr2024", 1].finding is not None and "SIGKILL" in played["cr2024", 1].finding.shows
    assert all(outcome.finding is None for game, outcome in played.items() if game[1] != 1)
    assert multiprocessing.active_children() == []


def test_games_are_taken_as_the_processes_are_free_so_that_they_may_have_no_end() -> None:
    endless = (("cr2024", index) for index in itertools.count())
    with contextlib.closing(side_by_side(_scripted(), endless, 2)) as played:
        first = [game for game, _ in itertools.islice(played, 5)]
    # Two processes, each handed its next game as it finishes one: the five are of the first six handed out.
    assert len(set(first)) == 5 and all(index < 6 for _, index in first)
    assert multiprocessing.active_children() == []


def test_a_bug_in_a_process_stops_the_run_naming_the_game_and_leaves_no_process() -> None:
    todo = [("cr2024", index) for index in range(6)]
    with pytest.raises(SessionError, match=r"cr2024 game 2: ValueError: a bug in game 2"):
        list(side_by_side(_scripted(fails=2), todo, 2))
    assert multiprocessing.active_children() == []


def test_a_process_that_cant_start_stops_the_run_rather_than_fail_every_game() -> None:
    games = Unstartable("reference", 10.0, None, None, 0, ("setup",), 10, 0)
    with pytest.raises(SessionError, match="a process of the run couldn't start: it exited with code 1"):
        list(side_by_side(games, [("cr2024", index) for index in range(4)], 2))
    assert multiprocessing.active_children() == []


def test_an_engine_that_ends_its_process_is_a_finding_and_the_run_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAKE_ADAPTER_MARKER", str(tmp_path / "once"))  # os._exit(0), once in the run
    code = main(["explore", "--engine", "tests.fakes.adapters:Exiting", "--edition", "cr2024", "--games", "6",
                 "--kind", "start", "--report-dir", str(tmp_path / "report")])  # fmt: skip
    assert code == 1
    report = read(tmp_path / "report" / "explore-report.json")
    edition = report["editions"][0]
    assert not report["partial"] and edition["games_played"] == 6
    [died] = [f for f in edition["findings"] if f["what"] == "the process playing the game died"]
    assert died["shows"] == "the process exited with code 0 (the engine runs in that process: it may have crashed it)"


@pytest.mark.parametrize("how", ["in process", "over the wire"])
def test_an_engine_that_cant_be_had_for_a_game_is_its_finding_and_the_run_goes_on(
    tmp_path: Path, how: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An adapter whose creation fails, an engine process that fails its handshake (and is then not
    started again): engine failures of the games, not an internal error of the suite (exit 3)."""
    if how == "in process":
        engine, said = "tests.fakes.adapters:FailsToBeMadeAgain", "no second engine today"
    else:  # its first start answers what it supports; every later one dies before its hello's answer
        marker = shlex.quote(str(tmp_path / "started"))
        starts = (
            f"if [ -e {marker} ]; then echo dying >&2; exit 3; fi; touch {marker}; "
            f"exec {shlex.quote(sys.executable)} {shlex.quote(str(FAKE))} honest"
        )
        engine, said = f"sh -c {shlex.quote(starts)}", "dying"
    code = main(["explore", "--engine", engine, "--edition", "cr2024", "--games", "3", "--max-decisions", "10",
                 "--shrink-budget", "2", "--report-dir", str(tmp_path / "report")])  # fmt: skip
    assert code == 1
    assert "internal error" not in capsys.readouterr().err
    report = read(tmp_path / "report" / "explore-report.json")
    edition = report["editions"][0]
    assert not report["partial"] and edition["games_played"] == 3
    assert edition["findings"] and all(f["kind"] == "engine failure" for f in edition["findings"])
    assert all(f["shows"].startswith("while starting the engine: ") for f in edition["findings"])
    assert any(said in f["shows"] for f in edition["findings"])


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_keyboard_interrupt_out_of_the_engine_stops_the_run_as_ctrl_c_does(
    tmp_path: Path, jobs: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FAKE_ADAPTER_MARKER", str(tmp_path / "once"))
    code = main(["explore", "--engine", "tests.fakes.adapters:Interrupting", "--edition", "cr2024", "--games", "20",
                 "--kind", "start", "-j", jobs, "--report-dir", str(tmp_path / "report")])  # fmt: skip
    assert code == 130
    assert "a KeyboardInterrupt came out of the engine" in capsys.readouterr().err
    assert read(tmp_path / "report" / "explore-report.json")["partial"] is True


def test_what_the_engine_says_reaches_the_terminal_as_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["explore", "--engine", "tests.fakes.adapters:Hostile", "--edition", "cr2008", "--games", "2",
                 "--max-decisions", "10", "--kind", "setup"])  # fmt: skip
    assert code == 1
    out = capsys.readouterr().out
    assert "evil" in out and "\x1b" not in out and "\x00" not in out and "\u202e" not in out
    assert "\\x1b[31m" in out


def test_a_report_dir_that_cant_be_written_is_refused_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a file").write_text("")
    assert main(["explore", "--games", "2", "--report-dir", str(tmp_path / "a file" / "sub")]) == 2
    captured = capsys.readouterr()
    assert "--report-dir" in captured.err and "exploring" not in captured.out
    run = tmp_path / "run"
    assert main(["explore", "--edition", "cr2024", "--games", "1", "--max-decisions", "5", f"--report-dir={run}"]) == 0
    capsys.readouterr()
    assert main(["explore", "--merge", str(run / "explore-report.json"), "--report-dir", str(tmp_path / "a file")]) == 2
    captured = capsys.readouterr()
    assert "exists and is not a directory" in captured.err and "games" not in captured.out  # nor the summary


def test_a_report_dir_that_cant_be_made_is_refused_before_the_engine_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A usage error: found before the engine is started (an engine over the wire that leaves a marker
    as it starts), which may take long and would answer its handshake for nothing."""
    (tmp_path / "a file").write_text("")
    marker = tmp_path / "started"
    starts = f"touch {shlex.quote(str(marker))} && exec {shlex.quote(sys.executable)} {shlex.quote(str(FAKE))} honest"
    report_dir = tmp_path / "a file" / "sub"
    assert main(["explore", "--engine", f"sh -c {shlex.quote(starts)}", "--report-dir", str(report_dir)]) == 2
    assert capsys.readouterr().err.strip() == f"error: --report-dir {report_dir}: can't be written: Not a directory"
    assert not marker.exists()


def test_a_process_that_dies_while_a_finding_is_shrunk_keeps_the_finding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Game 1 of seed 0 shows the planted violation at its first play; the engine then kills its
    process at the fourth shrinking try. The death replaced the finding; now the finding stands, with
    the smallest game found before, and the death is what cut its shrinking short."""
    engine = "tests.fakes.adapters:NoUpkeepPriorityThenDies"
    code = main(["explore", "--engine", engine, "--edition", "cr2024", "--games", "2", "--shard", "2/2",
                 "--seed", "0", "--max-decisions", "30", "--report-dir", str(tmp_path)])  # fmt: skip
    assert code == 1
    [finding] = read(tmp_path / "explore-report.json")["editions"][0]["findings"]
    assert (finding["game"], finding["kind"], finding["what"]) == (1, "violation", "priority.ends-when-all-pass")
    assert 0 < len(finding["reproduction"]["actions"]) <= finding["decisions_before_shrinking"]
    assert (tmp_path / "findings" / "cr2024-game-1.feature").read_text() == finding["reproduction"]["gherkin"]
    assert finding["shrinking_cut_short"] == {
        "kind": "engine failure",
        "what": "the process playing the game died",
        "shows": "the process was killed by SIGKILL (the engine runs in that process: it may have crashed it)",
    }
    shown = " ".join(capsys.readouterr().out.split())
    assert "shrinking cut short: a try failed, engine failure (the process playing the game died): the process" in shown


#: Game 1 of seed 0 (and game 3, with -j 2), each showing the planted violation at its first play.
SHRUNK = ["--edition", "cr2024", "--shard", "2/2", "--seed", "0", "--max-decisions", "30"]


@pytest.mark.usefixtures("default_handlers")
@pytest.mark.parametrize(("jobs", "number"), [("1", signal.SIGINT), ("2", signal.SIGTERM), ("1", signal.SIGHUP)])
def test_a_run_interrupted_while_a_finding_is_shrunk_keeps_the_finding(
    tmp_path: Path, jobs: str, number: signal.Signals
) -> None:
    """The engine stalls at the fourth shrinking try of a finding (it leaves a marker first), and the
    run is interrupted there. The game in shrinking was dropped: its violation, seen, was missing
    from the partial report. Now it stands with the smallest game found before, the interrupt what
    cut its shrinking short, and the game counts as played (its plays were all played)."""
    marker = tmp_path / "stalled"
    engine = "tests.fakes.adapters:NoUpkeepPriorityThenStalls"
    command = [sys.executable, "-m", "checker", "explore", "--engine", engine, *SHRUNK,
               "--games", "2" if jobs == "1" else "4", "-j", jobs, "--timeout", "3600",
               "--report-dir", str(tmp_path / "report")]  # fmt: skip
    env = {**os.environ, "FAKE_ADAPTER_MARKER": str(marker)}
    root = Path(__file__).resolve().parents[1]
    with subprocess.Popen(command, cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as run:
        deadline = time.monotonic() + 120
        while not marker.exists() and time.monotonic() < deadline and run.poll() is None:
            time.sleep(0.05)
        run.send_signal(number)
        output, said = run.communicate(timeout=120)
    assert marker.exists(), said
    assert run.returncode == 128 + number, output + said
    report = read(tmp_path / "report" / "explore-report.json")
    assert report["partial"] is True
    [edition] = report["editions"]
    shows = f"{number.name} stopped the run while the finding was shrunk"
    cut = {"kind": "interrupted", "what": number.name, "shows": shows}
    assert edition["findings"] and all(f["shrinking_cut_short"] == cut for f in edition["findings"])
    assert edition["games_played"] >= len(edition["findings"]) and edition["plays"] >= edition["games_played"]
    for finding in edition["findings"]:
        assert (finding["kind"], finding["what"]) == ("violation", "priority.ends-when-all-pass")
        assert 0 < len(finding["reproduction"]["actions"]) <= finding["decisions_before_shrinking"]
        feature = tmp_path / "report" / "findings" / f"cr2024-game-{finding['game']}.feature"
        assert feature.read_text() == finding["reproduction"]["gherkin"]
    if jobs == "1":
        assert [f["game"] for f in edition["findings"]] == [1] and edition["games_played"] == 1
    shown = " ".join(output.split())
    assert f"shrinking cut short: the run was interrupted ({number.name}): {number.name} stopped the run" in shown


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_keyboard_interrupt_out_of_the_engine_while_a_finding_is_shrunk_keeps_the_finding(
    tmp_path: Path, jobs: str
) -> None:
    """The engine raises KeyboardInterrupt at the fourth shrinking try of a finding: the run stops as
    on Ctrl-C, and the finding (lost before) stands, its shrinking cut short by that interrupt."""
    engine = "tests.fakes.adapters:NoUpkeepPriorityThenInterrupted"
    code = main(["explore", "--engine", engine, *SHRUNK, "--games", "2" if jobs == "1" else "4", "-j", jobs,
                 "--report-dir", str(tmp_path)])  # fmt: skip
    assert code == 130
    report = read(tmp_path / "explore-report.json")
    assert report["partial"] is True
    [edition] = report["editions"]
    assert edition["findings"] and edition["games_played"] >= len(edition["findings"])
    for finding in edition["findings"]:
        assert 0 < len(finding["reproduction"]["actions"]) <= finding["decisions_before_shrinking"]
        cut = finding["shrinking_cut_short"]
        assert (cut["kind"], cut["what"]) == ("interrupted", "KeyboardInterrupt")
        assert cut["shows"].endswith(": a KeyboardInterrupt came out of the engine")
    if jobs == "1":
        assert [f["game"] for f in edition["findings"]] == [1] and edition["games_played"] == 1
        cut = edition["findings"][0]["shrinking_cut_short"]
        assert cut["shows"] == "cr2024 game 1: a KeyboardInterrupt came out of the engine"
