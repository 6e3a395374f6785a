"""The score sheet of <belot-calculator sheet> in Chromium, with the real core in Pyodide.

A whole game is played through the UI on the standalone calculator page (dist/):
recording, hanging points carried by the sheet, all-passed deals, a capot that
reaches 151 without ending the game, the winner, reloads, undo, edits, several
games, corrupt storage and the text summary.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_ui import Calculator, Deal
from games_store import aside, seed, stored_once
from playwright.sync_api import Browser, BrowserContext, Page, expect

RUNTIME_TIMEOUT_MS = 90_000  # Pyodide's first start on a 2-core machine
SCREENSHOTS = Path(__file__).resolve().parents[2] / ".cache" / "e2e"

# One game (checked against score_game_json): us/them after each deal.
HANG = Deal("diamonds", "us", "none", "us", 81, "them")  # 81 : 81 → 0 / 8, 8 hang
RECONTRA = Deal("spades", "us", "recontra", "us", 100, "us")  # 65, + the 8 hanging → 73 / 0
NT_CONTRA = Deal("no_trumps", "us", "contra", "us", 70, "us")  # 52 / 0
CAPOT = Deal(
    "clubs", "us", "contra", "us", 152, "us", capot="us"
)  # 50 / 0 → 175: a capot ends nothing
THEM_HANG = Deal("diamonds", "them", "none", "us", 81, "them")  # us record 8 → 183, 8 unclaimed
MADE = Deal("hearts", "us", "none", "us", 82, "us", declarations={"us": {"belot": 1}})  # 11 / 7


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
    )
    yield context
    context.close()


def open_sheet(page: Page, url: str, lang: str = "bg") -> Calculator:
    page.goto(f"{url}/calculator/?lang={lang}")
    return wait_sheet(page)


def wait_sheet(page: Page) -> Calculator:
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".sheet-table")).to_be_visible(timeout=RUNTIME_TIMEOUT_MS)
    return calculator


def record(calculator: Calculator, deal: Deal) -> None:
    rows = calculator.part(".sheet-table tbody tr")
    before = rows.count()
    calculator.enter(deal)
    button = calculator.part("button.record")
    expect(button).to_be_enabled()
    button.click()
    expect(rows).to_have_count(before + 1)


def all_passed(calculator: Calculator) -> None:
    rows = calculator.part(".sheet-table tbody tr")
    before = rows.count()
    calculator.part("button.passed").click()
    expect(rows).to_have_count(before + 1)


def expect_totals(calculator: Calculator, us: int, them: int) -> None:
    expect(calculator.part(".sheet-table tfoot td.us")).to_have_text(str(us))
    expect(calculator.part(".sheet-table tfoot td.them")).to_have_text(str(them))


def expect_row(calculator: Calculator, number: int, us: str, them: str) -> None:
    row = calculator.part(f'.sheet-table tbody tr[data-index="{number - 1}"]')
    expect(row.locator("td.us .rec")).to_have_text(us)
    expect(row.locator("td.them .rec")).to_have_text(them)


def hanging_in(calculator: Calculator) -> object:
    return calculator.part('input[name="hanging-in"]')


def kept_aside_file(page: Page, calculator: Calculator) -> dict[str, object]:
    """What the notice's "Download what was kept aside" saves, through a real download."""
    with page.expect_download() as download:
        calculator.part(".notices button.download-aside").click()
    path = download.value.path()
    assert path is not None
    data: dict[str, object] = json.loads(Path(path).read_text(encoding="utf-8"))
    return data


def test_a_whole_game_to_the_winner_with_a_reload_in_the_middle(page: Page, dist_url: str) -> None:
    calculator = open_sheet(page, dist_url)
    expect(calculator.part(".sheet-table caption .caption-title")).to_have_text(
        "Лист с резултатите"
    )
    expect(calculator.part(".sheet-table caption .rules-summary")).to_have_text(
        "Без домашни правила"
    )
    expect(calculator.part(".sheet-table thead th.us")).to_have_text("Ние")
    expect(calculator.part(".sheet-empty")).to_be_visible()
    expect(calculator.part("button.record")).to_be_disabled()  # nothing entered yet
    expect(hanging_in(calculator)).not_to_be_editable()

    # 1. A hanging deal: they record 8, our 8 hang and show up in the next deal's input.
    record(calculator, HANG)
    expect_row(calculator, 1, "0", "8")
    first = calculator.part(".sheet-table tbody tr").first
    expect(first.locator(".note .what")).to_have_text("♦ Ние (каро)")  # what was played
    expect(first.locator(".note .notes")).to_have_text("висят 8")
    expect(calculator.part(".banner")).to_contain_text("Висят 8")
    expect(calculator.part(".bar-totals")).to_have_text("Общо Ние 0 : 8 Вие · висят 8")
    expect(hanging_in(calculator)).to_have_value("8")
    expect(calculator.points("us")).to_have_value("")  # ready for the next deal

    # 2. All four passed: nothing scores, the 8 stay.
    all_passed(calculator)
    expect_row(calculator, 2, "–", "–")
    expect(calculator.part('.sheet-table tbody tr[data-index="1"] .note')).to_have_text("пас")
    expect(hanging_in(calculator)).to_have_value("8")

    # Reload in the middle: the game comes back from the device, pot and all.
    page.reload()
    calculator = wait_sheet(page)
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(2)
    expect_totals(calculator, 0, 8)
    expect(hanging_in(calculator)).to_have_value("8")

    # 3. We make a recontra: 65 plus the 8 hanging points.
    calculator.enter(RECONTRA)
    calculator.expect_result(outcome="made", record=(73, 0))  # the preview already counts the pot
    calculator.part("button.record").click()
    expect_row(calculator, 3, "73", "0")
    expect(hanging_in(calculator)).to_have_value("0")
    expect(calculator.part(".sheet-table tfoot .pot")).to_be_empty()

    # 4 and 5: 125, then a capot to 175 — a capot cannot end the game.
    record(calculator, NT_CONTRA)
    record(calculator, CAPOT)
    expect_totals(calculator, 175, 8)
    # The sheet says why the game goes on, in the core's words, and the row its contra.
    capot_why = "Капо – играта не свършва с капо; решава следващото раздаване."
    note = calculator.part(".sheet-table tbody tr").nth(4).locator(".note")
    expect(note).to_contain_text("контра, капо")
    expect(note.locator(".why")).to_have_text(capot_why)
    expect(calculator.part(".banner")).to_have_text(capot_why)
    expect(calculator.part(".bar-totals")).to_have_text(f"Общо Ние 175 : 8 Вие · {capot_why}")
    expect(calculator.part(".banner")).not_to_have_class("banner winner")
    expect(calculator.part("button.passed")).to_be_enabled()

    # 6. The next deal is not a capot: it decides. It hangs, so its 8 stay unclaimed.
    record(calculator, THEM_HANG)
    expect_totals(calculator, 183, 8)
    banner = calculator.part(".banner.winner")
    expect(banner).to_have_text("Победители: Ние (183 : 8)")
    expect(calculator.part(".bar-totals")).to_have_text("Победители: Ние (183 : 8)")
    # The one live region said the recording (the banner is no second live region).
    expect(calculator.part('[part="announcement"]')).to_have_text(
        "Раздаване 6 е записано: Ние 8, Вие 0. Общо 183 : 8."
    )
    expect(calculator.part(".sheet-status")).not_to_have_attribute("aria-live", "polite")
    expect(calculator.part(".unclaimed")).to_contain_text("8")
    # The game is over: the form closes (nothing more can be recorded, nothing to tap in
    # vain), and the bar's one action is the next game, focused.
    expect(calculator.part('form[part="form"]')).to_be_hidden()
    expect(calculator.part(".details")).to_be_hidden()
    expect(calculator.part("button.record")).to_be_hidden()
    expect(calculator.part("button.passed")).to_be_hidden()
    new_game = calculator.part("button.bar-new-game")
    expect(new_game).to_have_text("Нова игра (същите отбори)")
    expect(new_game).to_be_focused()
    assert calculator.part(".bar-totals .totals-main").evaluate("e => e.textContent") == (
        "Победители: Ние (183\u00a0:\u00a08)"  # the score never breaks across lines
    )

    def current(data: dict[str, Any]) -> dict[str, Any]:
        return next(g for g in data["games"] if g["id"] == data["current"])  # type: ignore[no-any-return]

    saved = stored_once(page, lambda data: len(current(data)["deals"]) == 6)
    game = current(saved)
    assert len(game["deals"]) == 6 and game["deals"][1] == {"passed": True}
    assert "hanging_in" not in game["deals"][0] and "version" not in game["deals"][0]


def test_undo_edit_and_delete_recompute_everything_after(page: Page, dist_url: str) -> None:
    calculator = open_sheet(page, dist_url, lang="en")
    page.evaluate(
        "() => { window.sheetEvents = [];"
        " document.addEventListener('belot-calculator-sheet', (e) => window.sheetEvents.push(e.detail)); }"
    )
    record(calculator, HANG)  # 0 / 8, 8 hang
    record(calculator, RECONTRA)  # 73 / 0
    record(calculator, MADE)  # 11 / 7
    expect_totals(calculator, 84, 15)
    assert page.evaluate("window.sheetEvents.length") == 3
    assert page.evaluate("window.sheetEvents.at(-1).result.totals") == {"us": 84, "them": 15}

    # Undo the last deal.
    calculator.part("button.undo").click()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(2)
    expect_totals(calculator, 73, 8)
    record(calculator, MADE)

    # Edit deal 1 (by keyboard): it no longer hangs, so deal 2 has nothing to claim.
    calculator.part('.sheet-table tbody tr[data-index="0"] button').focus()
    page.keyboard.press("Enter")
    expect(calculator.part(".editing-note")).to_contain_text("Editing deal 1")
    expect(calculator.points("us")).to_have_value("81")
    expect(calculator.element).to_have_attribute("contract", "diamonds")
    expect(hanging_in(calculator)).to_have_value("0")  # the pot before deal 1
    expect(calculator.part("button.record")).to_be_hidden()
    calculator.points("us").fill("91")  # 91 : 71 → 9 / 7
    calculator.expect_result(outcome="made", record=(9, 7))
    calculator.part("button.save").click()
    expect(calculator.part(".editing-note")).to_be_hidden()
    expect_row(calculator, 1, "9", "7")
    expect_row(calculator, 2, "65", "0")  # the recontra without the 8
    expect_totals(calculator, 85, 14)
    expect(calculator.points("us")).to_have_value("")  # the draft is back

    # Cancel leaves everything as it was.
    calculator.part('.sheet-table tbody tr[data-index="2"]').click()
    expect(calculator.points("us")).to_have_value("82")
    calculator.part("button.cancel").click()
    expect(calculator.points("us")).to_have_value("")
    expect_totals(calculator, 85, 14)

    # An edit that would end the game before later deals is refused, with the core's words.
    calculator.part('.sheet-table tbody tr[data-index="1"]').click()
    calculator.choose_game("us", "all_trumps")
    calculator.points("us").fill("200")
    calculator.set_count("us", "carre_jacks", 1)  # (258 + 200) × 4 → 183: the game would end here
    calculator.expect_result(outcome="made", record=(183, 0))
    calculator.part("button.save").click()
    expect(calculator.part(".sheet-error")).to_have_text(
        "The game ends with deal 2; deal 3 comes after the end."
    )
    expect_totals(calculator, 85, 14)
    # Delete the deal being edited instead.
    calculator.part("button.delete-deal").click()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(2)
    expect(calculator.part(".sheet-error")).to_be_empty()
    expect_totals(calculator, 20, 14)

    # Tapping a past all-passed row offers to delete it.
    all_passed(calculator)
    calculator.part('.sheet-table tbody tr[data-index="2"]').click()
    expect(calculator.part(".action-hint")).to_contain_text("all four passed")
    expect(calculator.part("button.delete-deal")).to_be_focused()
    calculator.part("button.delete-deal").click()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(2)


def test_new_game_asks_first_and_games_are_listed_reopened_and_deleted(
    page: Page, dist_url: str
) -> None:
    calculator = open_sheet(page, dist_url, lang="en")
    record(calculator, MADE)
    expect(calculator.part("button.new-game")).to_be_enabled()

    # A listener may refuse (cancelable "before" event).
    page.evaluate(
        "() => document.addEventListener('belot-calculator-before-new-game',"
        " (e) => { if (window.refuseNewGame) e.preventDefault(); })"
    )
    page.evaluate("window.refuseNewGame = true")
    calculator.part("button.new-game").click()
    confirm = calculator.part(".confirm")
    expect(confirm).to_contain_text("Start a new game?")
    expect(calculator.part("button.confirm-yes")).to_be_focused()
    calculator.part("button.confirm-yes").click()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)

    # Cancel (Escape), then confirm for real.
    calculator.part("button.new-game").click()
    page.keyboard.press("Escape")
    expect(confirm).to_be_hidden()
    expect(calculator.part("button.new-game")).to_be_focused()
    # Escape pressed at once, while the focus is still on New game (the question takes
    # the focus only after the frame that shows it), cancels as well.
    calculator.part("button.new-game").evaluate(
        """(button) => {
          button.click();
          button.dispatchEvent(new KeyboardEvent("keydown",
            { key: "Escape", bubbles: true, composed: true, cancelable: true }));
        }"""
    )
    expect(confirm).to_be_hidden()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)
    page.evaluate("window.refuseNewGame = false")
    calculator.part("button.new-game").click()
    calculator.part("button.confirm-yes").click()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(0)
    expect_totals(calculator, 0, 0)
    record(calculator, HANG)

    # Both games are on the device, newest first; reopen the first one.
    games = calculator.part(".games")
    games.locator("summary").click()
    expect(games.locator("summary")).to_have_text("Games on this device (2)")
    items = games.locator("li.game")
    expect(items).to_have_count(2)
    expect(items.nth(0)).to_contain_text("Us 0 : 8 Them")
    expect(items.nth(0)).to_contain_text("current")
    expect(items.nth(1)).to_contain_text("Us 11 : 7 Them")
    items.nth(1).locator("button.open-game").click()
    expect_totals(calculator, 11, 7)
    expect(hanging_in(calculator)).to_have_value("0")

    # It survives a reload as the current game.
    page.reload()
    calculator = wait_sheet(page)
    expect_totals(calculator, 11, 7)

    # Delete the other game: at once, with an Undo (test_travel.py) instead of a question.
    games = calculator.part(".games")
    games.locator("summary").click()
    items = games.locator("li.game")
    expect(items).to_have_count(2)
    items.nth(0).locator("button.delete-game").click()
    expect(calculator.part(".confirm")).to_be_hidden()
    expect(items).to_have_count(1)
    expect_totals(calculator, 11, 7)
    stored_once(page, lambda data: len(data["games"]) == 1)


@pytest.mark.parametrize(
    ("text", "notice"),
    [
        ("{not json", "could not be read"),
        (json.dumps({"version": 99, "games": [{"id": "x", "deals": []}]}), "unknown version (99)"),
    ],
    ids=["bad-json", "unknown-version"],
)
def test_unreadable_storage_is_kept_aside_and_the_sheet_starts_clean(
    page: Page, dist_url: str, text: str, notice: str
) -> None:
    page.goto(f"{dist_url}/index.html")
    seed(page, text)
    calculator = open_sheet(page, dist_url, lang="en")
    notices = calculator.part(".notices")
    expect(notices).to_be_visible()
    expect(notices).to_contain_text(notice)
    [kept] = aside(page)
    assert kept["value"] == text
    # What was kept aside is the player's to take: the notice downloads it as it was.
    assert [item["value"] for item in kept_aside_file(page, calculator)["kept_aside"]] == [text]  # type: ignore[index]
    # A clean, working sheet; its game is saved beside what was kept aside.
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(0)
    record(calculator, MADE)
    stored_once(page, lambda data: [len(game["deals"]) for game in data["games"]] == [1])
    calculator.part(".notices button.dismiss").click()
    expect(notices).to_be_hidden()
    # The notice said it once; a reload does not touch the data kept aside.
    page.reload()
    calculator = wait_sheet(page)
    expect(calculator.part(".notices")).to_be_hidden()
    assert [item["value"] for item in aside(page)] == [text]


def test_a_game_the_core_rejects_is_kept_aside_and_readable_games_stay(
    page: Page, dist_url: str
) -> None:
    good = {
        "contract": "hearts",
        "bidder": "us",
        "doubling": "none",
        "cards": {"team": "us", "points": 82},
        "last_trick": "us",
        "capot": None,
        "declarations": {"us": {"belot": 1}, "them": {}},
    }
    bad = {**good, "cards": {"team": "us", "points": 200}}
    data = {
        "version": 1,
        "current": "good",
        "games": [
            {
                "id": "good",
                "created": "2025-01-02T18:00:00.000Z",
                "updated": "2025-01-02T18:30:00.000Z",
                "names": {"us": "Ана и Иво", "them": ""},
                "deals": [good],
            },
            {
                "id": "bad",
                "created": "2025-01-01T18:00:00.000Z",
                "updated": "2025-01-01T18:30:00.000Z",
                "names": {"us": "", "them": ""},
                "deals": [good, bad],
            },
        ],
    }
    page.goto(f"{dist_url}/index.html")
    seed(page, data)
    calculator = open_sheet(page, dist_url)
    notices = calculator.part(".notices")
    expect(notices).to_contain_text("не мина проверката")
    expect(notices).to_contain_text("152")  # the core's reason, translated
    [kept] = aside(page)
    assert kept["reason"] == "rejected" and kept["value"]["id"] == "bad"
    assert kept["value"]["deals"] == [good, bad]  # as it was saved
    expect(calculator.part(".sheet-table thead th.us")).to_have_text("Ана и Иво")
    expect_totals(calculator, 11, 7)
    stored_once(page, lambda data: [game["id"] for game in data["games"]] == ["good"])


def test_team_names_and_the_text_summary(browser: Browser, dist_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 1000, "height": 900}, permissions=["clipboard-read", "clipboard-write"]
    )
    page = context.new_page()
    calculator = open_sheet(page, dist_url, lang="en")
    calculator.part(".names summary").click()
    calculator.part('input[name="name-us"]').fill("Ann & Ivo")
    expect(calculator.part(".sheet-table thead th.us")).to_have_text("Ann & Ivo")
    expect(calculator.part(".game-grid .row-team").first).to_have_text("Ann & Ivo")
    expect(calculator.radio("game", "us:hearts")).to_have_attribute(
        "aria-label", "Ann & Ivo – hearts"
    )
    expect(calculator.part('input[name="name-them"]')).to_have_attribute("placeholder", "Them")
    # The core writes the game's names into the explanation of the deal in the form.
    calculator.enter(MADE)
    expect(calculator.part("ol.explanation")).to_contain_text("Ann & Ivo bid: 112 against 70")
    record(calculator, HANG)
    all_passed(calculator)
    record(calculator, CAPOT)
    expect(calculator.part("button.share")).to_have_text("Copy the score")
    calculator.part("button.share").click()
    expect(calculator.part(".copy-status")).to_have_text("Copied.")
    text = page.evaluate("navigator.clipboard.readText()")
    lines = text.split("\n")
    assert lines[0].startswith("Belot · ")
    assert lines[1:] == [
        "Ann & Ivo : Them",
        "1. 0 : 8 (8 hanging)",
        "2. passed",
        "3. 58 : 0 (capot)",
        "Total: Ann & Ivo 58 : 8 Them",
        "The game goes on.",
    ]
    # The same text in the sheet's folded "The game as text", once it is opened.
    calculator.part("details.text > summary").click()
    expect(calculator.part("textarea.summary-text")).to_have_value(text)
    # The names are saved with the game; the summary follows the language.
    page.reload()
    calculator = wait_sheet(page)
    expect(calculator.part(".sheet-table thead th.us")).to_have_text("Ann & Ivo")
    page.get_by_role("button", name="Български").click()
    calculator.part("details.text > summary").click()
    expect(calculator.part("textarea.summary-text")).to_have_value(
        re.compile(r"^Белот · .*\nAnn & Ivo : Вие\n1\. 0 : 8 \(висят 8\)\n2\. пас\n")
    )
    expect(calculator.part("textarea.summary-text")).to_have_value(
        re.compile("Общо: Ann & Ivo 58 : 8 Вие")
    )
    expect(calculator.part(".sheet-table thead th.them")).to_have_text("Вие")
    context.close()


def test_phone_sheet_fits_and_has_big_targets(phone: BrowserContext, dist_url: str) -> None:
    page = phone.new_page()
    calculator = open_sheet(page, dist_url)
    for selector in ["button.record", "button.passed", "button.chip", "button.toggle"]:
        box = calculator.part(selector).first.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, (selector, box)
    record(calculator, HANG)
    all_passed(calculator)
    record(calculator, RECONTRA)
    record(calculator, NT_CONTRA)
    record(calculator, CAPOT)
    record(calculator, THEM_HANG)
    expect(calculator.part(".banner.winner")).to_be_visible()
    expect(calculator.part(".result-message")).to_have_text(
        "Резултатът ще се покаже, щом раздаването е въведено цялото."
    )
    expect(calculator.part(".bar-deal")).to_have_text("Изберете играта")
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], f"horizontal scroll: {widths}"
    for selector in [
        "button.bar-new-game",  # the game is over: New game takes Record's place
        "button.undo",
        "button.new-game",
        "button.share",
        ".sheet-table tbody tr button",
        ".sheet .names summary",
    ]:
        box = calculator.part(selector).first.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, (selector, box)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "phone-sheet.png"), full_page=True)
    calculator.part(".sheet").screenshot(path=str(SCREENSHOTS / "phone-sheet-only.png"))
    # Editing on the phone: the form comes into view and says which deal is edited.
    calculator.part('.sheet-table tbody tr[data-index="2"] button').tap()
    expect(calculator.part(".editing-note")).to_be_in_viewport()
    expect(calculator.radio("game", "us:spades")).to_be_focused()
    page.screenshot(path=str(SCREENSHOTS / "phone-sheet-editing.png"))


def test_phone_sticky_result_bar_covers_neither_the_input_nor_its_hint(
    phone: BrowserContext, dist_url: str
) -> None:
    page = phone.new_page()
    calculator = open_sheet(page, dist_url)
    page.evaluate("window.scrollTo(0, 0)")
    calculator.enter(HANG)
    points = calculator.points("us")
    bar = calculator.part(".bar")
    expect(bar).to_be_visible()  # the result itself is far below
    points.focus()
    page.keyboard.press("End")
    bar_box = bar.bounding_box()
    for element in (points, calculator.part("#points-hint")):
        box = element.bounding_box()
        assert box and bar_box and box["y"] + box["height"] <= bar_box["y"], (box, bar_box)
    page.screenshot(path=str(SCREENSHOTS / "phone-sticky-bar.png"))
