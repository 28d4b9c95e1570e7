"""``turncheck site --traces DIR``: the recorded games of failing runs as timelines, checked by
the rules checker. The test records its own: an engine that never gives the non-active player
priority, certified on the upkeep with ``--record-traces``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from checker.cli import main
from checker.site.build import build
from checker.trace.check import check_trace
from checker.trace.reading import Trace
from checker.trace.results import TraceResult
from tests.test_site import HOSTILE_MESSAGE, PHASE, ROOT, broken_links

FAULTY = "tests.fakes.adapters:ActivePlayerOnlyPriority"
NOTHING_HAPPENS = "upkeep_Upkeep_the_upkeep_happens_even_when_nothing_happens_in_it_cr2024.trace"


@pytest.fixture(scope="session")
def faulty_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The faulty engine's report of the upkeep, and the directory of its recorded traces."""
    run = tmp_path_factory.mktemp("faulty")
    command = [sys.executable, "-m", "checker", "certify", "--engine", FAULTY, "--part", "upkeep", "--plain"]
    command += ["--report-dir", str(run / "reports"), "--record-traces", str(run / "traces")]
    done = subprocess.run(command, capture_output=True, cwd=ROOT, check=False)
    assert done.returncode == 1, done.stderr  # the engine fails some scenarios
    trace = run / "traces" / f"{NOTHING_HAPPENS}.jsonl"
    refused = {"action": {"type": "pass_priority", "player": "Bob"}, "outcome": "refused", "message": HOSTILE_MESSAGE}
    trace.write_text(trace.read_text(encoding="utf-8") + json.dumps(refused) + "\n", encoding="utf-8")
    return run / "reports" / "report.json", run / "traces"


@pytest.fixture(scope="session")
def traced_site(tmp_path_factory: pytest.TempPathFactory, faulty_run: tuple[Path, Path]) -> Path:
    out = tmp_path_factory.mktemp("traced-site")
    report, traces = faulty_run
    assert main(["site", "--out", str(out), str(report), str(PHASE), "--traces", str(traces)]) == 0
    return out


def test_each_failing_run_with_a_trace_gets_a_timeline(traced_site: Path, faulty_run: tuple[Path, Path]) -> None:
    report, traces = faulty_run
    results = json.loads(report.read_text(encoding="utf-8"))["results"]
    failing = {r["id"] for r in results if r["status"] != "passed"}
    pages = sorted((traced_site / "traces").rglob("*.html"))
    assert failing and len(pages) == len(failing)  # phase.rs's failing runs have no trace here
    assert {p.name.removesuffix(".html") for p in pages} < {t.name.removesuffix(".jsonl") for t in traces.iterdir()}


def test_a_timeline_shows_turn_phase_step_priority_events_and_violations(traced_site: Path) -> None:
    (page,) = (traced_site / "traces").rglob(f"{NOTHING_HAPPENS}.html")
    text = page.read_text(encoding="utf-8")
    assert "<h1>The game of Upkeep: the upkeep happens even when nothing happens in it, cr2024</h1>" in text
    # Line 9: Alice's pass in the upkeep step, with Alice holding priority.
    row = text.split('<tr id="l9" class="event">')[1].split("</tr>")[0]
    cells = [c.split(">", 1)[1] for c in row.split("</td>")[:-1]]
    assert cells[1:] == ["2 (Alice)", "beginning", "upkeep", "Alice", "priority passed · Alice"]
    # Line 10: the checker finds Alice holding priority after her own pass, and marks the row.
    assert '<tr id="l10" class="view violated">' in text
    assert "priority.next-player-after-a-pass: Alice received priority after a pass; Bob should have" in text
    assert '<a href="#l10">line 10</a>' in text
    # The scenario's failure, and the way back to it.
    assert '<dt>Message</dt><dd><pre class="message">expected Bob to have priority, but observed' in text
    assert 'href="../../parts/upkeep.html#s' in text
    # What the engine wrote shows as text.
    assert "Bob: pass priority, refused: &lt;script&gt;alert(&#39;message&#39;)" in text
    assert "<script>alert" not in text


def test_the_drill_downs_lead_to_the_timelines(traced_site: Path) -> None:
    link = f"traces/active-player-only-priority-0-1-0/{NOTHING_HAPPENS}.html"
    part = (traced_site / "parts" / "upkeep.html").read_text(encoding="utf-8")
    assert f'<a href="../{link}">The game as a timeline</a>: 1 violation(s) found by the rules checker' in part
    assert f'<a href="{link}">The game as a timeline</a>' in (traced_site / "engines.html").read_text(encoding="utf-8")


def test_traces_named_alike_or_unlike_a_link_each_get_a_timeline_that_links_reach(
    tmp_path: Path, faulty_run: tuple[Path, Path]
) -> None:
    """The same file name in two directories (the traces of two runs), and names with #, ?, % and ESC."""
    report, traces = faulty_run
    failing = {r["id"] for r in json.loads(report.read_text(encoding="utf-8"))["results"] if r["status"] != "passed"}
    of_failing = [
        t for t in sorted(traces.iterdir()) if json.loads(t.read_text().split("\n")[0])["scenario"] in failing
    ]
    names = ["same.jsonl", "same.jsonl", "a#b?c%d.jsonl", "\x1b[31m.jsonl"]
    assert len(of_failing) >= len(names)
    directories = [tmp_path / f"traces{i}" for i in range(len(names))]
    for directory, name, trace in zip(directories, names, of_failing, strict=False):
        directory.mkdir()
        (directory / name).write_bytes(trace.read_bytes())
    out = tmp_path / "site"
    assert main(["site", "--out", str(out), str(report), *(f"--traces={d}" for d in directories)]) == 0
    timelines = sorted(p.name for p in (out / "traces").rglob("*.html"))
    assert timelines == ["_31m.html", "a_b_c_d.html", "same-2.html", "same.html"]
    assert not broken_links(out)


def test_an_unreadable_trace_is_named_and_the_rest_is_shown(
    tmp_path: Path, faulty_run: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    report, traces = faulty_run
    (tmp_path / "broken.jsonl").write_text("not a trace\n", encoding="utf-8")
    out = tmp_path / "site"
    argv = ["site", "--out", str(out), str(report), "--traces", str(traces), "--traces", str(tmp_path)]
    assert main([*argv, "--traces", str(tmp_path / "nowhere"), "--traces", str(tmp_path / "broken.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "broken.jsonl" in err and "nowhere: no such directory of traces" in err
    assert "broken.jsonl: not a directory" in err
    assert list((out / "traces").rglob(f"{NOTHING_HAPPENS}.html"))


def test_a_trace_the_checker_fails_on_is_named_and_the_rest_is_built(
    tmp_path: Path, faulty_run: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    report, traces = faulty_run

    def failing_once(trace: Trace, edition: str | None = None) -> TraceResult:
        if NOTHING_HAPPENS in trace.path:
            raise RuntimeError("a bug of the checker")
        return check_trace(trace, edition)

    monkeypatch.setattr("checker.site.timeline.check_trace", failing_once)
    site = build(tmp_path, [report], traces=[traces])
    assert [p for p in site.problems if "the rules checker failed on this trace: RuntimeError" in p]
    assert len(site.problems) == 1 and NOTHING_HAPPENS in site.problems[0]
    assert site.traces and not list(tmp_path.rglob(f"{NOTHING_HAPPENS}.html"))


def test_a_trace_with_lines_that_cant_be_read_is_shown_without_them_and_named(
    tmp_path: Path, faulty_run: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """Its timeline says which lines are left out, and doesn't vouch for the game as if it had read them all;
    the command names the trace on stderr and exits 2, as for a trace that can't be read at all."""
    report, traces = faulty_run
    cut = tmp_path / "cut"
    cut.mkdir()
    whole = (traces / f"{NOTHING_HAPPENS}.jsonl").read_text(encoding="utf-8").splitlines()
    (cut / f"{NOTHING_HAPPENS}.jsonl").write_text("\n".join([*whole[:3], '{"event": ', *whole[3:]]) + "\n")
    out = tmp_path / "site"
    assert main(["site", "--out", str(out), str(report), "--traces", str(cut)]) == 2
    assert f"{NOTHING_HAPPENS}.jsonl: 1 line(s) can't be read and are left out of its timeline (line 4:" in (
        capsys.readouterr().err.replace("\n", "")
    )
    page = next((out / "traces").rglob(f"{NOTHING_HAPPENS}.html")).read_text(encoding="utf-8")
    assert "Lines that could not be read, left out" in page and "line 4:" in page
    assert "breaks no rule" not in page or "as far as its lines could be read" in page


def test_a_site_built_again_without_traces_keeps_no_timeline_of_the_build_before(
    tmp_path: Path, faulty_run: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """The timelines of the first build are taken away with the folders they leave empty, the user's file
    among them kept (before, they stayed, and their pages still opened as this site's)."""
    report, traces = faulty_run
    assert main(["site", "--out", str(tmp_path), str(report), "--traces", str(traces)]) == 0
    pages = list((tmp_path / "traces").rglob("*.html"))
    assert pages
    mine = tmp_path / "traces" / "mine.txt"
    mine.write_text("mine", encoding="utf-8")
    capsys.readouterr()
    assert main(["site", "--out", str(tmp_path), str(report)]) == 0
    assert f"; {len(pages)} file(s) of the previous build there taken away" in capsys.readouterr().out
    assert [p.relative_to(tmp_path) for p in (tmp_path / "traces").rglob("*")] == [Path("traces/mine.txt")]
    assert not broken_links(tmp_path)
