"""The plugin's options on pytest's command line, and the scenarios they choose.

``turncheck certify`` passes its options on as these; their values are checked by
:mod:`checker.running.options`, the same code the command checks its own with.
"""

from __future__ import annotations

import pytest

from checker.contract.arguments import MAX_MESSAGE_LIMIT, path_text, positive_bytes
from checker.contract.protocol import MAX_MESSAGE_BYTES
from checker.contract.vocabulary import EDITIONS
from checker.running.options import Selection, positive_seconds, shard, shard_weights
from checker.running.wire.client import DEFAULT_TIMEOUT


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("conformance", "MTG turn-structure conformance")
    group.addoption(
        "--engine",
        default="reference",
        help="engine to certify: 'reference', 'package.module:AdapterClass', or a command line that speaks "
        "the wire protocol (default: reference)",
    )
    group.addoption(  # turncheck's --timeout: pytest-timeout, a plugin found in many sessions, has that name
        "--request-timeout",
        type=positive_seconds,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"how long an engine may take to answer one request (default: {DEFAULT_TIMEOUT:g})",
    )
    group.addoption(
        "--max-message-bytes",
        type=positive_bytes,
        default=MAX_MESSAGE_BYTES,
        metavar="BYTES",
        help=f"the longest answer an engine process may send, in bytes (default: {MAX_MESSAGE_BYTES:,}; at most "
        f"{MAX_MESSAGE_LIMIT:,})",
    )
    group.addoption(
        "--report-dir",
        type=path_text,
        metavar="DIR",
        help="write every report of the run (JSON, JUnit XML, Markdown, HTML, badges) into DIR",
    )
    group.addoption(
        "--expect",
        type=path_text,
        metavar="FILE",
        help="an expectations file: the run passes exactly when its results match it",
    )
    group.addoption(
        "--write-expectations",
        type=path_text,
        metavar="FILE",
        help="write the run's non-passing scenarios as an expectations file to start from",
    )
    group.addoption(
        "--record-traces",
        type=path_text,
        metavar="DIR",
        help="write each scenario run's game as a trace into DIR (one file per run, named from its id)",
    )
    group.addoption(
        "--validate-messages",
        action="store_true",
        help="check every wire message against the protocol's schemas (for debugging an engine)",
    )
    group.addoption(
        "--ruling",
        action="append",
        metavar="ID",
        help="run only scenarios tagged @ruling:ID (repeatable)",
    )
    group.addoption(
        "--part",
        action="append",
        metavar="NAME",
        help="run only the scenarios of this part of the turn: a feature file's name, e.g. 'untap' (repeatable)",
    )
    group.addoption(
        "--scenario-name",
        metavar="TEXT",
        help="run only the scenarios whose name contains TEXT, whatever its case (plain text, not an expression)",
    )
    group.addoption(
        "--shard",
        type=shard,
        metavar="I/N",
        help="bind only the I-th of N shares of the feature files, of about the same work each "
        "(turncheck certify -j N runs one session per share)",
    )
    group.addoption(
        "--shard-weights",
        type=shard_weights,
        metavar="JSON",
        help="with --shard: each feature file's work, to split the files by (turncheck certify -j N gives the "
        "seconds they took in its last run); by default their sizes",
    )
    group.addoption(
        "--edition",
        action="append",
        choices=EDITIONS,
        help="run only this rules edition (repeatable; default: every edition a scenario is tagged with)",
    )


def selection(config: pytest.Config) -> Selection:
    """The scenarios the options choose."""
    return Selection(
        editions=tuple(config.getoption("edition") or ()),
        parts=tuple(config.getoption("part") or ()),
        rulings=tuple(config.getoption("ruling") or ()),
        name=config.getoption("scenario_name"),
    )
