"""An article's worked example, scored by the build, against the runtime in Chromium.

The build (tools/examples.py) writes into each page the result of every prefilled,
closed calculator as the core scores it in CPython: markup the closed calculator
shows (and a reader without JavaScript sees), and the request with the core's answer,
which the opened calculator shows until the runtime has scored it again. Here every
one of them on the site is opened and scored by Pyodide in the page's worker, and
must be exactly what the build wrote.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from e2e_ui import Calculator
from playwright.sync_api import Page, Route, expect

from sitebuild.paths import DIST

RUNTIME_TIMEOUT_MS = 90_000
DATA_BLOCK = re.compile(r'<script type="application/json" data-belot-example>(.*?)</script>', re.S)


def examples() -> list[tuple[str, int, dict[str, Any]]]:
    """(page, index among the page's calculators, {request, reply}) for every example on the site."""
    found = []
    for page in sorted(DIST.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        calculators = [m.start() for m in re.finditer(r"<belot-calculator\b", text)]
        for block in DATA_BLOCK.finditer(text):
            index = max(i for i, start in enumerate(calculators) if start < block.start())
            found.append((page.relative_to(DIST).as_posix(), index, json.loads(block.group(1))))
    return found


EXAMPLES = examples()


def test_every_prefilled_article_calculator_has_its_example() -> None:
    pages = {page for page, _, _ in EXAMPLES}
    assert {
        "bg/tochki.html",
        "bg/visyashta.html",
        "en/hanging-deal.html",
        "en/scoring.html",
        "embed.html",
    } <= pages
    assert len(EXAMPLES) == 6
    assert all(example["reply"]["ok"] for _, _, example in EXAMPLES)


@pytest.mark.parametrize(
    ("path", "index", "example"), EXAMPLES, ids=[f"{p}#{i}" for p, i, _ in EXAMPLES]
)
def test_the_runtime_computes_what_the_build_wrote(
    page: Page, dist_url: str, path: str, index: int, example: dict[str, Any]
) -> None:
    page.goto(f"{dist_url}/{path}")
    element = page.locator("belot-calculator").nth(index)
    calculator = Calculator(element)
    # Closed: the worked answer is on screen, the runtime not even asked for.
    shown = element.locator(".belot-example")
    expect(shown).to_be_visible()
    result = example["reply"]["result"]
    steps = shown.locator("li")
    lang = shown.get_attribute("lang")
    assert steps.all_inner_texts() == [step["message"][lang] for step in result["explanation"]]
    assert page.workers == []
    assert calculator.property("state") == "closed"
    assert calculator.property("result") == result
    # Opened: the runtime scores the very request the build scored, with the same answer.
    element.evaluate(
        """(element) => {
          window.__results = [];
          element.addEventListener("belot-calculator-result", (event) => window.__results.push(event.detail));
        }"""
    )
    calculator.part("button.open").click()
    calculator.wait_ready(RUNTIME_TIMEOUT_MS)
    page.wait_for_function("() => window.__results.length > 0", timeout=RUNTIME_TIMEOUT_MS)
    detail = page.evaluate("window.__results[0]")
    assert detail["request"] == example["request"]
    assert detail["result"] == result
    record = result["record"]
    expect(calculator.part("td.record-us")).to_have_text(str(record["us"]))
    expect(calculator.part("td.record-them")).to_have_text(str(record["them"]))


def test_opened_the_example_shows_its_result_before_the_runtime_is_in(
    page: Page, dist_url: str
) -> None:
    held: list[Route] = []
    page.route("**/runtime/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(f"{dist_url}/en/scoring.html")
    calculator = Calculator(page.locator("belot-calculator").first)
    calculator.part("button.open").click()
    # Editable at once, with the example's numbers, while the runtime is still on its way.
    expect(calculator.points("us")).to_have_value("82")
    expect(calculator.part("td.record-us")).to_have_text("11")
    expect(calculator.part("td.record-them")).to_have_text("7")
    expect(calculator.part(".outcome")).to_have_text("Made")
    assert calculator.property("state") == "loading"
    # A change while loading is not answered by the example: its numbers go.
    calculator.points("us").fill("90")
    expect(calculator.part(".details")).to_have_class(re.compile(r"\bpending\b"))
    expect(calculator.part(".details")).not_to_be_visible()
    expect(calculator.part(".result-message")).to_have_text(
        "The result appears as soon as the calculator has loaded."
    )
    assert calculator.element.evaluate("(e) => e.request.cards.points") == 90
    for route in held:
        route.continue_()
    page.unroute("**/runtime/pyodide.asm.wasm")
    calculator.wait_ready(RUNTIME_TIMEOUT_MS)
    calculator.expect_result(outcome="made", raw=(120, 62), record=(12, 6))  # 90 + 10 + 20 : 62


def test_without_javascript_the_example_is_there(browser: object, dist_url: str) -> None:
    context = browser.new_context(java_script_enabled=False)  # type: ignore[attr-defined]
    page = context.new_page()
    page.goto(f"{dist_url}/bg/visyashta.html")
    example = page.locator("belot-calculator .belot-example")
    expect(example).to_be_visible()
    expect(example.locator(".belot-example-score")).to_have_text("Ние 0 : 9 Вие · Висяща")
    expect(example.locator(".belot-example-hanging")).to_contain_text("9")
    expect(page.locator("belot-calculator .fallback")).to_be_visible()
    context.close()


def test_a_changed_page_never_shows_an_example_for_another_deal(page: Page, dist_url: str) -> None:
    """The example answers only the request it was scored for: attributes changed before
    the calculator connects (a page's own script, say) are scored by the runtime."""
    page.goto(f"{dist_url}/en/scoring.html")
    element = page.locator("belot-calculator").first
    moved = element.evaluate(
        """(element) => {
          const copy = element.cloneNode(true);
          copy.setAttribute("pile-points", "90");
          element.replaceWith(copy);
          return copy.result;
        }"""
    )
    assert moved is None


def test_the_markup_is_the_cores_words() -> None:
    for path, _, example in EXAMPLES:
        text = (DIST / path).read_text(encoding="utf-8")
        for step in example["reply"]["result"]["explanation"]:
            assert any(
                step["message"][lang].replace("&", "&amp;") in text for lang in ("bg", "en")
            ), (path, step)
    assert (
        Path(DIST / "en" / "scoring.html").read_text(encoding="utf-8").count("data-belot-example")
        == 1
    )
