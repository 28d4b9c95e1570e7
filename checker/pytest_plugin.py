"""The pytest side of the suite: engine choice, one run per edition, unsupported as skipped.

Tags ``@edition:<name>`` become one parametrized run of the scenario per edition (they
belong on a Feature, Rule or Scenario); tags ``@ruling:<id>`` become ``ruling`` marks.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.scenario import scenario_wrapper_template_registry
from pytest_bdd.utils import registry_get_safe

from checker.engines import EngineNotFound, EngineProvider
from checker.interface import EngineAdapter, UnsupportedError
from checker.steps import given, then, when
from checker.steps.context import ScenarioGame
from checker.vocabulary import EDITIONS
from checker.wire.client import DEFAULT_TIMEOUT


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("conformance", "MTG turn-structure conformance")
    group.addoption(
        "--engine",
        default="reference",
        help="engine to certify: 'reference', 'package.module:AdapterClass', or a command line that speaks "
        "the wire protocol (default: reference)",
    )
    group.addoption(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"how long an engine process may take to answer one request (default: {DEFAULT_TIMEOUT:g})",
    )
    group.addoption(
        "--validate-messages",
        action="store_true",
        help="check every wire message against the protocol's schemas (for debugging an engine)",
    )
    group.addoption(
        "--ruling",
        action="append",
        metavar="ID",
        help="run only scenarios tagged @ruling:ID (repeatable)",
    )
    group.addoption(
        "--part",
        action="append",
        metavar="NAME",
        help="run only the scenarios of this part of the turn: a feature file's name, e.g. 'untap' (repeatable)",
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
    config.addinivalue_line("markers", "edition_not_selected: the scenario's editions were not chosen with --edition")
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
    tagged = sorted({m.args[0] for m in metafunc.definition.iter_markers("edition")})
    if not tagged or "edition" not in metafunc.fixturenames:
        return  # not a scenario with @edition tags: leave the test's own parameters alone
    chosen = metafunc.config.getoption("edition")
    editions = [e for e in tagged if not chosen or e in chosen]
    if not editions:  # deselected below, so that "skipped" only ever means unsupported
        metafunc.parametrize("edition", [pytest.param(None, marks=pytest.mark.edition_not_selected)])
        return
    metafunc.parametrize("edition", editions, ids=editions)


def scenario_rulings(item: pytest.Item) -> set[str]:
    """The ruling ids a collected scenario carries, from any level of its feature file."""
    ids = {str(m.args[0]) for m in item.iter_markers("ruling")}
    return ids | {m.name.partition(":")[2] for m in item.iter_markers() if m.name.startswith("ruling:")}


def scenario_feature(item: pytest.Item) -> str | None:
    template = registry_get_safe(scenario_wrapper_template_registry, getattr(item, "obj", None))
    return Path(template.feature.filename).stem if template is not None else None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    rulings = set(config.getoption("ruling") or ())
    features = set(config.getoption("part") or ())
    keep: list[pytest.Item] = []
    drop: list[pytest.Item] = []
    for item in items:
        wanted = item.get_closest_marker("edition_not_selected") is None
        if rulings or features:
            feature = scenario_feature(item)
            wanted = wanted and feature is not None and (not features or feature in features)
            wanted = wanted and (not rulings or bool(rulings & scenario_rulings(item)))
        (keep if wanted else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


@pytest.fixture
def edition(request: pytest.FixtureRequest) -> str:
    param = getattr(request, "param", None)
    if param is None:
        raise pytest.UsageError(f"{request.node.nodeid}: the scenario has no @edition:<name> tag")
    return str(param)


_PROVIDER = pytest.StashKey[EngineProvider]()


def pytest_sessionstart(session: pytest.Session) -> None:
    """A wrong --engine is a usage error before anything runs, not an error in every test."""
    config = session.config
    try:
        provider = EngineProvider(
            str(config.getoption("engine")), config.getoption("timeout"), config.getoption("validate_messages")
        )
        provider.check()
    except EngineNotFound as exc:
        raise pytest.UsageError(str(exc)) from exc
    config.stash[_PROVIDER] = provider


def pytest_sessionfinish(session: pytest.Session) -> None:
    provider = session.config.stash.get(_PROVIDER, None)
    if provider is not None:
        provider.close()


@pytest.fixture
def engine(request: pytest.FixtureRequest) -> EngineAdapter:
    """A ready adapter for each scenario (an engine process that failed is restarted)."""
    return request.config.stash[_PROVIDER].get()


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


# --------------------------------------------------------------------------- the summary per edition

_RESULTS = pytest.StashKey[dict[str, dict[str, int]]]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    callspec = getattr(item, "callspec", None)
    edition = callspec.params.get("edition") if callspec is not None else None
    if edition is None or item.get_closest_marker("edition") is None:
        return report  # only scenarios count
    outcome = _outcome(report)
    if outcome is not None:
        counts = item.config.stash.setdefault(_RESULTS, {}).setdefault(str(edition), {})
        counts[outcome] = counts.get(outcome, 0) + 1
    return report


def _outcome(report: pytest.TestReport) -> str | None:
    """One outcome per scenario: its call's, or its setup's if it never got that far."""
    if report.skipped:
        return "unsupported" if report.when in {"setup", "call"} else None
    if report.failed:
        return "failed" if report.when == "call" else "error"
    return "passed" if report.when == "call" else None


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    results = config.stash.get(_RESULTS, {})
    if not results:
        return
    columns = ("passed", "failed", "error", "unsupported")
    terminalreporter.section(f"conformance of engine {config.getoption('engine')!r}, per edition")
    terminalreporter.write_line(f"{'edition':<10}" + "".join(f"{c:>13}" for c in columns))
    for edition in sorted(results, key=EDITIONS.index):
        counts = results[edition]
        terminalreporter.write_line(f"{edition:<10}" + "".join(f"{counts.get(c, 0):>13}" for c in columns))
