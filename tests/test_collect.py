"""A run limited to parts or rulings binds only the feature files that can hold them."""

from __future__ import annotations

import json

import pytest

from checker.contract.features import features_dir
from checker.running.collect import feature_files, shares

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


def test_shares_split_the_files_once_each_into_about_equal_work() -> None:
    split = shares(ALL, 2)
    assert sorted(p for share in split for p in share) == ALL
    sizes = [sum(p.stat().st_size for p in share) for share in split]
    assert max(sizes) - min(sizes) <= max(p.stat().st_size for p in ALL)  # greedy: within one file
    assert all(share == sorted(share) for share in split)


def test_there_is_an_empty_share_when_files_are_fewer_than_shares() -> None:
    assert shares(ALL[:1], 3) == [ALL[:1], [], []]


def test_a_session_binds_only_its_share(pytester: pytest.Pytester) -> None:
    config = pytester.parseconfig("--part", "untap", "--part", "draw", "--shard", "2/2")
    chosen = [p for p in ALL if p.stem in ("untap", "draw")]
    assert feature_files(config) == shares(chosen, 2)[1] and len(feature_files(config)) == 1


def test_shares_split_by_the_weights_given_for_every_file_else_by_size() -> None:
    """The weights (seconds the files took last time) decide the split, whatever the sizes say;
    weights that miss a file are not used."""
    heavy = {p.stem: (100.0 if p == ALL[0] else 1.0) for p in ALL}
    split = shares(ALL, 2, heavy)
    assert sorted(p for share in split for p in share) == ALL
    assert [ALL[0]] in split  # the heaviest file alone: the rest weigh less together
    missing = {k: v for k, v in heavy.items() if k != ALL[1].stem}
    assert shares(ALL, 2, missing) == shares(ALL, 2)


def test_a_session_splits_by_the_weights_it_is_given(pytester: pytest.Pytester) -> None:
    weights = json.dumps({p.stem: (100.0 if p == ALL[0] else 1.0) for p in ALL})
    first = feature_files(pytester.parseconfig("--shard", "1/2", "--shard-weights", weights))
    second = feature_files(pytester.parseconfig("--shard", "2/2", "--shard-weights", weights))
    assert sorted(first + second) == ALL and [ALL[0]] in (first, second)


@pytest.mark.parametrize(
    "text", ["[1, 2]", '{"untap": -1}', '{"untap": "slow"}', "{", '{"untap": true}', "[" * 30_000 + "]" * 30_000]
)
def test_wrong_shard_weights_are_a_usage_error(pytester: pytest.Pytester, text: str) -> None:
    with pytest.raises(pytest.UsageError, match="a JSON object of feature file names to numbers"):
        pytester.parseconfig(f"--shard-weights={text}")


@pytest.mark.parametrize("text", ["0/2", "3/2", "1", "a/b", "1/0", "-1/2"])
def test_a_wrong_share_is_a_usage_error(pytester: pytest.Pytester, text: str) -> None:
    with pytest.raises(pytest.UsageError, match="a share is I/N"):
        pytester.parseconfig(f"--shard={text}")
