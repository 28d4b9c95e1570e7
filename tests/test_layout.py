"""The checker's jobs import only the jobs beneath them, as ``checker/__init__.py`` declares."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

CHECKER = Path(__file__).resolve().parents[1] / "checker"

# Each job and the other jobs it may import (itself always).
MAY_IMPORT: dict[str, set[str]] = {
    "contract": set(),
    "judging": {"contract"},
    "adapters": {"contract"},
    "trace": {"contract", "judging"},
    "running": {"contract", "judging", "adapters", "trace"},
    "doctools": {"contract", "judging", "adapters", "running", "trace"},
    "importers": {"contract", "adapters", "trace"},
    "site": {"contract", "judging", "trace", "doctools"},
    "explore": {"contract", "judging", "adapters", "trace", "running"},
    "cli": {"contract", "judging", "adapters", "trace", "running", "doctools", "importers", "site", "explore"},
}


def _jobs_imported(path: Path) -> set[str]:
    jobs = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "checker" and len(parts) > 1 and parts[1] in MAY_IMPORT:
                jobs.add(parts[1])
    return jobs


@pytest.mark.parametrize("job", sorted(MAY_IMPORT))
def test_a_job_imports_only_the_jobs_beneath_it(job: str) -> None:
    wrong = {
        f"{path.relative_to(CHECKER)} imports checker.{other}"
        for path in (CHECKER / job).rglob("*.py")
        for other in _jobs_imported(path) - MAY_IMPORT[job] - {job}
    }
    assert not wrong, sorted(wrong)


def test_the_codec_s_own_names_stay_inside_it() -> None:
    """A name with a leading underscore of :mod:`checker.contract.codec`'s modules is the codec's own,
    shared between them (its package docstring): no other module of the checker imports one."""
    codec = CHECKER / "contract" / "codec"
    wrong = {
        f"{path.relative_to(CHECKER)} imports {node.module}.{alias.name}"
        for path in CHECKER.rglob("*.py")
        if codec not in path.parents
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("checker.contract.codec")
        for alias in node.names
        if alias.name.startswith("_")
    }
    assert not wrong, sorted(wrong)


def test_every_job_is_declared() -> None:
    packages = {p.parent.name for p in CHECKER.glob("*/__init__.py")}
    assert packages == set(MAY_IMPORT)


def test_the_command_leaves_its_output_and_other_commands_imports_until_they_are_needed() -> None:
    """``turncheck``'s start-up imports neither rich (a certification's parent shows nothing until
    its run's child has forked: the import runs alongside the run) nor another command's libraries
    (pytest and pytest-bdd are the runs of scenarios': ``trace``, ``diff`` or ``--help`` never
    need them)."""
    code = "import sys, checker.cli; print(sorted({m.split('.')[0] for m in sys.modules}))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    for library in ("rich", "hypothesis", "jinja2", "jsonschema", "pytest", "_pytest", "pytest_bdd"):
        assert f"'{library}'" not in loaded, f"importing checker.cli imports {library}"
