"""``turncheck``'s command line: the commands and their options, help and exit codes."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from checker.contract.arguments import MAX_MESSAGE_LIMIT, path, path_text, positive_bytes
from checker.contract.features import document, suite_version
from checker.contract.protocol import MAX_MESSAGE_BYTES, PROTOCOL_VERSION
from checker.contract.vocabulary import EDITIONS
from checker.explore import options as explore_options
from checker.importers import command as importers
from checker.running.options import add_jobs, positive_seconds
from checker.running.wire.client import DEFAULT_TIMEOUT
from checker.trace.format import FORMAT_VERSION

#: The part of the turn ``turncheck smoke`` plays: short games, each through one untap step.
SMOKE_PART = "untap"


def _trace_file(text: str) -> Path:
    """A FILE of ``turncheck trace``: ``-`` is standard input, and ``./-`` the file named ``-``
    (which a path would make ``-`` again)."""
    found = path(text)
    return found.absolute() if text != "-" and str(found) == "-" else found


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
        help=f"the longest answer an engine process may send (default: {MAX_MESSAGE_BYTES:,}; at most "
        f"{MAX_MESSAGE_LIMIT:,})",
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


def turncheck_parser() -> argparse.ArgumentParser:
    """Every command's options, each checked as it is read (a path never empty, a number in range)."""
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
        "could be made, or reports that can't be written (a violation stays 1); 3 an internal error; 128 + the "
        "signal's number when interrupted (130: Ctrl-C; the reports written say the run is partial)",
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
        description=f"Serve a Python adapter over the wire protocol ({document('protocol.md')}): one JSON request a "
        "line on standard input, one answer a line on standard output, until bye or the end of the input. It puts an "
        "adapter behind the protocol, as a command line any suite can start. What the adapter prints (print(), or "
        "its C code on file descriptor 1) goes to standard error, never among the answers.",
        epilog="An exception the adapter raises, whatever it is (sys.exit() and KeyboardInterrupt too), is the "
        "engine's failure: the request is answered with an internal error and the session goes on. "
        "Exit codes: 0 the session ended (bye, or the suite went away); 2 an engine that can't be loaded, "
        "no standard input or output, or an answer that can't be written (a full disk); 128+N interrupted by "
        "signal N (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP)",
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
        help=f"the longest request read; a longer one is answered with an error (default {MAX_MESSAGE_BYTES:,}; at "
        f"most {MAX_MESSAGE_LIMIT:,})",
    )
    return parser
