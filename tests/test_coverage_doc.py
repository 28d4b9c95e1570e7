"""docs/coverage.md is generated from the features, every uncovered ruling has a reason, and ``turncheck coverage``."""

from pathlib import Path

import pytest

from checker import cli
from checker.contract.features import features_dir
from checker.contract.rulings import rulings
from checker.doctools.coverage import main


def test_the_coverage_page_is_up_to_date_and_every_uncovered_ruling_has_a_reason() -> None:
    assert main(["--check"]) == 0, "run: python -m checker.doctools.coverage (and give reasons in docs/uncovered.tsv)"


ONE_SEED_RULING = """\
@edition:mirage
Feature: Untap

  @ruling:GRT-1.3-1
  Scenario: one seed ruling, under its own edition
    Given it is Alice's turn

  @ruling:GRT-1.3-2 @edition:cr2024
  Scenario: a seed ruling under another edition only counts where it holds
    Given it is Alice's turn
"""


def test_turncheck_coverage_lists_the_uncovered_seed_rulings_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "untap.feature").write_text(ONE_SEED_RULING.replace("@edition:cr2024", ""))
    assert cli.main(["coverage", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    seeds = sum(1 for r in rulings().values() if r.source == "inventory")
    assert out[0] == f"The seed rulings (inventory): covered 2/{seeds}"
    assert "  uncovered GRT-1.3-3 (mirage): Mirage Page 42" in out
    assert not any("GRT-1.3-1 " in line or "GRT-1.3-2 " in line for line in out)


def test_turncheck_coverage_counts_a_ruling_only_under_its_own_edition(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "untap.feature").write_text(ONE_SEED_RULING.replace("@edition:mirage\n", ""))
    assert cli.main(["coverage", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "  uncovered GRT-1.3-1 (mirage)" in out  # no edition at all
    assert "  uncovered GRT-1.3-2 (mirage)" in out  # only under cr2024


def test_turncheck_coverage_of_the_suite_covers_every_seed_ruling(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["coverage"]) == 0
    out = capsys.readouterr().out.splitlines()
    seeds = sum(1 for r in rulings().values() if r.source == "inventory")
    assert out[0] == f"The seed rulings (inventory): covered {seeds}/{seeds}"
    assert out[1].startswith("Beyond the seeds (beyond): covered ")


def test_turncheck_coverage_without_features_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["coverage", str(tmp_path / "missing")]) == 2
    assert "missing: no such directory" in capsys.readouterr().err  # as lint says it
    assert cli.main(["coverage", str(tmp_path)]) == 2
    assert f"{tmp_path}: no .feature files under it" in capsys.readouterr().err


def test_a_feature_file_that_cant_be_read_is_named_and_the_coverage_doesnt_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its scenarios can't be counted: the coverage it prints is short of them, and says why."""
    for feature in features_dir().glob("*.feature"):
        (tmp_path / feature.name).write_bytes(feature.read_bytes())
    (tmp_path / "untap.feature").write_bytes(b"\xff\xfe not UTF-8")
    assert cli.main(["coverage", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "untap.feature:0: cannot read" in err and "its scenarios aren't counted" in err
