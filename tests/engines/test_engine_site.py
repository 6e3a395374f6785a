"""The site's worked examples in Firefox and WebKit: every prefilled calculator opens
and scores exactly what the core gives in CPython, and shows it.

The examples are found in site/ (every <belot-calculator> with prefilled points), so
a new article's example is tested without a change here.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from typing import TYPE_CHECKING, Any

import pytest
from engine_ui import attributes_of, open_calculator

from belot_core.json_api import score_deal_json
from browsers import Browser, ScriptError
from sitebuild.paths import ROOT

if TYPE_CHECKING:
    from conftest import Profile

SITE = ROOT / "site"


class Calculators(HTMLParser):
    """The attributes of every <belot-calculator> element in a page, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "belot-calculator":
            self.found.append({name: value or "" for name, value in attrs})


def calculators_in(path: str) -> list[dict[str, str]]:
    parser = Calculators()
    parser.feed((SITE / path).read_text(encoding="utf-8"))
    return parser.found


EXAMPLE_PAGES = sorted(
    str(page.relative_to(SITE))
    for page in SITE.rglob("*.html")
    if any("pile-points" in found for found in calculators_in(str(page.relative_to(SITE))))
)
assert EXAMPLE_PAGES, f"no prefilled calculator found in {SITE}"


def counts(text: str) -> dict[str, int]:
    """declarations-us="tierce:1,belot" → {"tierce": 1, "belot": 1} (zeros left out)."""
    parsed: dict[str, int] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        kind, _, count = item.partition(":")
        parsed[kind.strip()] = int(count or 1)
    return {kind: count for kind, count in parsed.items() if count}


def expect_request_from(attributes: dict[str, str], request: dict[str, Any]) -> None:
    """The request the widget sent says what the article's attributes say."""
    sent = attributes_of(request)
    for name, value in attributes.items():
        if name.startswith("declarations-"):
            if request["contract"] != "no_trumps":
                assert counts(sent[name]) == counts(value), (name, request)
        elif name in sent:
            assert sent[name] == value, (name, value, request)
        elif name == "hanging-in":
            assert request["hanging_in"] == int(value), request


@pytest.mark.parametrize("path", EXAMPLE_PAGES)
def test_article_example_scores_as_the_core_in_cpython(
    browser: Browser, profile: Profile, dist_url: str, path: str
) -> None:
    page = profile.new_page(f"{dist_url}/{path}")
    examples = calculators_in(path)
    for index, attributes in enumerate(examples):
        if "pile-points" not in attributes:
            continue
        opened = open_calculator(page, index)
        request, result = opened["request"], opened["result"]
        expect_request_from(attributes, request)
        reply = json.loads(score_deal_json(json.dumps(request)))
        assert reply["ok"], reply
        assert result == reply["result"], f"{browser.engine} scored {path} #{index} differently"
        record = reply["result"]["record"]
        assert opened["shown"] == {"us": str(record["us"]), "them": str(record["them"])}, opened
    # Every calculator on a page shares one scorer (one Python worker).
    assert (
        page.evaluate(
            "() => new Set([...document.querySelectorAll('belot-calculator')].map((e) => e.scorer)).size"
        )
        == 1
    )


def test_driver_evaluates_functions_with_json_values(
    browser: Browser, profile: Profile, dist_url: str
) -> None:
    """What bench/startup.py and these tests rely on, in each engine."""
    page = profile.new_page(f"{dist_url}/en/scoring.html")
    assert page.evaluate("(a, b) => [a + b, a % b, `${a}`]", 2, 3) == [5, 2, "2"]
    assert page.evaluate("() => undefined") is None
    assert page.evaluate("async (o) => ({...o, seen: true})", {"x": [1, "y"]}) == {
        "x": [1, "y"],
        "seen": True,
    }
    stamp = page.evaluate("() => performance.timeOrigin + performance.now()")
    assert isinstance(stamp, float | int) and stamp > 1.5e12
    with pytest.raises(ScriptError, match="boom"):
        page.evaluate("async () => { throw new TypeError('boom'); }")
    page.evaluate("() => { setTimeout(() => { throw new Error('uncaught in a task'); }); }")
    page.evaluate("() => new Promise((resolve) => setTimeout(resolve, 100))")
    errors = page.errors()
    assert len(errors) == 1 and "uncaught in a task" in errors[0], errors
    profile.pages.remove(page)  # its error was on purpose
    page.close()


def test_each_profile_starts_empty(browser: Browser, profile: Profile, dist_url: str) -> None:
    first = profile.new_page(f"{dist_url}/en/scoring.html")
    first.evaluate("() => localStorage.setItem('engines-test', 'kept')")
    other = browser.new_context()
    try:
        page = other.new_page()
        page.goto(f"{dist_url}/en/scoring.html")
        assert page.evaluate("() => localStorage.getItem('engines-test')") is None
    finally:
        other.close()
    second = profile.new_page(f"{dist_url}/en/scoring.html")
    assert second.evaluate("() => localStorage.getItem('engines-test')") == "kept"
