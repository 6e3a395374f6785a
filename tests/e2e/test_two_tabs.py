"""Two tabs keep one game, and a tab whose storage is taken away says so (issue 32, 3 and 4).

In Chromium with the real core (dist/): one tab types a team name letter by letter while
the other records 12 deals; then 20 rounds of both tabs pressing Record in the same
millisecond, and 20 of both pressing All passed. The device holds one game with every
deal, each tab's in the order pressed, and the whole name: no copy game (the code before
kept one tab's deal of every round in a copy, a copy per typed letter, and folded two
identical All passed into one deal now and then). Then another page of the origin
upgrades the database (what a newer build does) or deletes it: the next Record says "not
saved" (before, it said nothing and saved nothing).

The deals are capots: a game never ends on a capot, so 92 deals fit in one game.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from e2e_ui import Calculator, Deal
from games_store import stored
from playwright.sync_api import BrowserContext, Locator, Page, expect
from test_score_sheet import open_sheet, record, wait_sheet

CONTRACTS = ("clubs", "diamonds", "hearts", "spades")
NAME = "Иван и Петър"


def capot(team: str, round_: int) -> Deal:
    """A capot of `team` (the bidder) in the round's contract: which round it was is in the deal."""
    return Deal(CONTRACTS[round_ % 4], team, "none", team, 152, team, capot=team)


# Click `selector` of the sheet at `at` (ms since the epoch); the moment is left in window.pressedAt.
PRESS_AT = """([selector, at]) => {
  const button = document.querySelector("belot-calculator").shadowRoot.querySelector(selector);
  setTimeout(() => { button.click(); window.pressedAt = Date.now(); }, Math.max(0, at - Date.now()));
}"""

# Type `text` into the team name letter by letter, `ms` apart, then leave the field (change).
TYPE_SLOWLY = """async ([text, ms]) => {
  const input = document.querySelector("belot-calculator").shadowRoot.querySelector('input[name="name-us"]');
  window.typed = false;
  (async () => {
    for (let i = 1; i <= text.length; i++) {
      input.value = text.slice(0, i);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    input.dispatchEvent(new Event("change", { bubbles: true }));
    window.typed = true;
  })();
}"""


def rows(calculator: Calculator) -> Locator:
    return calculator.part(".sheet-table tbody tr")


@pytest.fixture
def two_tabs(context: BrowserContext, dist_url: str) -> Iterator[tuple[Page, Page]]:
    first, second = context.new_page(), context.new_page()
    errors: list[str] = []
    for tab in (first, second):
        tab.on("pageerror", lambda error: errors.append(str(error)))
    open_sheet(first, dist_url, lang="en")
    open_sheet(second, dist_url, lang="en")
    yield first, second
    assert errors == [], errors


def press_together(first: Page, second: Page, selector: str) -> int:
    """Both tabs click `selector` at the same moment; how many ms apart they did."""
    at = int(time.time() * 1000) + 300
    for tab in (first, second):
        tab.evaluate(PRESS_AT, [selector, at])
    for tab in (first, second):
        tab.wait_for_function("() => window.pressedAt !== undefined")
    times = [
        tab.evaluate(
            "() => { const at = window.pressedAt; window.pressedAt = undefined; return at; }"
        )
        for tab in (first, second)
    ]
    return abs(int(times[0]) - int(times[1]))


def test_two_tabs_keep_one_game_typing_and_pressing_in_the_same_millisecond(
    two_tabs: tuple[Page, Page],
) -> None:
    first, second = two_tabs
    one, two = wait_sheet(first), wait_sheet(second)
    assert stored(first) is None or len(stored(first)["games"]) <= 1  # type: ignore[index]
    # The first tab types the name, a letter every 250 ms, while the second records 12 deals.
    first.evaluate(TYPE_SLOWLY, [NAME, 250])
    for round_ in range(12):
        record(two, capot("them", round_))
    first.wait_for_function("() => window.typed")
    expect(rows(one)).to_have_count(12)
    # 20 rounds of both pressing Record in the same millisecond, then 20 of All passed.
    spread = []
    for round_ in range(20):
        one.enter(capot("us", round_))
        two.enter(capot("them", 12 + round_))
        for calculator in (one, two):
            expect(calculator.part("button.record")).to_be_enabled()
        spread.append(press_together(first, second, "button.record"))
        for calculator in (one, two):
            expect(rows(calculator)).to_have_count(12 + 2 * (round_ + 1))
    for round_ in range(20):
        spread.append(press_together(first, second, "button.passed"))
        for calculator in (one, two):
            expect(rows(calculator)).to_have_count(52 + 2 * (round_ + 1))
    # The race is really run: most rounds pressed within a millisecond or two of each other.
    assert sorted(spread)[len(spread) // 2] <= 2, spread
    data = stored(first)
    assert data is not None
    games = data["games"]
    assert len(games) == 1, [len(game["deals"]) for game in games]  # 0 copies
    [game] = games
    assert game["names"]["us"] == NAME
    deals = game["deals"]
    assert len(deals) == 92
    ours = [deal["contract"] for deal in deals if deal.get("capot") == "us"]
    theirs = [deal["contract"] for deal in deals if deal.get("capot") == "them"]
    assert ours == [CONTRACTS[round_ % 4] for round_ in range(20)]
    assert theirs == [CONTRACTS[round_ % 4] for round_ in range(32)]
    assert sum(1 for deal in deals if deal.get("passed")) == 40
    for tab in (first, second):
        tab.reload()
        calculator = wait_sheet(tab)
        expect(rows(calculator)).to_have_count(92)
        assert calculator.part('input[name="name-us"]').input_value() == NAME


UPGRADE = """() => new Promise((resolve, reject) => {
  const request = indexedDB.open("belot-calculator", 2);
  request.onsuccess = () => { request.result.close(); resolve("upgraded"); };
  request.onerror = () => reject(request.error);
})"""

DELETE = """() => new Promise((resolve, reject) => {
  const request = indexedDB.deleteDatabase("belot-calculator");
  request.onsuccess = () => resolve("deleted");
  request.onerror = () => reject(request.error);
})"""

NOT_SAVED = {
    "upgrade": (
        "The game is NOT BEING SAVED any more: another version of the calculator",
        "Играта вече НЕ СЕ ЗАПАЗВА: друга версия",
    ),
    "delete": (
        "The game is NOT BEING SAVED any more: the games saved on this device were deleted",
        "Играта вече НЕ СЕ ЗАПАЗВА: запазените игри",
    ),
}


@pytest.mark.parametrize(("how", "lang"), [("upgrade", "en"), ("delete", "bg")])
def test_after_another_page_upgrades_or_deletes_the_database_the_next_record_says_not_saved(
    context: BrowserContext, dist_url: str, how: str, lang: str
) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    calculator = open_sheet(page, dist_url, lang=lang)
    record(calculator, capot("us", 0))
    record(calculator, capot("us", 1))
    # Another page of the origin: a newer build, or one clearing the games.
    other = context.new_page()
    other.goto(f"{dist_url}/")
    other.evaluate(UPGRADE if how == "upgrade" else DELETE)
    notices = calculator.part(".notices")
    words = NOT_SAVED[how][0 if lang == "en" else 1]
    expect(notices).to_contain_text(words)  # at once, before any deal
    bar = calculator.part(".not-saved")
    not_saved = "not saved" if lang == "en" else "не се запазва"
    expect(bar).to_contain_text(not_saved)
    record(calculator, capot("us", 2))  # the next Record: on screen, and said not saved
    expect(rows(calculator)).to_have_count(3)
    expect(bar).to_contain_text(not_saved)
    expect(notices).to_contain_text(words)
    assert errors == [], errors
