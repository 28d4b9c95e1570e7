"""``turncheck explore``: random games on an engine, each checked by the rules checker.

- ``turncheck explore --engine ENGINE [--edition E]... --games N --seed S [--shard I/N]
  [--against reference] [--kind setup|start]... [--report-dir DIR] [--timeout SECONDS]``
- ``turncheck explore --merge REPORT.json... [--report-dir DIR]``: shard reports as one.

Exit codes: 0 nothing found; 1 a violation, divergence, engine failure or timeout (each named with
its edition, game and seed; the run goes on after each), a run the engine couldn't play at all,
or shard reports merged that lack a shard or hold an interrupted one;
2 a usage error (a wrong option, an engine not found, a report that can't be read or merged, or
one that can't be written: said, and exit 1 still when it has findings, as ``certify`` does);
3 an internal error of the suite; 128 + the signal's number when interrupted (130 Ctrl-C, 143
SIGTERM, 129 SIGHUP: the games played so far are reported, the report marked partial, and so are
the findings being shrunk, with the smallest game found before, the interrupt what cut their
shrinking short).
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from checker.contract.exits import EXIT_FAILED, EXIT_INTERNAL, EXIT_OK, EXIT_USAGE, not_all_written
from checker.contract.interface import AdapterError
from checker.contract.interrupts import Stopped, exit_code, held, interrupted_late, stopping
from checker.contract.vocabulary import EDITIONS
from checker.explore import report as reports
from checker.explore.explorer import GameOutcome
from checker.explore.options import resolve_playing
from checker.explore.play import Finding
from checker.explore.sessions import Game, Games, side_by_side, what_it_supports
from checker.judging.reports._text import plain, visible, written
from checker.running.engines import EngineNotFound
from checker.running.options import OptionError, check_apart, probe_output_dir


def run(args: argparse.Namespace, console: Console, error: Callable[[str], None]) -> int:
    given = resolve_playing(args)
    if args.merge:
        if given:
            error(f"--merge merges reports and plays no game: {', '.join(given)} can't be given with it")
            return EXIT_USAGE
        return _merge(args.merge, args.report_dir, console, error)
    if args.jobs < 1:
        error(f"--jobs {args.jobs}: must be 1 or more")
        return EXIT_USAGE
    if not _writable(args.report_dir, error):  # a usage error: found before any engine starts
        return EXIT_USAGE
    try:
        # Shards of a run, and the sessions of -j, are played side by side, each with its engine.
        capabilities = what_it_supports(args.engine, args.timeout, args.shard.count * args.jobs)
    except EngineNotFound as exc:
        error(str(exc))
        return EXIT_USAGE
    except AdapterError as exc:
        error(f"engine {args.engine!r} could not say what it supports: {exc}")
        return EXIT_FAILED
    editions = args.edition or [e for e in EDITIONS if e in capabilities.editions]
    if not editions:  # none asked for, and the engine supports none: it can't be explored at all
        error(f"engine {args.engine!r} supports none of the suite's editions ({', '.join(EDITIONS)})")
        return EXIT_FAILED
    missing = [e for e in editions if e not in capabilities.editions]
    if missing:  # asked for, and not there: the command line's mistake
        error(f"engine {args.engine!r} doesn't support {', '.join(missing)}")
        return EXIT_USAGE
    kinds = tuple(dict.fromkeys(args.kind or ["setup", "start"]))
    run_fields = {
        "engine": {"spec": args.engine, "name": capabilities.name, "version": capabilities.version},
        "against": args.against,
        "seed": args.seed,
        "games": args.games,
        "kinds": list(kinds),
        "max_decisions": args.max_decisions,
        "shrink_budget": args.shrink_budget,
    }
    # The games are handed out as they are played, never listed: --games has no bound.
    todo = ((edition, index) for edition in editions for index in args.shard.games(args.games))
    per_edition = args.shard.how_many(args.games)
    jobs = min(args.jobs, per_edition * len(editions))
    # Games only of the cards the engine can play (the reference engine plays them all).
    games = Games(
        args.engine,
        args.timeout,
        args.against,
        frozenset(capabilities.effects),
        args.seed,
        kinds,
        args.max_decisions,
        args.shrink_budget,
        args.shard.count * jobs,
    )
    outcomes: dict[str, list[GameOutcome]] = {e: [] for e in editions}
    partial, started = False, time.monotonic()
    stopped: KeyboardInterrupt | None = None
    shard = f", shard {args.shard.index}/{args.shard.count}" if args.shard.count > 1 else ""
    console.print(
        f"exploring {plain(capabilities.name)} {plain(capabilities.version)}: {per_edition} games "
        f"per edition ({', '.join(editions)}), seed {args.seed}{shard}"
        f"{', against the reference engine' if args.against else ''}{f', {jobs} side by side' if jobs > 1 else ''}"
    )
    shrinking: dict[Game, GameOutcome] = {}
    played = side_by_side(games, todo, jobs, shrinking)
    try:
        # Ctrl-C, SIGTERM and SIGHUP stop the run after what it finished; the signal is also looked
        # at between games (see stopping).
        with (
            stopping() as received,
            _progress(console, per_edition * len(editions)) as progress,
            contextlib.closing(played),
        ):
            for (edition, _), outcome in played:
                outcomes[edition].append(outcome)
                progress(edition, outcome)
                if received:
                    raise Stopped(received[0])
    except KeyboardInterrupt as exc:
        partial, stopped = True, exc
        if _out_of_the_engine(exc):
            error(f"interrupted: {exc}")
        for (edition, _), outcome in shrinking.items():  # each seen: kept, as far as it was shrunk
            outcomes[edition].append(outcome if outcome.cut_short else replace(outcome, cut_short=_cut_short(exc)))
    except Exception as exc:  # a bug of the explorer or the rules checker: what was found is kept
        error(f"internal error: {type(exc).__name__}: {exc} (please report it)")
        partial = True
        _finish(console, args, run_fields, outcomes, partial, started, error)
        return EXIT_INTERNAL
    code = _finish(console, args, run_fields, outcomes, partial, started, error)
    return exit_code(stopped) if stopped is not None else code


def _cut_short(interrupt: KeyboardInterrupt) -> Finding:
    """What cut short the shrinking of the findings the run was shrinking when ``interrupt`` stopped it:
    a signal, or a KeyboardInterrupt out of an engine's adapter (its message names the game)."""
    if _out_of_the_engine(interrupt):
        return Finding("interrupted", "KeyboardInterrupt", str(interrupt))
    name = signal.Signals(exit_code(interrupt) - 128).name
    return Finding("interrupted", name, f"{name} stopped the run while the finding was shrunk")


def _out_of_the_engine(interrupt: KeyboardInterrupt) -> bool:
    """Whether ``interrupt`` came out of the engine's adapter (its message names the game), not a signal."""
    return bool(str(interrupt)) and not isinstance(interrupt, Stopped)


def _writable(report_dir: Path | None, error: Callable[[str], None]) -> bool:
    """Whether ``--report-dir`` (when given) can be written, tried before the games (a report that
    can't be written would be lost) and left as it was: the report's writing makes it, so that a
    usage error found later (an edition the engine lacks) leaves no directory made."""
    if report_dir is not None:
        try:
            probe_output_dir("--report-dir", str(report_dir))
        except OptionError as exc:
            error(str(exc))
            return False
    return True


def _apart(paths: list[Path], report_dir: Path | None, error: Callable[[str], None]) -> bool:
    """Whether the merge's report would replace none of the reports merged (``--report-dir`` the
    directory of a shard's): that shard's report would be lost, and the run could not be merged again."""
    if report_dir is not None:
        try:
            check_apart("--report-dir", report_dir, ["explore-report.json"], paths, "the merge", "merges")
        except OptionError as exc:
            error(str(exc))
            return False
    return True


def _finish(
    console: Console,
    args: argparse.Namespace,
    run_fields: dict[str, Any],
    outcomes: dict[str, list[GameOutcome]],
    partial: bool,
    started: float,
    error: Callable[[str], None],
) -> int:
    editions = [reports.edition_json(e, found) for e, found in outcomes.items()]
    report = reports.report_json(run_fields, args.shard, partial, editions)
    _summary(report, console, time.monotonic() - started)
    with held() as writing:  # a signal now waits for the report and its findings' scenarios, each whole
        kept = _kept(report, args.report_dir, console, error)
    if partial:
        error("interrupted: the report holds the games played so far and is marked partial")
    return interrupted_late(writing, _verdict(report, kept), error)


def _kept(report: dict[str, Any], report_dir: Path | None, console: Console, error: Callable[[str], None]) -> bool:
    """Whether the report was written where ``--report-dir`` asks (or wasn't asked for); what kept
    it from being written (the directory replaced by a file during the run, a full disk) is said
    as ``certify`` says it, with the reason alone: the error's file is a temporary one."""
    if report_dir is None:
        return True
    try:
        console.print(written(report_dir, reports.write(report, report_dir)), markup=False)
    except OSError as exc:
        error(f"the run's results could not be written: --report-dir {report_dir}: {exc.strerror or exc}")
        return False
    return True


def _verdict(report: dict[str, Any], kept: bool) -> int:
    """The exit code of a report: its findings fail the run whether or not it could be written (as
    ``certify``'s failures do); a report without findings that couldn't be written is a usage error."""
    code = EXIT_FAILED if reports.findings(report) else EXIT_OK
    return code if kept else not_all_written(code)


class _progress:
    """A progress bar on a terminal; elsewhere a line at each tenth of the games, and each finding."""

    def __init__(self, console: Console, total: int) -> None:
        self.console, self.total, self.done, self.found = console, total, 0, 0
        self.bar: Progress | None = None
        if console.is_terminal:
            self.bar = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=console,
            )
            self.task = self.bar.add_task("exploring", total=total)

    def __enter__(self) -> Callable[[str, GameOutcome], None]:
        if self.bar is not None:
            self.bar.start()
        return self.advance

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()

    def advance(self, edition: str, outcome: GameOutcome) -> None:
        self.done += 1
        f = outcome.finding
        if f is not None:
            self.found += 1
            self.console.print(
                f"[red]{plain(f.kind)}[/red] {edition} game {outcome.index} (seed {outcome.seed}): "
                f"{plain(f.what)}: {plain(f.shows)}"
            )
        if self.bar is not None:
            self.bar.update(self.task, completed=self.done, description=f"exploring {edition}: {self.found} found")
        elif self.done % max(1, self.total // 10) == 0 or self.done == self.total:
            self.console.print(f"  {self.done}/{self.total} games: {self.found} finding(s)")


def _summary(report: dict[str, Any], console: Console, seconds: float) -> None:
    for e in report["editions"]:
        console.print(
            f"{e['edition']}: {e['games_played']} games ({e['plays']} plays, {e['decisions']} decisions, "
            f"{e['refused']} refused, {e['events']} events checked, {e['unsupported']} unsupported): "
            f"{len(e['findings'])} finding(s)"
        )
        for check, plays in e["checks_broken"].items():
            console.print(f"  {plain(check)} broken in {plays} play(s)")
        for f in e["findings"]:
            at = f" at {plain(f['where'])}" if f["where"] else ""
            console.print(
                f"\n[red]{plain(f['kind'])}[/red] {e['edition']} game {f['game']} (seed {f['seed']}): "
                f"{plain(f['what'])}{at}\n  shows: {plain(f['shows'])}"
            )
            if f["requires"]:
                console.print(f"  requires: {plain(f['requires'])} ({plain(', '.join(f['rules']))})")
            reproduction = f["reproduction"]
            if cut := f.get("shrinking_cut_short"):  # absent from a report written before it was added
                interrupted = cut["kind"] == "interrupted"
                by = "the run was interrupted" if interrupted else f"a try failed, [red]{plain(cut['kind'])}[/red]"
                console.print(
                    f"  shrinking cut short: {by} ({plain(cut['what'])}): "
                    f"{plain(cut['shows'])}; the reproduction is the smallest game found before"
                )
            if reproduction and reproduction["gherkin"]:
                before, after = f["decisions_before_shrinking"], len(reproduction["actions"])
                if f["kind"] == "timeout":
                    said = f"  not shrunk (each try would wait for the timeout): its {after} decisions:"
                else:
                    said = f"  shrunk from {before} decisions to {after}:" if after < before else "  as played:"
                console.print(said + "\n")
                console.print("\n".join(map(visible, reproduction["gherkin"].split("\n"))), markup=False)
            elif reproduction:
                console.print("  the step vocabulary can't say this game: see the set-up and actions in the report")
    games = sum(e["games_played"] for e in report["editions"])
    if seconds > 0 and games:
        events = sum(e["events"] for e in report["editions"])
        console.print(
            f"{games} games in {seconds:.1f}s: {games / seconds:.1f} games/s, {events / seconds:.0f} events/s"
        )


def _merge(paths: list[Path], report_dir: Path | None, console: Console, error: Callable[[str], None]) -> int:
    try:
        merged = reports.merge([(str(p), reports.read(p)) for p in paths])
    except reports.ExploreReportError as exc:
        error(str(exc))
        return EXIT_USAGE
    if not _writable(report_dir, error) or not _apart(paths, report_dir, error):
        return EXIT_USAGE
    _summary(merged, console, 0)
    kept = _kept(merged, report_dir, console, error)
    if merged["partial"]:  # what the missing games would have found can't be told: never a pass
        console.print("[red]partial[/red]: some shards are missing or were interrupted")
        return EXIT_FAILED
    return _verdict(merged, kept)
