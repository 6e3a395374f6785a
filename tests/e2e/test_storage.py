"""The score sheet's games on the device, in Chromium: nothing is lost without a word.

Site data blocked (IndexedDB and localStorage throw a SecurityError, as Chromium does
when a site may not keep data), storage full (the origin's quota lowered through the
DevTools protocol) and then freed, two tabs on the same game (each follows the other; a
tab that missed the other's save joins its deal to it, in one game), a saved game of
2,000 bad deals, a stored team name of a million characters, and what the sheet asks
the core to explain. The real core in Pyodide (dist/), except where a fake scorer is
enough (tests/e2e/pages/fake.html).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_ui import Calculator
from games_store import aside, seed, stored
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_score_sheet import (
    HANG,
    MADE,
    RECONTRA,
    expect_row,
    expect_totals,
    kept_aside_file,
    open_sheet,
    record,
    wait_sheet,
)

SCREENSHOTS = Path(__file__).resolve().parents[2] / ".cache" / "e2e"

# What Chromium does to a page whose site may not keep data (cookies and site data
# blocked): opening IndexedDB throws, and so does reading `localStorage`.
BLOCK_STORAGE = """
IDBFactory.prototype.open = function () {
  throw new DOMException(
    "Failed to execute 'open' on 'IDBFactory': access to the Indexed Database API is denied in this context.",
    "SecurityError",
  );
};
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() {
    throw new DOMException(
      "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
      "SecurityError",
    );
  },
});
"""

# A tab that misses the other tab's news of a save while `window.deaf` is set (a listener
# the channel gets before the widget's stops it), so both tabs change the game before
# either has heard of the other's save: the race two real tabs can run into.
DEAF_TO_STORAGE = """
window.BroadcastChannel = class extends BroadcastChannel {
  constructor(name) {
    super(name);
    this.addEventListener("message", (event) => {
      if (window.deaf) event.stopImmediatePropagation();
    });
  }
};
"""


# A device with no room left, as Chromium reports it to IndexedDB: every write refused with
# a QuotaExceededError, while `window.full` is set. (Chromium's own quota override through
# the DevTools protocol does not reach a database already open: its quota is cached.)
FULL_DEVICE = """
const put = IDBObjectStore.prototype.put;
IDBObjectStore.prototype.put = function (...args) {
  if (window.full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  return put.apply(this, args);
};
"""


def set_full(page: Page, full: bool) -> None:
    """Every write refused as on a full device, or accepted again (FULL_DEVICE)."""
    page.evaluate("(full) => { window.full = full; }", full)


BLOCKED = {
    "bg": "Играта не може да се запази на това устройство: браузърът не позволява",
    "en": "The game cannot be saved on this device: the browser does not let this site keep data",
}


def watch_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def rows(calculator: Calculator) -> Any:
    return calculator.part(".sheet-table tbody tr")


def current_game(page: Page) -> dict[str, Any]:
    data = stored(page)
    assert data is not None
    return next(game for game in data["games"] if game["id"] == data["current"])


# --- site data blocked --------------------------------------------------------------


@pytest.mark.parametrize("lang", ["bg", "en"])
def test_storage_blocked_is_said_on_load_and_the_game_lives_in_memory(
    browser: Browser, dist_url: str, lang: str
) -> None:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    context.add_init_script(BLOCK_STORAGE)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{dist_url}/calculator/?lang={lang}")
    calculator = Calculator(page.locator("belot-calculator"))
    notices = calculator.part(".notices")
    # On load, before anything is entered.
    expect(notices).to_contain_text(BLOCKED[lang])
    calculator = wait_sheet(page)
    # The sheet works for this page: deals are recorded (in memory) and stay.
    record(calculator, HANG)
    record(calculator, MADE)
    expect_totals(calculator, 19, 15)
    expect(notices.locator("li")).to_have_count(1)
    # As the notice said: a reload starts empty, and says so again.
    page.reload()
    calculator = wait_sheet(page)
    expect(calculator.part(".notices")).to_contain_text(BLOCKED[lang])
    expect(rows(calculator)).to_have_count(0)
    assert not errors, errors
    context.close()


# --- storage full, then freed ---------------------------------------------------------


def test_storage_full_is_said_and_saving_resumes_once_space_is_freed(
    page: Page, dist_url: str
) -> None:
    page.add_init_script(FULL_DEVICE)
    calculator = open_sheet(page, dist_url, lang="en")
    record(calculator, HANG)
    assert len(current_game(page)["deals"]) == 1
    set_full(page, True)
    # The next deal cannot be saved: said, and the deal stays on the sheet.
    record(calculator, RECONTRA)
    notices = calculator.part(".notices")
    expect(notices).to_contain_text("the browser's storage for this site is full")
    expect(notices).to_contain_text("the next change tries to save again")
    assert len(current_game(page)["deals"]) == 1
    # Space freed: the next change saves the whole game, and says so.
    set_full(page, False)
    record(calculator, MADE)
    expect(notices).to_contain_text("The game is saved on this device again.")
    expect(notices).not_to_contain_text("is full")
    assert len(current_game(page)["deals"]) == 3
    page.reload()
    calculator = wait_sheet(page)
    expect(rows(calculator)).to_have_count(3)
    expect_totals(calculator, 84, 15)


# --- two tabs -------------------------------------------------------------------------


@pytest.fixture
def two_tabs(context: BrowserContext, dist_url: str) -> Iterator[tuple[Page, Page]]:
    """Two tabs of one browser on the calculator, the second opened once the first
    has saved its game: both show the same game."""
    context.add_init_script(DEAF_TO_STORAGE)
    first = context.new_page()
    second = context.new_page()
    errors = [watch_errors(first), watch_errors(second)]
    open_sheet(first, dist_url)
    open_sheet(second, dist_url)
    yield first, second
    assert errors == [[], []], errors


def test_two_tabs_on_one_game_follow_each_other_and_lose_no_deal(
    two_tabs: tuple[Page, Page],
) -> None:
    first, second = two_tabs
    one, two = wait_sheet(first), wait_sheet(second)
    assert stored(first)["current"] == stored(second)["current"]  # type: ignore[index]
    # A deal half entered in the second tab's form, while the first records one.
    two.choose_game("us", "spades")
    two.points("us").fill("100")
    record(one, HANG)
    # The second tab follows at once, says so, and keeps its form as it was.
    expect(rows(two)).to_have_count(1)
    expect_row(two, 1, "0", "8")
    expect(two.part(".notices")).to_contain_text("Тази игра е променена в друг раздел")
    expect(two.radio("game", "us:spades")).to_be_checked()
    expect(two.points("us")).to_have_value("100")
    expect(two.part('input[name="hanging-in"]')).to_have_value("8")  # the pot it followed
    # The second tab records on the game it followed; the first follows in turn.
    record(two, RECONTRA)
    expect_row(two, 2, "73", "0")
    expect(rows(one)).to_have_count(2)
    expect_row(one, 2, "73", "0")
    record(one, MADE)
    expect(rows(two)).to_have_count(3)
    for page, calculator in ((first, one), (second, two)):
        expect_totals(calculator, 84, 15)
        assert len(current_game(page)["deals"]) == 3
    second.reload()
    expect(rows(wait_sheet(second))).to_have_count(3)


def test_a_tab_that_missed_the_other_tabs_save_joins_it_instead_of_writing_over_it(
    two_tabs: tuple[Page, Page],
) -> None:
    first, second = two_tabs
    one, two = wait_sheet(first), wait_sheet(second)
    game_id = stored(first)["current"]  # type: ignore[index]
    second.evaluate("window.deaf = true")
    record(one, HANG)  # saved; the second tab does not hear of it
    # The second tab finds the newer save when it writes: its deal goes after it. (Not
    # `record`: the one row it shows for a moment may already be two when looked at.)
    two.enter(MADE)
    expect(two.part("button.record")).to_be_enabled()
    two.part("button.record").click()
    expect(rows(two)).to_have_count(2)
    expect_row(two, 1, "0", "8")
    expect(two.part(".notices")).to_contain_text("Тази игра е променена в друг раздел")
    # One game: the first tab's deal, then the second tab's; no copy.
    games = {game["id"]: game for game in stored(second)["games"]}  # type: ignore[index]
    assert list(games) == [game_id]
    assert [deal["cards"]["points"] for deal in games[game_id]["deals"]] == [81, 82]
    # The first tab hears of it and shows the same game.
    expect(rows(one)).to_have_count(2)
    one.part(".games summary").click()
    expect(one.part(".games li.game")).to_have_count(1)
    expect(one.part(".notices")).to_contain_text("Тази игра е променена в друг раздел")


# --- finding 7: a saved game of 2,000 bad deals ----------------------------------------


def test_a_saved_game_of_2000_bad_deals_gives_one_short_notice_built_once(
    page: Page, dist_url: str
) -> None:
    bad = {
        "contract": "hearts",
        "bidder": "us",
        "doubling": "none",
        "cards": {"team": "us", "points": 200},
        "last_trick": "us",
        "capot": None,
        "declarations": {"us": {}, "them": {}},
    }
    game = {
        "id": "bad",
        "created": "2025-01-01T18:00:00.000Z",
        "updated": "2025-01-01T18:30:00.000Z",
        "names": {"us": "", "them": ""},
        "deals": [bad] * 2000,
    }
    page.goto(f"{dist_url}/index.html")
    seed(page, {"version": 1, "current": "bad", "games": [game]})
    calculator = open_sheet(page, dist_url, lang="en")
    notice = calculator.part(".notices li")
    expect(notice).to_have_count(1)
    expect(notice).to_contain_text("failed the check")
    expect(notice).to_contain_text("you can download it")  # the way to it is never cut off
    assert len(notice.inner_text()) <= 600
    [kept] = aside(page)
    assert kept["value"]["deals"] == [bad] * 2000
    # Built once: edits re-render the sheet, not the notice.
    notice.evaluate("(li) => { li.marked = true; }")
    calculator.part(".names summary").click()
    calculator.part('input[name="name-us"]').fill("Ann")
    record(calculator, MADE)
    assert notice.evaluate("(li) => li.marked === true")


# --- finding 9, with a fake scorer: names cut when read, no explanations asked for -----


@pytest.fixture
def fake_page(page: Page, source_url: str) -> Page:
    page.goto(f"{source_url}/tests/e2e/pages/fake.html")
    page.wait_for_function("() => window.pageReady === true")
    return page


def mount_sheet(page: Page, key: str) -> Calculator:
    page.evaluate(
        "(key) => mount({contract: 'clubs', bidder: 'us', 'last-trick': 'us',"
        " 'pile-points': '70', sheet: '', 'storage-key': key})",
        key,
    )
    calculator = Calculator(page.locator("#calc"))
    expect(calculator.part(".sheet-table")).to_be_visible()
    return calculator


def test_a_stored_name_of_a_million_characters_is_cut_and_the_game_kept_aside(
    fake_page: Page,
) -> None:
    name = "Я" * 1_000_000
    game = {
        "id": "g-1",
        "created": "2025-01-01T18:00:00.000Z",
        "updated": "2025-01-01T18:30:00.000Z",
        "names": {"us": name, "them": "Ана"},
        "deals": [{"passed": True}],
    }
    seed(
        fake_page,
        json.dumps({"version": 1, "current": "g-1", "games": [game]}, ensure_ascii=False),
        "long",
    )
    calculator = mount_sheet(fake_page, "long")
    expect(calculator.part(".sheet-table thead th.us")).to_have_text("Я" * 40)
    notices = calculator.part(".notices")
    expect(notices).to_contain_text("longer than 40 characters")
    [kept] = aside(fake_page, "long")
    assert kept["value"] == game
    assert kept_aside_file(fake_page, calculator)["kept_aside"][0]["value"] == game  # type: ignore[index]
    calculator.part("button.record").click()
    expect(rows(calculator)).to_have_count(2)
    saved = stored(fake_page, "long")
    assert saved is not None
    assert saved["games"][0]["names"] == {"us": "Я" * 40, "them": "Ана"}


def test_the_sheet_asks_the_core_for_no_explanation(fake_page: Page) -> None:
    """The sheet shows no row's explanation: a long game's answer must not carry them."""
    calculator = mount_sheet(fake_page, "explain")
    calculator.part("button.record").click()
    calculator.part("button.passed").click()
    expect(rows(calculator)).to_have_count(2)
    calculator.part('.sheet-table tbody tr[data-index="0"] button').click()
    calculator.part("button.save").click()
    expect(calculator.part(".editing-note")).to_be_hidden()
    calls = fake_page.evaluate("document.getElementById('calc').scorer.gameCalls")
    assert len(calls) == 3
    assert [call.get("explain") for call in calls] == ["none"] * 3
