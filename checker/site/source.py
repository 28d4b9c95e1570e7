"""A feature file's text as the site shows it, line by line (each line an anchor ``#L12``), its
keywords marked from the Gherkin parser's own locations: the tags, the headings (Feature, Rule,
Scenario, Examples, ...) and each step's keyword by what it does (Given sets up the context,
When acts, Then checks the outcome; And and But take the kind of the step before them).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

#: A step's kind by the parser's ``keywordType`` ("Conjunction" and "Unknown" take the previous one).
_KINDS = {"Context": "context", "Action": "action", "Outcome": "outcome"}


@dataclass(frozen=True)
class Line:
    number: int
    pieces: tuple[tuple[str, str], ...]  # (a class, or "" for plain text; the text)


def _marks(node: Any, kind: list[str]) -> Iterator[tuple[int, int, int, str]]:
    """(line, column, length, class) of every keyword and tag under ``node``, in document order."""
    if isinstance(node, list):
        for child in node:
            yield from _marks(child, kind)
        return
    if not isinstance(node, Mapping):
        return
    for tag in node.get("tags", []):
        yield tag["location"]["line"], tag["location"]["column"], len(tag["name"]), "tag"
    keyword, location = node.get("keyword"), node.get("location")
    if isinstance(keyword, str) and isinstance(location, Mapping):
        if "keywordType" in node:
            kind[0] = _KINDS.get(str(node["keywordType"]), kind[0])
            yield location["line"], location["column"], len(keyword.rstrip()), kind[0]
        else:
            yield location["line"], location["column"], len(keyword) + 1, "heading"  # with its colon
    for key, value in node.items():
        if key != "tags" and isinstance(value, list | Mapping):
            yield from _marks(value, kind)


def lines(text: str, document: Mapping[str, Any]) -> tuple[Line, ...]:
    """Every line of a feature file, its keywords and tags marked (``document``: its parse)."""
    by_line: dict[int, list[tuple[int, int, str]]] = defaultdict(list)
    for line, column, length, kind in _marks(document.get("feature"), ["context"]):
        by_line[line].append((column - 1, length, kind))
    for comment in document.get("comments") or []:
        by_line[comment["location"]["line"]].append((0, len(comment["text"]), "comment"))
    found = []
    for number, source in enumerate(text.splitlines(), start=1):
        pieces, at = [], 0
        for start, length, kind in sorted(by_line.get(number, [])):
            if start < at or source[start : start + length].strip() == "":
                continue  # a mark the line doesn't hold as the parser placed it: left plain
            pieces += [("", source[at:start]), (kind, source[start : start + length])]
            at = start + length
        pieces.append(("", source[at:]))
        found.append(Line(number, tuple(p for p in pieces if p[1])))
    return tuple(found)
