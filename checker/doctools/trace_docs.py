"""Keep ``docs/trace.md`` in step with the trace format's schema, the checks' declarations and a
game actually recorded and checked.

    python -m checker.doctools.trace_docs docs/trace.md           # rewrite the generated blocks
    python -m checker.doctools.trace_docs docs/trace.md --check   # exit 1 if they are out of date
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from checker.adapters.reference import ReferenceAdapter
from checker.contract.protocol import schema as protocol_schema
from checker.contract.vocabulary import EDITIONS
from checker.doctools.blocks import fields_table
from checker.doctools.blocks import main as blocks_main
from checker.running.plain_game import record_plain_game
from checker.trace.check import CHECKS, DATA, Check, check_trace
from checker.trace.files import open_trace
from checker.trace.format import schema as trace_schema

#: The recorded example: one turn of the plain game, by these rules.
EXAMPLE_EDITION = "cr2024"
EXAMPLE_NAME = "plain-game.trace.jsonl"


def _format() -> str:
    parts = []
    for title, name in (
        ("The header (line 1)", "header"),
        ("Where a trace starts: `start`", "start"),
        ("An observation: `view`", "observation"),
        ("A player in an observation", "player_observation"),
        ("A change to the previous observation: `change`", "change_entry"),
        ("An action and its outcome", "action_entry"),
    ):
        parts.append(f"### {title}\n\n{fields_table(trace_schema(), name)}\n")
    parts.append(f"### An event: `event`\n\n{fields_table(protocol_schema(), 'game_event')}\n")
    return "\n".join(parts)


def _editions(check: type[Check]) -> str:
    return ", ".join(e for e in EDITIONS if e in check.editions)


def _checks() -> str:
    import checker.trace.rules

    parts: list[str] = []
    modules = {m.__name__.rpartition(".")[2]: m for m in vars(checker.trace.rules).values() if hasattr(m, "__file__")}
    by_part: dict[str, list[type[Check]]] = {}
    for check in CHECKS.values():
        by_part.setdefault(check.part(), []).append(check)
    parts.append(f"{len(CHECKS)} checks in {len(by_part)} parts of the turn.\n")
    for part, checks in by_part.items():
        summary = " ".join((modules[part].__doc__ or "").split())
        parts.append(f"### {part}\n\n{summary}\n")
        parts.append("| check | editions | what it requires | rulings | needs |\n| --- | --- | --- | --- | --- |")
        for c in checks:
            needs = ", ".join(f"`{n}`" for n in c.needs) or "events only"
            rulings = ", ".join(c.rules)
            parts.append(f"| `{c.name}` | {_editions(c)} | {c.requires} | {rulings} | {needs} |")
        parts.append("")
    parts.append(
        "What each need means when a trace lacks it (the check is then reported not checked, with this why):\n"
    )
    parts += [f"- `{name}`: {why}" for name, why in DATA.items()]
    return "\n".join(parts) + "\n"


def _example() -> str:
    with tempfile.TemporaryDirectory() as tmp:
        path = record_plain_game(ReferenceAdapter(), EXAMPLE_EDITION, 1, Path(tmp) / EXAMPLE_NAME)
        lines = path.read_text(encoding="utf-8").splitlines()
        result = check_trace(open_trace(path))
    parts = ["```jsonl", *lines, "```", ""]
    parts.append(
        f"`turncheck trace {EXAMPLE_NAME}` checks it by the {result.edition} rules ({result.events} events):\n"
    )
    parts += ["| check | status | occasions | why not checked |", "| --- | --- | ---: | --- |"]
    parts += [f"| `{c.check}` | {c.status} | {c.occasions} | {c.why or ''} |" for c in result.results]
    return "\n".join(parts) + "\n"


GENERATORS: dict[str, Callable[[], str]] = {"format": _format, "checks": _checks, "example": _example}


def main(argv: list[str] | None = None) -> int:
    return blocks_main(argv, GENERATORS, "checker.doctools.trace_docs")


if __name__ == "__main__":
    sys.exit(main())
