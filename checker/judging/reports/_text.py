"""Helpers the report writers share: which editions a report covers, and making an engine's text safe.

Every string in a result may come from an engine (its messages, its stderr tail, what it
observed), so none of it is trusted: XML can't hold most control characters at all, a
lone surrogate can't be encoded as UTF-8, and a megabyte of stderr would drown a summary.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import Path

from checker.contract.vocabulary import EDITIONS
from checker.judging.results import RunReport, ScenarioResult

#: Bidirectional controls: embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069)
#: and the direction marks (U+200E, U+200F, U+061C). A right-to-left override in an engine's
#: message would show the text after it reversed: a reader would see what isn't there.
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
#: Characters XML 1.0 doesn't allow, even escaped: C0 controls but tab, newline and carriage
#: return; lone surrogates; U+FFFE and U+FFFF. And the bidirectional controls, which it allows.
_NOT_XML = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff{_BIDI}]")
_INVISIBLE = re.compile(f"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff{_BIDI}]")


def in_order(editions: Iterable[str]) -> tuple[str, ...]:
    """Each of ``editions`` once, in the suite's order, then any it doesn't know (a file may name them) by name."""
    return tuple(sorted(set(editions), key=lambda e: (EDITIONS.index(e) if e in EDITIONS else len(EDITIONS), e)))


def editions_of(report: RunReport) -> tuple[str, ...]:
    """The run's editions, then any other edition that has results (a report read from a file may have them)."""
    return (*report.editions, *in_order({r.edition for r in report.results} - set(report.editions)))


def xml_safe(text: str) -> str:
    """``text`` with every character XML can't hold, and every bidirectional control, written out
    as an escape (``\\x1b``, ``\\ud800``, ``\\u202e``); line breaks and tabs are kept."""
    return _NOT_XML.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def shorten(text: str, limit: int) -> str:
    """At most ``limit`` characters, saying how many were left off."""
    if len(text) <= limit:
        return text
    keep = max(limit - len(f" … ({len(text)} more characters)"), 0)
    return f"{text[:keep]} … ({len(text) - keep} more characters)"


def visible(text: str) -> str:
    """Control characters (line breaks and tabs too), bidirectional controls and lone surrogates
    as escapes (``\\n``, ``\\x1b``, ``\\u202e``).

    For text that must keep to one line and can't be trusted not to move a terminal's
    cursor, change its colours, fake a line of its own or reverse what follows it. Every
    string the console prints that an engine or a file could have supplied goes through here.
    """
    return _INVISIBLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def plain(text: str) -> str:
    """Text an engine, a trace or a file supplied, for a rich console: :func:`visible`, and its
    brackets escaped so that it isn't read as markup."""
    from rich.markup import escape  # here: the command's start-up doesn't import rich

    return escape(visible(text))


def datatable_lines(table: Sequence[Sequence[str]]) -> list[str]:
    """A step's data table as a feature file writes it, ``| event | player |``, its columns aligned."""
    widths = [max(len(row[i]) for row in table if i < len(row)) for i in range(max(map(len, table), default=0))]
    return ["| " + " | ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False)) + " |" for row in table]


def told(result: ScenarioResult) -> list[tuple[str, str]]:
    """Why a scenario didn't pass, each fact once: ``("message", text)`` pairs, then
    ``("expected", text)`` and ``("observed", text)`` for what no message already says.

    A failing step's message most often is the scenario's (``expected X, but observed Y``, or
    the game's whereabouts after the step it stopped in), or is the end of it (an error's
    message is the step's with the exception's name before it): of two such, the longer is
    kept. The step's expected and observed values are then given only when no message
    contains them, so that a report doesn't say the same thing two or three times.
    """
    step = result.failing_step
    messages = [m for m in (step.message if step else None, result.message) if m and m.strip()]
    if len(messages) == 2 and (messages[1].endswith(messages[0]) or messages[0].endswith(messages[1])):
        messages = [max(messages, key=len)]
    facts = [("message", m) for m in messages]
    if step is not None:
        said = (("expected", step.expected), ("observed", step.observed))
        facts += [(kind, v) for kind, v in said if v is not None and not any(v in m for m in messages)]
    return facts


def why(result: ScenarioResult, limit: int = 500) -> str:
    """One line on why a scenario didn't pass: its failing step, then what :func:`told` tells, each
    fact once (the message, which may say more than the values compared: the step the game went
    through without stopping in it); or the scenario's message."""
    facts = told(result)
    said = "; ".join(text for kind, text in facts if kind == "message")
    values = ", ".join(f"{kind} {text}" for kind, text in facts if kind != "message")
    facts_text = f"{said} ({values})" if said and values else said or values
    step = result.failing_step
    text = f"{step.text}: {facts_text}" if step is not None else facts_text or str(result.status)
    return shorten(visible(text), limit)


def written(directory: Path | str, paths: Iterable[Path], note: str = "") -> str:
    """The line a command prints for the reports it wrote: ``reports written to DIR: report.json,
    junit.xml, badges/cr2024.json`` (each file by its path in ``DIR``), ``note`` after ``DIR``;
    made :func:`visible`, as ``DIR`` is the user's."""
    directory = Path(directory)
    names = (p.relative_to(directory).as_posix() if p.is_relative_to(directory) else str(p) for p in paths)
    return visible(f"reports written to {directory}{note}: {', '.join(names)}")


#: How many entries a terminal list shows before it says how many more there are.
MAX_LISTED = 25


def listed(lines: list[str], heading: str, entries: Sequence[str]) -> None:
    """Add ``heading:`` and its entries as a bulleted list to ``lines``; nothing when there are none."""
    if not entries:
        return
    lines.append(f"{heading}:")
    lines += [f"  - {entry}" for entry in entries[:MAX_LISTED]]
    if len(entries) > MAX_LISTED:
        lines.append(f"  ... and {len(entries) - MAX_LISTED} more")
