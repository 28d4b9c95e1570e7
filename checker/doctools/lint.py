"""Check the metadata of the feature files: the citations a scenario carries are its tags.

Every scenario must run under at least one known edition; edition tags belong on a Feature,
Rule or Scenario (not on Examples); ruling ids must exist; scenario names must be unique,
since test ids derive from them. A file that does not parse is a problem too, not a crash.

Usage: ``python -m checker.doctools.lint [FEATURES_DIR]``; exits 1 when there are problems.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gherkin.errors import CompositeParserException, ParserException
from gherkin.parser import Parser

from checker.contract.documents import Problem
from checker.contract.features import features_dir
from checker.contract.rulings import rulings
from checker.contract.vocabulary import EDITIONS


@dataclass(frozen=True)
class ScenarioTags:
    path: Path
    line: int
    name: str
    editions: frozenset[str]
    rulings: frozenset[str]


def _tags(node: Mapping[str, Any]) -> list[tuple[str, int]]:
    return [(t["name"].lstrip("@"), t["location"]["line"]) for t in node.get("tags", [])]


def _check_tags(path: Path, tags: list[tuple[str, int]], where: str) -> Iterator[Problem]:
    known = rulings()
    for tag, line in tags:
        kind, _, value = tag.partition(":")
        if kind == "edition" and value not in EDITIONS:
            yield Problem(path, line, f"unknown edition {value!r} (editions: {', '.join(EDITIONS)})")
        elif kind == "edition" and where == "Examples":
            yield Problem(path, line, "an @edition tag may not go on Examples; tag the Scenario Outline or its Rule")
        elif kind == "ruling" and value not in known:
            yield Problem(path, line, f"unknown ruling id {value!r}")
        elif kind not in {"edition", "ruling"}:
            yield Problem(path, line, f"unknown tag @{tag}: tags are @edition:<name> and @ruling:<id>")


def scenarios(path: Path) -> tuple[list[ScenarioTags], list[Problem]]:
    """Read one feature file: its scenarios with their inherited tags, and its problems."""
    try:
        document = Parser().parse(path.read_text(encoding="utf-8"))
    except (ParserException, CompositeParserException) as exc:
        return [], [Problem(path, _error_line(exc), f"cannot parse: {exc}")]
    except (OSError, UnicodeDecodeError) as exc:
        return [], [Problem(path, 0, f"cannot read: {exc}")]
    feature = document.get("feature")
    if feature is None:
        return [], [Problem(path, 1, "no Feature in this file")]
    found: list[ScenarioTags] = []
    problems = list(_check_tags(path, _tags(feature), "Feature"))

    def walk(children: Sequence[Mapping[str, Any]], inherited: list[tuple[str, int]]) -> None:
        for child in children:
            if "rule" in child:
                rule = child["rule"]
                problems.extend(_check_tags(path, _tags(rule), "Rule"))
                walk(rule["children"], inherited + _tags(rule))
            elif "scenario" in child:
                sc = child["scenario"]
                problems.extend(_check_tags(path, _tags(sc), "Scenario"))
                own = inherited + _tags(sc)
                for examples in sc.get("examples", []):
                    problems.extend(_check_tags(path, _tags(examples), "Examples"))
                    own = own + _tags(examples)
                names = [t for t, _ in own]
                found.append(
                    ScenarioTags(
                        path,
                        sc["location"]["line"],
                        sc["name"],
                        frozenset(t.partition(":")[2] for t in names if t.startswith("edition:")),
                        frozenset(t.partition(":")[2] for t in names if t.startswith("ruling:")),
                    )
                )

    walk(feature["children"], _tags(feature))
    for sc in found:
        if not sc.editions:
            problems.append(Problem(path, sc.line, f"scenario {sc.name!r} has no @edition tag"))
    return found, problems


def _error_line(exc: Exception) -> int:
    location = getattr(exc, "location", None)
    if isinstance(location, dict):
        return int(location.get("line") or 0)
    errors = getattr(exc, "errors", [])
    return _error_line(errors[0]) if errors else 0


def lint(root: Path) -> list[Problem]:
    problems: list[Problem] = []
    seen: dict[str, ScenarioTags] = {}
    files = sorted(root.rglob("*.feature"))
    if not files:
        return [Problem(root, 0, "no .feature files here")]
    for path in files:
        found, file_problems = scenarios(path)
        problems += file_problems
        for sc in found:
            if sc.name in seen:
                first = seen[sc.name]
                problems.append(
                    Problem(path, sc.line, f"scenario name {sc.name!r} is also used at {first.path}:{first.line}")
                )
            seen.setdefault(sc.name, sc)
    return problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    root = Path(args[0]) if args else features_dir()
    problems = lint(root)
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s) in {root}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
