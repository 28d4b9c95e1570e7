"""``turncheck site --out DIR [REPORT.json ...]``: the rulings as a static site, engines side by side.

The site opens from its files (no server): an index by part of the turn, by rule number and by
edition; a page per part and per ruling, each scenario rendered with its editions and every
engine's result; each feature file with a permalink per line; the rules whose behaviour
differs between editions, as the feature files pair them; the engines' matrix; and a search
that runs in the browser (MiniSearch, vendored under ``static/`` with its licence) over an index
written as a script, since a page opened from a file may not fetch one.
Every page is rendered by jinja2 with autoescape, so that an engine's strings show as text.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from checker.contract.cards import POOL
from checker.contract.documents import unique
from checker.contract.features import document, features_dir
from checker.contract.rulings import Ruling, rulings
from checker.contract.vocabulary import EDITIONS
from checker.doctools.coverage import Coverage, measure, section
from checker.judging.reports.html import page_environment
from checker.judging.results import ScenarioResult, Status
from checker.site.engines import NOT_PASSING, Engine, read_engines, rule_results, tally
from checker.site.suite import Part, Rule, Scenario, Suite, read_suite
from checker.site.timeline import Timeline, recorded, timelines
from checker.site.written import Written

#: How the rule-number index names each family of ids.
FAMILIES = {
    "CR24": "Comprehensive Rules, 2025",
    "CR08": "Comprehensive Rules, 2008",
    "CR05": "Comprehensive Rules, 2005",
    "GRT": "Mirage rulebook and rulings",
    "WIKI": "MTG Wiki",
}
STATIC = ("minisearch-7.2.0.js", "minisearch-LICENSE.txt", "search.js")


@dataclass(frozen=True)
class Placed:
    """A Rule where it stands: its part (for links)."""

    part: Part
    rule: Rule


@dataclass(frozen=True)
class Site:
    suite: Suite
    engines: list[Engine]
    coverage: Coverage
    problems: list[str]  # inputs that could not be read: left out, each named with why
    #: The timelines of non-passing runs, by (engine key, result id): the page and the timeline.
    traces: dict[tuple[str, str], tuple[str, Timeline]] = field(default_factory=dict)
    #: How many files of the previous build into the directory this one took away (:mod:`checker.site.written`).
    removed: int = 0

    def trace_of(self, engine: Engine, result: ScenarioResult) -> tuple[str, Timeline] | None:
        return self.traces.get((engine.key, result.id))

    def rules_of(self, ruling_id: str) -> list[Placed]:
        """The Rules with a scenario citing the ruling, in the suite's order."""
        return list(self._rules_by_ruling.get(ruling_id, ()))

    @cached_property
    def _rules_by_ruling(self) -> dict[str, list[Placed]]:
        """Each ruling's Rules, found in one pass over the suite: searched anew for each ruling's page,
        they took an eighth of a build."""
        found: dict[str, list[Placed]] = defaultdict(list)
        for part in self.suite.parts:
            for rule in part.rules:
                for ruling_id in dict.fromkeys(r for sc in rule.scenarios for r in sc.rulings):
                    found[ruling_id].append(Placed(part, rule))
        return found

    def pairs(self) -> list[Pair]:
        """The pairs the feature files declare (``@pair:<name>``, checked by the feature linter),
        by title: each pair's scenarios in columns by the editions they hold in, oldest first."""
        found: dict[str, dict[tuple[str, ...], list[Paired]]] = defaultdict(lambda: defaultdict(list))
        for part in self.suite.parts:
            for rule in part.rules:
                for sc in rule.scenarios:
                    for name in sc.pairs:
                        column = found[name][sc.editions]
                        if column and column[-1].part is part and column[-1].rule is rule:
                            column[-1].scenarios.append(sc)
                        else:
                            column.append(Paired(part, rule, [sc]))
        pairs = [
            Pair(name, name.replace("-", " ").capitalize(), sorted(columns.items(), key=lambda c: _oldest(c[0])))
            for name, columns in found.items()
        ]
        return sorted(pairs, key=lambda p: p.title)


@dataclass(frozen=True)
class Paired:
    """The scenarios of one Rule in one column of a pair."""

    part: Part
    rule: Rule
    scenarios: list[Scenario]


@dataclass(frozen=True)
class Pair:
    """One thing done the way of different editions: its scenarios in columns, by editions."""

    name: str
    title: str
    columns: list[tuple[tuple[str, ...], list[Paired]]]


def _oldest(editions: Sequence[str]) -> tuple[int, ...]:
    return tuple(sorted(EDITIONS.index(e) for e in editions))


def ruling_page(ruling_id: str) -> str:
    return f"rulings/{ruling_id}.html"


def feature_page(part: Part) -> str:
    """A feature file as a page, each line an anchor: ``features/draw.feature.html#L12``."""
    return f"features/{part.file}.html"


def families(coverage: Coverage) -> list[dict[str, Any]]:
    """The rulings by family of rule numbers, then section, with their coverage."""
    grouped: dict[str, dict[str, list[Ruling]]] = defaultdict(lambda: defaultdict(list))
    for ruling in rulings().values():
        grouped[ruling.id.partition("-")[0]][section(ruling.id)].append(ruling)
    return [
        {
            "key": key,
            "title": FAMILIES.get(key, key),
            "covered": sum(1 for s in sections.values() for r in s if r.id in coverage.covered),
            "total": sum(len(s) for s in sections.values()),
            "sections": sections,
        }
        for key in [*FAMILIES, *sorted(set(grouped) - set(FAMILIES))]
        if (sections := grouped.get(key))
    ]


def _search_documents(site: Site) -> Iterator[dict[str, str]]:
    for part in site.suite.parts:
        for rule in part.rules:
            yield {
                "id": f"parts/{part.name}.html#{rule.anchor}",
                "kind": "rule",
                "title": rule.title,
                "text": rule.description,
                "where": part.title,
                "cards": "",
            }
            for sc in rule.scenarios:
                text = "\n".join(
                    " ".join([s.keyword, s.text, *(" ".join(row) for row in s.table)]) for s in sc.examples[0].steps
                )
                values = " ".join(v for x in sc.examples for _, v in x.values)
                yield {
                    "id": f"parts/{part.name}.html#{sc.anchor}",
                    "kind": "scenario",
                    "title": sc.name,
                    "text": f"{text}\n{values}",
                    "where": f"{part.title}: {rule.title}",
                    "cards": " ".join(c for c in POOL if c in text or c in values or c in sc.name),
                }
    for ruling in rulings().values():
        yield {
            "id": ruling_page(ruling.id),
            "kind": "ruling",
            "title": ruling.id,
            "text": ruling.citations,
            "where": f"{ruling.edition}, {FAMILIES.get(ruling.id.partition('-')[0], '')}",
            "cards": "",
        }


def _search_script(site: Site) -> str:
    """The index as a script: a page opened from a file may load a script, not fetch a JSON file."""
    documents = json.dumps(list(_search_documents(site)), ensure_ascii=True).replace("</", "<\\/")
    return f"window.TURNCHECK_DOCUMENTS = {documents};\n"


def _trace_page(engine: Engine, trace: Path, taken: set[str]) -> str:
    """The page of a timeline: named as its trace's file, in characters a link carries as they are
    (not ``#``, ``?``, ``%``, controls), and made unique (the same file name in two directories)."""
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", trace.name.removesuffix(".jsonl"))[:240] or "trace"
    return unique(f"traces/{engine.key}/{name}", taken) + ".html"


def _timelines(
    engines: Sequence[Engine], traces: Sequence[Path]
) -> tuple[dict[tuple[str, str], tuple[str, Timeline]], list[str]]:
    """The timeline of every non-passing result whose trace the directories hold, with its page."""
    found, problems = recorded(traces)
    wanted: dict[str, tuple[tuple[str, str], Path]] = {}
    pages: set[str] = set()
    for engine in engines:
        for r in engine.results:
            path = found.get((engine.label, r.id))
            if r.status != Status.PASSED and path is not None:
                wanted[_trace_page(engine, path, pages)] = ((engine.key, r.id), path)
    read, unreadable = timelines((page, path) for page, (_, path) in wanted.items())
    return {key: (page, read[page]) for page, (key, _) in wanted.items() if page in read}, [*problems, *unreadable]


def build(out: Path, reports: Sequence[Path], features: Path | None = None, traces: Sequence[Path] = ()) -> Site:
    """Write the site into ``out``; the returned site lists the inputs that had to be left out.
    ``traces``: directories of traces recorded by ``turncheck certify --record-traces``."""
    root = features_dir() if features is None else features
    suite = read_suite(root)
    engines, problems = read_engines(reports)
    shown, unreadable = _timelines(engines, traces)
    coverage = measure(root, document("uncovered.tsv"))
    site = Site(suite, engines, coverage, [*suite.problems, *problems, *unreadable], shown)
    environment = page_environment("checker.site")
    common = {
        "site": site,
        "editions": EDITIONS,
        "statuses": [str(s) for s in Status],
        "not_passing": [str(s) for s in NOT_PASSING],
        "rulings": rulings(),
        "rule_results": rule_results,
        "tally": tally,
        "ruling_page": ruling_page,
        "feature_page": feature_page,
        "held_in": lambda scenarios, edition: sum(1 for sc in scenarios if edition in sc.editions),
        "anchors": {(part.name, sc.name): sc.anchor for part in suite.parts for sc in part.scenarios},
    }

    files = Written(out)

    def render(name: str, template: str, depth: int, **values: Any) -> None:
        page = environment.get_template(template).render(root="../" * depth, **common, **values)
        files.write(name, page.encode("utf-8"))

    # The entry page is written last, and an older one taken away first: a build cut short (a full
    # disk, an interrupt) leaves no index.html that would show its pages, and an older site's, as whole.
    (out / "index.html").unlink(missing_ok=True)
    try:
        render("editions.html", "site-editions.html.j2", 0, pairs=site.pairs())
        render("engines.html", "site-engines.html.j2", 0)
        render("search.html", "site-search.html.j2", 0)
        for part in suite.parts:
            render(f"parts/{part.name}.html", "site-part.html.j2", 1, part=part)
            render(feature_page(part), "site-feature.html.j2", 1, part=part)
            files.write(f"features/{part.file}.txt", (root / part.file).read_bytes())
        by_key = {engine.key: engine for engine in engines}
        for (key, id_), (page, shown_timeline) in site.traces.items():
            engine = by_key[key]
            render(page, "site-trace.html.j2", 2, engine=engine, result=engine.by_id[id_], timeline=shown_timeline)
        for ruling in rulings().values():
            render(ruling_page(ruling.id), "site-ruling.html.j2", 1, ruling=ruling, placed=site.rules_of(ruling.id))
        static = resources.files("checker.site").joinpath("static")
        for name in STATIC:
            files.write(f"static/{name}", static.joinpath(name).read_text(encoding="utf-8").encode("utf-8"))
        files.write("static/documents.js", _search_script(site).encode("utf-8"))
        files.names.append("index.html")  # (listed before it is written, as the last)
        removed = files.take_away_the_rest()
    except BaseException:
        files.cut_short()
        raise
    render("index.html", "site-index.html.j2", 0, families=families(site.coverage))
    return dataclasses.replace(site, removed=removed)
