"""An article's calculator opened and folded back, and the articles' index pages.

Issue 23, in the articles: "Open the calculator" shifted the page by some 380 px (the
page scrolled to show the whole form, and the loading line over the form went away
when the runtime was in), and there was no way to fold the calculator back. Here, on
phones, in Chromium with the built site:

- opening moves nothing above the calculator: the layout shift score (a
  PerformanceObserver, layout_shift.py) is 0 from the tap until the runtime — held
  back 1.5 s, as on a slow network — is in and the page stands still; the content
  above does not move on screen; the form's first part is on screen, with the focus;
- Close folds it back: the focus on "Open the calculator", the page where it was,
  the calculator closed and opened again as it was; a score sheet has no Close.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_ui import Calculator
from layout_shift import READY_TIMEOUT_MS, open_and_measure, place_reader, tap
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Route, expect

#: name → (width, height, article)
PHONES = {
    "390x844-bg": (390, 844, "bg/visyashta.html"),
    "360x740-en": (360, 740, "en/hanging-deal.html"),
}
HOLD_MS = 1_500  # the runtime arrives this long after the tap, well after its 0.5 s of grace

FOCUSED = """(element) => {
  const active = element.shadowRoot.activeElement;
  return active ? `${active.localName}.${active.className} ${active.name ?? ""}`.trim() : null;
}"""
TOGGLES = """(element) => {
  window.__toggles = [];
  element.addEventListener("belot-calculator-toggle", (event) => window.__toggles.push(event.detail.open));
}"""


class Held:
    """A phone whose runtime download (pyodide.asm.wasm) waits until `release()`."""

    def __init__(self, context: BrowserContext) -> None:
        self.routes: list[Route] = []
        context.route(re.compile(r"pyodide\.asm\.wasm$"), lambda route: self.routes.append(route))

    def release(self, page: Page, after_ms: int = HOLD_MS) -> None:
        page.wait_for_timeout(after_ms)
        for _ in range(200):
            if self.routes:
                break
            page.wait_for_timeout(50)
        for route in self.routes:
            route.continue_()
        self.routes.clear()


@pytest.fixture(params=PHONES, ids=PHONES)
def phone(browser: Browser, request: pytest.FixtureRequest) -> Iterator[tuple[Page, Held, str]]:
    width, height, article = PHONES[request.param]
    context = browser.new_context(
        viewport={"width": width, "height": height},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
        service_workers="block",  # a first visit: the runtime comes from the network
    )
    held = Held(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, held, article
    context.close()
    assert not errors, errors


def with_intent(page: Page, element: Locator) -> None:
    """The reader's intent before the press (the pointer over the button, as a finger's
    touch comes a moment before its click): the opened view's modules load then, so the
    press measures the page, not how busy the test machine is."""
    element.locator("button.open").hover()
    page.wait_for_function(
        "() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/styles/calculator.js'))"
    )
    page.wait_for_timeout(200)


def test_opening_shifts_nothing_and_shows_the_form(
    phone: tuple[Page, Held, str], dist_url: str
) -> None:
    page, held, article = phone
    page.goto(f"{dist_url}/{article}")
    element = page.locator("belot-calculator").first
    with_intent(page, element)
    # The reader has the example and the button on screen, the button low.
    opening = open_and_measure(
        page, element, button_at=0.75, while_loading=lambda: held.release(page)
    )
    shifts = [entry for entry in opening.entries if not entry["recent"]]
    assert opening.cls == 0, shifts
    assert opening.above_moved == 0, opening.summary()
    assert opening.scrolled == 0, opening.summary()
    assert opening.first_part_seen, opening.summary()
    assert element.evaluate(FOCUSED).startswith("input"), "the focus is in the game's grid"
    expect(element.locator(".fold button.close")).to_be_visible()


def test_opened_from_below_its_top_the_form_starts_on_screen(
    phone: tuple[Page, Held, str], dist_url: str
) -> None:
    page, held, article = phone
    page.goto(f"{dist_url}/{article}")
    element = page.locator("belot-calculator").first
    with_intent(page, element)
    # The reader scrolled past the example: the calculator's top is above the screen.
    opening = open_and_measure(
        page, element, button_at=0.15, while_loading=lambda: held.release(page)
    )
    assert opening.cls == 0, [entry for entry in opening.entries if not entry["recent"]]
    top = element.locator(".root").evaluate("(root) => root.getBoundingClientRect().top")
    assert 0 <= top <= 16, "scrolled up to the calculator's top, no further"
    assert opening.first_part_seen, opening.summary()


CPU_SLOWDOWN = 4  # a slow phone, as Chromium's developer tools emulate one


def test_on_a_slow_phone_opening_shifts_nothing(
    phone: tuple[Page, Held, str], dist_url: str
) -> None:
    """Issue 33: at 4x CPU slowdown, with no intent before the tap (the view's modules
    load after it), the form grows on a phone for longer than the tap's 0.5 s of grace;
    the space it takes is reserved in one step, so the layout shift score is still 0."""
    page, held, article = phone
    page.goto(f"{dist_url}/{article}")
    element = page.locator("belot-calculator").first
    expect(element.locator("button.open")).to_be_visible()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    opening = open_and_measure(
        page, element, button_at=0.75, while_loading=lambda: held.release(page)
    )
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    assert opening.cls == 0, [entry for entry in opening.entries if not entry["recent"]]
    assert opening.above_moved == 0, opening.summary()
    assert opening.first_part_seen, opening.summary()


def test_close_folds_it_back_and_returns_the_reader(
    phone: tuple[Page, Held, str], dist_url: str
) -> None:
    page, held, article = phone
    page.goto(f"{dist_url}/{article}")
    element = page.locator("belot-calculator").first
    calculator = Calculator(element)
    element.evaluate(TOGGLES)
    place_reader(page, element, 0.6)
    before: dict[str, Any] = element.evaluate(
        "(e) => ({y: scrollY, button: e.shadowRoot.querySelector('button.open').getBoundingClientRect().top})"
    )
    tap(page, element.locator("button.open"))
    held.release(page, after_ms=0)
    calculator.wait_ready(READY_TIMEOUT_MS)
    calculator.expect_result(outcome="hanging", raw=(91, 91), record=(0, 9), hanging=9)
    calculator.points("us").fill("70")  # the reader tries the example with other numbers
    expect(element.locator("td.raw-us")).to_have_text("90")
    # Read on to the explanation, then back up to Close.
    element.locator("ol.explanation").evaluate("(list) => list.scrollIntoView({block: 'end'})")
    close = element.locator(".fold button.close")
    expect(close).to_have_accessible_name(
        re.compile(r"^(Затвори калкулатора|Close the calculator)$")
    )
    close.evaluate("(button) => button.scrollIntoView({block: 'start'})")
    tap(page, close)

    expect(element).to_have_js_property("state", "closed")
    expect(element.locator("button.open")).to_be_visible()
    expect(element.locator("form")).to_be_hidden()
    assert element.evaluate(FOCUSED) == "button.primary open", "the focus is on Open"
    after = element.evaluate(
        "(e) => ({y: scrollY, button: e.shadowRoot.querySelector('button.open').getBoundingClientRect().top})"
    )
    assert abs(after["y"] - before["y"]) <= 1, (before, after)
    assert abs(after["button"] - before["button"]) <= 1, (before, after)

    # Opened again: as it was (the runtime and the deal kept), and closed from the keyboard.
    tap(page, element.locator("button.open"))
    expect(element).to_have_js_property("state", "ready")
    expect(element.locator("td.raw-us")).to_have_text("90")
    expect(calculator.points("us")).to_have_value("70")
    close.focus()
    page.keyboard.press("Enter")
    expect(element).to_have_js_property("state", "closed")
    assert element.evaluate(FOCUSED) == "button.primary open"
    assert page.evaluate("window.__toggles") == [True, False, True, False]


def test_close_is_a_method_too(page: Page, dist_url: str) -> None:
    page.goto(f"{dist_url}/en/scoring.html")
    element = page.locator("belot-calculator").first
    element.evaluate("(e) => e.open()")
    expect(element.locator(".fold button.close")).to_be_visible()
    expect(element.locator(".fold button.close")).to_have_text("Close")
    element.evaluate("(e) => e.close()")
    expect(element).to_have_js_property("state", "closed")
    expect(element).to_have_attribute("lazy", "")
    expect(element.locator("button.open")).to_be_visible()


def test_a_score_sheet_has_no_close(page: Page, dist_url: str, source_url: str) -> None:
    # The standalone calculator: the sheet is the page's purpose.
    page.goto(f"{dist_url}/calculator/?lang=bg")
    calculator = page.locator("belot-calculator")
    expect(calculator.locator("form")).to_be_visible()
    expect(calculator.locator("button.close")).to_have_count(0)
    # A lazy calculator with a sheet, opened: no Close either (close() still folds it).
    page.goto(f"{source_url}/tests/e2e/pages/fake.html")
    page.wait_for_function("() => window.pageReady === true")
    page.evaluate("() => mount({lazy: '', sheet: ''}, {lang: 'en'})")
    element = page.locator("#calc")
    element.locator("button.open").click()
    expect(element.locator(".sheet")).to_be_visible()
    expect(element.locator("button.close")).to_be_hidden()
    element.evaluate("(e) => e.close()")
    expect(element.locator("button.open")).to_be_visible()
