"""Games that travel, in Chromium with the real core: a link and its QR code carry a
game to another phone (a fresh browser profile), which keeps it and plays on; a damaged
link changes nothing; the game as a JSON file goes to another profile and back in; CSV
for a spreadsheet, where no team name from a stranger's link starts a formula; the games
on this device, deleted with Undo.

The QR code is read back from a screenshot by zxing-cpp (a decoder of its own, as a
phone's camera would be), so the test checks what a camera reads, not what we drew.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import zxingcpp
from e2e_ui import Calculator
from games_store import content, stored
from games_store import seed as keep_on_device
from PIL import Image
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_score_sheet import HANG, MADE, RECONTRA, expect_totals, open_sheet, record

from belot_core import HOUSE_RULES, Names, Rules, Team
from belot_core.json_api import game_to_dict, score_game_json
from belot_core.link import game_link, read_game_link
from sample_games import sample_game  # tools/, on pytest's path

RUNTIME_TIMEOUT_MS = 90_000
PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phones(browser: Browser) -> Iterator[tuple[BrowserContext, BrowserContext]]:
    """Two phones: two browser profiles that share nothing (storage, caches, workers)."""
    contexts = [
        browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, accept_downloads=True)
        for _ in range(2)
    ]
    yield contexts[0], contexts[1]
    for context in contexts:
        context.close()


def new_page(context: BrowserContext) -> Page:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.js_errors = errors  # type: ignore[attr-defined]
    return page


def no_errors(*pages: Page) -> None:
    for page in pages:
        assert not page.js_errors, page.js_errors  # type: ignore[attr-defined]


def sheet_of(page: Page) -> Calculator:
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".sheet-table")).to_be_visible(timeout=RUNTIME_TIMEOUT_MS)
    return calculator


def seed(page: Page, url: str, game: dict[str, Any], lang: str = "en") -> Calculator:
    """The calculator page with `game` (the contract's game format) kept on the device."""
    page.goto(f"{url}/calculator/?lang={lang}")
    store = {
        "version": 1,
        "current": "g-seed",
        "games": [
            {
                "id": "g-seed",
                "created": "2025-05-14T18:30:00.000Z",
                "updated": "2025-05-14T19:30:00.000Z",
                "names": game.get("names", {"us": "", "them": ""}),
                **({"rules": game["rules"]} if "rules" in game else {}),
                "deals": game["deals"],
            }
        ],
    }
    keep_on_device(page, store)
    page.reload()
    return sheet_of(page)


def share_link(calculator: Calculator) -> str:
    """Open "Send the game" and wait for the link and its QR code."""
    panel = calculator.part("details.send-game")
    if panel.get_attribute("open") is None:
        panel.locator("summary").click()
    expect(calculator.part(".qr svg")).to_be_visible()
    link = calculator.part("input.share-link").input_value()
    assert link
    return link


def read_qr(calculator: Calculator) -> tuple[str, int]:
    """The text a QR reader gets from the code on screen, and the code's version."""
    svg = calculator.part(".qr svg")
    image = Image.open(io.BytesIO(svg.screenshot()))
    codes = zxingcpp.read_barcodes(image)
    assert len(codes) == 1, codes
    assert codes[0].format == zxingcpp.BarcodeFormat.QRCode
    return codes[0].text, int(svg.get_attribute("data-version") or 0)


def totals(calculator: Calculator) -> tuple[str, str]:
    foot = calculator.part(".sheet-table tfoot")
    return foot.locator("td.us").inner_text(), foot.locator("td.them").inner_text()


def name_teams(calculator: Calculator, us: str, them: str) -> None:
    calculator.part("details.names summary").click()
    calculator.part('input[name="name-us"]').fill(us)
    calculator.part('input[name="name-them"]').fill(them)
    calculator.part("details.names summary").click()


# --- a link and its QR code ----------------------------------------------------------


def test_a_game_goes_to_another_phone_by_link_is_kept_and_played_on(
    phones: tuple[BrowserContext, BrowserContext], dist_url: str
) -> None:
    first, second = phones
    page = new_page(first)
    calculator = open_sheet(page, dist_url, lang="en")
    name_teams(calculator, "Иван и Петър", "Ann & Ivo")
    record(calculator, HANG)
    record(calculator, MADE)
    shown = totals(calculator)

    link = share_link(calculator)
    assert link.startswith(f"{dist_url}/calculator/#game=3")  # link format 3
    text, version = read_qr(calculator)
    assert text == link  # what a camera reads is the link itself
    assert 1 <= version <= 10
    expect(calculator.part(".qr svg")).to_have_attribute(
        "aria-label", "QR code of the link to this game"
    )

    # The other phone: a fresh profile with a game of its own, which must stay.
    other = new_page(second)
    seed(other, dist_url, {"deals": [{"passed": True}]})
    before = stored(other)
    other.goto(link)
    other_sheet = sheet_of(other)
    banner = other_sheet.part(".shared")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("A game sent to you")
    expect(banner).to_contain_text(f"Иван и Петър {shown[0]} : {shown[1]} Ann & Ivo, 2 deals")
    expect(other_sheet.part(".sheet-table tbody tr")).to_have_count(2)
    assert totals(other_sheet) == shown
    # Read only: no form, no bar, nothing to record; nothing stored yet.
    expect(other_sheet.part("form")).to_be_hidden()
    expect(other_sheet.part('[part="bar"]')).to_be_hidden()
    expect(other_sheet.part("details.send-game")).to_be_hidden()
    expect(other_sheet.part('[part="announcement"]')).to_contain_text("A game sent to you is open")
    assert stored(other) == before

    other_sheet.part("button.keep-game").click()
    expect(banner).to_be_hidden()
    # The link has done its work once the kept game is saved (then the address is cleared).
    expect(other).to_have_url(re.compile(r"^[^#]*$"))
    expect(other_sheet.part('[part="announcement"]')).to_contain_text("kept on this device")
    saved = stored(other)
    assert len(saved["games"]) == 2  # a copy with a new id; the game there before stays
    kept = next(game for game in saved["games"] if game["id"] == saved["current"])
    assert kept["id"] != "g-seed" and kept["names"] == {"us": "Иван и Петър", "them": "Ann & Ivo"}
    assert before["games"][0] in saved["games"]

    # Played on: the next deal goes onto the kept game.
    record(other_sheet, RECONTRA)
    expect(other_sheet.part(".sheet-table tbody tr")).to_have_count(3)
    expect(other_sheet.part(".sheet-table thead th.us")).to_have_text("Иван и Петър")
    reply = json.loads(score_game_json(json.dumps({"version": 1, **stored_game(other)})))
    assert reply["ok"], reply
    expect_totals(other_sheet, reply["result"]["totals"]["us"], reply["result"]["totals"]["them"])

    # Reloaded, the kept game is still the current one, and no link is opened again.
    other.reload()
    other_sheet = sheet_of(other)
    expect(other_sheet.part(".sheet-table tbody tr")).to_have_count(3)
    expect(other_sheet.part(".shared")).to_be_hidden()
    no_errors(page, other)


def stored_game(page: Page) -> dict[str, Any]:
    saved = stored(page)
    game = next(game for game in saved["games"] if game["id"] == saved["current"])
    return {"names": game["names"], "deals": game["deals"]}


LONG_NAMES = Names(us="Владимир и Константин" + "щ" * 19, them="Александра и Екатерина" + "ж" * 18)


@pytest.mark.parametrize(
    ("names", "rules"),
    [
        (Names(us="Иван и Петър", them="Мария и Ана"), Rules()),
        (LONG_NAMES, Rules.from_ids(HOUSE_RULES)),
    ],
    ids=["names", "longest-names-every-house-rule"],
)
def test_the_qr_code_of_a_forty_deal_game_reads_back(
    page: Page, dist_url: str, names: Names, rules: Rules
) -> None:
    """A long game (tools/sample_games.py) still fits a code of version 15 at most."""
    sheet = sample_game(40, 7, names=names, rules=rules)
    calculator = seed(page, dist_url, game_to_dict(sheet))
    link = share_link(calculator)
    text, version = read_qr(calculator)
    assert text == link
    assert version <= 15, version
    assert read_game_link(link) == sheet
    print(f"\n40-deal game: link {len(link)} characters, QR version {version}")


def test_a_damaged_link_says_so_and_changes_nothing(
    phones: tuple[BrowserContext, BrowserContext], dist_url: str
) -> None:
    first, second = phones
    page = new_page(first)
    calculator = seed(page, dist_url, game_to_dict(sample_game(6, 2)))
    link = share_link(calculator)
    # One character changed, as a mistyped or cut link would be.
    text = link.split("#game=")[1]
    damaged = link[: -len(text)] + text[:10] + ("A" if text[10] != "A" else "B") + text[11:]

    other = new_page(second)
    seed(other, dist_url, {"deals": [{"passed": True}]}, lang="bg")
    before = stored(other)
    other.goto(damaged)
    other_sheet = sheet_of(other)
    notice = other_sheet.part(".notices")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Тази връзка не носи игра")
    expect(notice).to_contain_text("Връзката към играта е повредена или непълна")
    expect(notice).to_contain_text("Нищо на това устройство не е променено")
    expect(other_sheet.part(".shared")).to_be_hidden()
    expect(other_sheet.part("form")).to_be_visible()
    expect(other_sheet.part(".sheet-table tbody tr")).to_have_count(1)
    assert stored(other) == before
    expect(other).to_have_url(re.compile(r"^[^#]*$"))
    no_errors(page, other)


# Where two substrings of an element's text are drawn: the left and top of each.
WHERE_DRAWN = """(element, [needle, first, last]) => {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const nodes = [];
  for (let node, start = 0; (node = walker.nextNode()); start += node.length) nodes.push([node, start]);
  const at = (offset) => {
    const [node, start] = nodes.findLast(([, start]) => start <= offset);
    return [node, offset - start];
  };
  const box = (from, to) => {
    const range = document.createRange();
    range.setStart(...at(from));
    range.setEnd(...at(to));
    const rect = range.getBoundingClientRect();
    return [rect.left, rect.top];
  };
  const start = element.textContent.indexOf(needle);
  if (start < 0) return null;
  const end = start + needle.length;
  return [box(start, start + first.length), box(end - last.length, end)];
}"""


def test_a_shared_game_is_turned_to_the_receivers_side_and_kept_that_way(
    page: Page, dist_url: str
) -> None:
    """Issue 23 §6: on the other team's phone "Ние" must be that team. "Кой отбор сте
    вие?" names the sender's two teams; the other one reads the game from their side
    (the core's we_are: names, records and totals turned) and Keep stores it so."""
    names = Names(us="Иван и Петър", them="Мария и Ана")
    sheet = sample_game(6, 4, names=names)
    us, them = sheet.totals.us, sheet.totals.them
    assert us != them
    page.goto(f"{dist_url}/calculator/?lang=bg#game={game_link(sheet)}")
    calculator = sheet_of(page)
    banner = calculator.part(".shared")
    expect(banner).to_contain_text("Кой отбор сте вие?")
    sender, other = calculator.part("button.side-us"), calculator.part("button.side-them")
    expect(sender).to_have_text("Иван и Петър")
    expect(sender).to_have_attribute("aria-pressed", "true")
    expect(other).to_have_text("Мария и Ана")
    assert totals(calculator) == (str(us), str(them))
    other.click()
    expect(other).to_have_attribute("aria-pressed", "true")
    expect(sender).to_have_attribute("aria-pressed", "false")
    expect(calculator.part(".sheet-table thead th.us")).to_have_text("Мария и Ана")
    expect_totals(calculator, them, us)
    expect(calculator.part('[part="announcement"]')).to_contain_text("вие сте „Ние“")
    calculator.part("button.keep-game").click()
    expect(banner).to_be_hidden()
    expect(page).to_have_url(re.compile(r"^[^#]*$"))
    saved = stored(page)
    kept = next(game for game in saved["games"] if game["id"] == saved["current"])
    assert kept["names"] == {"us": "Мария и Ана", "them": "Иван и Петър"}
    expect_totals(calculator, them, us)
    no_errors(page)


def test_the_keep_banner_shows_each_team_name_isolated(page: Page, dist_url: str) -> None:
    """A team name in a right-to-left script must not take the score with it: not
    isolated, "مريم 97 : 64" is laid out as one right-to-left run, so the totals show
    swapped ("64 : 97"); in a <bdi> each, the sentence keeps its order."""
    names = Names(us="مريم", them="Ivan")
    sheet = sample_game(6, 4, names=names)
    us, them = sheet.totals.us, sheet.totals.them
    assert us != them
    page.goto(f"{dist_url}/calculator/?lang=en#game={game_link(sheet)}")
    calculator = sheet_of(page)
    text = calculator.part(".shared .shared-text")
    expect(text).to_be_visible()
    expect(text.locator("bdi")).to_have_text([names.us, names.them])
    drawn = text.evaluate(WHERE_DRAWN, [f"{us}\u00a0:\u00a0{them}", str(us), str(them)])
    assert drawn is not None
    (us_left, us_top), (them_left, them_top) = drawn
    assert abs(us_top - them_top) < 2  # one line
    assert us_left < them_left, drawn  # read left to right: "… 97 : 64 …", as the sheet has it


# --- files ---------------------------------------------------------------------------


def test_a_game_exported_as_json_is_imported_on_another_phone(
    phones: tuple[BrowserContext, BrowserContext], dist_url: str, tmp_path: Path
) -> None:
    first, second = phones
    page = new_page(first)
    game = game_to_dict(sample_game(9, 5, names=Names(us="Иван и Петър")))
    calculator = seed(page, dist_url, game)
    share_link(calculator)
    with page.expect_download() as download:
        calculator.part("button.export-json").click()
    assert download.value.suggested_filename.startswith("belot-2025-05-14")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported["version"] == 1 and exported["names"] == game["names"]
    assert exported["deals"] == game["deals"]
    assert json.loads(score_game_json(path.read_text(encoding="utf-8")))["ok"]

    other = new_page(second)
    other_sheet = open_sheet(other, dist_url, lang="en")
    record(other_sheet, MADE)
    before = stored(other)
    games = other_sheet.part("details.games")
    games.locator("summary").click()

    # A file that is no game: a notice, nothing changed.
    bad = tmp_path / "notes.json"
    bad.write_text(json.dumps({"version": 1, "deals": [{"contract": "trumps"}]}), encoding="utf-8")
    with other.expect_file_chooser() as chooser:
        games.locator("button.import-game").click()
    chooser.value.set_files(bad)
    notice = other_sheet.part(".notices")
    expect(notice).to_contain_text("“notes.json” is not a game the calculator can read")
    expect(notice).to_contain_text("“trumps” is not one of")
    assert stored(other) == before

    with other.expect_file_chooser() as chooser:
        games.locator("button.import-game").click()
    chooser.value.set_files(path)
    expect(other_sheet.part(".sheet-table tbody tr")).to_have_count(9)
    assert totals(other_sheet) == totals(calculator)
    expect(other_sheet.part('[part="announcement"]')).to_contain_text(f"“{path.name}” was imported")
    saved = stored(other)
    assert len(saved["games"]) == 2 and before["games"][0] in saved["games"]
    no_errors(page, other)


def test_csv_for_a_spreadsheet_in_the_language_of_the_page(
    page: Page, dist_url: str, tmp_path: Path
) -> None:
    game = game_to_dict(sample_game(7, 11, names=Names(us="Иван, Петър", them="")))
    calculator = seed(page, dist_url, game, lang="bg")
    share_link(calculator)
    with page.expect_download() as download:
        calculator.part("button.export-csv").click()
    assert download.value.suggested_filename.endswith(".csv")
    path = tmp_path / "game.csv"
    download.value.save_as(path)
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # a byte-order mark: spreadsheets read UTF-8
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"), newline="")))
    assert rows[0] == [
        "№", "Игра", "Обявил", "Контра", "Купчина (точки)", "Последна ръка", "Капо",
        "Зачетени обяви", "Иван, Петър", "Вие", "Общо Иван, Петър", "Общо Вие", "Бележка",
        "Връзка към играта",
    ]  # fmt: skip
    # The first row carries the game's link: Import reads the very same game from it.
    assert "#game=3" in rows[1][13] and all(cells[13] == "" for cells in rows[2:])
    result = json.loads(score_game_json(json.dumps(game)))["result"]
    assert len(rows) == 1 + len(result["rows"])
    for number, (cells, row) in enumerate(zip(rows[1:], result["rows"], strict=True), 1):
        assert cells[0] == str(number)
        assert cells[8:12] == [
            str(row["record"]["us"]), str(row["record"]["them"]),
            str(row["totals"]["us"]), str(row["totals"]["them"]),
        ]  # fmt: skip
        if not row["passed"]:
            deal = game["deals"][number - 1]
            team = "Иван, Петър" if deal["cards"]["team"] == "us" else "Вие"
            assert cells[4] == f"{team} {deal['cards']['points']}"


# Team names a stranger's link can carry (issue 22), as a spreadsheet would run them.
HOSTILE_NAMES = [
    Names(us='=HYPERLINK("http://x","y")', them="@SUM(1)"),
    Names(us="+cmd|' /C calc'!A0", them="-2+3"),
]
FORMULA_START = re.compile(r"[=+\-@\t\r\n]")


def unmarked(cell: str) -> str:
    """A cell's text without csvCell's marks, taken off as csvCellText does: one
    apostrophe at the start and after each ; TAB CR LF (never after a comma)."""
    return re.sub(r"(^|[;\t\r\n])'", r"\1", cell)


def name_cell(cell: str) -> str:
    """The text of a cell that starts with a hostile name: marked at its start."""
    assert cell.startswith("'"), cell
    return unmarked(cell)


@pytest.mark.parametrize("names", HOSTILE_NAMES, ids=["hyperlink-sum", "dde-minus"])
def test_csv_of_a_kept_game_with_formulas_for_names_runs_none(
    page: Page, dist_url: str, tmp_path: Path, names: Names
) -> None:
    """A stranger's link names the teams with formulas; kept and downloaded as CSV, every
    cell that shows a name starts with the apostrophe a spreadsheet reads as "text", and
    the numbers stay numbers (widget/files/export.js, csvCell)."""
    sheet = sample_game(5, 3, names=names)
    page.goto(f"{dist_url}/calculator/?lang=en#game={game_link(sheet)}")
    calculator = sheet_of(page)
    expect(calculator.part(".shared")).to_be_visible()
    calculator.part("button.keep-game").click()
    expect(calculator.part(".shared")).to_be_hidden()
    share_link(calculator)
    with page.expect_download() as download:
        calculator.part("button.export-csv").click()
    path = tmp_path / "game.csv"
    download.value.save_as(path)
    text = path.read_bytes().decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text, newline="")))

    assert [name_cell(rows[0][8]), name_cell(rows[0][9])] == [names.us, names.them]
    assert [unmarked(cell) for cell in rows[0][10:12]] == [
        f"Total {names.us}",
        f"Total {names.them}",
    ]
    result = json.loads(score_game_json(json.dumps(game_to_dict(sheet))))["result"]
    assert len(rows) == 1 + len(result["rows"])
    for number, (cells, row) in enumerate(zip(rows[1:], result["rows"], strict=True), 1):
        assert cells[0] == str(number)
        assert cells[8:12] == [
            str(row["record"]["us"]), str(row["record"]["them"]),
            str(row["totals"]["us"]), str(row["totals"]["them"]),
        ]  # fmt: skip
        if not row["passed"]:
            deal = game_to_dict(sheet)["deals"][number - 1]
            assert name_cell(cells[2]) == names[Team(deal["bidder"])]
            pile = f"{names[Team(deal['cards']['team'])]} {deal['cards']['points']}"
            assert name_cell(cells[4]) == pile
            assert name_cell(cells[5]) == names[Team(deal["last_trick"])]
    # No cell starts a formula: as a CSV reader reads the file, nor as a spreadsheet that
    # splits it at every comma, semicolon, tab and line break, ignoring quotes, would.
    for cells in rows:
        for cell in cells:
            assert not FORMULA_START.match(cell), cell
    for piece in re.split(r"[,;\t\r\n]", text):
        assert not FORMULA_START.match(piece.lstrip(' "')), piece


def test_the_csv_comes_back_as_the_game_and_a_second_time_is_recognised(
    phones: tuple[BrowserContext, BrowserContext], dist_url: str, tmp_path: Path
) -> None:
    """Issue 23 §8: the CSV the sheet writes (here with hostile names, marked against
    formulas) is imported on another phone as the same game — every row and the totals —
    with a notice that says so and takes away the error of the file before it; the same
    file again opens that game instead of adding a copy."""
    first, second = phones
    page = new_page(first)
    names = HOSTILE_NAMES[0]
    sheet = sample_game(7, 4, names=names)
    calculator = seed(page, dist_url, game_to_dict(sheet))
    share_link(calculator)
    with page.expect_download() as download:
        calculator.part("button.export-csv").click()
    path = tmp_path / "belot-game.csv"
    download.value.save_as(path)
    shown = totals(calculator)

    other = new_page(second)
    other_sheet = open_sheet(other, dist_url, lang="bg")  # the file is in English
    record(other_sheet, MADE)
    games = other_sheet.part("details.games")
    games.locator("summary").click()
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\r\n1,2\r\n", encoding="utf-8")
    notices = other_sheet.part(".notices")
    for file in (bad, path):
        with other.expect_file_chooser() as chooser:
            games.locator("button.import-game").click()
        chooser.value.set_files(file)
        if file is bad:
            expect(notices).to_contain_text("не е CSV, изтеглен от калкулатора")
    expect(notices).to_contain_text("Играта от „belot-game.csv“ е внесена")
    expect(notices).not_to_contain_text("bad.csv")  # the earlier error is over
    expect(other_sheet.part(".sheet-table tbody tr")).to_have_count(7)
    assert totals(other_sheet) == shown
    assert len(stored(other)["games"]) == 2
    kept = next(g for g in stored(other)["games"] if g["id"] == stored(other)["current"])
    assert kept["names"] == {"us": names.us, "them": names.them}

    other_sheet.part("button.new-game").click()
    with other.expect_file_chooser() as chooser:
        games.locator("button.import-game").click()
    chooser.value.set_files(path)
    expect(notices).to_contain_text("вече е на това устройство")
    expect(other_sheet.part(".sheet-table tbody tr")).to_have_count(7)
    assert len(stored(other)["games"]) == 2, "no second copy"
    no_errors(page, other)


# --- the games on this device -----------------------------------------------------------


def test_a_deleted_game_comes_back_with_undo_until_the_next_change(
    page: Page, dist_url: str
) -> None:
    calculator = open_sheet(page, dist_url, lang="en")
    record(calculator, MADE)
    calculator.part("button.new-game").click()
    calculator.part("button.confirm-yes").click()
    record(calculator, HANG)
    games = calculator.part("details.games")
    games.locator("summary").click()
    items = games.locator("li.game")
    expect(items).to_have_count(2)
    expect(items.nth(1)).to_contain_text("Us 11 : 7 Them")
    saved = stored(page)

    # Delete: no question, the game goes at once and its Undo takes the focus.
    items.nth(1).locator("button.delete-game").click()
    expect(items).to_have_count(1)
    undo = games.locator("button.undo-delete")
    expect(undo).to_be_focused()
    expect(games.locator(".deleted")).to_contain_text("The game of")
    expect(calculator.part('[part="announcement"]')).to_contain_text("was deleted")
    assert len(stored(page)["games"]) == 1
    undo.click()
    expect(items).to_have_count(2)
    expect(games.locator(".deleted")).to_be_hidden()
    expect(calculator.part('[part="announcement"]')).to_contain_text("is back")
    assert content(stored(page)) == content(saved)  # saved again as it was

    # The current game deleted: a new one starts; Undo makes it current again.
    items.nth(0).locator("button.delete-game").click()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(0)
    undo.click()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)
    assert stored(page)["current"] == saved["current"]

    # The next change ends the Undo: the deletion stands.
    items.nth(1).locator("button.delete-game").click()
    expect(undo).to_be_visible()
    record(calculator, MADE)
    expect(games.locator(".deleted")).to_be_hidden()
    assert len(stored(page)["games"]) == 1
