"""The docs' screenshots of the entry screen, taken from the built site (run by hand).

    A set of tools/screenshots.py (which takes them: --only PREFIX).

The standalone calculator on a phone (360x740 and 390x844, touch), one deal entered
(hearts, we bid, 82 points, the last trick ours, our belot and their tierce: the bar
says 11 : 9), in Bulgarian and English; light, dark, and with the text at 200% (the
root font size, as Android's font scale). Also an article's closed
calculator, which shows the example's result as the build scored it (no runtime
yet), at 360x740 and 390x844, in Bulgarian and English, light and dark. And an
article's calculator opened with a tap (the button low on the screen: it opens in
place) and then folded back with its Close (the page where it was, the focus on the
open button), at 360x740 and 390x844, in Bulgarian and English, light and dark. And
keeping the games (issue 26): "Games on this device" with each answer a browser gives
about keeping them, the games cleared while the page was closed, the word about
Safari's Home Screen and the reminder to back up. Written to docs/ as PNGs made small
with pngquant when it is installed; `--only PREFIX` takes only the shots whose names
start with PREFIX (say `article-fold`, or `keep`).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "e2e"))
from e2e_ui import Calculator, Deal
from layout_shift import place_reader, tap

from belot_core import Names
from belot_core.json_api import game_to_dict
from sample_games import sample_game
from screenshots_shown import shown
from sitebuild.paths import CHROMIUM, DIST, ROOT
from sitebuild.server import serving

DOCS = ROOT / "docs"
DEAL = Deal(
    "hearts", "us", "none", "us", 82, "us", declarations={"us": {"belot": 1}, "them": {"tierce": 1}}
)
#: The docs' example table (issue 30): every entry shot is taken with these names.
NAMES = {"us": "Иван и Петър", "them": "Мария и Ана"}
#: The four players, in the order the deal passes (book/seats.js), as the set-up asks.
SEATS = (("us", 0), ("them", 0), ("us", 1), ("them", 1))
PLAYERS = ("Иван", "Мария", "Петър", "Ана")
SHOTS_ASIDE = ROOT / ".cache" / "screenshots"
HEIGHTS = {360: 740, 390: 844}
#: "360-bg-dark" → (width, height, language, colour scheme)
SIZES = {
    f"{width}-{lang}{dark}": (width, HEIGHTS[width], lang, "dark" if dark else "light")
    for width in (360, 390)
    for lang in ("bg", "en")
    for dark in ("", "-dark")
}
#: What an entry shot shows beyond a deal entered: the carré "question", a deal "undone"
#: back into the form by the bar's Undo, an edit "saved", the table's "setup" step at the
#: game's start (four players named, the first dealer chosen; no deal yet).
STATES = ("question", "undone", "saved", "setup")
#: name → (width, height, language, colour scheme, text size in %[, what is shown])
SHOTS: dict[str, tuple[int, int, str, str, int] | tuple[int, int, str, str, int, str]] = {
    **{f"entry-{what}-{size}": (*SIZES[size], 100, what) for what in STATES for size in SIZES},
    "entry-360-bg": (360, 740, "bg", "light", 100),
    "entry-360-en": (360, 740, "en", "light", 100),
    "entry-390-bg": (390, 844, "bg", "light", 100),
    "entry-390-en": (390, 844, "en", "light", 100),
    "entry-360-bg-dark": (360, 740, "bg", "dark", 100),
    "entry-390-en-dark": (390, 844, "en", "dark", 100),
    "entry-390-bg-text200": (390, 844, "bg", "light", 200),
    "entry-390-en-text200": (390, 844, "en", "light", 200),
}
#: name → (width, height, article, colour scheme): the closed calculator of an article
ARTICLE_SHOTS = {
    "article-360-bg": (360, 740, "bg/visyashta.html", "light"),
    "article-390-en": (390, 844, "en/scoring.html", "light"),
    "article-390-bg-dark": (390, 844, "bg/tochki.html", "dark"),
    "article-360-en-dark": (360, 740, "en/hanging-deal.html", "dark"),
}
#: name → (width, height, article, colour scheme): an article's calculator opened, then
#: folded back (article-fold-open-*, article-fold-closed-*)
FOLD_ARTICLES = {"bg": "bg/visyashta.html", "en": "en/hanging-deal.html"}
FOLD_SHOTS = {
    f"{width}-{lang}{'-dark' if scheme == 'dark' else ''}": (width, height, article, scheme)
    for width, height in ((360, 740), (390, 844))
    for lang, article in FOLD_ARTICLES.items()
    for scheme in ("light", "dark")
}

#: name → (width, height, language, colour scheme, situation): keeping the games
KEEP_SHOTS = {
    **{
        f"keep-{state}-{size}": (*SIZES[size], state)
        for state in ("kept", "may-clear", "asking", "unsupported")
        for size in ("360-bg", "390-en", "360-en-dark", "390-bg-dark")
    },
    **{
        f"keep-cleared-{width}-{lang}{dark}": (*SIZES[f"{width}-{lang}{dark}"], "cleared")
        for width in (360, 390)
        for lang in ("bg", "en")
        for dark in ("", "-dark")
    },
    "keep-install-390-en": (*SIZES["390-en"], "install"),
    "keep-install-360-bg-dark": (*SIZES["360-bg-dark"], "install"),
    "keep-remind-360-bg": (*SIZES["360-bg"], "remind"),
    "keep-remind-390-en-dark": (*SIZES["390-en-dark"], "remind"),
}
#: What the browser answers in each situation. Chromium's own answer is "may clear";
#: the others are stand-ins for what another engine (or an installed app) answers.
STAND_INS = {
    "kept": "navigator.storage.persisted = async () => true;",
    "asking": "navigator.storage.persist = () => new Promise(() => {});",  # Firefox's prompt
    "unsupported": "delete StorageManager.prototype.persist;",  # WebKitGTK: no Storage API
    # WebKit, as Safari in a tab: its vendor is Apple's.
    "install": "Object.defineProperty(Navigator.prototype, 'vendor', "
    "{ get: () => 'Apple Computer, Inc.' })",
}
MARK = {"games": 3, "saved": "2026-05-14T19:30:00.000Z", "backup": "2026-05-01T10:00:00.000Z"}
# The sheet's meta as a month-old device has it: the reminder to back up is due.
MONTH_OLD = """async () => {
  const request = indexedDB.open("belot-calculator");
  const db = await new Promise((resolve) => { request.onsuccess = () => resolve(request.result); });
  const tx = db.transaction("meta", "readwrite");
  tx.objectStore("meta").put({ since: "2026-01-01T10:00:00.000Z" }, "keep");
  await new Promise((resolve) => { tx.oncomplete = resolve; });
  db.close();
}"""


def phone(browser: Browser, width: int, height: int, scheme: str) -> BrowserContext:
    """A phone-sized, touch, reduced-motion context in the colour scheme `scheme`."""
    return browser.new_context(
        viewport={"width": width, "height": height},
        color_scheme=scheme,  # type: ignore[arg-type]
        is_mobile=True,
        has_touch=True,
        reduced_motion="reduce",
    )


def save(page: Page, name: str, pngquant: str | None) -> Path:
    """The screen as `name`.png: in docs/ if a page shows it, else in .cache/screenshots/
    to be looked at (a picture per combination in the repository is weight, not news;
    to show one, name it on a page and take it again)."""
    folder = DOCS if f"{name}.png" in shown() else SHOTS_ASIDE
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=path)
    shrink(path, pngquant)
    return path


def shrink(path: Path, pngquant: str | None) -> None:
    if pngquant:
        options = ["--force", "--ext", ".png", "--speed", "1"]
        subprocess.run([pngquant, *options, str(path)], check=True)
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size:,} bytes")


def fold(page: Page, url: str, article: str, name: str, pngquant: str | None) -> None:
    """The article's calculator opened with a tap (the button low on the screen), then
    folded back with its Close after reading down to the explanation."""
    page.goto(f"{url}/{article}")
    element = page.locator("belot-calculator").first
    place_reader(page, element, 0.75)
    tap(page, element.locator("button.open"))
    Calculator(element).wait_ready(90_000)
    page.wait_for_timeout(600)  # the bar's shadow and the focus settle
    save(page, f"article-fold-open-{name}", pngquant)
    element.locator("ol.explanation").evaluate("(list) => list.scrollIntoView({block: 'end'})")
    close = element.locator(".fold button.close")
    close.evaluate("(button) => button.scrollIntoView({block: 'start'})")
    tap(page, close)
    expect(element.locator("button.open")).to_be_focused()
    save(page, f"article-fold-closed-{name}", pngquant)


Session = tuple[Browser, str, str, str | None]
"""(browser, the site's URL, the --only prefix, pngquant or None)."""


@contextlib.contextmanager
def session(doc: str | None, *, only: bool = True) -> Iterator[Session]:
    """What every screenshot tool starts with: its `--only PREFIX` (if `only`), the built
    site served, Chromium launched."""
    parser = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    if only:
        parser.add_argument("--only", default="", help="only the shots whose names start so")
    prefix: str = getattr(parser.parse_args(), "only", "")
    with serving(DIST) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        yield browser, url, prefix, shutil.which("pngquant")
        browser.close()


def take(browser: Browser, url: str, only: str, pngquant: str | None) -> None:
    """The entry screen and its states; an article's calculator, closed and folded; keeping."""
    for name, (width, height, article, scheme) in FOLD_SHOTS.items():
        if not f"article-fold-{name}".startswith(only):
            continue
        context = phone(browser, width, height, scheme)
        fold(context.new_page(), url, article, name, pngquant)
        context.close()
    for name, (width, height, lang, scheme, text, *what) in SHOTS.items():
        if not name.startswith(only):
            continue
        context = phone(browser, width, height, scheme)
        page = context.new_page()
        page.goto(f"{url}/calculator/?lang={lang}")
        page.evaluate(f"document.documentElement.style.fontSize = '{text}%'")
        calculator = Calculator(page.locator("belot-calculator"))
        expect(calculator.part(".sheet-table")).to_be_visible(timeout=90_000)
        name_the_table(calculator, players=what == ["setup"])
        if what == ["setup"]:
            calculator.part(".setup").evaluate(
                "(step) => scrollBy(0, step.getBoundingClientRect().top - 4)"
            )
            page.evaluate("document.activeElement?.blur()")
            page.wait_for_timeout(300)
            shot(page, name, pngquant)
            context.close()
            continue
        calculator.enter(DEAL)
        expect(calculator.part(".bar-deal")).to_contain_text("11 : 9")
        page.evaluate("document.activeElement?.blur(); window.scrollTo(0, 0)")
        if what:
            entry_state(calculator, what[0])
        shot(page, name, pngquant)
        context.close()
    for name, (width, height, article, scheme) in ARTICLE_SHOTS.items():
        if not name.startswith(only):
            continue
        context = phone(browser, width, height, scheme)
        page = context.new_page()
        page.goto(f"{url}/{article}")
        element = page.locator("belot-calculator").first
        expect(element.locator("button.open")).to_be_visible()
        # The example's heading and text above the calculator, then the calculator.
        page.evaluate(
            """() => {
              const element = document.querySelector("belot-calculator");
              const top = element.getBoundingClientRect().top + scrollY;
              scrollTo(0, top - innerHeight * 0.12);
            }"""
        )
        assert page.workers == [], "the closed calculator started no runtime"
        save(page, name, pngquant)
        context.close()
    keep_shots(browser, url, pngquant, only)


def shot(page: Page, name: str, pngquant: str | None) -> None:
    """The screen as `name` (see save)."""
    save(page, name, pngquant)


def name_the_table(calculator: Calculator, *, players: bool = False) -> None:
    """The example team names (and `players`: the four players, the first dealer) typed
    in the set-up step at the game's start; Done unless the players are shown."""
    calculator.part("button.setup-open").click()
    for team, name in NAMES.items():
        calculator.part(f'.setup input[name="name-{team}"]').fill(name)
    if not players:
        calculator.part("button.setup-done").click()
        return
    for (team, index), player in zip(SEATS, PLAYERS, strict=True):
        calculator.part(f'.setup input[name="player-{team}-{index}"]').fill(player)
    seats = calculator.part(".setup .dealer-seats button.seat")
    expect(seats.last).to_contain_text(PLAYERS[-1])
    seats.nth(1).click()


def entry_state(calculator: Calculator, what: str) -> None:
    """From the deal entered: the carré question, the bar's Undo, or an edit saved."""
    page = calculator.element.page
    record = calculator.part("button.record")
    if what == "question":
        calculator.choose_game("them", "all_trumps")
        calculator.points("them").fill("140")
        calculator.choose("last-trick", "them")
        for team in ("us", "them"):
            calculator.set_count(team, "belot", 0)
            calculator.set_count(team, "tierce", 0)
        calculator.chip("us", "carre").tap()
        calculator.chip("them", "carre").tap()
        expect(calculator.part(".question.higher-carre")).to_be_visible()
    elif what == "undone":
        page.evaluate("window.scrollTo(0, 0)")
        record.tap()
        calculator.part("button.undo-recorded").tap()
        expect(calculator.part(".bar-undone")).to_be_visible()
    else:
        record.tap()
        expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)
        calculator.part(".sheet-table .row-button").first.click()
        calculator.points("us").fill("100")
        calculator.part("button.save").click()
        expect(calculator.part(".bar-recent .recent-row.recorded")).to_be_visible()
    page.wait_for_timeout(400)  # a scroll into view settles
    page.evaluate("document.activeElement?.blur()")


def seeded_games() -> dict[str, object]:
    """Three games as an earlier version kept them (the sheet moves them in on opening)."""
    names = [Names(us="Иван и Петър", them="Мария и Ана"), Names(), Names(us="Ники", them="Дани")]
    games = []
    for index, (deals, each) in enumerate(zip((7, 4, 9), names, strict=True)):
        game = game_to_dict(sample_game(deals, 30 + index, names=each))
        stamp = f"2026-05-{12 + index}T19:{10 + index * 10}:00.000Z"
        names_of = game.get("names", {"us": "", "them": ""})
        record = {"id": f"g-doc-{index}", "created": stamp, "updated": stamp}
        games.append({**record, "names": names_of, "deals": game["deals"]})
    return {"version": 1, "current": "g-doc-1", "games": games}


def keep_shot(browser: Browser, url: str, size: tuple[int, int, str, str], situation: str) -> Page:
    """The calculator page in `situation`, scrolled to what it shows."""
    width, height, lang, scheme = size
    context = phone(browser, width, height, scheme)
    context.add_init_script(STAND_INS.get(situation, ""))
    page = context.new_page()
    page.goto(f"{url}/en/scoring.html")  # the origin, no sheet on it
    key, value = (
        ("belot-calculator.kept", MARK)
        if situation == "cleared"
        else ("belot-calculator", seeded_games())
    )
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [key, json.dumps(value)])
    page.goto(f"{url}/calculator/?lang={lang}")
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".sheet-table")).to_be_visible(timeout=90_000)
    if situation == "remind":
        page.evaluate(MONTH_OLD)
        page.reload()
        expect(calculator.part(".sheet-table")).to_be_visible(timeout=90_000)
    if situation == "asking":
        calculator.part("button.passed").click()  # a deal saved: the browser is asked
        expect(calculator.part(".games .keep")).to_have_attribute("data-state", "asking")
    if situation in ("cleared", "install", "remind"):
        target = calculator.part(".keep-notice")
    else:
        calculator.part("details.games summary").click()
        target = calculator.part("details.games")
    expect(target).to_be_visible()
    target.evaluate("(element) => { element.scrollIntoView({ block: 'start' }); scrollBy(0, -12) }")
    page.evaluate("document.activeElement?.blur()")
    page.wait_for_timeout(300)
    return page


def keep_shots(browser: Browser, url: str, pngquant: str | None, only: str = "") -> None:
    for name, (width, height, lang, scheme, situation) in KEEP_SHOTS.items():
        if not name.startswith(only):
            continue
        page = keep_shot(browser, url, (width, height, lang, scheme), situation)
        save(page, name, pngquant)
        page.context.close()
