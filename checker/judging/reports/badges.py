"""shields.io endpoint badges, one per edition (https://shields.io/badges/endpoint-badge).

A project publishes ``badges/<edition>.json`` somewhere public and points
``https://img.shields.io/endpoint?url=...`` at it. The message counts passes among the
scenarios the engine supports: an unsupported scenario is neither a pass nor a failure, so
"139/139 passed" means every scenario the engine could express passed. A partial run (one that
was interrupted) says so in grey, never a count that would look like a pass.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from checker.judging.reports._text import editions_of
from checker.judging.reports.json_report import dumps, write_text
from checker.judging.results import RunReport, Status

#: The share of supported scenarios that must pass for a yellow rather than a red badge.
YELLOW_AT = 0.9
_FILE_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


def badge(report: RunReport, edition: str) -> dict[str, Any]:
    """The endpoint JSON for one edition."""
    counts = report.counts(edition)
    passed = counts[Status.PASSED]
    supported = sum(counts.values()) - counts[Status.UNSUPPORTED]
    if report.partial is not None:
        message, color = f"partial run: {passed} passed, not all ran", "lightgrey"
    elif supported == 0:
        message, color = "no supported scenarios", "lightgrey"
    else:
        message = f"{passed}/{supported} passed"
        if passed == supported:
            color = "brightgreen"
        elif passed >= YELLOW_AT * supported:
            color = "yellow"
        else:
            color = "red"
    return {"schemaVersion": 1, "label": f"MTG {edition}", "message": message, "color": color}


def badges(report: RunReport) -> dict[str, dict[str, Any]]:
    """Edition -> endpoint JSON, for every edition of the run."""
    return {edition: badge(report, edition) for edition in editions_of(report)}


def write_badges(report: RunReport, directory: Path) -> list[Path]:
    """Write ``<edition>.json`` in ``directory`` for every edition; returns the paths.

    Edition names come from the report, which may have been read from a file: one that
    isn't a plain name (``../x``) is refused rather than written outside ``directory``.
    """
    paths = []
    for edition, data in badges(report).items():
        if not _FILE_NAME.match(edition):
            raise ValueError(f"edition {edition!r} can't be a badge's file name")
        paths.append(write_text(Path(directory) / f"{edition}.json", dumps(data)))
    return paths
