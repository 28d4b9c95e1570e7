"""The gate on branch coverage: the share of the reference engine's branches the scenarios take.

    python scripts/branch_coverage.py COVERAGE.json [--fail-under 95]

Reads the totals of ``coverage json`` (``covered_branches`` of ``num_branches``), not
coverage's combined figure of lines and branches, which hides missed branches behind covered
lines. Prints the figure; below ``--fail-under`` it lists each file's missed branches
(``line->line``, ``->exit`` when the function returns) and exits 1. Exit 2 when the file
can't be read or isn't a coverage JSON report, or when it counts no branches (coverage was run
without ``branch = true``): a figure the gate doesn't know is never a pass.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def _branches(report: Any) -> tuple[int, int]:
    totals = report["totals"]
    covered, branches = totals["covered_branches"], totals["num_branches"]
    if not isinstance(covered, int) or not isinstance(branches, int):
        raise TypeError("the branch totals are not numbers")
    return covered, branches


def _missed(report: Any) -> list[str]:
    lines = []
    for path, measured in sorted(report.get("files", {}).items()):
        arcs = [f"{a}->{'exit' if b < 0 else b}" for a, b in measured.get("missing_branches", [])]
        if arcs:
            lines.append(f"  {path}: {', '.join(arcs)}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/branch_coverage.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("report", type=Path, help="the JSON report of `coverage json`")
    parser.add_argument("--fail-under", type=float, default=95.0, help="the least share of branches, in %% (95)")
    arguments = parser.parse_args(argv)
    try:
        report = json.loads(arguments.report.read_text(encoding="utf-8"))
        covered, branches = _branches(report)
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"{arguments.report}: not a coverage JSON report with branch totals ({error})", file=sys.stderr)
        return 2
    if not branches:
        print(f"{arguments.report}: no branches measured: run coverage with branch = true", file=sys.stderr)
        return 2
    percent = 100 * covered / branches
    print(f"branches taken by the scenarios: {covered} of {branches} ({percent:.1f}%)")
    if percent >= arguments.fail_under:
        return 0
    print(f"below the {arguments.fail_under:g}% required; the branches never taken:", *_missed(report), sep="\n")
    return 1


if __name__ == "__main__":
    sys.exit(main())
