"""A Markdown summary of a run, short enough for a CI job summary (GitHub's ``$GITHUB_STEP_SUMMARY``).

One table with a row per edition, then the scenarios that failed, erred or timed out, each
with its rulings, its first failing step and why it failed. Unsupported scenarios
are counted by reason rather than listed: an engine without one edition would otherwise
fill the summary with a hundred identical lines. Lists stop after a few dozen entries and
every engine string is cut short; the HTML report has the whole story.

Engine strings are escaped for Markdown (and for the HTML a Markdown renderer lets through),
and kept to one line, so that no message can add headings, links, tables or markup. A message
of several lines (the events a scenario saw, a traceback) is shown as it is in a fenced block,
which Markdown shows verbatim: its lines are indented under their list item, and its fence is
longer than any run of backticks in it, so that nothing in it can end the block.
"""

from __future__ import annotations

import re
from collections import Counter

from checker.judging.reports._text import datatable_lines, editions_of, shorten, told, visible
from checker.judging.results import FAILING, RunReport, ScenarioResult, Status

#: How many non-passing scenarios, and how many reasons for unsupported ones, are listed.
MAX_LISTED = 40
MAX_REASONS = 10
#: How many characters of an engine's text are shown: of a name or a value on a line, and of a message.
TEXT_LIMIT = 240
MESSAGE_LIMIT = 800

_ICONS = {
    Status.PASSED: "✅",
    Status.FAILED: "❌",
    Status.ERROR: "💥",
    Status.TIMEOUT: "⏱️",
    Status.UNSUPPORTED: "⏭️",
}
_PUNCTUATION = re.compile(r"([\\`*_{}\[\]()#+\-.!|~])")
_BACKTICKS = re.compile(r"`+")


def escape(text: str, limit: int = TEXT_LIMIT) -> str:
    """``text`` as literal Markdown on one line: punctuation backslash-escaped, ``& < >`` as entities."""
    text = visible(shorten(text, limit))
    text = _PUNCTUATION.sub(r"\\\1", text)
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _fenced(text: str) -> list[str]:
    """Text of several lines as a list item that is a fenced block, shown line under line."""
    fence = "`" * max([3, *(len(run) + 1 for run in _BACKTICKS.findall(text))])
    lines = (f"    {visible(line.expandtabs(4))}".rstrip() for line in text.splitlines())
    return [f"  - {fence}", *lines, f"    {fence}"]


def _message(text: str) -> list[str]:
    """A message as a list item: on the item's line when it is one line, else in a fenced block
    (line breaks as the message has them, never a literal ``\\n``)."""
    text = shorten(text, MESSAGE_LIMIT)
    if len(text.splitlines()) <= 1:
        return [f"  - {escape(text, MESSAGE_LIMIT)}"]
    return _fenced(text)


def _entry(result: ScenarioResult) -> list[str]:
    """A non-passing scenario: its line, its failing step (with its data table), and why it failed,
    each fact once (:func:`~checker.judging.reports._text.told`): its message, which most often says
    what was expected and what observed; those only where no message does."""
    rulings = ", ".join(result.rulings) or "none"
    lines = [
        f"- {_ICONS[result.status]} **{result.status}** · {escape(result.edition)} · {escape(result.part)} · "
        f"{escape(result.name)} · rulings: {escape(rulings)}"
    ]
    step = result.failing_step
    if step is not None:
        lines.append(f"  - step ({escape(str(result.failing_step_location))}): {escape(step.text)}")
        if step.datatable:  # "after the rows before it" can't be read without them
            lines += _fenced(shorten("\n".join(datatable_lines(step.datatable)), MESSAGE_LIMIT))
    for kind, text in told(result):
        lines += _message(text) if kind == "message" else [f"  - {kind}: {escape(text)}"]
    return lines


def markdown(report: RunReport) -> str:
    """The run's summary as Markdown."""
    engine = report.engine
    bad = [r for r in report.results if r.status in FAILING]
    unsupported = [r for r in report.results if r.status is Status.UNSUPPORTED]
    if bad:
        verdict = f"❌ {len(bad)} scenario result(s) not passing"
    elif report.gaps:
        verdict = "⚠️ no failures, but the run doesn't pass"
    else:
        verdict = "✅ no failures"
    lines = [
        f"## MTG turn-structure conformance: {escape(engine.name)} {escape(engine.version)}",
        "",
        f"{verdict} · suite {escape(report.suite_version)} · started {escape(report.started)} · "
        f"{report.duration:.1f} s · engine {escape(engine.spec)}",
        "",
        *(f"> **{escape(gap, limit=1000)}**" for gap in report.gaps),
        *([""] if report.gaps else []),
        "| edition | " + " | ".join(str(s) for s in Status) + " |",
        "| --- | " + " | ".join("---:" for _ in Status) + " |",
    ]
    for edition in editions_of(report):
        counts = report.counts(edition)
        lines.append(f"| {escape(edition)} | " + " | ".join(str(counts[s]) for s in Status) + " |")
    if len(editions_of(report)) > 1:
        counts = report.counts()
        lines.append("| **all** | " + " | ".join(f"**{counts[s]}**" for s in Status) + " |")
    if bad:
        lines += ["", f"### Not passing ({len(bad)})", ""]
        for result in bad[:MAX_LISTED]:
            lines += _entry(result)
        if len(bad) > MAX_LISTED:
            lines.append(f"- … and {len(bad) - MAX_LISTED} more (see the HTML or JSON report)")
    if unsupported:
        reasons = Counter(r.message or "no reason given" for r in unsupported)
        lines += ["", f"### Unsupported ({len(unsupported)})", ""]
        for reason, count in reasons.most_common(MAX_REASONS):
            lines.append(f"- {count} scenario(s): {escape(reason)}")
        if len(reasons) > MAX_REASONS:
            lines.append(f"- … and {len(reasons) - MAX_REASONS} other reasons")
    return "\n".join(lines) + "\n"
