"""CI's test command fails when any of its checks fails.

``scripts/test`` runs under ``set -e``, where a failure that isn't a line's last command (the
``ruff check`` of ``ruff check . && ruff format --check .``) doesn't end the script: the gate then
passes with a lint error. Here the script runs in a copy of the project whose tools are fakes
that log their command and fail where told to; each check, failing alone, must fail the script
at once.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: A tool that logs how it was called and fails when that starts with $FAIL.
FAKE = """#!/usr/bin/env bash
called="$(basename "$0") $*"
echo "$called" >> "$LOG"
if [ -n "$FAIL" ] && [[ "$called" == "$FAIL"* ]]; then exit 1; fi
exit 0
"""
#: The venv helper, with nothing installed: the fakes come first on PATH.
VENV = """install_into_venv() { :; }
"""
#: Every check of scripts/test, as its fake logs it, in the order the script runs them.
CHECKS = (
    "ruff check",
    "ruff format --check",
    "mypy",
    "mypy scripts/",
    "python -m checker.doctools.lint",
    "turncheck coverage",
    "python -m pytest -p no:cacheprovider -rs -n 2",
    "turncheck explore",
    "python -m coverage run",
    "python -m coverage json",
    "python scripts/branch_coverage.py",
)


def _run(tmp_path: Path, fail: str) -> tuple[int, list[str]]:
    project, tools, log = tmp_path / "project", tmp_path / "bin", tmp_path / "calls.log"
    (project / "scripts").mkdir(parents=True)
    shutil.copy(ROOT / "scripts" / "test", project / "scripts" / "test")
    (project / "scripts" / "venv.sh").write_text(VENV)
    (project / "scripts" / "ci.py").write_text("")  # mypy scripts/*.py matches a file
    tools.mkdir()
    for name in ("ruff", "mypy", "python", "turncheck", "apt-get"):
        (tools / name).write_text(FAKE)
        (tools / name).chmod(0o755)
    env = {**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ['PATH']}", "LOG": str(log), "FAIL": fail}
    done = subprocess.run(["bash", "scripts/test"], cwd=project, env=env, capture_output=True, timeout=60)
    return done.returncode, log.read_text().splitlines() if log.exists() else []


def test_with_every_check_passing_the_script_runs_them_all_and_passes(tmp_path: Path) -> None:
    code, calls = _run(tmp_path, fail="")
    assert code == 0
    ran = [max((c for c in CHECKS if call.startswith(c)), key=len, default=None) for call in calls]
    assert [c for c in ran if c is not None] == list(CHECKS)


@pytest.mark.parametrize("check", CHECKS)
def test_each_check_failing_fails_the_script_at_once(tmp_path: Path, check: str) -> None:
    code, calls = _run(tmp_path, fail=check)
    assert code != 0, f"scripts/test passed though {check!r} failed"
    assert calls[-1].startswith(check), f"after {check!r} failed, the script went on: {calls[-1]!r}"
