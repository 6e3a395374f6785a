"""Every page of the built site under the site's strict Content Security Policy.

The build's server sends the policy as a header and the build writes it into every
page as a <meta>; each page is opened and used as a reader would (its calculators
opened and scoring, the score sheet recording a deal, the language buttons), and not
one `securitypolicyviolation` may fire and not one policy complaint may reach the
console of the page, its worker or the service worker.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from e2e_ui import Calculator, Deal
from playwright.sync_api import Browser, BrowserContext, Page, expect

from sitebuild.paths import CONTENT_SECURITY_POLICY, DIST

RUNTIME_TIMEOUT_MS = 90_000
HEARTS = Deal("hearts", "us", "none", "us", 82, "us", declarations={"us": {"belot": 1}})

# Collected from the first script on: every violation the page's document sees.
WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(
    `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
}, true);
"""
COMPLAINT = re.compile(
    r"Content.Security.Policy|Trusted.?Type|TrustedScriptURL|TrustedHTML|Refused to", re.IGNORECASE
)


@pytest.fixture(scope="module")
def strict(browser: Browser) -> Iterator[tuple[BrowserContext, list[str]]]:
    """One context for every page (the runtime is downloaded once), and the policy
    complaints its pages, workers and service worker write to the console."""
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    context.add_init_script(WATCH_VIOLATIONS)
    complaints: list[str] = []
    context.on(
        "console",
        lambda message: complaints.append(message.text) if COMPLAINT.search(message.text) else None,
    )
    yield context, complaints
    context.close()


def open_every_calculator(page: Page) -> None:
    """Press each lazy calculator's button; each must load and score its own example."""
    elements = page.locator("belot-calculator")
    for index in range(elements.count()):
        calculator = Calculator(elements.nth(index))
        calculator.part("button.open").click()
        expect(calculator.element).to_have_js_property("state", "ready", timeout=RUNTIME_TIMEOUT_MS)
        expect(calculator.part(".outcome")).to_be_visible()
        assert calculator.property("result") is not None


def use_the_calculator_page(page: Page) -> None:
    """Score a deal, record it on the sheet, switch the language both ways."""
    calculator = Calculator(page.locator("belot-calculator"))
    calculator.enter(HEARTS)
    expect(calculator.element).to_have_js_property("state", "ready", timeout=RUNTIME_TIMEOUT_MS)
    calculator.expect_result(outcome="made", raw=(112, 70), record=(11, 7))
    calculator.part("button.record").click()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)
    page.locator('.lang-switch button[data-lang="bg"]').click()
    expect(page.locator("h1")).to_have_text("Калкулатор за точки")
    expect(page.locator("html")).to_have_attribute("lang", "bg")
    page.locator('.lang-switch button[data-lang="en"]').click()
    expect(page.locator("h1")).to_have_text("Score calculator")


PAGES = {
    "index": ("index.html", None),
    "bg-index": ("bg/index.html", None),
    "en-index": ("en/index.html", None),
    "embed": ("embed.html", open_every_calculator),
    "bg-tochki": ("bg/tochki.html", open_every_calculator),
    "bg-visyashta": ("bg/visyashta.html", open_every_calculator),
    "en-scoring": ("en/scoring.html", open_every_calculator),
    "en-hanging-deal": ("en/hanging-deal.html", open_every_calculator),
    "calculator": ("calculator/?lang=en", use_the_calculator_page),
}


@pytest.mark.parametrize("name", PAGES)
def test_page_runs_under_the_strict_policy_without_a_violation(
    strict: tuple[BrowserContext, list[str]], dist_url: str, name: str
) -> None:
    context, complaints = strict
    path, use = PAGES[name]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        response = page.goto(f"{dist_url}/{path}")
        assert response is not None
        assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        assert response.headers["x-content-type-options"] == "nosniff"
        meta = page.locator('meta[http-equiv="Content-Security-Policy"]')
        assert meta.get_attribute("content") == CONTENT_SECURITY_POLICY
        if use is not None:
            use(page)
        page.wait_for_timeout(300)  # a late violation (a style, an image) still reaches us
        assert page.evaluate("window.__violations") == []
        assert complaints == []
        assert errors == []
    finally:
        page.close()


def test_every_page_of_the_site_is_tried() -> None:
    """A page added to the site is added above, or this fails."""
    pages = {path.relative_to(DIST).as_posix() for path in DIST.rglob("*.html")}
    tried = {path.replace("/?lang=en", "/index.html") for path, _ in PAGES.values()}
    assert pages == tried
