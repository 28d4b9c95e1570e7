"""Check the metadata of the feature files: the citations a scenario carries are its tags.

Every scenario must run under at least one known edition; edition tags belong on a Feature,
Rule or Scenario (not on Examples); ruling ids must exist; scenario names must be unique,
since test ids derive from them. A file that does not parse is a problem too, not a crash.

``@pair:<name>`` (on a Rule or a Scenario) pairs the scenarios that show one thing done the
way of different editions, for the site's "editions side by side": the scenarios of a pair,
from any files, must fall into at least two groups by the editions they hold in, and no two
groups may share an edition (else the pair doesn't set editions against each other).

Usage: ``python -m checker.doctools.lint [FEATURES_DIR]``; exits 1 when there are problems.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from gherkin.errors import CompositeParserException, ParserException
from gherkin.parser import Parser

from checker.contract.documents import MAX_BYTES, Problem, read_regular
from checker.contract.exits import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from checker.contract.features import features_dir
from checker.contract.rulings import rulings
from checker.contract.utf8 import NotUTF8, utf8_text
from checker.contract.vocabulary import EDITIONS
from checker.judging.reports._text import visible

_PAIR = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


@dataclass(frozen=True)
class ScenarioTags:
    path: Path
    line: int
    name: str
    editions: frozenset[str]
    rulings: frozenset[str]
    pairs: frozenset[str] = frozenset()


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
        elif kind == "pair" and where not in {"Rule", "Scenario"}:
            yield Problem(path, line, f"a @pair tag goes on a Rule or a Scenario, not on {where}")
        elif kind == "pair" and not _PAIR.fullmatch(value):
            yield Problem(path, line, f"pair name {value!r}: lower-case words joined by hyphens")
        elif kind not in {"edition", "ruling", "pair"}:
            yield Problem(path, line, f"unknown tag @{tag}: tags are @edition:<name>, @ruling:<id> and @pair:<name>")


def scenarios(path: Path) -> tuple[list[ScenarioTags], list[Problem]]:
    """Read one feature file: its scenarios with their inherited tags, and its problems."""
    try:
        data = read_regular(path, MAX_BYTES)  # a FIFO would wait for ever, /dev/zero fill the memory
        if len(data) > MAX_BYTES:
            return [], [Problem(path, 0, f"larger than {MAX_BYTES // 2**20} MB: left unread")]
        document = Parser().parse(utf8_text(data))
    except (ParserException, CompositeParserException) as exc:
        return [], [Problem(path, _error_line(exc), f"cannot parse: {exc}")]
    except (OSError, NotUTF8) as exc:
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
                        frozenset(t.partition(":")[2] for t in names if t.startswith("pair:")),
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
    return [*problems, *_pair_problems(seen.values())]


def _pair_problems(found: Iterable[ScenarioTags]) -> Iterator[Problem]:
    """Each pair must set two or more groups of editions, none sharing an edition, side by side."""
    pairs: dict[str, dict[frozenset[str], ScenarioTags]] = {}
    for sc in found:
        for name in sc.pairs:
            pairs.setdefault(name, {}).setdefault(sc.editions, sc)
    for name, groups in sorted(pairs.items()):
        first = next(iter(groups.values()))
        if len(groups) < 2:
            yield Problem(first.path, first.line, f"pair {name!r}: all its scenarios hold in the same editions")
        for (a, x), (b, y) in combinations(groups.items(), 2):
            if a & b:
                shared = ", ".join(e for e in EDITIONS if e in a & b)
                yield Problem(y.path, y.line, f"pair {name!r}: holds in {shared} as {x.path.name}:{x.line} does")


def not_a_features_dir(root: Path) -> str | None:
    """Why ``root`` can't be linted or counted (it doesn't exist, is a file, holds no feature file); None if it can."""
    if not root.exists():
        return "no such directory"
    if not root.is_dir():
        return "not a directory: give the directory of the feature files"
    if not any(root.rglob("*.feature")):
        return "no .feature files under it"
    return None


def main(argv: list[str] | None = None) -> int:
    """Exit codes: 0 no problem, 1 problems (each named with its file and line), 2 no feature files
    where told (a path that doesn't exist, a directory without any)."""
    args = sys.argv[1:] if argv is None else argv
    root = Path(args[0]) if args else features_dir()
    why = not_a_features_dir(root)
    if why is not None:
        print(visible(f"error: {root}: {why}"), file=sys.stderr)
        return EXIT_USAGE
    problems = lint(root)
    for problem in problems:  # a file's name, or its text quoted, may hold a terminal's control characters
        print(visible(str(problem)))
    print(visible(f"{len(problems)} problem(s) in {root}"))
    return EXIT_FAILED if problems else EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
