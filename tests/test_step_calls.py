"""Each step is called as pytest-bdd itself calls it: the same arguments, fixtures, hooks and outcomes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

FEATURE = '''
Feature: Counting
  Scenario: counting up
    Given a count of 2
    When 3 are added
    And 3 are added
    Then the count is 8
    And the notes are
      | note  |
      | added |
    And the story says
      """
      eight
      """

  Scenario: counting from elsewhere
    Given a count of 5
    When 3 are added
    Then the count is 8

  Scenario: a step that fails
    Given a count of 1
    Then the count is 2
'''

STEPS = """
import json
import os
import pytest
from pytest_bdd import given, parsers, scenarios, then, when

scenarios("counting.feature")

@pytest.fixture
def count():
    return {"n": 0, "notes": []}

@given(parsers.re(r"a count of (?P<n>\\d+)"))
def start(count, n):
    count["n"] = int(n)

@when(parsers.parse("{k:d} are added"))  # a converted argument: an int
def add(count, k):
    count["n"] += k
    yield  # a generator step: run as a fixture would be
    count["notes"].append("torn down")

@then(parsers.re(r"the count is (?P<n>\\d+)"))
def total(count, n):
    assert count["n"] == int(n), f"the count is {count['n']}"

@then("the notes are")
def notes(count, datatable):
    count["notes"].append(datatable[1][0])

@then("the story says")
def story(docstring, request):
    assert docstring == "eight" and request.node is not None
"""

CONFTEST = """
import json
import os

def _log(*entry):
    with open(os.environ["STEP_LOG"], "a") as f:
        f.write(json.dumps(entry, default=repr) + "\\n")

def pytest_bdd_before_step(request, step, step_func):
    _log("before", request.node.name, step.name, step_func.__name__)

def pytest_bdd_before_step_call(request, step, step_func_args):
    _log("call", request.node.name, step.name, {k: v for k, v in step_func_args.items() if k != "request"})

def pytest_bdd_after_step(request, step):
    _log("after", request.node.name, step.name)

def pytest_bdd_step_error(request, step, exception):
    _log("error", request.node.name, step.name, str(exception))
"""


def _run(pytester: pytest.Pytester, log: Path, *args: str) -> tuple[list[list[Any]], dict[str, int]]:
    pytester.makefile(".feature", counting=FEATURE)
    pytester.makepyfile(test_counting=STEPS)
    pytester.makeconftest(CONFTEST)
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider", *args)
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    log.unlink()
    return entries, result.parseoutcomes()


def test_steps_are_called_with_what_pytest_bdd_gives_them(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    log = tmp_path / "steps.log"
    monkeypatch.setenv("STEP_LOG", str(log))
    ours, our_outcomes = _run(pytester, log)
    own, own_outcomes = _run(pytester, log, "-p", "no:mtg_turn_conformance")
    assert ours == own
    assert our_outcomes == own_outcomes == {"passed": 2, "failed": 1}
    calls = [e for e in ours if e[0] == "call"]
    assert ["call", "test_counting_up", "a count of 2", {"count": {"n": 0, "notes": []}, "n": "2"}] in calls
    assert ["call", "test_counting_up", "3 are added", {"count": {"n": 2, "notes": []}, "k": 3}] in calls
    errors = [e for e in ours if e[0] == "error"]
    assert [e[:3] for e in errors] == [["error", "test_a_step_that_fails", "the count is 2"]]
    assert errors[0][3].startswith("the count is 1")


def test_the_text_parsed_is_kept_only_where_a_step_cant_change_it() -> None:
    from pytest_bdd import parsers
    from pytest_bdd.parser import Step
    from pytest_bdd.steps import StepFunctionContext

    from checker.running.step_calls import _arguments

    def step_func() -> None: ...

    def step(text: str) -> Step:
        return Step(name=text, type="given", indent=0, line_number=1, keyword="Given ")

    kept = StepFunctionContext("given", step_func, parsers.re(r"a count of (?P<n>\d+)"))
    first = _arguments(step("a count of 2"), kept)
    assert first == {"n": "2"} and _arguments(step("a count of 2"), kept) is first
    assert _arguments(step("a count of 3"), kept) == {"n": "3"}
    converted = StepFunctionContext("given", step_func, parsers.re(r"(?P<n>\d+) more"), converters={"n": int})
    assert _arguments(step("4 more"), converted) == {"n": 4}
    assert _arguments(step("4 more"), converted) is not _arguments(step("4 more"), converted)
    typed = StepFunctionContext("given", step_func, parsers.parse("{n:d} less"))
    assert _arguments(step("5 less"), typed) == {"n": 5}
    assert _arguments(step("5 less"), typed) is not _arguments(step("5 less"), typed)
