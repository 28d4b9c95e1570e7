"""Each step text resolved to its step definition once per run, not once per step taken.

pytest-bdd looks up the definition of every step of every scenario anew: it goes through
every fixture name pytest knows, tries the pattern of each step definition of the step's
kind, then injects a temporary fixture so that pytest chooses among the matches. In a
certification that lookup cost more than a third of the run, though one step text always
resolves to the same definition. It also re-reads each step function's signature at every
call.

:func:`install` wraps pytest-bdd's own lookup (``pytest_bdd.scenario.get_step_function``)
with a cache kept in the run's config, keyed by the step's kind and text and by the node
that holds the scenario (a module or class: which definitions a scenario sees depends only
on where it lives), and caches the signatures. The first lookup of each key is pytest-bdd's,
so the definition chosen is always the one pytest-bdd would choose. Step definitions are
registered when their modules are imported, before any scenario runs, so a cached answer
never goes stale within a run.
"""

from __future__ import annotations

import functools
import importlib
import inspect
from typing import Any

import pytest
from pytest_bdd import utils as bdd_utils

# The module, not the function ``pytest_bdd.scenario`` that the package exports under its name.
bdd_scenario: Any = importlib.import_module("pytest_bdd.scenario")

#: (the scenario's parent node, the step's kind, the step's text) -> its step definition, or None.
RESOLVED = pytest.StashKey[dict[tuple[str, str, str], Any]]()


def step_key(request: pytest.FixtureRequest, step: Any) -> tuple[str, str, str]:
    parent = request.node.parent
    return (parent.nodeid if parent is not None else "", str(step.type), str(step.name))


def install() -> None:
    """Put the caching lookup in place of pytest-bdd's (once per process)."""
    lookup = bdd_scenario.get_step_function
    if getattr(lookup, "resolves_once", False):
        return

    @functools.wraps(lookup)
    def resolve_once(request: pytest.FixtureRequest, step: Any) -> Any:
        resolved = request.config.stash.setdefault(RESOLVED, {})
        key = step_key(request, step)
        if key not in resolved:
            resolved[key] = lookup(request=request, step=step)
        return resolved[key]

    resolve_once.resolves_once = True  # type: ignore[attr-defined]
    bdd_scenario.get_step_function = resolve_once
    bdd_scenario.signature = functools.cache(inspect.signature)
    bdd_scenario.get_required_args = functools.cache(bdd_utils.get_required_args)
