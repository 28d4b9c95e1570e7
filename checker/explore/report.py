"""The exploration report: ``explore-report.json``, its JSON Schema in the package (written beside
it and named by its ``$schema``), and the merge of shard reports into the report of the whole run.

A report holds no timing and no path, only what the games did: the same run gives the same
report, and merging the shards of a run gives the report the run gives unsharded.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from checker.contract.codec import encode
from checker.contract.documents import Document, own_directory
from checker.explore.explorer import GameOutcome
from checker.explore.options import Shard
from checker.judging.reports.json_report import dumps, write_text

REPORT_FORMAT = "turncheck-explore-report"
REPORT_SCHEMA = "explore-report.schema.json"
#: What every shard of one run shares, and a merge requires to be the same.
RUN_FIELDS = ("engine", "against", "seed", "games", "kinds", "max_decisions", "shrink_budget")


class ExploreReportError(ValueError):
    """A file is not an exploration report, or reports that can't be merged."""


REPORT = Document(
    REPORT_FORMAT,
    1,
    "an exploration report",
    "exploration report",
    f"explore/schemas/{REPORT_SCHEMA}",
    ExploreReportError,
)


def finding_json(outcome: GameOutcome) -> dict[str, Any]:
    f = outcome.finding
    assert f is not None
    reproduction = None
    if outcome.reproduction is not None:
        r = outcome.reproduction
        reproduction = {
            "gherkin": r.gherkin,
            "setup": encode(r.position.setup()),
            "actions": [{"action": encode(a), "refused": refused} for a, refused in r.played.reproduced],
        }
    return {
        "game": outcome.index,
        "seed": outcome.seed,
        "kind": f.kind,
        "what": f.what,
        "rules": list(f.rules),
        "shows": f.shows,
        "requires": f.requires,
        "where": f.where,
        "decisions_before_shrinking": outcome.decisions_before_shrinking,
        "reproduction": reproduction,
        "shrinking_cut_short": None
        if (c := outcome.cut_short) is None
        else {"kind": c.kind, "what": c.what, "shows": c.shows},
    }


def edition_json(edition: str, outcomes: Sequence[GameOutcome]) -> dict[str, Any]:
    return {
        "edition": edition,
        "games_played": len(outcomes),
        "plays": sum(o.plays for o in outcomes),
        "decisions": sum(o.decisions for o in outcomes),
        "refused": sum(o.refused for o in outcomes),
        "events": sum(o.events for o in outcomes),
        "unsupported": sum(o.unsupported for o in outcomes),
        "checks_broken": dict(sorted(Counter(c for o in outcomes for c in o.broken).items())),
        "findings": [finding_json(o) for o in sorted(outcomes, key=lambda o: o.index) if o.finding is not None],
    }


def report_json(run: dict[str, Any], shard: Shard, partial: bool, editions: list[dict[str, Any]]) -> dict[str, Any]:
    """The report; ``run``: the fields of :data:`RUN_FIELDS`."""
    return {
        "$schema": REPORT_SCHEMA,
        "format": REPORT_FORMAT,
        "format_version": REPORT.version,
        **{k: run[k] for k in RUN_FIELDS},
        "shard": None if shard.count == 1 else {"index": shard.index, "count": shard.count},
        "partial": partial,
        "editions": editions,
    }


def findings(report: dict[str, Any]) -> int:
    return sum(len(e["findings"]) for e in report["editions"])


def write(report: dict[str, Any], directory: Path) -> list[Path]:
    """The report and its schema, and each finding's scenario as a feature file under ``findings/``."""
    written = [
        write_text(directory / "explore-report.json", dumps(report)),
        write_text(directory / REPORT_SCHEMA, dumps(REPORT.schema())),
    ]
    for e in report["editions"]:
        for f in e["findings"]:
            if f["reproduction"] and f["reproduction"]["gherkin"]:
                path = own_directory(directory / "findings") / f"{e['edition']}-game-{f['game']}.feature"
                written.append(write_text(path, f["reproduction"]["gherkin"]))
    return written


def read(path: Path) -> dict[str, Any]:
    return REPORT.check(REPORT.load(path), str(path))


def merge(reports: Sequence[tuple[str, dict[str, Any]]]) -> dict[str, Any]:
    """The report of the whole run from its shards' reports (each named by its source, for errors).
    They must come from one run (the same engine, seed, games, editions...), each shard at most once; a
    merge that lacks some shards, or holds a partial one, is partial."""
    if not reports:
        raise ExploreReportError("no report to merge")
    first_source, first = reports[0]
    seen: dict[int, str] = {}
    count = None
    for source, report in reports:
        for k in RUN_FIELDS:
            if report[k] != first[k]:
                raise ExploreReportError(
                    f"{source}: not of the same run as {first_source}: its {k} is {report[k]!r}, not {first[k]!r}"
                )
        # The editions too (not a run field: an interrupted shard lists them all the same): shards of other
        # editions merged would be a whole run of none, each edition lacking the other shards' games.
        if (explored := _editions(report)) != _editions(first):
            raise ExploreReportError(
                f"{source}: not of the same run as {first_source}: it explored {', '.join(explored) or 'no edition'}, "
                f"not {', '.join(_editions(first)) or 'no edition'}"
            )
        shard = report["shard"] or {"index": 1, "count": 1}
        if count is not None and shard["count"] != count:
            raise ExploreReportError(f"{source}: a shard of {shard['count']}, the others of {count}")
        count = shard["count"]
        if not 1 <= shard["index"] <= count:
            raise ExploreReportError(f"{source}: shard {shard['index']}/{count}: no such shard (1 to {count})")
        if shard["index"] in seen:
            raise ExploreReportError(f"{source}: shard {shard['index']}/{count} again (also {seen[shard['index']]})")
        seen[shard["index"]] = source
    assert count is not None
    partial = len(seen) < count or any(r["partial"] for _, r in reports)
    editions: dict[str, dict[str, Any]] = {}
    for _, report in reports:
        for e in report["editions"]:
            into = editions.setdefault(
                e["edition"], {**e, "findings": [], "checks_broken": {}} | {k: 0 for k in _TOTALS}
            )
            for k in _TOTALS:
                into[k] += e[k]
            into["checks_broken"] = dict(sorted((Counter(into["checks_broken"]) + Counter(e["checks_broken"])).items()))
            into["findings"] += e["findings"]
    for e in editions.values():
        e["findings"].sort(key=lambda f: f["game"])
    order = [e["edition"] for e in first["editions"]]
    ordered = [editions[n] for n in order] + [e for n, e in editions.items() if n not in order]
    return report_json(first, Shard(1, 1), partial, ordered)


def _editions(report: dict[str, Any]) -> list[str]:
    """The editions a report explored, in a fixed order (a run's --edition options may be in any)."""
    return sorted(e["edition"] for e in report["editions"])


_TOTALS = ("games_played", "plays", "decisions", "refused", "events", "unsupported")
