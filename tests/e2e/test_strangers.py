"""Issue 22 in Chromium: no link or file from a stranger freezes the phone, no deal is lost
between tabs, and nothing typed is lost.

Each test stands for a finding of the issue and fails on the code before it: a short
link of 39,900 passed deals (the sheet explained every row and froze the page for 24 s),
a 990 KB file of 61,872 deals (accepted, 33 s), two tabs pressing All passed in the
same millisecond (14 of 20 rounds lost a deal), a deal being typed lost by Keep, an
import or a link arriving during an edit, and a kept game whose link left the address
although the full device saved nothing. The real core in Pyodide (dist/).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_ui import Calculator
from games_store import stored
from playwright.sync_api import BrowserContext, Page, expect
from test_score_sheet import HANG, MADE, open_sheet, record, wait_sheet
from test_storage import FULL_DEVICE, set_full
from worst_inputs import json_passed, link_passed

from belot_core.link import game_link
from belot_core.sheet import MAX_DEALS
from sample_games import sample_game  # tools/, on pytest's path

RUNTIME_TIMEOUT_MS = 90_000


def rows(calculator: Calculator) -> object:
    return calculator.part(".sheet-table tbody tr")


def test_a_link_of_39900_deals_is_refused_at_once_and_changes_nothing(
    page: Page, dist_url: str
) -> None:
    calculator = open_sheet(page, dist_url, lang="en")
    record(calculator, HANG)
    link = link_passed()
    assert 7900 < len(link) <= 8000
    started = time.monotonic()
    page.goto(f"{dist_url}/calculator/?lang=en#game={link}")
    calculator = wait_sheet(page)
    notices = calculator.part(".notices")
    expect(notices).to_contain_text(f"at most {MAX_DEALS}")
    assert time.monotonic() - started < 30  # the old sheet took over 30 s to show anything
    expect(calculator.part(".shared")).to_be_hidden()
    expect(rows(calculator)).to_have_count(1)  # this device's game, as it was


def test_a_file_of_61872_deals_is_too_large_and_changes_nothing(
    page: Page, dist_url: str, tmp_path: Path
) -> None:
    calculator = open_sheet(page, dist_url, lang="en")
    # The finding's file: 61,872 passed deals in 990 KB.
    huge = tmp_path / "huge.json"
    huge.write_text(
        json.dumps({"version": 1, "deals": [{"passed": True}] * 61_872}, separators=(",", ":")),
        encoding="utf-8",
    )
    assert 980_000 < huge.stat().st_size < 1_000_000
    # The most passed deals a file the core reads can hold (under 250,000 characters).
    most = tmp_path / "most.json"
    most.write_text(json_passed(), encoding="utf-8")
    calculator.part("details.games summary").click()
    for path in (huge, most):
        with page.expect_file_chooser() as chooser:
            calculator.part("button.import-game").click()
        chooser.value.set_files(str(path))
    notices = calculator.part(".notices li")
    expect(notices).to_have_count(2)
    expect(notices.nth(0)).to_contain_text("“huge.json” is not a game the calculator can read")
    expect(notices.nth(0)).to_contain_text("too large for a game: 990 KB, and 250 KB is the most")
    expect(notices.nth(1)).to_contain_text(f"a game can have at most {MAX_DEALS}")
    expect(rows(calculator)).to_have_count(0)


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


# Click All passed at a moment both tabs wait for (`at`, ms since the epoch); the moment
# it was clicked is left in window.pressedAt. Returns at once (both tabs are set first).
PRESS_AT = """(at) => {
  const button = document.querySelector("belot-calculator").shadowRoot.querySelector("button.passed");
  setTimeout(() => { button.click(); window.pressedAt = Date.now(); }, Math.max(0, at - Date.now()));
}"""


def test_two_tabs_pressing_in_the_same_millisecond_twenty_times_lose_nothing(
    two_tabs: tuple[Page, Page],
) -> None:
    first, second = two_tabs
    one, two = wait_sheet(first), wait_sheet(second)
    # Each tab on its own game, as in the finding: the second starts a new one.
    record(one, MADE)
    expect(rows(two)).to_have_count(1)  # it follows the first tab's game
    two.part(".sheet-toolbar button.new-game").click()
    two.part(".confirm button.confirm-yes").click()
    expect(rows(two)).to_have_count(0)
    record(two, MADE)
    expect(rows(one)).to_have_count(1)  # the first tab's own game stays
    spread = []
    for round_ in range(20):
        at = int(time.time() * 1000) + 300
        for tab in (first, second):
            tab.evaluate(PRESS_AT, at)
        expect(rows(one)).to_have_count(round_ + 2)
        expect(rows(two)).to_have_count(round_ + 2)
        times = [tab.evaluate("window.pressedAt") for tab in (first, second)]
        spread.append(abs(times[0] - times[1]))
    # The race is really run: most rounds pressed within a millisecond or two of each other
    # (a loaded 2-core machine delays a timer now and then).
    assert sorted(spread)[len(spread) // 2] <= 2, spread
    time.sleep(0.5)
    games = {game["id"]: game for game in stored(first)["games"]}  # type: ignore[index]
    assert sorted(len(game["deals"]) for game in games.values()) == [21, 21]
    for tab in (first, second):
        tab.reload()
        expect(rows(wait_sheet(tab))).to_have_count(21)


def test_keep_and_an_import_leave_the_deal_being_typed_in_the_form(
    page: Page, dist_url: str, tmp_path: Path
) -> None:
    calculator = open_sheet(page, dist_url, lang="en")
    record(calculator, HANG)
    calculator.part("details.send-game summary").click()
    expect(calculator.part("input.share-link")).not_to_have_value("")
    link = calculator.part("input.share-link").input_value()
    calculator.choose_game("us", "spades")
    calculator.points("us").fill("100")
    # A link arrives (another game opened from a message), and is kept.
    page.evaluate("(hash) => { location.hash = hash; }", link.split("#", 1)[1])
    expect(calculator.part(".shared")).to_be_visible()
    calculator.part(".shared button.keep-game").click()
    expect(calculator.part(".shared")).to_be_hidden()
    expect(calculator.radio("game", "us:spades")).to_be_checked()
    expect(calculator.points("us")).to_have_value("100")
    # A game imported from a file: the same.
    game = tmp_path / "game.json"
    game.write_text(json.dumps({"version": 1, "deals": [{"passed": True}]}), encoding="utf-8")
    calculator.part("details.games summary").click()
    with page.expect_file_chooser() as chooser:
        calculator.part("button.import-game").click()
    chooser.value.set_files(str(game))
    expect(calculator.part('[part="announcement"]')).to_contain_text("imported")
    expect(calculator.radio("game", "us:spades")).to_be_checked()
    expect(calculator.points("us")).to_have_value("100")


def test_a_link_during_an_edit_leaves_the_edit_and_keep_waits_for_it(
    page: Page, dist_url: str
) -> None:
    calculator = open_sheet(page, dist_url, lang="en")
    record(calculator, HANG)
    calculator.part("details.send-game summary").click()
    expect(calculator.part("input.share-link")).not_to_have_value("")
    link = calculator.part("input.share-link").input_value()
    calculator.part('.sheet-table tbody tr[data-index="0"] button').click()
    calculator.points("us").fill("90")  # an edit under way
    page.evaluate("(hash) => { location.hash = hash; }", link.split("#", 1)[1])
    expect(calculator.part(".shared")).to_be_visible()
    expect(calculator.part(".shared button.keep-game")).to_be_disabled()
    expect(calculator.part(".shared-blocked")).to_have_text(
        "First save or cancel your change to deal 1."
    )
    calculator.part(".shared button.close-shared").click()
    expect(calculator.part(".action-hint")).to_contain_text("Editing deal 1")
    expect(calculator.points("us")).to_have_value("90")


def test_a_game_kept_on_a_full_device_leaves_its_link_in_the_address(
    page: Page, dist_url: str
) -> None:
    page.add_init_script(FULL_DEVICE)
    calculator = open_sheet(page, dist_url, lang="en")
    record(calculator, HANG)
    set_full(page, True)
    # Another phone's game (this device's own would only be opened: it is already here).
    page.evaluate("(hash) => { location.hash = hash; }", f"game={game_link(sample_game(6, 3))}")
    calculator.part(".shared button.keep-game").click()
    expect(calculator.part(".notices")).to_contain_text("storage for this site is full")
    page.wait_for_timeout(500)
    assert re.search(r"#game=", page.url), page.url  # nothing saved: a reload still has it
    set_full(page, False)
    record(calculator, MADE)  # saved now, and so is the kept game
    expect(calculator.part(".notices")).to_contain_text("saved on this device again")
    expect(page).not_to_have_url(re.compile("#game="))  # saved: the link is done
