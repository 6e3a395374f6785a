"""The layout audit (issue 30): what a player meets at the table, state by state, on
phones, in both languages and colour schemes, with the team names a table types.

One page per combination of team names {default; "Иван и Петър"/"Мария и Ана"; two
24-letter names; four players named} x screen {360x740, 390x844} x language {bg, en},
and 200 % text for a subset; every state is checked in light and in dark on that same
page (layout_audit.Audit: the schemes differ only in colours, styles/base.js). In each
page the player goes through the evening: the games the browser cleared (said on the
first screen), the table set up in the game's set-up step (it fits one screen), a plain deal entered (it fits one screen with the
example names), recorded, taken back with the bar's Undo and fixed, a deal whose carré
the core asks about, a recorded deal edited and saved, the card grid, table mode and
the statistics; then a won game opened from its link, asking which team this phone is,
and, kept, the game's end. In every state: each text box shows its whole value, the
page is no wider than the screen, each control is at least 44x44 px, and the next thing
to tap is on screen and clear of the sticky bar (tests/e2e/layout_audit.py measures).
A failure lists every problem, by state and scheme.

Speed: one browser context (a phone) for the whole module, so Pyodide comes from its
HTTP cache after the first page; each combination clears the site's storage first and
waits only for exact conditions, never for a fixed time.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from e2e_ui import Calculator
from layout_audit import Audit
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from belot_core import GameSheet, Names
from belot_core.link import game_link
from sample_games import sample_game  # tools/, on pytest's path

RUNTIME_TIMEOUT_MS = 90_000
#: The mark the sheet leaves beside the games (store/persistence.js): 3 games were here.
CLEARED_MARK = {
    "games": 3,
    "saved": "2026-05-14T19:30:00.000Z",
    "backup": "2026-05-01T10:00:00.000Z",
}


@dataclass(frozen=True)
class Table:
    """What the table types: the two teams' names and the four players' (in seat order)."""

    us: str = ""
    them: str = ""
    players: tuple[str, str, str, str] = ("", "", "", "")
    fits: bool = True  # a plain deal must fit one screen (not asked of 24-letter names)


TABLES = {
    "default-names": Table(),
    "example-names": Table("Иван и Петър", "Мария и Ана"),
    "24-letter-names": Table("Александрина Константина", "Владимирова Христофорова", fits=False),
    "four-players": Table(players=("Иван", "Мария", "Петър", "Ана")),
}
SCREENS = {"360x740": (360, 740), "390x844": (390, 844)}


def combinations() -> Iterator[object]:
    # Each combination is checked in light and in dark (layout_audit.Audit: both schemes
    # in every state, on the same page).
    for table in TABLES:
        for screen in SCREENS:
            for lang in ("bg", "en"):
                yield pytest.param(table, screen, lang, 100, id=f"{table}-{screen}-{lang}")
    # 200 % text (Android's largest font scale): the example names, both languages.
    for lang in ("bg", "en"):
        yield pytest.param(
            "example-names", "390x844", lang, 200, id=f"example-names-390x844-{lang}-text200"
        )


@pytest.fixture(scope="module")
def phone(browser: Browser) -> Iterator[BrowserContext]:
    """One phone for the whole audit: its HTTP cache keeps Pyodide between combinations
    (each combination clears the site's storage and opens its own page)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        reduced_motion="reduce",
    )
    yield context
    context.close()


def fresh_page(phone: BrowserContext, dist_url: str, screen: str) -> Page:
    """A page on a phone of `screen`'s size whose site has no games, no marks, nothing."""
    page = phone.new_page()
    page.set_viewport_size(dict(zip(("width", "height"), SCREENS[screen], strict=True)))  # type: ignore[arg-type]
    page.goto(f"{dist_url}/index.html")
    cdp = phone.new_cdp_session(page)
    origin = page.evaluate("location.origin")
    # Storage only: the HTTP cache, the service worker and its cache stay, as on a phone.
    kinds = "cookies,local_storage,indexeddb,file_systems,websql,shared_storage"
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": kinds})
    cdp.detach()
    return page


def tap(target: Locator) -> None:
    """A tap as a finger makes it: on the target where it is (scrolled to only if it must be)."""
    target.scroll_into_view_if_needed()
    target.tap()


def set_up(
    page: Page, calculator: Calculator, table: Table, audit: Audit, lang: str, text: int
) -> None:
    """The table set up in the set-up step at the game's start (sheet/setup-step.js):
    opened, the names and players typed, the first dealer chosen; it fits one screen
    (with the bar under it) and its Done is clear of the bar; Done goes on to the deal."""
    tap(calculator.part("button.setup-open"))
    expect(calculator.part(".setup-panel")).to_be_visible()
    for team, name in (("us", table.us), ("them", table.them)):
        if name:
            calculator.part(f'.setup input[name="name-{team}"]').fill(name)
    seats = (("us", 0), ("them", 0), ("us", 1), ("them", 1))
    for (team, index), player in zip(seats, table.players, strict=True):
        if player:
            calculator.part(f'.setup input[name="player-{team}-{index}"]').fill(player)
    page.keyboard.press("Tab")  # the last name is left
    seats_shown = calculator.part(".setup .dealer-seats button.seat")
    last = table.players[3] or table.them or ("Вие" if lang == "bg" else "Them")
    expect(seats_shown.last).to_contain_text(last)  # the seats are drawn again as names change
    tap(seats_shown.first)
    calculator.part(".setup").evaluate(
        "(step) => scrollBy(0, step.getBoundingClientRect().top - 4)"
    )
    if table.fits and text == 100:
        audit.fits("set-up step", ".setup", "button.setup-done", "the set-up step")
    else:  # longer than the screen: its Done is where the player scrolls to
        calculator.part("button.setup-done").evaluate(
            "(done) => done.scrollIntoView({block: 'center'})"
        )
    audit.look("set-up step", next_tap="button.setup-done")
    tap(calculator.part("button.setup-done"))
    expect(calculator.part(".setup-panel")).to_be_hidden()


@pytest.mark.parametrize(("table", "screen", "lang", "text"), list(combinations()))
def test_layout_audit(
    phone: BrowserContext, dist_url: str, table: str, screen: str, lang: str, text: int
) -> None:
    names = TABLES[table]
    page = fresh_page(phone, dist_url, screen)
    try:
        walk(page, dist_url, names, lang, text)
    finally:
        page.close()


def walk(page: Page, dist_url: str, names: Table, lang: str, text: int) -> None:
    """The evening, state by state, each state audited; fails listing every problem."""
    page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)",
        ["belot-calculator.kept", json.dumps(CLEARED_MARK)],
    )
    page.goto(f"{dist_url}/calculator/?lang={lang}")
    if text != 100:
        page.evaluate(f"document.documentElement.style.fontSize = '{text}%'")
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".sheet-table")).to_be_visible(timeout=RUNTIME_TIMEOUT_MS)
    # At 200 % text the bar no longer sticks (it would cover too much: styles/calculator.js
    # .bar.loose), so the page is long by necessity: what is checked there is that every
    # text box shows its value and every control keeps its size, not what is on screen.
    audit = Audit(page, on_screen=text == 100)

    # The browser cleared the games: said, with its way back, on the first screen.
    notice = calculator.part(".keep-notice")
    expect(notice).to_be_visible()
    audit.first_screen("games cleared", ".keep-notice")
    audit.first_screen("games cleared", ".keep-notice button.restore-backup")
    audit.look("games cleared")
    tap(notice.locator("button.keep-dismiss"))
    expect(notice).to_be_hidden()

    set_up(page, calculator, names, audit, lang, text)
    page.evaluate("window.scrollTo(0, 0)")
    audit.look("empty", next_tap=".game-grid label.cell")

    # A plain deal: hearts, ours, 82 typed, the last trick ours.
    tap(calculator.part('label.cell:has(input[value="us:hearts"])'))
    audit.look("game chosen", next_tap='input[name="points-us"]')
    page.keyboard.type("82")
    audit.look("entered", next_tap='label.opt:has(input[name="last-trick"])')
    tap(calculator.part('label.opt:has(input[name="last-trick"][value="us"])'))
    expect(calculator.part("button.record")).to_be_enabled()
    audit.look("entered", next_tap="button.record")
    if names.fits and text == 100:
        page.evaluate("window.scrollTo(0, 0)")
        calculator.part(".group.game").evaluate(
            "(game) => scrollBy(0, game.getBoundingClientRect().top - 4)"
        )
        audit.fits("entered")
    bar = audit.bar_height()
    if text == 100 and bar > 96:
        audit.note("entered", [f"the bar is {bar:.0f} px tall"])

    # Recorded: the row is seen at once; the bar's Undo takes it back into the form.
    tap(calculator.part("button.record"))
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)
    audit.look("recorded", next_tap=".bar-recent .recent-row.recorded, button.undo-recorded")
    tap(calculator.part("button.undo-recorded"))
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(0)
    expect(calculator.points("us")).to_have_value("82")
    audit.look(
        "undone by the bar's Undo",
        next_tap='input[name="points-us"], label.cell:has(input:checked)',
    )
    tap(calculator.points("us"))
    page.keyboard.press("Control+A")
    page.keyboard.type("90")
    tap(calculator.part("button.record"))
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)

    # A question: both teams' carrés in all trumps, the core asks whose is higher.
    tap(calculator.part('label.cell:has(input[value="them:all_trumps"])'))
    page.keyboard.type("140")
    tap(calculator.part('label.opt:has(input[name="last-trick"][value="them"])'))
    for team in ("us", "them"):
        tap(calculator.chip(team, "carre"))
    expect(calculator.part(".question.higher-carre")).to_be_visible()
    audit.look("the carré question", next_tap=".question.higher-carre label.opt")
    tap(calculator.part('label.opt:has(input[name="higher-carre"][value="them"])'))
    expect(calculator.part("button.record")).to_be_enabled()
    tap(calculator.part("button.record"))
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(2)

    # Editing the first deal, then saving it: the changed row is seen, marked.
    tap(calculator.part(".sheet-table .row-button").first)
    expect(calculator.part("button.save")).to_be_visible()
    audit.look("editing", next_tap='input[name="points-us"]')
    tap(calculator.points("us"))
    page.keyboard.press("Control+A")
    page.keyboard.type("100")
    tap(calculator.part("button.save"))
    expect(calculator.part("button.save")).to_be_hidden()
    audit.look("edit saved", next_tap=".bar-recent .recent-row.recorded")

    # The card grid, over a chosen game.
    tap(calculator.part('label.cell:has(input[value="us:spades"])'))
    tap(calculator.part("button.count-cards"))
    dialog = calculator.part("dialog.cards-dialog")
    expect(dialog).to_be_visible()
    audit.look("card grid")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()

    # Table mode and the statistics.
    toggle = calculator.part("button.table-toggle")
    if toggle.count():
        tap(toggle)
        expect(calculator.part("dialog.table-mode")).to_be_visible()
        audit.look("table mode")
        tap(calculator.part("dialog.table-mode button.table-close"))
        expect(calculator.part("dialog.table-mode")).to_be_hidden()
    stats = calculator.part("details.stats")
    if stats.count():
        tap(stats.locator("summary"))
        audit.look("statistics")

    shared_then_won(page, dist_url, names, lang, audit)
    assert not audit.problems, "\n".join(audit.problems)


def won_game(names: Names) -> GameSheet:
    """A game the core's own sample deals take to its end (a team past 151)."""
    for deals in range(6, 60):
        sheet = sample_game(deals, 4, names=names)
        if sheet.winner is not None:
            return sheet
    raise AssertionError("no sample game reached its end")


def shared_then_won(page: Page, dist_url: str, names: Table, lang: str, audit: Audit) -> None:
    """A won game opened from its link asks which team this phone is; kept, it is the
    game's end: the form closed, the bar's New game the next thing to tap."""
    sheet = won_game(Names(us=names.us, them=names.them))
    # Opened as a link is: a new page load (not a jump within the page already open).
    page.goto("about:blank")
    page.goto(f"{dist_url}/calculator/?lang={lang}#game={game_link(sheet)}")
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".shared button.keep-game")).to_be_visible(timeout=RUNTIME_TIMEOUT_MS)
    audit.look(
        "a shared game asking which team",
        next_tap=".shared button.side-us, .shared button.side-them, .shared button.keep-game",
    )
    tap(calculator.part(".shared button.keep-game"))
    expect(calculator.part(".shared")).to_be_hidden()
    expect(calculator.part("button.bar-new-game")).to_be_visible()
    audit.look("game end", next_tap="button.bar-new-game")
