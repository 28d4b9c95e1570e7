"""``turncheck trace FILE... [--edition E] [--check NAME] [--ruling ID] [--report-dir DIR] [--expect FILE]``: check
recorded games; ``turncheck trace --list-checks``: the checks.

A FILE is a trace, ``-`` for one read from standard input, or a directory of traces; a trace
compressed with gzip is read as it is.

Prints a table (one row per trace), then every violation with its file and line; what can't be
read (a file, a line) and any other error goes to the error stream, named with its file (and
line). A file given more than once (by name twice, by a link, or in a directory and by name) is
checked once, and a line on the error stream says so. ``--report-dir`` writes the reports;
``--expect`` gates the run on the violations known (:mod:`checker.trace.expected`). On a terminal
a progress bar follows the traces. Ctrl-C, SIGTERM or SIGHUP stops the run: the traces checked so
far are reported (and written), a line on the error stream says how many, and the exit code is
128 + the signal's number (130 for Ctrl-C).

A directory with no trace in it, a trace with no event nor anything else to check, and a run on
none of whose traces a check could be made are named as errors (exit code 2): they say nothing of
the rules, so they can't pass.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from checker.contract.exits import EXIT_FAILED, EXIT_OK, EXIT_USAGE, not_all_written
from checker.contract.interrupts import exit_code as interrupted_exit_code
from checker.contract.interrupts import held, interrupted_late, stopping
from checker.contract.vocabulary import EDITIONS
from checker.judging.reports._text import plain, visible, written
from checker.trace.check import every_check
from checker.trace.expected import ExpectedViolation, TraceExpectationsError, compare, load
from checker.trace.files import STANDARD_INPUT, TRACE_FILES, UNFINISHED, traces_in
from checker.trace.results import Status, TraceResult
from checker.trace.verdict import check_each, exit_code, nothing_checked, write_reports


def trace_files(files: list[Path]) -> tuple[list[Path], list[Path], list[Path]]:
    """The files given, a directory standing for the traces in it (:func:`traces_in`), each file
    once (the same file by two paths, as :func:`_identity` tells: by the first); the directories with
    none; and the files given more than once, by the paths they are checked by."""
    empty: list[Path] = []
    checked: dict[str | tuple[int, int], Path] = {}  # each file: the path it is checked by
    again: dict[str | tuple[int, int], Path] = {}
    for f in files:
        found = traces_in(f) if f.is_dir() else [f]
        if not found:
            empty.append(f)
        for path in found:
            same = _identity(path)
            if same in checked:
                again.setdefault(same, checked[same])
            else:
                checked[same] = path
    return list(checked.values()), empty, list(again.values())


def _identity(path: Path) -> str | tuple[int, int]:
    """What tells a file from another: its device and inode where it exists, since two hard links to
    it, or a path through a bind mount, resolve to two paths; else (a file not found, which its reading
    says) its resolved path. Standard input is itself."""
    if str(path) == STANDARD_INPUT:
        return STANDARD_INPUT
    try:
        found = os.stat(path)
    except OSError:
        return os.path.realpath(path)
    return found.st_dev, found.st_ino


def run(
    files: list[Path],
    edition: str | None,
    report_dir: Path | None,
    validate: bool,
    console: Console,
    error: Callable[[str], None],
    note: Callable[[str], None],
    expect: Path | None = None,
    only: frozenset[str] | None = None,
) -> int:
    """Check the traces of ``files`` (by the checks ``only`` names, if given) and give the exit code.
    The results go to ``console``; errors and the interrupt are said by ``error``, and a file given
    twice, a trace of a game cut short and how to end a trace typed on the terminal by ``note`` (on
    the error stream, one line each, made safe for the terminal), so that the standard output holds
    the results only."""
    expected: list[ExpectedViolation] | None = None
    if expect is not None:
        try:
            expected = load(expect)
        except TraceExpectationsError as exc:
            error(str(exc))
            return EXIT_USAGE
        if only is not None:  # a check not run can't show what is expected of it: the gate is on those run
            expected = [e for e in expected if e.check in only]
    from_input = sum(str(f) == STANDARD_INPUT for f in files)
    if from_input > 1:
        error(f"standard input ({STANDARD_INPUT}) holds one trace: name it once")
        return EXIT_USAGE
    if from_input and sys.stdin is not None and sys.stdin.isatty():
        note(f"reading a trace from standard input ({STANDARD_INPUT}): end it with Ctrl-D")
    paths, empty, again = trace_files(files)
    if again:
        note(f"given more than once, checked once: {', '.join(visible(str(p)) for p in again)}")
    for path in paths:
        if path.name.endswith(UNFINISHED):  # given by name: a directory's traces never are
            note(
                f"{visible(str(path))}: a game cut short (its trace, named {UNFINISHED}, was never finished): "
                "checked as far as it goes, not as a whole game"
            )
    patterns = " or ".join(TRACE_FILES)
    results = [TraceResult(str(d), edition or "?", "?", error=f"no trace ({patterns}) in {d}") for d in empty]
    stopped: KeyboardInterrupt | None = None
    with Progress(console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task("checking traces", total=len(paths))
        try:
            with stopping():
                for result in check_each(paths, edition, validate, only):
                    results.append(result)
                    progress.advance(task)
        except KeyboardInterrupt as exc:
            stopped = exc
    _print(results, console, error)
    partial = None if stopped is None else f"interrupted: {len(results) - len(empty)} of {len(paths)} traces checked"
    if report_dir is not None:
        with held() as writing:  # a signal now waits for the reports: each of them whole
            try:
                console.print(written(report_dir, write_reports(results, report_dir, partial)), markup=False)
            except OSError as exc:  # a full disk, say: the results above stand, the reports are incomplete
                said = visible(exc.strerror or str(exc))
                error(f"the reports can't be written to {visible(str(report_dir))}: {said}")
                # A violation stays 1, as certify's failures do.
                return interrupted_late(writing, not_all_written(exit_code(results)), error)
        if writing.late is not None and stopped is None:
            return interrupted_late(writing, EXIT_OK, error)
    if stopped is not None:
        error(f"{partial}; the rest were not")
        return interrupted_exit_code(stopped)
    if expected is not None:
        return _gate(results, expected, console)
    return exit_code(results)


def _gate(results: list[TraceResult], expected: list[ExpectedViolation], console: Console) -> int:
    """The run against the expected violations: 0 when they match, 1 when they don't (unreadable traces and
    internal errors keep their own exit codes)."""
    verdict = compare(results, expected)
    for e, n in verdict.met.items():
        seen = "seen once" if n == 1 else f"seen {n} times"
        state = seen if n else "[red]not seen[/red] (fixed? remove it from the expectations)"
        console.print(f"expected {e.check}: {plain(e.shows)}: {state}")
    for path, v in verdict.unexpected:
        console.print(f"[red]unexpected[/red] {plain(path)}:{v.line} {v.check}: {plain(v.shows)}")
    code = exit_code(results)
    if code > EXIT_FAILED:
        return code
    if verdict.holds:
        kinds = "1 kind" if len(expected) == 1 else f"{len(expected)} kinds"
        console.print(f"the violations match the expectations ({kinds})")
        return EXIT_OK
    console.print(
        f"[red]the violations don't match the expectations[/red]: {len(verdict.unexpected)} unexpected, "
        f"{len(verdict.unmet)} expected but not seen"
    )
    return EXIT_FAILED


def _print(results: list[TraceResult], console: Console, error: Callable[[str], None]) -> None:
    """The table and each trace's violations on ``console``; each trace's errors said by ``error``.
    Whatever a trace or its file's name says is shown as text on one line
    (:func:`~checker.judging.reports._text.plain`, :func:`~checker.judging.reports._text.visible`):
    it can't colour or move the terminal."""
    table = Table(title="turncheck trace: the turn-structure rules each trace breaks")
    for column in ("trace", "edition", "events", "passed", "violated", "not checked"):
        table.add_column(column, justify="left" if column in ("trace", "edition") else "right")
    for r in results:
        count = {s: sum(1 for c in r.results if c.status is s) for s in Status}
        table.add_row(plain(Path(r.path).name), r.edition, str(r.events), *(str(count[s]) for s in Status))
    console.print(table)
    none_checked = nothing_checked(results)
    for r in results:
        path = visible(r.path)
        if r.error:
            error(visible(r.error))
        if r.internal_error:
            error(f"{path}: an internal error of the checker: {visible(r.internal_error)} (please report it)")
        for p in r.problems:
            error(f"{path}:{p.line}: {visible(p.problem)}")
        if r.eventless:
            error(
                f"{path}: nothing in it to check: no event, and no check had what it needs "
                "(its game never began, or its recording stopped)"
            )
        elif none_checked:
            why = "; ".join(sorted({c.why for c in r.results if c.why}))
            error(f"{path}: no check could be made on it ({r.events} events): {visible(why)}")
        for v in r.violations:
            console.print(
                f"[red]violation[/red] {plain(r.path)}:{v.line} ({plain(v.position)}) "
                f"{v.check}: {plain(v.shows)}\n    requires: {plain(v.requires)}"
            )


def list_checks(
    edition: str | None, only: frozenset[str] | None, console: Console, error: Callable[[str], None]
) -> int:
    """Print the checks (those of ``edition``, those ``only`` names): each with its editions, the
    rulings it enforces and what it requires."""
    shown = 0
    for name, cls in every_check().items():
        if (edition is None or edition in cls.editions) and (only is None or name in only):
            editions = ", ".join(e for e in EDITIONS if e in cls.editions)
            console.print(f"[bold]{name}[/bold] ({editions})", highlight=False)
            console.print(f"    rulings: {' '.join(cls.rules)}", highlight=False)
            console.print(f"    requires: {escape(cls.requires)}", highlight=False)
            shown += 1
    console.print(f"{shown} {'check' if shown == 1 else 'checks'}" + (f" in {edition}" if edition else ""))
    if not shown:  # checks chosen by name or ruling, none of which holds in the edition
        error(f"none of the checks chosen holds in {edition}")
        return EXIT_USAGE
    return EXIT_OK
