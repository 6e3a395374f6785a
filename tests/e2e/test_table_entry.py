"""At the table (issue 11): the entry form on a phone, with the real core in Pyodide.

A whole game is played on 390x844 and 360x740 touch screens without a scroll between
the game grid and Record (checked from the elements' positions); nothing of a deal
carries over into the next; the rule book's D1-D7 go through the chips and the core's
one question and come out as the core scores them; and a deal is entered and recorded
with the keyboard alone, along a short, fixed Tab order.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_ui import Calculator, Deal, focus_place, hidden_by_the_bar
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from belot_core.json_api import score_deal_json

RUNTIME_TIMEOUT_MS = 90_000  # Pyodide's first start on a 2-core machine

# The bench's game (bench/table_entry.py): a hanging deal, contra, an inside deal,
# carré + belot, a capot, No trumps and recontra with a tierce.
GAME = (
    Deal("hearts", "us", "none", "us", 82, "us", declarations={"us": {"belot": 1}}),
    Deal("diamonds", "us", "none", "us", 81, "them"),
    Deal("spades", "them", "contra", "us", 60, "us"),
    Deal("clubs", "us", "none", "us", 70, "them"),
    Deal(
        "all_trumps",
        "them",
        "none",
        "them",
        140,
        "them",
        declarations={"them": {"carre": 1, "belot": 1}},
    ),
    Deal("hearts", "us", "none", "us", 152, "us", capot="us"),
    Deal("no_trumps", "them", "none", "us", 50, "us"),
    Deal("spades", "us", "recontra", "us", 90, "us", declarations={"us": {"tierce": 1}}),
)


def request_of(deal: Deal) -> dict[str, Any]:
    """The core's request for a deal entered as announced (for score_deal_json)."""
    capot = None if deal.capot == "none" else deal.capot
    request: dict[str, Any] = {
        "version": 1,
        "contract": deal.contract,
        "bidder": deal.bidder,
        "doubling": deal.doubling,
        "cards": {"team": deal.pile_team, "points": deal.points},
        "last_trick": deal.last_trick,
        "capot": capot,
    }
    if deal.contract != "no_trumps":
        request["announced"] = {team: deal.declarations.get(team, {}) for team in ("us", "them")}
        request["higher"] = deal.higher
    return request


def core(deal: Deal, **more: Any) -> dict[str, Any]:
    """What the core says of `deal` (in CPython): its result, or its errors."""
    answer: dict[str, Any] = json.loads(score_deal_json(json.dumps({**request_of(deal), **more})))
    return answer


@pytest.fixture(params=[(390, 844), (360, 740)], ids=["390x844", "360x740"])
def phone(request: pytest.FixtureRequest, browser: Browser) -> Iterator[BrowserContext]:
    width, height = request.param
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    yield context
    context.close()


def open_sheet(page: Page, url: str, lang: str = "bg") -> Calculator:
    page.goto(f"{url}/calculator/?lang={lang}")
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".sheet-table")).to_be_visible(timeout=RUNTIME_TIMEOUT_MS)
    return calculator


class Finger:
    """Taps with a touch where a target is on screen, never scrolling for the player;
    before each tap it checks the target is inside the screen and clear of the bar."""

    def __init__(self, page: Page, calculator: Calculator) -> None:
        self.page = page
        self.calculator = calculator

    def tap(self, target: Locator) -> None:
        box = target.bounding_box()
        bar = self.calculator.part(".bar").bounding_box()
        assert box and bar, (target, box, bar)
        height = self.page.viewport_size["height"]  # type: ignore[index]
        in_bar = target.evaluate("(e) => Boolean(e.closest('.bar'))")
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, ("off screen", target, box)
        if not in_bar:
            assert box["y"] + box["height"] <= bar["y"], ("under the bar", target, box, bar)
        assert bar["y"] + bar["height"] <= height, ("the bar is off screen", bar)
        self.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    def enter(self, deal: Deal) -> None:
        calculator = self.calculator
        self.tap(calculator.part(f'label.cell:has(input[value="{deal.bidder}:{deal.contract}"])'))
        if deal.capot != "none":
            self.tap(calculator.toggle("capot", deal.capot))
        else:
            box = calculator.points(deal.pile_team)
            if not box.evaluate("(e) => e.getRootNode().activeElement === e"):
                self.tap(box)
            self.page.keyboard.type(str(deal.points))
            self.tap(
                calculator.part(
                    f'fieldset.last-trick label.opt:has(input[value="{deal.last_trick}"])'
                )
            )
        if deal.doubling != "none":
            self.tap(calculator.toggle("doubling", deal.doubling))
        for team, counts in deal.declarations.items():
            for kind, count in counts.items():
                for _ in range(count):
                    self.tap(calculator.chip(team, kind))


#: The attributes of a deal's facts; only whose pile was counted may stay.
FACTS = (
    "contract",
    "bidder",
    "last-trick",
    "pile-points",
    "capot",
    "doubling",
    "declarations-us",
    "declarations-them",
    "higher-sequence",
    "higher-carre",
)


def expect_cleared(calculator: Calculator) -> None:
    """Every fact of a deal is cleared or unset: nothing of the last deal is left."""
    for name in FACTS:
        expect(calculator.element).not_to_have_attribute(name, re.compile(".*"))
    for group in ("game", "last-trick", "higher-sequence", "higher-carre"):
        expect(calculator.part(f'input[name="{group}"]:checked')).to_have_count(0)
    expect(calculator.part('button.toggle[aria-pressed="true"]')).to_have_count(0)
    expect(calculator.part("button.chip .badge:not(:empty)")).to_have_count(0)
    for team in ("us", "them"):
        expect(calculator.points(team)).to_have_value("")
    expect(calculator.part(".question:not([hidden])")).to_have_count(0)


def test_a_whole_game_on_a_phone_without_a_scroll(phone: BrowserContext, dist_url: str) -> None:
    page = phone.new_page()
    calculator = open_sheet(page, dist_url)
    finger = Finger(page, calculator)
    rows = calculator.part(".sheet-table tbody tr")
    # A new table first says who deals (one tap); then one line above the form says it.
    finger.tap(calculator.part(".dealer-seats button.seat").first)
    expect(calculator.part(".dealer-name")).to_have_text("Раздава: Ние (1)")
    # The points and the last trick sit high enough to stay above a phone's keyboard.
    height = page.viewport_size["height"]  # type: ignore[index]
    for row in (calculator.part(".piles"), calculator.part("fieldset.last-trick")):
        box = row.bounding_box()
        assert box and box["y"] + box["height"] <= 0.55 * height, box
    for number, deal in enumerate(GAME, start=1):
        finger.enter(deal)
        expected = core(deal, hanging_in=calculator.element.evaluate("(e) => e.request.hanging_in"))
        record = expected["result"]["record"]
        # (the totals line above it names the teams; the deal's line is its score)
        expect(calculator.part(".bar-deal")).to_contain_text(
            f"Раздаване: {record['us']} : {record['them']}"
        )
        finger.tap(calculator.part("button.record"))
        expect(rows).to_have_count(number)
        assert page.evaluate("scrollY") == 0, f"deal {number}: the page scrolled"
        expect_cleared(calculator)
    totals = calculator.property("game")["result"]["totals"]
    expect(calculator.part(".bar-totals")).to_contain_text(
        f"Общо Ние {totals['us']} : {totals['them']} Вие"
    )
    assert totals == {"us": 132, "them": 112}  # the bench game's totals, as the rule book has them


def test_the_focus_moves_into_the_points_inside_the_tap(browser: Browser, dist_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    calculator = open_sheet(page, dist_url)
    # Every focus that lands in a points box: was it inside a tap (the same task as the
    # tap's trusted click)? A phone opens its keypad only then.
    calculator.element.evaluate("""(element) => {
      window.focusInTap = [];
      let inTap = false;
      window.addEventListener("click", (event) => {
        if (!event.isTrusted) return;
        inTap = true;
        setTimeout(() => { inTap = false; }, 0);
      }, true);
      element.shadowRoot.addEventListener("focusin", (event) => {
        if (String(event.target.name).startsWith("points-")) window.focusInTap.push(inTap);
      }, true);
    }""")
    cell = calculator.part('label.cell:has(input[value="them:spades"])').bounding_box()
    assert cell
    page.touchscreen.tap(cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2)
    expect(calculator.points("us")).to_be_focused()  # whose pile: the scorekeeper's habit
    assert page.evaluate("window.focusInTap") == [True]
    # With points already typed, choosing another game leaves the focus where it is.
    page.keyboard.type("60")
    cell = calculator.part('label.cell:has(input[value="us:hearts"])').bounding_box()
    assert cell
    page.touchscreen.tap(cell["x"] + cell["width"] / 2, cell["y"] + cell["height"] / 2)
    expect(calculator.radio("game", "us:hearts")).to_be_focused()
    assert page.evaluate("window.focusInTap") == [True]
    context.close()


def test_nothing_carries_over_and_the_bar_says_what_is_missing(page: Page, dist_url: str) -> None:
    calculator = open_sheet(page, dist_url, lang="en")
    bar = calculator.part(".bar-deal")
    record = calculator.part("button.record")
    deal = Deal(
        "spades", "them", "contra", "them", 60, "them",
        declarations={"us": {"quarte": 1}, "them": {"quarte": 1}}, higher={"sequence": "them"},
    )  # fmt: skip
    calculator.enter(deal)
    expect(record).to_be_enabled()
    record.click()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)
    expect_cleared(calculator)
    expect(calculator.radio("game", "us:clubs")).to_be_focused()  # back to the first field
    result = core(deal)["result"]
    expect(calculator.part('[part="announcement"]')).to_have_text(
        f"Deal 1 recorded: Us {result['record']['us']}, Them {result['record']['them']}."
        f" Totals {result['record']['us']} : {result['record']['them']}."
    )
    # Whose pile stays (shown next to the number): the scorekeeper's habit.
    expect(calculator.element).to_have_attribute("pile-team", "them")
    # Fact by fact, the bar names the first thing missing; Record waits for all.
    expect(bar).to_have_text("Choose who bid what")
    expect(record).to_be_disabled()
    calculator.choose_game("us", "hearts")
    expect(bar).to_have_text("Enter the points")
    expect(record).to_be_disabled()
    calculator.points("them").fill("70")
    expect(bar).to_have_text("Who took the last trick?")
    expect(record).to_be_disabled()
    # The forgetful path: the last trick is never taken from the deal before, so no
    # deal is ever recorded with it; Record stays off however long one waits for it.
    page.wait_for_timeout(300)
    record.click(force=True)
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)
    assert len(calculator.property("game")["game"]["deals"]) == 1
    calculator.choose("last-trick", "us")
    scored = core(Deal("hearts", "us", "none", "them", 70, "us"))["result"]["record"]
    expect(bar).to_have_text(f"This deal: {scored['us']} : {scored['them']} · Made")
    expect(record).to_be_enabled()


D_CASES = {
    "D1-longer-wins": Deal(
        "hearts", "us", "none", "us", 80, "us",
        declarations={"us": {"tierce": 1}, "them": {"quarte": 1}},
    ),
    "D2-belot-always-counts": Deal(
        "spades", "them", "none", "us", 60, "them",
        declarations={"us": {"tierce": 1, "belot": 1}, "them": {"quint": 1}},
    ),
    "D3-jacks-beat-nines": Deal(
        "all_trumps", "us", "none", "us", 130, "us",
        declarations={"us": {"carre_nines": 1}, "them": {"carre_jacks": 1, "carre": 1}},
    ),
    "D4-ours-ends-higher": Deal(
        "hearts", "us", "none", "us", 90, "us",
        declarations={"us": {"quarte": 1, "tierce": 1}, "them": {"quarte": 1}},
        higher={"sequence": "us"},
    ),
    "D5-equal-sequences": Deal(
        "hearts", "us", "none", "us", 90, "us",
        declarations={"us": {"quarte": 1, "tierce": 1}, "them": {"quarte": 1}},
        higher={"sequence": "equal"},
    ),
    "D6-tens-beat-kings": Deal(
        "all_trumps", "them", "none", "us", 100, "them",
        declarations={"us": {"carre": 1}, "them": {"carre": 1}}, higher={"carre": "them"},
    ),
    "D7-each-wins-a-contest": Deal(
        "clubs", "us", "none", "us", 70, "us",
        declarations={"us": {"quarte": 1, "carre": 1}, "them": {"tierce": 1, "carre": 1}},
        higher={"carre": "them"},
    ),
}  # fmt: skip


@pytest.fixture(scope="module")
def calculator_page(browser: Browser, dist_url: str) -> Iterator[Calculator]:
    """One calculator page shared by the D cases (Pyodide starts once)."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    yield open_sheet(page, dist_url, lang="en")
    context.close()


@pytest.mark.parametrize("deal", D_CASES.values(), ids=D_CASES.keys())
def test_declarations_as_announced_through_the_ui(calculator_page: Calculator, deal: Deal) -> None:
    calculator = calculator_page
    # Answers left from the case before must not answer this one's question.
    calculator.element.evaluate(
        "(e) => { e.removeAttribute('higher-sequence'); e.removeAttribute('higher-carre'); }"
    )
    calculator.enter(Deal(**{**deal.__dict__, "higher": {}}))
    # The core asks exactly the questions it has (and only then), each in place.
    asked = core(Deal(**{**deal.__dict__, "higher": {}}))
    questions = [e["field"] for e in asked.get("errors", []) if e["code"] == "needs_answer"]
    assert questions == [f"higher.{question}" for question in deal.higher]
    for question in ("sequence", "carre"):
        shown = calculator.part(f".question.higher-{question}")
        if f"higher.{question}" in questions:
            expect(shown).to_be_visible()
            expect(calculator.part(".bar-deal")).to_have_text(shown.locator(".legend").inner_text())
            expect(calculator.part("button.record")).to_be_disabled()
        else:
            expect(shown).to_be_hidden()
    for question, answer in deal.higher.items():
        calculator.answer(question, answer)
    expected = core(deal)["result"]
    calculator.element.page.wait_for_function(
        "(expected) => JSON.stringify(document.querySelector('belot-calculator').result?.record)"
        " === JSON.stringify(expected)",
        arg=expected["record"],
    )
    result = calculator.property("result")
    for key in ("raw", "outcome", "record", "accepted", "questions"):
        assert result[key] == expected[key], key
    # The explanation says which counted and why, in the core's words; those steps
    # also show right under the chips.
    steps = [step["message"]["en"] for step in expected["explanation"]]
    expect(calculator.part("ol.explanation li")).to_have_text(steps)
    why = [
        step["message"]["en"]
        for step in expected["explanation"]
        if step["code"].startswith("contest_") or step["code"] == "belot_counts"
    ]
    assert why
    expect(calculator.part("ul.why li")).to_have_text(why)
    # A question that was answered stays on screen with the answer used.
    for question, answer in deal.higher.items():
        expect(calculator.part(f".question.higher-{question}")).to_be_visible()
        expect(calculator.radio(f"higher-{question}", answer)).to_be_checked()
    # A chip changed: the answer is cleared, never given to a question it was not for.
    if deal.higher:
        calculator.chip("them", "belot").click()
        for question in deal.higher:
            expect(calculator.part(f'input[name="higher-{question}"]:checked')).to_have_count(0)
        calculator.set_count("them", "belot", 0)


TAB_ORDER = [
    'input[name="game"]',  # the grid: one stop
    'input[name="points-us"]',
    'input[name="points-them"]',
    "button.count-cards",  # Count the cards (issue 24)
    'input[name="last-trick"]',  # one stop
    "button.toggle.doubling-contra",
    "button.toggle.doubling-recontra",
    "button.toggle.capot-us",
    "button.toggle.capot-them",
    ".declarations-us button.chip",  # a team's chips: one stop
    ".declarations-them button.chip",
    "button.record",
]


def focused_matches(calculator: Calculator, selector: str) -> bool:
    return bool(
        calculator.element.evaluate(
            "(element, selector) => element.shadowRoot.activeElement?.matches(selector) ?? false",
            selector,
        )
    )


def test_keyboard_alone_enters_and_records_a_deal_along_a_short_tab_order(
    page: Page, dist_url: str
) -> None:
    calculator = open_sheet(page, dist_url, lang="en")
    first = calculator.radio("game", "us:clubs")
    first.focus()
    page.keyboard.press("Space")  # clubs, we bid
    expect(calculator.element).to_have_attribute("contract", "clubs")
    expect(first).to_be_focused()  # the keyboard stays in the grid
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # hearts
    expect(calculator.element).to_have_attribute("contract", "hearts")
    page.keyboard.press("Tab")
    expect(calculator.points("us")).to_be_focused()
    page.keyboard.type("82")
    page.keyboard.press("Tab")
    expect(calculator.points("them")).to_have_value("70")
    page.keyboard.press("Tab")  # Count the cards
    page.keyboard.press("Tab")
    page.keyboard.press("Space")  # the last trick: us
    expect(calculator.element).to_have_attribute("last-trick", "us")
    for _ in range(5):  # contra, recontra, capot us, capot them, then our chips
        page.keyboard.press("Tab")
    assert focused_matches(calculator, ".declarations-us button.chip.tierce")
    for _ in range(3):  # the sequences, then the belot: one row of a phone
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    expect(calculator.element).to_have_attribute("declarations-us", "belot:1")
    expect(calculator.part(".bar-deal")).to_have_text("This deal: 11 : 7 · Made")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(calculator.part("button.record")).to_be_focused()
    page.keyboard.press("Enter")
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)
    expect(first).to_be_focused()  # back to the first field, for the next deal
    # Said once, in one sentence: what was recorded and the totals.
    expect(calculator.part('[part="announcement"]')).to_have_text(
        "Deal 1 recorded: Us 11, Them 7. Totals 11 : 7."
    )

    # The whole Tab order from the game to Record, with a deal in the form: 12 stops.
    calculator.enter(Deal("hearts", "us", "none", "us", 82, "us"))
    calculator.radio("game", "us:hearts").focus()  # the grid's stop: its checked option
    seen = []
    places = []
    for selector in TAB_ORDER:
        active = calculator.element.evaluate(
            "(e) => e.shadowRoot.activeElement?.outerHTML.slice(0, 90)"
        )
        assert focused_matches(calculator, selector), (selector, seen, active)
        seen.append(selector)
        places.append(focus_place(page))
        page.keyboard.press("Tab")
    assert len(TAB_ORDER) == 12
    # Every stop on screen and clear of the sticky bar (issue 13: focus never hidden).
    assert hidden_by_the_bar(places, page.viewport_size["height"]) == []  # type: ignore[index]


def test_the_points_get_a_numeric_keypad_and_the_other_pile_is_shown(
    page: Page, dist_url: str
) -> None:
    """Issue 11 section 3: a phone's number pad (inputmode, enterkeyhint), and the other
    team's pile worked out beside the typed one, so the count can be checked."""
    calculator = open_sheet(page, dist_url, lang="en")
    for team in ("us", "them"):
        box = calculator.points(team)
        expect(box).to_have_attribute("inputmode", "numeric")
        expect(box).to_have_attribute("enterkeyhint", "done")
    calculator.choose_game("us", "hearts")
    calculator.points("us").fill("82")
    other = calculator.points("them")
    expect(other).to_have_value("70")  # 152 - 82: the card points of a suit deal
    expect(other).to_have_class(re.compile(r"\bother\b"))
    expect(calculator.part("#points-them-note")).not_to_be_empty()
    # Typing in the other box makes it the counted pile, and the first is worked out.
    other.fill("60")
    expect(calculator.points("us")).to_have_value("92")
    expect(calculator.element).to_have_attribute("pile-team", "them")


def test_an_articles_calculator_keeps_its_values_for_what_if(page: Page, dist_url: str) -> None:
    """Issue 11 section 2: without a score sheet nothing is cleared; the reader changes one
    fact at a time and sees what it does to the deal."""
    page.goto(f"{dist_url}/en/scoring.html")
    calculator = Calculator(page.locator("belot-calculator").first)
    calculator.part("button.open").click()
    calculator.wait_ready()
    deal = Deal("spades", "them", "contra", "us", 60, "us", declarations={"us": {"belot": 1}})
    calculator.enter(deal)
    first = core(deal)["result"]["record"]
    calculator.expect_result(
        outcome=core(deal)["result"]["outcome"], record=(first["us"], first["them"])
    )
    # "What if they had not doubled?": only that fact changes; every other one stays.
    calculator.set_toggles("doubling", "none")
    undoubled = Deal("spades", "them", "none", "us", 60, "us", declarations={"us": {"belot": 1}})
    second = core(undoubled)["result"]
    calculator.expect_result(
        outcome=second["outcome"], record=(second["record"]["us"], second["record"]["them"])
    )
    for name, value in (("contract", "spades"), ("bidder", "them"), ("pile-points", "60"),
                        ("last-trick", "us")):  # fmt: skip
        expect(calculator.element).to_have_attribute(name, value)
    expect(calculator.points("us")).to_have_value("60")
    assert calculator.count("us", "belot") == 1
