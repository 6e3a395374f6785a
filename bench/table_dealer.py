"""Who deals, through a whole evening's mishaps: the at-the-table bench's dealer run.

One 12-deal game on the standalone calculator at 390x844 (bench/table_entry.py's
player: real taps, the real core): the first dealer chosen with one tap, then eleven
played deals and one where all passed, an edit of deal 2 after deal 7 and an Undo of
deal 9 (recorded again with Redo). After every step the line above the form must name
the seat the deal has passed to: the first dealer plus one seat per deal recorded, in
the order the deal passes (docs/game-book.md). Counted: the steps where it did.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect
from table_entry import TIMEOUT_MS, Deal, FormDriver, Player, recorded_deals

# The players without names, in the order the deal passes (book/seats.js).
SEATS = ("Ние (1)", "Вие (1)", "Ние (2)", "Вие (2)")
FIRST = 1  # "Вие (1)" deals first
SMALL = Deal("clubs", "us", "us", 82, "us", record=(9, 7))  # a game of twelve never ends
PASSED_AT = 5
EDIT_AFTER, EDITED = 7, 2
UNDO_AT = 9
SHOWN_MS = 5_000
DEALS = "document.querySelector('belot-calculator').game.game.deals.length"


def dealer_run(browser: Any, url: str, size: tuple[int, int] = (390, 844)) -> dict[str, Any]:
    """Play the game; `{steps, right, deals, first, wrong: [...]}`."""
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    try:
        page.goto(f"{url}/calculator/?lang=bg")
        calculator = page.locator("belot-calculator")
        expect(calculator.locator(".sheet-table")).to_be_visible(timeout=TIMEOUT_MS)
        player = Player(page)
        form = FormDriver(calculator, player)
        line = calculator.locator(".dealer-name")
        steps: list[dict[str, Any]] = []

        def check(step: str) -> None:
            deals = len(recorded_deals(page))
            want = f"Раздава: {SEATS[(FIRST + deals) % len(SEATS)]}"
            try:
                expect(line).to_have_text(want, timeout=SHOWN_MS)
                right = True
            except AssertionError:
                right = False
            steps.append({"step": step, "deals": deals, "want": want, "right": right,
                          "shown": line.text_content() if line.is_visible() else None})  # fmt: skip

        player.tap(calculator.locator(".dealer-seats button.seat").nth(FIRST))
        check("first dealer chosen")
        for number in range(1, 13):
            before = len(recorded_deals(page))
            if number == PASSED_AT:
                player.tap(calculator.locator("button.passed"))
            else:
                form.enter(SMALL)
                form.record()
            page.wait_for_function(
                f"(n) => {DEALS} > n",
                arg=before,
            )
            check(f"deal {number}" + (" (all passed)" if number == PASSED_AT else ""))
            if number == EDIT_AFTER:
                player.tap(calculator.locator(f'.sheet-table tbody tr[data-index="{EDITED - 1}"]'))
                box = calculator.locator('input[name="points-us"]')
                expect(box).to_have_value(str(SMALL.points))
                box.fill("90")  # 100 : 62 → 10 : 6
                expect(calculator.locator(".bar-deal")).to_contain_text("10 : 6")
                expect(calculator.locator("button.save")).to_be_enabled()
                player.tap(calculator.locator("button.save"))
                expect(calculator.locator("button.save")).to_be_hidden()
                check(f"deal {EDITED} edited")
            if number == UNDO_AT:
                player.tap(calculator.locator("button.undo"))
                page.wait_for_function(
                    f"(n) => {DEALS} === n",
                    arg=before,
                )
                check(f"deal {number} undone")
                player.tap(calculator.locator("button.redo"))
                page.wait_for_function(
                    f"(n) => {DEALS} > n",
                    arg=before,
                )
                check(f"deal {number} redone")
        deals = recorded_deals(page)
        return {
            "first": FIRST,
            "deals": len(deals),
            "passed": sum(1 for deal in deals if deal.get("passed")),
            "steps": len(steps),
            "right": sum(step["right"] for step in steps),
            "wrong": [step for step in steps if not step["right"]],
        }
    finally:
        context.close()
