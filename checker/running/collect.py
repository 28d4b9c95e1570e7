"""Binding the feature files to pytest, one file at a time.

pytest-bdd's ``scenarios()`` stops collection at the first file it cannot parse. Binding
each file separately turns a malformed file into one failing test that names it, while
every other scenario still runs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest


def malformed(path: Path, error: Exception) -> Callable[[], None]:
    """A test that fails with the reason ``path`` could not be read as Gherkin."""

    def test() -> None:
        pytest.fail(f"{path}: the feature file cannot be read: {error}", pytrace=False)

    test.__name__ = f"test_feature_file_{path.stem}"
    return test
