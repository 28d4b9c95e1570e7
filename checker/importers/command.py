"""``turncheck import``: recorded games as traces, one JSON lines file per game in a directory.

- ``turncheck import phase --games N --seed S --out DIR``: plays N phase.rs games with the simple
  players of :mod:`checker.importers.phase_games`, seeds S, S+1, ...; writes ``phase-seed<S>.jsonl``.
- ``turncheck import arena Player.log... --out DIR``: every game of Arena's logs; writes
  ``arena-<match>-game<N>.jsonl``.

Exit codes: 0 every game imported; 1 something couldn't be (a malformed log entry, a game the
recorder couldn't finish: what was imported is written all the same, and each problem is named
with its file and line or seed); 2 a usage error (a log that can't be read or isn't UTF-8 text,
phase-python not installed, a wrong option); 3 an internal error; 128 + the signal's number when interrupted (130
Ctrl-C, 143 SIGTERM, 129 SIGHUP: the games before are written, an Arena log's games each as soon as
the log has it whole).
"""

from __future__ import annotations

import argparse
import hashlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from checker.contract.arguments import path
from checker.contract.documents import Problem, unique
from checker.contract.exits import EXIT_FAILED, EXIT_OK, EXIT_USAGE
from checker.contract.interface import AdapterError, EngineFailure
from checker.contract.interrupts import exit_code, stopping
from checker.importers.recording import RecordedGame, write_trace


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "import",
        help="import recorded games (phase.rs games played here, MTG Arena's log) as traces",
        description="Write recorded games as traces (JSON lines, one file per game) for the rules checker.",
        epilog="exit codes: 0 every game imported; 1 something couldn't be (named on stderr; the rest is written); "
        "2 usage error; 3 internal error; 128 + the signal's number when interrupted (130: Ctrl-C)",
    )
    which = p.add_subparsers(dest="source", required=True)
    phase = which.add_parser("phase", help="play phase.rs games with simple players and record them")
    phase.add_argument("--games", type=int, default=1, metavar="N", help="how many games (default 1)")
    phase.add_argument("--seed", type=int, default=0, metavar="S", help="the first game's seed (default 0)")
    phase.add_argument("--turns", type=int, default=30, metavar="T", help="stop a game after turn T (default 30)")
    phase.add_argument("--out", type=path, required=True, metavar="DIR", help="the directory to write traces to")
    arena = which.add_parser("arena", help="read MTG Arena's Player.log")
    arena.add_argument("logs", type=path, nargs="+", metavar="LOG", help="Player.log (or Player-prev.log)")
    arena.add_argument("--out", type=path, required=True, metavar="DIR", help="the directory to write traces to")


#: phase.rs takes a game's seed as an unsigned 64-bit number; the recorder adds a little to it.
MAX_SEED = 2**63


def _summary(game: RecordedGame) -> str:
    seen = list(game.observations())
    last = seen[-1] if seen else None
    turns = f"to turn {last.turn_number}" if last else "no turn"
    end = f", {last.winner} won" if last and last.winner else (", game over" if last and last.game_over else "")
    return f"{turns}{end}, {len(game.entries)} entries"


Report = Callable[[str], None]


def run(args: argparse.Namespace, say: Report, error: Report) -> int:
    """Run ``turncheck import``; ``say`` shows a line of its progress, ``error`` a problem (on stderr),
    each made safe for the terminal (a log's text may hold control characters)."""
    out: Path = args.out
    if out.exists() and not out.is_dir():
        error(f"--out {out} is a file, not a directory")
        return EXIT_USAGE
    write = _writer(out, say)
    try:
        if args.source == "phase":
            return _phase(args, write, error)
        return _arena(args.logs, write, error)
    except OSError as exc:  # a trace couldn't be written (the logs' own reading errors are named where read)
        error(f"--out {out}: a trace can't be written: {exc.strerror or exc}")
        return EXIT_USAGE


def _writer(out: Path, say: Report) -> Callable[[RecordedGame, str, str], None]:
    def write(game: RecordedGame, name: str, label: str) -> None:
        path = out / f"{name}.jsonl"
        write_trace(game, path)
        say(f"{label}: {_summary(game)} -> {path}")

    return write


def _phase(args: argparse.Namespace, write: Callable[[RecordedGame, str, str], None], error: Report) -> int:
    for option, value in (("--games", args.games), ("--turns", args.turns)):
        if not 1 <= value < MAX_SEED:
            error(f"{option} {value}: must be a whole number from 1 to {MAX_SEED - 1}")
            return EXIT_USAGE
    if not 0 <= args.seed < MAX_SEED:
        error(f"--seed {args.seed}: a seed is a whole number from 0 to {MAX_SEED - 1}")
        return EXIT_USAGE
    if args.seed + args.games > MAX_SEED:
        last = args.seed + args.games - 1
        error(f"--seed {args.seed} with --games {args.games}: the last game's seed, {last}, is past {MAX_SEED - 1}")
        return EXIT_USAGE
    from checker.adapters.phase_rs import PhaseAdapter

    try:
        PhaseAdapter()  # says so when phase-python isn't installed
    except EngineFailure as exc:
        error(str(exc))
        return EXIT_USAGE
    from checker.importers.phase_games import RecordingError, record_game

    failed = 0
    label = ""
    try:
        with stopping():  # a game being played or written when a signal comes is left out whole
            for i in range(args.games):
                seed = args.seed + i
                label = f"game {i + 1}/{args.games} (seed {seed})"
                try:
                    game = record_game(seed, max_turns=args.turns)
                except (RecordingError, AdapterError) as exc:
                    error(f"{label}: {exc}")
                    failed += 1
                    continue
                write(game, f"phase-seed{seed}", label)
    except KeyboardInterrupt as exc:
        error(f"interrupted at {label}: the games before it are written to {args.out}")
        return exit_code(exc)
    return EXIT_FAILED if failed else EXIT_OK


def _arena(logs: list[Path], write: Callable[[RecordedGame, str, str], None], error: Report) -> int:
    from checker.importers.arena import import_log

    problems: list[Problem] = []
    unreadable = written = 0
    names: set[str] = set()
    try:
        with stopping():  # a game being read or written when a signal comes is left out whole
            for log in logs:
                arena_log = import_log(log, problems)
                games, count = iter(arena_log), 0
                while True:  # each game written as soon as the log has it whole
                    try:
                        found = next(games, None)
                    except OSError as exc:  # reading the log: named, and the other logs imported
                        error(f"can't read {log}: {exc.strerror or exc}")
                        unreadable += 1
                        break
                    if found is None:
                        if not count and not arena_log.left_out:
                            error(f"{log}: no game reached its first turn in this log")
                        break
                    name = _file_name(f"arena-{found.match_id}-game{found.number}", names)
                    write(found.game, name, f"{log}: match {found.match_id} game {found.number}")
                    written, count = written + 1, count + 1
    except KeyboardInterrupt as exc:
        error(f"interrupted: the {written} game(s) before are written")
        return exit_code(exc)
    finally:
        for problem in sorted(problems, key=lambda p: (p.path, p.line)):
            error(str(problem))
    return EXIT_USAGE if unreadable else EXIT_FAILED if problems or not written else EXIT_OK


#: The longest name of a trace's file taken from a log, before its ``.jsonl`` (a file name has 255 bytes).
MAX_NAME = 120


def _file_name(wanted: str, taken: set[str]) -> str:
    """A trace's file name from what names its game: letters, digits and hyphens, at most MAX_NAME
    characters (a long match id is cut, and a digest of it kept), and none given twice (the same
    game in two logs, ids that differ only in punctuation): the second gets ``-2``."""
    name = re.sub(r"[^A-Za-z0-9]+", "-", wanted)
    if len(name) > MAX_NAME:
        name = f"{name[: MAX_NAME - 11]}-{hashlib.sha256(wanted.encode()).hexdigest()[:10]}"
    return unique(name, taken)
