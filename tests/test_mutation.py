"""A small run of the mutation script (``scripts/mutation.py``), to keep it working.

CI doesn't run the documented sample (300 mutants, about fifteen minutes on two cores; see
``docs/mutation.md``): these tests run three mutants, one a scenario fails, one that makes
scenarios unsupported and one reviewed as equivalent, and check the sample's reproducibility,
the processor-time timeout and the script's usage errors.
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "mutation.py"
#: Pump's "+N/+N" applied with the toughness as the power: the scenarios of Giant Growth see it.
KILLED = "reference_engine/abilities.py::Pump.apply::7"
#: Every game with a non-legendary card refused as one the engine can't play, in Mirage and cr2024: the scenarios
#: are unsupported, not failed, and that kills the mutant too.
UNSUPPORTED = "reference_engine/procedure.py::TurnProcedure._has_legendary_cards::7"
#: Ids counting by two instead of one: still unique (see docs/mutation-equivalents.md).
EQUIVALENT = "reference_engine/state.py::GameState.new_id::3"


def _run(*arguments: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *arguments], capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def _all_sites() -> list[object]:
    """Where every mutant of the engine is, as the script finds them (mutmut takes seconds): found once."""
    return list(_script()._sites())


@pytest.fixture
def script_found_once(monkeypatch: pytest.MonkeyPatch, _all_sites: list[object]) -> ModuleType:
    """The script in this process, taking the engine's mutants from :func:`_all_sites` instead of finding
    them all again; run from the root, as it changes its working directory there."""
    script = _script()
    monkeypatch.setattr(script, "_sites", lambda: iter(_all_sites))
    monkeypatch.chdir(ROOT)
    return script


def test_the_sample_is_the_same_for_the_same_seed_and_another_for_another(script_found_once: ModuleType) -> None:
    """The script's --list, and the samples drawn again in this process (another: no hash of its own)."""
    first = _run("--list", "--sample", "5", "--seed", "13")
    assert first.returncode == 0, first.stderr
    ids = first.stdout.split()
    assert len(set(ids)) == 5
    assert all(re.fullmatch(r"reference_engine/\w+\.py::[\w.]+::\d+", i) for i in ids), ids
    again, other = ([m.id for m in script_found_once.sample(seed, 5)[0]] for seed in (13, 14))
    assert again == ids
    assert other != ids


def test_a_named_mutant_is_found_in_its_own_file_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """--mutant reads only the files its ids name: mutmut takes seconds to find the mutants of all of them."""
    script = _script()
    read: list[str] = []
    find = script.create_mutations

    def reading(path: str, code: str) -> object:
        read.append(path)
        return find(path, code)

    monkeypatch.setattr(script, "create_mutations", reading)
    assert [m.id for m in script.named([KILLED, EQUIVALENT])] == [KILLED, EQUIVALENT]
    assert read == [str(ROOT / "reference_engine" / name) for name in ("abilities.py", "state.py")]


def test_a_killed_mutant_counts_and_a_reviewed_equivalent_is_left_out_of_the_score() -> None:
    result = _run("--mutant", KILLED, "--mutant", UNSUPPORTED, "--mutant", EQUIVALENT, "-j", "2")
    assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(rf"killed +{re.escape(KILLED)}", result.stdout)
    assert re.search(rf"killed +{re.escape(UNSUPPORTED)}", result.stdout)
    assert "2 of 2 non-equivalent mutants killed: 100.0%" in result.stdout
    assert "1 equivalent, 0 survived" in result.stdout


def test_an_equivalent_whose_diff_changed_counts_as_a_survivor_until_reviewed_again(tmp_path: Path) -> None:
    equivalents = tmp_path / "equivalents.md"
    equivalents.write_text(f"## `{EQUIVALENT}`\n\n```diff\n-something else\n```\nA stale reason.\n", encoding="utf-8")
    result = _run("--mutant", EQUIVALENT, "--equivalents", str(equivalents))
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"the diff of {EQUIVALENT} has changed since it was reviewed" in result.stdout
    assert f"survived: {EQUIVALENT}" in result.stdout
    assert "0 of 1 non-equivalent mutants killed: 0.0%" in result.stdout


def test_usage_errors_name_what_is_wrong(
    tmp_path: Path, script_found_once: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each exits 2 saying what is wrong; the last in this process, with the mutants found once."""
    unknown = _run("--mutant", "reference_engine/game.py::Nothing::1")
    assert unknown.returncode == 2
    assert "no such mutant" in unknown.stderr
    malformed = tmp_path / "equivalents.md"
    malformed.write_text(f"## `{EQUIVALENT}`\n\nno diff here\n", encoding="utf-8")
    bad_file = _run("--list", "--sample", "1", "--equivalents", str(malformed))
    assert bad_file.returncode == 2
    assert "needs a ```diff block and then its reason" in bad_file.stderr
    assert _run("--sample", "0").returncode == 2
    assert script_found_once.main(["--list", "--sample", "1000000"]) == 2
    assert "the engine has only" in capsys.readouterr().err


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_a_child_is_overdue_by_the_processor_time_it_spends_not_by_the_clock() -> None:
    """On a machine busy with other work a survivor runs slowly without computing more: only a child that
    computes (an infinite loop) or waits ten times the timeout counts as killed by timeout."""
    script = _script()
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    idle = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        deadline = time.monotonic() + 60
        while (script._cpu_seconds(busy.pid) or 0) <= 0.5 and time.monotonic() < deadline:
            time.sleep(0.1)
        now = time.monotonic()
        assert script._cpu_seconds(busy.pid) > 0.5
        assert script._cpu_seconds(idle.pid) < 0.5
        assert script._overdue(busy.pid, now, now, 0.5)  # at once by the clock
        assert not script._overdue(idle.pid, now - 4, now, 0.5)
        assert script._overdue(idle.pid, now - 6, now, 0.5)  # ten times the timeout by the clock
        assert script._cpu_seconds(2**22 + 1) is None  # no such process
    finally:
        for child in (busy, idle):
            child.kill()
            child.wait()
