"""``turncheck``: certify an engine, compare two runs, check the features, import recorded games, serve an engine.

The certification runs the pytest suite through the same plugin as ``pytest --engine``;
this command only chooses the options, shows progress and gives the verdict.

Exit codes of ``turncheck certify``:

- 0: every selected scenario passed or is unsupported by the engine (with ``--expect``:
  the results match the expectations file);
- 1: some scenario failed, erred or timed out (with ``--expect``: the results differ);
- 2: a usage error: a wrong option, an engine that can't be found, an unreadable file, or
  no scenario selected;
- 3: an internal error of the suite.

``turncheck diff OLD NEW`` exits 1 when the new report has regressions, ``turncheck expect
REPORT EXPECTATIONS`` when a saved report doesn't match, ``turncheck lint`` when the features
have problems; each exits 2 on a file it can't read.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from checker.contract.vocabulary import EDITIONS
from checker.importers import command as importers
from checker.judging.results import RunReport, ScenarioResult, Status
from checker.running.pytest_plugin import run_report, verdict_of
from checker.running.wire.client import DEFAULT_TIMEOUT

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
_STYLE = {
    Status.PASSED: "green",
    Status.FAILED: "red",
    Status.ERROR: "magenta",
    Status.TIMEOUT: "yellow",
    Status.UNSUPPORTED: "dim",
}


class _Progress:
    """Shows the run as it goes: a progress bar on a terminal, a line per 50 scenarios otherwise."""

    def __init__(self, console: Console, live: bool) -> None:
        self.console = console
        self.live = live
        self.counts: Counter[Status] = Counter()
        self.total = 0
        self.config: pytest.Config | None = None
        self._bar: Progress | None = None
        self._task: Any = None

    def _begin(self, total: int) -> None:
        self.total = total
        if self.live:
            self._bar = Progress(
                TextColumn("[bold]certifying"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[counts]}"),
                TimeElapsedColumn(),
                console=self.console,
            )
            self._bar.start()
            self._task = self._bar.add_task("run", total=total, counts="")
        else:
            self.console.print(f"certifying: {total} scenario runs")

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self._begin(len(session.items))

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        if not self.total:
            self._begin(len(ids))

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        for key, value in report.user_properties:
            if key == "mtg_result" and isinstance(value, dict):
                self.counts[Status(value["status"])] += 1
                self._advance()

    def _advance(self) -> None:
        done = sum(self.counts.values())
        text = " ".join(f"{self.counts[s]} {s}" for s in Status if self.counts[s])
        if self._bar is not None:
            self._bar.update(self._task, completed=done, counts=text)
        elif done % 50 == 0 or done == self.total:
            self.console.print(f"  {done}/{self.total}: {text}")

    def pytest_configure(self, config: pytest.Config) -> None:
        self.config = config

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        if self._bar is not None:
            self._bar.stop()


def _certify_parser(sub: Any) -> None:
    p = sub.add_parser(
        "certify",
        help="run the conformance suite against an engine",
        description="Run the conformance suite against an engine and report the result per edition.",
        epilog="exit codes: 0 every selected scenario passed or is unsupported (with --expect: the results match); "
        "1 some scenario failed, erred or timed out (with --expect: they differ); 2 usage error or nothing "
        "selected; 3 internal error",
    )
    p.add_argument(
        "--engine",
        default="reference",
        help="'reference', 'package.module:AdapterClass', or a command line speaking the wire protocol",
    )
    p.add_argument("--edition", action="append", choices=EDITIONS, help="only this edition (repeatable)")
    p.add_argument("--ruling", action="append", metavar="ID", help="only scenarios of this ruling (repeatable)")
    p.add_argument("--part", action="append", metavar="NAME", help="only this part of the turn (repeatable)")
    p.add_argument("-k", dest="keyword", metavar="EXPRESSION", help="only scenarios whose name matches")
    p.add_argument("-j", "--jobs", type=int, default=1, metavar="N", help="run N scenarios at a time (default 1)")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS", help="per engine request")
    p.add_argument("--validate-messages", action="store_true", help="check every wire message against the schemas")
    p.add_argument("--report-dir", metavar="DIR", help="write JSON, JUnit XML, Markdown, HTML and badge reports")
    p.add_argument("--record-traces", metavar="DIR", help="write each scenario run's game as a trace into DIR")
    p.add_argument("--expect", metavar="FILE", help="pass exactly when the results match this expectations file")
    p.add_argument(
        "--write-expectations",
        metavar="FILE",
        help="write the run's non-passing results as expectations, keeping the reasons of the file it replaces",
    )
    p.add_argument("--plain", action="store_true", help="plain output, no progress bar (the default in CI)")


def _pytest_args(args: argparse.Namespace) -> list[str]:
    argv = ["--pyargs", "checker.running.test_conformance", "-p", "no:cacheprovider", "-p", "no:terminal"]
    argv += ["--engine", args.engine, "--timeout", str(args.timeout)]
    for option in ("edition", "ruling", "part"):
        for value in getattr(args, option) or ():
            argv += [f"--{option}", value]
    for option in ("report_dir", "expect", "write_expectations", "record_traces"):
        value = getattr(args, option)
        if value:
            argv += [f"--{option.replace('_', '-')}", value]
    if args.keyword:
        argv += ["-k", args.keyword]
    if args.validate_messages:
        argv.append("--validate-messages")
    if args.jobs > 1:
        argv += ["-n", str(args.jobs)]
    return argv


def certify(args: argparse.Namespace, console: Console) -> int:
    if args.jobs < 1:
        _error("--jobs must be 1 or more")
        return EXIT_USAGE
    live = console.is_terminal and not args.plain and not os.environ.get("CI")
    progress = _Progress(console, live)
    code = pytest.main(_pytest_args(args), plugins=[progress])
    if code == pytest.ExitCode.USAGE_ERROR:
        return EXIT_USAGE
    report = run_report(progress.config) if progress.config is not None else None
    if report is None and code in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
        _error("no scenario matches the selection")
        return EXIT_USAGE
    if report is None or code == pytest.ExitCode.INTERNAL_ERROR:
        _error(f"the run ended without results (pytest exit code {int(code)})")
        return EXIT_INTERNAL
    _summary(console, report)
    if args.report_dir:
        console.print(f"reports written to {args.report_dir}")
    verdict = verdict_of(progress.config) if progress.config is not None else None
    if verdict is not None:
        from checker.judging.expectations import describe

        console.print(describe(verdict), markup=False)
        return EXIT_OK if verdict.ok else EXIT_FAILED
    return EXIT_OK if report.ok else EXIT_FAILED


def _summary(console: Console, report: RunReport) -> None:
    table = Table(title=escape(f"{report.engine.name} {report.engine.version}: conformance per edition"))
    table.add_column("edition")
    for status in Status:
        table.add_column(str(status), justify="right", style=_STYLE[status])
    for edition in report.run_editions:
        counts = report.counts(edition)
        table.add_row(edition, *(str(counts[s]) for s in Status))
    console.print(table)
    bad = [r for r in report.results if r.status in {Status.FAILED, Status.ERROR, Status.TIMEOUT}]
    for result in bad[:50]:
        style = _STYLE[result.status]
        console.print(f"[{style}]{result.status}[/] {escape(result.id)}: {escape(_why(result))}", highlight=False)
    if len(bad) > 50:
        console.print(f"... and {len(bad) - 50} more (see the reports)")


def _why(result: ScenarioResult) -> str:
    step = result.failing_step
    text = f"{step.text} (line {step.line}): {step.message}" if step else (result.message or "")
    return text.splitlines()[0][:200] if text else ""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="turncheck",
        description="Certify an MTG engine's turn structure, compare two runs, check the features, serve an engine.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    _certify_parser(sub)
    d = sub.add_parser("diff", help="regressions and fixes between two JSON reports")
    d.add_argument("old", type=Path)
    d.add_argument("new", type=Path)
    e = sub.add_parser("expect", help="check a saved JSON report against an expectations file")
    e.add_argument("report", type=Path)
    e.add_argument("expectations", type=Path)
    lint = sub.add_parser("lint", help="check the feature files' tags")
    lint.add_argument("features", nargs="?")
    t = sub.add_parser("trace", help="check recorded games (traces) against the turn structure")
    t.add_argument("files", nargs="+", type=Path, metavar="FILE", help="trace files, or directories of *.jsonl")
    t.add_argument("--edition", choices=EDITIONS, help="the rules to check by (default: each trace's header)")
    t.add_argument("--report-dir", type=Path, metavar="DIR", help="write trace-report.json, junit.xml, summary.md")
    t.add_argument("--validate", action="store_true", help="check every line against the JSON Schema too (slower)")
    importers.add_parser(sub)
    serve = sub.add_parser("serve", help="serve a Python adapter over the wire protocol on stdin/stdout")
    serve.add_argument("--engine", default="reference")
    serve.add_argument("--validate", action="store_true")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed the usage error
        return EXIT_USAGE if exc.code else EXIT_OK
    console = Console(stderr=False, highlight=False, soft_wrap=True)
    if args.command == "certify":
        return certify(args, console)
    if args.command == "diff":
        return _diff(args.old, args.new, console)
    if args.command == "expect":
        return _expect(args.report, args.expectations, console)
    if args.command == "trace":
        from checker.trace.command import run

        return run(args.files, args.edition, args.report_dir, args.validate, console)
    if args.command == "import":
        return importers.run(args, console, _error)
    if args.command == "lint":
        from checker.doctools.lint import main as lint_main

        return lint_main([args.features] if args.features else [])
    from checker.running.wire.server import main as serve_main

    return serve_main(["--engine", args.engine] + (["--validate"] if args.validate else []))


def _diff(old: Path, new: Path, console: Console) -> int:
    from checker.judging.diff import describe, diff
    from checker.judging.reports.json_report import ReportError, read_json

    try:
        before, after = read_json(old), read_json(new)
    except ReportError as exc:
        _error(str(exc))
        return EXIT_USAGE
    result = diff(before, after)
    console.print(describe(result), markup=False)
    return EXIT_FAILED if result.has_regressions else EXIT_OK


def _error(message: str) -> None:
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"error: {message}", style="red", markup=False)


def _expect(report_path: Path, expectations_path: Path, console: Console) -> int:
    from checker.judging.expectations import ExpectationsError, check, describe, load_expectations
    from checker.judging.reports.json_report import ReportError, read_json

    try:
        verdict = check(read_json(report_path), load_expectations(expectations_path))
    except (ReportError, ExpectationsError) as exc:
        _error(str(exc))
        return EXIT_USAGE
    console.print(describe(verdict), markup=False)
    return EXIT_OK if verdict.ok else EXIT_FAILED


if __name__ == "__main__":
    sys.exit(main())
