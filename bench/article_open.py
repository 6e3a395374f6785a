"""An article's calculator opened and closed on a phone: what moves, measured in Chromium.

    python3 build.py build && .venv/bin/python bench/article_open.py

On every article of the built site, at 390x844 and 360x740 (touch, 2x scale, a first
visit: no service worker, the runtime from the network, held back 1.5 s after the tap
as on a slow network), a reader places the open button low on the screen (at 75% of
its height: the example above it in view) or high (at 15%: the example scrolled past),
shows intent (the pointer over the button: the opened view's modules load) and taps
it. tests/e2e/layout_shift.py measures, from the tap until the runtime is in and the
page stands still:

- CLS: the layout shift score as browsers count it (a PerformanceObserver of
  `layout-shift`, without the entries within 0.5 s of the tap); goal 0;
- "shift in the tap's 0.5 s": those left-out entries (the content under the
  calculator moving down as it grows, the page's answer to the tap);
- "above moved": how far the content just above the calculator moved on screen while
  in view (a scroll counts: the "jump" a reader sees); goal 0;
- "scrolled": how far the page scrolled by itself;
- "game seen": the form's first part, where the focus goes, on screen above the bar.

Then the reader scrolls down to the explanation and back up, and taps Close: "back"
is how far the open button ended from where it was when tapped (px; goal 0), and
whether the focus is on it. Writes bench/results/article-open.json (then run
bench/report.py for bench/RESULTS.md). A benchmark, not a test: nothing here fails on
a number (tests/e2e/test_article_fold.py asserts).
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Route, expect, sync_playwright
from report import machine, table, write_results

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))  # the build's package
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))  # the measure
from layout_shift import READY_TIMEOUT_MS, open_and_measure, place_reader, tap

from sitebuild.paths import CHROMIUM, CHROMIUM_ARGS, DIST, ROOT
from sitebuild.server import serving

PHONES = {"390x844": (390, 844), "360x740": (360, 740)}
ARTICLES = ("bg/tochki.html", "bg/visyashta.html", "en/scoring.html", "en/hanging-deal.html")
PLACES = {"low": 0.75, "high": 0.15}
HOLD_MS = 1_500
VIEW_LOADED = """() => performance.getEntriesByType("resource")
  .some((entry) => entry.name.endsWith("/styles/calculator.js"))"""
OPEN_TOP = "(e) => e.shadowRoot.querySelector('button.open').getBoundingClientRect().top"


def run(
    browser: Browser, url: str, size: tuple[int, int], article: str, at: float
) -> dict[str, Any]:
    """One reader: open the article's first calculator, then close it."""
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
        service_workers="block",
    )
    held: list[Route] = []
    context.route(re.compile(r"pyodide\.asm\.wasm$"), lambda route: held.append(route))
    page = context.new_page()
    page.goto(f"{url}/{article}")
    element = page.locator("belot-calculator").first
    element.locator("button.open").hover()
    page.wait_for_function(VIEW_LOADED)
    page.wait_for_timeout(200)

    def release() -> None:
        page.wait_for_timeout(HOLD_MS)
        while not held:
            page.wait_for_timeout(50)
        for route in held:
            route.continue_()

    place_reader(page, element, at)
    tapped_at = element.evaluate(OPEN_TOP)
    opening = open_and_measure(page, element, button_at=at, while_loading=release)
    element.locator("ol.explanation").evaluate("(list) => list.scrollIntoView({block: 'end'})")
    close = element.locator(".fold button.close")
    close.evaluate("(button) => button.scrollIntoView({block: 'start'})")
    tap(page, close)
    expect(element).to_have_js_property("state", "closed", timeout=READY_TIMEOUT_MS)
    back = round(element.evaluate(OPEN_TOP) - tapped_at, 1)
    focused = element.evaluate("(e) => e.shadowRoot.activeElement?.matches('button.open') ?? false")
    context.close()
    return {**opening.summary(), "back": back, "focus_on_open": focused}


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.parse_args()
    if not (DIST / "manifest.json").is_file():
        print("dist/ is not built: run 'python3 build.py build' first", file=sys.stderr)
        return 1
    info = machine()
    rows: list[dict[str, Any]] = []
    with sync_playwright() as playwright, serving(DIST) as url:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for phone, size in PHONES.items():
            for article in ARTICLES:
                for place, at in PLACES.items():
                    row = {"phone": phone, "article": article, "button": place}
                    row.update(run(browser, url, size, article, at))
                    print(row, flush=True)
                    rows.append(row)
        browser.close()
    columns = (
        "phone", "article", "button", "CLS", "shift in the tap's 0.5 s", "above moved (px)",
        "scrolled (px)", "game seen", "back after Close (px)", "focus on Open",
    )  # fmt: skip
    keys = ("phone", "article", "button", "cls", "shift_all", "above_moved", "scrolled")
    keys += ("first_part_seen", "back", "focus_on_open")
    cells = [[row[key] for key in keys] for row in rows]
    worst = max(row["cls"] for row in rows)
    moved = max(row["above_moved"] for row in rows)
    back = max(abs(row["back"]) for row in rows)
    summary = table(
        "In all",
        ("runs", "worst CLS", "most the content above moved (px)", "worst return (px)"),
        [[len(rows), worst, moved, back]],
    )
    out = write_results(
        "article-open",
        tables=[summary, table("Each opening and Close", columns, cells)],
        data=rows,
        machine_info=info,
    )
    print(f"\nworst CLS {worst}; written: {out.relative_to(ROOT)} (then run bench/report.py)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
