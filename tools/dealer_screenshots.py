"""The docs' screenshots of who deals and of the game's end (run by hand, like docs_screenshots.py).

    A set of tools/screenshots.py (which takes them: --only PREFIX).

On the standalone calculator at 360x740 and 390x844, in Bulgarian and English, light and
dark, a game kept on the device (four named players, five deals, one of them passed)
opens and the bar says who deals (`dealer-entry-*`); a deal is recorded: its row in the
bar and the deal passed to the next player (`dealer-recorded-*`); a recontra ends the
game: the form closed, the winner and "New game (same teams)" (`dealer-end-*`). Also a
new table's first question, who deals first (`dealer-choose-*`, two of the eight).
Written to docs/ as PNGs (made small with pngquant when it is installed).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, expect

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from e2e_ui import Calculator, Deal

from belot_core.json_api import score_game_json
from docs_screenshots import DEAL, SIZES, phone, save

PLAYERS = {
    "bg": {"us": ["Иван", "Петър"], "them": ["Мария", "Георги"]},
    "en": {"us": ["Ivan", "Peter"], "them": ["Maria", "George"]},
}
FIRST = 1  # them[0] dealt the first deal


def _deal(contract: str, bidder: str, team: str, points: int, last: str, **more: Any) -> Any:
    declarations = more.pop("declarations", {})
    deal = {"contract": contract, "bidder": bidder, "doubling": more.pop("doubling", "none")}
    deal |= {"cards": {"team": team, "points": points}, "last_trick": last}
    return deal | {"declarations": {"us": {}, "them": {}, **declarations}}


KEPT = [
    _deal("no_trumps", "us", "us", 70, "us", doubling="contra"),
    _deal("all_trumps", "them", "them", 140, "them"),
    {"passed": True},
    _deal("hearts", "us", "us", 82, "us", declarations={"us": {"belot": 1}}),
    _deal("clubs", "them", "them", 100, "them"),
]  # 79 : 33, Петър deals
END = Deal("spades", "us", "recontra", "us", 100, "us")  # 65: the game is over


def store(lang: str) -> dict[str, Any]:
    game = {"version": 1, "deals": KEPT, "seats": PLAYERS[lang], "dealer": FIRST}
    reply = json.loads(score_game_json(json.dumps(game)))
    assert reply["ok"] and not reply["result"]["finished"], reply
    stamp = "2026-05-14T19:30:00.000Z"
    record = {"id": "g-dealer", "created": stamp, "updated": stamp, "names": {"us": "", "them": ""}}
    return {"version": 1, "current": "g-dealer", "games": [record | game]}


def shoot(page: Any, name: str, pngquant: str | None) -> None:
    page.evaluate("document.activeElement?.blur()")
    page.wait_for_timeout(300)
    save(page, name, pngquant)


def take(browser: Browser, url: str, only: str, pngquant: str | None) -> None:
    """Who deals: at the game's start, after a deal, at its end."""
    if not "dealer".startswith(only) and not only.startswith("dealer"):
        return
    for size, (width, height, lang, scheme) in SIZES.items():
        context = phone(browser, width, height, scheme)
        page = context.new_page()
        page.goto(f"{url}/en/scoring.html")  # the origin, no sheet on it
        page.evaluate(
            "([key, text]) => localStorage.setItem(key, text)",
            ["belot-calculator", json.dumps(store(lang))],
        )
        page.goto(f"{url}/calculator/?lang={lang}")
        calculator = Calculator(page.locator("belot-calculator"))
        expect(calculator.part(".sheet-table tbody tr")).to_have_count(len(KEPT), timeout=90_000)
        dealer = calculator.part(".dealer-name")
        expect(dealer).to_contain_text(PLAYERS[lang]["us"][1])
        page.evaluate("window.scrollTo(0, 0)")
        shoot(page, f"dealer-entry-{size}", pngquant)

        calculator.enter(DEAL)
        calculator.part("button.record").click()
        recent = calculator.part(".bar-recent .recent-dealer")
        expect(recent).to_contain_text(PLAYERS[lang]["them"][1])
        expect(calculator.part(".bar-recent")).to_be_visible()
        page.evaluate("window.scrollTo(0, 0)")
        shoot(page, f"dealer-recorded-{size}", pngquant)

        calculator.enter(END)
        calculator.part("button.record").click()
        expect(calculator.part("button.bar-new-game")).to_be_visible()
        page.evaluate("window.scrollTo(0, 0)")
        shoot(page, f"dealer-end-{size}", pngquant)
        context.close()
        if size in ("360-bg", "390-en-dark"):
            context = phone(browser, width, height, scheme)
            page = context.new_page()
            page.goto(f"{url}/calculator/?lang={lang}")
            chooser = page.locator("belot-calculator .dealer-chooser")
            expect(chooser).to_be_visible(timeout=90_000)
            page.evaluate("window.scrollTo(0, 0)")
            shoot(page, f"dealer-choose-{size}", pngquant)
            context.close()
