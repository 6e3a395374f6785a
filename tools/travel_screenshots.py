"""The docs' screenshots of games that travel, taken from the built site (run by hand).

    A set of tools/screenshots.py (which takes them: --only PREFIX).

A game sent by link, opened on the other team's phone, at 360x740 and 390x844, in
Bulgarian and English, light and dark: `shared-side-*` as it opens ("Кой отбор сте
вие?", the sender's side), `shared-turned-*` once the other team's name is tapped (the
game from their side). And `import-csv-*`: a game brought back from the CSV the sheet
downloads, with the notice that says so. Written to docs/ (made small with pngquant
when it is installed).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from belot_core import Names
from belot_core.link import game_link
from docs_screenshots import phone, save
from sample_games import sample_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from e2e_ui import Calculator

SIZES = {
    "360-bg": (360, 740, "bg", "light"),
    "360-en-dark": (360, 740, "en", "dark"),
    "390-bg-dark": (390, 844, "bg", "dark"),
    "390-en": (390, 844, "en", "light"),
}
NAMES = {
    "bg": Names(us="Иван и Петър", them="Мария и Ана"),
    "en": Names(us="Ivan & Peter", them="Maria & Ann"),
}
FORGET = """async () => {
  for (const db of await indexedDB.databases()) indexedDB.deleteDatabase(db.name);
  localStorage.clear();
}"""


def shot(page: Page, name: str, pngquant: str | None, top: bool = True) -> None:
    page.evaluate("document.activeElement?.blur()")
    if top:
        page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)
    save(page, name, pngquant)


def sides(page: Page, url: str, lang: str, size: str, pngquant: str | None) -> None:
    sheet = sample_game(6, 4, names=NAMES[lang])
    page.goto(f"{url}/calculator/?lang={lang}#game={game_link(sheet)}")
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".shared")).to_be_visible(timeout=90_000)
    shot(page, f"shared-side-{size}", pngquant)
    calculator.part("button.side-them").click()
    expect(calculator.part("button.side-them")).to_have_attribute("aria-pressed", "true")
    expect(calculator.part(".sheet-table thead th.us")).to_have_text(NAMES[lang].them)
    shot(page, f"shared-turned-{size}", pngquant)


def csv_import(page: Page, url: str, lang: str, size: str, pngquant: str | None) -> None:
    """The CSV of a game downloaded on one phone, brought back on a fresh one."""
    page.goto(
        f"{url}/calculator/?lang={lang}#game={game_link(sample_game(7, 4, names=NAMES[lang]))}"
    )
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".shared")).to_be_visible(timeout=90_000)
    calculator.part("button.keep-game").click()
    expect(calculator.part(".shared")).to_be_hidden()
    calculator.part("details.send-game summary").click()
    with page.expect_download() as download:
        calculator.part("button.export-csv").click()
    folder = Path(tempfile.mkdtemp())
    path = folder / "belot-2026-12-03-2010.csv"
    download.value.save_as(path)
    # A fresh phone: the file is all it has of the game.
    page.evaluate(FORGET)
    page.goto(f"{url}/calculator/?lang={lang}")
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".sheet-table")).to_be_visible(timeout=90_000)
    games = calculator.part("details.games")
    games.locator("summary").click()
    with page.expect_file_chooser() as chooser:
        games.locator("button.import-game").click()
    chooser.value.set_files(path)
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(7)
    games.locator("summary").click()  # folded again: the notice and the sheet show
    calculator.part(".notices").evaluate("(notices) => notices.scrollIntoView({block: 'start'})")
    shot(page, f"import-csv-{size}", pngquant, top=False)


def take(browser: Browser, url: str, only: str, pngquant: str | None) -> None:
    """A game shared as either team, and a CSV imported."""
    for size, (width, height, lang, scheme) in SIZES.items():
        for prefix, shoot in (("shared", sides), ("import-csv", csv_import)):
            if not prefix.startswith(only) and not only.startswith(prefix):
                continue
            context = phone(browser, width, height, scheme)
            shoot(context.new_page(), url, lang, size, pngquant)
            context.close()
