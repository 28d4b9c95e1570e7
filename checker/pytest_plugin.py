"""The pytest side of the suite: engine choice, one run per edition, unsupported as skipped.

Tags ``@edition:<name>`` become one parametrized run of the scenario per edition (they
belong on a Feature, Rule or Scenario); tags ``@ruling:<id>`` become ``ruling`` marks.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any

import pytest

from checker.engines import EngineNotFound, load_engine
from checker.interface import EngineAdapter, UnsupportedError
from checker.steps import given, then, when
from checker.steps.context import ScenarioGame
from checker.vocabulary import EDITIONS


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("conformance", "MTG turn-structure conformance")
    group.addoption(
        "--engine",
        default="reference",
        help="engine to certify: 'reference' or 'package.module:AdapterClass' (default: reference)",
    )
    group.addoption(
        "--edition",
        action="append",
        choices=EDITIONS,
        help="run only this rules edition (repeatable; default: every edition a scenario is tagged with)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "edition(name): the rules edition a scenario holds in")
    config.addinivalue_line("markers", "ruling(id): a ruling the scenario transcribes")
    # pytest-bdd turns a tag on an Examples block into a mark named after the whole tag, which
    # can't be registered (a marker's name ends at its first colon); the linter checks those tags.
    config.addinivalue_line("filterwarnings", "ignore:Unknown pytest.mark.ruling")
    for module in (given, when, then):
        if not config.pluginmanager.is_registered(module):
            config.pluginmanager.register(module)


@pytest.hookimpl(tryfirst=True)
def pytest_bdd_apply_tag(tag: str, function: Callable[..., Any]) -> bool | None:
    kind, _, value = tag.partition(":")
    if kind == "edition":
        pytest.mark.edition(value)(function)
        pytest.mark.usefixtures("edition")(function)
        return True
    if kind == "ruling":
        pytest.mark.ruling(value)(function)
        return True
    return None


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "edition" not in metafunc.fixturenames:
        return
    tagged = sorted({m.args[0] for m in metafunc.definition.iter_markers("edition")})
    chosen = metafunc.config.getoption("edition")
    editions = [e for e in tagged if not chosen or e in chosen]
    if tagged and not editions:
        metafunc.parametrize("edition", [pytest.param(None, marks=pytest.mark.skip(reason="edition not selected"))])
        return
    metafunc.parametrize("edition", editions, ids=editions)


@pytest.fixture
def edition(request: pytest.FixtureRequest) -> str:
    param = getattr(request, "param", None)
    if param is None:
        raise pytest.UsageError(f"{request.node.nodeid}: the scenario has no @edition:<name> tag")
    return str(param)


@pytest.fixture(scope="session")
def engine_spec(request: pytest.FixtureRequest) -> str:
    return str(request.config.getoption("engine"))


@pytest.fixture
def engine(engine_spec: str) -> EngineAdapter:
    try:
        return load_engine(engine_spec)
    except EngineNotFound as exc:
        raise pytest.UsageError(str(exc)) from exc


@pytest.fixture
def game(engine: EngineAdapter, edition: str) -> ScenarioGame:
    return ScenarioGame(engine, edition)


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> Generator[None, object, object]:
    """A scenario that needs what the engine can't do is unsupported: skipped with the reason."""
    try:
        return (yield)
    except UnsupportedError as exc:
        pytest.skip(f"unsupported: {exc}")
