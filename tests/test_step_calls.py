"""Steps taken by the suite's plugin (``checker.running.step_calls``) are taken as pytest-bdd takes
them: every other plugin hears the same hooks with the same arguments, pytest-bdd's own
reports are the same, and what a step definition gets is the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

FEATURE = '''
Feature: Tallies
  Scenario Outline: a tally of <n>
    Given a tally of <n>
    And the words:
      | one | two |
    And the note:
      """
      hello
      """
    When the tally grows by 2
    Then the tally is <total>

    Examples:
      | n | total |
      | 1 | 3     |
      | 5 | 8     |
      | 2 | 4     |
      | 1 | 3     |
'''

CONFTEST = """
import json, os
from pytest_bdd import given, parsers, then, when

HEARD = []

def _heard(hook, step, **kw):
    args = kw.get("step_func_args", {})
    HEARD.append([hook, step.name, sorted((k, repr(v)) for k, v in args.items() if k != "request")])

def pytest_bdd_before_step(request, feature, scenario, step, step_func):
    _heard("before_step", step)

def pytest_bdd_before_step_call(request, feature, scenario, step, step_func, step_func_args):
    _heard("before_step_call", step, step_func_args=step_func_args)

def pytest_bdd_after_step(request, feature, scenario, step, step_func, step_func_args):
    _heard("after_step", step, step_func_args=step_func_args)

def pytest_bdd_step_error(request, feature, scenario, step, step_func, step_func_args, exception):
    _heard("step_error " + type(exception).__name__, step, step_func_args=step_func_args)

def pytest_sessionfinish(session):
    with open(os.environ["HEARD_TO"], "w") as f:
        json.dump(HEARD, f)

# The converter makes a new list for each step: one tally grown must not show in the next
# scenario with the same step text.
@given(parsers.parse("a tally of {n}"), converters={"n": lambda text: [int(text)]}, target_fixture="tally")
def tally(n):
    return n

@given("the words:")
def words(datatable, tally):
    assert datatable == [["one", "two"]]

@given("the note:")
def note(docstring):
    assert docstring == "hello"
    yield
    HEARD.append(["teardown of the note"])

@when(parsers.parse("the tally grows by {k:d}"))
def grows(tally, k):
    tally.append(k)

@then(parsers.parse("the tally is {total:d}"))
def total(tally, total):
    assert sum(tally) == total
"""

TEST = "from pytest_bdd import scenarios\nscenarios('tallies.feature')\n"


def _run(pytester: pytest.Pytester, name: str, *args: str) -> tuple[list[list[Any]], dict[str, int]]:
    """A session in a process of its own (the suite's plugin changes pytest-bdd for its process):
    what the conftest's listener heard, and the outcomes."""
    heard = pytester.path / f"heard-{name}.json"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HEARD_TO", str(heard))
        result = pytester.runpytest_subprocess("-p", "no:cacheprovider", *args)
    return json.loads(heard.read_text()), result.parseoutcomes()


def _without_durations(report: Path) -> object:
    """The cucumber report, its durations left out and its error messages cut to their "E" lines
    (pytest-bdd's traceback has one frame more, its call through pytest's fixture machinery)."""
    features = json.loads(report.read_text())
    for feature in features:
        for element in feature["elements"]:
            for step in element["steps"]:
                result = step["result"]
                result.pop("duration", None)
                if "error_message" in result:
                    result["error_message"] = [x for x in result["error_message"].splitlines() if x.startswith("E ")]
    return features


def test_a_patterns_own_type_that_makes_a_list_gives_each_scenario_its_own(pytester: pytest.Pytester) -> None:
    pytester.makefile(
        ".feature",
        lists="Feature: l\n" + "".join(f"  Scenario: {name}\n    Given the list one,two\n" for name in ("a", "b", "c")),
    )
    pytester.makepyfile(
        test_lists="""
from pytest_bdd import given, parsers, scenarios
scenarios("lists.feature")

@given(parsers.parse("the list {items:Items}", extra_types={"Items": lambda text: text.split(",")}))
def the_list(items):
    assert items == ["one", "two"]
    items.append("three")
"""
    )
    pytester.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(passed=3)


@pytest.fixture
def tallies(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST)
    pytester.makefile(".feature", tallies=FEATURE)
    pytester.makepyfile(test_tallies=TEST)
    return pytester


def test_other_plugins_hear_each_step_as_pytest_bdd_tells_it(tallies: pytest.Pytester) -> None:
    own, own_outcomes = _run(tallies, "own", "-p", "no:mtg_turn_conformance")
    suites, suites_outcomes = _run(tallies, "suites")
    assert own_outcomes == suites_outcomes == {"passed": 3, "failed": 1}
    assert suites == own
    assert ["step_error AssertionError", "the tally is 8", [("tally", "[5, 2]"), ("total", "8")]] in [
        [h[0], h[1], [tuple(a) for a in h[2]]] for h in suites if len(h) == 3
    ]
    assert suites.count(["teardown of the note"]) == 4


def test_pytest_bdds_cucumber_report_records_every_step_as_before(tallies: pytest.Pytester) -> None:
    own_outcomes = _run(tallies, "own", "-p", "no:mtg_turn_conformance", "--cucumberjson=own.json")[1]
    suites_outcomes = _run(tallies, "suites", "--cucumberjson=suites.json")[1]
    assert own_outcomes == suites_outcomes
    own, suites = _without_durations(tallies.path / "own.json"), _without_durations(tallies.path / "suites.json")
    assert suites == own
    statuses = [step["result"]["status"] for f in suites for e in f["elements"] for step in e["steps"]]  # type: ignore[attr-defined]
    assert statuses.count("failed") == 1 and statuses.count("passed") == 19, statuses


def test_steps_no_plugin_listens_to_are_taken_without_their_hooks(pytester: pytest.Pytester) -> None:
    """In the suite's own runs only pytest-bdd's record listens, and it is left out: a failing
    step is told by the suite's own listener, which still hears it."""
    pytester.makepyfile(
        conftest="""
import pytest
from checker.running.step_calls import listeners

@pytest.fixture(autouse=True)
def check(request):
    found = listeners(request.config)
    assert (found.before, found.before_call, found.after) == (None, None, None)
    assert [i.plugin_name for i in found.error.get_hookimpls()] == ["mtg_turn_conformance"]
"""
    )
    pytester.makefile(".feature", t="Feature: t\n  Scenario: a\n    Given a step\n")
    pytester.makepyfile(
        test_t="from pytest_bdd import given, scenarios\nscenarios('t.feature')\n\n"
        "@given('a step')\ndef a_step():\n    pass\n"
    )
    pytester.runpytest_subprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)
