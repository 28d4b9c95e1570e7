"""Binding the feature files to pytest, one file at a time.

pytest-bdd's ``scenarios()`` stops collection at the first file it cannot parse. Binding
each file separately turns a malformed file into a failing test that names it, while
every other scenario still runs. That test runs once per selected edition, like a scenario,
so that the file counts as an error in each edition's verdict and reports.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from checker.contract.vocabulary import EDITIONS

#: The scenario name a malformed feature file's result gets.
UNREADABLE = "(the feature file cannot be read)"


def malformed(path: Path, error: Exception) -> Callable[[], None]:
    """A test that fails with the reason ``path`` could not be read as Gherkin."""

    def test() -> None:
        pytest.fail(f"{path}: the feature file cannot be read: {error}", pytrace=False)

    test.__name__ = f"test_feature_file_{path.stem}"
    setattr(test, MALFORMED, path)
    for edition in EDITIONS:
        pytest.mark.edition(edition)(test)
    return pytest.mark.usefixtures("edition")(test)


MALFORMED = "malformed_feature_file"


def malformed_file(item: pytest.Item) -> Path | None:
    """The feature file a collected test stands for because it can't be read, if it does."""
    found = getattr(getattr(item, "obj", None), MALFORMED, None)
    return found if isinstance(found, Path) else None
