"""The whole suite gives the same result for every scenario through the wire as in process."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from checker.judging.reports.json_report import read_json


def _certify(engine: str, reports: Path) -> dict[str, str]:
    command = [sys.executable, "-m", "checker", "certify", "--engine", engine, "--plain", "-j", "2"]
    done = subprocess.run([*command, "--report-dir", str(reports)], capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stdout + done.stderr
    return {r.id: str(r.status) for r in read_json(reports / "report.json").results}


def test_certifying_through_the_wire_gives_identical_results(tmp_path: Path) -> None:
    in_process = _certify("reference", tmp_path / "in-process")
    wire = _certify(f"{sys.executable} -m checker.running.wire.server --engine reference", tmp_path / "wire")
    assert wire == in_process
    assert {edition for ids in [in_process] for edition in (i.rsplit("::", 1)[1] for i in ids)} == {
        "mirage",
        "cr2008",
        "cr2024",
    }
