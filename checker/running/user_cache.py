"""The user's cache directory for what one run keeps for the next: the parsed feature files
(:mod:`checker.running.feature_cache`) and how long each file's scenarios took
(:mod:`checker.running.durations`).

``$XDG_CACHE_HOME/turncheck``, by default ``~/.cache/turncheck``. ``TURNCHECK_NO_CACHE=1`` turns
the cache off: nothing is read or written. The cache only ever saves time: what can't be read or
written there is done without.
"""

from __future__ import annotations

import os
from pathlib import Path

from checker.contract.documents import write_whole


def directory() -> Path | None:
    """The cache's directory, or None when the cache is turned off."""
    if os.environ.get("TURNCHECK_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "turncheck"


def keep(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` in the cache whole or not at all, the directory made if needed;
    False where it can't be written (a read-only or full disk)."""
    try:
        write_whole(path, data)
    except OSError:
        return False
    return True
