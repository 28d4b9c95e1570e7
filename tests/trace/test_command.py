"""``turncheck trace``: its exit codes, its reports, and what it does with bad input, a failing check, an interrupt."""

from __future__ import annotations

import gzip
import io
import json
import os
import signal
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

from checker.cli import main
from checker.contract.interface import GameEvent
from checker.trace import command, verdict
from checker.trace.check import CHECKS, Check
from checker.trace.format import Header, Start
from checker.trace.verdict import REPORT
from checker.trace.writer import TraceWriter
from tests.fakes.disk import full
from tests.fakes.late_signal import signalled_as_it_writes

TURN_ORDER = "turn.next-player-in-turn-order"


def game(path: Path, second_turn: str) -> Path:
    """The end of Alice's turn 2, then turn 3 for ``second_turn`` (Bob keeps the turn order, Alice breaks it)."""
    header = Header.new(
        "cr2024", ["Alice", "Bob"], "test", "0", starting_player="Alice", start=Start(2, "Alice", "ending")
    )
    with TraceWriter(path, header) as trace:
        trace.event(GameEvent("phase_began", 2, "Alice", "ending"))
        trace.event(GameEvent("phase_ended", 2, "Alice", "ending"))
        trace.event(GameEvent("turn_ended", 2, "Alice", amount=2))
        trace.event(GameEvent("turn_began", 3, second_turn, amount=3))
    return path


@pytest.fixture
def kept(tmp_path: Path) -> Path:
    return game(tmp_path / "kept.jsonl", "Bob")


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    return game(tmp_path / "broken.jsonl", "Alice")


def test_no_violation_exits_0_and_a_violation_1_naming_file_line_and_rule(
    kept: Path, broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["trace", str(kept)]) == 0
    assert main(["trace", str(kept), str(broken)]) == 1
    out = capsys.readouterr().out
    assert f"{broken}:5" in out and TURN_ORDER in out and "Alice's" in out


def test_an_unreadable_trace_or_a_wrong_option_exits_2(
    tmp_path: Path, kept: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("not json\n")
    assert main(["trace", str(garbage), str(kept)]) == 2
    captured = capsys.readouterr()
    assert "error: " in captured.err and "garbage.jsonl:1" in captured.err and "garbage.jsonl:1" not in captured.out
    assert "garbage.jsonl" in captured.out  # its row of the table
    deep = tmp_path / "deep.jsonl"
    deep.write_text("[" * 100_000 + "]" * 100_000 + "\n")
    assert main(["trace", str(deep), str(broken := game(tmp_path / "broken.jsonl", "Alice"))]) == 2
    captured = capsys.readouterr()
    assert "deep.jsonl:1: not a trace header: its JSON is nested too deep to read" in captured.err
    assert f"{broken}:5" in captured.out and TURN_ORDER in captured.out  # the next trace is still checked
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)  # once waited for a writer forever; /dev/zero filled the memory
    assert main(["trace", str(fifo), str(broken)]) == 2
    captured = capsys.readouterr()
    assert "not a regular file: a trace must be a regular file" in captured.err and f"{broken}:5" in captured.out
    assert main(["trace", str(kept), "--edition", "alpha"]) == 2
    assert main(["trace", str(tmp_path / "empty-dir")]) == 2  # no such file
    (tmp_path / "none").mkdir()
    assert main(["trace", str(tmp_path / "none")]) == 2
    assert "no trace" in capsys.readouterr().err


def test_a_trace_is_read_from_standard_input_and_compressed_with_gzip(
    kept: Path, broken: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def stdin(data: bytes) -> None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))

    stdin(broken.read_bytes())
    assert main(["trace", "-", str(kept)]) == 1
    out = capsys.readouterr().out
    assert "<stdin>:5" in out and TURN_ORDER in out and "kept.jsonl" in out
    stdin(gzip.compress(kept.read_bytes()))
    assert main(["trace", "-"]) == 0
    assert main(["trace", "-", "-"]) == 2  # one trace on standard input
    assert "name it once" in capsys.readouterr().err

    games = tmp_path / "games"
    games.mkdir()
    (games / "kept.jsonl").write_bytes(kept.read_bytes())
    (games / "broken.jsonl.gz").write_bytes(gzip.compress(broken.read_bytes()))
    assert main(["trace", str(games)]) == 1  # a directory's compressed traces are checked too
    out = capsys.readouterr().out
    assert f"{games / 'broken.jsonl.gz'}:5" in out and TURN_ORDER in out and "kept.jsonl" in out

    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(gzip.compress(broken.read_bytes())[:40])
    assert main(["trace", str(cut), str(broken)]) == 2
    captured = capsys.readouterr()
    assert f"{cut}: compressed with gzip, but can't be decompressed" in captured.err
    assert f"{broken}:5" in captured.out  # the next trace is still checked

    # Cut short after some of its lines (a log still being written): those are checked.
    packer = zlib.compressobj(wbits=16 + zlib.MAX_WBITS)
    first = packer.compress(broken.read_bytes()) + packer.flush(zlib.Z_SYNC_FLUSH)
    cut.write_bytes(first + packer.compress(b'{"event": {"kind": "pha') + packer.flush(zlib.Z_SYNC_FLUSH))
    assert main(["trace", str(cut)]) == 2
    captured = capsys.readouterr()
    assert f"{cut}:5" in captured.out and TURN_ORDER in captured.out
    assert f"{cut}:6: the gzip data is cut short: the rest of the trace is lost" in captured.err
    (tmp_path / "twice.jsonl.gz").write_bytes(gzip.compress(gzip.compress(broken.read_bytes())))
    assert main(["trace", str(tmp_path / "twice.jsonl.gz")]) == 2
    assert "compressed with gzip twice" in capsys.readouterr().err
    (tmp_path / "trailing.jsonl.gz").write_bytes(gzip.compress(broken.read_bytes()) + b"garbage")
    assert main(["trace", str(tmp_path / "trailing.jsonl.gz")]) == 2
    assert "7 bytes after the gzip data aren't gzip: they are left unread" in capsys.readouterr().err
    stdin(b"")
    assert main(["trace", "-"]) == 2
    captured = capsys.readouterr()
    assert "<stdin>:1: empty" in captured.err and "Ctrl-D" not in captured.out  # piped: no word of how to end it

    class Terminal(io.TextIOWrapper):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Terminal(io.BytesIO(kept.read_bytes())))
    assert main(["trace", "-"]) == 0
    captured = capsys.readouterr()
    assert "note: reading a trace from standard input (-): end it with Ctrl-D" in captured.err
    assert "Ctrl-D" not in captured.out  # the standard output holds the results only
    monkeypatch.setattr(sys, "stdin", io.StringIO(broken.read_text()))  # a text stream with no bytes beneath
    assert main(["trace", "-"]) == 1
    assert "<stdin>:5" in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", None)  # a process started without one
    assert main(["trace", "-"]) == 2
    assert "<stdin>: there is no standard input to read a trace from" in capsys.readouterr().err


def test_checks_are_chosen_by_name_part_or_ruling_and_listed(
    broken: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["trace", str(broken), "--check", TURN_ORDER]) == 1
    assert main(["trace", str(broken), "--check", "turn"]) == 1  # a part: all its checks
    assert main(["trace", str(broken), "--check", "phases"]) == 0  # the broken rule isn't among them
    assert main(["trace", str(broken), "--ruling", "GRT-1.5-5"]) == 1
    assert main(["trace", str(broken), "--ruling", "GRT-1.5-5", "--check", "phases"]) == 2  # both: none is
    assert "no check is of those names" in capsys.readouterr().err
    assert main(["trace", str(broken), "--check", "turn.next-player"]) == 2
    assert f"no check or part 'turn.next-player'; did you mean {TURN_ORDER}?" in capsys.readouterr().err
    assert main(["trace", str(broken), "--ruling", "CR24-117.3"]) == 2
    assert "did you mean CR24-117.3" in capsys.readouterr().err

    # A check asked for that doesn't hold in the trace's edition is not checked, and says why (with
    # nothing else checked, the run doesn't pass).
    reports = tmp_path / "reports"
    assert main(["trace", str(broken), "--check", "five_part_phases", "--report-dir", str(reports)]) == 2
    checks = json.loads((reports / "trace-report.json").read_text())["traces"][0]["checks"]
    assert checks and {c["status"] for c in checks} == {"not checked"}
    assert all("doesn't hold in cr2024, only in mirage" in c["why"] for c in checks)
    capsys.readouterr()

    assert main(["trace", "--list-checks", "--edition", "mirage"]) == 0
    listed = capsys.readouterr().out
    assert "five_part_phases.life-check-comes-last (mirage)" in listed and "rulings: " in listed
    assert "combat.everything-leaves-combat-as-it-ends" not in listed  # a rule of 2008 and 2024 only
    assert main(["trace", "--list-checks", "--ruling", "GRT-1.5-5"]) == 0
    assert TURN_ORDER in capsys.readouterr().out
    assert main(["trace", "--list-checks", str(broken)]) == 2  # it checks no trace: the trace would be ignored
    assert "--list-checks lists the checks and checks no trace" in capsys.readouterr().err
    assert main(["trace"]) == 2  # no trace to check
    assert "give the traces to check" in capsys.readouterr().err


def test_a_check_that_fails_exits_3_and_the_other_traces_are_still_checked(
    kept: Path, broken: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    original = CHECKS[TURN_ORDER].event
    calls = iter(range(1_000))

    def fails_on_the_first_trace(self: Check, e: object) -> None:
        if next(calls) == 0:
            raise RuntimeError("a bug")
        original(self, e)  # type: ignore[arg-type]

    monkeypatch.setattr(CHECKS[TURN_ORDER], "event", fails_on_the_first_trace)
    assert main(["trace", str(kept), str(broken), "--report-dir", str(tmp_path / "reports")]) == 3
    captured = capsys.readouterr()
    assert "internal error" in captured.err and "RuntimeError: a bug" in captured.err and "kept.jsonl" in captured.err
    assert f"{broken}:5" in captured.out  # the other trace's violation is still found
    report = json.loads((tmp_path / "reports/trace-report.json").read_text())
    assert not REPORT.problems(report)
    assert [t["internal_error"] is not None for t in report["traces"]] == [True, False]


@pytest.mark.usefixtures("default_handlers")
@pytest.mark.parametrize("interrupt", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_an_interrupt_reports_the_traces_checked_and_exits_128_and_its_number(
    kept: Path,
    broken: Path,
    tmp_path: Path,
    interrupt: signal.Signals,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    original = verdict.check_trace  # type: ignore[attr-defined]
    seen: list[str] = []

    def interrupted_at_the_second(*args: object, **kwargs: object) -> object:
        seen.append("x")
        if len(seen) == 2:
            os.kill(os.getpid(), interrupt)  # the signal itself, as a terminal, kill or a CI runner sends it
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(verdict, "check_trace", interrupted_at_the_second)
    reports = tmp_path / "reports"
    assert main(["trace", str(kept), str(broken), "--report-dir", str(reports)]) == 128 + interrupt
    captured = capsys.readouterr()
    assert "error: interrupted: 1 of 2 traces checked; the rest were not" in captured.err
    assert "interrupted" not in captured.out and "kept.jsonl" in captured.out  # the results only
    report = json.loads((reports / "trace-report.json").read_text())
    assert [t["path"] for t in report["traces"]] == [str(kept)]
    assert signal.getsignal(interrupt) is not None and len(seen) == 2
    # Each report says the run is partial, and how far it went: a CI job reading them saw a whole run.
    partial = "interrupted: 1 of 2 traces checked"
    assert REPORT.check(report, "trace-report.json")["partial"] == partial
    run = ET.parse(reports / "junit.xml").getroot()[0]
    said = run.find("testcase/error")
    assert run.get("name") == "run" and said is not None and said.get("message") == f"the run is partial: {partial}"
    assert f"> **Partial run**: {partial}." in (reports / "summary.md").read_text()
    assert f"Partial run: {partial}." in (reports / "trace-report.html").read_text()
    assert main(["trace", str(kept), "--report-dir", str(reports)]) == 0
    assert "partial" not in json.loads((reports / "trace-report.json").read_text())  # as old readers read it


@pytest.mark.usefixtures("sighup_ignored")
def test_a_signal_the_command_was_started_with_ignored_stays_ignored(
    kept: Path, broken: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """As under ``nohup``: SIGHUP (a closed terminal) doesn't stop the run, which checks every trace."""
    original = verdict.check_trace  # type: ignore[attr-defined]

    def hung_up_at_the_second(*args: object, **kwargs: object) -> object:
        if "broken" in str(args[0]):
            os.kill(os.getpid(), signal.SIGHUP)
        return original(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(verdict, "check_trace", hung_up_at_the_second)
    assert main(["trace", str(kept), str(broken), "--report-dir", str(tmp_path / "reports")]) == 1
    assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
    captured = capsys.readouterr()
    assert "interrupted" not in captured.err and f"{broken}:5" in captured.out


def test_the_json_report_names_its_schema_written_beside_it(
    kept: Path, broken: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    reports = tmp_path / "reports[/b]"  # a directory's name is not markup
    assert main(["trace", str(kept), str(broken), "--report-dir", str(reports)]) == 1
    written = "trace-report.json, trace-report.schema.json, junit.xml, summary.md, trace-report.html"
    line = f"reports written to {reports}: {written}"  # as certify and explore say it
    assert "".join(line.split()) in "".join(capsys.readouterr().out.split())  # however wrapped
    report = json.loads((reports / "trace-report.json").read_text())
    schema = json.loads((reports / report["$schema"]).read_text())
    assert schema == REPORT.schema()
    assert not REPORT.problems(report)
    statuses = {c["check"]: c["status"] for c in report["traces"][1]["checks"]}
    assert statuses[TURN_ORDER] == "violated"
    assert (reports / "junit.xml").exists() and "turn.next-player" in (reports / "summary.md").read_text()


def test_the_html_report_shows_each_violation_and_escapes_what_the_trace_says(tmp_path: Path) -> None:
    script = "<script>alert(1)</script>"
    header = Header.new("cr2024", [script, "Bob"], "test", "0", start=Start(2, script, "ending"))
    path = tmp_path / "hostile.jsonl"
    with TraceWriter(path, header) as trace:
        trace.event(GameEvent("phase_began", 2, script, "ending"))
        trace.event(GameEvent("phase_ended", 2, script, "ending"))
        trace.event(GameEvent("turn_ended", 2, script, amount=2))
        trace.event(GameEvent("turn_began", 3, script, amount=3))
    reports = tmp_path / "reports"
    assert main(["trace", str(path), "--report-dir", str(reports)]) == 1
    page = (reports / "trace-report.html").read_text(encoding="utf-8")
    assert script not in page and "&lt;script&gt;" in page
    assert TURN_ORDER in page and "line 5" in page and "1 violation(s) found." in page


# The gate: turncheck trace --expect FILE passes exactly when the violations are the ones listed.


def expectations(path: Path, *entries: tuple[str, str]) -> Path:
    listed = [{"check": check, "shows": shows, "reason": "engine deviation: test"} for check, shows in entries]
    data = {"format": "turncheck-trace-expectations", "format_version": 1, "engine": "test", "expectations": listed}
    path.write_text(json.dumps(data))
    return path


def test_the_violations_expected_pass_the_gate(
    tmp_path: Path, broken: Path, kept: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = expectations(tmp_path / "e.json", (TURN_ORDER, "turn * is *'s, after *"))
    assert main(["trace", str(broken), str(kept), "--expect", str(file)]) == 0
    out = capsys.readouterr().out
    assert "seen once" in out and "match the expectations (1 kind)" in out


def test_a_new_violation_fails_the_gate(tmp_path: Path, broken: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = expectations(tmp_path / "e.json", (TURN_ORDER, "something else"))
    assert main(["trace", str(broken), "--expect", str(file)]) == 1
    out = capsys.readouterr().out
    assert "unexpected" in out and f"{broken}:5" in out and "not seen" in out


def test_an_expected_violation_not_seen_fails_the_gate(
    tmp_path: Path, kept: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = expectations(tmp_path / "e.json", (TURN_ORDER, "*"))
    assert main(["trace", str(kept), "--expect", str(file)]) == 1
    assert "not seen" in capsys.readouterr().out


def test_a_bad_expectations_file_is_a_usage_error(
    tmp_path: Path, kept: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["trace", str(kept), "--expect", str(tmp_path / "missing.json")]) == 2
    (tmp_path / "bad.json").write_text('{"format": "turncheck-trace-expectations", "format_version": 1}')
    assert main(["trace", str(kept), "--expect", str(tmp_path / "bad.json")]) == 2
    err = capsys.readouterr().err
    assert "missing.json" in err and "bad.json" in err and "schema" in err


def test_the_gate_of_chosen_checks_expects_only_what_they_can_show(
    kept: Path, broken: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = expectations(tmp_path / "e.json", (TURN_ORDER, "*"))
    assert main(["trace", str(kept), "--expect", str(file)]) == 1  # expected but not seen
    assert main(["trace", str(kept), "--expect", str(file), "--check", "phases"]) == 0  # not run: not expected
    assert main(["trace", str(broken), "--expect", str(file), "--check", "turn"]) == 0
    assert main(["trace", str(kept), "--expect", str(file), "--check", "turn"]) == 1


def test_brackets_and_question_marks_in_what_a_violation_shows_are_plain_text(tmp_path: Path, broken: Path) -> None:
    file = expectations(tmp_path / "e.json", (TURN_ORDER, "[A]lice? *"))
    assert main(["trace", str(broken), "--expect", str(file)]) == 1


def test_a_report_dir_that_cant_be_one_is_a_usage_error_and_a_failed_write_keeps_the_verdict(
    kept: Path, broken: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "a file"
    a_file.write_text("")
    assert main(["trace", str(broken), "--report-dir", str(a_file)]) == 2
    captured = capsys.readouterr()
    assert "--report-dir" in captured.err and "not a directory" in captured.err and TURN_ORDER not in captured.out

    monkeypatch.setattr(command, "write_reports", full)
    assert main(["trace", str(kept), str(broken), "--report-dir", str(tmp_path / "reports")]) == 1  # the violation's
    captured = capsys.readouterr()
    assert f"{broken}:5" in captured.out
    assert "the reports can't be written" in captured.err and "No space left" in captured.err
    assert main(["trace", str(kept), "--report-dir", str(tmp_path / "reports")]) == 2  # no violation: not a pass


def test_a_signal_as_the_reports_are_written_waits_for_them_whole(broken: Path, tmp_path: Path) -> None:
    """SIGTERM just as the reports are written: all of them are written, then the run ends as
    interrupted (143). It ended the process at once, leaving none of them."""
    reports = tmp_path / "reports"
    done = signalled_as_it_writes(
        "checker.trace.command", "write_reports", "trace", str(broken), "--report-dir", str(reports)
    )
    assert done.returncode == 143, done.stdout + done.stderr
    assert "interrupted by SIGTERM as the results were written: they were written first" in done.stderr
    assert {"junit.xml", "summary.md", "trace-report.html"} <= {p.name for p in reports.iterdir()}
    assert "partial" not in json.loads((reports / "trace-report.json").read_text())  # every trace was checked


def test_a_trace_that_is_a_broken_link_is_said_to_be_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A directory's trace that is a link to nothing: it is there in a listing, and "no such trace
    file" alone sends the reader looking for a typo."""
    (tmp_path / "a.jsonl").symlink_to("/gone/a.jsonl")
    assert main(["trace", str(tmp_path)]) == 2
    said = capsys.readouterr()
    assert "a.jsonl: a broken symbolic link (to '/gone/a.jsonl'): no such trace file" in said.out + said.err


def test_what_the_outputs_encoding_cant_show_is_escaped_not_a_crash(tmp_path: Path) -> None:
    missing = tmp_path / "zoë.jsonl"
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    done = subprocess.run(
        [sys.executable, "-m", "checker", "trace", str(missing)],
        capture_output=True, text=True, encoding="utf-8", cwd=root, env=env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2, done.stdout + done.stderr
    assert "zo\\xeb.jsonl" in done.stdout and "no such trace file" in done.stdout + done.stderr


def test_a_reader_that_goes_away_or_an_output_closed_is_said_and_the_verdict_kept(kept: Path, tmp_path: Path) -> None:
    """``turncheck trace DIR | head -1``: the table, of one write larger than the pipe holds, was cut
    where the reader went away and the rest dropped, unsaid (Python's stream returns from a write the
    pipe took part of). ``turncheck trace DIR >&-``: there was no standard output, unsaid."""
    many = tmp_path / "many"
    many.mkdir()
    for n in range(400):  # a table of about 130 KB: twice what a pipe holds
        (many / f"{n:03}-{'x' * 200}.jsonl").write_bytes(kept.read_bytes())
    root = Path(__file__).resolve().parents[2]
    command = [sys.executable, "-m", "checker", "trace", str(many)]
    env = {**os.environ, "COLUMNS": "400"}  # the names in full
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=root, env=env)
    assert run.stdout is not None and run.stderr is not None
    first = next(line for line in run.stdout if line.strip())  # (rich 13.8, the oldest allowed, begins with a blank)
    assert "turncheck trace" in first
    run.stdout.close()
    said = run.stderr.read()
    assert run.wait(timeout=120) == 0, said  # the checks' verdict
    cut = "the standard output was closed before the command ended: what it would have shown is lost"
    assert cut in said
    closed = lambda: os.close(1)  # noqa: E731
    done = subprocess.run(command, stderr=subprocess.PIPE, text=True, cwd=root, preexec_fn=closed, timeout=120)
    assert done.returncode == 0 and cut in done.stderr, done.stderr


def test_edition_checks_by_that_editions_turn_structure_not_the_headers(
    kept: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A cr2024 game's ending phase, checked by Mirage's rules (whose turn has no ending phase)."""
    assert main(["trace", str(kept), "--check", "phases"]) == 0
    assert main(["trace", str(kept), "--check", "phases", "--edition", "mirage"]) == 1
    assert "phases.in-order" in capsys.readouterr().out


def test_a_directory_without_traces_is_an_error_even_beside_traces(
    tmp_path: Path, kept: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "not-filled").mkdir()
    assert main(["trace", str(tmp_path / "not-filled"), str(kept)]) == 2
    captured = capsys.readouterr()
    assert "no trace (*.jsonl or *.jsonl.gz) in" in captured.err and "not-filled" in captured.err
    assert "kept.jsonl" in captured.out


def test_a_trace_without_events_or_a_run_where_no_check_applies_does_not_pass(
    tmp_path: Path, kept: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    header_only = tmp_path / "header-only.jsonl"
    header_only.write_text(kept.read_text().splitlines()[0] + "\n")
    assert main(["trace", str(header_only), str(kept)]) == 2
    assert "header-only.jsonl: nothing in it to check" in capsys.readouterr().err
    assert main(["trace", str(kept), "--check", "mana.burn"]) == 2  # a check of mirage only
    assert "no check could be made on it" in capsys.readouterr().err
    assert main(["trace", str(kept), "--check", "mana.burn", "--check", "turn"]) == 0  # one check ran: it knows
    assert main(["trace", "--list-checks", "--edition", "cr2024", "--check", "mana.burn"]) == 2
    assert "none of the checks chosen holds in cr2024" in capsys.readouterr().err


def test_a_check_the_expectations_name_that_doesnt_exist_is_a_usage_error(
    tmp_path: Path, broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = expectations(tmp_path / "e.json", (TURN_ORDER, "*"), ("turn.next-player-in-turn-ordr", "*"))
    assert main(["trace", str(broken), "--expect", str(file), "--check", "turn"]) == 2
    err = capsys.readouterr().err
    assert "no check 'turn.next-player-in-turn-ordr'; did you mean turn.next-player-in-turn-order" in err


def test_dot_slash_dash_is_the_file_named_dash_not_standard_input(
    tmp_path: Path, broken: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "-").write_text(broken.read_text())
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["trace", "./-"]) == 1
    assert TURN_ORDER in capsys.readouterr().out


def test_what_a_trace_and_its_files_name_say_is_shown_as_plain_text(
    tmp_path: Path, broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    named = tmp_path / "a\x1b[31mred\x1b]0;title\x07.jsonl"
    named.write_text(broken.read_text())
    assert main(["trace", str(named)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b[31mred" in out


def test_a_file_given_more_than_once_is_checked_once_and_a_line_says_so(
    tmp_path: Path, kept: Path, broken: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """By name twice, by another name (a link, a relative path), or in a directory given too."""
    (tmp_path / "link.jsonl").symlink_to(broken)
    monkeypatch.chdir(tmp_path)
    reports = tmp_path / "reports"
    given = ["broken.jsonl", str(broken), str(tmp_path), str(tmp_path / "link.jsonl"), "./kept.jsonl"]
    assert main(["trace", *given, "--report-dir", str(reports)]) == 1
    checked = [t["path"] for t in json.loads((reports / "trace-report.json").read_text())["traces"]]
    assert checked == ["broken.jsonl", str(kept)]
    captured = capsys.readouterr()
    assert captured.out.count(TURN_ORDER) == 1  # one violation
    assert captured.err.splitlines() == [f"note: given more than once, checked once: broken.jsonl, {kept}"]
    # Standard input and the file named - are two traces.
    (tmp_path / "-").write_text(kept.read_text())
    monkeypatch.setattr(sys, "stdin", io.StringIO(broken.read_text()))
    assert main(["trace", "-", "./-", "--report-dir", str(reports)]) == 1
    assert len(json.loads((reports / "trace-report.json").read_text())["traces"]) == 2
    assert "note" not in capsys.readouterr().err


def test_a_trace_of_a_game_cut_short_is_said_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A trace the recorder left named .partial (its game cut short) passed as a whole game's would,
    nothing said; now a note names it. The exit code is the checks', as of any trace."""
    kept, broken = game(tmp_path / "kept.trace.jsonl.partial", "Bob"), game(tmp_path / "broken.jsonl.partial", "Alice")
    for trace, code in ((kept, 0), (broken, 1)):
        assert main(["trace", str(trace)]) == code
        assert capsys.readouterr().err.splitlines() == [
            f"note: {trace}: a game cut short (its trace, named .partial, was never finished): "
            "checked as far as it goes, not as a whole game"
        ]
    assert main(["trace", str(game(tmp_path / "whole.trace.jsonl", "Bob"))]) == 0
    assert capsys.readouterr().err == ""


def test_a_file_by_two_hard_links_is_checked_once(
    tmp_path: Path, broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two paths that resolve apart, to one file: its device and inode say it is the same."""
    games = tmp_path / "games"
    games.mkdir()
    os.link(broken, games / "again.jsonl")
    reports = tmp_path / "reports"
    assert main(["trace", str(broken), str(games), "--report-dir", str(reports)]) == 1
    checked = [t["path"] for t in json.loads((reports / "trace-report.json").read_text())["traces"]]
    assert checked == [str(broken)]
    captured = capsys.readouterr()
    assert captured.out.count(TURN_ORDER) == 1
    assert captured.err.splitlines() == [f"note: given more than once, checked once: {broken}"]


def test_the_junit_report_gives_why_a_check_was_not_made_in_its_text(kept: Path, tmp_path: Path) -> None:
    """A skipped testcase's reason is in its text as in its attribute: GitLab shows the text only."""
    reports = tmp_path / "reports"
    main(["trace", str(kept), "--report-dir", str(reports)])
    skipped = ET.parse(reports / "junit.xml").getroot().findall(".//skipped")
    assert skipped, "the trace leaves some check not made"
    assert all(s.text and s.text == s.get("message") and s.text.startswith("not checked: ") for s in skipped)


def test_each_junit_testsuite_counts_its_testcases_failures_errors_and_skips(
    kept: Path, broken: Path, tmp_path: Path
) -> None:
    """As CI tools read them from the attributes: a trace with a line that can't be read counted that
    errored testcase neither among its tests nor as an error."""
    cut = tmp_path / "cut.jsonl"
    cut.write_text(broken.read_text() + '{"event": \n')
    reports = tmp_path / "reports"
    main(["trace", str(kept), str(broken), str(cut), "--report-dir", str(reports)])
    for suite in ET.parse(reports / "junit.xml").getroot():
        cases = suite.findall("testcase")
        count = {k: sum(1 for c in cases if c.find(k) is not None) for k in ("failure", "error", "skipped")}
        assert suite.get("tests") == str(len(cases)), suite.get("name")
        assert (suite.get("failures"), suite.get("errors"), suite.get("skipped")) == tuple(
            str(count[k]) for k in ("failure", "error", "skipped")
        )
    by_name = {s.get("name"): s for s in ET.parse(reports / "junit.xml").getroot()}
    assert by_name[str(broken)].get("failures") == "1" and by_name[str(cut)].get("errors") == "1"


def test_a_report_that_cant_be_written_is_said_plainly(
    kept: Path, broken: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Named by the directory and the reason, not by the temporary file it was being written to."""
    reports = tmp_path / "reports"
    (reports / "trace-report.json").mkdir(parents=True)
    assert main(["trace", str(kept), str(broken), "--report-dir", str(reports)]) == 1
    err = capsys.readouterr().err
    assert f"the reports can't be written to {reports}: Is a directory" in err and ".tmp" not in err


def test_the_junit_report_holds_control_characters_of_a_traces_name_and_lines_as_xml_can(
    broken: Path, tmp_path: Path
) -> None:
    """A trace's file named with an escape character, and a line whose phase's name holds control
    characters: the JUnit XML was not well-formed (no CI tool could read it); they are written out."""
    named = tmp_path / "a\x1bb.jsonl"
    named.write_bytes(broken.read_bytes())
    lines = broken.read_text().splitlines()
    strange = json.dumps({"event": {"kind": "phase_began", "turn": 3, "player": "Bob", "subject": "x\x01\x1b[31m"}})
    said = tmp_path / "said.jsonl"
    said.write_text("\n".join([*lines, strange]) + "\n")
    reports = tmp_path / "reports"
    assert main(["trace", str(named), str(said), "--report-dir", str(reports)]) == 1
    root = ET.parse(reports / "junit.xml").getroot()
    assert [s.get("name") for s in root] == [str(tmp_path / "a\\x1bb.jsonl"), str(said)]
    assert "x\\x01\\x1b[31m" in ET.tostring(root, encoding="unicode")


def test_the_markdown_summary_escapes_what_a_trace_says_and_its_files_name(broken: Path, tmp_path: Path) -> None:
    """A phase named as a Markdown image, in a file whose name has a table's bar: the summary (a CI job's
    page) showed the image, fetched from where the trace said, and the table's row had a cell too many."""
    lines = broken.read_text().splitlines()
    image = "![seen](https://example.com/x.png)"
    strange = json.dumps({"event": {"kind": "phase_began", "turn": 3, "player": "Bob", "subject": image}})
    said = tmp_path / "a|b.jsonl"
    said.write_text("\n".join([*lines, strange]) + "\n")
    reports = tmp_path / "reports"
    assert main(["trace", str(said), "--report-dir", str(reports)]) == 1
    summary = (reports / "summary.md").read_text()
    assert "![" not in summary and "\\!\\[seen\\]\\(https://example\\.com/x\\.png\\)" in summary
    (row,) = [line for line in summary.splitlines() if "a\\|b" in line and line.startswith("|")]
    assert row.replace("\\|", "").count("|") == 7


def test_an_expectation_given_twice_with_two_reasons_is_a_usage_error_naming_both(
    tmp_path: Path, broken: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """With two reasons: the violations met the first of the two, and the gate failed on the second as
    one "not seen (fixed? remove it from the expectations)", whatever the traces showed."""
    file = expectations(tmp_path / "e.json", (TURN_ORDER, "turn * is *"), (TURN_ORDER, "turn * is *"))
    assert main(["trace", str(broken), "--expect", str(file)]) == 0  # alike: one
    data = json.loads(file.read_text())
    data["expectations"][1]["reason"] = "importer limitation: test"
    file.write_text(json.dumps(data))
    assert main(["trace", str(broken), "--expect", str(file)]) == 2
    err = capsys.readouterr().err
    assert f"{file}: expectations 1 and 2 are both {TURN_ORDER}: 'turn * is *', with two reasons" in err
    assert "give it once" in err
