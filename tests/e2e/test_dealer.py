"""Who deals, in Chromium with the real core: the players, the first dealer in one tap,
the deal passing after every deal (a pass, an edit and an Undo included), the game's
end closing the form, "New game (same teams)" going on with the rotation, and an old
game without a dealer.

The seats are the core's (docs/game-book.md): 0 us[0], 1 them[0], 2 us[1], 3 them[1],
in the order the deal passes.
"""

from __future__ import annotations

from typing import Any

from e2e_ui import Calculator
from games_store import KEY, READ_STORE, seed, stored
from playwright.sync_api import Page, expect
from test_score_sheet import (
    CAPOT,
    HANG,
    MADE,
    NT_CONTRA,
    RECONTRA,
    all_passed,
    expect_row,
    open_sheet,
    record,
    wait_sheet,
)

PLAYERS = {"us": ["Иван", "Петър"], "them": ["Мария", "Георги"]}


def name_players(calculator: Calculator, players: dict[str, list[str]]) -> None:
    """Type the four names where the team names are typed."""
    details = calculator.part('details[part="sheet-names"]')
    details.locator("summary").click()
    for team, names in players.items():
        for index, name in enumerate(names):
            field = calculator.part(f'input[name="player-{team}-{index}"]')
            field.fill(name)
    details.locator("summary").click()


def dealer(calculator: Calculator) -> Any:
    """Who deals, where the bar says it: its own line between deals, or beside the row
    just recorded."""
    return calculator.part(".bar-dealer:not([hidden]), .bar-recent:not([hidden]) .recent-dealer")


def pressed_seat(calculator: Calculator) -> Any:
    """The seat the choice of who deals marks as dealing now (shown or not)."""
    return calculator.part('.dealer-seats .seat[aria-pressed="true"]')


def seat(calculator: Calculator, label: str) -> Any:
    return calculator.part(".dealer-seats").get_by_role("button", name=label, exact=True)


def wait_stored_dealer(page: Page, seat: int) -> None:
    """Until the current game is saved with first dealer `seat` (the save follows the screen)."""
    page.wait_for_function(
        f"""async ([key, seat]) => {{
          const data = await ({READ_STORE})(key);
          const game = data?.games.find((g) => g.id === data.current);
          return game?.dealer === seat;
        }}""",
        arg=[KEY, seat],
    )


def wait_stored_deals(page: Page, count: int) -> None:
    """Until the current game is saved with `count` deals (the save follows the screen:
    a reload in the same instant is another test)."""
    page.wait_for_function(
        f"""async ([key, count]) => {{
          const data = await ({READ_STORE})(key);
          const game = data?.games.find((g) => g.id === data.current);
          return game?.deals.length === count;
        }}""",
        arg=[KEY, count],
    )


def current_game(page: Page) -> dict[str, Any]:
    saved = stored(page)
    assert saved is not None
    game: dict[str, Any] = next(g for g in saved["games"] if g["id"] == saved["current"])
    return game


def test_the_deal_passes_through_a_pass_an_edit_and_an_undo(page: Page, dist_url: str) -> None:
    calculator = open_sheet(page, dist_url)
    chooser = calculator.part(".dealer-chooser")
    expect(chooser).to_be_visible()
    expect(calculator.part(".dealer-question")).to_have_text("Кой раздава първи?")
    expect(calculator.part(".dealer-seats .seat")).to_have_text(
        ["Ние (1)", "Вие (1)", "Ние (2)", "Вие (2)"]
    )
    name_players(calculator, PLAYERS)
    expect(calculator.part(".dealer-seats .seat")).to_have_text(
        ["Иван", "Мария", "Петър", "Георги"]
    )
    seat(calculator, "Мария").click()  # one tap
    expect(chooser).to_be_hidden()
    expect(dealer(calculator)).to_have_text("Раздава: Мария")

    record(calculator, HANG)
    expect(dealer(calculator)).to_have_text("Раздава: Петър")
    all_passed(calculator)
    expect(dealer(calculator)).to_have_text("Раздава: Георги")  # a pass passes the deal

    # Edit deal 1: the dealer stays.
    calculator.part('.sheet-table tbody tr[data-index="0"]').click()
    expect(dealer(calculator)).to_be_hidden()  # while a recorded deal is edited
    calculator.points("us").fill("91")
    calculator.expect_result(outcome="made", record=(9, 7))
    calculator.part("button.save").click()
    expect_row(calculator, 1, "9", "7")
    expect(dealer(calculator)).to_have_text("Раздава: Георги")

    # Undo the pass: Георги's deal goes back to Петър, who dealt it.
    calculator.part("button.undo").click()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)
    expect(pressed_seat(calculator)).to_have_text("Петър")
    calculator.part("button.redo").click()
    expect(dealer(calculator)).to_have_text("Раздава: Георги")

    # Saved with the game: the first dealer and the players.
    wait_stored_deals(page, 2)
    page.reload()
    calculator = wait_sheet(page)
    expect(dealer(calculator)).to_have_text("Раздава: Георги")
    wait_stored_dealer(page, 1)
    assert current_game(page)["seats"] == PLAYERS

    # Change: the seats again, "who deals now"; the first deal's dealer is kept.
    calculator.part(".bar-dealer").click()
    expect(calculator.part(".dealer-question")).to_have_text("Кой раздава сега?")
    seat(calculator, "Иван").click()
    expect(dealer(calculator)).to_have_text("Раздава: Иван")
    wait_stored_dealer(page, 2)  # 2 dealt deal 1, 3 deal 2: 0 deals now


def test_the_games_end_closes_the_form_and_the_next_game_goes_on(page: Page, dist_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    calculator = open_sheet(page, dist_url, lang="en")
    calculator.part('details[part="sheet-names"] summary').click()
    calculator.part('input[name="name-us"]').fill("Anna, Bo and their cousins")
    calculator.part('details[part="sheet-names"] summary').click()
    seat(
        calculator, "Anna, Bo and their cousins (1)"
    ).click()  # a player without a name: the team and place
    expect(dealer(calculator)).to_have_text("Dealer: Anna, Bo and their cousins (1)")
    record(calculator, RECONTRA)  # 65 : 0, dealt by seat 0
    all_passed(calculator)  # seat 1
    record(calculator, NT_CONTRA)  # 117, seat 2
    record(calculator, CAPOT)  # 167: a capot ends nothing; seat 3
    expect(dealer(calculator)).to_have_text("Dealer: Anna, Bo and their cousins (1)")
    record(calculator, MADE)  # 178 : 7, seat 0: the game is over

    expect(calculator.part('form[part="form"]')).to_be_hidden()
    expect(calculator.part("button.record")).to_be_hidden()
    expect(calculator.part(".dealer-chooser")).to_be_hidden()
    expect(dealer(calculator)).to_be_hidden()  # nobody deals in a game that is over
    new_game = calculator.part("button.bar-new-game")
    expect(new_game).to_be_focused()
    expect(new_game).to_have_text("New game (same teams)")
    # The winner line breaks between words, never inside "(178 : 7)".
    lines = calculator.part(".bar-totals .totals-main").evaluate(
        """(main) => {
          const texts = [];
          const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
          while (walker.nextNode()) texts.push(walker.currentNode);
          const open = texts.findLast((node) => node.textContent.includes("("));
          const last = texts.at(-1);
          const range = document.createRange();
          range.setStart(open, open.textContent.lastIndexOf("("));
          range.setEnd(last, last.textContent.length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          const all = document.createRange();
          all.selectNodeContents(main);
          const lines = new Set([...all.getClientRects()].map((r) => Math.round(r.top)));
          return [range.toString(), tops.size, lines.size > 1];
        }"""
    )
    assert lines == ["(178\u00a0:\u00a07)", 1, True]  # the long name wraps, the score does not

    new_game.click()  # one tap, no question
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(0)
    expect(calculator.part('form[part="form"]')).to_be_visible()
    expect(calculator.part(".sheet-table thead th.us")).to_have_text("Anna, Bo and their cousins")
    # Five deals dealt by 0, 1, 2, 3, 0: the next game is dealt first by seat 1.
    expect(dealer(calculator)).to_have_text("Dealer: Them (1)")
    expect(calculator.part(".dealer-chooser")).to_be_hidden()
    wait_stored_dealer(page, 1)
    game = current_game(page)
    assert game["names"]["us"] == "Anna, Bo and their cousins" and game["deals"] == []


OLD_DEAL = {
    "contract": "hearts",
    "bidder": "us",
    "cards": {"team": "us", "points": 100},
    "last_trick": "us",
}


def test_an_old_game_without_a_dealer_asks_who_deals_now(page: Page, dist_url: str) -> None:
    page.goto(f"{dist_url}/index.html")
    old = {
        "id": "old",
        "created": "2025-05-01T18:00:00Z",
        "updated": "2025-05-01T18:30:00Z",
        "names": {"us": "", "them": ""},
        "deals": [OLD_DEAL, {"passed": True}, OLD_DEAL],
    }
    seed(page, {"version": 1, "current": "old", "games": [old]})
    calculator = open_sheet(page, dist_url)
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(3)
    expect(dealer(calculator)).to_be_hidden()  # nobody chose one: none is shown
    expect(calculator.part(".dealer-question")).to_have_text("Кой раздава сега?")
    seat(calculator, "Вие (2)").click()
    expect(dealer(calculator)).to_have_text("Раздава: Вие (2)")
    record(calculator, MADE)
    expect(dealer(calculator)).to_have_text("Раздава: Ние (1)")
    wait_stored_dealer(page, 0)  # seat 3 deals deal 4: seat 0 dealt deal 1
