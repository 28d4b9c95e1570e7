"""A command run in a process of its own that sends itself SIGTERM (or another signal) as it starts
writing its results: whatever writes them (``module.name``) first signals, then writes. What a signal that comes at that
moment does to a command's reports, without the luck of timing one."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_PROGRAM = """
import os, signal, sys
import {module} as target

writes = target.{name}

def signalled(*args, **kwargs):
    os.kill(os.getpid(), {number})
    return writes(*args, **kwargs)

target.{name} = signalled
from checker.cli import main
sys.exit(main(sys.argv[1:]))
"""


def signalled_as_it_writes(
    module: str, name: str, *args: str, number: int = signal.SIGTERM
) -> subprocess.CompletedProcess[str]:
    """``turncheck ARGS``, with ``module.name``, which writes the results, sending signal ``number`` first."""
    program = _PROGRAM.format(module=module, name=name, number=int(number))
    return subprocess.run([sys.executable, "-c", program, *args], capture_output=True, text=True, cwd=ROOT, timeout=300)
