"""The runner against fake engines over the real wire: each fault costs only the scenario at hand.

Each fake is the reference engine served by ``tests/fakes/engine.py`` with one fault, run
through ``turncheck certify`` on the draw feature; the reports it writes are checked.
"""

from __future__ import annotations

import contextlib
import getpass
import json
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from checker.cli import main
from checker.contract import catalog
from checker.judging.reports.json_report import read_json, write_json
from checker.judging.results import RunReport, Status
from checker.running import options
from checker.running.engines import NOT_IMPORTABLE, START_ATTEMPTS
from tests.fakes.late_signal import signalled_as_it_writes
from tests.fakes.processes import children, ended_within

FAKE = Path(__file__).parent / "fakes" / "engine.py"
PART = "draw"


def certify(tmp_path: Path, fault: str, *extra: str, once: bool = True, part: str = PART) -> tuple[int, RunReport, str]:
    marker = tmp_path / "fault-happened"
    engine = f"{sys.executable} {FAKE} {fault}" + (f" --once {marker}" if once else "")
    reports = tmp_path / "reports"
    command = [sys.executable, "-m", "checker", "certify", "--engine", engine, "--part", part, "--plain"]
    command += ["--timeout", "2", "--report-dir", str(reports), *extra]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    return done.returncode, read_json(reports / "report.json"), done.stdout + done.stderr


@pytest.fixture(scope="module")
def honest(tmp_path_factory: pytest.TempPathFactory) -> RunReport:
    code, report, output = certify(tmp_path_factory.mktemp("honest"), "honest")
    assert code == 0, output
    return report


def _only_one(report: RunReport, honest: RunReport, status: Status) -> str:
    counts = Counter(r.status for r in report.results)
    assert len(report.results) == len(honest.results)
    assert counts == {status: 1, Status.PASSED: len(honest.results) - 1}, counts
    hit = next(r for r in report.results if r.status is status)
    return hit.message or ""


@pytest.mark.parametrize(
    ("fault", "status", "said"),
    [
        ("crash:perform:3", Status.ERROR, "fake engine: crashing on perform #3"),
        ("killed:perform:3", Status.ERROR, "was killed by SIGKILL"),
        ("hang:perform:3", Status.TIMEOUT, "fake engine: hanging on perform #3"),
        ("garbage:view:2", Status.ERROR, "isn't JSON (JSON is malformed: invalid character (byte 4)): 'this is not"),
        ("deep:view:2", Status.ERROR, "isn't JSON (nested too deep to read): '[[[["),
        ("wrong-id:events:1", Status.ERROR, "answered request"),
        # an engine that takes up state_in_answers: the view and events come with the answers to actions
        ("garbage:perform:2 --state", Status.ERROR, "isn't JSON (JSON is malformed: invalid character (byte 4))"),
        ("bad-phase:perform:2 --state", Status.ERROR, "$.view_changes.phase: 'teatime' is not one of"),
    ],
)
def test_a_faulty_engine_costs_only_the_scenario_at_hand(
    tmp_path: Path, honest: RunReport, fault: str, status: Status, said: str
) -> None:
    code, report, output = certify(tmp_path, fault)
    assert code == 1, output
    assert said in _only_one(report, honest, status)


def test_an_engine_lying_in_its_handshake_errs_on_every_scenario_and_the_run_completes(
    tmp_path: Path, honest: RunReport
) -> None:
    code, report, _ = certify(tmp_path, "lie-protocol", once=False)
    assert code == 1
    assert len(report.results) == len(honest.results)
    assert {r.status for r in report.results} == {Status.ERROR}
    assert all("speaks protocol 2" in (r.message or "") for r in report.results)


def test_an_engine_that_breaks_one_ruling_fails_exactly_its_scenarios(tmp_path: Path) -> None:
    code, report, output = certify(tmp_path, "no-mana-burn", once=False, part="mana_burn_and_life")
    assert code == 1
    assert "hint: --validate-messages checks each of the engine's messages" in output  # a failure over the wire
    failed = [r for r in report.results if r.status is Status.FAILED]
    assert failed and {r.edition for r in failed} <= {"mirage", "cr2008"}
    assert all("mana" in r.scenario.lower() or "burn" in r.scenario.lower() for r in failed)
    assert all(r.failing_step is not None and r.failing_step.expected for r in failed)
    assert all(r.status is Status.PASSED for r in report.results if r.edition == "cr2024")


def test_every_report_is_written_and_hostile_engine_output_is_escaped(tmp_path: Path, honest: RunReport) -> None:
    code, report, _ = certify(tmp_path, "hostile:perform:2")
    assert code == 1
    message = _only_one(report, honest, Status.ERROR)
    assert "<script>alert('pwned')</script>" in message  # kept verbatim in the data...
    reports = tmp_path / "reports"
    html = (reports / "report.html").read_text(encoding="utf-8")
    assert "<script>alert" not in html and "&lt;script&gt;alert" in html  # ...and escaped in the page
    junit = ET.parse(reports / "junit.xml").getroot()
    assert sum(int(s.get("errors", 0)) for s in junit.iter("testsuite")) == 1
    assert "error" in (reports / "summary.md").read_text(encoding="utf-8")
    badges = {p.stem: json.loads(p.read_text()) for p in (reports / "badges").glob("*.json")}
    assert set(badges) == {"mirage", "cr2008", "cr2024"} and all(b["schemaVersion"] == 1 for b in badges.values())


def test_expectations_make_the_run_a_gate_and_one_changed_expectation_breaks_it(tmp_path: Path) -> None:
    expectations = tmp_path / "expectations.json"

    def run(*extra: str) -> tuple[int, RunReport, str]:
        """The engine without mana burn, over Mirage's scenarios of it: failures enough to gate, sooner than in
        every edition."""
        return certify(tmp_path, "no-mana-burn", "--edition", "mirage", *extra, once=False, part="mana_burn_and_life")

    code, _, output = run("--write-expectations", str(expectations))
    assert code == 1 and expectations.exists()
    # What the run wrote, as trace and explore say it, and the expectations file.
    reports = "report.json, report.schema.json, junit.xml, summary.md, report.html, badges/mirage.json"
    for line in (f"reports written to {tmp_path / 'reports'}: {reports}", f"expectations written to {expectations}"):
        assert "".join(line.split()) in "".join(output.split())  # however wrapped
    code, _, output = run("--expect", str(expectations))
    assert code == 0, output
    data = json.loads(expectations.read_text())
    dropped = data["expectations"].pop()
    expectations.write_text(json.dumps(data))
    code, _, output = run("--expect", str(expectations))
    assert code == 1
    assert dropped["id"] in output
    # Written again over the file, the expectations keep the reasons written in it.
    data["expectations"][0]["reason"] = "issue #7: mana burn missing"
    expectations.write_text(json.dumps(data))
    run("--write-expectations", str(expectations))
    rewritten = json.loads(expectations.read_text())["expectations"]
    assert rewritten[0]["reason"] == "issue #7: mana burn missing"
    assert {e["id"] for e in rewritten} == {e["id"] for e in data["expectations"]} | {dropped["id"]}


def test_diff_lists_regressions_and_fixes(tmp_path: Path, honest: RunReport) -> None:
    _, broken, _ = certify(tmp_path, "crash:perform:3")
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    write_json(honest, old)
    write_json(broken, new)
    worse = subprocess.run(
        [sys.executable, "-m", "checker", "diff", str(old), str(new)], capture_output=True, text=True
    )
    better = subprocess.run(
        [sys.executable, "-m", "checker", "diff", str(new), str(old)], capture_output=True, text=True
    )
    hit = next(r for r in broken.results if r.status is Status.ERROR)
    assert worse.returncode == 1 and hit.id in worse.stdout
    assert better.returncode == 0 and hit.id in better.stdout


def test_an_engine_that_refuses_bye_still_gets_its_report_and_its_pass(tmp_path: Path, honest: RunReport) -> None:
    code, report, output = certify(tmp_path, "refuse-bye", once=False)
    assert code == 0, output
    assert "Traceback" not in output
    assert [r.status for r in report.results] == [Status.PASSED] * len(honest.results)


def test_an_engine_that_dies_at_every_start_is_given_up_and_its_identity_is_unknown(
    tmp_path: Path, honest: RunReport
) -> None:
    code, report, _ = certify(tmp_path, "crash:hello:1", once=False)
    assert code != 0
    assert {r.status for r in report.results} == {Status.ERROR}
    messages = [r.message or "" for r in report.results]
    given_up = [m for m in messages if "is not started again" in m]
    assert len(given_up) == len(honest.results) - START_ATTEMPTS
    assert all(str(FAKE) in m and "exit code 3" in m and "crashing on hello #1" in m for m in given_up)
    assert not report.engine.known
    assert report.engine.name != "unknown" and honest.engine.known


def test_a_refused_handshake_is_a_failed_start_not_an_unsupported_scenario(tmp_path: Path, honest: RunReport) -> None:
    """Refused once, the scenario at hand errs (it passed as unsupported); refused at every start, the
    engine is given up as one that dies there."""
    code, report, output = certify(tmp_path, "refuse-hello")
    assert code == 1, output
    said = _only_one(report, honest, Status.ERROR)
    assert 'the engine refused the handshake with an error of kind "unsupported": not now' in said
    (tmp_path / "always").mkdir()
    code, report, _ = certify(tmp_path / "always", "refuse-hello", once=False)
    assert code == 1 and {r.status for r in report.results} == {Status.ERROR}
    given_up = [r.message or "" for r in report.results if "is not started again" in (r.message or "")]
    assert len(given_up) == len(honest.results) - START_ATTEMPTS and "refused the handshake" in given_up[0]


# --------------------------------------------------------------------------- the verdict never lies

ROOT = Path(__file__).resolve().parents[1]
#: Two parts, so that ``-j 2`` runs two sessions, one part each.
TWO_PARTS = ("--part", "untap", "--part", "draw")


def turncheck(
    *args: str,
    env: dict[str, str] | None = None,
    timeout: float = 300,
    cwd: Path = ROOT,
    preexec_fn: Callable[[], object] | None = None,
) -> subprocess.CompletedProcess[str]:
    """``turncheck`` in a process of its own, by default from the repository's root (where ``tests.fakes``
    imports); ``preexec_fn`` runs in it just before the command starts."""
    command = [sys.executable, "-m", "checker", *args]
    return subprocess.run(
        command, capture_output=True, text=True, timeout=timeout, cwd=cwd, env=env, preexec_fn=preexec_fn
    )


def adapter_run(tmp_path: Path, adapter: str, *extra: str) -> tuple[subprocess.CompletedProcess[str], RunReport]:
    reports = tmp_path / "reports"
    done = turncheck(
        "certify", "--engine", f"tests.fakes.adapters:{adapter}", "--part", "untap", "--plain",
        "--report-dir", str(reports), *extra,
    )  # fmt: skip
    return done, read_json(reports / "report.json")


def _says_partial(reports: Path, report: RunReport) -> None:
    """Every report of a partial run says so, and no badge shows a pass."""
    assert report.partial is not None and not report.ok
    assert "partial" in (reports / "summary.md").read_text(encoding="utf-8")
    assert "partial" in (reports / "report.html").read_text(encoding="utf-8")
    junit = ET.parse(reports / "junit.xml").getroot()
    assert any(case.get("classname") == "run" for case in junit.iter("testcase"))
    for badge in (reports / "badges").glob("*.json"):
        data = json.loads(badge.read_text())
        assert data["color"] != "brightgreen" and "partial" in data["message"]


def test_a_keyboard_interrupt_inside_an_adapter_ends_the_run_as_interrupted_with_partial_reports(
    tmp_path: Path,
) -> None:
    done, report = adapter_run(tmp_path, "Interrupting")
    assert done.returncode == 130, done.stdout + done.stderr
    assert "interrupted" in done.stderr and "scenario runs done" in done.stderr
    assert 0 < len(report.results) < 64
    _says_partial(tmp_path / "reports", report)


@pytest.mark.parametrize(
    ("adapter", "said"),
    [("Exiting", "ended (exit code 0) before the run finished"), ("Killed", "the test process was killed by SIGKILL")],
)
def test_an_adapter_that_ends_the_process_never_leaves_exit_code_0(tmp_path: Path, adapter: str, said: str) -> None:
    """Nor 128 + a signal, which says the run was interrupted: its process ended early (exit 1)."""
    done, report = adapter_run(tmp_path, adapter)
    assert done.returncode == 1, done.stdout + done.stderr
    assert said in done.stderr
    assert 0 < len(report.results) < 64
    _says_partial(tmp_path / "reports", report)


@pytest.mark.parametrize("adapter", ["StopsTheSession", "StopsTheSessionPlainly"])
def test_an_adapter_that_stops_the_session_with_pytest_exit_leaves_a_partial_run(tmp_path: Path, adapter: str) -> None:
    """Whatever exit code it names (0 too): its scenarios not run, the run is partial (exit 1), said as
    what it was, not a pass nor a Ctrl-C."""
    done, report = adapter_run(tmp_path, adapter)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "stopped by pytest.exit(): the engine had enough" in done.stderr
    assert "KeyboardInterrupt" not in done.stderr
    assert 0 < len(report.results) < 64
    _says_partial(tmp_path / "reports", report)


UNTAP = ("--part", "untap")


def stuck_certification(reports: Path, selection: tuple[str, ...]) -> subprocess.Popen[str]:
    """``turncheck certify`` of ``selection`` on an adapter that never answers, once it is stuck in it."""
    marker = reports.parent / "stuck"
    command = [sys.executable, "-m", "checker", "certify", "--engine", "tests.fakes.adapters:Stuck"]
    command += [*selection, "--plain", "--report-dir", str(reports)]
    env = {**os.environ, "FAKE_ADAPTER_MARKER": str(marker)}
    run = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not marker.exists() and time.monotonic() < deadline and run.poll() is None:
        time.sleep(0.1)
    if not marker.exists():
        run.kill()
        out, err = run.communicate()
        raise AssertionError(f"the stuck adapter was never reached: {out}{err}")
    return run


@pytest.mark.usefixtures("default_handlers")
@pytest.mark.parametrize(
    ("signum", "selection"),
    [
        (signal.SIGINT, UNTAP),
        (signal.SIGTERM, UNTAP),
        (signal.SIGHUP, UNTAP),
        (signal.SIGTERM, (*TWO_PARTS, "-j", "2")),
    ],
)
def test_a_signal_keeps_the_results_so_far_and_exits_128_plus_its_number(
    tmp_path: Path, signum: int, selection: tuple[str, ...]
) -> None:
    reports = tmp_path / "reports"
    with stuck_certification(reports, selection) as run:
        run.send_signal(signum)
        out, err = run.communicate(timeout=60)
    assert run.returncode == 128 + signum, out + err
    assert f"interrupted by {signal.Signals(signum).name}" in err
    report = read_json(reports / "report.json")
    assert len(report.results) > 0 and report.partial is not None
    _says_partial(reports, report)


def _cut_short_game_left_apart(traces: Path, report: RunReport) -> None:
    """The traces of a run whose last game was cut short: one per scenario run done, each whole (it checks
    clean), and the game cut short under its unfinished name only, which ``turncheck trace DIR`` doesn't read."""
    assert len(list(traces.glob("*.trace.jsonl"))) == len(report.results) > 0
    assert len(list(traces.glob("*.trace.jsonl.partial"))) == 1
    checked = turncheck("trace", str(traces))
    assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.usefixtures("default_handlers")
def test_a_game_an_interrupt_cuts_short_leaves_no_trace_that_passes_for_a_whole_game(tmp_path: Path) -> None:
    reports, traces = tmp_path / "reports", tmp_path / "traces"
    with stuck_certification(reports, (*UNTAP, "--record-traces", str(traces))) as run:
        run.send_signal(signal.SIGINT)
        out, err = run.communicate(timeout=60)
    assert run.returncode == 130, out + err
    _cut_short_game_left_apart(traces, read_json(reports / "report.json"))


def test_a_game_its_adapter_cuts_short_ending_the_process_leaves_no_trace_that_passes_for_a_whole_game(
    tmp_path: Path,
) -> None:
    done, report = adapter_run(tmp_path, "Exiting", "--record-traces", str(tmp_path / "traces"))
    assert done.returncode == 1, done.stdout + done.stderr
    _cut_short_game_left_apart(tmp_path / "traces", report)


def test_a_certification_recorded_into_a_directory_used_again_says_how_many_traces_it_didnt_write(
    tmp_path: Path,
) -> None:
    """Two sessions (-j 2) record into the directory of a wider run: the traces they both wrote are this
    run's, the wider run's others are counted, left there (before, nothing was said)."""
    traces = tmp_path / "traces"
    record = ("certify", "--engine", "reference", *TWO_PARTS, "-j", "2", "--plain", "--record-traces", str(traces))
    first = turncheck(*record)
    assert first.returncode == 0 and "didn't write" not in first.stderr, first.stdout + first.stderr
    every = len(list(traces.iterdir()))
    again = turncheck(*record, "--edition", "cr2024", "--report-dir", str(tmp_path / "reports"))
    assert again.returncode == 0, again.stdout + again.stderr
    ran = len(read_json(tmp_path / "reports" / "report.json").results)
    assert 0 < ran < every and len(list(traces.iterdir())) == every
    said = f"note: {traces} holds {every - ran} traces this run didn't write, an earlier run's"
    assert said in again.stderr and f"with this run's {ran};" in again.stderr


@pytest.mark.usefixtures("sighup_ignored")
def test_a_signal_the_run_was_started_with_ignored_stays_ignored(tmp_path: Path) -> None:
    """Started under ``nohup`` (SIGHUP ignored), a certification outlives its terminal: a SIGHUP
    changes nothing, and the SIGTERM that comes later stops it as ever (exit 143, not 129)."""
    with stuck_certification(tmp_path / "reports", UNTAP) as run:
        run.send_signal(signal.SIGHUP)
        time.sleep(1)
        assert run.poll() is None, "a SIGHUP the run was started with ignored stopped it"
        run.send_signal(signal.SIGTERM)
        out, err = run.communicate(timeout=60)
    assert run.returncode == 128 + signal.SIGTERM, out + err
    assert "interrupted by SIGTERM" in err and "SIGHUP" not in err


@pytest.mark.usefixtures("default_handlers")
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_as_the_sessions_end_waits_for_the_reports_and_the_run_ends_interrupted(
    tmp_path: Path, signum: int
) -> None:
    """A signal once the sessions had ended, as the results were gathered into the report: SIGTERM
    ended the process at once, with no report; SIGINT said only "interrupted", the report lost too."""
    reports = tmp_path / "reports"
    done = signalled_as_it_writes(
        "checker.running.durations", "record", "certify", *UNTAP, "--plain", "--report-dir", str(reports),
        number=signum,
    )  # fmt: skip
    assert done.returncode == 128 + signum, done.stdout + done.stderr
    name = signal.Signals(signum).name
    assert f"interrupted by {name} as the results were written: they were written first" in done.stderr
    assert "Traceback" not in done.stderr
    report = read_json(reports / "report.json")
    assert len(report.results) == 64 and report.partial is None


@pytest.mark.usefixtures("default_handlers")
def test_a_signal_as_the_sessions_are_forked_interrupts_the_run(tmp_path: Path) -> None:
    """SIGTERM as the session is forked, before the supervisor's handlers are in place: it was taken
    as one coming after the sessions (held for the reports), so the run went on whole, and then
    ended 143 saying it came "as the results were written"."""
    reports = tmp_path / "reports"
    done = signalled_as_it_writes("os", "fork", "certify", *UNTAP, "--plain", "--report-dir", str(reports))
    assert done.returncode == 143, done.stdout + done.stderr
    assert "as the results were written" not in done.stderr and "Traceback" not in done.stderr
    assert "interrupted by SIGTERM" in done.stderr
    _says_partial(reports, read_json(reports / "report.json"))


@pytest.mark.usefixtures("default_handlers")
def test_a_ctrl_c_as_the_command_line_is_read_is_said_in_one_line_with_130() -> None:
    """Between the command's imports and its work: a traceback, and the process ended by SIGINT."""
    done = signalled_as_it_writes("checker.cli", "turncheck_parser", "certify", "--plain", number=signal.SIGINT)
    assert done.returncode == 130, done.stdout + done.stderr
    assert done.stderr == "error: interrupted\n"


@pytest.mark.usefixtures("default_handlers")
def test_the_sessions_of_a_run_killed_outright_end_with_it(tmp_path: Path) -> None:
    """``-j 2``, the command killed by SIGKILL (a CI runner ending its step, the OOM killer) while a
    session is stuck in its adapter (for longer than the test waits: its request's timeout is an hour):
    no session goes on without it. They ran on, the stuck one until its timeout."""
    with stuck_certification(tmp_path / "reports", (*TWO_PARTS, "-j", "2", "--timeout", "3600")) as run:
        sessions = children(run.pid)
        run.kill()
        run.wait(timeout=60)  # not its output, whose pipes a session left running would hold open
    try:
        assert sessions
        assert [pid for pid in sessions if not ended_within(pid, 30)] == []
    finally:
        for pid in sessions:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


#: A pytest plugin another project installed, found by its entry point: it fails every test.
SPOILER = """
def pytest_runtest_call(item):
    raise AssertionError("failed by another project's plugin")
"""


def test_a_certifications_sessions_are_its_own_whatever_pytest_would_take_from_outside(tmp_path: Path) -> None:
    """pytest loads every installed plugin into a session and the conftest.py files above its tests, and
    takes options from the directory's configuration and from its environment variables; a
    certification's sessions take none of them."""
    (tmp_path / "spoiler.py").write_text(SPOILER)
    found = tmp_path / "spoiler-1.0.dist-info"
    found.mkdir()
    (found / "METADATA").write_text("Metadata-Version: 2.1\nName: spoiler\nVersion: 1.0\n")
    (found / "entry_points.txt").write_text("[pytest11]\nspoiler = spoiler\n")
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = -k nothing_at_all\nfilterwarnings = error\n")
    # The suite as if installed in a project (a virtual environment inside it): a conftest.py above it.
    installed = tmp_path / "venv" / "site-packages"
    installed.mkdir(parents=True)
    (installed / "checker").symlink_to(ROOT / "checker")
    (tmp_path / "conftest.py").write_text(SPOILER.replace("another project's plugin", "a project's conftest.py"))
    path = os.pathsep.join(filter(None, [str(installed), str(tmp_path), str(ROOT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    selection = ("--part", "untap", "--edition", "cr2024")

    def plain_pytest(*leaving_out: str) -> str:
        """A plain pytest session of the same scenarios, from the project's directory: what it prints."""
        command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "-x"]
        command += ["--pyargs", "checker.running.test_conformance", *selection, *leaving_out]
        return subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, env=env, timeout=300).stdout

    # The plugin is installed and the conftest.py above the suite, and pytest loads both.
    assert "failed by another project's plugin" in (said := plain_pytest("--noconftest")), said
    assert "failed by a project's conftest.py" in (said := plain_pytest("-p", "no:spoiler")), said
    reports = tmp_path / "reports"
    outside = {**env, "PYTEST_ADDOPTS": "--collect-only", "PYTEST_PLUGINS": "spoiler"}
    done = turncheck("certify", *selection, "--plain", "--report-dir", str(reports), env=outside, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    results = read_json(reports / "report.json").results
    assert results and all(r.status is Status.PASSED for r in results)


def test_a_certification_leaves_the_temporary_directory_as_it_found_it(tmp_path: Path) -> None:
    """The scenarios the rules checker watches record their game in a directory of their own and
    remove it; pytest's own temporary directories, those of the user's test runs, are left alone
    (a session that makes one of them deletes the oldest)."""
    temporary = tmp_path / "tmp"
    theirs = temporary / f"pytest-of-{_user()}"
    for n in range(5):
        (theirs / f"pytest-{n}" / "kept").mkdir(parents=True)
    theirs.chmod(0o700)
    before = sorted(temporary.rglob("*"))
    reports = tmp_path / "reports"
    watched = "drawn before the draw-step trigger"
    done = turncheck(
        "certify", "--part", "draw", "--edition", "cr2024", "-k", watched, "--plain", "--report-dir", str(reports),
        env={**os.environ, "TMPDIR": str(temporary)},
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    results = read_json(reports / "report.json").results
    assert [r.status for r in results] == [Status.PASSED], results
    assert "the rules checker finds no violation in the game" in results[0].steps[-1]
    assert sorted(temporary.rglob("*")) == before


def _user() -> str:
    """The user's name as pytest names its temporary directories after it ("unknown" where it can't be told)."""
    try:
        user = getpass.getuser()
    except (OSError, KeyError):
        user = "unknown"
    return re.sub(r"\W", "_", user)


def test_a_reader_that_goes_away_loses_the_output_but_not_the_run(tmp_path: Path) -> None:
    """``turncheck certify | head -1``: the run goes on to its reports and its verdict, and says
    on stderr that its output was cut."""
    reports = tmp_path / "reports"
    command = [sys.executable, "-m", "checker", "certify", *TWO_PARTS, "--plain", "--report-dir", str(reports)]
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert run.stdout is not None and run.stderr is not None
    assert run.stdout.readline().startswith("certifying")
    run.stdout.close()
    said = run.stderr.read()
    assert run.wait(timeout=300) == 0, said
    assert "the standard output was closed before the command ended" in said
    results = read_json(reports / "report.json").results
    assert {r.part for r in results} == {"untap", "draw"} and all(r.status is Status.PASSED for r in results)


def test_a_run_started_with_its_output_closed_still_writes_its_reports(tmp_path: Path) -> None:
    """``turncheck certify >&-``: Python has no ``sys.stdout`` at all."""
    reports = tmp_path / "reports"
    closed = lambda: os.close(1)  # noqa: E731
    done = turncheck("certify", "--part", "untap", "--plain", "--report-dir", str(reports), preexec_fn=closed)
    assert done.returncode == 0, done.stderr
    assert read_json(reports / "report.json").results


def test_a_working_directory_deleted_before_the_run_is_a_usage_error(tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    gone.mkdir()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    done = turncheck("certify", "--part", "untap", "--plain", env=env, cwd=gone, preexec_fn=gone.rmdir)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "the working directory can't be used" in done.stderr and "Traceback" not in done.stderr


def test_an_engine_program_that_isnt_executable_is_said_to_be_so(tmp_path: Path) -> None:
    script = tmp_path / "engine.sh"
    script.write_text("#!/bin/sh\n")
    done = turncheck("certify", "--engine", str(script), "--part", "untap", "--plain")
    assert done.returncode == 2 and f"{str(script)!r} is not executable (chmod +x it)" in done.stderr, done.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_engine_that_cannot_be_found_is_said_once_as_the_commands_errors_are(jobs: str) -> None:
    """The session that checks the engine runs in a child, one per job: the parent says why once."""
    done = turncheck("certify", "--engine", "nowhere:Engine", "--jobs", jobs, "--plain")
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.splitlines() == [
        f"error: engine 'nowhere:Engine': No module named 'nowhere': {NOT_IMPORTABLE}"
    ], done.stderr


# --------------------------------------------------------------------------- several jobs


def test_auto_jobs_are_one_per_processor_the_run_may_use(monkeypatch: pytest.MonkeyPatch) -> None:
    assert options.jobs("3") == 3
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 5, 7}, raising=False)
    assert options.jobs("auto") == 3  # those this process may run on, not all the machine has
    monkeypatch.delattr(os, "sched_getaffinity")
    monkeypatch.setattr(os, "cpu_count", lambda: None)  # unknown
    assert options.jobs("auto") == 1


def _comparable(report: RunReport) -> list[tuple[object, ...]]:
    """Everything of each result but how long it took."""
    return [(r.id, r.status, r.message, r.failing_step, r.steps, r.rulings, r.title) for r in report.results]


def test_two_jobs_give_the_results_of_one_scenario_by_scenario(tmp_path: Path) -> None:
    reports = {}
    for jobs in ("1", "2"):
        done = turncheck("certify", *TWO_PARTS, "--plain", "-j", jobs, "--report-dir", str(tmp_path / jobs))
        assert done.returncode == 0, done.stdout + done.stderr
        reports[jobs] = read_json(tmp_path / jobs / "report.json")
    one, two = reports["1"], reports["2"]
    assert {r.part for r in one.results} == {"untap", "draw"}
    assert _comparable(two) == _comparable(one)
    assert two.engine == one.engine and two.partial is None


def two_jobs_run(tmp_path: Path, adapter: str) -> tuple[subprocess.CompletedProcess[str], RunReport]:
    """``-j 2`` over two parts with a fake adapter whose fault happens once, in whichever job gets there first."""
    marker, reports = tmp_path / "fault-happened", tmp_path / "reports"
    env = {**os.environ, "FAKE_ADAPTER_MARKER": str(marker)}
    done = turncheck(
        "certify", "--engine", f"tests.fakes.adapters:{adapter}", *TWO_PARTS, "-j", "2", "--plain",
        "--report-dir", str(reports), env=env,
    )  # fmt: skip
    assert marker.exists(), done.stdout + done.stderr
    return done, read_json(reports / "report.json")


def test_with_jobs_the_run_is_announced_with_every_jobs_scenario_runs(tmp_path: Path) -> None:
    """It said the runs of the job that collected first: 15 of 44."""
    reports = tmp_path / "reports"
    done = turncheck("certify", *TWO_PARTS, "--edition", "cr2024", "-j", "3", "--plain", "--report-dir", str(reports))
    assert done.returncode == 0, done.stdout + done.stderr
    runs = len(read_json(reports / "report.json").results)
    assert done.stdout.startswith(f"certifying: {runs} scenario runs\n") and f"  {runs}/{runs}: " in done.stdout


def test_one_job_ending_its_process_leaves_the_others_to_finish_and_the_run_partial(
    tmp_path: Path, honest: RunReport
) -> None:
    done, report = two_jobs_run(tmp_path, "Exiting")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "ended (exit code 0) before the run finished" in done.stderr
    by_part = Counter(r.part for r in report.results)
    # One session had the fault; the other ran its whole part (untap: 64 runs; draw: as the honest run).
    draw = len(honest.results)
    assert (by_part["untap"] == 64) != (by_part["draw"] == draw)
    assert 0 < len(report.results) < 64 + draw
    assert {r.status for r in report.results} == {Status.PASSED}
    _says_partial(tmp_path / "reports", report)


def test_a_keyboard_interrupt_in_one_job_stops_every_job(tmp_path: Path, honest: RunReport) -> None:
    done, report = two_jobs_run(tmp_path, "Interrupting")
    assert done.returncode == 130, done.stdout + done.stderr
    assert "interrupted (KeyboardInterrupt)" in done.stderr and "scenario runs done" in done.stderr
    assert "error: interrupted\n" not in done.stderr  # once said by a job that left into the command's code
    assert 0 < len(report.results) < 64 + len(honest.results)
    _says_partial(tmp_path / "reports", report)


def test_an_engine_supporting_none_of_the_editions_does_not_pass(tmp_path: Path) -> None:
    done, report = adapter_run(tmp_path, "NoEditions")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "no scenario ran" in done.stderr and "does not support" in done.stderr
    assert {r.status for r in report.results} == {Status.UNSUPPORTED}
    assert report.engine.name == "reference-engine"  # its identity is kept though no scenario could run


def test_an_engine_that_names_itself_otherwise_mid_run_does_not_pass_as_the_first(tmp_path: Path) -> None:
    done, report = adapter_run(tmp_path, "NamedAnew")
    assert done.returncode == 1, done.stdout + done.stderr
    first = report.engine.version
    assert report.engine.name == "reference-engine" and first.startswith("0.")
    others = [r for r in report.results if r.status is Status.ERROR]
    assert len(others) == len(report.results) - 1  # each scenario's adapter is made anew: all but the first
    assert "passed as engine 'reference-engine' '0." in (others[0].message or "")
    assert f"not as the run's, 'reference-engine' '{first}'" in (others[0].message or "")


# --------------------------------------------------------------------------- inputs checked first


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--timeout", "0"], "positive, finite"),
        (["--timeout", "-1"], "positive, finite"),
        (["--timeout", "nan"], "positive, finite"),
        (["--timeout", "inf"], "positive, finite"),
        (["--timeout", "1e308"], "at most 604800 seconds"),  # once every scenario erred: past what a timer holds
        (["--ruling", "CR24-999.9"], "--ruling 'CR24-999.9': no such ruling id; did you mean"),
        (["--part", "untpa"], "--part 'untpa': no such part; did you mean untap?"),
        (["--part", "foo"], "--part 'foo': no such part; the parts: beginning_of_turn, combat, "),
        (["--ruling", "foo"], "--ruling 'foo': no such ruling id among the suite's "),
        (["--expect", "/dev/zero"], "--expect: /dev/zero: not a regular file"),
        (["--report-dir", "/dev/null"], "--report-dir /dev/null: exists and is not a directory"),
        (["--jobs", "0"], "--jobs 0: must be 1 or more"),
        (["--jobs", "many"], "'many' is not a number of sessions (a whole number, or auto)"),
    ],
)
def test_a_wrong_option_is_refused_before_the_run_naming_it(args: list[str], said: str) -> None:
    done = turncheck("certify", "--plain", *args, timeout=60)
    assert done.returncode == 2, done.stdout + done.stderr
    assert said in done.stderr
    assert "certifying" not in done.stdout  # nothing ran


def test_files_given_to_the_run_are_checked_before_it(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    done = turncheck("certify", "--plain", "--expect", str(fifo), timeout=60)  # once hung forever
    assert done.returncode == 2 and "not a regular file" in done.stderr
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    done = turncheck("certify", "--plain", "--expect", str(bad), timeout=60)  # once a traceback after the run
    assert done.returncode == 2 and f"--expect: {bad}: not an expectations file" in done.stderr
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    done = turncheck("certify", "--plain", "--report-dir", str(a_file / "reports"), timeout=60)
    assert done.returncode == 2 and "can't be written" in done.stderr
    assert "certifying" not in done.stdout


def test_every_json_document_read_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from checker.contract import documents
    from checker.judging.reports.json_report import ReportError

    big = tmp_path / "big.json"
    big.write_text(" " * 2000 + "{}")
    monkeypatch.setattr(documents, "MAX_BYTES", 1000)
    with pytest.raises(ReportError, match="larger than"):
        read_json(big)


@pytest.mark.parametrize("command", ["diff", "expect"])
def test_deeply_nested_json_is_refused_clearly(tmp_path: Path, command: str) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    done = turncheck(command, str(deep), str(deep), timeout=60)
    assert done.returncode == 2, done.stderr
    assert "nested too deeply" in done.stderr and "Traceback" not in done.stderr


def test_a_number_too_long_to_read_is_said_in_plain_words(tmp_path: Path) -> None:
    """Python's own message advises raising a limit of the interpreter, which a user of turncheck can't."""
    long = tmp_path / "long.json"
    long.write_text('{"format_version": 1' + "0" * 5000 + "}")
    with pytest.raises(ValueError, match="a number too long to read") as refused:
        read_json(long)
    assert "set_int_max_str_digits" not in str(refused.value)


def test_k_selects_scenarios_whose_name_contains_the_text(tmp_path: Path) -> None:
    done, report = adapter_run(tmp_path, "NoEditions", "-k", "winter ORB")  # the README's example, any case
    assert report.results and all("winter orb" in r.scenario.lower() for r in report.results)
    # Not a pytest expression: 'and' is just text, and no scenario has it in its name.
    done = turncheck("certify", "--plain", "--part", "untap", "-k", "Winter and Orb", timeout=120)
    assert done.returncode == 2 and "no scenario matches the selection" in done.stderr


def test_writing_expectations_over_a_file_keeps_what_the_run_did_not_select(tmp_path: Path) -> None:
    expectations = tmp_path / "expectations.json"
    args = ("certify", "--engine", "tests.fakes.adapters:NoEditions", "--plain", "--part", "untap")
    turncheck(*args, "--write-expectations", str(expectations))
    before = json.loads(expectations.read_text())["expectations"]
    assert len(before) == 64
    narrower = turncheck(*args, "-k", "winter orb", "--edition", "cr2024", "--write-expectations", str(expectations))
    assert narrower.returncode == 1 and "2/2" in narrower.stdout, narrower.stdout + narrower.stderr
    after = json.loads(expectations.read_text())["expectations"]
    assert {e["id"] for e in after} == {e["id"] for e in before}  # once: only this run's 2 were left


# --------------------------------------------------------------------------- output


def _no_terminal_tricks(text: str) -> None:
    for character in ("\x1b", "\x00", "\u202e"):
        assert character not in text
    assert not any(line.startswith("PASSED") for line in text.splitlines())


def test_engine_strings_reach_the_terminal_escaped(tmp_path: Path) -> None:
    done, report = adapter_run(tmp_path, "Hostile")
    assert done.returncode == 1
    assert "\\x1b[31m" in done.stdout and "\\u202e" in done.stdout  # shown, escaped
    _no_terminal_tricks(done.stdout + done.stderr)
    saved = tmp_path / "reports" / "report.json"
    old = tmp_path / "old.json"
    write_json(RunReport(report.suite_version, report.engine, report.started, 1.0, report.editions), old)
    diffed = turncheck("diff", str(old), str(saved), timeout=60)
    _no_terminal_tricks(diffed.stdout + diffed.stderr)
    assert "\\u202e" in diffed.stdout
    for name in ("report.html", "junit.xml", "summary.md"):
        assert "\u202e" not in (tmp_path / "reports" / name).read_text(encoding="utf-8"), name


# --------------------------------------------------------------------------- smoke


def test_a_report_directory_named_like_markup_is_written_and_said(tmp_path: Path) -> None:
    reports = tmp_path / "reports[/b]"
    done = turncheck("certify", "--part", "untap", "--edition", "mirage", "--plain", "--report-dir", str(reports))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"reportswrittento{reports}" in "".join(done.stdout.split()) and (reports / "report.json").exists()


def test_what_looks_like_an_emoji_code_is_shown_as_given(tmp_path: Path) -> None:
    """rich turns ``:b:`` into an emoji: a path said so would name a directory that doesn't exist."""
    done = turncheck("certify", "--part", ":smile:", timeout=60)
    assert done.returncode == 2 and "--part ':smile:'" in done.stderr, done.stderr
    reports = tmp_path / "a:b:"
    done = turncheck("certify", "--part", "untap", "--edition", "mirage", "--plain", "--report-dir", str(reports))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"reportswrittento{reports}" in "".join(done.stdout.split())


def test_a_bug_of_turncheck_exits_3_not_1(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """An exception nothing foresaw is an internal error (3), which no CI takes for a run that failed (1)."""

    def broken(*args: object) -> int:
        raise RuntimeError("a bug")

    monkeypatch.setattr("checker.cli.run_diff", broken)
    assert main(["diff", "old.json", "new.json"]) == 3
    err = capsys.readouterr().err
    assert "RuntimeError: a bug" in err and "an internal error of turncheck" in err


def test_smoke_checks_the_handshake_and_plays_a_few_games_per_edition() -> None:
    done = turncheck("smoke", "--plain")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "handshake: reference-engine" in done.stdout and "editions: cr2008, cr2024, mirage" in done.stdout
    assert "smoke: ok (mirage, cr2008, cr2024)" in done.stdout


@pytest.mark.parametrize(
    ("engine", "said"),
    [
        (f"{sys.executable} {FAKE} crash:perform:3", "fake engine: crashing on perform #3"),  # the stderr tail
        (f"{sys.executable} {FAKE} lie-protocol", "the engine failed its handshake"),
        ("tests.fakes.adapters:NoEditions", "supports none of the suite's editions"),
    ],
)
def test_smoke_fails_fast_saying_why(engine: str, said: str) -> None:
    done = turncheck("smoke", "--plain", "--engine", engine, "--timeout", "5")
    assert done.returncode == 1, done.stdout + done.stderr
    assert said in done.stderr
    assert "64/64" not in done.stdout  # it stopped at the first game that broke


def test_smoke_names_an_effect_the_catalog_doesnt_have_and_doesnt_count_it() -> None:
    done = turncheck("smoke", "--plain", "--engine", "tests.fakes.adapters:UnknownEffect")
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"of the catalog's {len(catalog.CATALOG)} (and 1 it doesn't have: bogus_effect)" in done.stdout


@pytest.mark.usefixtures("default_handlers")
def test_smoke_interrupted_before_any_game_still_names_the_engine_of_its_handshake() -> None:
    """The handshake was shown: the summary of the interrupted run names that engine, not "unknown"."""
    engine = f"{sys.executable} {FAKE} slow-start:3"  # each start takes 3 s: the games' engine too
    command = [sys.executable, "-m", "checker", "smoke", "--plain", "--engine", engine]
    with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as run:
        assert run.stdout is not None
        shown = ""
        while "smoke: 64 scenario runs" not in shown and (line := run.stdout.readline()):
            shown += line
        assert "handshake: reference-engine 0.1.0" in shown
        run.send_signal(signal.SIGINT)
        out, err = run.communicate(timeout=60)
    assert run.returncode == 130, shown + out + err
    assert "reference-engine 0.1.0: conformance per edition" in out
    assert "0 of 64 scenario runs done" in err and "no handshake with the engine succeeded" not in err


def test_smoke_refuses_an_engine_that_cannot_be_found() -> None:
    done = turncheck("smoke", "--engine", "nowhere:Engine")
    assert done.returncode == 2 and "No module named 'nowhere'" in done.stderr


@pytest.mark.parametrize(
    ("engine", "code", "said"),
    [
        ("", 2, "engine: an empty command line"),
        ("'unclosed", 2, "cannot read it as a command line"),
        ("tests.fakes.adapters:ExitsWhenAsked", 1, "the adapter's capabilities raised SystemExit(0)"),
        ("tests.fakes.adapters:VersionAsANumber", 1, "capabilities() gave the version 123, not text"),
        ("tests.fakes.adapters:ExitsAsItIsMade", 2, "could not be created: SystemExit: 0"),
    ],
)
def test_smoke_says_what_is_wrong_with_an_engine_that_cant_be_made_or_wont_say_what_it_supports(
    engine: str, code: int, said: str
) -> None:
    """None of these is a pass, nor a traceback: a sys.exit(0) in an adapter ended smoke with 0."""
    done = turncheck("smoke", "--plain", "--engine", engine, timeout=60)
    assert done.returncode == code and said in done.stderr, done.stdout + done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("env", "said"),
    [({}, "RuntimeError: this adapter's module fails as it is imported"), ({"FAKE_IMPORT_EXIT": "1"}, "SystemExit: 0")],
)
def test_an_adapter_module_that_fails_as_it_is_imported_is_named_not_an_internal_error(
    env: dict[str, str], said: str
) -> None:
    engine = "tests.fakes.failing_import:Adapter"
    done = turncheck("certify", "--engine", engine, "--part", "untap", "--plain", env={**os.environ, **env})
    assert done.returncode == 2, done.stdout + done.stderr
    assert f"importing tests.fakes.failing_import failed: {said}" in done.stderr
    assert "INTERNALERROR" not in done.stdout + done.stderr


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (
            ["certify", "--plain", "--part", "untap", "--engine", "tests.fakes.hanging_import:Adapter"],
            "engine 'tests.fakes.hanging_import:Adapter': importing tests.fakes.hanging_import did not end within 10 s",
        ),
        (
            ["smoke", "--plain", "--timeout", "0.5", "--engine", "tests.fakes.adapters:HangsAsItIsMade"],
            "engine 'tests.fakes.adapters:HangsAsItIsMade' could not be created: HangsAsItIsMade() did not return "
            "within 10 s",
        ),
        (
            ["explore", "--games", "2", "--engine", "tests.fakes.adapters:HangsAsItIsMade"],
            "engine 'tests.fakes.adapters:HangsAsItIsMade' could not be created: HangsAsItIsMade() did not return "
            "within 10 s",
        ),
        (
            ["serve", "--engine", "tests.fakes.hanging_import:Adapter"],
            "engine 'tests.fakes.hanging_import:Adapter': importing tests.fakes.hanging_import did not end within 10 s",
        ),
    ],
    ids=["certify", "smoke", "explore", "serve"],
)
def test_an_adapter_that_hangs_as_it_is_imported_or_made_is_one_that_cant_be_loaded(
    command: list[str], said: str, tmp_path: Path
) -> None:
    """Not a run that waits for ever: the import and the creation each get the start-up time an
    engine process's handshake gets (10 s, whatever a shorter --timeout says)."""
    if command[0] == "explore":
        command += ["--report-dir", str(tmp_path / "reports")]
    done = turncheck(*command, timeout=60)
    assert done.returncode == 2 and f"error: {said}" in done.stderr, done.stdout + done.stderr
    assert "Traceback" not in done.stderr


def test_an_adapter_exiting_when_asked_what_it_supports_errs_in_every_scenario_saying_so(tmp_path: Path) -> None:
    done, report = adapter_run(tmp_path, "ExitsWhenAsked", "--edition", "mirage")
    assert done.returncode == 1, done.stdout + done.stderr
    assert report.results and {r.status for r in report.results} == {Status.ERROR}
    assert all("the adapter's capabilities raised SystemExit(0)" in (r.message or "") for r in report.results)


def test_a_run_started_without_a_standard_error_still_gives_its_reports_and_verdict(tmp_path: Path) -> None:
    """``2>&-``: pytest's session failed at its start without a stderr (exit 3 and no report)."""
    reports = tmp_path / "reports"
    args = ("certify", "--part", "untap", "--edition", "mirage", "--plain", "--report-dir", str(reports))
    done = turncheck(*args, preexec_fn=lambda: os.close(2))
    assert done.returncode == 0, done.stdout
    assert read_json(reports / "report.json").ok and "reports written to" in done.stdout


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_an_output_that_cant_be_written_loses_the_output_but_not_the_run(tmp_path: Path) -> None:
    """``turncheck certify > /dev/full`` (a disk full): the run goes on to its reports and its
    verdict and says why its output is lost; a command that only prints says so and exits 2."""
    reports = tmp_path / "reports"
    command = [sys.executable, "-m", "checker", "certify", *TWO_PARTS, "--plain", "--report-dir", str(reports)]
    with open("/dev/full", "w") as full:
        run = subprocess.run(command, stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=300)
        assert run.returncode == 0, run.stderr
        assert "the standard output couldn't be written (No space left on device)" in run.stderr
        assert {r.part for r in read_json(reports / "report.json").results} == {"untap", "draw"}
        lint = [sys.executable, "-m", "checker", "lint"]
        run = subprocess.run(lint, stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 2
    assert "turncheck lint: its output can't be written: No space left on device" in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize(
    "argv",
    [
        ["site", "--out", "", "report.json"],
        ["trace", "kept.jsonl", "--report-dir="],
        ["certify", "--part", "untap", "--record-traces", " "],
        ["explore", "--games", "1", "--report-dir", ""],
        ["import", "arena", "Player.log", "--out", ""],
        ["site", "--out", "site", "--traces", ""],
        ["trace", "kept.jsonl", "--expect", ""],
        ["explore", "--merge", ""],
        # An option abbreviated, as argparse takes it; a list's later value; a path that isn't an option.
        ["certify", "--part", "untap", "--report", ""],
        ["explore", "--merge", "shard-1.json", ""],
        ["diff", "", "new.json"],
    ],
)
def test_an_empty_path_is_a_usage_error_not_the_current_directory(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--out "$UNSET"`` in a CI script: nothing is written into (or read from) the directory the
    command runs in."""
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert "an empty path (an unset variable?)" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_every_path_option_of_certify_refuses_an_empty_value(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each option its help shows taking a DIR or a FILE, an input (``--expect``) as an output."""
    monkeypatch.chdir(tmp_path)
    assert main(["certify", "--help"]) == 0
    paths = re.findall(r"^  (--[a-z-]+) (?:DIR|FILE)\b", capsys.readouterr().out, re.MULTILINE)
    assert "--expect" in paths and "--report-dir" in paths
    for option in paths:
        for given in ([option, ""], [f"{option}="]):
            assert main(["certify", "--part", "untap", *given]) == 2
            assert f"error: argument {option}: an empty path (an unset variable?)" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", ["certify", "smoke", "serve"])
def test_a_message_size_limit_past_1_gib_is_a_usage_error(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``serve --max-message-bytes 99999999999999999999999`` once crashed (exit 3) asking for a line that long."""
    assert main([command, "--max-message-bytes", "9" * 23]) == 2
    assert "a message size limit must be at most 1,073,741,824 bytes (1 GiB)" in capsys.readouterr().err
    assert main([command, "--help"]) == 0
    assert "at most 1,073,741,824" in " ".join(capsys.readouterr().out.split())


COMMANDS = ["certify", "smoke", "diff", "compare", "expect", "lint", "coverage", "trace", "site", "import", "explore"]
COMMANDS += ["serve"]


@pytest.mark.parametrize("command", COMMANDS)
def test_every_commands_help_says_its_exit_codes(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """What a CI step's exit code means is in ``--help``, for every command."""
    assert main([command, "--help"]) == 0
    assert "exit codes: 0 " in " ".join(capsys.readouterr().out.split()).lower()


@pytest.mark.parametrize("command", COMMANDS)
def test_every_commands_help_says_what_it_does_and_what_each_file_it_takes_is(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A paragraph under the usage, and a meaning beside each positional argument (diff's said
    'old new' and nothing more). Listed in turncheck's own help too."""
    monkeypatch.setenv("COLUMNS", "100")
    assert main([command, "--help"]) == 0
    usage, description, *rest = capsys.readouterr().out.split("\n\n")
    assert usage.startswith("usage:") and not description.startswith(("positional arguments:", "options:"))
    positional = next((block for block in rest if block.startswith("positional arguments:")), "")
    entries = re.split(r"\n  (?=\S)", positional)[1:]  # each argument, its help beside it or below
    for entry in entries:
        name, _, meaning = entry.partition(" ")
        assert meaning.strip() or name.startswith("{"), f"{command}: {name} has no help"  # {a,b}: subcommands
    assert main(["--help"]) == 0
    assert f" {command} " in capsys.readouterr().out


def test_a_run_narrowed_by_k_or_ruling_passes_the_gate_of_the_whole_suites_expectations(tmp_path: Path) -> None:
    """The entries of the scenarios the selection left out are not checked, not stale: the run
    says nothing of them. A scenario it took in but no longer finds stays stale."""
    engine, expected = "tests.fakes.adapters:NoUpkeepPriority", tmp_path / "expectations.json"
    written = turncheck(
        "certify", "--engine", engine, "--part", "untap", "--plain", "--write-expectations", str(expected)
    )
    assert written.returncode == 1 and expected.exists(), written.stderr
    for narrowed in (["-k", "Breezekeeper"], ["--ruling", "GRT-1.6-4"]):
        done = turncheck(
            "certify", "--engine", engine, "--part", "untap", "--plain", "--expect", str(expected), *narrowed
        )
        assert done.returncode == 0, done.stdout + done.stderr
        assert "the selection left their scenario out" in done.stdout + done.stderr
    data = json.loads(expected.read_text())
    gone = next(e for e in data["expectations"] if "Breezekeeper" in e["id"])
    data["expectations"].append({**gone, "id": gone["id"].replace("Breezekeeper", "Breezekeeper renamed")})
    expected.write_text(json.dumps(data))
    done = turncheck(
        "certify", "--engine", engine, "--part", "untap", "--plain", "--expect", str(expected), "-k", "Breezekeeper"
    )
    assert done.returncode == 1 and "1 stale expectation(s)" in done.stdout + done.stderr


def test_expectations_are_not_rewritten_from_a_run_whose_engine_never_started(tmp_path: Path) -> None:
    """Its results are the engine's failure to start: written, they would replace the entries and
    their reasons with errors, and the engine's name with none."""
    expected = tmp_path / "expectations.json"
    untap = ("certify", "--part", "untap", "--plain", "--write-expectations", str(expected))
    assert turncheck(*untap, "--engine", "tests.fakes.adapters:NoUpkeepPriority").returncode == 1
    before = expected.read_text()
    done = turncheck(*untap, "--engine", "sh -c 'exit 3'")
    assert done.returncode == 1
    assert "not written, as no handshake with the engine succeeded" in done.stderr
    assert expected.read_text() == before


def test_an_interrupt_while_the_command_starts_is_one_line_and_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C in the command's first fraction of a second, while Python imports it: no traceback."""
    import gc
    import types

    import checker.__main__ as entry

    starting = types.ModuleType("checker.cli")

    def interrupted(name: str) -> object:
        raise KeyboardInterrupt

    starting.__getattr__ = interrupted  # type: ignore[method-assign]
    monkeypatch.setitem(sys.modules, "checker.cli", starting)
    monkeypatch.setattr(gc, "disable", lambda: None)  # the test session's collector keeps running
    assert entry.main() == 130
    assert capsys.readouterr().err == "error: interrupted while starting\n"
