"""The docs' screenshots of counting a pile by its cards (issue 24), from the built site.

    A set of tools/screenshots.py (which takes them: --only PREFIX).

The standalone calculator on a phone (360x740 and 390x844, touch), the game chosen
and the grid "Count the cards" opened with a few cards tapped: in a suit contract
(hearts: the trump row first) in Bulgarian and English, light and dark, and in All
trumps (every row a trump row). Written to docs/cards-*.png, made small with pngquant
when it is installed.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Browser, expect

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from e2e_ui import Calculator

from docs_screenshots import SIZES, phone, save
from sitebuild.paths import ROOT

DOCS = ROOT / "docs"
#: contract → (the bidder, the cards tapped: our pile)
PILES = {
    "hearts": ("us", ("JH", "9H", "AS", "10S", "KD", "QC")),
    "all_trumps": ("them", ("JC", "9D", "AH", "10H", "KS")),
}
#: name → (contract, size): a suit contract at every size, language and scheme; All
#: trumps at each size and language, in one scheme or the other.
SHOTS = {
    **{f"cards-hearts-{size}": ("hearts", size) for size in SIZES},
    **{
        f"cards-all-trumps-{size}": ("all_trumps", size)
        for size in ("360-bg", "390-en", "360-en-dark", "390-bg-dark")
    },
}


def take(browser: Browser, url: str, only: str, pngquant: str | None) -> None:
    """The card grid with a pile counted."""
    for name, (contract, size) in SHOTS.items():
        if not name.startswith(only):
            continue
        width, height, lang, scheme = SIZES[size]
        context = phone(browser, width, height, scheme)
        page = context.new_page()
        page.goto(f"{url}/calculator/?lang={lang}")
        calculator = Calculator(page.locator("belot-calculator"))
        expect(calculator.part(".sheet-table")).to_be_visible(timeout=90_000)
        bidder, cards = PILES[contract]
        calculator.choose_game(bidder, contract)
        calculator.part("button.count-cards").tap()
        dialog = calculator.part("dialog.cards-dialog")
        expect(dialog).to_be_visible()
        for code in cards:
            calculator.part(f'button.card[data-card="{code}"]').tap()
        page.evaluate("document.activeElement?.blur()")
        page.wait_for_timeout(300)
        save(page, name, pngquant)
        context.close()
