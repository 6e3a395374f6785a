"""The docs' screenshots of table mode, a match and the statistics (issue 25), from dist/.

    A set of tools/screenshots.py (which takes them: --only PREFIX).

Two games of a match to 2 won games are left on the device (the first won by us, the
second under way, the four players seated), then: table mode on a phone held upright
(360x740, 390x844) and in landscape (740x360), the match, date and note under the
sheet's totals, and the statistics opened with a pair's games listed; in Bulgarian
and English, light and dark. Written to docs/ (PNGs made small with pngquant).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from e2e_ui import Calculator

from docs_screenshots import phone, save
from sitebuild.paths import ROOT

DOCS = ROOT / "docs"
WIN = {
    "contract": "hearts",
    "bidder": "us",
    "cards": {"team": "us", "points": 102},
    "last_trick": "us",
}
LOSS = {
    "contract": "spades",
    "bidder": "them",
    "cards": {"team": "them", "points": 90},
    "last_trick": "them",
}
HANG = {
    "contract": "diamonds",
    "bidder": "us",
    "cards": {"team": "us", "points": 81},
    "last_trick": "them",
}
SEATS = {"us": ["Иван", "Петър"], "them": ["Мария", "Георги"]}

#: name → (width, height, language, colour scheme, what is shown)
SHOTS = {
    "table-360-bg": (360, 740, "bg", "light", "table"),
    "table-360-en-dark": (360, 740, "en", "dark", "table"),
    "table-390-bg-dark": (390, 844, "bg", "dark", "table"),
    "table-390-en": (390, 844, "en", "light", "table"),
    "table-landscape-bg": (740, 360, "bg", "light", "table"),
    "table-landscape-en-dark": (740, 360, "en", "dark", "table"),
    "match-360-bg": (360, 740, "bg", "light", "match"),
    "match-390-en-dark": (390, 844, "en", "dark", "match"),
    "match-print-bg": (700, 990, "bg", "light", "print"),
    "stats-360-bg": (360, 740, "bg", "light", "stats"),
    "stats-390-en-dark": (390, 844, "en", "dark", "stats"),
}


def seeded() -> str:
    """Two games of a match at one table: won 1 : 0, the second at 38 : 25 with 8 hanging."""
    game = {
        "names": {"us": "", "them": ""},
        "rules": {},
        "seats": SEATS,
        "match": {"id": "m-docs", "to": 2},
    }
    first = [WIN] * 12 + [LOSS, WIN, WIN]
    return json.dumps(
        {
            "version": 1,
            "current": "g-2",
            "games": [
                {
                    **game,
                    "id": "g-1",
                    "created": "2026-05-14T17:00:00.000Z",
                    "updated": "2026-05-14T18:00:00.000Z",
                    "deals": first,
                    "note": "у Иван",
                },
                {
                    **game,
                    "id": "g-2",
                    "created": "2026-05-14T18:05:00.000Z",
                    "updated": "2026-05-14T18:30:00.000Z",
                    "deals": [WIN, LOSS, WIN, HANG],
                    "note": "реванш",
                },
            ],
        }
    )


def shoot(
    browser: Browser,
    url: str,
    name: str,
    size: tuple[int, int, str, str, str],
    pngquant: str | None,
) -> None:
    width, height, lang, scheme, what = size
    context = phone(browser, width, height, scheme)
    page: Page = context.new_page()
    page.goto(f"{url}/index.html")
    page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)", ["belot-calculator", seeded()]
    )
    page.goto(f"{url}/calculator/?lang={lang}")
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".sheet-table")).to_be_visible(timeout=90_000)
    expect(calculator.part(".match-line")).to_be_visible()
    if what == "table":
        calculator.part("button.table-toggle").click()
        expect(calculator.part("dialog.table-mode .table-lock")).not_to_be_empty()
    elif what == "print":
        page.emulate_media(media="print")
        calculator.part(".game-about").evaluate(
            "(element) => element.scrollIntoView({block: 'start'})"
        )
    elif what == "match":
        calculator.part(".game-about").evaluate(
            "(element) => element.scrollIntoView({block: 'center'})"
        )
    else:
        stats = calculator.part("details.stats")
        stats.locator("summary").click()
        expect(stats.locator(".stats-entry").first).to_be_visible()
        stats.locator(".stats-games summary").first.click()
        stats.locator(".stats-entry").first.evaluate(
            "(element) => element.scrollIntoView({block: 'start'})"
        )
    page.evaluate("document.activeElement?.blur()")
    save(page, name, pngquant)
    context.close()


def take(browser: Browser, url: str, only: str, pngquant: str | None) -> None:
    """Table mode, a match and the statistics."""
    for name, size in SHOTS.items():
        if name.startswith(only):
            shoot(browser, url, name, size, pngquant)
