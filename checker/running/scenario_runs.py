"""The scenario runs a session collects: tags as marks, one run per edition, the runs chosen.

Tags ``@edition:<name>`` become one parametrized run of the scenario per edition (they
belong on a Feature, Rule or Scenario); tags ``@ruling:<id>`` become ``ruling`` marks; tags
``@pair:<name>`` (for the site) become nothing. The options' selection is made on the collected
runs, and two runs of one id, which the reports would count as one, are refused.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from pytest_bdd.exceptions import GherkinParseError
from pytest_bdd.gherkin_parser import get_gherkin_document

from checker.contract.features import FEATURE_ENCODING, features_dir
from checker.running.collector import scenario_feature, scenario_id, scenario_name, scenario_rulings, scenario_template
from checker.running.pytest_options import selection


@pytest.hookimpl(tryfirst=True, optionalhook=True)
def pytest_bdd_apply_tag(tag: str, function: Callable[..., Any]) -> bool | None:
    kind, _, value = tag.partition(":")
    if kind == "edition":
        pytest.mark.edition(value)(function)
        pytest.mark.usefixtures("edition")(function)
        return True
    if kind == "ruling":
        pytest.mark.ruling(value)(function)
        return True
    return kind == "pair" or None  # @pair:<name> pairs scenarios for the site's editions page: no mark


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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    chosen = selection(config)
    keep: list[pytest.Item] = []
    drop: list[pytest.Item] = []
    for item in items:
        name = scenario_name(item)
        wanted = item.get_closest_marker("edition_not_selected") is None and (
            name is None or chosen.selects(scenario_feature(item), name, None, scenario_rulings(item))
        )
        (keep if wanted else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
    _refuse_a_name_twice_in_a_file(keep)
    _refuse_one_id_twice(keep)


def _refuse_a_name_twice_in_a_file(items: list[pytest.Item]) -> None:
    """pytest-bdd keeps one scenario of a name in a feature file, and the other is never run, nor
    said to be left out. The suite's own files are linted for it; another's (an engine's own
    scenarios) are parsed again for it here, with pytest-bdd's own Gherkin parser."""
    suite = features_dir().resolve()
    files = {t.feature.filename for item in items if (t := scenario_template(item)) is not None}
    for path in sorted(f for f in map(Path, files) if not f.resolve().is_relative_to(suite)):
        with contextlib.suppress(OSError, UnicodeDecodeError, GherkinParseError):  # (pytest-bdd has read it)
            named = Counter(_scenario_names(path))
            twice = sorted(name for name, count in named.items() if count > 1)
            if twice:
                raise pytest.UsageError(
                    f"{path}: two scenarios are named {twice[0]!r}; pytest-bdd runs only one of them: rename one"
                )


def _scenario_names(path: Path) -> list[str]:
    """The names of a feature file's scenarios, in its rules or not, as many times as each is given."""
    feature = get_gherkin_document(str(path), FEATURE_ENCODING).feature
    names: list[str] = []
    for child in feature.children if feature is not None else ():
        scenarios = [c.scenario for c in child.rule.children] if child.rule is not None else [child.scenario]
        names += [scenario.name for scenario in scenarios if scenario is not None]
    return names


def _refuse_one_id_twice(items: list[pytest.Item]) -> None:
    """Two runs of one id would be one in the reports, the expectations and the traces (one file
    written over the other). A part is its feature file's name, so two files of one name (in two
    folders) can't run in one session, nor two scenarios of one name in a file."""
    seen: dict[str, str] = {}
    for item in items:
        run_id = scenario_id(item)
        if run_id is None:
            continue
        if run_id in seen:
            raise pytest.UsageError(
                f"two scenario runs have the id {run_id!r} ({seen[run_id]} and {item.nodeid}): the part of an id "
                "is its feature file's name; rename a file or a scenario"
            )
        seen[run_id] = item.nodeid


@pytest.fixture
def edition(request: pytest.FixtureRequest) -> str:
    param = getattr(request, "param", None)
    if param is None:
        # A failure of the scenario alone, said in one line (a usage error showed pytest's fixture internals).
        pytest.fail(f"{request.node.nodeid}: the scenario has no @edition:<name> tag", pytrace=False)
    return str(param)
