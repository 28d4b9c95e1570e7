"""Each step text is resolved once per run, to the definition pytest-bdd itself would choose."""

from __future__ import annotations

import pytest

FEATURE = """
Feature: Greetings
  Scenario: first
    Given a greeting
    Then the greeting is heard

  Scenario: second
    Given a greeting
    Then the greeting is heard
"""

# The same step texts, defined differently in two directories: which definition a scenario
# gets depends on where it lives, as in pytest-bdd.
CONFTEST = """
import pytest
from pytest_bdd import given, then

@given("a greeting", target_fixture="greeting")
def greeting():
    return {word!r}

@then("the greeting is heard")
def heard(greeting):
    assert greeting == {word!r}
"""

TEST = """
from pytest_bdd import scenarios
scenarios("greetings.feature")

def test_each_step_text_was_resolved_once(request):
    from checker.running.step_resolution import RESOLVED
    resolved = request.config.stash[RESOLVED]
    assert sorted(k[1:] for k in resolved if k[0].startswith({directory!r})) == [
        (False, "given", "a greeting"), (False, "then", "the greeting is heard")]  # not the suite's features
    assert all(v is not None for v in resolved.values())
"""


def test_a_step_text_resolves_to_the_definition_its_directory_sees(pytester: pytest.Pytester) -> None:
    for directory, word in (("hello", "hello"), ("bonjour", "bonjour")):
        folder = pytester.mkpydir(directory)
        (folder / "conftest.py").write_text(CONFTEST.format(word=word))
        (folder / "greetings.feature").write_text(FEATURE)
        (folder / f"test_{directory}.py").write_text(TEST.format(directory=directory))
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=6)


def test_an_unknown_step_stays_unknown_in_every_scenario(pytester: pytest.Pytester) -> None:
    typo = "Feature: t\n  Scenario: a\n    Given a typo\n\n  Scenario: b\n    Given a typo\n"
    pytester.makefile(".feature", typo=typo)
    pytester.makepyfile(test_typo="from pytest_bdd import scenarios\nscenarios('typo.feature')\n")
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(['*Step definition is not found: Given "a typo"*'])


AGREES = """
from checker.running.step_resolution import PYTEST_BDD_LOOKUP, resolve

CHECKED = set()

def pytest_bdd_before_step(request, feature, scenario, step, step_func):
    if (step.type, step.name) not in CHECKED:
        CHECKED.add((step.type, step.name))
        own = PYTEST_BDD_LOOKUP(request=request, step=step)
        assert own is not None and own is resolve(request, step), f"{step}: {own} is not the one resolved"
"""


def test_every_step_of_the_suite_resolves_to_pytest_bdds_own_choice(pytester: pytest.Pytester) -> None:
    """Each step of every cr2024 scenario (the edition with the most) gets the definition pytest-bdd's
    own lookup finds for it: the resolution only saves the search."""
    pytester.makeconftest(AGREES)
    result = pytester.runpytest("--pyargs", "checker.running.test_conformance", "--edition", "cr2024", "-q")
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed", 0) >= 300 and set(outcomes) <= {"passed", "deselected"}, outcomes


def test_a_data_table_is_rendered_with_the_examples_values_and_left_as_it_was() -> None:
    from pytest_bdd.gherkin_parser import Cell, DataTable, Location, Row

    from checker.running.step_resolution import render_datatable

    here = Location(line=3, column=5)
    table = DataTable(here, [Row("r1", here, [Cell(here, "<card>"), Cell(here, "<missing>"), Cell(here, "Forest")])])
    rendered = render_datatable(table, {"card": "Time Vault"})
    assert rendered.raw() == [["Time Vault", "<missing>", "Forest"]]
    assert table.raw() == [["<card>", "<missing>", "Forest"]]
    assert rendered.rows[0].location == here
