"""House rules in Chromium, with the real core in Pyodide (dist/).

The score sheet's Rules panel: a rule switched on rescores every row, or only the
deals still to come; the rules are kept with the game across a reload; a rescore the
core refuses changes nothing, says which deal and why, and can be fixed. An
article's calculator plays the house rules of its `rules` attribute. Every number
expected is the core's own, worked out here in CPython (score_game_json /
score_deal_json) from what the page stored or sent — never written in the test.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from e2e_ui import Calculator, Deal
from games_store import seed, stored
from playwright.sync_api import Browser, Page, expect
from test_score_sheet import HANG, RECONTRA, open_sheet, record, wait_sheet
from test_table_entry import core

from belot_core import house_rule_options
from belot_core.json_api import score_game_json

SCREENSHOTS = Path(__file__).resolve().parents[2] / ".cache" / "e2e"
ROUNDING_FIRST = "round_before_multiply"


def current_game(
    page: Page, until: Callable[[dict[str, Any]], bool] | None = None
) -> dict[str, Any]:
    """The current game as stored; with `until`, once it holds (a change is saved a moment
    after the screen shows it: under the store's lock, joined with any other tab's)."""
    deadline = time.monotonic() + 10
    while True:
        saved = stored(page)
        assert saved is not None
        game: dict[str, Any] = next(g for g in saved["games"] if g["id"] == saved["current"])
        if until is None or until(game) or time.monotonic() > deadline:
            return game
        page.wait_for_timeout(50)


def core_game(game: dict[str, Any]) -> dict[str, Any]:
    """The core's answer (CPython) for a game as the sheet stored it."""
    request = {"version": 1, "deals": game["deals"]}
    if game.get("rules"):
        request["rules"] = game["rules"]
    answer: dict[str, Any] = json.loads(score_game_json(json.dumps(request)))
    return answer


def rows_of(result: dict[str, Any]) -> list[tuple[str, str]]:
    """Each row's record as the sheet shows it."""
    return [
        ("–", "–") if row["passed"] else (str(row["record"]["us"]), str(row["record"]["them"]))
        for row in result["rows"]
    ]


def expect_rows(calculator: Calculator, rows: list[tuple[str, str]]) -> None:
    body = calculator.part(".sheet-table tbody tr")
    expect(body).to_have_count(len(rows))
    for index, (us, them) in enumerate(rows):
        expect(body.nth(index).locator("td.us .rec")).to_have_text(us)
        expect(body.nth(index).locator("td.them .rec")).to_have_text(them)


def expect_the_cores_rows(page: Page, calculator: Calculator) -> dict[str, Any]:
    """The sheet shows what the core makes of the stored game; returns the core's result."""
    answer = core_game(current_game(page))
    assert answer["ok"], answer
    expect_rows(calculator, rows_of(answer["result"]))
    totals = answer["result"]["totals"]
    expect(calculator.part(".sheet-table tfoot td.us")).to_have_text(str(totals["us"]))
    expect(calculator.part(".sheet-table tfoot td.them")).to_have_text(str(totals["them"]))
    result: dict[str, Any] = answer["result"]
    return result


def rule_box(calculator: Calculator, rule: str) -> Any:
    return calculator.part(f'input[name="house-rule"][value="{rule}"]')


def open_rules(calculator: Calculator) -> None:
    panel = calculator.part("details.rules")
    if panel.get_attribute("open") is None:
        panel.locator("summary").click()
    expect(panel.locator(".rule-options")).to_be_visible()


def test_a_house_rule_rescores_every_row_and_is_kept_with_the_game(
    page: Page, dist_url: str
) -> None:
    calculator = open_sheet(page, dist_url)
    summary = calculator.part(".sheet-table caption .rules-summary")
    expect(summary).to_have_text("Без домашни правила")
    record(calculator, HANG)
    record(calculator, RECONTRA)
    book = expect_the_cores_rows(page, calculator)

    open_rules(calculator)
    expect(calculator.part(".rules-now")).to_have_text("Без домашни правила")
    # Every option of the core, named by its name and described by its description.
    options = house_rule_options()
    expect(calculator.part('input[name="house-rule"]')).to_have_count(len(options))
    for option in options:
        box = calculator.element.get_by_role("checkbox", name=option["name"]["bg"], exact=True)
        expect(box).to_have_attribute("value", option["id"])
        expect(box).to_have_accessible_description(option["description"]["bg"])
        expect(box).not_to_be_checked()
    expect(calculator.part("button.rules-reset")).to_be_disabled()  # already the rule book
    rule_box(calculator, ROUNDING_FIRST).check()
    # A game in progress: the widget asks what becomes of the deals recorded.
    question = calculator.part(".rules-question")
    expect(question).to_be_visible()
    everything = calculator.part("button.rules-all")
    expect(everything).to_have_text("Пресметни отново всички 2 по новите правила")
    expect(everything).to_be_focused()
    expect(calculator.part("button.rules-next")).to_have_text(
        "Само от следващото раздаване нататък"
    )
    assert current_game(page).get("rules", {}) == {}  # nothing changed while it asks
    everything.click()
    expect(question).to_be_hidden()

    expect(summary).to_have_text("Домашни правила: закръгляне преди контрата")
    game = current_game(page, until=lambda game: game.get("rules") == {ROUNDING_FIRST: True})
    assert game["rules"] == {ROUNDING_FIRST: True}
    assert all("rules" not in deal for deal in game["deals"])
    ruled = expect_the_cores_rows(page, calculator)
    assert rows_of(ruled) != rows_of(book), "the rule changes the recontra's record"
    changed = [i for i, row in enumerate(ruled["rows"]) if row.get("applied_rules")]
    assert changed == [1]
    expect(calculator.part('.sheet-table tbody tr[data-index="1"] .note')).to_contain_text(
        "домашно правило"
    )
    expect(calculator.part('.sheet-table tbody tr[data-index="0"] .note')).not_to_contain_text(
        "домашно правило"
    )
    totals = ruled["totals"]
    expect(calculator.part('[part="announcement"]')).to_have_text(
        "Правилата са сменени: Домашни правила: закръгляне преди контрата. "
        f"Общо {totals['us']} : {totals['them']}."
    )
    expect(rule_box(calculator, ROUNDING_FIRST)).to_be_focused()  # back where the reader was

    # The form follows the game's rules: its result and explanation are the core's.
    calculator.enter(RECONTRA)
    answer = core(RECONTRA, rules={ROUNDING_FIRST: True}, hanging_in=ruled["hanging"])
    calculator.expect_result(
        outcome=answer["result"]["outcome"],
        record=(answer["result"]["record"]["us"], answer["result"]["record"]["them"]),
    )
    [step] = [s for s in answer["result"]["explanation"] if s["code"].startswith("house_")]
    expect(calculator.part(f'ol.explanation li[data-code="{step["code"]}"]')).to_have_text(
        step["message"]["bg"]
    )
    expect(calculator.part(".rules-note")).to_have_text(
        "Домашни правила: закръгляне преди контрата"
    )
    calculator.part("button.record").click()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(3)
    ruled = expect_the_cores_rows(page, calculator)

    # Reload: the rules come back with the game.
    page.reload()
    calculator = wait_sheet(page)
    expect(calculator.part(".sheet-table caption .rules-summary")).to_have_text(
        "Домашни правила: закръгляне преди контрата"
    )
    expect_rows(calculator, rows_of(ruled))
    open_rules(calculator)
    expect(rule_box(calculator, ROUNDING_FIRST)).to_be_checked()
    expect(calculator.part("button.rules-reset")).to_be_enabled()

    # A new game keeps the table's rules, as it keeps the team names.
    calculator.part("button.new-game").click()
    calculator.part("button.confirm-yes").click()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(0)
    expect(calculator.part(".sheet-table caption .rules-summary")).to_have_text(
        "Домашни правила: закръгляне преди контрата"
    )
    # With no deal recorded there is nothing to ask: the rule book is back at once.
    calculator.part("button.rules-reset").click()
    expect(calculator.part(".rules-question")).to_be_hidden()
    expect(calculator.part(".sheet-table caption .rules-summary")).to_have_text(
        "Без домашни правила"
    )
    assert current_game(page, until=lambda game: game.get("rules") == {})["rules"] == {}


def test_from_the_next_deal_on_the_rows_written_stay_as_they_are(page: Page, dist_url: str) -> None:
    calculator = open_sheet(page, dist_url, lang="en")
    record(calculator, HANG)
    record(calculator, RECONTRA)
    book = expect_the_cores_rows(page, calculator)

    open_rules(calculator)
    rule_box(calculator, ROUNDING_FIRST).check()
    calculator.part("button.rules-next").click()
    expect(calculator.part(".rules-question")).to_be_hidden()
    summary = calculator.part(".sheet-table caption .rules-summary")
    expect(summary).to_have_text("House rules: rounding before contra (from deal 3)")
    game = current_game(page, until=lambda game: game.get("rules") == {ROUNDING_FIRST: True})
    assert game["rules"] == {ROUNDING_FIRST: True}
    assert [deal.get("rules") for deal in game["deals"]] == [{}, {}]  # the rule book, their own
    assert rows_of(expect_the_cores_rows(page, calculator)) == rows_of(book)
    expect(calculator.part('[part="announcement"]')).to_have_text(
        "The rules changed from deal 3 on: House rules: rounding before contra. "
        "The deals recorded stay as they are."
    )

    # The next deal is played by the new rules; the ones before keep theirs.
    record(calculator, RECONTRA)
    later = expect_the_cores_rows(page, calculator)
    assert rows_of(later)[:2] == rows_of(book)
    assert later["rows"][2]["applied_rules"] == [ROUNDING_FIRST]
    assert "applied_rules" not in later["rows"][1]  # scored by the rule book: no house rule
    assert [deal.get("rules") for deal in current_game(page)["deals"]] == [{}, {}, None]

    page.reload()
    calculator = wait_sheet(page)
    expect(calculator.part(".sheet-table caption .rules-summary")).to_have_text(
        "House rules: rounding before contra (from deal 3)"
    )
    expect_rows(calculator, rows_of(later))

    # Editing deal 2 scores it by the rules it was played under, and it keeps them.
    calculator.part('.sheet-table tbody tr[data-index="1"] button').click()
    answer = core(RECONTRA, rules={}, hanging_in=later["rows"][0]["hanging"])
    calculator.expect_result(
        outcome=answer["result"]["outcome"],
        record=(answer["result"]["record"]["us"], answer["result"]["record"]["them"]),
    )
    expect(calculator.part(".rules-note")).to_be_hidden()  # the rule book
    calculator.points("us").fill(str(RECONTRA.points + 2))
    edited = core(
        replace(RECONTRA, points=RECONTRA.points + 2),
        rules={},
        hanging_in=later["rows"][0]["hanging"],
    )
    expect(calculator.part("td.record-us")).to_have_text(str(edited["result"]["record"]["us"]))
    calculator.part("button.save").click()
    expect(calculator.part(".editing-note")).to_be_hidden()
    edited_deal = current_game(page, until=lambda game: game["deals"][1].get("rules") == {})
    assert edited_deal["deals"][1]["rules"] == {}
    expect_the_cores_rows(page, calculator)

    # Back to the rule book for every deal: the deals' own rules go.
    open_rules(calculator)
    rule_box(calculator, ROUNDING_FIRST).uncheck()
    expect(calculator.part("button.rules-all")).to_have_text(
        "Rescore all 3 deals with the new rules"
    )
    calculator.part("button.rules-all").click()
    expect(calculator.part(".sheet-table caption .rules-summary")).to_have_text("No house rules")
    game = current_game(page, until=lambda game: game.get("rules") == {})
    assert game["rules"] == {} and all("rules" not in deal for deal in game["deals"])
    expect_the_cores_rows(page, calculator)


# Two quartes and our carré of jacks: one contest decides without asking; the rule
# book asks whose quarte is higher.
POOLED = Deal(
    "hearts",
    "us",
    "none",
    "us",
    90,
    "us",
    declarations={"us": {"quarte": 1, "carre_jacks": 1}, "them": {"quarte": 1}},
)


def test_a_rescore_the_core_refuses_changes_nothing_and_the_deal_can_be_fixed(
    page: Page, dist_url: str
) -> None:
    calculator = open_sheet(page, dist_url)
    open_rules(calculator)
    # No deal yet: a rule is switched on at once, without a question.
    rule_box(calculator, "one_declaration_contest").check()
    summary = calculator.part(".sheet-table caption .rules-summary")
    expect(summary).to_have_text("Домашни правила: обявите се сравняват заедно")
    expect(calculator.part(".rules-question")).to_be_hidden()
    record(calculator, POOLED)  # one contest: no question arises
    record(calculator, HANG)
    before = expect_the_cores_rows(page, calculator)

    # Every deal back to the rule book: deal 1 would need an answer first.
    game = current_game(page)
    refused = core_game({**game, "rules": {}})
    assert not refused["ok"]
    [error] = refused["errors"]
    assert (error["code"], error["deal"]) == ("needs_answer", 0)
    reason = f"Правилата не са сменени. Раздаване 1: {error['message']['bg']}"

    box = rule_box(calculator, "one_declaration_contest")
    box.uncheck()
    calculator.part("button.rules-all").click()
    expect(calculator.part(".rules-refused")).to_have_text(reason)
    fix = calculator.part("button.rules-fix")
    expect(fix).to_have_text("Поправи раздаване 1")
    expect(fix).to_be_focused()
    expect(calculator.part("button.rules-all")).to_be_hidden()
    expect(calculator.part("button.rules-next")).to_be_visible()
    assert current_game(page) == game  # nothing applied
    expect_rows(calculator, rows_of(before))
    expect(summary).to_have_text("Домашни правила: обявите се сравняват заедно")

    # Cancel: the rules are as they were, the box too.
    calculator.part("button.rules-cancel").click()
    expect(calculator.part(".rules-question")).to_be_hidden()
    expect(box).to_be_checked()
    expect(box).to_be_focused()

    # Again, and Escape cancels as well.
    box.uncheck()
    expect(calculator.part("button.rules-all")).to_be_focused()
    page.keyboard.press("Escape")
    expect(calculator.part(".rules-question")).to_be_hidden()
    expect(box).to_be_checked()

    # Again, and fix the deal: the form asks the question the rule book needs.
    box.uncheck()
    calculator.part("button.rules-all").click()
    expect(calculator.part(".rules-refused")).to_have_text(reason)
    calculator.part("button.rules-fix").click()
    expect(calculator.part(".editing-note")).to_contain_text(
        "Раздаване 1 по новите правила: отговорете на въпроса"
    )
    expect(calculator.part(".question.higher-sequence")).to_be_visible()
    expect(calculator.part("button.save")).to_be_disabled()
    calculator.answer("sequence", "us")
    calculator.part("button.save").click()

    # Saved, and the rule book applied to every deal.
    expect(summary).to_have_text("Без домашни правила")
    expect(calculator.part(".rules-question")).to_be_hidden()
    expect(calculator.part(".editing-note")).to_be_hidden()
    game = current_game(page, until=lambda game: game.get("rules") == {})
    assert game["rules"] == {}
    assert game["deals"][0]["higher"] == {"sequence": "us"}
    expect_the_cores_rows(page, calculator)


def test_a_rescore_that_would_end_the_game_early_can_start_with_the_next_deal(
    page: Page, dist_url: str
) -> None:
    capot = {
        "contract": "no_trumps",
        "bidder": "us",
        "doubling": "recontra",
        "cards": {"team": "us", "points": 120},
        "last_trick": "us",
        "capot": "us",
    }
    small = {
        "contract": "hearts",
        "bidder": "them",
        "cards": {"team": "us", "points": 2},
        "last_trick": "them",
    }
    game = {
        "id": "g-capot",
        "created": "2025-01-02T18:00:00.000Z",
        "updated": "2025-01-02T18:30:00.000Z",
        "names": {"us": "", "them": ""},
        "deals": [capot, small, small],
    }
    # By the rule book the game goes on; with the 44 capot it would end at deal 2.
    book = core_game(game)
    assert book["ok"] and not book["result"]["finished"]
    refused = core_game({**game, "rules": {"no_trumps_capot_44": True}})
    [error] = refused["errors"]
    assert error["code"] == "deals_after_end"

    page.goto(f"{dist_url}/index.html")
    data = {"version": 1, "current": "g-capot", "games": [game]}
    seed(page, data)
    calculator = open_sheet(page, dist_url, lang="en")
    expect_rows(calculator, rows_of(book["result"]))
    open_rules(calculator)
    rule_box(calculator, "no_trumps_capot_44").check()
    calculator.part("button.rules-all").click()
    expect(calculator.part(".rules-refused")).to_have_text(
        f"The rules were not changed. {error['message']['en']}"
    )
    expect(calculator.part("button.rules-fix")).to_be_hidden()  # nothing to answer
    next_deal = calculator.part("button.rules-next")
    expect(next_deal).to_be_focused()
    assert "rules" not in current_game(page)
    next_deal.click()
    expect(calculator.part(".sheet-table caption .rules-summary")).to_have_text(
        "House rules: capot in No trumps is 44 (from deal 4)"
    )
    capot_44 = {"no_trumps_capot_44": True}
    assert current_game(page, until=lambda game: game.get("rules") == capot_44)["rules"] == capot_44
    assert rows_of(expect_the_cores_rows(page, calculator)) == rows_of(book["result"])


def test_an_articles_calculator_plays_its_rules_attribute(page: Page, dist_url: str) -> None:
    page.goto(f"{dist_url}/en/scoring.html")
    element = page.locator("belot-calculator").first
    # In kebab-case, as HTML attributes are written (issue 14): the core's id is sent.
    element.evaluate("(e) => e.setAttribute('rules', 'round-before-multiply')")
    calculator = Calculator(element)
    calculator.part("button.open").click()
    calculator.wait_ready()
    assert calculator.property("rules") == [ROUNDING_FIRST]
    calculator.enter(RECONTRA)
    answer = core(RECONTRA, rules={ROUNDING_FIRST: True}, hanging_in=0)["result"]
    book = core(RECONTRA, rules={}, hanging_in=0)["result"]
    assert answer["record"] != book["record"]
    calculator.expect_result(
        outcome=answer["outcome"],
        record=(answer["record"]["us"], answer["record"]["them"]),
        raw=(answer["raw"]["us"], answer["raw"]["them"]),
    )
    [step] = [s for s in answer["explanation"] if s["code"].startswith("house_")]
    expect(calculator.part(f'ol.explanation li[data-code="{step["code"]}"]')).to_have_text(
        step["message"]["en"]
    )
    expect(calculator.part(".rules-note")).to_have_text("House rules: rounding before contra")

    # An id the core does not know: the core's own error, shown like any other.
    element.evaluate("(e) => { e.rules = ['round_after']; }")
    expect(element).to_have_attribute("rules", "round_after")
    unknown = core(RECONTRA, rules={"round_after": True}, hanging_in=0)
    [error] = unknown["errors"]
    assert error["code"] == "unknown_rule"
    expect(calculator.part(".general-error")).to_have_text(error["message"]["en"])
    expect(calculator.part(".bar-deal")).to_have_text(error["message"]["en"])
    expect(calculator.part(".details")).to_be_hidden()

    # No rules: the rule book again, and the attribute is gone.
    element.evaluate("(e) => { e.rules = []; }")
    expect(element).not_to_have_attribute("rules", "round_after")
    assert element.get_attribute("rules") is None
    calculator.expect_result(
        outcome=book["outcome"], record=(book["record"]["us"], book["record"]["them"])
    )
    expect(calculator.part(".rules-note")).to_be_hidden()


def test_the_rules_panel_on_a_phone(browser: Browser, dist_url: str) -> None:
    for width, height, lang in [(360, 740, "bg"), (390, 844, "en")]:
        context = browser.new_context(
            viewport={"width": width, "height": height},
            device_scale_factor=1,
            is_mobile=True,
            has_touch=True,
        )
        page = context.new_page()
        calculator = open_sheet(page, dist_url, lang=lang)
        record(calculator, HANG)
        record(calculator, RECONTRA)
        open_rules(calculator)
        rule_box(calculator, ROUNDING_FIRST).tap()
        expect(calculator.part(".rules-question")).to_be_visible()
        expect(calculator.part("button.rules-all")).to_be_in_viewport()
        for selector in [
            "label.rule-option",
            "button.rules-all",
            "button.rules-next",
            "button.rules-cancel",
            "details.rules > summary",
        ]:
            box = calculator.part(selector).first.bounding_box()
            assert box and box["height"] >= 44 and box["width"] >= 44, (selector, box)
        widths = page.evaluate(
            "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert widths[0] <= widths[1], f"horizontal scroll: {widths}"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        calculator.part(".sheet").screenshot(
            path=str(SCREENSHOTS / f"rules-question-{width}-{lang}.png")
        )
        calculator.part("button.rules-next").tap()
        expect(calculator.part(".rules-question")).to_be_hidden()
        calculator.part(".sheet-table").screenshot(
            path=str(SCREENSHOTS / f"rules-summary-{width}-{lang}.png")
        )
        context.close()
