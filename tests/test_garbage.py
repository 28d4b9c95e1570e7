"""The garbage collector in the ``turncheck`` command: paused while it starts, running (over what
the start made, frozen) while it works, and what is left frozen at the end, for the exit."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

import pytest

from checker.running.garbage import BACKSTOP, IDLE_YOUNGEST, begin_work, collect_when_idle

#: Runs the command's entry point in a process of its own (freezing belongs to a process that
#: ends), and prints what the collector was doing at each moment asked of it.
PROBE = """
import gc, json, sys
import checker.cli as cli
import checker.cli.certification as certification

seen = {}

def probed(name, function):
    def wrapper(*args, **kwargs):
        seen[name] = {"running": gc.isenabled(), "frozen": gc.get_freeze_count()}
        return function(*args, **kwargs)
    return wrapper

certification._preload = probed("starting", certification._preload)
certification.supervise = probed("working", certification.supervise)
cli.run_diff = probed("working", cli.run_diff)
import checker.__main__ as entry
sys.argv = ["turncheck", *sys.argv[1:]]
code = entry.main()
seen["ended"] = {"running": gc.isenabled(), "frozen": gc.get_freeze_count(), "in sight": len(gc.get_objects())}
print(json.dumps(seen))
sys.exit(code)
"""


def _probe(*argv: str, cwd: Path) -> dict[str, dict[str, int]]:
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, cwd=cwd, timeout=300)
    seen: dict[str, dict[str, int]] = json.loads(done.stdout.strip().splitlines()[-1])
    return seen


def test_a_certification_starts_with_the_collector_paused_and_works_with_it_running_over_the_start_frozen(
    tmp_path: Path,
) -> None:
    seen = _probe("certify", "--engine", "reference", "--part", "untap", "--edition", "mirage", "--plain", cwd=tmp_path)
    assert seen["starting"]["running"] is False
    assert seen["working"]["running"] is True
    assert seen["starting"]["frozen"] == 0
    assert seen["working"]["frozen"] > 10_000  # pytest, pytest-bdd, the step definitions, the engine
    assert seen["ended"]["in sight"] == 0  # all frozen: the exit's collection has nothing to go through


def test_any_other_command_works_with_the_collector_running(tmp_path: Path) -> None:
    seen = _probe("diff", "old.json", "new.json", cwd=tmp_path)  # files that don't exist: an error, all the same
    assert seen["working"]["running"] is True
    assert seen["working"]["frozen"] > 0
    assert seen["ended"]["in sight"] == 0


def test_beginning_work_where_the_collector_runs_changes_nothing() -> None:
    """As in a test calling the command's function: the test session's heap is not frozen."""
    if not gc.isenabled():
        pytest.skip("the collector is paused in this test session")
    frozen = gc.get_freeze_count()
    begin_work()
    assert gc.isenabled()
    assert gc.get_freeze_count() == frozen


def test_a_process_that_collects_when_idle_collects_in_small_pieces() -> None:
    """The collector itself waits ten times as long as its threshold says; collecting when idle
    collects the youngest generation once it holds more than IDLE_YOUNGEST objects, well before the
    threshold, and not before."""
    thresholds = gc.get_threshold()
    try:
        gc.set_threshold(10_000, 10, 10)
        collect_due = collect_when_idle()
        assert gc.get_threshold() == (10_000 * BACKSTOP, 10, 10)
        gc.collect()
        kept: list[list[int]] = [[] for _ in range(IDLE_YOUNGEST // 2)]  # objects the collector follows, alive
        collect_due()
        assert gc.get_count()[0] >= IDLE_YOUNGEST // 2  # not enough yet: nothing collected
        kept += [[] for _ in range(IDLE_YOUNGEST)]
        assert gc.get_count()[0] > IDLE_YOUNGEST  # enough: the collector itself didn't collect
        collect_due()
        assert gc.get_count()[0] < 100 and gc.get_count()[1] == 1  # the youngest generation, collected once
        assert len(kept) == IDLE_YOUNGEST * 3 // 2
    finally:
        gc.set_threshold(*thresholds)
