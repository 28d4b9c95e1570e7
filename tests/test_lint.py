"""The feature files' metadata, and the linter that checks it."""

from __future__ import annotations

import csv
import os
from collections import Counter
from pathlib import Path

import pytest

from checker.contract.features import features_dir
from checker.contract.rulings import rulings
from checker.contract.vocabulary import EDITIONS
from checker.doctools.lint import lint, main

SHARED = Path(__file__).resolve().parents[2] / "shared" / "rulings"


def test_the_suites_features_have_no_problems() -> None:
    assert [str(p) for p in lint(features_dir())] == []


def test_the_shipped_ruling_table_matches_the_shared_inventories() -> None:
    """Only where the project's source material sits beside the checkout: the table ships with the suite."""
    if not SHARED.is_dir():
        pytest.skip(f"skipped because ../shared is absent: no {SHARED} to compare data/rulings.tsv with")
    shared: dict[str, tuple[str, str, str, int, str]] = {}
    for source in ("inventory", "beyond"):
        with open(SHARED / f"{source}.tsv", encoding="utf-8") as f:
            shared |= {
                r["id"]: (r["edition"], source, r["seed"], int(r["line"]), r["citations"])
                for r in csv.DictReader(f, delimiter="\t")
            }
    assert {r.id: (r.edition, r.source, r.seed, r.line, r.citations) for r in rulings().values()} == shared


def test_the_ruling_table_is_whole() -> None:
    table = rulings().values()
    counts = Counter(r.source for r in table)
    assert counts == {"inventory": 113, "beyond": 361}
    assert {r.edition for r in table} == set(EDITIONS)
    assert all(r.seed and r.line > 0 and r.citations for r in table)


BAD = """\
@edition:cr2024
Feature: Bad tags

  @ruling:NOPE-1
  Scenario: unknown ruling
    Given it is Alice's turn

  @edition:cr1999
  Scenario: unknown edition
    Given it is Alice's turn

  Scenario Outline: edition on examples
    Given it is <who>'s turn

    @edition:mirage
    Examples:
      | who   |
      | Alice |

  @flaky
  Scenario: unknown ruling
    Given it is Alice's turn
"""

UNTAGGED = """\
Feature: No editions
  Scenario: nowhere
    Given it is Alice's turn
"""


def test_the_linter_names_each_problem_with_its_line(tmp_path: Path) -> None:
    (tmp_path / "bad.feature").write_text(BAD)
    (tmp_path / "untagged.feature").write_text(UNTAGGED)
    (tmp_path / "broken.feature").write_text(
        "Feature: x\n  Scenario: y\n    Given z\n  Examples:\n  | a |\n Scenario Outline\n"
    )
    problems = {(p.path.name, p.line, p.message.split(" ")[0]) for p in lint(tmp_path)}
    assert ("bad.feature", 4, "unknown") in problems  # @ruling:NOPE-1
    assert ("bad.feature", 8, "unknown") in problems  # @edition:cr1999
    assert ("bad.feature", 15, "an") in problems  # @edition on Examples
    assert ("bad.feature", 20, "unknown") in problems  # @flaky
    assert ("bad.feature", 21, "scenario") in problems  # the same name twice
    assert ("untagged.feature", 2, "scenario") in problems  # no edition
    assert any(name == "broken.feature" and msg == "cannot" for name, _, msg in problems)


def test_the_linter_command_exits_nonzero_on_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "untagged.feature").write_text(UNTAGGED)
    assert main([str(tmp_path)]) == 1
    assert "has no @edition tag" in capsys.readouterr().out
    assert main([str(tmp_path / "missing")]) == 2  # nothing to lint: not a pass, nor a problem of the features
    assert f"{tmp_path / 'missing'}: no such directory" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main([str(tmp_path / "empty")]) == 2
    assert "no .feature files under it" in capsys.readouterr().err


PAIRS = """\
Feature: Pairs

  @edition:mirage @pair:a-bad-pair
  Scenario Outline: a pair on examples
    Given it is <who>'s turn

    @pair:mana-burn
    Examples:
      | who   |
      | Alice |

  @edition:mirage @pair:alone
  Scenario: a pair of one
    Given it is Alice's turn

  @edition:mirage @pair:Bad_Name
  Scenario: a badly named pair
    Given it is Alice's turn

  @edition:mirage @pair:mana-burn
  Rule: Mirage burns

    Scenario: mirage burns
      Given it is Alice's turn

  @edition:cr2008 @edition:cr2024 @pair:mana-burn
  Rule: the CR do something else

    Scenario: the CR burn
      Given it is Alice's turn

  @edition:cr2024 @pair:mana-burn @pair:a-bad-pair
  Rule: only 2024

    Scenario: overlapping the CR
      Given it is Alice's turn
"""


def test_a_pair_must_set_editions_against_each_other(tmp_path: Path) -> None:
    (tmp_path / "pairs.feature").write_text(PAIRS)
    problems = {(p.line, p.message) for p in lint(tmp_path)}
    assert (7, "a @pair tag goes on a Rule or a Scenario, not on Examples") in problems
    assert (13, "pair 'alone': all its scenarios hold in the same editions") in problems
    assert (16, "pair name 'Bad_Name': lower-case words joined by hyphens") in problems
    assert (35, "pair 'mana-burn': holds in cr2024 as pairs.feature:29 does") in problems
    # Bad_Name is a pair of one too; Mirage pairs well with the CR, and with 2024 in a-bad-pair.
    assert len(problems) == 5, problems


def test_a_file_saved_with_a_byte_order_mark_is_linted_as_one_without_and_one_in_utf16_is_named(
    tmp_path: Path,
) -> None:
    """The mark stuck to 'Feature:', and the file was a parse error at its first line."""
    source = features_dir() / "untap.feature"
    (tmp_path / "untap.feature").write_bytes(b"\xef\xbb\xbf" + source.read_bytes())
    assert [str(p) for p in lint(tmp_path)] == []
    (tmp_path / "upkeep.feature").write_bytes((features_dir() / "upkeep.feature").read_text().encode("utf-16"))
    assert [(p.path.name, p.message) for p in lint(tmp_path)] == [
        ("upkeep.feature", "cannot read: it looks like UTF-16, not UTF-8: convert it with iconv -f UTF-16 -t UTF-8")
    ]


def test_a_feature_file_that_isnt_a_regular_file_is_named_and_left_unread(tmp_path: Path) -> None:
    """A FIFO would wait for a writer for ever, /dev/zero fill the memory: each is a problem of its own."""
    (tmp_path / "untap.feature").write_bytes((features_dir() / "untap.feature").read_bytes())
    os.mkfifo(tmp_path / "waits.feature")
    (tmp_path / "endless.feature").symlink_to("/dev/zero")
    assert sorted((p.path.name, p.message) for p in lint(tmp_path)) == [
        ("endless.feature", "cannot read: not a regular file"),
        ("waits.feature", "cannot read: not a regular file"),
    ]


def test_the_linter_shows_what_a_file_holds_escaped_and_says_a_file_isnt_a_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "t.feature").write_text(UNTAGGED.replace("Scenario:", "@bogus\x1b]0;title\x07\n  Scenario:", 1))
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "unknown tag @bogus\\x1b]0;title\\x07" in out and "\x1b" not in out
    assert main([str(tmp_path / "t.feature")]) == 2
    assert "t.feature: not a directory: give the directory of the feature files" in capsys.readouterr().err
