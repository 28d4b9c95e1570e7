"""Each step text resolved to its step definition once per run, not once per step taken.

pytest-bdd looks up the definition of every step of every scenario anew: it goes through
every fixture name pytest knows, asks pytest which definitions of each the scenario sees,
tries the pattern of each step definition of the step's kind, then injects a temporary
fixture so that pytest chooses among the matches. In a certification that lookup cost more
than a third of the run, though one step text always resolves to the same definition.

:func:`install` puts in place of pytest-bdd's lookup (``pytest_bdd.scenario.get_step_function``)
one that finds the step definitions a scenario sees once per node holding scenarios (a module
or class: which definitions a scenario sees depends only on where it lives), chooses among
the matches by pytest-bdd's own rule (the closest definition, the last registered among
equals), and keeps each answer for the run, keyed by that node and the step's kind and text.
Step definitions are registered when their modules are imported, before any scenario runs, so
a kept answer never goes stale within a run. A scenario of the suite's own feature files takes
the suite's own definition of a step wherever one matches (:func:`of_the_suite`): a step of the
same words defined in an engine's repository can't change what the certification checks. (Each
step is then taken by :mod:`checker.running.step_calls`, which reads each step function's
signature once.)

pytest-bdd also deep-copies a step's data table, locations and all, each time a scenario
using it runs, to put an outline's example values in its cells; :func:`render_datatable`
copies only the rows and cells it renders.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.compat import get_fixture_names, getfixturedefs
from pytest_bdd.gherkin_parser import DataTable
from pytest_bdd.parser import Step, render_string
from pytest_bdd.steps import step_function_context_registry

from checker.contract.features import features_dir
from checker.running import steps
from checker.running.collector import scenario_template

# The module, not the function ``pytest_bdd.scenario`` that the package exports under its name.
bdd_scenario: Any = importlib.import_module("pytest_bdd.scenario")

#: pytest-bdd's own lookup, as it was before :func:`install`.
PYTEST_BDD_LOOKUP = bdd_scenario.get_step_function

#: (the scenario's parent node, whether it is of the suite's feature files, the step's kind, the
#: step's text) -> its step definition, or None.
RESOLVED = pytest.StashKey[dict[tuple[str, bool, str, str], Any]]()
#: The parent node -> the step definitions it sees, in pytest-bdd's order: (their place, definition).
SEEN = pytest.StashKey[dict[str, list[tuple[list[str], Any]]]]()


def step_key(request: pytest.FixtureRequest, step: Any) -> tuple[str, bool, str, str]:
    parent = request.node.parent
    return (parent.nodeid if parent is not None else "", of_the_suite(request.node), str(step.type), str(step.name))


#: Whether a test is a scenario of the suite's own feature files (kept on the test once known).
_OF_THE_SUITE = pytest.StashKey[bool]()


def of_the_suite(item: pytest.Item) -> bool:
    """Whether ``item`` is a scenario of the suite's feature files: its steps mean what the suite's
    step definitions make of them, whatever other definitions a session has (a conftest.py of an
    engine's repository defining a step of the same words would otherwise stand in for the suite's,
    as pytest-bdd takes the closest or the last registered, and the certification would judge by it)."""
    found = item.stash.get(_OF_THE_SUITE, None)
    if found is None:
        template = scenario_template(item)
        found = template is not None and _in_the_suite(template.feature.filename)
        item.stash[_OF_THE_SUITE] = found
    return found


@functools.cache
def _in_the_suite(filename: str) -> bool:
    """Whether a feature file is one of the suite's: asked once per file (resolving a path asks the
    system about each of its folders, and a certification's 870 scenario runs are in 29 files)."""
    return Path(filename).resolve().is_relative_to(features_dir().resolve())


def _the_suites(context: Any) -> bool:
    """Whether a step definition is one of the suite's (:mod:`checker.running.steps`)."""
    return str(getattr(context.step_func, "__module__", "")).startswith(f"{steps.__name__}.")


def definitions_seen(request: pytest.FixtureRequest) -> list[tuple[list[str], Any]]:
    """Every step definition the scenario sees, with the ids of the nodes it is defined under."""
    manager, node = request._fixturemanager, request.node
    found = []
    for name in get_fixture_names(fixturemanager=manager):
        for fixturedef in getfixturedefs(manager, name, node) or []:
            context = step_function_context_registry.get(fixturedef.func)
            if context is not None:
                found.append((list(bdd_scenario.iterparentnodeids(fixturedef.baseid)), context))
    return found


def resolve(request: pytest.FixtureRequest, step: Any) -> Any:
    """The step definition of ``step`` for the scenario of ``request`` (None: there is none)."""
    resolved = request.config.stash.setdefault(RESOLVED, {})
    key = step_key(request, step)
    if key not in resolved:
        seen = request.config.stash.setdefault(SEEN, {})
        if key[0] not in seen:
            seen[key[0]] = definitions_seen(request)
        matching = [
            (place, context)
            for place, context in seen[key[0]]
            if context.type in (None, step.type) and context.parser.is_matching(step.name)
        ]
        if key[1]:  # a scenario of the suite: its own definitions only, where one matches
            matching = [m for m in matching if _the_suites(m[1])] or matching
        matching.sort(key=lambda m: m[0])  # stable: among equals, the last registered stays last
        resolved[key] = matching[-1][1] if matching else None
    return resolved[key]


def render_datatable(datatable: DataTable, context: Mapping[str, object]) -> DataTable:
    """The data table with the example's values in its cells: pytest-bdd's rendering, without
    deep-copying what it doesn't render."""
    rows = [
        replace(row, cells=[replace(cell, value=render_string(cell.value, context)) for cell in row.cells])
        for row in datatable.rows
    ]
    return replace(datatable, rows=rows)


def install() -> None:
    """Put the resolution in place of pytest-bdd's lookup (once per process)."""
    if bdd_scenario.get_step_function is resolve:
        return
    bdd_scenario.get_step_function = resolve
    Step.render_datatable = staticmethod(render_datatable)  # type: ignore[method-assign]
