"""A stranger's worst link and file in the page, at 4x CPU: the longest the page freezes.

    python3 build.py build && .venv/bin/python bench/stranger_page.py [--rate 4]

Issue 22: "the page never has a long task over 200 ms at 4x CPU while opening, keeping
or importing one". In headless Chromium, the standalone calculator (dist/, the real
core in Pyodide in the page's worker), with the page's thread slowed by CDP
Emulation.setCPUThrottlingRate (--rate, 4 by default; Chromium slows the page's
thread only, not the worker, where Python runs — the worker's own time is in
bench/worst_inputs.py). The calculator has been opened once before (its offline copy
installed, its start-up snapshot saved), as on a phone that has used it. Then, each
step timed from its start to what the player sees:

- open a link of MAX_DEALS (150) heavy deals (tests/shared/worst_inputs.py link_heavy: the longest
  names, every house rule per deal, every declaration): a fresh navigation, as from a
  chat app, until the shared game's banner shows;
- keep it: from Keep's click until the address has lost its `#game=`, i.e. it is saved;
- import a file of 150 heavy deals (json_heavy): from choosing the file until its
  150 rows show;
- open the link of 39,900 passed deals (link_passed, refused: at most 150 deals) until
  the notice shows.

Long tasks are the page's (PerformanceObserver "longtask", buffered, observed from the
first script of the page): the longest, and how many took over 50 ms. Writes
bench/results/stranger_page.json (then bench/report.py for bench/RESULTS.md). A
benchmark, not a test: nothing fails on a number; the tests of the same inputs are in
tests/e2e/test_strangers.py.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tools"), str(ROOT / "tests/shared"), str(Path(__file__).parent)]
# tests/shared/worst_inputs.py, before startup.py puts bench/ (and its own worst_inputs.py) first
from worst_inputs import json_heavy, link_heavy, link_passed  # noqa: E402, I001

from belot_core.sheet import MAX_DEALS  # noqa: E402

from report import machine, table, write_results  # noqa: E402
from startup import SERVICE_WORKER_ACTIVE, SNAPSHOT_SAVED  # noqa: E402

from sitebuild.paths import CHROMIUM, CHROMIUM_ARGS, DIST  # noqa: E402
from sitebuild.server import serving  # noqa: E402

TIMEOUT_MS = 180_000
expect.set_options(timeout=TIMEOUT_MS)
DEALS = MAX_DEALS  # the most a game holds

# Every long task of the page from its first script on, kept in window.longTasks.
OBSERVE = """
window.longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
}).observe({ type: "longtask", buffered: true });
"""
ROOT_JS = "document.querySelector('belot-calculator')?.shadowRoot"
ROWS = f"() => ({ROOT_JS})?.querySelectorAll('.sheet-table tbody tr').length ?? 0"
GAMES_LISTED = f"() => ({ROOT_JS})?.querySelectorAll('details.games li').length ?? 0"
SHARED_SHOWN = (
    f"(deals) => ({ROOT_JS})?.querySelector('.shared')?.checkVisibility() && ({ROWS})() === deals"
)
TAKE = "() => { const tasks = window.longTasks; window.longTasks = []; return tasks; }"


def part(page: Page, selector: str) -> Any:
    return page.locator("belot-calculator").locator(selector)


def step(page: Page, name: str, act: Any) -> dict[str, Any]:
    """Run ``act`` (which waits for what the player sees); the page's long tasks meanwhile."""
    page.evaluate(TAKE)
    started = time.monotonic()
    act()
    seen = (time.monotonic() - started) * 1000
    page.wait_for_timeout(1000)  # what follows the visible change (saving, rendering)
    tasks = page.evaluate(TAKE)
    row = {
        "step": name,
        "seen_ms": round(seen),
        "longest_ms": round(max(tasks, default=0)),
        "over_50": len(tasks),
        "over_200": sum(1 for task in tasks if task > 200),
    }
    print(
        f"{name:48} seen {row['seen_ms']:6} ms  longest task {row['longest_ms']:4} ms  "
        f"tasks > 50 ms: {row['over_50']:2}  > 200 ms: {row['over_200']}"
    )
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rate", type=float, default=4, help="CPU slow-down (default 4)")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site (default dist/)")
    args = parser.parse_args()
    info = machine()
    heavy_link, refused_link = link_heavy(DEALS), link_passed()
    folder = Path(tempfile.mkdtemp())
    heavy_file = folder / "heavy.json"
    # Another game than the link's (the names exchanged): the same one would be opened
    # where it is, not imported again (widget/sheet/book-travel.js).
    heavy = json.loads(json_heavy(DEALS))
    heavy["names"] = {"us": heavy["names"]["them"], "them": heavy["names"]["us"]}
    heavy_file.write_text(json.dumps(heavy, ensure_ascii=False), encoding="utf-8")
    rows: list[dict[str, Any]] = []
    with serving(args.dist) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844})
        context.add_init_script(OBSERVE)
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.goto(f"{url}/calculator/?lang=en")
        expect(part(page, ".sheet-table")).to_be_visible()
        expect(page.locator("belot-calculator")).to_have_js_property("state", "ready")
        registered = "async () => Boolean(await navigator.serviceWorker.getRegistration())"
        for _ in range(60):  # it registers once the runtime has loaded
            if page.evaluate(registered):
                break
            page.wait_for_timeout(500)
        assert page.evaluate(SERVICE_WORKER_ACTIVE), "no service worker"
        assert page.evaluate(SNAPSHOT_SAVED), "no start-up snapshot"
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.rate})

        def until(predicate: str, arg: Any = None) -> None:
            # Polled in the page with a cheap check every 50 ms: Playwright's own
            # expect() builds an accessibility snapshot of the page while it waits, a
            # long task of its own that would be counted as the calculator's.
            page.wait_for_function(predicate, arg=arg, polling=50, timeout=TIMEOUT_MS)

        def open_heavy() -> None:
            page.goto(f"{url}/calculator/?lang=en#game={heavy_link}")
            until(SHARED_SHOWN, DEALS)

        def keep() -> None:
            page.evaluate(f"() => {ROOT_JS}.querySelector('button.keep-game').click()")
            until("() => location.hash === ''")

        def import_file() -> None:
            part(page, "details.games summary").click()
            before = page.evaluate(GAMES_LISTED)
            with page.expect_file_chooser() as chooser:
                part(page, "button.import-game").click()
            chooser.value.set_files(str(heavy_file))
            until(
                f"([before, deals]) => ({GAMES_LISTED})() > before && ({ROWS})() === deals",
                [before, DEALS],
            )

        def open_refused() -> None:
            page.goto(f"{url}/calculator/?lang=en&again#game={refused_link}")
            notices = f"({ROOT_JS})?.querySelector('.notices')?.textContent"
            until(f"(said) => {notices}?.includes(said)", f"at most {DEALS}")

        rows.append(step(page, f"open a link of {DEALS} heavy deals", open_heavy))
        rows.append(step(page, "keep it", keep))
        rows.append(step(page, f"import a file of {DEALS} heavy deals", import_file))
        rows.append(step(page, "open a link of 39,900 passed deals (refused)", open_refused))
        version = browser.version
        browser.close()
    load = os.getloadavg()
    result = table(
        f"The page at {args.rate:g}× CPU: a stranger's worst link and file",
        ("step", "seen after", "longest task", "tasks > 50 ms", "tasks > 200 ms"),
        [
            (
                row["step"],
                f"{row['seen_ms']:,} ms",
                f"{row['longest_ms']} ms",
                row["over_50"],
                row["over_200"],
            )
            for row in rows
        ],
    )
    out = write_results(
        "stranger-page",
        tables=[result],
        data={"chromium": version, "rate": args.rate, "link_chars": len(heavy_link), "rows": rows},
        machine_info={**info, "chromium": version},
    )
    print(f"Chromium {version}, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {out}")


if __name__ == "__main__":
    main()
