"""Two tabs saving at once lose no deal, in Firefox and WebKit too.

Issue 22, finding 3: two tabs, each on its own game, pressed All passed in the same
millisecond; with localStorage one deal was lost in 14 of 20 rounds. The games are now
records of their own in IndexedDB, each saved only over the revision it is based on,
in one transaction. Chromium runs the race across two tabs in the same millisecond
(tests/e2e/test_strangers.py). Firefox and WebKit, driven here, throttle a background
tab's timers (0.5 to 1.5 s), so two tabs cannot press in the same millisecond: two tabs
are checked for a lost deal, and the race itself runs as two sheets on one page (two
connections to the one database and two channels, as two tabs have), pressed in one task.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from engine_ui import enter, record, run, wait_game
from games_store import stored

if TYPE_CHECKING:
    from conftest import Profile

    from browsers import Browser

MADE = {
    "contract": "hearts",
    "bidder": "us",
    "doubling": "none",
    "cards": {"team": "us", "points": 82},
    "last_trick": "us",
    "capot": None,
}

# Click a button of the sheet at a moment both tabs wait for; returns at once.
PRESS_AT = """
  const element = await calculator(0);
  const button = element.shadowRoot.querySelector(selector);
  setTimeout(() => { button.click(); window.pressedAt = Date.now(); }, Math.max(0, at - Date.now()));
"""

NEW_GAME = """
  const element = await calculator(0);
  element.shadowRoot.querySelector(".sheet-toolbar button.new-game").click();
  await waitFor(() => element.shadowRoot.querySelector(".confirm:not([hidden]) button.confirm-yes"), 5000, "the question");
  element.shadowRoot.querySelector(".confirm button.confirm-yes").click();
  await waitFor(() => element.game.game.deals.length === 0, 5000, "a new game");
"""


def test_two_tabs_pressing_in_the_same_millisecond_twenty_times_lose_nothing(
    browser: Browser, profile: Profile, dist_url: str
) -> None:
    url = f"{dist_url}/calculator/?lang=en"
    first = profile.new_page(url)
    enter(first, MADE)
    record(first)
    second = profile.new_page(url)
    wait_game(second, 1)  # it opens on the first tab's game
    run(second, "", NEW_GAME)  # and starts one of its own
    enter(second, MADE)
    record(second)
    wait_game(first, 1)  # the first tab's game is its own still
    spread = []
    for round_ in range(20):
        at = int(time.time() * 1000) + 500
        for page in (first, second):
            run(page, "selector, at", PRESS_AT, "button.passed", at)
        for page in (first, second):
            wait_game(page, round_ + 2)
        pressed = [page.evaluate("() => window.pressedAt") for page in (first, second)]
        spread.append(abs(pressed[0] - pressed[1]))
    # Firefox and WebKit throttle a background tab's timers here (0.5 to 1.5 s), so the two
    # presses are not in the same millisecond: the next test runs that race, in one page.
    print(f"{browser.engine}: presses {sorted(spread)[len(spread) // 2]} ms apart (median)")
    time.sleep(0.5)
    games = stored(first)
    assert games is not None
    assert sorted(len(game["deals"]) for game in games["games"]) == [21, 21]


# Two sheets on one page with the same storage key: two connections to one database and
# two channels, as two tabs have. Both All passed buttons are pressed in one task, so both
# saves start together in every engine (WebKit throttles a background window's timers).
TWO_SHEETS = """
  const first = await calculator(0);
  const second = document.createElement("belot-calculator");
  second.setAttribute("sheet", "");
  second.setAttribute("lang", "en");
  document.querySelector("main").append(second);
  await waitFor(() => second.state === "ready" && second.game?.game, ms, "the second sheet");
"""

PRESS_BOTH = """
  const sheets = [...document.querySelectorAll("belot-calculator")];
  const before = sheets.map((element) => element.game.game.deals.length);
  for (const element of sheets) element.shadowRoot.querySelector("button.passed").click();
  await waitFor(() => sheets.every((element, i) => element.game.game.deals.length === before[i] + 1), ms, "both deals");
  return sheets.map((element) => element.game.game.id);
"""


def test_two_sheets_saving_in_the_same_task_twenty_times_lose_nothing(
    profile: Profile, dist_url: str
) -> None:
    page = profile.new_page(f"{dist_url}/calculator/?lang=en")
    enter(page, MADE)
    record(page)
    run(page, "ms", TWO_SHEETS, 90_000)
    # The second sheet opens on the first one's game; it starts one of its own.
    body = NEW_GAME.replace("calculator(0)", "calculator(1)")
    run(page, "", body)
    for _ in range(20):
        ids = run(page, "ms", PRESS_BOTH, 20_000)
        assert ids[0] != ids[1]
    time.sleep(0.5)
    games = stored(page)
    assert games is not None
    assert sorted(len(game["deals"]) for game in games["games"]) == [20, 21]
