"""``turncheck trace FILE... [--edition E] [--report-dir DIR] [--validate]``: check recorded games."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table

from checker.trace.check import Status
from checker.trace.verdict import check_files, exit_code, write_reports


def run(files: list[Path], edition: str | None, report_dir: Path | None, validate: bool, console: Console) -> int:
    paths: list[Path] = []
    for f in files:
        paths += sorted(f.glob("*.jsonl")) if f.is_dir() else [f]
    results = check_files(paths, edition, validate)
    table = Table(title="turncheck trace: the turn-structure rules each trace breaks")
    for column in ("trace", "edition", "events", "passed", "violated", "not checked"):
        table.add_column(column, justify="left" if column in ("trace", "edition") else "right")
    for r in results:
        count = {s: sum(1 for c in r.results if c.status is s) for s in Status}
        table.add_row(Path(r.path).name, r.edition, str(r.events), *(str(count[s]) for s in Status))
    console.print(table)
    for r in results:
        if r.error:
            console.print(f"[red]error[/red] {r.error}")
        for p in r.problems:
            console.print(f"[red]error[/red] {r.path}:{p.line}: {p.problem}")
        for v in r.violations:
            console.print(
                f"[red]violation[/red] {r.path}:{v.line} ({v.position}) "
                f"{v.check}: {v.shows}\n    requires: {v.requires}"
            )
    if report_dir is not None:
        for written in write_reports(results, report_dir):
            console.print(f"wrote {written}")
    return exit_code(results)
