"""docs/trace.md's generated blocks are those the schema, the checks and a recorded game make now."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.doctools.trace_docs import main
from checker.trace.check import CHECKS

DOC = Path(__file__).resolve().parents[2] / "docs/trace.md"


def test_the_trace_docs_are_generated_from_the_schema_the_checks_and_a_recorded_game() -> None:
    assert main([str(DOC), "--check"]) == 0, "run: python -m checker.doctools.trace_docs docs/trace.md"


def test_the_trace_docs_list_every_check() -> None:
    import checker.trace.rules  # noqa: F401  (the checks declare themselves on import)

    text = DOC.read_text(encoding="utf-8")
    assert len(CHECKS) > 40
    assert all(f"| `{name}` |" in text for name in CHECKS)


def test_an_out_of_date_doc_is_named(tmp_path: Path) -> None:
    stale = tmp_path / "trace.md"
    stale.write_text(DOC.read_text(encoding="utf-8").replace("| `turn.numbered-one-by-one` |", "| `gone` |"))
    assert main([str(stale), "--check"]) == 1
    assert main([str(stale)]) == 0 and stale.read_text(encoding="utf-8") == DOC.read_text(encoding="utf-8")


def test_the_options_go_either_side_of_the_path_and_a_missing_file_is_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--check", str(DOC)]) == 0
    missing = tmp_path / "missing.md"
    assert main([str(missing)]) == 2
    assert f"{missing}: " in capsys.readouterr().err and not missing.exists()
