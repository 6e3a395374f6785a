"""Counting a pile by tapping its cards (issue 24), in Chromium with the real core.

The grid opens beside the points; a pile counted by taps scores as the core scores the
same cards; 50 random real piles (32 cards dealt into 8 tricks, a random contract, the
smaller pile counted, seeded) give the points the core's table sums to and the result
typing those points gives; the grid fits a 360x740 phone with targets of 44 px and
more, works with the keyboard alone (the focus goes in and back), and axe finds
nothing wrong with it open.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from axe import describe, violations
from e2e_ui import Calculator
from playwright.sync_api import Browser, BrowserContext, Page, expect

from belot_core.cards import CARDS_PER_TRICK, DECK, TRICKS
from belot_core.json_api import score_deal_json
from belot_core.model import CARD_POINTS, Contract

RUNTIME_TIMEOUT_MS = 90_000  # Pyodide's first start on a 2-core machine
CONTRACTS = [contract.value for contract in Contract]


def points_of(cards: list[str], contract: str) -> int:
    """The sum of the core's table values of `cards` in `contract`."""
    values = {card.code: value for card, value in CARD_POINTS[Contract(contract)].items()}
    return sum(values[code] for code in cards)


def core(request: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(score_deal_json(json.dumps({"version": 1, **request})))
    return answer


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    yield context
    context.close()


@pytest.fixture
def tab(phone: BrowserContext) -> Iterator[Page]:
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    assert not errors, f"uncaught errors in the page: {errors}"


def open_calculator(page: Page, url: str, lang: str = "bg") -> Calculator:
    page.goto(f"{url}/calculator/?lang={lang}")
    calculator = Calculator(page.locator("belot-calculator"))
    expect(calculator.part(".sheet-table")).to_be_visible(timeout=RUNTIME_TIMEOUT_MS)
    return calculator


def open_grid(calculator: Calculator) -> None:
    calculator.part("button.count-cards").tap()
    expect(calculator.part("dialog.cards-dialog")).to_be_visible()


def count_by_taps(calculator: Calculator, team: str, cards: list[str]) -> None:
    """Open the grid, clear what the form had counted, tap each of `cards`, press Done
    for `team`."""
    open_grid(calculator)
    calculator.part("dialog.cards-dialog button.clear").tap()
    for code in cards:
        calculator.part(f'button.card[data-card="{code}"]').tap()
    calculator.part(f"dialog.cards-dialog button.done-{team}").tap()
    expect(calculator.part("dialog.cards-dialog")).to_be_hidden()


def test_a_pile_counted_by_taps_scores_as_the_core_scores_its_cards(
    tab: Page, dist_url: str
) -> None:
    calculator = open_calculator(tab, dist_url)
    calculator.choose_game("us", "hearts")
    open_grid(calculator)
    rows = calculator.part("dialog.cards-dialog .cards-row")
    # The trump row first, J 9 A 10 K Q; then the others, A 10 K Q J.
    expect(rows).to_have_count(4)
    expect(rows.first).to_have_attribute("data-suit", "hearts")
    expect(rows.first.locator("button.card .rank")).to_have_text(
        ["вале", "9", "асо", "10", "поп", "дама"]
    )
    expect(rows.nth(1).locator("button.card .rank")).to_have_text(
        ["асо", "10", "поп", "дама", "вале"]
    )
    # The whole grid and Done on the 360x740 screen, every target at least 44 px.
    for target in [
        *calculator.part("dialog.cards-dialog button").all(),
        calculator.part("dialog.cards-dialog select"),
    ]:
        box = target.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, (target, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= 740, ("off screen", target, box)
    cards = ["JH", "9H", "AH", "10H", "AS", "10S", "KS", "JS"]  # rule-book case 12's pile
    for code in cards:
        calculator.part(f'button.card[data-card="{code}"]').tap()
    # A card tapped twice is put back: it is never counted twice.
    calculator.part('button.card[data-card="AD"]').tap()
    calculator.part('button.card[data-card="AD"]').tap()
    expect(calculator.part('button.card[data-card="AD"]')).to_have_attribute(
        "aria-pressed", "false"
    )
    expected = core(
        {
            "contract": "hearts",
            "bidder": "us",
            "cards": {"team": "us", "cards": cards},
            "last_trick": "us",
        }
    )["result"]
    pile = expected["pile"]["points"]
    assert pile == points_of(cards, "hearts") == 82
    mine, rest = (
        calculator.part("dialog.cards-dialog .cards-sum .mine"),
        calculator.part("dialog.cards-dialog .cards-sum .rest"),
    )
    expect(mine).to_have_text(f"Тази купчина: {pile} точки, 8 карти")
    expect(rest).to_have_text(f"Другата: {152 - pile} точки")
    calculator.part("dialog.cards-dialog button.done-us").tap()
    expect(calculator.part("button.count-cards")).to_be_focused()
    expect(calculator.points("us")).to_have_value(str(pile))
    expect(calculator.points("them")).to_have_value(str(152 - pile))
    expect(calculator.part("button.count-cards")).to_have_text("Картите: 8")
    calculator.choose("last-trick", "us")
    record = expected["record"]
    expect(calculator.part("td.record-us")).to_have_text(str(record["us"]))
    expect(calculator.part("td.record-them")).to_have_text(str(record["them"]))
    expect(calculator.part("ol.explanation li").first).to_have_text(
        "Нашата купчина: 8 карти, 82 точки."
    )
    # Recorded, the deal keeps its cards; edited, the form has them back.
    calculator.part("button.record").tap()
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)
    stored = tab.evaluate(
        "() => document.querySelector('belot-calculator').game.game.deals[0].cards"
    )
    assert stored == {"team": "us", "cards": [card.code for card in DECK if card.code in cards]}
    calculator.part('.sheet-table tbody tr[data-index="0"] button').tap()
    expect(calculator.element).to_have_attribute("pile-cards", " ".join(stored["cards"]))
    expect(calculator.points("us")).to_have_value(str(pile))
    expect(calculator.part("button.count-cards")).to_have_text("Картите: 8")
    # Points typed over a counted pile replace its cards.
    calculator.points("us").fill("70")
    expect(calculator.part("button.count-cards")).to_have_text("Преброй картите")
    expect(calculator.element).not_to_have_attribute("pile-cards", " ".join(stored["cards"]))


def real_piles(rng: random.Random) -> dict[str, list[str]]:
    """The 32 cards dealt at random into 8 tricks, each taken by a team at random."""
    deck = [card.code for card in DECK]
    rng.shuffle(deck)
    piles: dict[str, list[str]] = {"us": [], "them": []}
    for trick in range(TRICKS):
        team = rng.choice(("us", "them"))
        piles[team] += deck[trick * CARDS_PER_TRICK : (trick + 1) * CARDS_PER_TRICK]
    return piles


def test_fifty_random_piles_counted_by_taps_score_as_typed_points(tab: Page, dist_url: str) -> None:
    rng = random.Random(24)
    calculator = open_calculator(tab, dist_url, "en")
    for n in range(50):
        contract = rng.choice(CONTRACTS)
        bidder = rng.choice(("us", "them"))
        last_trick = rng.choice(("us", "them"))
        piles = real_piles(rng)
        team = min(("us", "them"), key=lambda t: points_of(piles[t], contract))
        cards = [code for code in piles[team] if points_of([code], contract) > 0]
        points = points_of(cards, contract)
        calculator.choose_game(bidder, contract)
        count_by_taps(calculator, team, cards)
        expect(calculator.points(team)).to_have_value(str(points))
        calculator.choose("last-trick", last_trick)
        typed = core(
            {
                "contract": contract,
                "bidder": bidder,
                "cards": {"team": team, "points": points},
                "last_trick": last_trick,
            }
        )
        assert typed["ok"], (n, typed)
        record = typed["result"]["record"]
        expect(calculator.part("td.record-us"), f"pile {n}").to_have_text(str(record["us"]))
        expect(calculator.part("td.record-them"), f"pile {n}").to_have_text(str(record["them"]))
        first = calculator.part("ol.explanation li").first
        expect(first, f"pile {n}").to_contain_text(f"{len(cards)} card")
        expect(first, f"pile {n}").to_contain_text(f"{points} point")


def tab_to(page: Page, target: Any, limit: int = 40) -> None:
    """Press Tab until `target` has the focus."""
    for _ in range(limit):
        if target.evaluate("(e) => e.getRootNode().activeElement === e"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {target}")


def test_the_grid_with_the_keyboard_alone(tab: Page, dist_url: str) -> None:
    calculator = open_calculator(tab, dist_url, "en")
    calculator.choose_game("them", "all_trumps")
    count = calculator.part("button.count-cards")
    count.focus()
    tab.keyboard.press("Enter")
    # The focus goes into the grid, on its first card (the first trump jack).
    expect(calculator.part('button.card[data-card="JC"]')).to_be_focused()
    tab.keyboard.press("Space")
    # The arrows move in the grid (one Tab stop): along the row, and down a row.
    tab.keyboard.press("ArrowRight")
    expect(calculator.part('button.card[data-card="9C"]')).to_be_focused()
    tab.keyboard.press("ArrowDown")
    expect(calculator.part('button.card[data-card="9D"]')).to_be_focused()
    tab.keyboard.press("Enter")
    expect(calculator.part('button.card[data-card="9D"]')).to_have_attribute("aria-pressed", "true")
    # Escape cancels: nothing is filled in, the focus is back on the button.
    tab.keyboard.press("Escape")
    expect(calculator.part("dialog.cards-dialog")).to_be_hidden()
    expect(count).to_be_focused()
    expect(calculator.points("us")).to_have_value("")
    # Again: the cards, then Tab on to the tricks and Done, all by keys.
    tab.keyboard.press("Enter")
    expect(calculator.part('button.card[data-card="JC"]')).to_be_focused()
    tab.keyboard.press("Space")
    tab.keyboard.press("Tab")  # out of the grid: the tricks
    expect(calculator.part("dialog.cards-dialog select")).to_be_focused()
    tab.keyboard.type("1")  # the tricks: one
    expect(calculator.part("dialog.cards-dialog select")).to_have_value("1")
    tab_to(tab, calculator.part("dialog.cards-dialog button.done-us"))
    tab.keyboard.press("Enter")
    expect(count).to_be_focused()
    jack = points_of(["JC"], "all_trumps")
    expect(calculator.points("us")).to_have_value(str(jack))
    expect(count).to_have_text("Card: 1")


def test_axe_finds_nothing_wrong_with_the_open_grid(tab: Page, dist_url: str) -> None:
    for lang, contract in (("bg", "spades"), ("en", "all_trumps")):
        calculator = open_calculator(tab, dist_url, lang)
        calculator.choose_game("us", contract)
        open_grid(calculator)
        card = calculator.part("button.card").first
        card.tap()
        # Its colours change with a short transition: axe reads them once it has ended.
        card.evaluate(
            "(b) => Promise.all(b.getAnimations({ subtree: true }).map((a) => a.finished))"
        )
        found = violations(tab)
        assert not found, describe(found)
