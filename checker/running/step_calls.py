"""Each step taken as pytest-bdd takes it, without the work whose result is always the same.

For every step of every scenario run, pytest-bdd's ``_execute_step_function`` parses the
step's text with its definition's pattern again, and calls three hooks around it
(``pytest_bdd_before_step``, ``pytest_bdd_before_step_call``, ``pytest_bdd_after_step``)
whose only listener, unless another plugin adds one, is pytest-bdd's own record of each step
for its cucumber JSON and gherkin terminal reports. In a certification, neither report is
on, and the three hooks and the parsing came to about 7% of the run.

:func:`take_step` takes its place (:func:`install`). It does what pytest-bdd does, in the same
order, with three differences:

- a step text's arguments are parsed once per definition and kept, where the definition
  converts none of them and the pattern gives only plain values (strings, numbers: nothing a
  step can change; a pattern's own type that makes a list, say, is parsed each time);
- where neither pytest-bdd report is asked for, pytest-bdd's own record is left out of the
  step hooks (:func:`listeners`, worked out once per session), and a hook that has no other
  listener isn't called. Every other plugin's listener is called as before, with the same
  arguments;
- a step function that isn't a generator is called directly, not through pytest's fixture
  wrapper: its traceback has one frame fewer.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from _pytest.fixtures import call_fixture_func
from pytest_bdd import plugin as bdd_plugin
from pytest_bdd.compat import inject_fixture
from pytest_bdd.scenario import STEP_ARGUMENT_DATATABLE, STEP_ARGUMENT_DOCSTRING, parse_step_arguments
from pytest_bdd.utils import get_required_args

from checker.running.step_resolution import bdd_scenario


@dataclass(frozen=True)
class Listeners:
    """The step hooks' callers for a session: None where no plugin listens."""

    before: Any
    before_call: Any
    after: Any
    error: Any


_LISTENERS = pytest.StashKey[Listeners]()


def listeners(config: pytest.Config) -> Listeners:
    """The session's step hooks, pytest-bdd's own record left out where neither of its reports is asked for."""
    if _LISTENERS not in config.stash:
        hook, manager = config.hook, config.pluginmanager
        reports = config.getoption("cucumber_json_path", None) or config.getoption("gherkin_terminal_reporter", None)
        own = bdd_plugin if manager.is_registered(bdd_plugin) else None

        def caller(name: str) -> Any:
            if reports or own is None:
                whole = getattr(hook, name)
                return whole if whole.get_hookimpls() else None
            subset = manager.subset_hook_caller(name, remove_plugins=[own])
            return subset if subset.get_hookimpls() else None

        config.stash[_LISTENERS] = Listeners(
            caller("pytest_bdd_before_step"),
            caller("pytest_bdd_before_step_call"),
            caller("pytest_bdd_after_step"),
            caller("pytest_bdd_step_error"),
        )
    return config.stash[_LISTENERS]


@dataclass(frozen=True)
class _Definition:
    """What a step definition's function takes, read once."""

    parameters: frozenset[str]
    required: tuple[str, ...]
    generator: bool


@functools.cache
def _definition(func: Callable[..., object]) -> _Definition:
    return _Definition(
        frozenset(inspect.signature(func).parameters),
        tuple(get_required_args(func)),
        inspect.isgeneratorfunction(func),
    )


#: id of a step definition's context -> (that context, its arguments by step text): kept only
#: where the definition converts nothing (the context is kept with them, so that an id reused
#: by another object never finds them).
_PARSED: dict[int, tuple[Any, dict[str, dict[str, object]]]] = {}
#: The values a kept argument may have: none that a step could change for the next scenario.
_PLAIN = (str, int, float, bool, type(None))


def arguments(step: Any, context: Any, parameters: frozenset[str]) -> dict[str, object]:
    """The step's arguments from its text, those its function takes (a new dict each time)."""
    kept: dict[str, dict[str, object]] | None = None
    if not context.converters:
        entry = _PARSED.get(id(context))
        if entry is None or entry[0] is not context:
            entry = _PARSED[id(context)] = (context, {})
        kept = entry[1]
    found = kept.get(step.name) if kept is not None else None
    if found is None:
        parsed = parse_step_arguments(step=step, context=context)
        found = {k: v for k, v in parsed.items() if k in parameters}
        if kept is None or not all(type(v) in _PLAIN for v in found.values()):
            return found
        kept[step.name] = found
    return dict(found)


def take_step(request: pytest.FixtureRequest, scenario: Any, step: Any, context: Any) -> None:
    """pytest-bdd's ``_execute_step_function``, step for step."""
    __tracebackhide__ = True
    hooks = listeners(request.config)
    definition = _definition(context.step_func)
    kw: dict[str, Any] = {
        "request": request,
        "feature": scenario.feature,
        "scenario": scenario,
        "step": step,
        "step_func": context.step_func,
        "step_func_args": {},
    }
    if hooks.before is not None:
        hooks.before(**kw)
    try:
        kwargs = arguments(step, context, definition.parameters)
        if STEP_ARGUMENT_DATATABLE in definition.parameters and step.datatable is not None:
            kwargs[STEP_ARGUMENT_DATATABLE] = step.datatable.raw()
        if STEP_ARGUMENT_DOCSTRING in definition.parameters and step.docstring is not None:
            kwargs[STEP_ARGUMENT_DOCSTRING] = step.docstring
        for name in definition.required:
            if name not in kwargs:
                kwargs[name] = request.getfixturevalue(name)
        kw["step_func_args"] = kwargs
        if hooks.before_call is not None:
            hooks.before_call(**kw)
        if definition.generator:  # as a fixture, so that what follows its yield runs at teardown
            value = call_fixture_func(fixturefunc=context.step_func, request=request, kwargs=kwargs)
        else:
            value = context.step_func(**kwargs)
    except (Exception, pytest.fail.Exception) as exception:
        if hooks.error is not None:
            hooks.error(exception=exception, **kw)
        raise
    if context.target_fixture is not None:
        inject_fixture(request, context.target_fixture, value)
    if hooks.after is not None:
        hooks.after(**kw)


def install() -> None:
    """Take steps with :func:`take_step` (once per process)."""
    bdd_scenario._execute_step_function = take_step
