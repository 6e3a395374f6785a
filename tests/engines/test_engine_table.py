"""Table mode in Firefox and WebKit: the totals large, and the screen kept on — or a word.

A game of the documented store format is left on the device; the Table toggle opens
its totals with what each team needs, and asks for the Screen Wake Lock. Firefox
(ESR 128 on) grants it: "The screen stays on." WebKitGTK has the API but refuses the
request (NotAllowedError, "Permission was denied"): the fall-back word says the screen
may turn off. An engine without the API at all is Chromium with it removed
(tests/e2e/test_match_sheet.py) and the Node tests (tests/js/sheet/wake-lock.test.mjs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine_ui import STORAGE_KEY, table_mode, wait_game
from games_store import seed

from belot_core.sheet import TARGET

if TYPE_CHECKING:
    from conftest import Profile

    from browsers import Browser

WIN: dict[str, Any] = {
    "contract": "hearts", "bidder": "us", "cards": {"team": "us", "points": 102}, "last_trick": "us",
}  # fmt: skip
STORE = {
    "version": 1,
    "current": "g-table",
    "games": [
        {
            "id": "g-table",
            "created": "2026-11-28T19:30:00.000Z",
            "updated": "2026-11-28T20:05:00.000Z",
            "names": {"us": "", "them": ""},
            "deals": [WIN, WIN],
        }
    ],
}
WORDS = {
    "firefox": "The screen stays on.",
    "webkit": "The screen may turn off — the browser did not let us keep it on (a battery saver, perhaps).",
}


def test_table_mode_keeps_the_screen_on_or_says_it_may_turn_off(
    browser: Browser, profile: Profile, dist_url: str
) -> None:
    page = profile.new_page(f"{dist_url}/en/scoring.html")
    seed(page, STORE, STORAGE_KEY)
    page.goto(f"{dist_url}/calculator/?lang=en")
    game = wait_game(page, 2)
    totals = game["result"]["totals"]
    shown = table_mode(page)
    assert shown["open"] is True
    assert shown["needs"] == [
        f"Needs {TARGET - totals[team]} to {TARGET}" for team in ("us", "them")
    ]
    assert shown["supported"] is True, "both engines have navigator.wakeLock"
    assert shown["lock"] == WORDS[browser.engine], shown
