"""``turncheck explore``: random games find a planted deviation, shrink it to a scenario that fails
on the broken engine and passes on the real one; the same seed gives the same report; shard
reports merge into the unsharded run's report."""

from __future__ import annotations

import contextlib
import importlib
import itertools
import json
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from random import Random
from typing import Any

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

import checker.trace.rules  # noqa: F401  (imported once here: pytester forgets modules first imported in a test)
from checker.adapters.reference import ReferenceAdapter
from checker.cli import main
from checker.contract.cards import POOL
from checker.contract.codec import decode, encode
from checker.contract.interface import EngineFailure, EngineTimeout, GameSetup
from checker.explore import command, explorer
from checker.explore.explorer import GAME_SETTINGS, Engines, explore_game, game_seed, seed_alone, simplest
from checker.explore.gherkin import scenario
from checker.explore.options import Shard
from checker.explore.play import play
from checker.explore.position import Position
from checker.explore.report import ExploreReportError, finding_json, merge, read
from checker.explore.sessions import side_by_side
from checker.explore.strategies import PERMANENT_TYPES, card_names, games, parts, positions, setups
from tests.fakes.adapters import Hostile, NoUpkeepPriority
from tests.fakes.late_signal import signalled_as_it_writes

PLANTED = "tests.fakes.adapters:NoUpkeepPriority"
SMALL = ["--edition", "cr2024", "--games", "4", "--max-decisions", "30"]


ROOT = Path(__file__).resolve().parents[1]


def _findings_module() -> str:
    """docs/explore.md's test module that runs the findings of a report directory."""
    text = (ROOT / "docs" / "explore.md").read_text(encoding="utf-8")
    blocks = [b.partition("\n")[2] for b in text.split("```python")[1:]]
    return next(b.partition("```")[0] for b in blocks if b.startswith("# test_findings.py"))


def _run_scenario(pytester: pytest.Pytester, gherkin: str, engine: str) -> pytest.RunResult:
    """The finding as --report-dir writes it, run by the test module docs/explore.md shows."""
    findings = pytester.path / "explore-reports" / "findings"
    findings.mkdir(parents=True, exist_ok=True)
    (findings / "cr2024-game-1.feature").write_text(gherkin, encoding="utf-8")
    module = _findings_module()
    assert 'scenarios("explore-reports/findings")' in module
    pytester.makepyfile(test_findings=module)
    return pytester.runpytest("test_findings.py", "--engine", engine, "-p", "no:cacheprovider")


def test_exploration_finds_a_planted_deviation_and_its_scenario_fails_only_on_the_broken_engine(
    pytester: pytest.Pytester,
) -> None:
    outcome = explore_game(Engines(NoUpkeepPriority), "cr2024", seed=3, index=1, kinds=("setup",), max_decisions=40)
    assert outcome.finding is not None and outcome.finding.kind == "violation"
    assert outcome.finding.what == "priority.ends-when-all-pass"
    assert "upkeep" in outcome.finding.shows
    reproduction = outcome.reproduction
    assert reproduction is not None and reproduction.gherkin is not None
    assert len(reproduction.played.actions) <= outcome.decisions_before_shrinking
    _run_scenario(pytester, reproduction.gherkin, PLANTED).assert_outcomes(failed=1)
    _run_scenario(pytester, reproduction.gherkin, "reference").assert_outcomes(passed=1)


def test_a_game_with_actions_is_written_as_a_scenario_that_replays_it(pytester: pytest.Pytester) -> None:
    """A long random game on the reference engine, refusals and all, said as When steps, passes."""
    position = Position(
        "cr2008",
        libraries=(("Forest", "Grizzly Bears", "Forest", "Shock"), ("Mountain", "Lightning Bolt", "Island")),
        hands=(("Forest", "Giant Growth", "Grizzly Bears"), ("Mountain", "Shock")),
        battlefield=(),
        turn_number=3,
    )
    choices = tuple(range(1, 120))
    played = play(ReferenceAdapter(), position, choices, pytester.path / "game.trace.jsonl")
    assert played.finding is None and len(played.actions) > 50
    assert any(refused for _, refused in played.actions), "some actions should have been refused"
    gherkin = scenario(position, played.actions, "replayed")
    assert gherkin is not None and "tries to" in gherkin
    _run_scenario(pytester, gherkin, "reference").assert_outcomes(passed=1)


def test_the_same_seed_gives_identical_reports_and_merged_shards_equal_the_whole_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    whole, again = tmp_path / "whole", tmp_path / "again"
    for out in (whole, again):
        assert main(["explore", "--engine", PLANTED, *SMALL, "--seed", "5", "--report-dir", str(out)]) == 1
    # What it wrote, as certify and trace say it: the report, its schema, each finding's scenario.
    line = f"reports written to {again}: explore-report.json, explore-report.schema.json, findings/"
    assert "".join(line.split()) in "".join(capsys.readouterr().out.split())  # however wrapped
    report = (whole / "explore-report.json").read_text()
    assert report == (again / "explore-report.json").read_text()
    assert json.loads(report)["editions"][0]["findings"], "the planted deviation should be found"
    shards = []
    for k in (1, 2, 3):
        out = tmp_path / f"shard{k}"
        main(["explore", "--engine", PLANTED, *SMALL, "--seed", "5", "--shard", f"{k}/3", "--report-dir", str(out)])
        shards.append(out / "explore-report.json")
    merged = tmp_path / "merged"
    assert main(["explore", "--merge", *map(str, reversed(shards)), "--report-dir", str(merged)]) == 1
    assert read(merged / "explore-report.json") == read(whole / "explore-report.json")
    partial = merge([(str(shards[0]), read(shards[0]))])
    assert partial["partial"] is True


def test_shards_that_are_not_of_one_run_are_not_merged(tmp_path: Path) -> None:
    reports = []
    for seed in ("1", "2"):
        out = tmp_path / seed
        main(["explore", "--edition", "mirage", "--games", "2", "--max-decisions", "5", "--seed", seed,
              "--shard", f"{seed}/2", "--report-dir", str(out)])  # fmt: skip
        reports.append((str(out), read(out / "explore-report.json")))
    with pytest.raises(ExploreReportError, match="not of the same run"):
        merge(reports)
    with pytest.raises(ExploreReportError, match="again"):
        merge([reports[0], reports[0]])
    # Shard 2 of the same run but of another edition: merged, each edition would lack half its games.
    other = tmp_path / "other"
    main(["explore", "--edition", "cr2024", "--games", "2", "--max-decisions", "5", "--seed", "1",
          "--shard", "2/2", "--report-dir", str(other)])  # fmt: skip
    with pytest.raises(ExploreReportError, match=r"/other: not of the same run as .*: it explored cr2024, not mirage"):
        merge([reports[0], (str(other), read(other / "explore-report.json"))])
    beyond = {**reports[0][1], "shard": {"index": 5, "count": 2}}  # as if shard 2 had been merged: it hasn't
    with pytest.raises(ExploreReportError, match=r"shard 5/2: no such shard \(1 to 2\)"):
        merge([reports[0], ("beyond", beyond)])
    # Shard 1 of 2 alone found nothing, but can't say what shard 2 would have found: not a pass.
    assert not read(tmp_path / "1" / "explore-report.json")["editions"][0]["findings"]
    assert main(["explore", "--merge", str(tmp_path / "1" / "explore-report.json")]) == 1


def test_a_signal_as_the_report_is_written_waits_for_it_whole(tmp_path: Path) -> None:
    """SIGTERM just as the report is written: the report and its findings' scenarios are all written,
    then the run ends as interrupted (143). It ended the process at once, leaving none of them."""
    reports = tmp_path / "reports"
    done = signalled_as_it_writes(
        "checker.explore.report", "write", "explore", "--engine", PLANTED, *SMALL, "--report-dir", str(reports)
    )
    assert done.returncode == 143, done.stdout + done.stderr
    assert "interrupted by SIGTERM as the results were written: they were written first" in done.stderr
    report = json.loads((reports / "explore-report.json").read_text())
    assert report["partial"] is False and report["editions"][0]["findings"]
    assert list((reports / "findings").glob("*.feature"))


def test_a_merge_is_not_written_over_a_report_it_merges(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--report-dir a shard's directory: the shard's report would be lost, and the run not merged again."""
    shard = tmp_path / "shard-1"
    main(["explore", "--edition", "mirage", "--games", "2", "--max-decisions", "5", "--shard", "1/2",
          "--report-dir", str(shard)])  # fmt: skip
    before = (shard / "explore-report.json").read_bytes()
    capsys.readouterr()
    assert main(["explore", "--merge", str(shard / "explore-report.json"), "--report-dir", str(shard)]) == 2
    said = capsys.readouterr().err
    assert f"--report-dir {shard}: the merge would replace {shard / 'explore-report.json'}, a report it merges" in said
    assert (shard / "explore-report.json").read_bytes() == before


def test_a_merged_reports_text_reaches_the_terminal_as_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """What a report says (it may come from anywhere) is neither markup nor terminal control."""
    out = tmp_path / "run"
    assert main(["explore", "--engine", PLANTED, *SMALL, "--shrink-budget", "0", "--report-dir", str(out)]) == 1
    report = json.loads((out / "explore-report.json").read_text())
    finding = report["editions"][0]["findings"][0]
    finding["rules"] = ["CR24-1.2[/bold]", "\x1b[2J"]
    finding["reproduction"]["gherkin"] = "\x1b[31m" + finding["reproduction"]["gherkin"]
    (out / "explore-report.json").write_text(json.dumps(report))
    capsys.readouterr()
    assert main(["explore", "--merge", str(out / "explore-report.json")]) == 1
    shown = "".join(capsys.readouterr().out.split())  # without spaces, however the console wrapped it
    assert "(CR24-1.2[/bold],\\x1b[2J)" in shown and "\\x1b[31m@edition" in shown and "\x1b" not in shown


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--shard", "3/2"], "a share is I/N"),
        (["--games", "0"], "'0' is not a whole number >= 1"),
        (["--games", "-1"], "'-1' is not a whole number >= 1"),
        (["--games", "²"], "'²' is not a whole number >= 1"),  # a digit to isdigit(), not to int()
        (["--seed", "²"], "'²' is not a whole number >= 0"),
        (["--shard", "1/²"], "'1/²': a share is I/N"),
        # Choices drawn for a game of up to 10**12 decisions took minutes and gigabytes.
        (["--max-decisions", "1000000000000"], "'1000000000000': a game of at most 100,000 decisions"),
        (["--engine", "no.such.module:Adapter"], "no.such.module"),
        (["--engine", ""], "engine: an empty command line"),
        (["--engine", "'unbalanced"], "cannot read it as a command line: No closing quotation"),
        (["--merge", "missing.json"], "no such"),
        (["--merge", "a.json", "-j", "2", "--engine", "x"], "plays no game: --engine, --jobs can't be given with it"),
        (["--merge", "a.json", "--games", "100", "--shard", "1/1"], "plays no game: --games, --shard can't be"),
        (["-j", "0"], "--jobs 0: must be 1 or more"),
        (["-j", "many"], "'many' is not a number of sessions"),
        (["--engine", "tests.fakes.adapters:NoEditions", "--edition", "cr2024"], "doesn't support cr2024"),
    ],
)
def test_a_wrong_option_is_a_usage_error(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Found before the report's directory is made: none is left behind, nor its parent."""
    assert main(["explore", *argv, "--report-dir", str(tmp_path / "reports" / "explore")]) == 2
    captured = capsys.readouterr()
    assert message in captured.err + captured.out
    assert not (tmp_path / "reports").exists()


def test_an_engine_that_supports_no_edition_fails_the_run_as_smoke_says_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not a usage error: no option asked for what it lacks."""
    engine = "tests.fakes.adapters:NoEditions"
    assert main(["explore", "--engine", engine, "--games", "1", "--report-dir", str(tmp_path / "reports")]) == 1
    assert "supports none of the suite's editions" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("adapter", "why"),
    [
        ("ExitsWhenAsked", "the adapter's capabilities raised SystemExit(0)"),
        ("EndsWhenAsked", "the process asking it exited with code 7"),
        ("FailsWhenAsked", "RuntimeError: no capabilities today"),
        ("AnswersText", "capabilities() returned 'cr2024', not a Capabilities"),
    ],
)
def test_an_engine_that_cant_say_what_it_supports_fails_the_run(
    adapter: str, why: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Even by ending its process: the command's own goes on to say so."""
    engine = f"tests.fakes.adapters:{adapter}"
    assert main(["explore", "--engine", engine, *SMALL, "--report-dir", str(tmp_path / "reports")]) == 1
    assert f"error: engine {engine!r} could not say what it supports: {why}" in capsys.readouterr().err
    assert not (tmp_path / "reports").exists()


@pytest.mark.parametrize(("engine", "code"), [(PLANTED, 1), ("reference", 2)])
def test_a_report_that_cant_be_written_is_said_and_its_findings_still_fail_the_run(
    engine: str, code: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The report's directory is replaced by a file during the run: the message names the
    directory and why, not the temporary file the report was being written to."""
    reports = tmp_path / "reports"

    def replacing_the_directory(*args: Any) -> Any:
        reports.write_text("not a directory")
        yield from side_by_side(*args)

    monkeypatch.setattr(command, "side_by_side", replacing_the_directory)
    assert main(["explore", "--engine", engine, *SMALL, "--kind", "setup", "--report-dir", str(reports)]) == code
    said = capsys.readouterr().err
    assert f"error: the run's results could not be written: --report-dir {reports}: " in said
    assert "Errno" not in said and ".tmp" not in said


def test_a_run_of_more_games_than_memory_could_list_starts_at_once_and_keeps_what_it_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The games are handed out as they are played: the run is stopped (as by a Ctrl-C) after its
    first three, the games of its shard, and reports them."""

    def three_then_stopped(games: Any, todo: Any, count: int, shrinking: Any) -> Any:
        yield from side_by_side(games, itertools.islice(todo, 3), count, shrinking)
        raise KeyboardInterrupt

    monkeypatch.setattr(command, "side_by_side", three_then_stopped)
    argv = ["--engine", PLANTED, "--games", "1" + "0" * 26, "--shard", "2/3", "-j", "2", "--shrink-budget", "0"]
    code = main(["explore", *argv, "--edition", "cr2024", "--max-decisions", "30", "--report-dir", str(tmp_path)])
    assert code == 128 + signal.SIGINT
    assert f"{'3' * 26} games per edition (cr2024), seed 0, shard 2/3, 2 side by side" in capsys.readouterr().out
    report = read(tmp_path / "explore-report.json")
    assert report["partial"] is True and report["editions"][0]["games_played"] == 3
    assert sorted(f["game"] for f in report["editions"][0]["findings"]) == [1, 4, 7]


@pytest.mark.parametrize("shard", [Shard(1, 1), Shard(1, 3), Shard(2, 3), Shard(3, 3), Shard(5, 7)])
def test_a_shard_counts_the_games_it_plays(shard: Shard) -> None:
    assert [shard.how_many(total) for total in range(12)] == [len(shard.games(total)) for total in range(12)]


def test_an_engine_that_crashes_is_a_finding_and_the_run_goes_on(tmp_path: Path) -> None:
    code = main(["explore", "--engine", "tests.fakes.adapters:Hostile", "--edition", "cr2008", "--games", "3",
                 "--max-decisions", "10", "--kind", "setup", "--report-dir", str(tmp_path)])  # fmt: skip
    assert code == 1
    edition = read(tmp_path / "explore-report.json")["editions"][0]
    kinds = {f["kind"] for f in edition["findings"]}
    # Each game the engine acts in is a finding (one that ends before any action, as Hypothesis may
    # draw, isn't), and the games after it are played.
    assert edition["games_played"] == 3
    assert kinds == {"engine failure"} and len(edition["findings"]) >= 2


def test_the_differential_names_the_first_divergence_in_the_suites_terms(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["explore", "--engine", PLANTED, "--against", "reference", *SMALL, "--kind", "setup",
                 "--report-dir", str(tmp_path)])  # fmt: skip
    assert code == 1
    findings = read(tmp_path / "explore-report.json")["editions"][0]["findings"]
    divergences = [f for f in findings if f["kind"] == "divergence"]
    assert divergences, findings
    assert "the reference:" in divergences[0]["shows"] and "turn" in divergences[0]["shows"]
    # Its place is said after "at": "at the game's start", "at action 3 (...)".
    assert all(re.fullmatch(r"the game's start|action \d+ \(.+\)", f["where"]) for f in divergences), divergences
    shown = capsys.readouterr().out
    assert " at at " not in shown and " at after " not in shown


def test_the_simplest_game_is_played_once_a_run_and_every_game_plays_two_random_ones(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hypothesis tries the simplest game first in every game: game 0 plays it, the others skip
    it and still play two random games each."""
    played: dict[int, list[Position]] = {}
    index = 0

    def spy(engine: Any, position: Position, *args: Any, **kwargs: Any) -> Any:
        played.setdefault(index, []).append(position)
        return play(engine, position, *args, **kwargs)

    monkeypatch.setattr(explorer, "play", spy)
    outcomes = []
    for index in range(3):
        outcomes.append(explore_game(Engines(ReferenceAdapter), "cr2024", 7, index, ("setup",), 20))
    empty = simplest("cr2024", None, "setup", 20)[0]
    assert empty.libraries == ((), ()) and empty.hands == ((), ()) and not empty.battlefield
    assert [o.plays for o in outcomes] == [3, 2, 2]
    assert played[0][0] == empty and all(p != empty for i in (1, 2) for p in played[i])


def test_help_and_the_docs_say_what_the_summarys_plays_are(capsys: pytest.CaptureFixture[str]) -> None:
    """The summary counts plays ('100 games (201 plays, ...)'): --help and docs/explore.md say what one is."""
    assert main(["explore", "--help"]) == 0
    shown = " ".join(capsys.readouterr().out.split())  # however argparse wrapped it
    assert "each draw played out is a play, which the summary counts ('100 games (201 plays, ...)'" in shown
    docs = " ".join((ROOT / "docs" / "explore.md").read_text(encoding="utf-8").split())
    assert "Each draw played out on the engine is a **play**: a game of the run has two (game 0 three)" in docs


def test_a_games_generation_depends_on_its_seed_alone_not_on_the_modules_imported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hypothesis draws now and then the constants of the modules imported from outside
    site-packages; a run's games must not change with them (another process, a checkout)."""

    def generated() -> list[object]:
        seen: list[object] = []

        def record(game: object) -> bool:
            seen.append(game)
            return False

        for index in range(40):
            strategy = games("cr2024", None, (("setup", "start")[index % 2],), 400)
            with seed_alone(), contextlib.suppress(NoSuchExample):
                find(strategy, record, settings=GAME_SETTINGS, random=Random(game_seed(0, "cr2024", index)))
        return seen

    before = generated()
    # Hypothesis leaves out numbers between -100 and 100: these fit a game's length and its seed.
    numbers = ", ".join(str(n) for n in range(100, 401))
    (tmp_path / "many_constants.py").write_text(f"NUMBERS = ({numbers})\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.import_module("many_constants")
    try:
        assert generated() == before
    finally:
        del sys.modules["many_constants"]


def test_game_seeds_depend_on_the_run_the_edition_and_the_game_only() -> None:
    assert game_seed(1, "cr2024", 5) == game_seed(1, "cr2024", 5)
    assert len({game_seed(1, "cr2024", 5), game_seed(1, "mirage", 5), game_seed(2, "cr2024", 5)}) == 3
    assert list(Shard(2, 3).games(8)) == [1, 4, 7]


@pytest.mark.parametrize("edition", ["mirage", "cr2008", "cr2024"])
def test_every_part_a_set_up_may_start_at_is_one_the_edition_has(edition: str) -> None:
    for part in parts(edition):
        Position(edition, ((), ()), part=part).setup()


@settings(max_examples=50, derandomize=True, database=None)
@given(positions("cr2024", None, ("setup",)))
def test_a_generated_set_up_has_only_permanents_on_the_battlefield(position: Position) -> None:
    """No instant or sorcery on the battlefield: it never is a permanent (CR 110.4)."""
    for permanent in position.battlefield:
        assert PERMANENT_TYPES & set(POOL[permanent.name].types), permanent.name


@settings(max_examples=30, derandomize=True, database=None)
@given(setups("cr2024", card_names()))
def test_the_exported_set_up_strategy_gives_set_ups_the_wire_protocol_carries(setup: GameSetup) -> None:
    assert decode(GameSetup, encode(setup)) == setup


@settings(max_examples=10, derandomize=True, database=None, deadline=None)
@given(st.data())
def test_a_generated_game_plays_through_on_the_reference_engine(data: st.DataObject) -> None:
    position, choices = data.draw(games("mirage", max_decisions=60))
    with tempfile.TemporaryDirectory() as tmp:
        played = play(ReferenceAdapter(), position, choices, Path(tmp) / "game.trace.jsonl")
    assert played.finding is None, played.finding


class _FailsAtPerform(ReferenceAdapter):
    """Fails its ``AT``-th perform of the game."""

    AT = 1

    def __init__(self) -> None:
        super().__init__()
        self.performed = 0

    def perform(self, action: Any) -> None:
        self.performed += 1
        if self.performed == self.AT:
            raise RuntimeError("perform fails")
        super().perform(action)


@pytest.mark.parametrize("at", [1, 2])
def test_an_engine_failure_names_the_action_it_failed_in(at: int, tmp_path: Path) -> None:
    engine = _FailsAtPerform()
    engine.AT = at
    position = simplest("cr2024", None, "setup", 20)[0]
    played = play(engine, position, (0,) * 10, tmp_path / "game.trace.jsonl")
    assert played.finding is not None and len(played.actions) == at - 1
    assert played.finding.shows.startswith(f"while taking action {at} ("), played.finding
    assert played.finding.shows.endswith("): perform fails")
    # A reproduction takes the action the engine failed in last: that is where it fails.
    assert played.failed_in is not None and played.reproduced == [*played.actions, (played.failed_in, False)]


def test_the_scenario_of_an_engine_failure_in_an_action_takes_that_action_and_fails_on_the_engine(
    pytester: pytest.Pytester,
) -> None:
    outcome = explore_game(Engines(Hostile), "cr2024", seed=0, index=1, kinds=("setup",), max_decisions=10)
    assert outcome.finding is not None and outcome.finding.kind == "engine failure"
    assert outcome.finding.shows.startswith("while taking action 1 (")
    reproduction = outcome.reproduction
    assert reproduction is not None and reproduction.gherkin is not None
    assert "\n    When Alice passes priority\n    Then " in reproduction.gherkin
    _run_scenario(pytester, reproduction.gherkin, "tests.fakes.adapters:Hostile").assert_outcomes(failed=1)
    _run_scenario(pytester, reproduction.gherkin, "reference").assert_outcomes(passed=1)


@pytest.mark.usefixtures("default_handlers")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_terminated_run_reports_the_games_played_so_far_as_partial(tmp_path: Path, jobs: str) -> None:
    command = [sys.executable, "-m", "checker", "explore", "--games", "1000", "-j", jobs, "--report-dir", str(tmp_path)]
    run = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=Path(__file__).parents[1]
    )
    assert run.stdout is not None
    assert run.stdout.readline().startswith("exploring reference-engine")
    time.sleep(1)
    run.send_signal(signal.SIGTERM)
    output, said = run.communicate(timeout=120)
    assert run.returncode == 128 + signal.SIGTERM, output + said
    report = read(tmp_path / "explore-report.json")
    assert report["partial"] is True
    # The interrupt is said on the error stream, as by the other commands; the output holds the results.
    assert "error: interrupted: the report holds the games played so far" in said and "interrupted" not in output


class _BreaksThenFails(NoUpkeepPriority):
    """Breaks the rule (or, ``CRASHES``, crashes in its first action) in its first games, then fails
    in each game's start with ``FAILURE``."""

    FAILURE: Exception = RuntimeError()
    CRASHES = False

    def start(self, setup: GameSetup) -> None:
        if _BreaksThenFails.games == 0:
            raise self.FAILURE
        _BreaksThenFails.games -= 1
        super().start(setup)

    def perform(self, action: Any) -> None:
        if self.CRASHES:
            raise EngineFailure("crashed")
        super().perform(action)

    games = 0


@pytest.mark.parametrize(
    ("failure", "crashes", "cut"),
    [
        (RuntimeError("worn out"), False, ("engine failure", "RuntimeError", "while starting the game: worn out")),
        (EngineTimeout("no answer"), False, ("timeout", "EngineTimeout", "while starting the game: no answer")),
        (None, False, ("engine failure", "EngineFailure", "while starting the engine: not again")),
        # The finding is an EngineFailure too: an engine that can't be had shows none (it shrank to the empty game).
        (None, True, ("engine failure", "EngineFailure", "while starting the engine: not again")),
    ],
)
def test_an_engine_that_fails_while_a_finding_is_shrunk_cuts_the_shrinking_short_and_the_finding_stands(
    failure: Exception | None, crashes: bool, cut: tuple[str, str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Game 1 of seed 0 shows its finding at its first play (how many decisions in, Hypothesis's version
    decides: the oldest supported draws another game); the engine then plays
    three shrinking tries and fails the fourth (in its start, or it can't be had): the smallest game
    found in those three is the reproduction, the failure what cut the shrinking short, and no try
    is played after it (each could wait for the timeout)."""
    monkeypatch.setattr(_BreaksThenFails, "games", 4)
    monkeypatch.setattr(_BreaksThenFails, "CRASHES", crashes)
    if failure is not None:
        monkeypatch.setattr(_BreaksThenFails, "FAILURE", failure)
    made = 0

    def engine() -> _BreaksThenFails:
        nonlocal made
        made += 1
        if failure is None and _BreaksThenFails.games == 0:
            raise EngineFailure("not again")
        return _BreaksThenFails()

    outcome = explore_game(Engines(engine), "cr2024", seed=0, index=1, max_decisions=30)
    assert outcome.plays == 1 and made == 5
    assert outcome.finding is not None and outcome.reproduction is not None
    if crashes:
        assert outcome.finding.key == ("engine failure", "EngineFailure")
        assert outcome.reproduction.played.reproduced, "the reproduction takes the action the engine crashed in"
    else:
        assert outcome.finding.key == ("violation", "priority.ends-when-all-pass")
        assert outcome.decisions_before_shrinking > 0
    assert 0 < len(outcome.reproduction.played.reproduced) <= outcome.decisions_before_shrinking
    assert outcome.cut_short is not None
    assert (outcome.cut_short.kind, outcome.cut_short.what, outcome.cut_short.shows) == cut
    assert finding_json(outcome)["shrinking_cut_short"] == dict(zip(("kind", "what", "shows"), cut, strict=True))
