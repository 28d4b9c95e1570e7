"""The rulings the suite transcribes: ids, editions and citations (no rule text).

The table ``data/rulings.tsv`` lists the ids of the seed inventory and of the rules beyond
the seeds, as in ``shared/rulings/``; a test checks that the two agree.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cache
from importlib import resources


@dataclass(frozen=True)
class Ruling:
    id: str
    edition: str
    source: str  # "inventory" (the seeds) or "beyond"
    citations: str


@cache
def rulings() -> dict[str, Ruling]:
    text = resources.files("checker.contract").joinpath("data/rulings.tsv").read_text(encoding="utf-8")
    rows = csv.DictReader(text.splitlines(), delimiter="\t")
    return {r["id"]: Ruling(r["id"], r["edition"], r["source"], r["citations"]) for r in rows}
