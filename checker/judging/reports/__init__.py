"""The reports of one run, all made from a :class:`~checker.judging.results.RunReport`.

- ``report.json`` (:mod:`.json_report`, with its schema ``report.schema.json`` beside it):
  every result; what ``diff`` and other tools read back.
- ``junit.xml`` (:mod:`.junit`): for CI services' test views.
- ``summary.md`` (:mod:`.markdown`): for a CI job summary such as ``$GITHUB_STEP_SUMMARY``.
- ``report.html`` (:mod:`.html`): one self-contained page, per edition, part of the turn and ruling.
- ``badges/<edition>.json`` (:mod:`.badges`): shields.io endpoint badges.
"""

from __future__ import annotations

import os
from pathlib import Path

from checker.contract.documents import own_directory
from checker.contract.vocabulary import EDITIONS
from checker.judging.reports.badges import badges, write_badges
from checker.judging.reports.html import html, write_html
from checker.judging.reports.json_report import SCHEMA_FILE, ReportError, read_json, to_json, write_json, write_text
from checker.judging.reports.junit import write_junit
from checker.judging.reports.markdown import markdown
from checker.judging.results import RunReport

__all__ = [
    "ReportError",
    "badges",
    "html",
    "markdown",
    "read_json",
    "to_json",
    "write_all",
    "write_badges",
    "write_html",
    "write_json",
    "write_junit",
    "writes",
]

#: The files :func:`write_all` writes in its directory: these, and a badge per edition of the run.
_NAMES = ("report.json", SCHEMA_FILE, "junit.xml", "summary.md", "report.html")


def write_all(report: RunReport, directory: Path) -> list[Path]:
    """Write every report into ``directory`` (made if needed); returns the paths written."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    json_file, schema_file, junit_file, markdown_file, html_file = (directory / name for name in _NAMES)
    return [
        write_json(report, json_file),
        schema_file,
        write_junit(report, junit_file),
        write_text(markdown_file, markdown(report)),
        write_html(report, html_file),
        *write_badges(report, own_directory(directory / "badges")),
    ]


def writes(directory: Path, file: Path) -> bool:
    """Whether :func:`write_all` into ``directory`` may write ``file`` (through a link to either),
    which would then be replaced: a file written after the reports there (``--write-expectations``)
    would replace one of them."""
    names = (*_NAMES, *(f"badges/{edition}.json" for edition in EDITIONS))
    return os.path.realpath(file) in {os.path.realpath(directory / name) for name in names}
