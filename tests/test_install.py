"""The tool runs on its core dependencies alone: ``pip install turncheck`` must give a working ``turncheck``.

The test extra (hypothesis once was only there) is what the suite's own tests need; every command of the CLI
imports nothing from it. Each package that only the test extra installs is made unimportable in a fresh
interpreter, which then loads the CLI and every command's module.
"""

from __future__ import annotations

import os
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


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The suite as its wheel installs it (built from this checkout), in a directory of its own."""
    built, target = tmp_path_factory.mktemp("wheel"), tmp_path_factory.mktemp("installed")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "wheel", "--no-deps", "-w", str(built), str(ROOT)], check=True, timeout=600)
    (wheel,) = built.glob("*.whl")
    subprocess.run([*pip, "install", "--no-deps", "--target", str(target), str(wheel)], check=True, timeout=600)
    return target


def _run_installed(installed: Path, code: str) -> str:
    """What ``code`` prints, run where only the installed suite is found (not this checkout's)."""
    env = {**os.environ, "PYTHONPATH": str(installed), "COLUMNS": "1000"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=installed.parent, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_documents_the_installed_tool_names_are_installed_with_it(installed: Path) -> None:
    """``turncheck serve --help`` named docs/protocol.md, which only a clone has; the site read the
    reasons for the uncovered rulings from docs/uncovered.tsv, and an installed one showed none."""
    said = _run_installed(
        installed,
        "import checker; print(checker.__file__)\n"
        "from checker.cli import main\n"
        "try:\n    main(['serve', '--help'])\nexcept SystemExit:\n    pass\n",
    )
    assert Path(said.splitlines()[0]).is_relative_to(installed)  # the installed suite ran, not this checkout
    named = re.search(r"wire protocol \(([^)]+)\)", said)
    assert named is not None, said
    protocol = Path(named[1])
    assert protocol.is_relative_to(installed) and protocol.read_bytes() == (ROOT / "docs" / "protocol.md").read_bytes()
    reasons = _run_installed(
        installed,
        "from checker.contract.features import document, features_dir\n"
        "from checker.doctools.coverage import measure\n"
        "print(len(measure(features_dir(), document('uncovered.tsv')).reasons))\n",
    )
    from checker.contract.features import document, features_dir
    from checker.doctools.coverage import measure

    assert int(reasons) == len(measure(features_dir(), document("uncovered.tsv")).reasons) > 0
