"""Counting a pile by its cards against typing its points: taps and digits (issue 24).

    python3 build.py build && .venv/bin/python bench/card_count.py [--piles 20]

Deals random real piles (seeded): the 32 cards shuffled into 8 tricks of 4, each
trick taken by a team at random; for each contract, `--piles` deals. The player
counts the smaller pile (by the core's table: belot_core.model.CARD_POINTS) on the
standalone calculator (dist/calculator/, the real core in Pyodide) at 360x740 (touch,
2x scale): the game is chosen first (not counted), then every tap of the count is a
touch at the middle of its target, which must be on screen (the bench never scrolls):
"Count the cards", each card of the pile that carries points, then Done for the
pile's team. The bench checks that the points box then shows the pile's points, and
counts the taps it made. Beside them: the digits of the pile's points (what typing
them takes, after the one tap into the box), and the point cards of the bigger pile
(counting it instead). Between piles the bench empties the form's pile through the
element's attributes (as recording a deal does), which no player taps.

The issue's goal: the median of the taps is at most the median of the point cards in
the pile plus 2. Writes bench/results/card-count.json (then run bench/report.py for
bench/RESULTS.md). A benchmark, not a test: nothing here fails on a number.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [
    str(ROOT / "src"),
    str(ROOT / "tools"),
    str(ROOT / "bench"),
    str(ROOT / "tests" / "e2e"),
]

from playwright.sync_api import Locator, Page, expect, sync_playwright  # noqa: E402
from report import machine, table, write_results  # noqa: E402

from belot_core.cards import CARDS_PER_TRICK, DECK, TRICKS  # noqa: E402
from belot_core.model import CARD_POINTS, Contract  # noqa: E402
from sitebuild.paths import CHROMIUM, DIST  # noqa: E402
from sitebuild.server import serving  # noqa: E402

SEED = 24
WIDTH, HEIGHT = 360, 740
TEAMS = ("us", "them")


def value(code: str, contract: Contract) -> int:
    return next(points for card, points in CARD_POINTS[contract].items() if card.code == code)


def real_piles(rng: random.Random) -> dict[str, list[str]]:
    """The 32 cards dealt into 8 tricks, each taken by a team at random."""
    deck = [card.code for card in DECK]
    rng.shuffle(deck)
    piles: dict[str, list[str]] = {team: [] for team in TEAMS}
    for trick in range(TRICKS):
        piles[rng.choice(TEAMS)] += deck[trick * CARDS_PER_TRICK : (trick + 1) * CARDS_PER_TRICK]
    return piles


class Finger:
    """Touches at a target's middle, which must be on screen; counts the touches."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps = 0

    def tap(self, target: Locator) -> None:
        box = target.bounding_box()
        assert box, target
        assert box["y"] >= 0 and box["y"] + box["height"] <= HEIGHT, ("off screen", target, box)
        self.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.taps += 1


EMPTY_PILE = """(element) => {
  for (const name of ["pile-cards", "pile-tricks", "pile-points"]) element.removeAttribute(name);
}"""


def count_pile(page: Page, contract: Contract, team: str, cards: list[str]) -> int:
    """Count `team`'s pile of `cards` by taps; the taps it took."""
    element = page.locator("belot-calculator")
    element.evaluate(EMPTY_PILE)
    page.locator(f'belot-calculator input[name="game"][value="us:{contract.value}"]').check()
    finger = Finger(page)
    finger.tap(element.locator("button.count-cards"))
    expect(element.locator("dialog.cards-dialog")).to_be_visible()
    for code in cards:
        card = element.locator(f'button.card[data-card="{code}"]')
        finger.tap(card)
        expect(card).to_have_attribute("aria-pressed", "true")
    finger.tap(element.locator(f"dialog button.done-{team}"))
    expect(element.locator("dialog.cards-dialog")).to_be_hidden()
    points = sum(value(code, contract) for code in cards)
    expect(element.locator(f'input[name="points-{team}"]')).to_have_value(str(points))
    return finger.taps


def run(piles_per_contract: int) -> list[dict[str, Any]]:
    rng = random.Random(SEED)
    rows: list[dict[str, Any]] = []
    with serving(DIST) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
        context = browser.new_context(
            viewport={"width": WIDTH, "height": HEIGHT},
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
        )
        page = context.new_page()
        page.goto(f"{url}/calculator/?lang=en")
        expect(page.locator("belot-calculator .sheet-table")).to_be_visible(timeout=90_000)
        for contract in Contract:
            for _ in range(piles_per_contract):
                piles = real_piles(rng)
                points = {
                    team: sum(value(code, contract) for code in piles[team]) for team in TEAMS
                }
                smaller = min(TEAMS, key=lambda team: points[team])
                bigger = TEAMS[1 - TEAMS.index(smaller)]
                cards = [code for code in piles[smaller] if value(code, contract) > 0]
                bigger_cards = [code for code in piles[bigger] if value(code, contract) > 0]
                taps = count_pile(page, contract, smaller, cards)
                rows.append(
                    {
                        "contract": contract.value,
                        "points": points[smaller],
                        "point_cards": len(cards),
                        "taps": taps,
                        "digits": len(str(points[smaller])),
                        "bigger_point_cards": len(bigger_cards),
                    }
                )
        browser.close()
    return rows


def median(values: Any) -> str:
    """A median as the table shows it: 8, 8.5."""
    return f"{statistics.median(values):g}"


def summary(name: str, rows: list[dict[str, Any]]) -> list[Any]:
    taps = [row["taps"] for row in rows]
    cards = [row["point_cards"] for row in rows]
    return [
        name,
        len(rows),
        median(cards),
        median(taps),
        max(taps),
        max(row["taps"] - row["point_cards"] for row in rows),
        "yes" if statistics.median(taps) <= statistics.median(cards) + 2 else "no",
        median(row["digits"] for row in rows),
        median(row["digits"] + 1 for row in rows),
        median(row["bigger_point_cards"] for row in rows),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--piles", type=int, default=20, help="piles per contract")
    args = parser.parse_args()
    info = machine()
    rows = run(args.piles)
    columns = (
        "contract",
        "piles",
        "point cards (median)",
        "taps (median)",
        "taps (most)",
        "taps beyond the point cards (most)",
        "goal: median ≤ point cards + 2",
        "digits (median)",
        "typing: tap + digits (median)",
        "point cards of the bigger pile (median)",
    )
    cells = [
        summary(contract.value, [r for r in rows if r["contract"] == contract.value])
        for contract in Contract
    ]
    cells.append(summary("all", rows))
    for line in [columns, *cells]:
        print(" | ".join(str(cell) for cell in line))
    title = (
        f"The smaller of two real piles counted by taps at {WIDTH}x{HEIGHT}, "
        f"{args.piles} piles per contract (seed {SEED})"
    )
    out = write_results(
        "card-count", tables=[table(title, columns, cells)], data=rows, machine_info=info
    )
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
