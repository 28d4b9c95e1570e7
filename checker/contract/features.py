"""Where the feature files are: inside the installed package, or beside it in a checkout; the
parts of the turn they are; and the name and version the suite is installed under."""

from __future__ import annotations

from functools import cache
from importlib import metadata
from pathlib import Path

_CHECKER = Path(__file__).resolve().parent.parent  # the checker package
#: The suite's distribution (pyproject.toml's name): what the installed suite's metadata is read by.
DISTRIBUTION = "mtg-turn-conformance"


def suite_version() -> str:
    """The installed suite's version, which every report and ``turncheck --version`` give."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # running from a checkout that isn't installed
        return "unknown"


#: How pytest-bdd is told to read a feature file: as UTF-8, a byte order mark dropped (some editors
#: write one; read as plain UTF-8 it sticks to the first line, and its keyword isn't recognized).
FEATURE_ENCODING = "utf-8-sig"


def features_dir() -> Path:
    for candidate in (_CHECKER / "features", _CHECKER.parent / "features"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the suite's feature files are missing from this installation")


@cache
def known_parts() -> tuple[str, ...]:
    """The parts of the turn: the feature files' names."""
    return tuple(sorted(p.stem for p in features_dir().rglob("*.feature")))
