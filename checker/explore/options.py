"""What ``turncheck explore`` is told: its options, the shard of the games, the limits of a game.

Apart from :mod:`checker.explore.command` so that the command line can build its parser without
importing hypothesis and the explorer: every other command's start-up would pay for them.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

from checker.contract.arguments import path
from checker.contract.vocabulary import EDITIONS
from checker.running.options import add_jobs, positive_seconds, shard
from checker.running.wire.client import DEFAULT_TIMEOUT

#: The longest game generated, in decisions.
MAX_DECISIONS = 400
#: The most plays shrinking a finding may take (each a whole game on the engine).
SHRINK_BUDGET = 200
#: The most ``--max-decisions`` may be. A game's choices are drawn whole before it is played, one
#: random byte a decision for a length drawn up to the bound (:func:`checker.explore.strategies.choices`):
#: a bound of 10**12 drew for minutes and gigabytes before the first game. Games end long before
#: (a library runs out): on the reference engine, within a few hundred decisions.
LONGEST_GAME = 100_000


#: What the summary's and the report's "plays" count, for --help (docs/explore.md says it too).
PLAYS = (
    "Each game draws its set-up and its players' choices from a seed of its own, and is played out on the engine "
    "from two such draws (game 0 from the simplest game too), stopping at the first that shows a finding: "
    "each draw played out is a play, which the summary counts ('100 games (201 plays, ...)', 'broken in 2 "
    "play(s)'). The plays that shrink a finding aren't counted; --shrink-budget bounds them."
)


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` of ``count`` (1-based): the games whose index is ``index - 1`` modulo ``count``."""

    index: int = 1
    count: int = 1

    def games(self, total: int) -> range:
        return range(self.index - 1, total, self.count)

    def how_many(self, total: int) -> int:
        """How many of ``total`` games the shard plays: ``len(games(total))``, which can't count
        past ``sys.maxsize`` (``--games`` has no bound)."""
        return max(0, total - self.index + self.count) // self.count


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "explore",
        help="random games on an engine, each checked by the rules checker; findings shrunk to a scenario",
        description="Play random games on an engine (in process or over the wire), check each one's trace with "
        "the rules checker, optionally compare it with the reference engine, and shrink each finding to a "
        f"minimal reproduction. {PLAYS}",
        epilog="exit codes: 0 nothing found; 1 findings (violations, divergences, engine failures, timeouts), an "
        "engine that can't say what it supports or supports no edition, or with --merge, a shard missing or "
        "interrupted; "
        "2 usage error (also a report that can't be written, unless it has findings: 1); "
        "3 internal error; 128 + the signal's number when interrupted (130: Ctrl-C)",
    )
    p.add_argument(
        "--engine", default="reference", help="reference (the default), package.module:Adapter, or a command line"
    )
    p.add_argument(
        "--edition", action="append", choices=EDITIONS, help="repeatable; default: every edition the engine supports"
    )
    p.add_argument("--games", type=_count, default=100, metavar="N", help="games per edition (default 100)")
    p.add_argument("--seed", type=_natural, default=0, metavar="S", help="the run's seed (default 0)")
    p.add_argument("--shard", type=_shard, default=Shard(), metavar="I/N", help="play only shard I of N of the games")
    add_jobs(p, "play the games in N processes side by side, each with its own engine (the report is the same)")
    p.add_argument("--against", choices=["reference"], help="play each game on the reference engine too, and compare")
    p.add_argument(
        "--kind",
        action="append",
        choices=["setup", "start"],
        help="games from generated set-ups, or from the game's start with generated decks (repeatable; default both)",
    )
    p.add_argument(
        "--max-decisions",
        type=_decisions,
        default=MAX_DECISIONS,
        metavar="N",
        help=f"longest game (default {MAX_DECISIONS}, at most {LONGEST_GAME:,})",
    )
    p.add_argument(
        "--timeout",
        type=positive_seconds,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"per engine request (default {DEFAULT_TIMEOUT:g})",
    )
    p.add_argument(
        "--shrink-budget",
        type=_natural,
        default=SHRINK_BUDGET,
        metavar="PLAYS",
        help=f"the most plays to shrink one finding (default {SHRINK_BUDGET}; 0: don't shrink)",
    )
    p.add_argument(
        "--report-dir", type=path, metavar="DIR", help="write explore-report.json, its schema, findings/*.feature"
    )
    p.add_argument(
        "--merge", nargs="+", type=path, metavar="REPORT.json", help="merge shard reports instead of exploring"
    )
    # Parsed, an option of play not given is None, which no value given is: one given at its default
    # value (--games 100) is told from one not given. resolve_playing gives the others their defaults.
    p.set_defaults(playing_defaults={dest: p.get_default(dest) for dest in PLAYING}, **dict.fromkeys(PLAYING))


#: The options that say how games are played, by their names in the namespace: ``--merge`` plays
#: none, so they can't be given with it (they would be ignored), even at their default values.
PLAYING = {
    "engine": "--engine",
    "edition": "--edition",
    "games": "--games",
    "seed": "--seed",
    "shard": "--shard",
    "jobs": "--jobs",
    "against": "--against",
    "kind": "--kind",
    "max_decisions": "--max-decisions",
    "timeout": "--timeout",
    "shrink_budget": "--shrink-budget",
}


def resolve_playing(args: argparse.Namespace) -> list[str]:
    """The options of :data:`PLAYING` given on the command line, whatever their values; each of the
    others is given its default in ``args``."""
    given = [option for dest, option in PLAYING.items() if getattr(args, dest) is not None]
    for dest, default in args.playing_defaults.items():
        if getattr(args, dest) is None:
            setattr(args, dest, default)
    return given


def _natural(text: str) -> int:
    # Decimal digits, which int() reads (any script's); not isdigit(), which is true of '²' too.
    if not text.isdecimal():
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number >= 0")
    return int(text)


def _count(text: str) -> int:
    if not text.isdecimal() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number >= 1")
    return int(text)


def _decisions(text: str) -> int:
    if (found := _natural(text)) > LONGEST_GAME:
        raise argparse.ArgumentTypeError(f"{text!r}: a game of at most {LONGEST_GAME:,} decisions")
    return found


def _shard(text: str) -> Shard:
    return Shard(*shard(text))
