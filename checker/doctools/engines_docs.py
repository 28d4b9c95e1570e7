"""Keep the README's "Certified engines" table in step with the committed reports.

The table is ``turncheck compare`` of every ``docs/engines/*-report.json``: a row per engine
and edition, with its counts, and a link to the engine's page (``docs/engines/<name>.md``
beside ``<name>-report.json``) or, without one, to its report.

    python -m checker.doctools.engines_docs README.md           # rewrite the generated block
    python -m checker.doctools.engines_docs README.md --check   # exit 1 if it is out of date
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from checker.doctools.blocks import main as blocks_main
from checker.judging.compare import compare
from checker.judging.reports.json_report import read_json
from checker.judging.reports.markdown import escape
from checker.judging.results import Status

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "docs" / "engines"
REPORT_SUFFIX = "-report.json"


def _page(report: Path) -> str:
    page = report.with_name(report.name.removesuffix(REPORT_SUFFIX) + ".md")
    target = (page if page.exists() else report).relative_to(ROOT).as_posix()
    return f"[{target}]({target})"


def _engines() -> str:
    reports = sorted(ENGINES.glob(f"*{REPORT_SUFFIX}"))
    comparison = compare([(str(path), read_json(path)) for path in reports])
    statuses = list(Status)
    lines = [
        "| engine | edition | " + " | ".join(map(str, statuses)) + " | page |",
        "| --- | --- | " + "---: | " * len(statuses) + "--- |",
    ]
    for i, engine in enumerate(comparison.engines):
        for edition in comparison.editions:
            counts = comparison.totals(edition)[i]
            if counts is not None:
                row = " | ".join(str(counts[s]) for s in statuses)
                lines.append(f"| {escape(engine.label)} | {edition} | {row} | {_page(Path(engine.sources[0]))} |")
    return "\n".join(lines) + "\n"


GENERATORS: dict[str, Callable[[], str]] = {"engines": _engines}


def main(argv: list[str] | None = None) -> int:
    return blocks_main(argv, GENERATORS, "checker.doctools.engines_docs")


if __name__ == "__main__":
    sys.exit(main())
