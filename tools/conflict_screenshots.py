"""Screenshots of the statistics naming a game that does not fit its match (issue 30).

    A set of tools/screenshots.py (which takes them: --only PREFIX).

Three games of one match to a single win at one table („Иван и Петър“ / „Мария и Ана“,
four players): the match ends with the first, so the third (a game played after it,
e.g. kept twice from a link and a backup before ids travelled) does not fit. The
statistics still answer, and name both games with Open and Delete. Writes
docs/stats-conflict-*.png.

And the question before such a copy is kept: the same game (same id), played on at
both phones differently, arrives again as a JSON file; the sheet asks „Запази и двете“ /
„Остави тази тук“. Writes docs/keep-both-360-bg.png and -390-en-dark.png, the other
sizes and schemes to .cache/ (`--only keep-both`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from e2e_ui import Calculator

from docs_screenshots import phone, save
from table_screenshots import DOCS, LOSS, WIN

SEATS = {"us": ["Иван", "Петър"], "them": ["Мария", "Ана"]}
NAMES = {"us": "Иван и Петър", "them": "Мария и Ана"}
SHOTS = {
    f"stats-conflict-{width}-{lang}{'-dark' if scheme == 'dark' else ''}": (
        width,
        height,
        lang,
        scheme,
    )
    for width, height in ((360, 740), (390, 844))
    for lang in ("bg", "en")
    for scheme in ("light", "dark")
}


QUESTIONS = {
    f"keep-both-{width}-{lang}{'-dark' if scheme == 'dark' else ''}": (width, height, lang, scheme)
    for width, height in ((360, 740), (390, 844))
    for lang in ("bg", "en")
    for scheme in ("light", "dark")
}
PLAYED = "2026-05-14T17:00:00.000Z"


def seeded() -> str:
    game = {"names": NAMES, "rules": {}, "seats": SEATS, "match": {"id": "m-docs", "to": 1}}
    games = [
        {
            **game,
            "id": f"g-{n}",
            "created": f"2026-05-14T1{n}:00:00.000Z",
            "updated": f"2026-05-14T1{n}:30:00.000Z",
            "deals": deals,
        }
        for n, deals in ((1, [WIN] * 14), (2, [WIN] * 13 + [LOSS, WIN]))
    ]
    return json.dumps({"version": 1, "current": "g-2", "games": games})


def shoot(
    browser: Browser, url: str, name: str, size: tuple[int, int, str, str], pngquant: str | None
) -> None:
    width, height, lang, scheme = size
    context = phone(browser, width, height, scheme)
    page: Page = context.new_page()
    page.goto(f"{url}/index.html")
    page.evaluate(
        "([key, text]) => localStorage.setItem(key, text)", ["belot-calculator", seeded()]
    )
    page.goto(f"{url}/calculator/?lang={lang}")
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".sheet-table")).to_be_visible(timeout=90_000)
    stats = calculator.part("details.stats")
    stats.locator("summary").click()
    conflict = stats.locator(".stats-conflict")
    expect(conflict).to_be_visible()
    expect(stats.locator(".stats-entry").first).to_be_visible()
    expect(calculator.part("button.stats-csv")).to_be_enabled()
    conflict.evaluate("(element) => element.scrollIntoView({block: 'start'})")
    page.evaluate("document.activeElement?.blur()")
    save(page, name, pngquant)
    context.close()


def shoot_question(
    browser: Browser, url: str, name: str, size: tuple[int, int, str, str], pngquant: str | None
) -> None:
    """The game here (seven deals) and the same game from the other phone's file, whose
    seventh deal differs: the sheet asks whether to keep both."""
    width, height, lang, scheme = size
    game = {"id": "g-both", "names": NAMES, "rules": {}, "seats": SEATS}
    here = {**game, "created": PLAYED, "updated": PLAYED, "deals": [WIN, LOSS] * 3 + [WIN]}
    sent = {"version": 1, **game, "played": PLAYED, "deals": [WIN, LOSS] * 3 + [LOSS]}
    path = DOCS.parent / ".cache" / "belot-2026-05-14-2000.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(sent, ensure_ascii=False), "utf-8")
    context = phone(browser, width, height, scheme)
    page: Page = context.new_page()
    page.goto(f"{url}/index.html")
    store = json.dumps({"version": 1, "current": "g-both", "games": [here]})
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", ["belot-calculator", store])
    page.goto(f"{url}/calculator/?lang={lang}")
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".sheet-table")).to_be_visible(timeout=90_000)
    games = calculator.part("details.games")
    games.locator("summary").click()
    with page.expect_file_chooser() as chooser:
        games.locator("button.import-game").click()
    chooser.value.set_files(path)
    question = calculator.part('[part="sheet-keep-both"]')
    expect(question).to_be_visible()
    question.evaluate("(element) => element.scrollIntoView({block: 'center'})")
    save(page, name, pngquant)
    context.close()


def take(browser: Browser, url: str, only: str, pngquant: str | None) -> None:
    """The sheet's games list with a kept copy, and the keep-both question."""
    for name, size in SHOTS.items():
        if name.startswith(only):
            shoot(browser, url, name, size, pngquant)
    for name, size in QUESTIONS.items():
        if name.startswith(only):
            shoot_question(browser, url, name, size, pngquant)
