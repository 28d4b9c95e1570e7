"""``turncheck``: certify an engine, smoke-test one, compare two runs, check the features, check and
import recorded games, serve an engine.

The certification runs the pytest suite through the same plugin as ``pytest --engine``, in
a child process this command supervises (:mod:`checker.running.supervise`): the command
checks the options first, shows progress, and gives the verdict from the results the child
sent, however the child ended.

Exit codes of ``turncheck certify`` (and ``smoke``):

- 0: every selected scenario passed or is unsupported by the engine, and at least one ran
  (with ``--expect``: the results match the expectations file);
- 1: some scenario failed, erred or timed out (with ``--expect``: the results differ); or no
  scenario could run, the engine never identified itself, or the run's process ended
  before the run finished;
- 2: a usage error: a wrong option, an engine that can't be found, an unreadable file, or
  no scenario selected; or the scenarios passed but a report, expectations file or trace
  asked for could not be written (each file whole or not at all; what wasn't is named);
- 3: an internal error of the suite;
- 128 + N: interrupted by signal N (130 for SIGINT or a KeyboardInterrupt in an adapter,
  143 SIGTERM, 129 SIGHUP); the reports written are marked partial.

``turncheck compare REPORT...`` exits 0 when the reports were compared, whatever they hold.
``turncheck diff OLD NEW`` exits 1 when the new report has regressions (or can't vouch for what
passed before), ``turncheck expect REPORT EXPECTATIONS`` when a saved report doesn't match,
``turncheck lint`` when the features have problems, ``turncheck coverage`` when a seed ruling
has no scenario; each exits 2 on a file it can't read.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import io
import json
import os
import signal
import sys
import traceback
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from checker.contract import catalog
from checker.contract.arguments import path, path_text
from checker.contract.exits import EXIT_FAILED, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE
from checker.contract.protocol import MAX_MESSAGE_BYTES, PROTOCOL_VERSION
from checker.contract.vocabulary import EDITIONS
from checker.explore import options as explore_options
from checker.importers import command as importers
from checker.judging.expectations import describe
from checker.judging.reports._text import shorten, visible, why
from checker.judging.results import FAILING, EngineIdentity, RunReport, ScenarioResult, Status
from checker.running import durations
from checker.running.collect import chosen_files
from checker.running.collector import Collector, suite_version
from checker.running.conclude import Conclusion, NotWritten
from checker.running.garbage import begin_work
from checker.running.options import (
    OptionError,
    Selection,
    add_jobs,
    check_output_dir,
    positive_bytes,
    positive_seconds,
)
from checker.running.supervise import supervise
from checker.running.wire.client import DEFAULT_TIMEOUT
from checker.trace.format import FORMAT_VERSION

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import Console
    from rich.progress import Progress

_STYLE = {
    Status.PASSED: "green",
    Status.FAILED: "red",
    Status.ERROR: "magenta",
    Status.TIMEOUT: "yellow",
    Status.UNSUPPORTED: "dim",
}


def _trace_file(text: str) -> Path:
    """A FILE of ``turncheck trace``: ``-`` is standard input, and ``./-`` the file named ``-``
    (which a path would make ``-`` again)."""
    found = path(text)
    return found.absolute() if text != "-" and str(found) == "-" else found


def _new_console(stderr: bool = False) -> Console:
    """The command's output (or its errors' console, on stderr)."""
    return _output_class()(stderr=stderr, highlight=False, soft_wrap=True)


@functools.cache
def _output_class() -> type[Console]:
    """The class of :func:`_new_console`'s consoles, made once. rich is imported here rather than
    with this module: a certification shows nothing before its run's child has forked, so the
    import runs alongside the run."""
    from rich.console import Console

    class Output(Console):
        """A console whose output may go away: its reader (``turncheck certify | head``), or the room
        to write it (``> /dev/full``, a disk full, an I/O error). What it would show is dropped from
        then on, and the command goes on to its end, files, verdict and exit code, where rich's own
        console would end the command at the line it couldn't write, losing the run's reports."""

        closed = False
        #: Why it was closed, where its reader didn't simply go away.
        failure: str | None = None

        def on_broken_pipe(self) -> None:
            self.quiet = self.closed = True
            _silence(sys.stderr if self.stderr else sys.stdout)

        def _check_buffer(self) -> None:
            try:
                super()._check_buffer()
            except OSError as exc:  # not a broken pipe, which rich hands to on_broken_pipe
                self.failure = exc.strerror or str(exc)
                self.on_broken_pipe()

    return Output


class _Progress:
    """Shows the run as it goes: a progress bar on a terminal, a line per 50 scenarios otherwise.
    The console is made when there is first something to show (``console``: made once per command)."""

    def __init__(self, console: Callable[[], Console], may_be_live: bool, title: str = "certifying") -> None:
        self.make_console = console
        self.may_be_live = may_be_live
        self.title = title
        self.counts: Counter[Status] = Counter()
        self.total = 0
        self._bar: Progress | None = None
        self._task: Any = None

    @property
    def console(self) -> Console:
        return self.make_console()

    def begin(self, total: int) -> None:
        """Start showing the run, or count more scenario runs (each job says how many it collected)."""
        if self.total:
            self.total = total
            if self._bar is not None:
                self._bar.update(self._task, total=total)
            return
        self.total = total
        if self.may_be_live and self.console.is_terminal:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            self._bar = Progress(
                TextColumn(f"[bold]{self.title}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[counts]}"),
                TimeElapsedColumn(),
                console=self.console,
            )
            self._bar.start()
            self._task = self._bar.add_task("run", total=total, counts="")
        else:
            self.console.print(f"{self.title}: {total} scenario runs")

    def advance(self, result: ScenarioResult) -> None:
        self.counts[result.status] += 1
        done = sum(self.counts.values())
        text = " ".join(f"{self.counts[s]} {s}" for s in Status if self.counts[s])
        if self._bar is not None:
            self._bar.update(self._task, completed=done, counts=text)
        elif done % 50 == 0 or done == self.total:
            self.console.print(f"  {done}/{self.total}: {text}")

    def stop(self) -> None:
        if self._bar is not None:
            self._bar.stop()


def _engine_limits(p: argparse.ArgumentParser) -> None:
    """The limits an engine runs under: how long it may take, and how much it may send, per request."""
    p.add_argument(
        "--timeout",
        type=positive_seconds,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"per engine request: positive and finite (default {DEFAULT_TIMEOUT:g})",
    )
    p.add_argument(
        "--max-message-bytes",
        type=positive_bytes,
        default=MAX_MESSAGE_BYTES,
        metavar="BYTES",
        help=f"the longest answer an engine process may send (default: {MAX_MESSAGE_BYTES:,})",
    )


def _certify_parser(sub: Any) -> None:
    p = sub.add_parser(
        "certify",
        help="run the conformance suite against an engine",
        description="Run the conformance suite against an engine and report the result per edition.",
        epilog="Every option is checked before the run starts. The scenarios run in a supervised child process: "
        "an interrupted run (Ctrl-C, SIGTERM, SIGHUP, an adapter ending its process) keeps its results and writes "
        "its reports marked partial. "
        "Exit codes: 0 every selected scenario passed or is unsupported, and at least one ran (with --expect: the "
        "results match); 1 some scenario failed, erred or timed out (with --expect: they differ), no scenario "
        "could run, the engine never identified itself, or the run's process ended early; 2 usage error, "
        "nothing selected, or the scenarios passed but a report, expectations file or trace could not be written; "
        "3 internal error; 128+N interrupted by signal N (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP)",
    )
    p.add_argument(
        "--engine",
        default="reference",
        help="'reference' (the default), 'package.module:AdapterClass', or a command line speaking the wire protocol",
    )
    p.add_argument("--edition", action="append", choices=EDITIONS, help="only this edition (repeatable)")
    p.add_argument("--ruling", action="append", metavar="ID", help="only scenarios of this ruling (repeatable)")
    p.add_argument(
        "--part",
        action="append",
        metavar="NAME",
        help="only this part of the turn, a feature file's name (repeatable; untap, priority, combat...)",
    )
    p.add_argument(
        "-k", dest="keyword", metavar="TEXT", help="only scenarios whose name contains TEXT (plain text, any case)"
    )
    add_jobs(
        p,
        "run N sessions side by side, each over its share of the feature files (shares of about the same "
        "time, by the last run on the same engine), each with its own engine",
    )
    _engine_limits(p)
    p.add_argument("--validate-messages", action="store_true", help="check every wire message against the schemas")
    p.add_argument(
        "--report-dir", type=path_text, metavar="DIR", help="write JSON, JUnit XML, Markdown, HTML and badge reports"
    )
    p.add_argument(
        "--record-traces", type=path_text, metavar="DIR", help="write each scenario run's game as a trace into DIR"
    )
    p.add_argument(
        "--expect", type=path_text, metavar="FILE", help="pass exactly when the results match this expectations file"
    )
    p.add_argument(
        "--write-expectations",
        type=path_text,
        metavar="FILE",
        help="write the run's non-passing results as expectations, keeping the reasons of the file it replaces",
    )
    p.add_argument("--plain", action="store_true", help="plain output, no progress bar (the default in CI)")


def _smoke_parser(sub: Any) -> None:
    p = sub.add_parser(
        "smoke",
        help="a quick check of an engine: its handshake, then a few short games per edition",
        description="A quick check of an engine before certifying it: the handshake (name, version, editions, "
        f"effects), then the scenarios of the {SMOKE_PART} step in every edition it supports, checking every wire "
        "message, stopping at the first that doesn't pass with the engine's message and stderr tail.",
        epilog="exit codes: 0 the engine answered and played correctly; 1 its handshake failed, it supports no "
        "edition of the suite, or a game failed, erred or timed out; 2 usage error (an engine not found); "
        "130 (128 + the signal) interrupted",
    )
    p.add_argument("--engine", default="reference", help="as for certify (default: reference)")
    _engine_limits(p)
    p.add_argument("--plain", action="store_true", help="plain output, no progress bar (the default in CI)")


#: The plugins a certification's sessions load, and no other that is installed: pytest's own
#: discovery of installed plugins is turned off (``--disable-plugin-autoload``). Another project's
#: plugin (Hypothesis's, pytest-xdist's, whose jobs are the supervisor's, one that reorders or
#: times out tests) has no say in a certification, and the session doesn't read every installed
#: package's entry points to find them. Nor has the pytest configuration of the directory the
#: command runs in (``--config-file`` the null device: none is read), nor a ``conftest.py`` above
#: the installed suite (a project's own, where its virtual environment lives inside it), nor
#: pytest's environment variables (:data:`checker.running.supervise.OUTSIDE_OPTIONS`).
SESSION_PLUGINS = ("pytest_bdd.plugin", "checker.running.pytest_plugin")

#: pytest's own plugins a certification's sessions leave out:
#:
#: - the cache and the terminal report, which the command makes itself;
#: - the unraisable-exception plugin, whose only service, a warning, costs full garbage
#:   collections at the end of the session;
#: - the plugins that wrap every test, fixture or module for what a certification never shows:
#:   log records, warnings and exceptions in threads kept with each test's report, --setup-show,
#:   --stepwise, JUnit XML, doctests, unittest classes, pastebin, and the subtests, monkeypatch and
#:   recwarn fixtures. What a scenario's engine logs or warns goes to the output the capture plugin
#:   keeps (and drops) as before. About 5% of the run.
LEFT_OUT_PLUGINS = (
    "cacheprovider",
    "terminal",
    "unraisableexception",
    "logging",
    "warnings",
    "threadexception",
    "setuponly",
    "setupplan",
    "stepwise",
    "junitxml",
    "doctest",
    "unittest",
    "pastebin",
    "subtests",
    "monkeypatch",
    "recwarn",
)


def _pytest_args(args: argparse.Namespace, *extra: str) -> list[str]:
    """The child's pytest session: what runs. Reports and expectations are the parent's, after it."""
    argv = ["--pyargs", "checker.running.test_conformance", *extra]
    argv += ["--disable-plugin-autoload", *(arg for name in SESSION_PLUGINS for arg in ("-p", name))]
    argv += ["--config-file", os.devnull, "--rootdir", os.getcwd(), "--noconftest"]
    argv += [arg for name in LEFT_OUT_PLUGINS for arg in ("-p", f"no:{name}")]
    # The step definitions say what failed in their own messages: rewriting the asserts of every
    # module imported in the session would only cost its parsing.
    argv.append("--assert=plain")
    argv += ["--engine", args.engine, "--request-timeout", repr(args.timeout)]
    argv += ["--max-message-bytes", str(args.max_message_bytes)]
    for option in ("edition", "ruling", "part"):
        for value in getattr(args, option) or ():
            argv += [f"--{option}", value]
    if args.keyword is not None:
        argv += ["--scenario-name", args.keyword]
    if args.record_traces:
        argv += ["--record-traces", args.record_traces]
    if args.validate_messages:
        argv.append("--validate-messages")
    return argv


def _sessions(args: argparse.Namespace, *extra: str) -> list[list[str]]:
    """The child sessions of the run: one per job, each binding its own share of the feature files
    (no more jobs than the files chosen)."""
    argv = _pytest_args(args, *extra)
    files = chosen_files(args.part or (), args.ruling or (), args.edition or ())
    jobs = max(1, min(args.jobs, len(files)))
    if jobs == 1:
        return [argv]
    weights = durations.weights(args.engine, [f.stem for f in files], args.edition or EDITIONS)
    if weights is not None:
        argv += ["--shard-weights", json.dumps(weights, separators=(",", ":"))]
    return [[*argv, "--shard", f"{i}/{jobs}"] for i in range(1, jobs + 1)]


def _over_the_wire(engine: str) -> bool:
    """Whether the engine is a command speaking the protocol (not an adapter in process)."""
    from checker.running.engines import EngineNotFound, EngineSpec

    try:
        return EngineSpec.parse(engine).command is not None
    except EngineNotFound:
        return False


def _preload(engine: str) -> None:
    """Import what every session imports, once, before the sessions are forked: each inherits it.
    The reference engine is the suite's own; another engine's code never runs in this process."""
    importlib.import_module("pytest_bdd.plugin")
    importlib.import_module("checker.running.pytest_plugin")
    if engine == "reference":
        importlib.import_module("checker.adapters.reference")


def _prepare(args: argparse.Namespace) -> Conclusion:
    """Every option checked before the run: :class:`OptionError` names the one that can't be used."""
    if args.jobs < 1:
        raise OptionError(f"--jobs {args.jobs}: must be 1 or more")
    try:
        os.getcwd()  # the sessions' root directory, where pytest starts
    except OSError as exc:
        raise OptionError(f"the working directory can't be used: {exc.strerror or exc} (was it deleted?)") from None
    chosen = Selection(tuple(args.edition or ()), tuple(args.part or ()), tuple(args.ruling or ()), args.keyword)
    if args.record_traces:
        check_output_dir("--record-traces", args.record_traces)
    return Conclusion.prepare(chosen, args.report_dir, args.expect, args.write_expectations)


def certify(args: argparse.Namespace, console: Callable[[], Console]) -> int:
    return _run(args, console)[0]


def _run(
    args: argparse.Namespace,
    console: Callable[[], Console],
    *extra: str,
    title: str = "certifying",
    identity: EngineIdentity | None = None,
) -> tuple[int, RunReport | None]:
    """Run the scenarios under supervision and conclude: the exit code, and the report if there is one.
    ``identity``: the engine's, from a handshake made before the run (``smoke``'s), which a run
    stopped before any scenario's handshake still reports."""
    try:
        conclusion = _prepare(args)
    except OptionError as exc:
        _error(str(exc))
        return EXIT_USAGE, None
    progress = _Progress(console, not args.plain and not os.environ.get("CI"), title)
    collector = Collector(args.engine)
    collector.identity = identity
    _preload(args.engine)
    begin_work()  # what the sessions share, frozen before they are forked
    try:
        ending = supervise(_sessions(args, *extra), collector, progress.begin, progress.advance)
    finally:
        progress.stop()
    if ending.exit_code == pytest.ExitCode.USAGE_ERROR:
        if ending.usage_error is not None:
            _error(ending.usage_error)
        return EXIT_USAGE, None
    internal = "an internal error of the suite (pytest exit code 3)"
    cut_short = ending.cut_short or (internal if ending.exit_code == pytest.ExitCode.INTERNAL_ERROR else None)
    if not collector.results and cut_short in (None, internal):
        _error(f"the run ended with {internal}" if cut_short else "no scenario matches the selection")
        return (EXIT_INTERNAL if cut_short else EXIT_USAGE), None
    partial = collector.partial(cut_short) if cut_short else None
    if partial is None and not extra and not args.ruling and args.keyword is None:
        # Every scenario of each part and edition it ran (not a smoke test's first few): the next -j split's weights.
        durations.record(args.engine, collector.results)
    report = collector.report(tuple(args.edition or EDITIONS), partial)
    unwritten = [problem] if (problem := collector.traces_problem()) is not None else []
    failed_options: frozenset[str] = frozenset()
    try:
        verdict = conclusion.conclude(report)
    except NotWritten as exc:  # a full disk
        verdict, failed_options = exc.verdict, exc.options
        unwritten.insert(0, str(exc))
    out = console()
    _summary(out, report)
    if (
        not args.validate_messages
        and _over_the_wire(args.engine)
        and any(r.status is Status.FAILED for r in report.results)
    ):
        out.print(
            "hint: --validate-messages checks each of the engine's messages against the protocol's schema; "
            "without it, a misspelt field the suite can do without is ignored, and may look like a rule broken",
            markup=False,
        )
    if args.report_dir and "--report-dir" not in failed_options:
        out.print(
            f"reports written to {visible(args.report_dir)}" + (" (marked partial)" if partial else ""), markup=False
        )
    if verdict is not None:
        out.print(describe(verdict), markup=False)
    else:
        for gap in report.gaps:
            _error(f"the run doesn't pass: {gap}")
    for problem in unwritten:
        _error(problem)
    if cut_short == internal:  # the results so far are in the reports, marked partial
        return EXIT_INTERNAL, report
    if partial is not None:
        return (128 + ending.signal if ending.signal is not None else EXIT_FAILED), report
    passed = verdict.ok if verdict is not None else report.ok
    if unwritten:  # the run didn't leave all it was asked to
        return (EXIT_USAGE if passed else EXIT_FAILED), report
    return (EXIT_OK if passed else EXIT_FAILED), report


#: The part of the turn ``turncheck smoke`` plays: short games, each through one untap step.
SMOKE_PART = "untap"


def smoke(args: argparse.Namespace, console: Callable[[], Console]) -> int:
    """The handshake, then a few short games per supported edition, stopping at the first that fails."""
    from checker.contract.interface import EngineFailure
    from checker.running.engines import EngineNotFound, EngineProvider

    provider = EngineProvider(args.engine, args.timeout, validate=True, max_message=args.max_message_bytes)
    try:
        provider.check()
        capabilities = provider.get().capabilities()
    except EngineNotFound as exc:
        _error(str(exc))
        return EXIT_USAGE
    except (EngineFailure, Exception) as exc:  # an adapter's own failure is the engine's, not the suite's
        _error(f"the engine failed its handshake: {type(exc).__name__}: {exc}")
        return EXIT_FAILED
    finally:
        provider.close()
    editions = [e for e in EDITIONS if e in capabilities.editions]
    known = capabilities.effects & catalog.CATALOG.keys()
    # Effects the catalog doesn't have (an engine's of a newer suite, or a typo) are named, not counted.
    unknown = sorted(capabilities.effects - known)
    others = f" (and {len(unknown)} it doesn't have: {visible(', '.join(unknown))})" if unknown else ""
    console().print(
        visible(f"handshake: {capabilities.name} {capabilities.version}")
        + f"\n  editions: {', '.join(visible(e) for e in sorted(capabilities.editions)) or 'none'}"
        + f"\n  effects: {len(known)} of the catalog's {len(catalog.CATALOG)}{others}",
        markup=False,
    )
    if not editions:
        _error(f"the engine supports none of the suite's editions ({', '.join(EDITIONS)})")
        return EXIT_FAILED
    run = argparse.Namespace(
        **{**vars(args), "edition": editions, "part": [SMOKE_PART], "ruling": None, "keyword": None, "jobs": 1},
        validate_messages=True,
        report_dir=None,
        record_traces=None,
        expect=None,
        write_expectations=None,
    )
    identity = EngineIdentity(capabilities.name, capabilities.version, args.engine)
    code, report = _run(run, console, "--exitfirst", title="smoke", identity=identity)
    first = next((r for r in report.results if r.status in FAILING), None) if report is not None else None
    if first is not None:
        # The whole message of an engine that broke: its stderr's last lines are in it.
        detail = why(first, 2000) if first.status is Status.FAILED or not first.message else first.message
        # Indented, so that no line the engine wrote can pass for one of this command's own.
        _error(f"{first.id}: {first.status}\n" + "\n".join(f"  | {line}" for line in detail.split("\n")))
    elif code == EXIT_OK:
        console().print(f"smoke: ok ({', '.join(editions)})")
    return code


def _summary(console: Console, report: RunReport) -> None:
    from rich.markup import escape
    from rich.table import Table

    engine = visible(" ".join(filter(None, (report.engine.name, report.engine.version))))
    table = Table(title=escape(f"{engine}: conformance per edition"))
    table.add_column("edition")
    for status in Status:
        table.add_column(str(status), justify="right", style=_STYLE[status])
    for edition in report.run_editions:
        counts = report.counts(edition)
        table.add_row(edition, *(str(counts[s]) for s in Status))
    console.print(table)
    bad = [r for r in report.results if r.status in FAILING]
    for result in bad[:50]:
        style = _STYLE[result.status]
        console.print(
            f"[{style}]{result.status}[/] {escape(visible(result.id))}: {escape(why(result, 200))}", highlight=False
        )
    if len(bad) > 50:
        console.print(f"... and {len(bad) - 50} more (see the reports)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="turncheck",
        description="Certify an MTG engine's turn structure, smoke-test one, compare runs or engines, "
        "check recorded games, explore an engine by random play, write the rulings as a site, check the "
        "features, serve an engine.",
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"turncheck {suite_version()} (wire protocol {PROTOCOL_VERSION}, trace format {FORMAT_VERSION})",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    _certify_parser(sub)
    _smoke_parser(sub)
    d = sub.add_parser(
        "diff",
        help="regressions and fixes between two JSON reports",
        description="List the regressions and fixes between two JSON reports of certify --report-dir, scenario "
        "by scenario.",
        epilog="exit codes: 0 no regression; 1 a regression, or a new run that can't vouch for what passed before "
        "(stopped early, narrower, or without a result); 2 a report that can't be read",
    )
    d.add_argument("old", type=path, metavar="OLD.json", help="the earlier run's report.json")
    d.add_argument("new", type=path, metavar="NEW.json", help="the later run's report.json")
    c = sub.add_parser(
        "compare",
        help="engines side by side: a matrix by edition and part, and their disagreements",
        description="Put engines side by side from their JSON reports: per edition, a matrix of the parts of the "
        "turn by engine, then the scenarios on which they disagree.",
        epilog="exit codes: 0 the reports were compared (gate a CI on expect or diff); 2 a usage error (a report "
        "that can't be read, one engine twice in an edition, an --out that can't be written)",
    )
    c.add_argument(
        "reports", nargs="+", type=path, metavar="REPORT.json", help="report.json files of certify --report-dir"
    )
    c.add_argument(
        "--out", type=path_text, metavar="DIR", help="write compare.md, compare.json and its schema compare.schema.json"
    )
    e = sub.add_parser(
        "expect",
        help="check a saved JSON report against an expectations file",
        description="The CI gate of certify --expect, on a report saved before: pass exactly when its results "
        "match the expectations file.",
        epilog="exit codes: 0 the results match the expectations; 1 they don't (or the run is partial, or ran "
        "nothing); 2 a file that can't be read",
    )
    e.add_argument("report", type=path, metavar="REPORT.json", help="a report.json of certify --report-dir")
    e.add_argument(
        "expectations",
        type=path,
        metavar="EXPECTATIONS.json",
        help="the known non-passing scenarios, as certify --write-expectations writes them",
    )
    lint = sub.add_parser(
        "lint",
        help="check the feature files' tags",
        description="Check the tags of the feature files: every scenario runs in a known edition, every "
        "@ruling id is in the inventory, scenario names are unique, and each @pair sets editions against each other.",
        epilog="exit codes: 0 no problem; 1 problems (each with its file and line); 2 no feature files there",
    )
    lint.add_argument("features", nargs="?", type=path_text, help="a directory of feature files (default: the suite's)")
    cov = sub.add_parser(
        "coverage",
        help="which rulings the scenarios cover (exit 1: a seed ruling isn't)",
        description="Count the rulings the scenarios cover, and name each one no scenario covers.",
        epilog="exit codes: 0 every seed ruling is covered; 1 one isn't; 2 no feature files there, or one that "
        "can't be read",
    )
    cov.add_argument("features", nargs="?", type=path, help="a directory of feature files (default: the suite's)")
    t = sub.add_parser(
        "trace",
        help="check recorded games (traces) against the turn structure",
        description="Check recorded games (traces, as certify --record-traces and turncheck import write them) "
        "and name, with file and line, each turn-structure rule a game breaks, by the rules of its edition.",
        epilog="exit codes: 0 no violation; 1 a violation; 2 a usage error, a trace or line that can't be read or "
        "contradicts itself, a directory without traces, a trace with nothing to check, or a run in which no check "
        "could be made; 3 an internal error; 128 + the signal's number when interrupted (130: Ctrl-C)",
    )
    t.add_argument(
        "files",
        nargs="*",
        type=_trace_file,
        metavar="FILE",
        help="trace files, plain or compressed with gzip (- reads one from standard input), or directories of "
        "*.jsonl and *.jsonl.gz; a file given more than once is checked once",
    )
    t.add_argument("--edition", choices=EDITIONS, help="the rules to check by (default: each trace's header)")
    t.add_argument(
        "--report-dir", type=path, metavar="DIR", help="write the JSON (with schema), JUnit, Markdown and HTML reports"
    )
    t.add_argument("--validate", action="store_true", help="check every line against the JSON Schema too (slower)")
    t.add_argument(
        "--expect",
        type=path,
        metavar="FILE",
        help="the CI gate: pass exactly when the violations are those listed in FILE (each seen at least once)",
    )
    t.add_argument(
        "--check",
        action="append",
        default=[],
        metavar="NAME",
        help="only this check, or the checks of this part of the turn (repeatable; see --list-checks)",
    )
    t.add_argument(
        "--ruling", action="append", default=[], metavar="ID", help="only the checks of this ruling (repeatable)"
    )
    t.add_argument(
        "--list-checks", action="store_true", help="list the checks (of --edition, --check, --ruling) and exit"
    )
    site = sub.add_parser(
        "site",
        help="the rulings as a static site, with engines' reports side by side",
        description="Write the rulings as a static site that opens from its files, with the certification "
        "reports given side by side and the games of failing runs as timelines.",
        epilog="exit codes: 0 the site was written; 2 a usage error, or a report or traces left out (each named); "
        "3 internal error; 128 + the signal's number when interrupted (130: Ctrl-C; the site is then incomplete)",
    )
    site.add_argument("--out", required=True, type=path, metavar="DIR", help="the directory to write the site into")
    site.add_argument("reports", nargs="*", type=path, metavar="REPORT.json", help="certification reports to show")
    site.add_argument(
        "--traces",
        action="append",
        type=path,
        default=[],
        metavar="DIR",
        help="traces recorded by certify --record-traces (repeatable): failing runs' games shown as timelines",
    )
    importers.add_parser(sub)
    explore_options.add_parser(sub)
    serve = sub.add_parser(
        "serve",
        help="serve a Python adapter over the wire protocol on stdin/stdout",
        description="Serve a Python adapter over the wire protocol (docs/protocol.md): one JSON request a line on "
        "standard input, one answer a line on standard output, until bye or the end of the input. It puts an "
        "adapter behind the protocol, as a command line any suite can start.",
        epilog="exit codes: 0 the session ended (bye, or the suite went away); 2 an engine that can't be loaded, "
        "or no standard input or output",
    )
    serve.add_argument(
        "--engine", default="reference", help="reference (the default) or package.module:AdapterClass, in process"
    )
    serve.add_argument(
        "--validate",
        action="store_true",
        help="check every request against the protocol's schema; one that breaks it is answered with an "
        "invalid_request error naming what is wrong",
    )
    serve.add_argument(
        "--max-message-bytes",
        type=positive_bytes,
        default=MAX_MESSAGE_BYTES,
        metavar="BYTES",
        help=f"the longest request read; a longer one is answered with an error (default {MAX_MESSAGE_BYTES:,})",
    )
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse has printed the usage error
        return EXIT_USAGE if exc.code else EXIT_OK
    if isinstance(sys.stdout, io.TextIOWrapper):
        # What the output's encoding can't show (a file's name, under PYTHONIOENCODING=ascii) is
        # written escaped, as stderr writes it, not an error that ends the command.
        sys.stdout.reconfigure(errors="backslashreplace")
    output = functools.cache(_new_console)
    try:
        code = _command(args, output)
    except KeyboardInterrupt:  # outside a run (whose supervisor handles it): reading files, writing reports
        _error("interrupted")
        return 128 + signal.SIGINT
    except Exception:  # a bug of turncheck's: exit 3, as every command's help says, never 1 ("failed")
        traceback.print_exc()
        _error("an internal error of turncheck (the traceback above says where): please report it")
        return EXIT_INTERNAL
    if output.cache_info().currsize and getattr(output(), "closed", False):
        failure = getattr(output(), "failure", None)
        why = f"couldn't be written ({failure})" if failure else "was closed"
        _error(f"the standard output {why} before the command ended: what it would have shown is lost")
    return code


def _command(args: argparse.Namespace, output: Callable[[], Console]) -> int:
    if args.command == "certify":
        return certify(args, output)
    if args.command == "smoke":
        return smoke(args, output)
    begin_work()  # (a run of scenarios begins its work once it has imported what its sessions share)
    console = output()
    if args.command == "diff":
        return _diff(args.old, args.new, console)
    if args.command == "compare":
        return _compare(args.reports, args.out, console)
    if args.command == "expect":
        return _expect(args.report, args.expectations, console)
    if args.command == "trace":
        from checker.trace.check import UnknownCheck, select
        from checker.trace.command import list_checks, run

        try:
            only = select(args.check, args.ruling) if args.check or args.ruling else None
            if args.list_checks:
                if args.files or args.expect or args.report_dir:  # it checks nothing: they would be ignored
                    raise OptionError(
                        "--list-checks lists the checks and checks no trace: give it no FILE, --expect or --report-dir"
                    )
                return list_checks(args.edition, only, console, _error)
            if not args.files:
                raise OptionError("give the traces to check: files, directories, or - for standard input")
            if args.report_dir is not None:
                check_output_dir("--report-dir", str(args.report_dir))
        except (OptionError, UnknownCheck) as exc:  # before the traces are checked, not after
            _error(str(exc))
            return EXIT_USAGE
        return run(args.files, args.edition, args.report_dir, args.validate, console, _error, _note, args.expect, only)
    if args.command == "site":
        return _site(args.out, args.reports, args.traces, console)
    if args.command == "import":
        return importers.run(args, lambda line: console.print(visible(line), markup=False), _error)
    if args.command == "explore":
        from checker.explore import command as explore_command  # hypothesis: only this command pays for it

        return explore_command.run(args, console, _error)
    if args.command == "lint":
        from checker.doctools.lint import main as lint_main

        return _printing("lint", lambda: lint_main([args.features] if args.features else []))
    if args.command == "coverage":
        from checker.doctools.coverage import command as coverage_command

        return _printing("coverage", lambda: coverage_command(args.features))
    from checker.running.wire.server import main as serve_main

    argv = ["--engine", args.engine, "--max-message-bytes", str(args.max_message_bytes)]
    return serve_main(argv + (["--validate"] if args.validate else []))


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
    return EXIT_FAILED if result.fails else EXIT_OK


def _compare(paths: list[Path], out: str | None, console: Console) -> int:
    from checker.judging.compare import CompareError, compare, describe, write
    from checker.judging.reports.json_report import ReportError, read_json

    try:
        if out is not None:
            check_output_dir("--out", out)
        comparison = compare([(str(path), read_json(path)) for path in paths])
    except (OptionError, ReportError, CompareError) as exc:
        _error(str(exc))
        return EXIT_USAGE
    console.print(describe(comparison), markup=False)
    if out is not None:
        try:
            for written in write(comparison, Path(out)):
                console.print(f"wrote {visible(str(written))}", markup=False)
        except OSError as exc:  # a full disk, say: the comparison is printed above
            _error(f"--out {out}: the comparison can't be written: {exc.strerror or exc}")
            return EXIT_USAGE
    return EXIT_OK


def _site(out: Path, reports: list[Path], traces: list[Path], console: Console) -> int:
    """Write the site; a report, feature file or trace that can't be read is named, left out, and exits 2."""
    from checker.site.build import build

    try:
        check_output_dir("--out", str(out))
    except OptionError as exc:
        _error(str(exc))
        return EXIT_USAGE
    from checker.contract.interrupts import exit_code, stopping

    try:
        with stopping():
            site = build(out, reports, traces=traces)
    except OSError as exc:  # a full disk, say
        _error(f"--out {visible(str(out))}: the site can't be written: {exc.strerror or exc} (it is incomplete)")
        return EXIT_USAGE
    except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM, SIGHUP
        _error(f"interrupted: the site in {visible(str(out))} is incomplete (its index.html is written last)")
        return exit_code(exc)
    for problem in site.problems:
        _error(f"left out of the site: {problem}")
    engines = ", ".join(shorten(visible(engine.label), 80) for engine in site.engines) or "no engine"
    shown = f"; {len(site.traces)} failing run(s) as timelines" if traces else ""
    console.print(f"wrote the site to {visible(str(out / 'index.html'))} ({engines}{shown})", markup=False)
    return EXIT_USAGE if site.problems else EXIT_OK


def _silence(stream: Any) -> None:
    """Point a stream that failed at the null device, so that nothing written there later (the
    interpreter's last flush) fails again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _printing(name: str, command: Callable[[], int]) -> int:
    """A command that writes its output with ``print``, whose output may fail (``> /dev/full``, a
    disk full): it ends with a message and exit code 2, not a traceback. Its reader going away
    (``| head``) ends it quietly, with 141 (128 + SIGPIPE) as a shell's tools end: not finished,
    it can't give its own exit code."""
    try:
        return command()
    except OSError as exc:
        _silence(sys.stdout)
        if isinstance(exc, BrokenPipeError):
            return 128 + signal.SIGPIPE
        where = f"{exc.filename}: " if exc.filename else "its output can't be written: "
        _error(f"turncheck {name}: {where}{exc.strerror or exc}")
        return EXIT_USAGE


def _error(message: str) -> None:
    """An error on stderr, each of its lines made safe for the terminal (it may quote a file or an engine)."""
    _stderr(f"error: {message}", "red")


def _note(message: str) -> None:
    """A note on stderr, of what a command did that it wasn't told to (a file given twice checked once) or
    of how to end what it reads from the terminal."""
    _stderr(f"note: {message}", None)


def _stderr(message: str, style: str | None) -> None:
    text = "\n".join(visible(line) for line in message.split("\n"))
    _new_console(stderr=True).print(text, style=style, markup=False)


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
