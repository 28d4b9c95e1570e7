"""Each step called as pytest-bdd calls it, with what its call needs worked out once.

For every step taken, pytest-bdd's ``_execute_step_function`` matches the step's text against its
definition's pattern again, and asks whether the step function is a generator (to run it as a
fixture would be run), though a certification takes some ten thousand steps over a few hundred
texts and definitions. :func:`install` puts :func:`call_step` in its place. It does the same work
in the same order, with the same hooks, but works out two things once:

- per step definition: the step function's parameters, the fixtures it takes and whether it is a
  generator;
- per definition and text: the arguments parsed from the text. This is kept only where the
  definition has no converters and every value parsed is a string (``parsers.re`` gives strings),
  so a step can't change a kept value in place.
"""

from __future__ import annotations

import functools
import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from _pytest.fixtures import call_fixture_func
from _pytest.outcomes import Failed
from pytest_bdd.compat import inject_fixture
from pytest_bdd.steps import StepFunctionContext
from pytest_bdd.utils import get_required_args

# The module, not the function ``pytest_bdd.scenario`` that the package exports under its name.
bdd_scenario: Any = importlib.import_module("pytest_bdd.scenario")

DATATABLE = bdd_scenario.STEP_ARGUMENT_DATATABLE
DOCSTRING = bdd_scenario.STEP_ARGUMENT_DOCSTRING


@dataclass(frozen=True)
class _Call:
    """How a step definition's function is called."""

    parameters: frozenset[str]
    fixtures: tuple[str, ...]
    generator: bool


@functools.cache
def _call_of(func: Callable[..., object]) -> _Call:
    parameters = frozenset(inspect.signature(func).parameters)
    return _Call(parameters, tuple(get_required_args(func)), inspect.isgeneratorfunction(func))


#: (the definition's pattern, the text) -> the arguments parsed from the text, where they can be kept.
_PARSED: dict[tuple[object, str], dict[str, object]] = {}


def _arguments(step: Any, context: StepFunctionContext) -> dict[str, object]:
    key = (context.parser, step.name)
    parsed = _PARSED.get(key)
    if parsed is None:
        parsed = bdd_scenario.parse_step_arguments(step=step, context=context)
        if not context.converters and all(type(v) is str for v in parsed.values()):
            _PARSED[key] = parsed
    return parsed


def call_step(request: Any, scenario: Any, step: Any, context: StepFunctionContext) -> None:
    """pytest-bdd's ``_execute_step_function``, with its per-definition and per-text work kept."""
    __tracebackhide__ = True
    call = _call_of(context.step_func)
    hook = request.config.hook
    kw: dict[str, Any] = {
        "request": request,
        "feature": scenario.feature,
        "scenario": scenario,
        "step": step,
        "step_func": context.step_func,
        "step_func_args": {},
    }
    hook.pytest_bdd_before_step(**kw)
    try:
        kwargs = {k: v for k, v in _arguments(step, context).items() if k in call.parameters}
        if DATATABLE in call.parameters and step.datatable is not None:
            kwargs[DATATABLE] = step.datatable.raw()
        if DOCSTRING in call.parameters and step.docstring is not None:
            kwargs[DOCSTRING] = step.docstring
        for arg in call.fixtures:
            if arg not in kwargs:
                kwargs[arg] = request.getfixturevalue(arg)
        kw["step_func_args"] = kwargs
        hook.pytest_bdd_before_step_call(**kw)
        if call.generator:
            value = call_fixture_func(fixturefunc=context.step_func, request=request, kwargs=kwargs)
        else:
            value = context.step_func(**kwargs)
    except (Exception, Failed) as exception:
        hook.pytest_bdd_step_error(exception=exception, **kw)
        raise
    if context.target_fixture is not None:
        inject_fixture(request, context.target_fixture, value)
    hook.pytest_bdd_after_step(**kw)


def install() -> None:
    """Put :func:`call_step` in place of pytest-bdd's step call (once per process)."""
    bdd_scenario._execute_step_function = call_step
