"""The tool runs on its core dependencies alone: ``pip install turncheck`` must give a working ``turncheck``.

The test extra (hypothesis once was only there) is what the suite's own tests need; every command of the CLI
imports nothing from it. Each package that only the test extra installs is made unimportable in a fresh
interpreter, which then loads the CLI and every command's module.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\s\[<>=!~;]", r, maxsplit=1)[0].lower() for r in requirements}


def test_the_cli_imports_nothing_only_the_test_extra_installs() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    test_only = _names(project["optional-dependencies"]["test"]) - _names(project["dependencies"])
    modules = sorted(n.replace("-", "_") for n in test_only if not n.startswith("types-"))
    assert modules, "the test extra adds nothing beyond the core dependencies"
    code = (
        "import sys\n"
        f"for m in {modules!r}: sys.modules[m] = None\n"
        "import checker.cli, pkgutil, importlib, checker\n"
        "for info in pkgutil.walk_packages(checker.__path__, 'checker.'):\n"
        "    if not info.name.endswith('__main__') and not info.name.startswith(\n"
        "        ('checker.adapters.phase', 'checker.adapters.python_mtg')):\n"
        "        importlib.import_module(info.name)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"with {', '.join(modules)} missing:\n{done.stderr[-2000:]}"


def test_the_command_says_its_version_and_the_formats_it_speaks(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib import metadata

    from checker.cli import main

    assert main(["--version"]) == 0
    version = metadata.version("mtg-turn-conformance")
    assert capsys.readouterr().out == f"turncheck {version} (wire protocol 1, trace format 1)\n"


def test_the_suite_reads_its_installed_metadata_by_the_name_pyproject_gives_it() -> None:
    from checker.contract.features import DISTRIBUTION

    assert tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["name"] == DISTRIBUTION
