"""Processes a test looks at from outside, through ``/proc`` (Linux): whether one still runs, and
which a process has started."""

from __future__ import annotations

import time
from pathlib import Path


def _fields(pid: int) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command's name (its state first), or None: no such process."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return None


def alive(pid: int) -> bool:
    """Whether a process runs (a zombie, dead but not yet reaped by whoever adopted it, doesn't)."""
    fields = _fields(pid)
    return fields is not None and fields[0] not in {"Z", "X"}


def ended_within(pid: int, seconds: float) -> bool:
    """Whether a process has stopped running, or does within ``seconds``."""
    until = time.monotonic() + seconds
    while alive(pid) and time.monotonic() < until:
        time.sleep(0.05)
    return not alive(pid)


def children(parent: int) -> list[int]:
    """The processes ``parent`` started that still run."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and (fields := _fields(int(entry.name))) is not None and int(fields[1]) == parent:
            found.append(int(entry.name))
    return [pid for pid in found if alive(pid)]
