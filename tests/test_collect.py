"""A run limited to parts or rulings binds only the feature files that can hold them."""

from __future__ import annotations

import pytest

from checker.contract.features import features_dir
from checker.running.collect import feature_files

ALL = sorted(features_dir().rglob("*.feature"))


def test_every_file_is_bound_when_nothing_is_chosen(pytester: pytest.Pytester) -> None:
    assert feature_files(pytester.parseconfig()) == ALL
    assert feature_files(None) == ALL


def test_a_part_binds_only_its_own_file(pytester: pytest.Pytester) -> None:
    config = pytester.parseconfig("--part", "untap", "--part", "draw")
    assert [p.stem for p in feature_files(config)] == sorted(["draw", "untap"])


def test_a_ruling_binds_exactly_the_files_that_tag_it(pytester: pytest.Pytester) -> None:
    config = pytester.parseconfig("--ruling", "GRT-1.6-4")
    tagging = [p for p in ALL if "@ruling:GRT-1.6-4" in p.read_text(encoding="utf-8")]
    assert tagging and len(tagging) < len(ALL)
    assert feature_files(config) == tagging


def test_an_edition_binds_only_the_files_that_tag_it(pytester: pytest.Pytester) -> None:
    config = pytester.parseconfig("--edition", "mirage")
    tagging = [p for p in ALL if "@edition:mirage" in p.read_text(encoding="utf-8")]
    assert tagging and len(tagging) < len(ALL)
    assert feature_files(config) == tagging
