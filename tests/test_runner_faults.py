"""The runner against fake engines over the real wire: each fault costs only the scenario at hand.

Each fake is the reference engine served by ``tests/fakes/engine.py`` with one fault, run
through ``turncheck certify`` on the draw feature; the reports it writes are checked.
"""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from checker.judging.reports.json_report import read_json, write_json
from checker.judging.results import RunReport, Status
from checker.running.engines import START_ATTEMPTS

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
        ("hang:perform:3", Status.TIMEOUT, "fake engine: hanging on perform #3"),
        ("garbage:view:2", Status.ERROR, "isn't JSON: 'this is not JSON'"),
        ("wrong-id:events:1", Status.ERROR, "answered request"),
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
    code, report, _ = certify(tmp_path, "no-mana-burn", once=False, part="mana_burn_and_life")
    assert code == 1
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
    code, _, _ = certify(
        tmp_path, "no-mana-burn", "--write-expectations", str(expectations), once=False, part="mana_burn_and_life"
    )
    assert code == 1 and expectations.exists()
    code, _, output = certify(
        tmp_path, "no-mana-burn", "--expect", str(expectations), once=False, part="mana_burn_and_life"
    )
    assert code == 0, output
    data = json.loads(expectations.read_text())
    dropped = data["expectations"].pop()
    expectations.write_text(json.dumps(data))
    code, _, output = certify(
        tmp_path, "no-mana-burn", "--expect", str(expectations), once=False, part="mana_burn_and_life"
    )
    assert code == 1
    assert dropped["id"] in output
    # Written again over the file, the expectations keep the reasons written in it.
    data["expectations"][0]["reason"] = "issue #7: mana burn missing"
    expectations.write_text(json.dumps(data))
    certify(tmp_path, "no-mana-burn", "--write-expectations", str(expectations), once=False, part="mana_burn_and_life")
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
