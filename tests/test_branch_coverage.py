"""The branch-coverage gate (``scripts/branch_coverage.py``) counts branches alone, and never passes on a report it
can't read."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

GATE = Path(__file__).resolve().parents[1] / "scripts" / "branch_coverage.py"


def _gate(tmp_path: Path, report: object | str, *options: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "coverage.json"
    path.write_text(report if isinstance(report, str) else json.dumps(report), encoding="utf-8")
    return subprocess.run([sys.executable, str(GATE), str(path), *options], capture_output=True, text=True, timeout=60)


def _report(covered: int, branches: int, statements_covered: int = 100) -> dict[str, object]:
    """A report whose lines are all covered, so that the combined figure would pass where branches don't."""
    return {
        "totals": {
            "covered_lines": statements_covered,
            "num_statements": 100,
            "covered_branches": covered,
            "num_branches": branches,
            "percent_covered": 100 * (statements_covered + covered) / (100 + branches),
        },
        "files": {"reference_engine/game.py": {"missing_branches": [[61, 64], [177, -175]]}},
    }


def test_branches_alone_decide_even_where_the_combined_figure_passes(tmp_path: Path) -> None:
    result = _gate(tmp_path, _report(94, 100))  # combined: 194/200 = 97%
    assert result.returncode == 1
    assert "94 of 100 (94.0%)" in result.stdout
    assert "below the 95% required" in result.stdout
    assert "reference_engine/game.py: 61->64, 177->exit" in result.stdout


def test_enough_branches_pass(tmp_path: Path) -> None:
    result = _gate(tmp_path, _report(95, 100))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "95 of 100 (95.0%)" in result.stdout
    assert _gate(tmp_path, _report(95, 100), "--fail-under", "96").returncode == 1


@pytest.mark.parametrize(
    "report",
    ["not json", "[]", {"totals": {}}, {"totals": {"covered_branches": "9", "num_branches": 10}}],
    ids=["garbage", "a list", "no branch totals", "a string for a number"],
)
def test_a_report_it_cant_read_is_a_usage_error_never_a_pass(tmp_path: Path, report: object) -> None:
    result = _gate(tmp_path, report)
    assert result.returncode == 2
    assert "coverage.json: not a coverage JSON report with branch totals" in result.stderr


def test_a_report_without_branches_is_not_a_pass(tmp_path: Path) -> None:
    result = _gate(tmp_path, _report(0, 0))
    assert result.returncode == 2
    assert "no branches measured" in result.stderr


def test_a_missing_report_is_named(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(GATE), str(tmp_path / "absent.json")], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 2
    assert "absent.json" in result.stderr
