"""Output that can't be written (a full disk) is an error naming where, exit 2, with what was done
printed and no cut file left behind: never a traceback."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from checker.cli import main
from checker.judging import compare
from checker.site import build
from checker.trace.format import TraceWriter

ROOT = Path(__file__).resolve().parents[1]
ARENA = ROOT / "tests" / "data" / "arena"
REPORTS = [str(ROOT / "docs" / "engines" / f"{engine}-report.json") for engine in ("reference", "phase-rs")]


def _full(*args: object, **kwargs: object) -> object:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_site_that_cant_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(build, "build", _full)
    assert main(["site", "--out", str(tmp_path / "site")]) == 2
    assert "the site can't be written: No space left on device" in capsys.readouterr().err


def test_a_comparison_that_cant_be_written_is_still_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(compare, "write", _full)
    assert main(["compare", *REPORTS, "--out", str(tmp_path / "c")]) == 2
    captured = capsys.readouterr()
    assert "the comparison can't be written: No space left on device" in captured.err
    assert "phase.rs" in captured.out


def test_an_imported_game_that_cant_be_written_leaves_no_cut_trace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(TraceWriter, "observation", _full)
    out = tmp_path / "out"
    assert main(["import", "arena", str(ARENA / "bo1.log"), "--out", str(out)]) == 2
    assert "a trace can't be written: No space left on device" in capsys.readouterr().err
    assert list(out.iterdir()) == []
