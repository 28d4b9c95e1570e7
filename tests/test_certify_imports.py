"""What a certification's processes import that they never use, left out: Mako's source highlighting
(Pygments and a dozen of its lexers, by way of pytest-bdd's plugin) and the debugger (by way of
pytest's plugin for ``--pdb``, which the command doesn't offer); and in the engine's server, as it
starts, the run's options and the installed packages' metadata."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

#: Imports what a certification imports before its sessions start, and says what that left.
PRELOAD = """
import json, sys
from checker.cli import certification
certification._preload("reference")
names = ("pytest_bdd.plugin", "mako.ext.pygmentplugin", "pygments.lexers.agile")
before = {name: name in sys.modules for name in names}
import mako.exceptions
before["highlighting"] = mako.exceptions.pygments_html_formatter is not None
import mako.ext.pygmentplugin  # importable again, for whoever needs it
print(json.dumps(before))
"""

#: An adapter that writes down, as its first game starts, whether the debugger was imported.
PROBE = """
import sys
from pathlib import Path
from checker.adapters.reference import ReferenceAdapter

class Probe(ReferenceAdapter):
    def start(self, setup):
        Path("imported.txt").write_text(str("pdb" in sys.modules))
        return super().start(setup)
"""


def test_the_session_is_preloaded_without_mako_s_highlighting() -> None:
    done = subprocess.run([sys.executable, "-c", PRELOAD], capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(done.stdout) == {
        "pytest_bdd.plugin": True,
        "mako.ext.pygmentplugin": False,
        "pygments.lexers.agile": False,
        "highlighting": False,
    }


def test_a_certification_session_does_without_the_debugger(tmp_path: Path) -> None:
    (tmp_path / "probe.py").write_text(PROBE)
    argv = [sys.executable, "-m", "checker", "certify", "--engine", "probe:Probe", "--part", "untap"]
    subprocess.run([*argv, "--edition", "mirage", "--plain"], cwd=tmp_path, env=_with_path(tmp_path), timeout=300)
    assert (tmp_path / "imported.txt").read_text() == "False"


def _with_path(directory: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(directory), os.environ.get("PYTHONPATH")]))}


def test_the_engine_s_server_starts_without_the_run_s_options_or_the_packages_metadata() -> None:
    """Until it has answered hello: about 40 ms of its start-up (the expectations gate, by way of
    the run's options, and :mod:`importlib.metadata`, by way of the adapters)."""
    hello = b'{"id": 1, "type": "hello", "protocol": 1}\n'
    code = (
        "import sys, runpy\n"
        "sys.argv = ['server', '--engine', 'reference']\n"
        "try:\n"
        "    runpy.run_module('checker.running.wire.server', run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        "names = ('checker.running.options', 'checker.judging.expectations', 'importlib.metadata')\n"
        "print([name for name in names if name in sys.modules], file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], input=hello, capture_output=True, timeout=120, check=True)
    assert b'"type":"hello"' in done.stdout
    assert done.stderr.decode().strip().splitlines()[-1] == "[]"
