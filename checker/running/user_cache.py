"""The user's cache directory for what one run keeps for the next: the parsed feature files
(:mod:`checker.running.feature_cache`) and how long each file's scenarios took
(:mod:`checker.running.durations`).

``$XDG_CACHE_HOME/turncheck``, by default ``~/.cache/turncheck``. ``TURNCHECK_NO_CACHE=1`` turns
the cache off: nothing is read or written. The cache only ever saves time: what can't be read or
written there is done without.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def directory() -> Path | None:
    """The cache's directory, or None when the cache is turned off."""
    if os.environ.get("TURNCHECK_NO_CACHE"):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "turncheck"


def keep(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` in the cache at once or not at all (a temporary file renamed), the
    directory made if needed; False where it can't be written (a read-only or full disk)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".tmp", delete=False) as out:
            out.write(data)
        os.replace(out.name, path)
    except OSError:
        return False
    return True
