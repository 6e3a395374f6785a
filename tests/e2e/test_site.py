"""The real product in Chromium: dist/ (site + widget + Pyodide + our wheel) end to end.

Every test here runs the scoring core inside Pyodide in the page's Web Worker.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_ui import Calculator, Deal
from games_store import KEY, READ_STORE
from playwright.sync_api import Browser, Page, Route, expect

from sitebuild.paths import DIST

RUNTIME_TIMEOUT_MS = 90_000  # Pyodide's first start on a 2-core machine
SCREENSHOTS = Path(__file__).resolve().parents[2] / ".cache" / "e2e"

# The worked cases of docs/rules-cases.md, entered through the UI.
CASES = {
    "case-1-clubs-hanging": (
        Deal("clubs", "us", "none", "us", 71, "them", declarations={"us": {"tierce": 1}}),
        dict(outcome="hanging", raw=(91, 91), record=(0, 9), hanging=9),
    ),
    "case-12-hearts-made": (
        Deal("hearts", "us", "none", "us", 82, "us", declarations={"us": {"belot": 1}}),
        dict(outcome="made", raw=(112, 70), record=(11, 7)),
    ),
    "case-13-all-trumps-inside": (
        Deal(
            "all_trumps",
            "us",
            "none",
            "us",
            120,
            "them",
            declarations={"us": {"belot": 1}, "them": {"tierce": 1}},
        ),
        dict(outcome="inside", raw=(140, 158), record=(0, 30)),
    ),
    "case-14-no-trumps-contra": (
        Deal("no_trumps", "us", "contra", "us", 70, "us"),
        dict(outcome="made", raw=(160, 100), record=(52, 0)),
    ),
}


def open_calculator(page: Page, url: str) -> Calculator:
    """Open a page with a lazy calculator, press its button, wait for the runtime."""
    page.goto(url)
    calculator = Calculator(page.locator("belot-calculator").first)
    button = calculator.part("button.open")
    expect(button).to_be_visible()
    button.click()
    wait_ready(calculator)
    return calculator


def wait_ready(calculator: Calculator) -> None:
    calculator.wait_ready(RUNTIME_TIMEOUT_MS)


@pytest.fixture(scope="module")
def article(browser: object, dist_url: str) -> Iterator[Calculator]:
    """One opened article page shared by the worked cases (Pyodide starts once)."""
    context = browser.new_context(viewport={"width": 1000, "height": 900})  # type: ignore[attr-defined]
    page = context.new_page()
    yield open_calculator(page, f"{dist_url}/bg/visyashta.html")
    context.close()


def test_article_starts_lazily_then_scores_its_own_example(page: Page, dist_url: str) -> None:
    page.goto(f"{dist_url}/en/hanging-deal.html")
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part("button.open")).to_have_text("Open the calculator")
    expect(calculator.part("form")).to_be_hidden()
    assert page.workers == [], "nothing may start before the reader asks"
    calculator.part("button.open").click()
    wait_ready(calculator)
    # Prefilled from the article's attributes: case 1, clubs 91 : 91.
    calculator.expect_result(outcome="hanging", raw=(91, 91), record=(0, 9), hanging=9)
    expect(calculator.part(".outcome")).to_contain_text("Hanging")
    expect(calculator.part("ol.explanation li").first).to_contain_text("71")


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_worked_case_through_the_ui(
    article: Calculator, case: tuple[Deal, dict[str, object]]
) -> None:
    deal, expected = case
    article.enter(deal)
    article.expect_result(**expected)  # type: ignore[arg-type]


def test_result_event_bubbles_out_with_request_and_result(article: Calculator) -> None:
    page = article.element.page
    page.evaluate(
        """() => { window.lastResult = null;
        document.addEventListener('belot-calculator-result', (e) => { window.lastResult = e.detail; }); }"""
    )
    article.enter(CASES["case-12-hearts-made"][0])
    article.points("us").fill("83")
    page.wait_for_function(
        "() => window.lastResult && window.lastResult.request.cards.points === 83"
    )
    detail = page.evaluate("window.lastResult")
    assert detail["request"]["contract"] == "hearts"
    assert detail["result"]["record"] == {"us": 11, "them": 7}


def test_scorer_reports_the_size_of_pythons_wasm_memory(article: Calculator) -> None:
    # bench/startup.py reads the memory of our Python through this call.
    stats = article.element.evaluate("(element) => element.scorer.stats()")
    size = stats["wasmMemoryBytes"]
    assert isinstance(size, int) and size >= 16 * 2**20, stats
    assert size % 65536 == 0, "WebAssembly memory grows in 64 KiB pages"


def test_language_switch_translates_labels_and_explanation(page: Page, dist_url: str) -> None:
    page.goto(f"{dist_url}/calculator/")
    calculator = Calculator(page.locator("belot-calculator"))
    calculator.enter(CASES["case-12-hearts-made"][0])
    wait_ready(calculator)
    chips_us = calculator.part(".declarations-us [role=toolbar]")
    expect(chips_us).to_have_attribute("aria-label", "Обяви – Ние")
    expect(calculator.part("#declarations-legend")).to_have_text("Обяви")
    expect(calculator.part("ol.explanation li").first).to_contain_text("Карти")
    page.get_by_role("button", name="English").click()
    expect(chips_us).to_have_attribute("aria-label", "Declarations – Us")
    expect(calculator.part("ol.explanation li").first).to_contain_text("Cards")
    expect(page.locator("h1")).to_have_text("Score calculator")
    page.get_by_role("button", name="Български").click()
    expect(calculator.part(".outcome")).to_contain_text("Изкарана")


def test_invalid_input_shows_errors_by_the_fields_and_no_result(page: Page, dist_url: str) -> None:
    calculator = open_calculator(page, f"{dist_url}/en/scoring.html")
    calculator.expect_result(outcome="made", raw=(112, 70), record=(11, 7))
    calculator.points("us").fill("200")
    cards_error = calculator.part("#cards-error")
    expect(cards_error).to_contain_text("152")
    expect(calculator.part(".details")).to_be_hidden()
    expect(calculator.points("us")).to_have_attribute("aria-invalid", "true")
    expect(calculator.part(".bar-deal")).to_contain_text("152")
    # A second belot in a suit contract: the chip stops at the contract's one belot
    # (the core's tables) ...
    expect(calculator.chip("us", "belot")).to_have_attribute("aria-disabled", "true")
    calculator.chip("us", "belot").dispatch_event("click")  # pressed anyway
    assert calculator.count("us", "belot") == 1
    # ... and given anyway (by an attribute), the core's error lands in that team's row.
    calculator.element.evaluate("(e) => e.setAttribute('declarations-us', 'belot:2')")
    expect(calculator.part("#declarations-us-error")).to_contain_text("belot")
    expect(calculator.part("#declarations-them-error")).to_be_empty()
    calculator.points("us").fill("82")
    calculator.set_count("us", "belot", 1)
    expect(cards_error).to_be_empty()
    calculator.expect_result(outcome="made", raw=(112, 70), record=(11, 7))


def test_two_widgets_on_one_page_share_one_worker(page: Page, dist_url: str) -> None:
    page.goto(f"{dist_url}/embed.html")
    calculators = page.locator("belot-calculator")
    expect(calculators).to_have_count(2)
    first, second = Calculator(calculators.nth(0)), Calculator(calculators.nth(1))
    first.part("button.open").click()
    second.part("button.open").click()
    wait_ready(first)
    wait_ready(second)
    first.enter(CASES["case-12-hearts-made"][0])
    second.enter(CASES["case-14-no-trumps-contra"][0])
    first.expect_result(outcome="made", raw=(112, 70), record=(11, 7))
    second.expect_result(outcome="made", raw=(160, 100), record=(52, 0))
    assert len(page.workers) == 1, [worker.url for worker in page.workers]


def test_no_request_leaves_the_origin(page: Page, dist_url: str) -> None:
    urls: list[str] = []
    page.context.on("request", lambda request: urls.append(request.url))
    calculator = open_calculator(page, f"{dist_url}/bg/tochki.html")
    calculator.expect_result(outcome="made", raw=(112, 70), record=(11, 7))
    foreign = [url for url in urls if not url.startswith(dist_url + "/")]
    assert not foreign, f"requests outside the origin: {foreign}"
    assert any(url.endswith(".wasm") for url in urls)
    # The core comes as bytecode in the library zip: its wheel is never fetched.
    assert not any(url.endswith(".whl") for url in urls)


@pytest.mark.parametrize(
    "path", ["bg/visyashta.html", "calculator/"], ids=["article", "calculator"]
)
def test_phone_viewport_has_no_horizontal_scroll(browser: object, dist_url: str, path: str) -> None:
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": 360, "height": 740},
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.goto(f"{dist_url}/{path}")
    calculator = Calculator(page.locator("belot-calculator"))
    if calculator.part("button.open").is_visible():
        calculator.part("button.open").tap()
    else:
        calculator.enter(CASES["case-1-clubs-hanging"][0])
    wait_ready(calculator)
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths[0] <= widths[1], (
        f"horizontal scroll: scrollWidth {widths[0]} > clientWidth {widths[1]}"
    )
    for target in ("button.chip", "button.toggle", "fieldset.last-trick label.opt"):
        box = calculator.part(target).first.bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44, (target, box)
    # The game's twelve cells share the width of a phone: 44 px tall, and wide enough.
    box = calculator.part("label.cell").first.bounding_box()
    assert box and box["width"] >= 40 and box["height"] >= 44, box
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(
        path=str(SCREENSHOTS / f"phone-{path.strip('/').replace('/', '-')}.png"), full_page=True
    )
    context.close()


def test_load_failure_shows_a_retry_that_works(page: Page, dist_url: str) -> None:
    def abort(route: Route) -> None:
        route.abort("internetdisconnected")

    page.route("**/*.wasm", abort)
    page.goto(f"{dist_url}/en/hanging-deal.html")
    calculator = Calculator(page.locator("belot-calculator"))
    calculator.part("button.open").click()
    failure = calculator.part(".failure")
    expect(failure).to_be_visible(timeout=RUNTIME_TIMEOUT_MS)
    expect(failure).to_contain_text("could not be loaded")
    expect(calculator.part(".details")).to_be_hidden()
    page.unroute("**/*.wasm", abort)
    calculator.part("button.retry").click()
    wait_ready(calculator)
    expect(failure).to_be_hidden()
    calculator.expect_result(outcome="hanging", raw=(91, 91), record=(0, 9), hanging=9)


def articles_of(lang: str) -> set[str]:
    return {path.name for path in (DIST / lang).glob("*.html") if path.name != "index.html"}


@pytest.mark.parametrize("lang", ["bg", "en"])
def test_the_index_pages_list_every_article(page: Page, dist_url: str, lang: str) -> None:
    response = page.goto(f"{dist_url}/{lang}/")
    assert response is not None and response.status == 200
    expect(page.locator("html")).to_have_attribute("lang", lang)
    listed = page.locator("main .cards a").evaluate_all(
        "(links) => links.map((a) => a.getAttribute('href'))"
    )
    assert set(listed) == articles_of(lang) and len(listed) == len(articles_of(lang))
    assert len(articles_of(lang)) >= 2
    # Every article's header links to its index, and the home page to both.
    for name in sorted(articles_of(lang)):
        page.goto(f"{dist_url}/{lang}/{name}")
        link = page.locator(".site-header nav a[href='./']")
        expect(link).to_have_count(1)
        link.click()
        expect(page).to_have_url(f"{dist_url}/{lang}/")
    page.goto(f"{dist_url}/index.html")
    expect(page.locator(f"main a[href='{lang}/']")).to_have_count(1)


# The sheet's module, also under the fresh URL it is fetched again by (?again=…).
SHEET_MODULE = re.compile(r"/sheet/score-sheet\.js(\?.*)?$")


def wait_saved(page: Page, deals: int) -> None:
    """Until the current game is saved with `deals` deals (the save follows the screen)."""
    page.wait_for_function(
        f"""async (key) => {{
          const data = await ({READ_STORE})(key);
          const game = data?.games.find((g) => g.id === data.current);
          return game?.deals.length === {deals};
        }}""",
        arg=KEY,
    )


@pytest.mark.parametrize("dropped", [1, 2])
def test_a_sheet_module_dropped_once_is_fetched_again_with_no_alert(
    browser: Browser, dist_url: str, dropped: int
) -> None:
    """Issue 32: a module fetch aborted (as when the same tab's previous page is torn
    down) left the page with the form and no sheet until a reload by hand. The sheet's
    module dropped once comes under a fresh URL; dropped twice, the page reloads once by
    itself; either way the sheet shows the game, and no alert."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{dist_url}/calculator/?lang=en")
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.element).to_have_js_property("state", "ready", timeout=RUNTIME_TIMEOUT_MS)
    calculator.enter(Deal("hearts", "us", "none", "us", 82, "us"))
    calculator.part("button.record").click()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)
    wait_saved(page, deals=1)  # the reload below finds it, as it would a moment later
    aborted: list[str] = []

    def drop(route: Route) -> None:
        if len(aborted) < dropped:
            aborted.append(route.request.url)
            route.abort("aborted")
        else:
            route.continue_()

    page.route(SHEET_MODULE, drop)
    page.reload()
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1, timeout=RUNTIME_TIMEOUT_MS)
    expect(calculator.part(".sheet-failure")).to_be_hidden()
    assert len(aborted) == dropped, aborted
    context.close()
    assert not errors, errors


def test_a_score_sheet_that_did_not_load_offers_a_reload_that_brings_it_back(
    browser: Browser, dist_url: str
) -> None:
    """The sheet's modules refused (a network that dropped them, also under a fresh URL
    and after the page's one reload by itself): the calculator still scores, an alert
    says the sheet did not load, and its Reload brings the sheet back with the game
    recorded before. (No service worker: it would answer from its cache.)"""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{dist_url}/calculator/?lang=en")
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.element).to_have_js_property("state", "ready", timeout=RUNTIME_TIMEOUT_MS)
    calculator.enter(Deal("hearts", "us", "none", "us", 82, "us"))
    calculator.part("button.record").click()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)
    wait_saved(page, deals=1)  # the reload below finds it, as it would a moment later

    def abort(route: Route) -> None:
        route.abort("internetdisconnected")

    page.route(SHEET_MODULE, abort)
    page.reload()
    calculator = Calculator(page.locator("belot-calculator"))
    alert = calculator.part(".sheet-failure")
    expect(alert).to_be_visible(timeout=RUNTIME_TIMEOUT_MS)
    expect(alert).to_have_attribute("role", "alert")
    expect(alert).to_contain_text("The score sheet did not load")
    expect(calculator.part(".sheet-table")).to_have_count(0)
    # The calculator itself still scores.
    expect(calculator.element).to_have_js_property("state", "ready", timeout=RUNTIME_TIMEOUT_MS)
    calculator.enter(Deal("hearts", "us", "none", "us", 82, "us"))
    expect(calculator.part(".outcome")).to_be_visible()

    page.unroute(SHEET_MODULE, abort)
    with page.expect_navigation():
        alert.locator("button.reload").click()
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1, timeout=RUNTIME_TIMEOUT_MS)
    expect(calculator.part(".sheet-failure")).to_be_hidden()
    context.close()
    assert not errors, errors
