"""What axe cannot see (issue 13 §2, §3): where the focus lands, large text, zoom, print,
the borders of controls, and what the one live region says.

- The focus is never hidden under the sticky bar: Tab through the whole standalone page
  (a sheet with rows, the disclosures open) at 1280x900 and 390x844, and through an
  article's calculator; every focused element is on screen and clear of the bar.
- Text at 200% (Android's font scale, emulated by the root font size) on a 390-px
  screen, and 400% zoom (a 320x256 viewport, WCAG's reflow check): no page scrolls
  sideways, no figure of the result or the sheet is cut, and the bar never covers more
  than a quarter of the screen.
- Printed, a finished game is the sheet (title and date, names, rows, totals, the
  winner) on one page, without the form.
- Controls' borders have 3:1 against the page, light and dark (WCAG 1.4.11).
- Undo and New game say what they did; no name carries an arrow or a triangle.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from e2e_ui import Calculator, Deal, hidden_by_the_bar, tab_through
from games_store import seed
from playwright.sync_api import Browser, BrowserContext, Page, expect

RUNTIME_TIMEOUT_MS = 90_000  # Pyodide's first start on a 2-core machine
HEARTS = Deal("hearts", "us", "none", "us", 82, "us", declarations={"us": {"belot": 1}})
SPADES = Deal("spades", "them", "contra", "us", 60, "us")

# A finished game, as the sheet keeps it on the device: six deals of 26 for Иван и Петър.
OVER_DEAL = {
    "contract": "all_trumps",
    "bidder": "us",
    "doubling": "none",
    "cards": {"team": "us", "points": 248},
    "last_trick": "us",
    "capot": None,
    "declarations": {"us": {}, "them": {}},
}
OVER = {
    "version": 1,
    "current": "g-over",
    "games": [
        {
            "id": "g-over",
            "created": "2026-01-02T18:00:00.000Z",
            "updated": "2026-01-02T19:00:00.000Z",
            "names": {"us": "Иван и Петър", "them": "Мария и Ана"},
            "deals": [OVER_DEAL] * 6,
        }
    ],
}


def open_sheet(page: Page, url: str, lang: str = "en") -> Calculator:
    page.goto(f"{url}/calculator/?lang={lang}")
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".sheet-table")).to_be_visible(timeout=RUNTIME_TIMEOUT_MS)
    return calculator


def record(calculator: Calculator, deal: Deal) -> None:
    rows = calculator.part(".sheet-table tbody tr")
    before = rows.count()
    calculator.enter(deal)
    calculator.part("button.record").click()
    expect(rows).to_have_count(before + 1)


@pytest.fixture(params=[(1280, 900), (390, 844)], ids=["1280x900", "390x844"])
def screen(request: pytest.FixtureRequest, browser: Browser) -> Iterator[BrowserContext]:
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height})
    yield context
    context.close()


def test_the_focus_is_never_hidden_under_the_bar(screen: BrowserContext, dist_url: str) -> None:
    page = screen.new_page()
    height = page.viewport_size["height"]  # type: ignore[index]
    calculator = open_sheet(page, dist_url)
    record(calculator, HEARTS)
    record(calculator, SPADES)
    calculator.enter(HEARTS)  # a deal in the form: Record is a stop too
    expect(calculator.part("button.record")).to_be_enabled()
    for details in ("names", "games", "text"):
        calculator.part(f"details.{details} > summary").click()
    seen = tab_through(page)
    whats = " | ".join(place["what"] for place in seen)
    # The walk went from the header through the form, the bar and the sheet to the end.
    for stop in ("button.primary record", "summary.", "textarea.summary-text", "a."):
        assert stop in whats, (stop, whats)
    assert hidden_by_the_bar(seen, height) == [], whats

    # An article's calculator: its bar shows the score while the result is out of view.
    page.goto(f"{dist_url}/en/scoring.html")
    article = Calculator(page.locator("belot-calculator").first)
    article.part("button.open").click()
    article.wait_ready(RUNTIME_TIMEOUT_MS)
    seen = tab_through(page)
    assert any("chip" in place["what"] for place in seen)
    assert hidden_by_the_bar(seen, height) == []


# Everything that sticks out sideways: the page's own width, and any element (in shadow
# roots too) past the screen's edge that is not inside a box that scrolls by itself.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  const scrolls = (e) => {
    for (let p = e.parentElement; p; p = p.parentElement ?? p.getRootNode().host) {
      if (["auto", "scroll"].includes(getComputedStyle(p).overflowX)) return true;
    }
    return false;
  };
  const walk = (root) => {
    for (const e of root.querySelectorAll("*")) {
      const box = e.getBoundingClientRect();
      if (box.width && (box.right > width + 0.5 || box.left < -0.5) && !scrolls(e)) {
        out.push(`${e.localName}.${e.className} ${Math.round(box.left)}..${Math.round(box.right)}`);
      }
      if (e.shadowRoot) walk(e.shadowRoot);
    }
  };
  walk(document);
  return { scrollWidth: document.documentElement.scrollWidth, width, out: out.slice(0, 10) };
}"""

# Figures of the result and the sheet whose text does not fit their cell.
CUT = """() => [...document.querySelectorAll("belot-calculator")].flatMap((host) =>
  [...host.shadowRoot.querySelectorAll("td, th, .bar-deal, .bar-totals")]
    .filter((cell) => cell.offsetParent && cell.scrollWidth > cell.clientWidth + 1)
    .map((cell) => `${cell.className}: ${cell.textContent}`))"""


def large_text(page: Page, percent: int) -> None:
    """Android's font scale, as a larger root font size (CSSOM: the policy allows it)."""
    page.evaluate(f"document.documentElement.style.fontSize = '{percent}%'")


def expect_reflow(page: Page, where: str) -> None:
    found = page.evaluate(OVERFLOW)
    assert found["scrollWidth"] <= found["width"], (where, found)
    assert found["out"] == [], (where, found)
    assert page.evaluate(CUT) == [], where


def expect_bar_covers_at_most_a_quarter(calculator: Calculator, height: int) -> None:
    bar = calculator.part(".bar")
    # A bar that would cover more lets go of the screen once its ResizeObserver has
    # measured it, in the frame after it shows: wait for two frames first.
    bar.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    box = bar.bounding_box()
    assert box
    sticky = bar.evaluate("(bar) => getComputedStyle(bar).position") == "sticky"
    covered = box["height"] if sticky else 0
    assert covered <= height / 4, (box, sticky)


@pytest.mark.parametrize(
    ("width", "height", "percent"),
    [(390, 844, 200), (320, 256, 100)],
    ids=["200%-text-390x844", "400%-zoom-320x256"],
)
def test_large_text_and_zoom_reflow_without_sideways_scrolling(
    browser: Browser, dist_url: str, width: int, height: int, percent: int
) -> None:
    context = browser.new_context(
        viewport={"width": width, "height": height}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    # The standalone calculator: a result in the form, a sheet with rows, long names.
    calculator = open_sheet(page, dist_url, lang="bg")
    large_text(page, percent)
    calculator.part("details.names > summary").click()
    calculator.part('input[name="name-us"]').fill("Иван и Петър")
    record(calculator, HEARTS)
    calculator.enter(SPADES)
    expect(calculator.part(".bar-deal")).to_have_class(re.compile("scored"))
    for details in ("games", "text"):
        calculator.part(f"details.{details} > summary").click()
    expect_reflow(page, "calculator")
    expect_bar_covers_at_most_a_quarter(calculator, height)
    assert hidden_by_the_bar(tab_through(page), height) == []
    # Every other page, its calculators open and scored.
    for path in ("index.html", "embed.html", "bg/tochki.html", "en/hanging-deal.html"):
        page.goto(f"{dist_url}/{path}")
        large_text(page, percent)
        elements = page.locator("belot-calculator")
        for index in range(elements.count()):
            calculator = Calculator(elements.nth(index))
            calculator.part("button.open").click()
            calculator.wait_ready(RUNTIME_TIMEOUT_MS)
            calculator.part("form").evaluate("(form) => form.scrollIntoView()")
            expect(calculator.part(".bar")).to_be_visible()  # the result is out of view
            expect_bar_covers_at_most_a_quarter(calculator, height)
        expect_reflow(page, path)
    context.close()


def test_team_names_fit_a_360_px_phone(browser: Browser, dist_url: str) -> None:
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    calculator = open_sheet(page, dist_url, lang="bg")
    calculator.part("details.names > summary").click()
    sheet = calculator.part(".sheet").bounding_box()
    assert sheet
    for team in ("us", "them"):
        box = calculator.part(f'input[name="name-{team}"]').bounding_box()
        assert box and box["x"] >= sheet["x"] - 0.5
        assert box["x"] + box["width"] <= sheet["x"] + sheet["width"] + 0.5, (box, sheet)
    context.close()


def test_the_sheets_extras_look_like_disclosures(page: Page, dist_url: str) -> None:
    """A chevron that turns when open, no triangle in the name, not a heading's weight."""
    calculator = open_sheet(page, dist_url)
    for details in ("names", "games", "text"):
        summary = calculator.part(f"details.{details} > summary")
        chevron = "(s) => getComputedStyle(s, '::before').transform"
        closed = summary.evaluate(chevron)
        assert closed != "none"
        assert summary.evaluate("(s) => getComputedStyle(s, '::before').content") == '""'
        assert int(summary.evaluate("(s) => getComputedStyle(s).fontWeight")) < 600
        summary.click()
        assert summary.evaluate(chevron) != closed
    names = calculator.element.evaluate(
        """(e) => [...e.shadowRoot.querySelectorAll("button, summary, [role], [aria-label]")]
          .map((n) => (n.getAttribute("aria-label") ?? "") + " " + n.textContent)"""
    )
    assert not [name for name in names if re.search("[↓▸▾▶►]", name)]


def test_undo_and_new_game_say_what_they_did(page: Page, dist_url: str) -> None:
    calculator = open_sheet(page, dist_url)
    live = calculator.part('[part="announcement"]')
    record(calculator, HEARTS)
    record(calculator, SPADES)
    calculator.part("button.undo").click()
    expect(live).to_have_text("The last deal was undone. Totals 11 : 7.")
    calculator.part(".sheet-toolbar button.new-game").click()
    calculator.part(".confirm button.confirm-yes").click()
    expect(live).to_have_text("A new game has started.")


def test_a_finished_game_prints_as_the_sheet(page: Page, dist_url: str) -> None:
    page.goto(f"{dist_url}/calculator/?lang=bg")
    seed(page, OVER)
    page.reload()
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".banner.winner")).to_be_visible(timeout=RUNTIME_TIMEOUT_MS)
    page.emulate_media(media="print")
    for shown in (
        ".print-title",
        ".banner.winner",
        ".sheet-table thead",
        ".sheet-table tbody tr >> nth=5",
        ".sheet-table tfoot",
    ):
        expect(calculator.part(shown)).to_be_visible()
    expect(calculator.part(".print-title")).to_have_text(re.compile(r"^Белот · .*2026"))
    expect(calculator.part(".sheet-table thead th.us")).to_have_text("Иван и Петър")
    expect(calculator.part(".sheet-table thead th.them")).to_have_text("Мария и Ана")
    expect(calculator.part(".sheet-table tfoot td.us")).to_have_text("156")
    expect(calculator.part(".banner.winner")).to_have_text("Победители: Иван и Петър (156 : 0)")
    for gone in ("form", ".bar", ".result", ".sheet-toolbar", "details.games"):
        expect(calculator.part(gone)).to_be_hidden()
    for gone in (".site-header", ".site-footer", ".lead", "h1"):
        expect(page.locator(gone)).to_be_hidden()
    # Black on white whatever the screen's scheme, on one page of paper.
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
    page.emulate_media(media="screen")
    # On screen again: the bar with the next game; the form of a game that is over is closed.
    expect(calculator.part("button.bar-new-game")).to_be_visible()
    expect(calculator.part("form")).to_be_hidden()


def contrast(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    def luminance(rgb: tuple[float, ...]) -> float:
        def channel(c: float) -> float:
            c /= 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        r, g, b = (channel(c) for c in rgb[:3])
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def rgb(text: str) -> tuple[float, ...]:
    numbers = [float(n) for n in re.findall(r"[\d.]+", text)]
    assert len(numbers) == 3 or numbers[3] == 1, f"not opaque: {text}"
    return tuple(numbers[:3])


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_controls_have_borders_of_3_to_1(browser: Browser, dist_url: str, scheme: str) -> None:
    """WCAG 1.4.11: the border is what shows a button or a box is there."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)  # type: ignore[arg-type]
    page = context.new_page()
    calculator = open_sheet(page, dist_url)
    calculator.part("details.names > summary").click()
    background = rgb(calculator.element.evaluate("(e) => getComputedStyle(e).backgroundColor"))
    controls = {
        "game cell": "label.cell .face",
        "points box": 'input[name="points-us"]',
        "last trick": "fieldset.last-trick .face",
        "toggle": "button.toggle.doubling-contra",
        "chip": ".declarations-us button.chip.tierce",
        "team name": 'input[name="name-us"]',
        "sheet button": "button.share",
    }
    for name, selector in controls.items():
        border = calculator.part(selector).first.evaluate(
            "(e) => getComputedStyle(e).borderTopColor"
        )
        ratio = contrast(rgb(border), background)
        assert ratio >= 3, (scheme, name, border, ratio)
    page_links = page.locator(".lang-switch button[aria-pressed='false']")
    border = rgb(page_links.evaluate("(e) => getComputedStyle(e).borderTopColor"))
    paper = rgb(page.evaluate("getComputedStyle(document.body).backgroundColor"))
    assert contrast(border, paper) >= 3, scheme
    context.close()
