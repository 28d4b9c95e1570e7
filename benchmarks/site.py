"""How fast the site's pages load from their files, in the system's headless Chromium.

    python benchmarks/site.py [--repeat R] [--out DIR]

Builds the site from the committed reports and phase.rs's traces (the README's command), then
opens each page of a kind from its file, ``--repeat`` times in turn, and reads the browser's
own Navigation Timing of each load: when the document was parsed (DOMContentLoaded) and when
it and everything it loads were done (load). The search page loads its index only when a
search needs it: for a query in its address (``search.html?q=...``), "loaded" is when the
first results were shown (the page's mark "turncheck-results"), the index loaded and built.
Beside them, measured in the same rounds, a blank page: each page's ratio to it says what the
page costs beyond opening any file, on any machine. And the search as a reader types: the time
from a new query to its results shown, the index already built.

Figures are medians over the rounds. Speed is measured here, never asserted in the tests.
Needs Playwright and Chromium (``/usr/bin/chromium``, or ``TURNCHECK_CHROMIUM``); without them
it says so and measures nothing, as the browser tests are skipped.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from checker.site.build import build

ROOT = Path(__file__).resolve().parents[1]
ENGINES = ROOT / "docs" / "engines"
CHROMIUM = Path(os.environ.get("TURNCHECK_CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
TIMING = """() => {
  const n = performance.getEntriesByType("navigation")[0];
  return [n.domContentLoadedEventEnd, n.loadEventEnd];
}"""
RESULTS = """() => performance.getEntriesByName("turncheck-results")[0].startTime"""
TYPING = """(query) => {
  const input = document.getElementById("q");
  const start = performance.now();
  input.value = query;
  input.dispatchEvent(new Event("input"));
  return [performance.now() - start, document.querySelectorAll("#results li").length];
}"""


def pages(site: Path) -> dict[str, str]:
    """A page of each kind, by what it is: the largest of its kind where there are several."""
    largest = {
        kind: max((site / kind).glob(glob), key=lambda p: p.stat().st_size)
        for kind, glob in (("parts", "*.html"), ("features", "*.html"), ("traces", "*/*.html"))
    }
    return {
        "a blank page (the baseline)": "blank.html",
        "index": "index.html",
        "a rule page (GRT-1.6-2)": "rulings/GRT-1.6-2.html",
        f"the largest part page ({largest['parts'].name})": str(largest["parts"].relative_to(site)),
        f"the largest feature file ({largest['features'].name})": str(largest["features"].relative_to(site)),
        f"the largest timeline ({largest['traces'].name[:40]}...)": str(largest["traces"].relative_to(site)),
        "the engines' matrix": "engines.html",
        "editions side by side": "editions.html",
        "the search page": "search.html",
        "a search's results (search.html?q=mana+burn)": "search.html?q=mana+burn",
    }


def measure(site: Path, repeat: int) -> tuple[dict[str, list[tuple[float, float]]], list[tuple[float, int]]]:
    from playwright.sync_api import sync_playwright

    shown = pages(site)
    loads: dict[str, list[tuple[float, float]]] = {name: [] for name in shown}
    typing: list[tuple[float, int]] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        page: Any = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
        for _ in range(repeat):
            for name, path in shown.items():
                page.goto(f"{site.as_uri()}/{path}")
                dom, load = page.evaluate(TIMING)
                if "?q=" in path:
                    page.wait_for_function('() => performance.getEntriesByName("turncheck-results").length > 0')
                    load = page.evaluate(RESULTS)
                loads[name].append((dom, load))
            page.goto(f"{site.as_uri()}/search.html")
            page.evaluate('() => document.getElementById("q").focus()')
            page.wait_for_function('() => document.getElementById("count").textContent === ""')
            typing.append(tuple(page.evaluate(TYPING, "howling mine")))
        browser.close()
    return loads, typing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="rounds of loads (default 5)")
    parser.add_argument("--out", type=Path, help="build the site here (default: a temporary directory)")
    args = parser.parse_args(argv)
    if not CHROMIUM.is_file() or importlib.util.find_spec("playwright") is None:
        print(f"skipped: needs Playwright and Chromium at {CHROMIUM} (apt-get install chromium)", file=sys.stderr)
        return 0
    with tempfile.TemporaryDirectory() as temporary:
        site = args.out or Path(temporary)
        build(site, sorted(ENGINES.glob("*-report.json")), traces=[ENGINES / "phase-rs-traces"])
        (site / "blank.html").write_text("<!DOCTYPE html><title>blank</title><p>blank</p>", encoding="utf-8")
        loads, typing = measure(site.resolve(), args.repeat)
        sizes = {name: (site / path.partition("?")[0]).stat().st_size for name, path in pages(site).items()}
    base = statistics.median(load for _, load in loads["a blank page (the baseline)"])
    print(f"the site's pages opened from their files in headless Chromium, median of {args.repeat} load(s):")
    print(f"  {'page':62} {'KB':>6} {'parsed':>9} {'loaded':>9} {'/ blank':>8}")
    for name, timings in loads.items():
        dom = statistics.median(d for d, _ in timings)
        load = statistics.median(lo for _, lo in timings)
        print(f"  {name:62} {sizes[name] / 1024:6.0f} {dom:7.0f}ms {load:7.0f}ms {load / base:8.1f}")
    typed = statistics.median(t for t, _ in typing)
    print(f"  the search as one types 'howling mine': results ({typing[0][1]}) shown in {typed:.1f} ms (median)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
