"""docs/coverage.md is generated from the features, and every uncovered ruling has a reason."""

from checker.doctools.coverage import main


def test_the_coverage_page_is_up_to_date_and_every_uncovered_ruling_has_a_reason() -> None:
    assert main(["--check"]) == 0, "run: python -m checker.doctools.coverage (and give reasons in docs/uncovered.tsv)"
