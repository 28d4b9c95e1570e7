"""The suite as a reader sees it: parts of the turn (feature files), their Rules, and each Rule's
scenarios with their steps, examples and editions, read from the Gherkin files.

A Scenario Outline becomes one :class:`Example` per row of its Examples, with the row's values
put in place of the ``<placeholders>``; its name and id match what a run's report calls it
(``checker.judging.results.ScenarioResult.make_id``), so that the engines' results can be put
beside each scenario.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gherkin.errors import CompositeParserException, ParserException
from gherkin.parser import Parser

from checker.contract.utf8 import NotUTF8, utf8_text
from checker.contract.vocabulary import EDITIONS
from checker.site.source import Line, lines

_PLACEHOLDER = re.compile(r"<([^<>]+)>")


@dataclass(frozen=True)
class Step:
    keyword: str  # "Given", "And", ...
    kind: str  # "context", "action" or "outcome": the Given, When or Then it belongs to
    text: str
    table: tuple[tuple[str, ...], ...] = ()  # a data table's rows, its header first
    docstring: str | None = None


@dataclass(frozen=True)
class Example:
    """One run of a scenario: a plain scenario once, an outline once per row of its Examples."""

    name: str  # the name a report gives it: an outline's with the row's values in brackets
    title: str  # the name with the row's values in place of its placeholders
    example: str | None  # the row's values, as a report's ``example`` has them
    table: str | None  # the Examples' own title, for an outline
    values: tuple[tuple[str, str], ...]  # the row, as (placeholder, value)
    steps: tuple[Step, ...]
    editions: tuple[str, ...]
    rulings: tuple[str, ...]


@dataclass(frozen=True)
class Scenario:
    name: str
    line: int
    anchor: str
    outline: bool
    examples: tuple[Example, ...]
    pairs: tuple[str, ...] = ()  # the ``@pair:<name>`` tags it carries or inherits from its Rule

    @property
    def editions(self) -> tuple[str, ...]:
        return tuple(e for e in EDITIONS if any(e in x.editions for x in self.examples))

    @property
    def rulings(self) -> tuple[str, ...]:
        return tuple(sorted({r for x in self.examples for r in x.rulings}))


@dataclass(frozen=True)
class Rule:
    """A Gherkin ``Rule:``: the suite's own restatement of a ruling, and its scenarios."""

    title: str
    description: str
    line: int
    anchor: str
    editions: tuple[str, ...]  # the editions its tags name (empty: those of its Feature)
    scenarios: tuple[Scenario, ...]


@dataclass(frozen=True)
class Part:
    """A feature file: one part of the turn."""

    name: str  # the file's stem, as reports name the part
    file: str
    title: str
    description: str
    rules: tuple[Rule, ...]
    lines: tuple[Line, ...] = ()  # the file's text, its keywords marked

    @property
    def scenarios(self) -> tuple[Scenario, ...]:
        return tuple(sc for rule in self.rules for sc in rule.scenarios)


@dataclass
class Suite:
    parts: list[Part] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # files that could not be read, each with why

    @property
    def scenarios(self) -> tuple[Scenario, ...]:
        return tuple(sc for part in self.parts for sc in part.scenarios)


def slug(text: str) -> str:
    """A permalink's fragment: lower case words joined by hyphens (stable while the text is)."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


def _tags(node: Mapping[str, Any]) -> list[str]:
    return [str(t["name"]).lstrip("@") for t in node.get("tags", [])]


def _of(tags: Sequence[str], kind: str) -> list[str]:
    return [t.partition(":")[2] for t in tags if t.startswith(kind + ":")]


def _fill(text: str, values: Mapping[str, str]) -> str:
    return _PLACEHOLDER.sub(lambda m: values.get(m.group(1), m.group(0)), text)


def _steps(raw: Sequence[Mapping[str, Any]], values: Mapping[str, str]) -> tuple[Step, ...]:
    kinds = {"context": "context", "action": "action", "outcome": "outcome"}
    steps, kind = [], "context"
    for step in raw:
        kind = kinds.get(str(step.get("keywordType", "")).lower(), kind)
        table = tuple(
            tuple(_fill(str(c["value"]), values) for c in row["cells"])
            for row in (step.get("dataTable") or {}).get("rows", [])
        )
        doc = step.get("docString")
        steps.append(
            Step(
                str(step["keyword"]).strip(),
                kind,
                _fill(str(step["text"]), values),
                table,
                _fill(str(doc["content"]), values) if doc else None,
            )
        )
    return tuple(steps)


def _examples(sc: Mapping[str, Any], inherited: list[str]) -> tuple[Example, ...]:
    own = inherited + _tags(sc)
    name = str(sc["name"])
    if not sc.get("examples"):
        editions = tuple(e for e in EDITIONS if e in _of(own, "edition"))
        return (Example(name, name, None, None, (), _steps(sc["steps"], {}), editions, tuple(_of(own, "ruling"))),)
    found = []
    for table in sc["examples"]:
        tags = own + _tags(table)
        editions = tuple(e for e in EDITIONS if e in _of(tags, "edition"))
        header = [str(c["value"]) for c in (table.get("tableHeader") or {}).get("cells", [])]
        for row in table.get("tableBody", []):
            cells = [str(c["value"]) for c in row["cells"]]
            values = dict(zip(header, cells, strict=False))
            example = ", ".join(cells)
            found.append(
                Example(
                    f"{name} [{example}]",
                    _fill(name, values),
                    example,
                    str(table.get("name") or "") or None,
                    tuple(values.items()),
                    _steps(sc["steps"], values),
                    editions,
                    tuple(_of(tags, "ruling")),
                )
            )
    return tuple(found)


def _scenario(sc: Mapping[str, Any], inherited: list[str]) -> Scenario:
    line = int(sc["location"]["line"])
    return Scenario(
        str(sc["name"]),
        line,
        f"s{line}-{slug(str(sc['name']))[:60]}",
        bool(sc.get("examples")),
        _examples(sc, inherited),
        tuple(dict.fromkeys(_of(inherited + _tags(sc), "pair"))),
    )


def read_part(path: Path) -> Part:
    """One feature file as a part of the turn; ``ValueError`` says why it can't be read."""
    try:
        text = utf8_text(path.read_bytes())
        document = Parser().parse(text)
    except (ParserException, CompositeParserException) as exc:
        raise ValueError(f"{path}: cannot parse: {exc}") from exc
    except (OSError, NotUTF8) as exc:
        raise ValueError(f"{path}: cannot read: {exc}") from exc
    feature = (document or {}).get("feature")
    if feature is None:
        raise ValueError(f"{path}: no Feature in this file")
    feature_tags = _tags(feature)
    rules: list[Rule] = []
    loose: list[Scenario] = []  # scenarios outside any Rule
    children: Sequence[Mapping[str, Any]] = feature["children"]
    for child in children:
        if "rule" in child:
            rule = child["rule"]
            tags = feature_tags + _tags(rule)
            line = int(rule["location"]["line"])
            rules.append(
                Rule(
                    str(rule["name"]),
                    str(rule.get("description") or "").strip(),
                    line,
                    f"r{line}-{slug(str(rule['name']))[:60]}",
                    tuple(e for e in EDITIONS if e in _of(_tags(rule), "edition")),
                    tuple(_scenario(c["scenario"], tags) for c in rule["children"] if "scenario" in c),
                )
            )
        elif "scenario" in child:
            loose.append(_scenario(child["scenario"], feature_tags))
    if loose:
        line = loose[0].line
        rules.insert(0, Rule("Scenarios", "", line, f"r{line}-scenarios", (), tuple(loose)))
    description = str(feature.get("description") or "").strip()
    return Part(path.stem, path.name, str(feature["name"]), description, tuple(rules), lines(text, document))


def read_suite(root: Path) -> Suite:
    """Every feature file under ``root``; a file that can't be read is a problem, and the rest go on."""
    suite = Suite()
    for path in sorted(root.rglob("*.feature")):
        try:
            suite.parts.append(read_part(path))
        except ValueError as exc:
            suite.problems.append(str(exc))
    return suite
