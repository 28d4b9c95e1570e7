"""What a command writes into its output directory is written there: a symbolic link already in it,
to a file or a directory outside (planted in a shared directory, or left by another tool), is
replaced by the file or directory, never written through."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from checker.cli import main
from checker.contract.documents import create_afresh, write_in
from checker.explore import report as explore_report
from checker.judging.expectations import Expectations, load_expectations, write_expectations

ROOT = Path(__file__).resolve().parents[1]
ENGINES = ROOT / "docs" / "engines"
ARENA = ROOT / "tests" / "data" / "arena"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A directory outside the output, with a file of the user's that no command may touch."""
    found = tmp_path / "outside"
    found.mkdir()
    (found / "victim.txt").write_text("mine")
    return found


def _links_instead(out: Path, outside: Path) -> list[str]:
    """Each file a first run wrote into ``out`` made a link to the victim, each directory a link to
    ``outside``; the names replaced."""
    planted = []
    for entry in sorted(out.iterdir()):
        if entry.is_dir():
            for inner in sorted(entry.rglob("*"), reverse=True):  # the deepest first
                inner.rmdir() if inner.is_dir() else inner.unlink()
            entry.rmdir()
            entry.symlink_to(outside, target_is_directory=True)
        else:
            entry.unlink()
            entry.symlink_to(outside / "victim.txt")
        planted.append(entry.name)
    return planted


def _nothing_written_through(out: Path, outside: Path, planted: list[str]) -> None:
    assert (outside / "victim.txt").read_text() == "mine"
    assert [p.name for p in outside.iterdir()] == ["victim.txt"]
    assert planted and all((out / name).exists() for name in planted)
    assert [str(p) for p in out.rglob("*") if p.is_symlink()] == []


COMMANDS: dict[str, Callable[[Path], list[str]]] = {
    "certify --report-dir": lambda out: [
        *("certify", "--engine", "reference", "--plain", "--part", "untap", "--edition", "cr2024"),
        *("--report-dir", str(out)),
    ],
    "certify --record-traces": lambda out: [
        *("certify", "--engine", "reference", "--plain", "--part", "untap", "--edition", "cr2024"),
        *("--record-traces", str(out)),
    ],
    "trace --report-dir": lambda out: [
        "trace",
        *map(str, sorted((ENGINES / "phase-rs-traces").glob("*.jsonl"))[:2]),
        *("--report-dir", str(out)),
    ],
    "compare --out": lambda out: [
        *("compare", str(ENGINES / "reference-report.json"), str(ENGINES / "phase-rs-report.json")),
        *("--out", str(out)),
    ],
    "site --out": lambda out: ["site", "--out", str(out), str(ENGINES / "reference-report.json")],
    "import arena --out": lambda out: ["import", "arena", str(ARENA / "bo3.log"), "--out", str(out)],
}


@pytest.mark.parametrize("command", COMMANDS)
def test_a_link_in_the_output_directory_is_replaced_never_written_through(
    tmp_path: Path, outside: Path, command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    code = main(COMMANDS[command](out))
    planted = _links_instead(out, outside)
    assert main(COMMANDS[command](out)) == code
    capsys.readouterr()
    _nothing_written_through(out, outside, planted)


def test_an_explore_finding_goes_into_the_findings_directory_not_where_a_link_there_points(
    tmp_path: Path, outside: Path
) -> None:
    out = tmp_path / "out"
    (out / "findings").parent.mkdir()
    (out / "findings").symlink_to(outside, target_is_directory=True)
    (out / "explore-report.json").symlink_to(outside / "victim.txt")
    finding = {"game": 3, "reproduction": {"gherkin": "Feature: found\n"}}
    explore_report.write({"editions": [{"edition": "cr2024", "findings": [finding]}]}, out)
    assert (out / "findings" / "cr2024-game-3.feature").read_text() == "Feature: found\n"
    _nothing_written_through(out, outside, ["findings", "explore-report.json"])


def test_a_file_written_in_an_output_directory_replaces_links_on_its_way(tmp_path: Path, outside: Path) -> None:
    out = tmp_path / "out"
    (out / "traces").mkdir(parents=True)
    (out / "traces" / "engine").symlink_to(outside, target_is_directory=True)
    assert write_in(out, "traces/engine/page.html", b"page") == out / "traces" / "engine" / "page.html"
    assert (out / "traces" / "engine" / "page.html").read_bytes() == b"page"
    _nothing_written_through(out, outside, ["traces"])
    named = tmp_path / "named"  # the output directory the user names may be a link: it is theirs
    named.symlink_to(out, target_is_directory=True)
    write_in(named, "traces/engine/other.html", b"other")
    assert (out / "traces" / "engine" / "other.html").read_bytes() == b"other"


def test_an_expectations_file_the_user_names_is_written_through_its_link(tmp_path: Path, outside: Path) -> None:
    """Not a file the tool names in a directory: the user's own, kept elsewhere (with the engine's code)."""
    kept = outside / "expectations.json"
    write_expectations(Expectations(engine="reference"), kept)
    (tmp_path / "expectations.json").symlink_to(kept)
    assert (
        write_expectations(Expectations(engine="other"), tmp_path / "expectations.json")
        == tmp_path / "expectations.json"
    )
    assert (tmp_path / "expectations.json").is_symlink() and load_expectations(kept).engine == "other"


def test_a_file_written_as_it_goes_replaces_a_link_or_a_hard_link(tmp_path: Path, outside: Path) -> None:
    """A trace is written line by line: opened, it once followed a link, and truncated a file
    hard-linked into the directory."""
    (tmp_path / "soft.jsonl").symlink_to(outside / "victim.txt")
    os.link(outside / "victim.txt", tmp_path / "hard.jsonl")
    for name in ("soft.jsonl", "hard.jsonl"):
        with create_afresh(tmp_path / name) as file:
            file.write(b"trace")
        assert (tmp_path / name).read_bytes() == b"trace" and not (tmp_path / name).is_symlink()
    assert (outside / "victim.txt").read_text() == "mine"
