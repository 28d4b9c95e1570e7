"""``turncheck certify`` and ``turncheck smoke``: the scenarios run against an engine.

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
  143 SIGTERM, 129 SIGHUP); the reports written are marked partial. A signal that comes once
  the sessions have ended waits for the reports, which are whole, and then ends the run so.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from checker.cli.output import STYLE, RunProgress, error, note
from checker.cli.parsers import SMOKE_PART
from checker.contract import catalog
from checker.contract.exits import EXIT_FAILED, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, not_all_written
from checker.contract.interrupts import held, interrupted_late
from checker.contract.vocabulary import EDITIONS
from checker.judging.expectations import describe
from checker.judging.reports._text import visible, why, written
from checker.judging.results import FAILING, EngineIdentity, RunReport, Status
from checker.running import durations
from checker.running.collect import chosen_files
from checker.running.collector import Collector
from checker.running.conclude import Conclusion, NotWritten
from checker.running.garbage import begin_work
from checker.running.options import OptionError, Selection, check_output_dir
from checker.running.supervise import supervise

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import Console


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
#:   keeps (and drops) as before. About 5% of the run;
#: - the debugger's plugin (``--pdb``, ``--trace``, which the command doesn't offer): it imports
#:   pdb in every session. An adapter that stops at a ``breakpoint()`` errs at once: "reading from
#:   stdin while output is captured" (with the plugin, it erred too, the plugin missing the
#:   terminal report left out above).
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
    "debugging",
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
    weights = durations.weights(args.engine, [f.stem for f in files], args.edition or EDITIONS, note)
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


#: A module pytest-bdd's plugin imports, by way of Mako (the templates of its ``--generate-missing``,
#: which a certification never uses), only to colour the source in Mako's HTML error pages; it
#: imports Pygments and its lexers for a dozen languages (0.1 to 0.25 s on a busy 2-core machine). Mako
#: has a fallback for when it can't be imported, which the plugin's import takes.
_HIGHLIGHTING = "mako.ext.pygmentplugin"


def _preload(engine: str) -> None:
    """Import what every session imports, once, before the sessions are forked: each inherits it.
    The reference engine is the suite's own; another engine's code never runs in this process."""
    blocked = _HIGHLIGHTING not in sys.modules
    if blocked:
        sys.modules[_HIGHLIGHTING] = None  # type: ignore[assignment]  # None there: can't be imported
    try:
        importlib.import_module("pytest_bdd.plugin")
    finally:
        if blocked and sys.modules.get(_HIGHLIGHTING, ...) is None:  # importable again, by an adapter say
            del sys.modules[_HIGHLIGHTING]
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
        error(str(exc))
        return EXIT_USAGE, None
    progress = RunProgress(console, not args.plain and not os.environ.get("CI"), title)
    collector = Collector(args.engine)
    collector.identity = identity
    _preload(args.engine)
    begin_work()  # what the sessions share, frozen before they are forked
    sessions = _sessions(args, *extra)
    # A signal while the sessions run is the supervisor's (its own handlers): the run is partial.
    # Once they have ended, the first is only noted until the results are written, reports and
    # all, and the command then ends as interrupted; before, it ended the process with no report.
    with held() as holding:
        code, report = _concluded(args, console, conclusion, collector, progress, sessions, extra)
    if code >= 128:  # the run itself was interrupted: its signal is the one told
        return code, report
    return interrupted_late(holding, code, error), report


def _concluded(
    args: argparse.Namespace,
    console: Callable[[], Console],
    conclusion: Conclusion,
    collector: Collector,
    progress: RunProgress,
    sessions: list[list[str]],
    extra: tuple[str, ...],
) -> tuple[int, RunReport | None]:
    """The run under supervision (``sessions``; ``extra``: the arguments :func:`_run` gave them), and
    what it leaves: its reports, its verdict, said."""
    try:
        ending = supervise(sessions, collector, progress.begin, progress.advance)
    finally:
        progress.stop()
    if ending.exit_code == pytest.ExitCode.USAGE_ERROR:
        if ending.usage_error is not None:
            error(ending.usage_error)
        return EXIT_USAGE, None
    internal = "an internal error of the suite (pytest exit code 3)"
    cut_short = ending.cut_short or (internal if ending.exit_code == pytest.ExitCode.INTERNAL_ERROR else None)
    if not collector.results and cut_short in (None, internal):
        error(f"the run ended with {internal}" if cut_short else "no scenario matches the selection")
        return (EXIT_INTERNAL if cut_short else EXIT_USAGE), None
    partial = collector.partial(cut_short) if cut_short else None
    if partial is None and not extra and not args.ruling and args.keyword is None:
        # Every scenario of each part and edition it ran (not a smoke test's first few): the next -j split's weights.
        durations.record(args.engine, collector.results)
    report = collector.report(tuple(args.edition or EDITIONS), partial)
    unwritten = [problem] if (problem := collector.traces_problem()) is not None else []
    try:
        concluded = conclusion.conclude(report)
    except NotWritten as exc:  # a full disk
        concluded = exc.concluded
        unwritten.insert(0, str(exc))
    verdict = concluded.verdict
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
    if concluded.reports:
        out.print(written(args.report_dir, concluded.reports, " (marked partial)" if partial else ""), markup=False)
    if concluded.expectations is not None:
        out.print(f"expectations written to {visible(str(concluded.expectations))}", markup=False)
    if verdict is not None:
        out.print(describe(verdict), markup=False)
    else:
        for gap in report.gaps:
            error(f"the run doesn't pass: {gap}")
    for problem in unwritten:
        error(problem)
    if args.record_traces and (others := collector.other_traces(Path(args.record_traces))) is not None:
        note(others)
    if cut_short == internal:  # the results so far are in the reports, marked partial
        return EXIT_INTERNAL, report
    if partial is not None:
        return (128 + ending.signal if ending.signal is not None else EXIT_FAILED), report
    passed = verdict.ok if verdict is not None else report.ok
    code = EXIT_OK if passed else EXIT_FAILED
    return (not_all_written(code) if unwritten else code), report


def smoke(args: argparse.Namespace, console: Callable[[], Console]) -> int:
    """The handshake, then a few short games per supported edition, stopping at the first that fails."""
    from checker.contract.interface import EngineFailure
    from checker.running.engines import EngineNotFound, EngineProvider

    try:
        # An engine not found, or a command line that can't be read (as the provider reads it).
        provider = EngineProvider(args.engine, args.timeout, validate=True, max_message=args.max_message_bytes)
        with contextlib.closing(provider):
            provider.check()
            capabilities = provider.get().capabilities()
    except EngineNotFound as exc:
        error(str(exc))
        return EXIT_USAGE
    except (EngineFailure, Exception) as exc:  # an adapter's own failure is the engine's, not the suite's
        error(f"the engine failed its handshake: {type(exc).__name__}: {exc}")
        return EXIT_FAILED
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
        error(f"the engine supports none of the suite's editions ({', '.join(EDITIONS)})")
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
        error(f"{first.id}: {first.status}\n" + "\n".join(f"  | {line}" for line in detail.split("\n")))
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
        table.add_column(str(status), justify="right", style=STYLE[status])
    for edition in report.run_editions:
        counts = report.counts(edition)
        table.add_row(edition, *(str(counts[s]) for s in Status))
    console.print(table)
    bad = [r for r in report.results if r.status in FAILING]
    for result in bad[:50]:
        style = STYLE[result.status]
        console.print(
            f"[{style}]{result.status}[/] {escape(visible(result.id))}: {escape(why(result, 200))}", highlight=False
        )
    if len(bad) > 50:
        console.print(f"... and {len(bad) - 50} more (see the reports)")
