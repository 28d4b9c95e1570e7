"""What a certification's session makes of a failing test: Python's own traceback, not pytest's long
form, which parses the source of every module on the traceback (about 60 ms a failing scenario run)
for a text nobody reads: a result's message is its exception's."""

from __future__ import annotations

import os

import pytest

from checker.running.supervise import _Relay


class _Failures:
    """Keeps what each failing test's report says."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.failed:
            self.said.append(report.longreprtext)


def test_a_failing_test_of_a_session_without_the_terminal_report_is_told_as_pythons_traceback(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(test_failing="def test_failing():\n    assert 1 == 2\n")
    read_end, write_end = os.pipe()
    failures = _Failures()
    try:
        pytester.inline_run("-p", "no:terminal", plugins=[_Relay(write_end), failures])
    finally:
        os.close(read_end)
        os.close(write_end)
    [said] = failures.said
    assert said.startswith("Traceback (most recent call last):") and "assert 1 == 2" in said
