"""``turncheck``: certify an engine, smoke-test one, compare two runs, check the features, check and
import recorded games, serve an engine.

- :mod:`checker.cli.parsers`: the command line, each command's options, help and exit codes;
- :mod:`checker.cli.certification`: ``certify`` and ``smoke``, the runs of the scenarios;
- :mod:`checker.cli.reports`: ``diff``, ``compare``, ``expect`` and ``site``, over saved reports;
- :mod:`checker.cli.output`: the consoles, a run's progress, errors and notes on stderr;
- here: :func:`main`, which hands each command to its job (``trace``, ``import`` and ``explore``
  are their jobs' own ``command`` modules; ``lint`` and ``coverage`` the doctools').

May import every job of the checker: it is the command over all of them. The exit codes are
:mod:`checker.contract.exits`'s.

``turncheck compare REPORT...`` exits 0 when the reports were compared, whatever they hold.
``turncheck diff OLD NEW`` exits 1 when the new report has regressions (or can't vouch for what
passed before), ``turncheck expect REPORT EXPECTATIONS`` when a saved report doesn't match,
``turncheck lint`` when the features have problems, ``turncheck coverage`` when a seed ruling
has no scenario; each exits 2 on a file it can't read.
"""

from __future__ import annotations

import argparse
import functools
import io
import signal
import sys
import traceback
from typing import TYPE_CHECKING

from checker.cli.output import error, new_console, note, printing
from checker.cli.parsers import turncheck_parser
from checker.cli.reports import run_compare, run_diff, run_expect, run_site
from checker.contract.exits import EXIT_INTERNAL, EXIT_OK, EXIT_USAGE
from checker.importers import command as importers
from checker.judging.reports._text import visible
from checker.running.garbage import begin_work
from checker.running.options import OptionError, check_output_dir

if TYPE_CHECKING:
    from collections.abc import Callable

    from rich.console import Console


def main(argv: list[str] | None = None) -> int:
    output = functools.cache(new_console)
    try:
        try:
            args = turncheck_parser().parse_args(argv)
        except SystemExit as exc:  # argparse has printed the usage error
            return EXIT_USAGE if exc.code else EXIT_OK
        if isinstance(sys.stdout, io.TextIOWrapper):
            # What the output's encoding can't show (a file's name, under PYTHONIOENCODING=ascii) is
            # written escaped, as stderr writes it, not an error that ends the command.
            sys.stdout.reconfigure(errors="backslashreplace")
        code = _command(args, output)
    except KeyboardInterrupt:  # outside a run (whose supervisor handles it): the command line read, files, reports
        error("interrupted")
        return 128 + signal.SIGINT
    except Exception:  # a bug of turncheck's: exit 3, as every command's help says, never 1 ("failed")
        traceback.print_exc()
        error("an internal error of turncheck (the traceback above says where): please report it")
        return EXIT_INTERNAL
    if output.cache_info().currsize and getattr(output(), "closed", False):
        failure = getattr(output(), "failure", None)
        why = f"couldn't be written ({failure})" if failure else "was closed"
        error(f"the standard output {why} before the command ended: what it would have shown is lost")
    return code


def _command(args: argparse.Namespace, output: Callable[[], Console]) -> int:
    if args.command in ("certify", "smoke"):
        # pytest and pytest-bdd: only the commands that run scenarios pay for their import.
        from checker.cli.certification import certify, smoke

        return (certify if args.command == "certify" else smoke)(args, output)
    begin_work()  # (a run of scenarios begins its work once it has imported what its sessions share)
    console = output()
    if args.command == "diff":
        return run_diff(args.old, args.new, console)
    if args.command == "compare":
        return run_compare(args.reports, args.out, console)
    if args.command == "expect":
        return run_expect(args.report, args.expectations, console)
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
                return list_checks(args.edition, only, console, error)
            if not args.files:
                raise OptionError("give the traces to check: files, directories, or - for standard input")
            if args.report_dir is not None:
                check_output_dir("--report-dir", str(args.report_dir))
        except (OptionError, UnknownCheck) as exc:  # before the traces are checked, not after
            error(str(exc))
            return EXIT_USAGE
        return run(args.files, args.edition, args.report_dir, args.validate, console, error, note, args.expect, only)
    if args.command == "site":
        return run_site(args.out, args.reports, args.traces, console)
    if args.command == "import":
        return importers.run(args, lambda line: console.print(visible(line), markup=False), error)
    if args.command == "explore":
        from checker.explore import command as explore_command  # hypothesis: only this command pays for it

        return explore_command.run(args, console, error)
    if args.command == "lint":
        from checker.doctools.lint import main as lint_main

        return printing("lint", lambda: lint_main([args.features] if args.features else []))
    if args.command == "coverage":
        from checker.doctools.coverage import command as coverage_command

        return printing("coverage", lambda: coverage_command(args.features))
    from checker.running.wire.server import main as serve_main

    argv = ["--engine", args.engine, "--max-message-bytes", str(args.max_message_bytes)]
    return serve_main(argv + (["--validate"] if args.validate else []))
