"""Where the feature files are, and the documents the tool names or reads (the wire protocol's,
the reasons for the uncovered rulings): inside the installed package, or beside it in a checkout
(pyproject.toml's force-include puts them in the wheel); the parts of the turn the feature files
are; and the name and version the suite is installed under."""

from __future__ import annotations

from functools import cache
from pathlib import Path

_CHECKER = Path(__file__).resolve().parent.parent  # the checker package
#: The suite's distribution (pyproject.toml's name): what the installed suite's metadata is read by.
DISTRIBUTION = "mtg-turn-conformance"


def suite_version() -> str:
    """The installed suite's version, which every report and ``turncheck --version`` give.
    (:mod:`importlib.metadata` is imported here, when it is needed: it takes about 13 ms to import,
    which an engine's server, importing this module through the adapters, would spend as it starts.)"""
    from importlib import metadata

    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:  # running from a checkout that isn't installed
        return "unknown"


#: How pytest-bdd is told to read a feature file: as UTF-8, a byte order mark dropped (some editors
#: write one; read as plain UTF-8 it sticks to the first line, and its keyword isn't recognized).
FEATURE_ENCODING = "utf-8-sig"


def _shipped(name: str) -> Path | None:
    """The directory ``name`` inside the installed package, or beside it in a checkout; None if neither."""
    return next((c for c in (_CHECKER / name, _CHECKER.parent / name) if c.is_dir()), None)


def features_dir() -> Path:
    found = _shipped("features")
    if found is None:
        raise FileNotFoundError("the suite's feature files are missing from this installation")
    return found


def document(name: str) -> Path:
    """The file ``name`` of the documents (``protocol.md``, ``uncovered.tsv``): installed, of the
    few the wheel holds; in a checkout, of ``docs/``."""
    return (_shipped("docs") or _CHECKER.parent / "docs") / name


@cache
def known_parts() -> tuple[str, ...]:
    """The parts of the turn: the feature files' names."""
    return tuple(sorted(p.stem for p in features_dir().rglob("*.feature")))
