"""The pytest plugin, run in a pytest of its own: unsupported engines, bad steps, bad options."""

from __future__ import annotations

import codecs
import fnmatch
import inspect
import json
import re
import sys
from pathlib import Path

import pytest
from _pytest.fixtures import FixtureFunctionDefinition

from checker.contract.features import features_dir
from checker.contract.vocabulary import EDITIONS
from checker.running import collect, pytest_options, pytest_plugin, scenario_runs, session_end

#: The suite's scenarios as a module, for --pyargs.
SUITE = "checker.running.test_conformance"

LIMITED = """
from checker.adapters.reference import ReferenceAdapter
from checker.contract.interface import Capabilities


class Limited(ReferenceAdapter):
    '''The reference engine, claiming only cr2024 and no phasing.'''

    def capabilities(self) -> Capabilities:
        full = super().capabilities()
        return Capabilities("limited", "1", frozenset({"cr2024"}), full.effects - {"phasing"})
"""


def run_feature(pytester: pytest.Pytester, name: str, text: str) -> pytest.RunResult:
    """A pytest session of one feature file, ``name``.feature holding ``text``, bound by pytest-bdd."""
    pytester.makefile(".feature", **{name: text})
    pytester.makepyfile(**{f"test_{name}": f"from pytest_bdd import scenarios\nscenarios('{name}.feature')\n"})
    return pytester.runpytest()


def test_what_an_engine_does_not_support_is_reported_unsupported_never_failed(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(limited_engine=LIMITED)
    pytester.syspathinsert()
    result = pytester.runpytest(
        "--pyargs", "checker.running.test_conformance", "--engine", "limited_engine:Limited", "--part", "untap", "-rs"
    )
    outcomes = result.parseoutcomes()
    assert outcomes.get("failed", 0) == 0 and outcomes.get("errors", 0) == 0
    assert outcomes["passed"] > 0 and outcomes["skipped"] > 0
    for line in (
        "*unsupported: the engine does not support the mirage edition*",
        "*unsupported: Breezekeeper needs catalog effect(s) phasing*",
        "*conformance of engine 'limited_engine:Limited', per edition*",
    ):
        result.stdout.fnmatch_lines([line])
    summary = [line.split() for line in result.stdout.lines if line.startswith(("mirage ", "cr2024 "))]
    columns = ["edition", "passed", "failed", "error", "timeout", "unsupported"]
    mirage, cr2024 = (dict(zip(columns, row, strict=True)) for row in summary)
    assert mirage["passed"] == "0" and int(mirage["unsupported"]) > 0
    assert int(cr2024["passed"]) > 0 and int(cr2024["unsupported"]) > 0 and cr2024["failed"] == "0"


def test_an_unknown_step_fails_its_scenario_naming_the_step_and_line(pytester: pytest.Pytester) -> None:
    result = run_feature(
        pytester,
        "bad",
        """
        @edition:cr2024
        Feature: A scenario with a typo
          Scenario: typo
            Given it is Alice's turn
            When Alice dances a jig
            Then Alice has 20 life

          Scenario: fine
            Given it is Alice's turn
            Then Alice has 20 life
        """,
    )
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*unknown action 'dances a jig' for Alice*"])


def test_a_step_outside_the_vocabulary_is_named_with_its_line(pytester: pytest.Pytester) -> None:
    result = run_feature(
        pytester,
        "bad",
        """
        @edition:cr2024
        Feature: Unknown step
          Scenario: nonsense
            Given the moon is full
        """,
    )
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        ['*Step definition is not found: Given "the moon is full". Line 4 in scenario "nonsense"*']
    )


def test_a_malformed_feature_file_is_one_failure_and_the_rest_still_runs(pytester: pytest.Pytester) -> None:
    pytester.makefile(
        ".feature", broken="Feature: x\n  Scenario: y\n    Given z\n  Examples:\n  | a |\n Scenario Outline\n"
    )
    pytester.makefile(
        ".feature",
        good="@edition:cr2024\nFeature: ok\n  Scenario: ok\n    Given it is Alice's turn\n    Then Alice has 20 life",
    )
    pytester.makepyfile(
        test_all="""
        from pathlib import Path
        from pytest_bdd import scenarios
        from checker.running.collect import malformed

        for _path in sorted(Path(__file__).parent.glob("*.feature")):
            try:
                scenarios(str(_path))
            except Exception as _error:
                _test = malformed(_path, _error)
                globals()[_test.__name__] = _test
        """
    )
    result = pytester.runpytest()
    result.assert_outcomes(passed=1, failed=3)  # the broken file, once per edition
    result.stdout.fnmatch_lines(["*broken.feature: the feature file cannot be read*"])
    # It counts in the verdict: an error in every edition (it was once left out of the summary).
    rows = {line.split()[0]: line.split()[1:] for line in result.stdout.lines if line.startswith(EDITIONS)}
    assert {edition: row[2] for edition, row in rows.items()} == dict.fromkeys(EDITIONS, "1")
    assert result.ret == pytest.ExitCode.TESTS_FAILED


def test_a_wrong_engine_is_a_usage_error_before_anything_runs(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--pyargs", "checker.running.test_conformance", "--engine", "nowhere:Engine")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*engine 'nowhere:Engine': No module named 'nowhere'*"])


def test_a_wrong_edition_is_a_usage_error(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("--pyargs", "checker.running.test_conformance", "--edition", "alpha")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*invalid choice: 'alpha'*"])


def test_an_outlines_result_carries_its_name_with_the_examples_values(pytester: pytest.Pytester) -> None:
    reports = pytester.path / "reports"
    pytester.runpytest(
        "--pyargs", "checker.running.test_conformance", "--part", "mana_burn_and_life", "--edition", "mirage",
        "-k", "burns_at_the_end", "--report-dir", str(reports),
    )  # fmt: skip
    results = json.loads((reports / "report.json").read_text(encoding="utf-8"))["results"]
    assert results and all("<phase>" in r["scenario"] for r in results)
    titles = {r["title"] for r in results}
    assert "Mirage - mana left in the pool burns at the end of the upkeep phase" in titles
    assert len(titles) == len(results) and not any("<" in t for t in titles)


NO_MANA_EMPTIED = """
from checker.adapters.reference import ReferenceAdapter
from checker.contract.interface import GameEvent


class NoManaEmptied(ReferenceAdapter):
    '''The reference engine, never telling that a mana pool emptied.'''

    def events(self) -> list[GameEvent]:
        return [e for e in super().events() if e.kind != "mana_emptied"]
"""


def test_a_failing_steps_data_table_is_reported_with_the_examples_values(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(no_mana_emptied=NO_MANA_EMPTIED)
    pytester.syspathinsert()
    reports = pytester.path / "reports"
    pytester.runpytest(
        "--pyargs", "checker.running.test_conformance", "--engine", "no_mana_emptied:NoManaEmptied",
        "--part", "mana_burn_and_life", "--edition", "cr2024", "-k", "without_loss and upkeep",
        "--report-dir", str(reports),
    )  # fmt: skip
    [failed] = json.loads((reports / "report.json").read_text(encoding="utf-8"))["results"]
    assert failed["failing_step"]["text"] == "And these events happen in this order:"
    assert failed["failing_step"]["datatable"] == [
        ["event", "player", "subject", "amount"],
        ["mana emptied", "Alice", "", "2"],
        ["step began", "Alice", "draw", ""],
    ]


@pytest.mark.parametrize("with_scenarios", ["passing", "all unsupported"])
def test_a_failing_test_of_another_kind_fails_the_session_whatever_the_scenarios_say(
    pytester: pytest.Pytester, with_scenarios: str
) -> None:
    """The plugin judges the scenarios; it must never turn another failing test into a pass."""
    pytester.makepyfile(test_unit="def test_arithmetic():\n    assert 1 + 1 == 3\n")
    pytester.makepyfile(limited_engine=LIMITED)
    pytester.syspathinsert()
    engine = "reference" if with_scenarios == "passing" else "limited_engine:Limited"
    edition = "cr2024" if with_scenarios == "passing" else "mirage"
    result = pytester.runpytest(
        "test_unit.py", "--pyargs", "checker.running.test_conformance",
        "--engine", engine, "--edition", edition, "--part", "untap",
    )  # fmt: skip
    assert result.parseoutcomes()["failed"] == 1
    assert result.ret == pytest.ExitCode.TESTS_FAILED


GC_SEEN = """
import gc
import fnmatch
import json
import os


def pytest_runtest_call(item):
    with open(os.environ["GC_SEEN"], "a") as seen:
        seen.write(json.dumps([gc.get_threshold()[0], gc.get_freeze_count() > 0]) + "\\n")
"""


def test_the_collector_is_eased_while_the_scenarios_run_and_as_it_was_after(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gc

    seen = pytester.path / "gc.jsonl"
    monkeypatch.setenv("GC_SEEN", str(seen))
    pytester.makepyfile(gc_seen=GC_SEEN)
    pytester.syspathinsert()
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    session = ("-p", "gc_seen", "--pyargs", "checker.running.test_conformance", "--part", "untap")
    result = pytester.runpytest_inprocess(*session)
    assert result.parseoutcomes()["passed"] > 0
    assert {tuple(json.loads(line)) for line in seen.read_text().splitlines()} == {(10_000, True)}
    assert gc.get_threshold() == before and gc.get_freeze_count() == frozen


def test_another_plugins_timeout_option_and_a_session_without_pytest_bdd_leave_the_plugin_working(
    pytester: pytest.Pytester,
) -> None:
    """pytest-timeout, found in many sessions, has --timeout: the engine's per-request one is
    --request-timeout. And pytest-bdd's hooks are optional: ``-p no:pytest-bdd`` still runs."""
    pytester.makeconftest(
        "def pytest_addoption(parser):\n    parser.addoption('--timeout', dest='timeout', type=float, default=0)\n"
    )
    pytester.makepyfile(test_plain="def test_plain():\n    pass\n")
    pytester.runpytest("--timeout", "5").assert_outcomes(passed=1)
    pytester.runpytest("-p", "no:pytest-bdd").assert_outcomes(passed=1)
    result = pytester.runpytest("--pyargs", "checker.running.test_conformance", "--part", "untap",
                                "--edition", "mirage", "--request-timeout", "5")  # fmt: skip
    assert result.parseoutcomes()["passed"] > 0 and result.ret == 0


def test_an_empty_path_is_a_usage_error_not_no_option(pytester: pytest.Pytester) -> None:
    """Each option of the plugin that its help shows taking a DIR or a FILE."""
    shown = pytester.runpytest("--help").stdout.str()
    group = shown.partition("MTG turn-structure conformance:")[2].partition("\n\n")[0]
    paths = re.findall(r"^  (--[a-z-]+)=(?:DIR|FILE)\b", group, re.MULTILINE)
    assert "--expect" in paths and "--report-dir" in paths
    for option in paths:
        result = pytester.runpytest("--pyargs", "checker.running.test_conformance", "--part", "untap", option, "")
        assert result.ret == pytest.ExitCode.USAGE_ERROR
        result.stderr.fnmatch_lines([f"*{option}: an empty path (an unset variable?)*"])


FORGETFUL = """
from checker.adapters.reference import ReferenceAdapter


class Forgetful(ReferenceAdapter):
    '''The reference engine, telling no event: every scenario that looks at events fails.'''

    def events(self):
        return []
"""

#: The conftest.py of the sessions on the forgetful engine. Most scenarios wait for an event, which
#: it never tells: each plays on to the suite's limit of decisions, 1,000, before it fails, and a
#: session took seconds. Here they give up after 50, in each process of the session (pytest-xdist's
#: workers too), and fail as surely: the same scenarios, with the same expectations written (as
#: checked for untap and draw in cr2024). The limit is the suite's again once the session ends.
GIVES_UP_SOONER = """
from checker.running.steps import context

_limit = context.ADVANCE_LIMIT


def pytest_sessionstart(session):
    context.ADVANCE_LIMIT = 50


def pytest_sessionfinish(session):
    context.ADVANCE_LIMIT = _limit
"""

#: A session of the scenarios of untap in cr2024, on the forgetful engine: it fails most of them.
FORGETFUL_UNTAP = ("--part", "untap", "--edition", "cr2024", "--engine", "forgetful_engine:Forgetful")


def forgetful_engine(pytester: pytest.Pytester) -> None:
    """The forgetful engine in the test's directory, its sessions giving up sooner (:data:`GIVES_UP_SOONER`,
    whose folder is on the path of pytest-xdist's workers, which start with the outer one's)."""
    pytester.makepyfile(forgetful_engine=FORGETFUL)
    pytester.syspathinsert()
    pytester.makeconftest(GIVES_UP_SOONER)


@pytest.fixture(scope="module")
def _forgetful_written() -> dict[str, str]:
    """The expectations file :func:`forgetful_expectations` had written in this process, once written."""
    return {}


@pytest.fixture
def forgetful_expectations(pytester: pytest.Pytester, _forgetful_written: dict[str, str]) -> Path:
    """The forgetful engine in the test's directory (:func:`forgetful_engine`), and there the expectations
    file a session of :data:`FORGETFUL_UNTAP` writes (each test changes its own). The session runs in
    the first test of this process that asks; the others are given what it wrote."""
    forgetful_engine(pytester)
    expectations = pytester.path / "expectations.json"
    if not _forgetful_written:
        written = pytester.runpytest("--pyargs", SUITE, *FORGETFUL_UNTAP, "--write-expectations", str(expectations))
        assert written.ret == 1
        _forgetful_written["text"] = expectations.read_text()
    expectations.write_text(_forgetful_written["text"])
    return expectations


@pytest.mark.parametrize(
    ("stop", "why"),
    [
        (("-x",), "at its first failure, -x"),
        (("-x", "-n", "2"), "at its first failure, -x"),  # pytest-xdist stops by a KeyboardInterrupt of its own
        (("--maxfail", "3"), "after 3 failures, --maxfail 3"),
    ],
    ids=["-x", "-x with pytest-xdist", "--maxfail"],
)
def test_a_session_pytest_stops_early_is_partial_and_keeps_the_expectations_it_didnt_reach(
    pytester: pytest.Pytester, forgetful_expectations: Path, stop: tuple[str, ...], why: str
) -> None:
    selection = ("--pyargs", SUITE, *FORGETFUL_UNTAP)
    expectations = forgetful_expectations
    written = json.loads(expectations.read_text())["expectations"]
    assert len(written) > 5
    reports = pytester.path / "reports"
    stopped = pytester.runpytest(*selection, *stop, "--expect", str(expectations),
                                 "--write-expectations", str(expectations), "--report-dir", str(reports))  # fmt: skip
    assert stopped.ret == pytest.ExitCode.TESTS_FAILED  # as for a session that ran to its end and failed
    report = json.loads((reports / "report.json").read_text())
    assert fnmatch.fnmatch(report["partial"] or "", f"pytest stopped the session early ({why}); * scenario runs done")
    assert len(report["results"]) < len(written)
    assert json.loads(expectations.read_text())["expectations"] == written  # none it didn't reach dropped
    assert "stale" not in stopped.stdout.str()


@pytest.mark.parametrize("workers", [(), ("-n", "2")], ids=["one process", "pytest-xdist"])
def test_a_partial_runs_scenario_runs_done_are_out_of_its_scenario_runs_not_its_tests(
    pytester: pytest.Pytester, workers: tuple[str, ...]
) -> None:
    """A session of the scenarios and a test of another kind: the 29 scenario runs of untap, not 30."""
    forgetful_engine(pytester)
    pytester.makepyfile(test_plain="def test_plain():\n    pass\n")
    reports = pytester.path / "reports"
    stopped = pytester.runpytest("--pyargs", SUITE, "test_plain.py", "--part", "untap", "--edition", "cr2024",
                                 "--engine", "forgetful_engine:Forgetful", "-x", "--report-dir", str(reports),
                                 *workers)  # fmt: skip
    assert stopped.ret == pytest.ExitCode.TESTS_FAILED
    partial = json.loads((reports / "report.json").read_text())["partial"] or ""
    assert re.fullmatch(r"pytest stopped the session early \(.*\); \d+ of 29 scenario runs done", partial), partial


def test_one_id_twice_is_a_usage_error(pytester: pytest.Pytester) -> None:
    """Two feature files of one name in two folders: one id, one trace file, one line of a report."""
    feature = "@edition:cr2024\nFeature: F\n  Scenario: Same name\n    Given it is Alice's turn\n"
    (pytester.path / "sub").mkdir()
    (pytester.path / "a.feature").write_text(feature)
    (pytester.path / "sub" / "a.feature").write_text(feature)
    pytester.makepyfile(test_two="from pytest_bdd import scenarios\nscenarios('a.feature', 'sub/a.feature')\n")
    result = pytester.runpytest()
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*two scenario runs have the id 'a::Same name::cr2024'*"])


def test_a_session_of_unsupported_scenarios_only_says_why_it_fails(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(limited_engine=LIMITED)
    pytester.syspathinsert()
    result = pytester.runpytest("--pyargs", "checker.running.test_conformance", "--engine", "limited_engine:Limited",
                                "--part", "untap", "--edition", "mirage")  # fmt: skip
    assert result.ret == 1
    result.stdout.fnmatch_lines(["the run doesn't pass: no scenario ran: * all unsupported*"])


def test_a_scenario_without_an_edition_fails_saying_so_in_one_line(pytester: pytest.Pytester) -> None:
    result = run_feature(pytester, "bare", "Feature: F\n  Scenario: S\n    Given it is Alice's turn\n")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["test_bare.py::test_s: the scenario has no @edition:<name> tag"])
    assert "getfixturevalue" not in result.stdout.str()  # none of pytest's fixture internals


def test_two_scenarios_of_one_name_in_a_file_are_a_usage_error(pytester: pytest.Pytester) -> None:
    """pytest-bdd would run one of them only, and say nothing of the other."""
    result = run_feature(
        pytester,
        "twice",
        "@edition:cr2024\nFeature: F\n  Scenario: Same name\n    Given it is Alice's turn\n"
        "    Then Alice has 99 life\n\n  Scenario: Same name\n    Given it is Alice's turn\n",
    )
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*twice.feature: two scenarios are named 'Same name'; pytest-bdd runs only one*"])


def test_a_scenario_line_inside_a_doc_string_names_no_scenario(pytester: pytest.Pytester) -> None:
    """The names are the Gherkin parser's: text in a doc string that reads like a scenario is text."""
    result = run_feature(
        pytester,
        "once",
        '@edition:cr2024\nFeature: F\n  Scenario: Only one\n    Given it is Alice\'s turn\n      """\n'
        '      Scenario: Twice\n      Scenario: Twice\n      """\n',
    )
    assert result.ret != pytest.ExitCode.USAGE_ERROR and "two scenarios are named" not in result.stderr.str()
    result.assert_outcomes(passed=1)


#: The node ids, in the suite's module, of the two scenarios that -k amber selects.
AMBER = (f"{SUITE}::test_untap_alice_chooses_to_leave_her_amber_prison_tapped",
         f"{SUITE}::test_untap_alice_chooses_to_untap_her_amber_prison")  # fmt: skip


@pytest.mark.parametrize(
    "narrowing",
    [(SUITE, "-k", "amber"), AMBER],
    ids=["-k", "node ids"],
)
@pytest.mark.parametrize("workers", [(), ("-n", "2")], ids=["one process", "pytest-xdist"])
def test_scenarios_pytest_deselects_are_not_checked_and_keep_their_expectations(
    pytester: pytest.Pytester, forgetful_expectations: Path, workers: tuple[str, ...], narrowing: tuple[str, ...]
) -> None:
    """pytest's -k (as its --deselect, -m or --lf), or the node ids it is given, narrow the run where
    its options can't see. A scenario that is no more is stale still."""
    options = FORGETFUL_UNTAP
    expectations = forgetful_expectations
    data = json.loads(expectations.read_text())
    written = data["expectations"]
    gone = {"id": "untap::A scenario no feature file has::cr2024", "status": "failed", "reason": "removed since"}
    expectations.write_text(json.dumps({**data, "expectations": [*written, gone]}))
    narrowed = pytester.runpytest("--pyargs", *narrowing, *options, *workers, "--expect", str(expectations),
                                  "--write-expectations", str(expectations))  # fmt: skip
    assert narrowed.parseoutcomes()["failed"] == 2 and narrowed.ret == 1
    narrowed.stdout.fnmatch_lines(["1 stale expectation(s)*", f"*{gone['id']}*"])
    narrowed.stdout.fnmatch_lines([f"note: {len(written) - 2} expectation(s) not checked*"])
    assert json.loads(expectations.read_text())["expectations"] == written  # the stale one dropped, the rest kept


def entry(id: str, reason: str = "listed") -> dict[str, str]:
    """An expectations file's entry of a failing scenario run."""
    return {"id": id, "status": "failed", "reason": reason}


#: A feature file of a part, whose scenario passes when its ``life`` is 20.
LIFE = """@edition:cr2024
Feature: {part}
  Scenario: Alice has {life} life
    Given it is Alice's turn
    Then Alice has {life} life
"""


@pytest.mark.parametrize("narrowing", [("test_combat.py",), ("--lf",)], ids=["a file named", "--lf"])
@pytest.mark.parametrize("workers", [(), ("-n", "2")], ids=["one process", "pytest-xdist"])
def test_the_scenarios_of_feature_files_a_session_never_collects_keep_their_expectations(
    pytester: pytest.Pytester, workers: tuple[str, ...], narrowing: tuple[str, ...]
) -> None:
    """An engine's own feature files, each bound in a test module: a session of one of them (named,
    or the only one --lf keeps, the other's tests having passed) says nothing of the other's
    scenarios. In the file it collected, a scenario that is no more is stale still."""
    for part, life in (("combat", 99), ("stack", 20)):  # combat's scenario fails, stack's passes
        pytester.makefile(".feature", **{part: LIFE.format(part=part, life=life)})
        pytester.makepyfile(**{f"test_{part}": f"from pytest_bdd import scenarios\nscenarios('{part}.feature')\n"})
    assert pytester.runpytest().ret == 1  # (what --lf goes by)
    failing, gone = entry("combat::Alice has 99 life::cr2024"), entry("combat::Gone since::cr2024")
    elsewhere = entry("stack::Alice has 20 life::cr2024", "not run here: kept")
    expectations = pytester.path / "expectations.json"
    listed = {"format": "mtg-turn-conformance-expectations", "format_version": 1, "engine": "reference-engine"}
    expectations.write_text(json.dumps({**listed, "expectations": [failing, gone, elsewhere]}))
    narrowed = pytester.runpytest(*narrowing, *workers, "--expect", str(expectations), "--write-expectations",
                                  str(expectations))  # fmt: skip
    assert narrowed.parseoutcomes() == {"failed": 1} and narrowed.ret == 1
    narrowed.stdout.fnmatch_lines(["1 stale expectation(s)*", f"*{gone['id']}*", "note: 1 expectation(s) not checked*"])
    assert json.loads(expectations.read_text())["expectations"] == [failing, elsewhere]


def test_a_shard_keeps_the_expectations_of_the_other_shards_feature_files(pytester: pytest.Pytester) -> None:
    """A plain pytest session of one --shard binds only its share of the feature files."""
    forgetful_engine(pytester)
    options = ("--pyargs", SUITE, "--part", "untap", "--part", "draw", "--edition", "cr2024", "--engine",
               "forgetful_engine:Forgetful")  # fmt: skip
    expectations = pytester.path / "expectations.json"
    assert pytester.runpytest(*options, "--write-expectations", str(expectations)).ret == 1
    written = json.loads(expectations.read_text())["expectations"]
    assert {e["id"].partition("::")[0] for e in written} == {"untap", "draw"}
    shard = pytester.runpytest(*options, "--shard", "1/2", "--expect", str(expectations),
                               "--write-expectations", str(expectations))  # fmt: skip
    assert shard.ret == 0, shard.stdout.str()[-2000:]
    assert json.loads(expectations.read_text())["expectations"] == written


QUITTING = """
import os
from pathlib import Path

import pytest

from checker.adapters.reference import ReferenceAdapter

_games = [0]


class Quitting(ReferenceAdapter):
    '''The reference engine, ending its session in its process's fifth game: in one process of the
    run only, the first to come to it. (pytest-xdist can fail itself, an internal error, when both
    its workers end at once: it hands the tests of the one it finds ended to the other, pytest-xdist
    issue 204.)'''

    def start(self, setup):
        _games[0] += 1
        if _games[0] == 5 and _first_to_end():
            {how}
        return super().start(setup)


def _first_to_end():
    try:
        os.close(os.open(Path(__file__).with_name("ended"), os.O_CREAT | os.O_EXCL))
    except FileExistsError:
        return False
    return True
"""

WORKERS = ("-n", "2")
FAILED, INTERRUPTED = pytest.ExitCode.TESTS_FAILED, pytest.ExitCode.INTERRUPTED
#: How the test a pytest-xdist worker was running when its process ended is said to have ended.
WORKER_ENDED = "pytest-xdist worker gw?'s {} while running *"


@pytest.mark.parametrize(
    ("how", "workers", "code", "why", "ending"),
    [
        pytest.param("os._exit(0)", WORKERS, FAILED, WORKER_ENDED.format("process exited with code 0"),
                     "process exited with code 0", id="a worker's process ends"),
        pytest.param("os.kill(os.getpid(), 9)", WORKERS, FAILED, WORKER_ENDED.format("process was killed by SIGKILL"),
                     "process was killed by SIGKILL", id="a worker's process is killed"),
        pytest.param("pytest.exit('enough')", (), INTERRUPTED, "stopped by pytest.exit(): enough", None,
                     id="pytest.exit"),
        pytest.param("pytest.exit('enough', returncode=0)", (), FAILED, "stopped by pytest.exit(): enough", None,
                     id="pytest.exit, asking for 0"),
        pytest.param("pytest.exit('enough')", WORKERS, INTERRUPTED,
                     "stopped by pytest.exit() in pytest-xdist worker gw?: enough",
                     "session was stopped by pytest.exit()", id="pytest.exit in a worker"),
    ],
)  # fmt: skip
def test_a_session_that_ends_with_scenarios_not_run_is_partial_and_never_passes(
    pytester: pytest.Pytester, how: str, workers: tuple[str, ...], code: int, why: str, ending: str | None
) -> None:
    """Partial, saying what ended it; a failure, or interrupted where pytest says so (pytest.exit()
    asking for no code), never a pass. The test in which a pytest-xdist worker ended, a crash to
    pytest-xdist, says how it ended too."""
    pytester.makepyfile(quitting_engine=QUITTING.format(how=how))
    pytester.syspathinsert()
    pytester.makeconftest("")  # its folder on the path of pytest-xdist's workers, which start with the outer one's
    reports = pytester.path / "reports"
    result = pytester.runpytest("--pyargs", "checker.running.test_conformance", "--part", "untap", "--edition",
                                "cr2024", "--engine", "quitting_engine:Quitting", "--report-dir", str(reports),
                                *workers)  # fmt: skip
    assert result.ret == code
    report = json.loads((reports / "report.json").read_text())
    assert len(report["results"]) < 29 and fnmatch.fnmatch(report["partial"] or "", f"{why}; * scenario runs done")
    result.stdout.fnmatch_lines([f"the run doesn't pass: the run is partial: {why}; *"])
    if ending is not None:
        result.stdout.fnmatch_lines([f"*worker 'gw?' crashed while running * (its {ending})"])


def test_a_conftests_fixtures_named_like_the_suites_dont_reach_its_scenarios(pytester: pytest.Pytester) -> None:
    """An engine's repository may well have a fixture ``game`` of its own: turncheck certify reads no
    conftest.py, and the suite's scenarios in a session of that repository take the suite's fixtures."""
    pytester.makeconftest(
        "import pytest\n\n\n@pytest.fixture\ndef game():\n    return 'the engine repository own game'\n\n\n"
        "@pytest.fixture\ndef edition():\n    return 'alpha'\n"
    )
    suite = ("--pyargs", "checker.running.test_conformance", "--part", "untap", "--edition", "cr2024")
    result = pytester.runpytest(*suite)
    assert result.parseoutcomes()["passed"] > 0 and result.ret == 0


def test_a_conftests_step_of_the_same_words_doesnt_stand_in_for_the_suites(pytester: pytest.Pytester) -> None:
    """A step definition in an engine's repository that matches the words of the suite's steps (here
    every Then step) is closer to the scenarios than the suite's, or registered later: pytest-bdd
    would take it, and the certification would check what it checks. The suite's scenarios take the
    suite's steps; a feature file of the repository's own still takes the repository's."""
    pytester.makeconftest(
        "from pytest_bdd import parsers, then\n\n\n"
        "@then(parsers.re(r'.*'))\n"
        "def anything():\n"
        "    raise AssertionError('the engine repository took over the step')\n"
    )
    suite = ("--pyargs", "checker.running.test_conformance", "--part", "untap", "--edition", "cr2024")
    result = pytester.runpytest(*suite)
    assert result.parseoutcomes()["passed"] > 0 and result.ret == 0, result.stdout.str()[-2000:]
    pytester.makefile(".feature", own="Feature: own\n  Scenario: own\n    Then anything at all\n")
    pytester.makepyfile(test_own="from pytest_bdd import scenarios\n\nscenarios('own.feature')\n")
    result = pytester.runpytest("test_own.py")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*the engine repository took over the step*"])


def test_a_feature_file_saved_with_a_byte_order_mark_runs_as_one_without_and_one_in_utf16_is_named(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Some editors begin a UTF-8 file with U+FEFF: read as plain UTF-8, it stuck to 'Feature:', and
    the whole file was one failing test, 'the feature file cannot be read'. A file in UTF-16 can't
    be read, and is said to be UTF-16."""
    marked = pytester.path / "features"
    marked.mkdir()
    (marked / "untap.feature").write_bytes(codecs.BOM_UTF8 + (features_dir() / "untap.feature").read_bytes())
    (marked / "upkeep.feature").write_bytes((features_dir() / "upkeep.feature").read_text().encode("utf-16"))
    monkeypatch.setattr(collect, "features_dir", lambda: marked)
    monkeypatch.delitem(sys.modules, "checker.running.test_conformance", raising=False)  # bound again, from there
    result = pytester.runpytest("--pyargs", "checker.running.test_conformance", "--edition", "cr2024")
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed", 0) > 10 and outcomes.get("failed") == 1 and not outcomes.get("errors")
    result.stdout.fnmatch_lines(
        ["*upkeep.feature: the feature file cannot be read: it looks like UTF-16, not UTF-8: convert it with iconv*"]
    )
    assert "untap.feature: the feature file cannot be read" not in result.stdout.str()


def test_every_hook_and_fixture_of_the_plugins_modules_is_registered_from_the_plugin() -> None:
    """pytest registers a plugin's hooks and fixtures from its module object, by the names it holds:
    a hook or fixture of one of the plugin's other modules that it doesn't import would never run."""
    modules = (pytest_plugin, pytest_options, scenario_runs, session_end)
    hooks = {
        name
        for module in modules
        for name, value in vars(module).items()
        if name.startswith("pytest_") and inspect.isfunction(value) and value.__module__ == module.__name__
    }
    fixtures = {
        name: value
        for module in modules
        for name, value in vars(module).items()
        if isinstance(value, FixtureFunctionDefinition)
    }
    assert {"pytest_addoption", "pytest_collection_modifyitems", "pytest_sessionfinish"} <= hooks
    assert {"edition", "game"} <= set(fixtures)
    manager = pytest.PytestPluginManager()
    manager.register(pytest_plugin)
    assert {caller.name for caller in manager.get_hookcallers(pytest_plugin) or ()} == hooks
    assert all(getattr(pytest_plugin, name, None) is fixture for name, fixture in fixtures.items())
    assert sorted(pytest_plugin.__all__) == sorted(hooks | set(fixtures))


#: Scenario runs whose ids differ only in what a file name doesn't keep: an example's "+1", "1" and
#: "(1)", and "Alice's" against the same with a typographic apostrophe (U+2019).
LOOKALIKES = """@edition:cr2024
Feature: Lookalikes
  Scenario Outline: Alice has <n> life
    Given it is Alice's turn
    Then Alice has 20 life

    Examples:
      | n   |
      | +1  |
      | 1   |
      | (1) |

  Scenario: Alice's turn
    Given it is Alice's turn
    Then Alice has 20 life

  Scenario: Alice\u2019s turn
    Given it is Alice's turn
    Then Alice has 20 life
"""


@pytest.mark.parametrize("workers", [(), ("-n", "2")], ids=["one process", "pytest-xdist"])
def test_scenario_runs_whose_ids_a_file_name_cant_tell_apart_each_keep_their_trace(
    pytester: pytest.Pytester, workers: tuple[str, ...]
) -> None:
    """Each of the five runs has a trace file of its own, holding its game (named in its header), the
    same names in a session of one process and in pytest-xdist's workers; before, two files held the
    last of each lookalike's games, and the other three were lost without a word."""
    pytester.makefile(".feature", lookalikes=LOOKALIKES)
    pytester.makepyfile(test_lookalikes="from pytest_bdd import scenarios\nscenarios('lookalikes.feature')\n")
    traces = pytester.path / "traces"
    result = pytester.runpytest("--record-traces", str(traces), *workers)
    assert result.ret == 0
    scenarios = {
        path.name: json.loads(path.read_text(encoding="utf-8").splitlines()[0])["scenario"] for path in traces.iterdir()
    }
    assert scenarios == {
        "lookalikes_Alice_has_n_life_1_cr2024.trace.jsonl": "lookalikes::Alice has <n> life [(1)]::cr2024",
        "lookalikes_Alice_has_n_life_1_cr2024-2.trace.jsonl": "lookalikes::Alice has <n> life [+1]::cr2024",
        "lookalikes_Alice_has_n_life_1_cr2024-3.trace.jsonl": "lookalikes::Alice has <n> life [1]::cr2024",
        "lookalikes_Alice_s_turn_cr2024.trace.jsonl": "lookalikes::Alice's turn::cr2024",
        "lookalikes_Alice_s_turn_cr2024-2.trace.jsonl": "lookalikes::Alice\u2019s turn::cr2024",
    }


def test_a_scenario_run_that_begins_no_game_leaves_no_earlier_runs_trace_at_its_name(
    pytester: pytest.Pytester,
) -> None:
    """A directory recorded into again, by an engine that doesn't support phasing: the traces of the
    phasing scenarios that the reference engine left there are taken away, not checked by ``turncheck
    trace`` as this engine's games (before, they stayed among its traces)."""
    pytester.makepyfile(limited_engine=LIMITED)
    pytester.syspathinsert()
    traces = pytester.path / "traces"
    suite = ("--pyargs", SUITE, "--part", "untap", "--edition", "cr2024", "--record-traces", str(traces))
    assert pytester.runpytest(*suite).ret == 0
    phasing = {path.name for path in traces.iterdir() if "Breezekeeper" in path.name}
    assert phasing
    result = pytester.runpytest(*suite, "--engine", "limited_engine:Limited")
    assert result.ret == 0 and result.parseoutcomes()["skipped"] > 0
    engines = {
        json.loads(path.read_text(encoding="utf-8").splitlines()[0])["engine"]["name"] for path in traces.iterdir()
    }
    assert engines == {"limited"}
    assert not phasing & {path.name for path in traces.iterdir()}


@pytest.mark.parametrize("workers", [(), ("-n", "2")], ids=["one process", "pytest-xdist"])
def test_a_directory_recorded_into_again_says_how_many_traces_the_run_didnt_write(
    pytester: pytest.Pytester, workers: tuple[str, ...]
) -> None:
    """A narrower run into the directory of a wider one: the traces of the scenarios it didn't run are
    left there, and the session says how many (before, nothing did, and ``turncheck trace`` checked them
    as this run's); the run that wrote them all says nothing."""
    traces = pytester.path / "traces"
    suite = ("--pyargs", SUITE, "--part", "untap", "--edition", "cr2024", "--record-traces", str(traces), *workers)
    first = pytester.runpytest(*suite)
    assert first.ret == 0 and "this run didn't write" not in first.stdout.str()
    every = len(list(traces.iterdir()))
    again = pytester.runpytest(*suite, "-k", "Breezekeeper")
    ran = again.parseoutcomes()["passed"]
    assert again.ret == 0 and 0 < ran < every
    said = f"{traces} holds {every - ran} traces this run didn't write, * with this run's {ran};*"
    again.stdout.fnmatch_lines([said])


def test_a_scenario_run_whose_id_is_too_long_for_a_file_name_still_has_its_trace(pytester: pytest.Pytester) -> None:
    """Two scenarios of 300 characters, alike but for their last word: each trace is written, under a
    name cut to fit, ending with a digest of the whole id (before, neither could be written: "File name
    too long", and the session failed)."""
    long = "Alice has twenty life " * 14
    pytester.makefile(
        ".feature",
        long="@edition:cr2024\nFeature: Long\n"
        + "".join(
            f"  Scenario: {long}{end}\n    Given it is Alice's turn\n    Then Alice has 20 life\n" for end in "ab"
        ),
    )
    pytester.makepyfile(test_long="from pytest_bdd import scenarios\nscenarios('long.feature')\n")
    traces = pytester.path / "traces"
    result = pytester.runpytest("--record-traces", str(traces))
    assert result.ret == 0
    names = {
        path.name: json.loads(path.read_text(encoding="utf-8").splitlines()[0])["scenario"] for path in traces.iterdir()
    }
    assert sorted(names.values()) == [f"long::{long}{end}::cr2024" for end in "ab"]
    assert all(
        len(name) <= 255 and re.fullmatch(r"long_Alice_has_.*_[0-9a-f]{16}\.trace\.jsonl", name) for name in names
    )
