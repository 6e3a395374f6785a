"""Matches, statistics and table mode in Chromium, with the real core in Pyodide.

Games are left on the device as an earlier version kept them (games_store.seed): two
games of a match to 2 won games, the first won by us. The sheet shows the match's score
in the core's words, the next game goes on with the match; table mode shows the
totals large with what each team needs (the core's target), and asks for the Screen
Wake Lock (Chromium has it: the request is watched, and the word said matches the
browser's answer). The statistics view lists each pair's games from the core's
statistics_json. The wake lock's fall-back in an engine without it: tests/engines/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from axe import describe, violations
from e2e_ui import Calculator
from games_store import seed, stored
from playwright.sync_api import Page, expect

from belot_core.i18n import STATISTICS_WORDS
from belot_core.sheet import TARGET

RUNTIME_TIMEOUT_MS = 90_000

#: A deal that writes 11 : 5 for us (hearts, 102 in our pile, the last trick ours).
WIN = {
    "contract": "hearts",
    "bidder": "us",
    "cards": {"team": "us", "points": 102},
    "last_trick": "us",
}
MATCH = {"id": "m-test-1", "to": 2}

# Every request for a wake lock, and what the browser answered.
WATCH_WAKE_LOCK = """(() => {
  window.wakeLocks = [];
  const lock = navigator.wakeLock;
  if (!lock) return;
  const request = lock.request.bind(lock);
  lock.request = (type) => {
    const entry = { type, answer: "pending" };
    window.wakeLocks.push(entry);
    return request(type).then(
      (sentinel) => { entry.answer = "granted"; return sentinel; },
      (error) => { entry.answer = error.name; throw error; },
    );
  };
})();"""


def match_games() -> dict[str, Any]:
    """The store: game 1 of the match won by us (14 deals), game 2 under way (1 deal)."""
    game = {"names": {"us": "", "them": ""}, "rules": {}, "match": MATCH}
    return {
        "version": 1,
        "current": "g-2",
        "games": [
            {
                **game,
                "id": "g-1",
                "created": "2026-05-14T18:00:00.000Z",
                "updated": "2026-05-14T19:00:00.000Z",
                "deals": [WIN] * 14,
                "note": "у Иван",
            },
            {
                **game,
                "id": "g-2",
                "created": "2026-05-14T19:05:00.000Z",
                "updated": "2026-05-14T19:10:00.000Z",
                "deals": [WIN],
            },
        ],
    }


def open_seeded(page: Page, url: str, lang: str = "bg") -> Calculator:
    page.add_init_script(WATCH_WAKE_LOCK)
    page.goto(f"{url}/index.html")
    seed(page, match_games())
    page.goto(f"{url}/calculator/?lang={lang}")
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".sheet-table")).to_be_visible(timeout=RUNTIME_TIMEOUT_MS)
    return calculator


def test_a_match_its_score_from_the_core_and_its_next_game(page: Page, dist_url: str) -> None:
    calculator = open_seeded(page, dist_url)
    expect(calculator.part(".match-line")).to_have_text("Мач до 2 победи: 1 : 0 · игра 2")
    expect(calculator.part(".game-date")).to_contain_text("Играна на")
    expect(calculator.part(".game-about .field").nth(1)).to_contain_text("Следващата игра")
    expect(calculator.part("select.next-game")).to_have_value("continue")
    # The note on a game: saved with it, shown in the games list.
    calculator.part("input.game-note").fill("реванш")
    # The field left: saved (typing is not saved per letter).
    calculator.part("input.game-note").blur()
    expect(calculator.part(".games-list")).to_contain_text("реванш")
    expect(calculator.part(".games-list")).to_contain_text("у Иван")
    # The match's games, listed; on paper the match sheet keeps them and leaves the fields out.
    expect(calculator.part(".match-games li")).to_have_count(2)
    expect(calculator.part(".match-games li").first).to_contain_text("Игра 1")
    page.emulate_media(media="print")
    expect(calculator.part(".match-games")).to_be_visible()
    expect(calculator.part(".match-line")).to_be_visible()
    expect(calculator.part(".note-print")).to_have_text("реванш")
    expect(calculator.part(".about-fields")).to_be_hidden()
    expect(calculator.part("button.match-print")).to_be_hidden()
    page.emulate_media(media="screen")
    games = {game["id"]: game for game in stored(page)["games"]}  # type: ignore[index]
    assert games["g-2"]["note"] == "реванш"
    assert games["g-2"]["match"] == MATCH


def test_table_mode_large_totals_needs_and_the_wake_lock(page: Page, dist_url: str) -> None:
    calculator = open_seeded(page, dist_url)
    us = int(calculator.part(".sheet-table tfoot td.us").inner_text())
    them = int(calculator.part(".sheet-table tfoot td.them").inner_text())
    toggle = calculator.part(".sheet-toolbar button.table-toggle")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    dialog = calculator.part("dialog.table-mode")
    expect(dialog).to_be_visible()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(dialog.locator(".table-team.us .table-total")).to_have_text(str(us))
    expect(dialog.locator(".table-team.us .table-needs")).to_have_text(
        f"Остават {TARGET - us} до {TARGET}"
    )
    expect(dialog.locator(".table-team.them .table-needs")).to_have_text(
        f"Остават {TARGET - them} до {TARGET}"
    )
    expect(dialog.locator(".table-match")).to_have_text("Мач до 2 победи: 1 : 0 · игра 2")
    # Chromium has the Screen Wake Lock API: it was asked for the screen, and the word
    # on screen is the browser's answer (granted, or refused where the page may not).
    page.wait_for_function(
        "() => window.wakeLocks.length > 0 && window.wakeLocks[0].answer !== 'pending'"
    )
    [asked] = page.evaluate("() => window.wakeLocks")
    assert asked["type"] == "screen"
    word = (
        "Екранът остава включен."
        if asked["answer"] == "granted"
        else "Екранът може да угасне — браузърът не позволи"
    )
    expect(dialog.locator(".table-lock")).to_contain_text(word)
    # Large: the totals are at least 4.5 rem (72 px) tall on a desktop window too.
    size = dialog.locator(".table-team.us .table-total").evaluate(
        "(element) => parseFloat(getComputedStyle(element).fontSize)"
    )
    assert size >= 72, size
    # Escape ends table mode, like its button; the lock is let go.
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(toggle).to_have_attribute("aria-pressed", "false")


def test_table_mode_says_the_screen_may_turn_off_where_the_browser_cannot_keep_it_on(
    page: Page, dist_url: str
) -> None:
    # A browser without the Screen Wake Lock API (Firefox before 126, Safari before 16.4).
    page.add_init_script("delete Navigator.prototype.wakeLock")
    calculator = open_seeded(page, dist_url, lang="en")
    assert page.evaluate("() => 'wakeLock' in navigator") is False
    calculator.part("button.table-toggle").click()
    lock = calculator.part("dialog.table-mode .table-lock")
    expect(lock).to_have_text("The screen may turn off — this browser cannot keep it on.")
    expect(lock).to_have_class("table-lock warning")
    calculator.part("dialog.table-mode button.table-close").click()
    expect(calculator.part("dialog.table-mode")).to_be_hidden()


def test_the_statistics_from_the_core_each_pair_with_its_games(page: Page, dist_url: str) -> None:
    calculator = open_seeded(page, dist_url, lang="en")
    stats = calculator.part("details.stats")
    stats.locator("summary").click()  # opened: worked out at once, over every day
    us = stats.locator(".stats-pairs .stats-entry").filter(has_text="Us").first
    expect(us.locator('dd[data-count="games"]')).to_have_text("2")
    expect(us.locator('dd[data-count="won"]')).to_have_text("1")
    expect(us.locator('dd[data-count="matches"]')).to_have_text("1")
    expect(us.locator('dd[data-count="deals"]')).to_have_text("15")
    expect(us.locator('dd[data-contract="hearts"]')).to_have_text(
        "15 bid: 15 made, 0 inside, 0 hanging"
    )
    us.locator(".stats-games summary").click()  # the games are listed when opened
    games = us.locator(".stats-games li")
    expect(games).to_have_count(2)
    expect(games.first).to_contain_text("· won")
    expect(games.first).to_have_attribute("data-game", "g-1")
    # A range of days that holds neither game: the core's word for no games.
    stats.locator('input[name="stats-from"]').fill("2026-06-01")
    stats.locator("button.stats-show").click()
    expect(stats.locator(".stats-status")).to_have_text(STATISTICS_WORDS["en"]["no_games"])
    expect(stats.locator(".stats-entry")).to_have_count(0)
    # The CSV of every day: downloaded, a row per pair.
    stats.locator('input[name="stats-from"]').fill("")
    stats.locator("button.stats-show").click()
    expect(us.locator('dd[data-count="games"]')).to_have_text("2")
    with page.expect_download() as download:
        stats.locator("button.stats-csv").click()
    text = Path(download.value.path()).read_bytes().decode("utf-8-sig")  # lines end in CRLF
    lines = text.split("\r\n")
    assert lines[0].startswith(",,Games,Won,Lost,"), lines[0]
    assert lines[1].startswith("Pairs,Us,2,1,0,1,0,15,"), lines[1]


def test_table_mode_the_match_and_the_statistics_pass_axe(page: Page, dist_url: str) -> None:
    calculator = open_seeded(page, dist_url)
    stats = calculator.part("details.stats")
    stats.locator("summary").click()
    expect(stats.locator(".stats-entry").first).to_be_visible()
    stats.locator(".stats-games summary").first.click()
    found = violations(page)
    assert not found, describe(found)
    calculator.part("button.table-toggle").click()
    expect(calculator.part("dialog.table-mode .table-lock")).not_to_be_empty()
    # The page under the modal dialog is inert and covered, but axe still measures the
    # pressed toggle's colours through the backdrop: what the dialog shows is what counts.
    found = [
        violation
        for violation in violations(page)
        if any("table-toggle" not in node["target"] for node in violation["nodes"])
    ]
    assert not found, describe(found)
    assert calculator.part("dialog.table-mode").evaluate("(dialog) => dialog.matches(':modal')")
