"""The supervisor takes the sessions' results a few at a time, not waking for each, and notices
a session's end at once (where the system gives a descriptor for a process's end)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from checker.running import supervise

needs_pidfd = pytest.mark.skipif(not hasattr(os, "pidfd_open"), reason="no os.pidfd_open on this system")


def _open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


@needs_pidfd
def test_the_wait_between_gathers_ends_as_a_child_ends(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(supervise, "GATHER_SECONDS", 60.0)
    child = os.fork()
    if child == 0:  # pragma: no cover - the child
        os._exit(0)
    try:
        ends = supervise._ends([child])
        assert len(ends) == 1
        started = time.monotonic()
        supervise._wait_for_an_end(ends)
        assert time.monotonic() - started < 30  # it woke as the child ended, not at the end of the wait
        assert ends == []  # the ended child is no longer waited for
    finally:
        os.waitpid(child, 0)


@needs_pidfd
def test_where_a_descriptor_for_an_end_cant_be_had_none_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Then the parent takes each result as it comes, as before; no descriptor is left open."""
    opened = os.pidfd_open
    calls: list[int] = []

    def second_fails(pid: int, flags: int = 0) -> int:
        calls.append(pid)
        if len(calls) == 2:
            raise OSError(24, "Too many open files")
        return opened(pid, flags)

    monkeypatch.setattr(os, "pidfd_open", second_fails)
    before = _open_descriptors()
    assert supervise._ends([os.getpid(), os.getpid()]) == []
    assert _open_descriptors() == before


def test_without_descriptors_for_ends_there_is_nothing_to_wait_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delattr(os, "pidfd_open", raising=False)
    assert supervise._ends([os.getpid()]) == []


#: Counts, in the command's own process, each gathering of what the sessions sent and each
#: message taken, then runs the command. Its gatherings are 0.2 s apart, not GATHER_SECONDS: on a
#: loaded machine (a test run on two workers beside other work) the sessions' results came slowly
#: enough that 30 ms apart, a gathering often took only one of them, and the count said nothing of
#: waking for each result or not.
PROBE = """
import json, sys
from checker.running import supervise

supervise.GATHER_SECONDS = 0.2

counts = {"gathers": 0, "results": 0}
gather, take = supervise._Parent._gather, supervise._Parent._take

def counted_gather(self, pending):
    counts["gathers"] += 1
    return gather(self, pending)

def counted_take(self, fd, message):
    counts["results"] += "properties" in message
    return take(self, fd, message)

supervise._Parent._gather, supervise._Parent._take = counted_gather, counted_take
import checker.__main__ as entry
sys.argv = ["turncheck", *sys.argv[1:]]
code = entry.main()
print(json.dumps(counts))
sys.exit(code)
"""


@needs_pidfd
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_certifications_results_are_taken_a_few_at_a_time_and_all_of_them(tmp_path: Path, jobs: str) -> None:
    command = [sys.executable, "-c", PROBE, "certify", "--engine", "reference", "--edition", "cr2024", "--plain"]
    command += ["-j", jobs, "--report-dir", str(tmp_path)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    counts = json.loads(done.stdout.strip().splitlines()[-1])
    report = json.loads((tmp_path / "report.json").read_text())
    assert counts["results"] == len(report["results"]) > 300
    # Hundreds of results a second, gathered every 0.2 s: far fewer gatherings than results.
    assert counts["gathers"] < counts["results"] / 3, counts
