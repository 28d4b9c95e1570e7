"""The commands over saved reports: ``diff``, ``compare``, ``expect``, and ``site``, which writes
the rulings with the reports side by side."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from checker.cli.output import error
from checker.contract.exits import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from checker.judging.reports._text import shorten, visible, written
from checker.running.options import OptionError, check_apart, check_output_dir

if TYPE_CHECKING:
    from rich.console import Console


def run_diff(old: Path, new: Path, console: Console) -> int:
    from checker.judging.diff import describe, diff
    from checker.judging.reports.json_report import ReportError, read_json

    try:
        before, after = read_json(old), read_json(new)
    except ReportError as exc:
        error(str(exc))
        return EXIT_USAGE
    result = diff(before, after)
    console.print(describe(result), markup=False)
    return EXIT_FAILED if result.fails else EXIT_OK


def run_compare(paths: list[Path], out: str | None, console: Console) -> int:
    from checker.judging.compare import WRITTEN, CompareError, compare, describe, write
    from checker.judging.reports.json_report import ReportError, read_json

    try:
        if out is not None:
            check_output_dir("--out", out)
            check_apart("--out", Path(out), WRITTEN, paths, "the comparison", "compares")
        comparison = compare([(str(path), read_json(path)) for path in paths])
    except (OptionError, ReportError, CompareError) as exc:
        error(str(exc))
        return EXIT_USAGE
    console.print(describe(comparison), markup=False)
    if out is not None:
        try:
            console.print(written(out, write(comparison, Path(out))), markup=False)
        except OSError as exc:  # a full disk, say: the comparison is printed above
            error(f"--out {out}: the comparison can't be written: {exc.strerror or exc}")
            return EXIT_USAGE
    return EXIT_OK


def run_site(out: Path, reports: list[Path], traces: list[Path], console: Console) -> int:
    """Write the site; a report, feature file or trace that can't be read is named, left out, and exits 2."""
    from checker.site.build import build

    try:
        check_output_dir("--out", str(out))
    except OptionError as exc:
        error(str(exc))
        return EXIT_USAGE
    from checker.contract.interrupts import exit_code, stopping

    try:
        with stopping():
            site = build(out, reports, traces=traces)
    except OSError as exc:  # a full disk, say
        error(f"--out {visible(str(out))}: the site can't be written: {exc.strerror or exc} (it is incomplete)")
        return EXIT_USAGE
    except KeyboardInterrupt as exc:  # Ctrl-C, SIGTERM, SIGHUP
        error(f"interrupted: the site in {visible(str(out))} is incomplete (its index.html is written last)")
        return exit_code(exc)
    for problem in site.problems:
        error(f"left out of the site: {problem}")
    engines = ", ".join(shorten(visible(engine.label), 80) for engine in site.engines) or "no engine"
    shown = f"; {len(site.traces)} failing run(s) as timelines" if traces else ""
    if site.removed:
        shown += f"; {site.removed} file(s) of the previous build there taken away"
    console.print(f"wrote the site to {visible(str(out / 'index.html'))} ({engines}{shown})", markup=False)
    return EXIT_USAGE if site.problems else EXIT_OK


def run_expect(report_path: Path, expectations_path: Path, console: Console) -> int:
    from checker.judging.expectations import ExpectationsError, check, describe, load_expectations
    from checker.judging.reports.json_report import ReportError, read_json

    try:
        verdict = check(read_json(report_path), load_expectations(expectations_path))
    except (ReportError, ExpectationsError) as exc:
        error(str(exc))
        return EXIT_USAGE
    console.print(describe(verdict), markup=False)
    return EXIT_OK if verdict.ok else EXIT_FAILED
