"""Stress: a game link opened in the tab of a calculator page still starting, with the
service worker serving, under a CPU hog (issue 32 point 6).

    python3 build.py build && .venv/bin/python bench/link_after_start.py [--runs 200]

The failure CI saw once (`test_a11y … game sent by link`: the form and no score sheet)
came from a module fetch aborted while the previous page was torn down; the page's
module map then kept the import failed. Here, `runs` times: the standalone calculator
is opened, and after 0 to 400 ms (it is still starting) the same tab goes to a game's link;
the link page must show the shared game's sheet, never the "sheet did not load" alert.
Two busy processes (started and stopped here, by their ids) keep the 2 cores loaded.
Prints the counts; a stress run outside the default suite, not a test.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
from sitebuild.paths import CHROMIUM, CHROMIUM_ARGS, DIST
from sitebuild.server import serving

TIMEOUT_MS = 90_000
HEARTS = {"contract": "hearts", "bidder": "us", "doubling": "none", "pile-team": "us",
          "pile-points": "82", "last-trick": "us", "capot": "none"}  # fmt: skip
HOG = "while True: pass"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--hogs", type=int, default=2)
    args = parser.parse_args()
    hogs = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(args.hogs)]
    failures: list[str] = []
    started = time.monotonic()
    try:
        with serving(DIST) as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            context = browser.new_context()
            tab = context.new_page()
            tab.goto(f"{url}/calculator/?lang=en")
            element = tab.locator("belot-calculator")
            expect(element).to_have_js_property("state", "ready", timeout=TIMEOUT_MS)
            # The service worker installed (it registers once the runtime is in), then
            # serving this tab: the case CI saw.
            tab.evaluate(
                """async () => {
                  const registration = await navigator.serviceWorker.ready;
                  const worker = registration.active;
                  if (worker.state !== "activated") {
                    await new Promise((resolve) => worker.addEventListener("statechange",
                      () => worker.state === "activated" && resolve()));
                  }
                }"""
            )
            tab.reload()
            assert tab.evaluate("() => navigator.serviceWorker.controller !== null")
            expect(element).to_have_js_property("state", "ready", timeout=TIMEOUT_MS)
            element.evaluate(
                "(e, deal) => { for (const [k, v] of Object.entries(deal)) e.setAttribute(k, v); }",
                HEARTS,
            )
            record = element.locator("button.record")
            expect(record).to_be_enabled(timeout=TIMEOUT_MS)
            record.click()
            element.locator("details.send-game > summary").click()
            share = element.locator("input.share-link")
            expect(share).not_to_have_value("", timeout=TIMEOUT_MS)  # written once scored
            link = share.input_value()
            for run in range(args.runs):
                tab.goto(f"{url}/calculator/?lang=en", wait_until="commit")
                tab.wait_for_timeout(random.randint(0, 400))
                tab.goto(link)
                shared = tab.locator("belot-calculator")
                try:
                    expect(shared.locator(".sheet-table tbody tr")).to_have_count(
                        1, timeout=TIMEOUT_MS
                    )
                    expect(shared.locator(".sheet-failure")).to_be_hidden()
                except AssertionError as error:
                    failures.append(f"run {run}: {str(error).splitlines()[0]}")
                if (run + 1) % 20 == 0:
                    print(f"  {run + 1} runs, {len(failures)} failed", flush=True)
            browser.close()
    finally:
        for hog in hogs:
            hog.terminate()
            hog.wait()
    print(f"link after a starting page: {args.runs} runs, {len(failures)} failed "
          f"({time.monotonic() - started:.0f} s, {args.hogs} CPU hogs)")  # fmt: skip
    for failure in failures:
        print("  " + failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
