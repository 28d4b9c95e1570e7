"""The site in a real browser: the system's Chromium, headless, opening the files as a reader would.

Where Chromium (``/usr/bin/chromium``, from the system packages; ``scripts/test`` installs it where
apt-get can) or Playwright is missing, these tests say so and are skipped. They also take the
README's screenshots of a rule page and of the engine matrix: into a temporary directory, or,
to retake the README's pictures, into the directory ``TURNCHECK_SCREENSHOTS`` names::

    TURNCHECK_SCREENSHOTS=docs/images .venv/bin/python -m pytest tests/test_site_browser.py
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from checker.site.build import build
from tests.test_site import HOSTILE_MESSAGE, HOSTILE_NAME, PHASE, REFERENCE

CHROMIUM = Path(os.environ.get("TURNCHECK_CHROMIUM", "/usr/bin/chromium"))
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def images(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the screenshots go: a run of the tests never changes the committed pictures unasked."""
    chosen = os.environ.get("TURNCHECK_SCREENSHOTS")
    return Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")


@pytest.fixture(scope="module")
def page() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")
    if not CHROMIUM.is_file():
        pytest.skip(f"no Chromium at {CHROMIUM}: install the system package (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        context.set_default_timeout(10_000)
        opened = context.new_page()
        errors: list[str] = []
        opened.on("pageerror", lambda exc: errors.append(str(exc)))
        opened.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        yield opened
        browser.close()
        assert not errors, errors


def test_the_index_leads_to_a_rule_page(page: Any, site_dir: Path, images: Path) -> None:
    page.goto((site_dir / "index.html").as_uri())
    assert page.title().startswith("The turn structure of Magic")
    assert page.locator("main h1").count() == 1
    page.locator("#f-GRT details", has_text="GRT-1.6-2").locator("summary").click()
    page.get_by_role("link", name="GRT-1.6-2", exact=True).click()
    page.wait_for_url("**/rulings/GRT-1.6-2.html")
    assert page.locator("main h1").inner_text() == "GRT-1.6-2"
    assert page.get_by_text("Rule: In Mirage, mana left in a pool burns at the end of every phase").count() == 1
    images.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(images / "site-rule-page.png"))


def test_the_search_finds_rules_scenarios_and_cards(page: Any, site_dir: Path) -> None:
    page.goto((site_dir / "index.html").as_uri())
    page.get_by_label("Search").fill("Howling Mine")
    page.get_by_label("Search").press("Enter")
    page.wait_for_url("**/search.html?q=*")
    results = page.locator("#results li")
    results.first.wait_for()
    assert results.count() > 3
    assert "Howling Mine" in page.locator("#results").inner_text()
    page.get_by_label("Rules, scenario text or card names").fill("mana burn")
    assert "mana burn" in page.locator("#count").inner_text()
    results.first.locator("a").click()
    page.wait_for_url("**/parts/*.html#*")
    assert page.locator("main h1").count() == 1


def test_the_matrix_shows_phase_rs_and_hostile_strings_as_text(page: Any, site_dir: Path) -> None:
    page.goto((site_dir / "engines.html").as_uri())
    matrix = page.locator("#matrix")
    header = matrix.locator("thead").inner_text()
    assert "phase.rs (phase-python) 0.103.0" in header and "reference-engine 0.1.0" in header
    assert HOSTILE_NAME in header  # shown as text, not run
    row = matrix.locator("tr", has=page.get_by_role("link", name="The combat phase", exact=True))
    assert "failed" in row.inner_text()
    assert page.get_by_text(HOSTILE_MESSAGE).count() > 0
    assert page.evaluate("typeof window.alert === 'function' && !document.querySelector('img[src=x]')")
    assert page.locator("script").count() == 0


def test_the_readme_screenshot_of_the_matrix(page: Any, tmp_path: Path, images: Path) -> None:
    """The README's picture of the matrix: the committed reports only."""
    build(tmp_path, [PHASE, REFERENCE])
    page.goto((tmp_path / "engines.html").as_uri())
    assert page.locator("#matrix thead th").count() == 3
    images.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(images / "site-engine-matrix.png"))


def test_a_feature_file_link_opens_the_file_at_its_line(page: Any, site_dir: Path, images: Path) -> None:
    page.goto((site_dir / "rulings" / "GRT-1.6-2.html").as_uri())
    link = page.locator(".scenario a", has_text="mana_burn_and_life.feature:").first
    line = link.inner_text().rpartition(":")[2]
    link.click()
    page.wait_for_url(f"**/features/mana_burn_and_life.feature.html#L{line}")
    target = page.locator(":target")
    assert target.get_attribute("id") == f"L{line}"
    assert "Scenario Outline: Mirage - mana left in the pool burns" in target.inner_text()
    assert page.evaluate("document.querySelector(':target').getBoundingClientRect().top") < 900
    assert target.locator(".heading").inner_text() == "Scenario Outline:"
    page.screenshot(path=str(images / "site-feature-file.png"))


def test_a_failing_run_leads_to_its_game_as_a_timeline(page: Any, site_dir: Path, images: Path) -> None:
    """phase.rs's committed traces: a failing run's drill-down leads to its game, violations marked."""
    page.goto((site_dir / "engines.html").as_uri())
    row = page.locator("#np-phase-rs-phase-python-0-103-0 tr", has_text="Fencing Ace's double strike")
    row.get_by_role("link", name="The game as a timeline").click()
    page.wait_for_url("**/traces/phase-rs-phase-python-0-103-0/*Fencing_Ace*.trace.html")
    assert page.locator("main h1").inner_text().startswith("The game of Combat: Fencing Ace's double strike")
    header = page.locator("table.timeline thead").inner_text()
    assert all(word in header for word in ("turn", "phase", "step", "priority", "what happened"))
    violated = page.locator("table.timeline tr.violated")
    assert violated.count() == 1
    line = str(violated.get_attribute("id"))[1:]
    page.get_by_role("link", name=f"line {line}", exact=True).first.click()
    assert page.evaluate("document.querySelector(':target').classList.contains('violated')")
    assert "combat" in violated.locator("td").nth(2).inner_text()
    assert page.locator("script").count() == 0
    images.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(images / "site-trace-timeline.png"))
