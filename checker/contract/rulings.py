"""The rulings the suite transcribes: ids, editions, where each is stated and its citations.

The table ``data/rulings.tsv`` (described in ``docs/rulings.md``) is the project's own
inventory: the seed rulings (``source`` ``inventory``) and the numbered rules of the whole
turn beyond them (``beyond``), each with the source document and line it is stated at. It
holds facts about the rulings, not their text: a scenario's Rule restates each in its own words.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache
from importlib import resources

SOURCES = ("inventory", "beyond")


@dataclass(frozen=True)
class Ruling:
    id: str
    edition: str
    source: str  # "inventory" (the seeds) or "beyond"
    seed: str  # the source document the ruling is stated in
    line: int  # its first line there
    citations: str


@cache
def rulings() -> dict[str, Ruling]:
    text = resources.files("checker.contract").joinpath("data/rulings.tsv").read_text(encoding="utf-8")
    rows = csv.DictReader(text.splitlines(), delimiter="\t")
    return {
        r["id"]: Ruling(r["id"], r["edition"], r["source"], r["seed"], int(r["line"]), r["citations"]) for r in rows
    }
