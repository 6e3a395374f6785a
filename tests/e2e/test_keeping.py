"""Keeping the games, in Chromium with the real core (issue 26).

Persistent storage is asked for when the first game with a deal is saved, never on
load, and what Chromium answers is what "Games on this device" says; a backup of
several games (names, house rules, a field this version does not know) is one file,
brought back on the same phone with nothing doubled and on another phone as it was;
games cleared while the page was closed — IndexedDB, Cache Storage and the service
worker deleted, localStorage left, as Chromium's eviction under storage pressure does —
are said on the next open, with the way back from the backup file or a game's link.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe import describe, violations
from e2e_ui import Calculator
from games_store import content, seed, stored
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_score_sheet import HANG, MADE, RECONTRA, open_sheet, record, wait_sheet
from test_travel import new_page, no_errors, phones  # noqa: F401 (phones: a fixture)

from belot_core import Names, Rules
from belot_core.json_api import game_to_dict
from sample_games import sample_game  # tools/, on pytest's path

PHONE = {"width": 390, "height": 844}
MARK = "belot-calculator.kept"
STATE = {
    "bg": {
        "best_effort": "Браузърът може да изтрие тези игри, ако му трябва място или ако сайтът дълго не е отварян. Пазете резервно копие.",
        "persisted": "Браузърът пази тези игри на това устройство и няма да ги изтрие сам.",
    },
    "en": {
        "best_effort": "The browser may clear these games if it needs room, or if the site is not opened for a while. Keep a backup.",
        "persisted": "Kept on this device: the browser will not clear these games on its own.",
    },
}  # fmt: skip

# Counts the page's requests for persistent storage; Chromium itself answers them.
COUNT_PERSIST = """
(() => {
  const storage = navigator.storage;
  const persist = storage.persist.bind(storage);
  window.persistAsked = 0;
  storage.persist = () => { window.persistAsked += 1; return persist(); };
})();
"""
# A Chromium that grants it (as it does for an installed app, a bookmarked site or a site
# used a lot): persisted() is false until persist() is asked, then true.
GRANTS_PERSIST = """
(() => {
  let granted = false;
  window.persistAsked = 0;
  navigator.storage.persist = async () => { window.persistAsked += 1; granted = true; return true; };
  navigator.storage.persisted = async () => granted;
})();
"""


def open_games(calculator: Calculator) -> None:
    games = calculator.part("details.games")
    if games.get_attribute("open") is None:
        games.locator("summary").click()


def asked(page: Page) -> int:
    return int(page.evaluate("() => window.persistAsked"))


def stored_games(page: Page) -> list[dict[str, Any]]:
    data = content(stored(page))
    assert data is not None
    return list(data["games"])


def saved_games(page: Page, ready: Callable[[list[dict[str, Any]]], bool]) -> list[dict[str, Any]]:
    """The games stored once `ready(games)` (a save goes on after the screen shows the
    change), or as they are after 10 s."""
    deadline = time.monotonic() + 10
    while True:
        games = stored_games(page)
        if ready(games) or time.monotonic() > deadline:
            return games
        page.wait_for_timeout(100)


def seed_games(page: Page, url: str) -> list[dict[str, Any]]:
    """Three games as an earlier version kept them (moved in on opening): names, house
    rules, and a field this version does not know."""
    page.goto(f"{url}/en/scoring.html")
    games = []
    for index, (deals, names, rules) in enumerate(
        [
            (4, Names(us="Иван и Петър", them="Мария и Ана"), Rules()),
            (6, Names(), Rules(round_before_multiply=True)),
            (3, Names(us="Ние", them="Вие"), Rules(capot_cancels_contra=True)),
        ]
    ):
        game = game_to_dict(sample_game(deals, 20 + index, names=names, rules=rules))
        games.append(
            {
                "id": f"g-kept-{index}",
                "created": f"2026-0{index + 1}-14T18:30:00.000Z",
                "updated": f"2026-0{index + 1}-14T19:30:00.000Z",
                "names": game.get("names", {"us": "", "them": ""}),
                "rules": game.get("rules", {}),
                "deals": game["deals"],
                "from_later": {"first_dealer": "us", "index": index},  # unknown here: kept
            }
        )
    seed(page, {"version": 1, "current": "g-kept-2", "games": games})
    return games


def back_up(page: Page, calculator: Calculator, folder: Path) -> tuple[Path, dict[str, Any]]:
    open_games(calculator)
    with page.expect_download() as download:
        calculator.part(".games button.back-up").click()
    name = download.value.suggested_filename
    assert name.startswith("belot-backup-") and name.endswith(".json"), name
    path = folder / name
    download.value.save_as(path)
    return path, json.loads(path.read_text(encoding="utf-8"))


def import_file(page: Page, calculator: Calculator, path: Path) -> None:
    open_games(calculator)
    with page.expect_file_chooser() as chooser:
        calculator.part(".games button.import-game").click()
    chooser.value.set_files(path)


def clear_like_eviction(page: Page, url: str) -> None:
    """What Chromium's eviction deletes of a site: what its quota manager holds — IndexedDB,
    Cache Storage, service workers (localStorage is no quota client)."""
    session = page.context.new_cdp_session(page)
    session.send(
        "Storage.clearDataForOrigin",
        {"origin": url, "storageTypes": "indexeddb,cache_storage,service_workers"},
    )
    session.detach()


# --- ask to keep ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["bg", "en"])
def test_persistence_is_asked_when_the_first_game_is_saved_and_chromium_s_answer_is_shown(
    browser: Browser, dist_url: str, lang: str
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_init_script(COUNT_PERSIST)
    page = new_page(context)
    calculator = open_sheet(page, dist_url, lang)
    open_games(calculator)
    state = calculator.part(".games .keep-state")
    # Chromium's own answer: a fresh profile is best effort.
    assert page.evaluate("() => navigator.storage.persisted()") is False
    expect(state).to_have_text(STATE[lang]["best_effort"])
    assert asked(page) == 0, "never on load"
    record(calculator, MADE)
    page.wait_for_function("() => window.persistAsked === 1")
    # Headless Chromium with a fresh profile refuses (no engagement, not installed).
    assert page.evaluate("() => navigator.storage.persisted()") is False
    expect(state).to_have_text(STATE[lang]["best_effort"])
    record(calculator, HANG)
    page.reload()
    calculator = wait_sheet(page)
    record(calculator, RECONTRA)
    page.wait_for_timeout(300)
    assert asked(page) == 0, "asked once: not again on later deals, nor after a reload"
    no_errors(page)
    context.close()


def test_persistence_granted_is_shown_as_kept(browser: Browser, dist_url: str) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_init_script(GRANTS_PERSIST)
    page = new_page(context)
    calculator = open_sheet(page, dist_url, "en")
    open_games(calculator)
    state = calculator.part(".games .keep-state")
    expect(state).to_have_text(STATE["en"]["best_effort"])
    record(calculator, MADE)
    expect(state).to_have_text(STATE["en"]["persisted"])
    assert asked(page) == 1
    expect(calculator.part(".games .keep")).to_have_attribute("data-state", "persisted")
    no_errors(page)
    context.close()


# --- back up everything --------------------------------------------------------------


def test_a_backup_of_several_games_comes_back_with_no_duplicate(
    phones: tuple[BrowserContext, BrowserContext],  # noqa: F811 (the fixture)
    dist_url: str,
    tmp_path: Path,
) -> None:
    first, second = phones
    page = new_page(first)
    seeded = seed_games(page, dist_url)
    page.goto(f"{dist_url}/calculator/?lang=en")
    calculator = wait_sheet(page)
    record(calculator, MADE)  # the current game goes on
    grown = len(seeded[2]["deals"]) + 1
    before = saved_games(page, lambda games: len(games[2]["deals"]) == grown)
    assert len(before) == 3 and len(before[2]["deals"]) == grown

    path, backup = back_up(page, calculator, tmp_path)
    assert backup["belot_backup"] == 1
    assert sorted(backup["games"], key=lambda game: game["id"]) == before
    assert all(game["from_later"]["first_dealer"] == "us" for game in backup["games"])
    assert {json.dumps(game["rules"], sort_keys=True) for game in backup["games"]} == {
        json.dumps(game["rules"], sort_keys=True) for game in seeded
    }
    expect(calculator.part(".games .keep-backup")).to_contain_text("Last backup:")

    # Brought back on the same phone: every game is here already.
    import_file(page, calculator, path)
    expect(calculator.part('[part="announcement"]')).to_contain_text(
        f"The backup “{path.name}” is restored. Games added: 0; already here: 3."
    )
    assert stored_games(page) == before

    # On another phone: one game tampered with is refused by the core, the rest come in.
    other = new_page(second)
    other_sheet = open_sheet(other, dist_url, lang="en")
    tampered = json.loads(json.dumps(backup))
    tampered["games"][0]["deals"][0]["contract"] = "trumps"
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(tampered), encoding="utf-8")
    import_file(other, other_sheet, bad)
    notice = other_sheet.part(".notices")
    expect(notice).to_contain_text("Games in “tampered.json” the calculator refused, not added: 1.")
    expect(notice).to_contain_text("“trumps” is not one of")
    assert len(saved_games(other, lambda games: len(games) == 2)) == 2
    import_file(other, other_sheet, path)
    expect(other_sheet.part('[part="announcement"]')).to_contain_text(
        "Games added: 1; already here: 2."
    )
    after = saved_games(other, lambda games: len(games) == 3)
    assert after == before, "every game as it was on the first phone, once"
    no_errors(page, other)


# --- say when something was cleared --------------------------------------------------


def test_games_cleared_while_the_page_was_closed_are_said_and_come_back(
    phones: tuple[BrowserContext, BrowserContext],  # noqa: F811 (the fixture)
    dist_url: str,
    tmp_path: Path,
) -> None:
    first, _ = phones
    page = new_page(first)
    seed_games(page, dist_url)
    page.goto(f"{dist_url}/calculator/?lang=en")
    calculator = wait_sheet(page)
    # Moved in: the earlier version's text goes, or the next open would move it in again.
    page.evaluate("() => localStorage.removeItem('belot-calculator')")
    before = stored_games(page)
    path, _ = back_up(page, calculator, tmp_path)
    calculator.part("details.send-game summary").click()
    expect(calculator.part(".qr svg")).to_be_visible()
    link = calculator.part("input.share-link").input_value()
    page.wait_for_function(f"() => JSON.parse(localStorage.getItem('{MARK}'))?.backup")
    mark = json.loads(page.evaluate(f"() => localStorage.getItem('{MARK}')"))
    assert mark["games"] == 3 and mark["backup"]

    page.goto(f"{dist_url}/en/scoring.html")  # the calculator closed
    clear_like_eviction(page, dist_url)
    assert stored(page) is None, "the games are gone"
    page.goto(f"{dist_url}/calculator/?lang=en")
    calculator = wait_sheet(page)
    notice = calculator.part(".keep-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("The games are gone")
    expect(notice).to_contain_text(
        "The browser cleared the games saved on this device while the calculator was closed (3 games, last saved on"
    )
    expect(notice).to_contain_text("Your last backup is from")
    expect(calculator.part('[part="announcement"]')).to_contain_text(
        "The browser cleared the games"
    )
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(0)
    found = violations(page)
    assert not found, describe(found)

    # The way back by a game's link: shown read only, then kept.
    notice.locator(".keep-link-input").fill("https://example.test/not-a-game")
    notice.locator("button.open-link").click()
    expect(notice.locator(".keep-link-error")).to_have_text(
        "That is not a link to a game from the calculator."
    )
    found = violations(page)
    assert not found, describe(found)
    notice.locator(".keep-link-input").fill(link)
    notice.locator("button.open-link").click()
    expect(calculator.part(".shared")).to_be_visible()
    calculator.part(".shared button.keep-game").click()
    expect(notice).to_be_hidden()
    assert len(saved_games(page, lambda games: len(games) == 1)) == 1

    # And by the backup file, after the browser cleared them again.
    page.goto(f"{dist_url}/en/scoring.html")
    clear_like_eviction(page, dist_url)
    page.goto(f"{dist_url}/calculator/?lang=en")
    calculator = wait_sheet(page)
    expect(notice).to_be_visible()
    with page.expect_file_chooser() as chooser:
        notice.locator("button.restore-backup").click()
    chooser.value.set_files(path)
    expect(notice).to_be_hidden()
    expect(calculator.part(".games-list li")).to_have_count(3)
    assert saved_games(page, lambda games: games == before) == before
    page.reload()
    wait_sheet(page)
    expect(calculator.part(".keep-notice")).to_be_hidden()
    no_errors(page)
