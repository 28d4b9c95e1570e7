"""Output that can't be written (a full disk) is an error naming where, exit 2, with what was done
printed and no cut file left behind: never a traceback, and never a scenario's result."""

from __future__ import annotations

import json
import os
import resource
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from checker.adapters.reference import ReferenceAdapter
from checker.cli import main
from checker.contract.documents import write_whole
from checker.judging import compare
from checker.running.plain_game import next_action, plain_setup, record_plain_game
from checker.running.recording import RecordingAlongside
from checker.site import build
from checker.trace.check import check_trace
from checker.trace.files import open_trace
from checker.trace.format import Observation
from checker.trace.writer import TraceWriter
from tests.fakes.disk import full

ROOT = Path(__file__).resolve().parents[1]
ARENA = ROOT / "tests" / "data" / "arena"
REPORTS = [str(ROOT / "docs" / "engines" / f"{engine}-report.json") for engine in ("reference", "phase-rs")]


def test_a_site_that_cant_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(build, "build", full)
    assert main(["site", "--out", str(tmp_path / "site")]) == 2
    assert "the site can't be written: No space left on device" in capsys.readouterr().err


def test_a_comparison_that_cant_be_written_is_still_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(compare, "write", full)
    assert main(["compare", *REPORTS, "--out", str(tmp_path / "c")]) == 2
    captured = capsys.readouterr()
    assert "the comparison can't be written: No space left on device" in captured.err
    assert "phase.rs" in captured.out


def test_an_imported_game_that_cant_be_written_leaves_no_cut_trace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(TraceWriter, "observation", full)
    out = tmp_path / "out"
    assert main(["import", "arena", str(ARENA / "bo1.log"), "--out", str(out)]) == 2
    assert "a trace can't be written: No space left on device" in capsys.readouterr().err
    assert list(out.iterdir()) == []


def test_traces_that_cant_be_recorded_are_left_out_and_named_and_the_results_stand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The disk fills while the cr2024 runs are recorded (the session's child inherits the patch)."""
    write = TraceWriter.observation

    def full_for_cr2024(self: TraceWriter, observation: Observation) -> None:
        if "cr2024" in self.path.name:
            full()
        write(self, observation)

    monkeypatch.setattr(TraceWriter, "observation", full_for_cr2024)
    out = tmp_path / "traces"
    code = main(["certify", "--part", "untap", "--plain", "--record-traces", str(out), "--report-dir", str(tmp_path)])
    captured = capsys.readouterr()
    report = json.loads((tmp_path / "report.json").read_text())
    runs = [r for r in report["results"] if r["edition"] == "cr2024"]
    assert code == 2
    assert runs and all(r["status"] == "passed" for r in report["results"])
    assert f"error: {len(runs)} scenario runs' traces could not be written and were left out" in captured.err
    assert "No space left on device); the scenarios' results stand" in captured.err
    written = sorted(out.iterdir())
    assert len(written) == len(report["results"]) - len(runs)
    assert not [p for p in written if "cr2024" in p.name]
    assert all(check_trace(open_trace(p)).problems == () for p in written)


def test_a_trace_that_cant_be_written_stops_being_written_and_the_game_goes_on(tmp_path: Path) -> None:
    in_the_way = tmp_path / "a file"
    in_the_way.write_text("")
    recorder = RecordingAlongside(ReferenceAdapter(), in_the_way / "game.trace.jsonl")
    recorder.start(plain_setup("cr2024", 2))
    recorder.perform(next_action(recorder.view()))
    recorder.close()
    assert recorder.failure is not None and recorder.failure.startswith(f"{in_the_way / 'game.trace.jsonl'}: ")
    assert recorder.view().turn_number == 1


def test_a_plain_game_whose_trace_cant_be_written_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TraceWriter, "event", full)
    with pytest.raises(OSError, match="No space left on device"):
        record_plain_game(ReferenceAdapter(), "cr2024", 1, tmp_path / "plain.trace.jsonl")


def _with_files_of_at_most(size: int, *command: str) -> subprocess.CompletedProcess[str]:
    """``command`` run where no file can grow past ``size`` bytes (RLIMIT_FSIZE): a write past it
    fails with EFBIG, as one on a full disk fails with ENOSPC."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return subprocess.run(command, capture_output=True, text=True, preexec_fn=limit, cwd=ROOT, check=False)


def test_a_file_rewritten_where_it_cant_be_written_is_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "expectations.json"
    path.write_text("the old one, whole\n")
    code = "import sys; from pathlib import Path; from checker.contract.documents import write_whole; "
    code += "write_whole(Path(sys.argv[1]), bytes(4096))"
    done = _with_files_of_at_most(1024, sys.executable, "-c", code, str(path))
    assert done.returncode == 1 and "File too large" in done.stderr
    assert path.read_text() == "the old one, whole\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["expectations.json"]


def test_expectations_rewritten_where_they_cant_be_written_keep_their_reasons(tmp_path: Path) -> None:
    path = tmp_path / "expectations.json"
    certify = [sys.executable, "-m", "checker", "certify", "--part", "untap", "--plain"]
    assert subprocess.run([*certify, "--write-expectations", str(path)], cwd=ROOT, check=False).returncode == 0
    before = path.read_bytes()
    done = _with_files_of_at_most(len(before) - 1, *certify, "--write-expectations", str(path))
    assert done.returncode == 2
    assert f"the run's results could not be written: --write-expectations {path}: File too large" in done.stderr
    assert "64/64: 64 passed" in done.stdout and "conformance per edition" in done.stdout  # printed all the same
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["expectations.json"]


def test_a_file_written_whole_keeps_the_mode_of_the_one_it_replaces_and_replaces_a_link(tmp_path: Path) -> None:
    kept = tmp_path / "kept.json"
    kept.write_text("old")
    kept.chmod(0o600)
    write_whole(kept, b"new")
    assert kept.read_text() == "new" and stat.S_IMODE(kept.stat().st_mode) == 0o600
    fresh = tmp_path / "deeper" / "fresh.json"
    write_whole(fresh, b"fresh")
    umask = os.umask(0)
    os.umask(umask)
    assert fresh.read_text() == "fresh" and stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~umask
    link = tmp_path / "link.json"
    link.symlink_to(kept)
    write_whole(link, b"not through the link")  # (tests/test_output_links.py: in every output directory)
    assert not link.is_symlink() and link.read_text() == "not through the link" and kept.read_text() == "new"
    assert stat.S_IMODE(link.stat().st_mode) == 0o666 & ~umask  # not its target's mode


def test_a_pytest_session_whose_reports_cant_be_written_fails_and_says_so(tmp_path: Path) -> None:
    session = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--pyargs", "checker.running.test_conformance"]
    done = _with_files_of_at_most(64, *session, "--part", "untap", "--report-dir", str(tmp_path / "reports"))
    assert done.returncode == 1
    assert "64 passed" in done.stdout and "= not written =" in done.stdout
    assert f"--report-dir {tmp_path / 'reports'}: File too large" in done.stdout
    assert list((tmp_path / "reports").iterdir()) == []
