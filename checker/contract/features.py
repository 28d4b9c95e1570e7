"""Where the feature files are: inside the installed package, or beside it in a checkout."""

from __future__ import annotations

from pathlib import Path

_CHECKER = Path(__file__).resolve().parent.parent  # the checker package


def features_dir() -> Path:
    for candidate in (_CHECKER / "features", _CHECKER.parent / "features"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the suite's feature files are missing from this installation")
