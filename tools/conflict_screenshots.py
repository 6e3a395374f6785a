"""Screenshots of the statistics naming a game that does not fit its match (issue 30).

    python3 build.py build && .venv/bin/python tools/conflict_screenshots.py [--only PREFIX]

Three games of one match to a single win at one table („Иван и Петър“ / „Мария и Ана“,
four players): the match ends with the first, so the third (a game played after it,
e.g. kept twice from a link and a backup before ids travelled) does not fit. The
statistics still answer, and name both games with Open and Delete. Writes
docs/stats-conflict-*.png.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from e2e_ui import Calculator

from docs_screenshots import phone, session, shrink
from table_screenshots import DOCS, LOSS, WIN

SEATS = {"us": ["Иван", "Петър"], "them": ["Мария", "Ана"]}
NAMES = {"us": "Иван и Петър", "them": "Мария и Ана"}
SHOTS = {
    f"stats-conflict-{width}-{lang}{'-dark' if scheme == 'dark' else ''}": (
        width,
        height,
        lang,
        scheme,
    )
    for width, height in ((360, 740), (390, 844))
    for lang in ("bg", "en")
    for scheme in ("light", "dark")
}


def seeded() -> str:
    game = {"names": NAMES, "rules": {}, "seats": SEATS, "match": {"id": "m-docs", "to": 1}}
    games = [
        {
            **game,
            "id": f"g-{n}",
            "created": f"2026-05-14T1{n}:00:00.000Z",
            "updated": f"2026-05-14T1{n}:30:00.000Z",
            "deals": deals,
        }
        for n, deals in ((1, [WIN] * 14), (2, [WIN] * 13 + [LOSS, WIN]))
    ]
    return json.dumps({"version": 1, "current": "g-2", "games": games})


def shoot(
    browser: Browser, url: str, name: str, size: tuple[int, int, str, str], pngquant: str | None
) -> None:
    width, height, lang, scheme = size
    context = phone(browser, width, height, scheme)
    page: Page = context.new_page()
    page.goto(f"{url}/index.html")
    page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)", ["belot-calculator", seeded()]
    )
    page.goto(f"{url}/calculator/?lang={lang}")
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".sheet-table")).to_be_visible(timeout=90_000)
    stats = calculator.part("details.stats")
    stats.locator("summary").click()
    conflict = stats.locator(".stats-conflict")
    expect(conflict).to_be_visible()
    expect(stats.locator(".stats-entry").first).to_be_visible()
    expect(calculator.part("button.stats-csv")).to_be_enabled()
    conflict.evaluate("(element) => element.scrollIntoView({block: 'start'})")
    page.evaluate("document.activeElement?.blur()")
    path = DOCS / f"{name}.png"
    page.screenshot(path=path)
    shrink(path, pngquant)
    context.close()


def main() -> None:
    with session(__doc__) as (browser, url, only, pngquant):
        for name, size in SHOTS.items():
            if name.startswith(only):
                shoot(browser, url, name, size, pngquant)


if __name__ == "__main__":
    main()
