"""The same game, recorded on two phones differently, arrives again (issue 30, "What to
build" 2): the sheet asks in the page whether to keep both — never the browser's
blocking confirm() — naming both games; "Keep the one here" keeps one game, "Keep both"
keeps two (two browser contexts: two phones that share nothing)."""

from __future__ import annotations

from pathlib import Path

from games_store import seed as keep_on_device
from playwright.sync_api import BrowserContext, Page, expect
from test_identity import export_json, import_file, played
from test_score_sheet import HANG, MADE
from test_score_sheet import record as record_deal
from test_travel import new_page, no_errors, phones, sheet_of

from belot_core import Names
from belot_core.json_api import game_to_dict
from sample_games import sample_game  # tools/, on pytest's path

__all__ = ["phones"]  # the fixture, used by name

PLAYED = "2026-05-14T18:30:00.000Z"
GAME_ID = "g-mp5k2x0g-9f8e7d6c"


def no_dialogs(page: Page) -> list[str]:
    """The browser dialogs the page opened (each dismissed): there must be none."""
    opened: list[str] = []

    def dismiss(dialog) -> None:  # type: ignore[no-untyped-def]
        opened.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    return opened


def test_a_game_that_differs_is_kept_beside_the_one_here_only_when_the_player_says_so(
    phones: tuple[BrowserContext, BrowserContext], dist_url: str, tmp_path: Path
) -> None:
    first, second = phones
    sender = new_page(first)
    sender.goto(f"{dist_url}/calculator/?lang=en")
    game = game_to_dict(sample_game(4, 7, names=Names(us="Иван и Петър", them="Мария и Ана")))
    record = {
        "id": GAME_ID,
        "created": PLAYED,
        "updated": PLAYED,
        "names": game["names"],
        "deals": game["deals"],
    }
    keep_on_device(sender, {"version": 1, "current": GAME_ID, "games": [record]})
    sender.reload()
    receiver = new_page(second)
    receiver.goto(f"{dist_url}/calculator/?lang=en")
    dialogs = [no_dialogs(sender), no_dialogs(receiver)]
    import_file(receiver, export_json(sender, tmp_path, "first.json"))
    expect(sheet_of(receiver).part(".sheet-table tbody tr")).to_have_count(4)

    # Played on at both tables, differently; then the sender's game comes again.
    record_deal(sheet_of(sender), HANG)
    record_deal(sheet_of(receiver), MADE)
    again = export_json(sender, tmp_path, "again.json")
    calculator = sheet_of(receiver)
    question = calculator.part('[part="sheet-keep-both"]')
    for answer, games in (("Keep the one here", 1), ("Keep both", 2)):
        import_file(receiver, again)
        expect(question).to_be_visible()
        expect(question).to_have_attribute("role", "group")
        expect(question.locator("h3")).to_be_focused()
        expect(question).to_contain_text("This game is already here, with other deals")
        expect(question).to_contain_text("On this device")
        expect(question).to_contain_text("From “again.json”")
        expect(question.locator("dd").first).to_contain_text("Иван и Петър")
        expect(question.locator("dd").first).to_contain_text("5\u00a0deals")
        for button in question.locator("button").all():
            box = button.bounding_box()
            assert box and box["height"] >= 44, box  # a finger's tap
        question.get_by_role("button", name=answer).click()
        expect(question).to_be_hidden()
        # Then the game book's own words: the copy imported, or the game here opened.
        expect(calculator.part('[part="announcement"]')).to_contain_text(
            "imported" if games == 2 else "already on this device"
        )
        kept = played(receiver)
        assert len(kept) == games
        assert GAME_ID in [game["id"] for game in kept], "the game here keeps its id"
        assert next(game for game in kept if game["id"] == GAME_ID)["deals"][4] != game["deals"][-1]
    assert dialogs == [[], []], "no browser dialog"
    no_errors(sender, receiver)
