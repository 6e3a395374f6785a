"""At-the-table benchmark: one 8-deal game entered through the real UI on a phone, and
who deals through a 12-deal game with a pass, an edit and an Undo (bench/table_dealer.py).

    python3 build.py build && .venv/bin/python bench/table_entry.py

Plays the same game on the standalone calculator (dist/calculator/, with its score
sheet, the real core in Pyodide) at 390x844 and at 360x740 (touch, 2x scale), and
again at 360x740 with the docs' example table (teams "Иван и Петър" / "Мария и Ана",
four players named, typed in the game's set-up step and not counted), and
prints, per deal and in all, the inputs and the pixels scrolled that entering and
recording the deal took. Writes bench/results/table-entry.json (then run
bench/report.py for bench/RESULTS.md). A benchmark, not a test: nothing here fails on
a number.

The player
- knows the deal's facts (contract, bidder, doubling, whose pile and its points,
  last trick, capot, declarations) and touches only what the screen does not
  already show right: a careful player with the fewest inputs.
- inputs: every tap (an option, a button, the points field) is one input, every
  digit typed is one input. The player goes through the form in its order (game,
  points, last trick, contra/recontra and capot, declarations, Record).
- scrolling: before each tap the target must be on screen and not under a sticky
  bar; when it is not, the player scrolls just enough (to 8 px clear of the edge or
  the bar). The pixels of those scrolls are summed per deal, and the scroll moves
  counted. Scrolling the page does by itself (a focus moving) is not counted, but a
  target it moved off screen costs its scroll like any other.
- a programmatic focus is not a tap: after the game is chosen with a tap, the
  calculator moves the focus into the points itself, so the digits need no tap on
  the field. It counts only if it happens inside the tap (a real phone opens its
  keypad only then): the bench checks, for every such focus, that it came in the
  same task as the trusted click of the tap, and prints how many did.
- a tap is a touch at the middle of the target (after the scroll above, if any);
  the page is never scrolled for the player by the driver (Playwright's own tap()
  scrolls a sticky bar's button into its static place, which no finger does).
- fixing a deal after the bar's Undo: deal 1 is recorded, taken back with the bar's
  Undo, its points box tapped (the fix begun) and recorded again; the pixels scrolled
  to reach the box are reported (the goal is 0), outside deal 1's own count.
- who deals: before deal 1 the player chooses the first dealer (one tap, counted in
  deal 1).
- seeing what was recorded: after each Record, the pixels the player would have to
  scroll to see the deal's row (in the bar's strip of the latest rows, else the table):
  the goal is 0.
- a second, forgetful player enters the same game but never touches "last trick"
  (whatever the screen shows stays). The bench counts the deals that got recorded
  with a last trick other than the deal's own: a wrong score recorded without a word.
  When the calculator refuses to record without it, that player reads why and gives
  it (counted like any input).

The game (us : them after each deal), with the spec's rules:
  1 hearts, we bid, pile us 82, last us, our belot        11 : 7
  2 diamonds, we bid, pile us 81, last them               hanging: 0 : 8, 8 hang
  3 spades, they bid, contra, pile us 60, last us         0 : 32 + 8
  4 clubs, we bid, pile us 70, last them                  inside: 0 : 16
  5 All trumps, they bid, pile them 140, last them,
    their carré + belot                                   11 : 27
  6 hearts, we bid, capot us                              25 : 0
  7 No trumps, they bid, pile us 50, last us              12 : 14
  8 spades, we bid, recontra, pile us 90, last us,
    our tierce                                            73 : 0
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Locator, Page, expect, sync_playwright
from report import Table, machine, table, write_results

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))  # the build's package
from sitebuild.paths import CHROMIUM, CHROMIUM_ARGS, DIST, ROOT
from sitebuild.server import serving

PHONES = {"390x844": (390, 844), "360x740": (360, 740)}
#: The docs' example table (issue 30): team names and four players, typed before the game.
NAMES = {"us": "Иван и Петър", "them": "Мария и Ана"}
PLAYERS = {("us", 0): "Иван", ("them", 0): "Мария", ("us", 1): "Петър", ("them", 1): "Ана"}
#: name → (screen, with the example names)
RUNS = {
    "390x844": ("390x844", False),
    "360x740": ("360x740", False),
    "360x740, names": ("360x740", True),
}
TIMEOUT_MS = 120_000
DEALS_JS = "document.querySelector('belot-calculator').game?.game?.deals ?? []"
MARGIN = 8  # px a scrolled-to target is kept clear of the screen's edge or a bar


@dataclass(frozen=True)
class Deal:
    contract: str
    bidder: str
    pile_team: str = "us"
    points: int | None = None
    last_trick: str | None = None
    doubling: str = "none"
    capot: str = "none"
    declarations: dict[str, dict[str, int]] = field(default_factory=dict)
    record: tuple[int, int] = (0, 0)


GAME = (
    Deal("hearts", "us", "us", 82, "us", declarations={"us": {"belot": 1}}, record=(11, 7)),
    Deal("diamonds", "us", "us", 81, "them", record=(0, 8)),
    Deal("spades", "them", "us", 60, "us", doubling="contra", record=(0, 40)),
    Deal("clubs", "us", "us", 70, "them", record=(0, 16)),
    Deal(
        "all_trumps",
        "them",
        "them",
        140,
        "them",
        declarations={"them": {"carre": 1, "belot": 1}},
        record=(11, 27),
    ),
    Deal("hearts", "us", capot="us", record=(25, 0)),
    Deal("no_trumps", "them", "us", 50, "us", record=(12, 14)),
    Deal(
        "spades",
        "us",
        "us",
        90,
        "us",
        doubling="recontra",
        declarations={"us": {"tierce": 1}},
        record=(73, 0),
    ),
)


@dataclass
class Tally:
    taps: int = 0
    digits: int = 0
    scrolled: int = 0
    scroll_moves: int = 0
    to_see_row: int = 0  # px to scroll to see the row just recorded

    @property
    def inputs(self) -> int:
        return self.taps + self.digits


class Player:
    """Taps and types like a person: scrolls a target into view first, and counts."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.tally = Tally()

    def bar_height(self, target: Locator) -> float:
        """Height of a sticky bar at the screen's bottom (0 if none, or if it is the target)."""
        return float(
            target.evaluate(
                """(target) => {
                  const root = document.querySelector("belot-calculator").shadowRoot;
                  let covered = 0;
                  for (const bar of root.querySelectorAll(".summary, [data-sticky]")) {
                    if (bar === target || bar.contains(target) || bar.hidden) continue;
                    const r = bar.getBoundingClientRect();
                    if (r.height && r.bottom > innerHeight - 2 - r.height)
                      covered = Math.max(covered, innerHeight - r.top);
                  }
                  return covered;
                }"""
            )
        )

    def distance(self, target: Locator) -> float:
        """How far the page must scroll to bring `target` into view (0: it is)."""
        box = target.evaluate(
            "(e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; }"
        )
        top, bottom = box
        height = self.page.viewport_size["height"]  # type: ignore[index]
        visible_bottom = height - self.bar_height(target)
        delta = 0.0
        if top < 0:
            delta = top - MARGIN
        elif bottom > visible_bottom:
            delta = min(bottom - visible_bottom + MARGIN, top - MARGIN)
        return delta

    def reveal(self, target: Locator) -> None:
        delta = self.distance(target)
        if abs(delta) >= 1:
            before = self.page.evaluate("scrollY")
            self.page.evaluate("(d) => window.scrollBy(0, d)", delta)
            after = self.page.evaluate("scrollY")
            self.tally.scrolled += round(abs(after - before))
            self.tally.scroll_moves += 1

    def tap(self, target: Locator) -> None:
        self.reveal(target)
        box = target.bounding_box()
        assert box, target
        self.page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        self.tally.taps += 1

    def focused(self, target: Locator) -> bool:
        """Whether `target` has the focus (inside the calculator's shadow root)."""
        return bool(
            target.evaluate("(e) => e.getRootNode().activeElement === e && document.hasFocus()")
        )

    def type_digits(self, field: Locator, text: str) -> None:
        if not self.focused(field):  # the calculator did not move the focus there
            self.tap(field)
        self.page.keyboard.type(text)
        self.tally.digits += len(text)


class FormDriver:
    """The entry form: the game grid, a points box per team, the last trick, contra/
    recontra and capot toggles, declaration chips per team, and the bar's Record."""

    def __init__(self, calculator: Locator, player: Player) -> None:
        self.calc = calculator
        self.player = player

    def part(self, selector: str) -> Locator:
        return self.calc.locator(selector)

    def choose_game(self, bidder: str, contract: str) -> None:
        radio = self.part(f'input[name="game"][value="{bidder}:{contract}"]')
        if not radio.is_checked():
            self.player.tap(self.part(f'label.cell:has(input[value="{bidder}:{contract}"])'))

    def choose(self, group: str, value: str) -> None:
        radio = self.part(f'input[type="radio"][name="{group}"][value="{value}"]')
        if radio.is_checked() or radio.is_disabled():
            return
        self.player.tap(self.part(f'label.opt:has(input[name="{group}"][value="{value}"])'))

    def toggles(self, name: str, value: str) -> None:
        """Press the toggle of `value`, or release the pressed one for "none"."""
        for each in ("contra", "recontra") if name == "doubling" else ("us", "them"):
            button = self.part(f"button.toggle.{name}-{each}")
            if (button.get_attribute("aria-pressed") == "true") != (each == value):
                self.player.tap(button)

    def set_count(self, team: str, kind: str, count: int) -> None:
        chip = self.part(f".declarations-{team} button.chip.{kind}")
        badge = chip.locator(".badge")
        minus = chip.locator("xpath=following-sibling::button[1]")
        while (current := int(badge.inner_text() or 0)) != count:
            self.player.tap(chip if current < count else minus)
            expect(badge).not_to_have_text(str(current) if current else "")

    def enter(self, deal: Deal, *, forget_last_trick: bool = False) -> None:
        # In the form's order: the game, the points (the focus is already there), the
        # last trick, contra/recontra and capot, the declarations.
        self.choose_game(deal.bidder, deal.contract)
        if deal.capot != "none":
            self.toggles("capot", deal.capot)
        if deal.capot == "none":
            box = self.part(f'input[name="points-{deal.pile_team}"]')
            typed = "other" not in (box.get_attribute("class") or "")
            if not (typed and box.input_value() == str(deal.points)):
                if typed and box.input_value():
                    self.player.tap(box)
                    box.fill("")
                    self.player.tally.taps += 1  # clearing the old value
                self.player.type_digits(box, str(deal.points))
            if not forget_last_trick and deal.last_trick:
                self.choose("last-trick", deal.last_trick)
        self.toggles("doubling", deal.doubling)
        self.toggles("capot", deal.capot)
        if deal.contract != "no_trumps":
            for team in ("us", "them"):
                for kind in (
                    "tierce",
                    "quarte",
                    "quint",
                    "carre",
                    "carre_nines",
                    "carre_jacks",
                    "belot",
                ):
                    self.set_count(team, kind, deal.declarations.get(team, {}).get(kind, 0))

    def record(self) -> bool:
        button = self.part("button.record")
        try:
            expect(button).to_be_enabled(timeout=5_000)
        except AssertionError:
            return False
        self.player.tap(button)
        return True


#: Notes, for every focus the calculator moves from the game grid into a points box,
#: whether it came inside the tap: in the same task as the tap's trusted click (the
#: flag is cleared by the next task).
FOCUS_PROBE = """
window.focusInTap = [];
let inTap = false;
window.addEventListener("click", (event) => {
  if (!event.isTrusted) return;
  inTap = true;
  setTimeout(() => { inTap = false; }, 0);
}, true);
// A focus moving inside the shadow root never reaches the document: listen there.
customElements.whenDefined("belot-calculator").then(() => {
  for (const element of document.querySelectorAll("belot-calculator")) {
    element.shadowRoot.addEventListener("focusin", (event) => {
      // From the game grid into a points box: the calculator's move, not a finger's.
      const fromGame = event.relatedTarget?.name === "game";
      const toPoints = String(event.target?.name).startsWith("points-");
      if (fromGame && toPoints) window.focusInTap.push(inTap);
    }, true);
  }
});
"""


def recorded_row(calculator: Locator, index: int) -> Locator:
    """The row of deal `index` (from 0) just recorded: in the bar's strip, else the table.
    (The strip is drawn in the frame after the game changed: it is waited for, a while.)"""
    strip = calculator.locator(".bar-recent:not([hidden]) .recent-row.recorded")
    try:
        expect(strip).to_contain_text(f"{index + 1}.", timeout=2_000)
        return strip
    except AssertionError:
        return calculator.locator(f'.sheet-table tbody tr[data-index="{index}"]')


def recorded_deals(page: Page) -> list[dict[str, Any]]:
    return page.evaluate(f"() => {DEALS_JS}")


def name_the_table(calculator: Locator) -> None:
    """The example names and players typed in the game's set-up step (not counted)."""
    calculator.locator("button.setup-open").click()
    for team, name in NAMES.items():
        calculator.locator(f'.setup input[name="name-{team}"]').fill(name)
    for (team, index), player in PLAYERS.items():
        calculator.locator(f'.setup input[name="player-{team}-{index}"]').fill(player)
    calculator.locator("button.setup-done").click()
    expect(calculator.locator(".setup")).to_be_hidden()
    calculator.page.evaluate("window.scrollTo(0, 0)")


def fix_after_undo(calculator: Locator, player: Player, form: FormDriver, deal: Deal) -> int:
    """The bar's Undo just after a Record, then the fix begun (the points box tapped) and
    recorded again: the pixels scrolled to reach the deal to fix (the goal is 0)."""
    player.tally = Tally()
    player.tap(calculator.locator("button.undo-recorded"))
    box = calculator.locator(f'input[name="points-{deal.pile_team}"]')
    expect(box).to_have_value(str(deal.points))
    calculator.page.wait_for_timeout(300)  # the focus and any scroll it makes settle
    player.tap(box)
    scrolled = player.tally.scrolled
    form.record()
    return scrolled


def play(
    browser: Any, url: str, size: tuple[int, int], *, forgetful: bool, names: bool = False
) -> dict[str, Any]:
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
    page = context.new_page()
    page.add_init_script(FOCUS_PROBE)
    try:
        page.goto(f"{url}/calculator/?lang=bg")
        calculator = page.locator("belot-calculator")
        expect(calculator.locator(".sheet-table")).to_be_visible(timeout=TIMEOUT_MS)
        player = Player(page)
        form = FormDriver(calculator, player)
        if names:
            name_the_table(calculator)
        undo_fix = None
        deals = []
        stale = 0
        for number, deal in enumerate(GAME, start=1):
            player.tally = Tally()
            if number == 1:  # who deals first: one tap
                player.tap(calculator.locator(".dealer-seats button.seat").first)
            # Every deal before this one is in the game (a Record lands a moment after the tap).
            page.wait_for_function(f"(n) => ({DEALS_JS}).length >= n", arg=number - 1)
            before = len(recorded_deals(page))
            form.enter(deal, forget_last_trick=forgetful)
            done = form.record()
            if done:
                page.wait_for_function(
                    f"(n) => ({DEALS_JS}).length > n",
                    arg=before,
                )
                player.tally.to_see_row = round(
                    abs(player.distance(recorded_row(calculator, before)))
                )
                saved = recorded_deals(page)[-1]
                if (
                    deal.last_trick
                    and deal.capot == "none"
                    and saved.get("last_trick") != deal.last_trick
                ):
                    stale += 1
                if number == 1 and not forgetful:
                    tally = player.tally
                    undo_fix = fix_after_undo(calculator, player, form, deal)
                    player.tally = tally
            else:
                # Nothing was recorded: the player sees why and gives the missing fact.
                if deal.last_trick:
                    form.choose("last-trick", deal.last_trick)
                done = form.record()
            deals.append({"deal": number, **asdict(player.tally), "inputs": player.tally.inputs,
                          "recorded": done})  # fmt: skip
        totals = page.evaluate(
            "() => document.querySelector('belot-calculator').game.result.totals"
        )
        focus: list[bool] = page.evaluate("window.focusInTap")
        return {
            "deals": deals,
            "stale_recorded": stale,
            "totals": totals,
            "focus_in_tap": sum(focus),
            "focus_moves": len(focus),
            "undo_fix_scrolled": undo_fix,
        }
    finally:
        context.close()


def report_tables(results: dict[str, Any]) -> list[Table]:
    """Per phone: each deal's inputs and scrolling, then the summary, as in RESULTS.md."""
    tables = []
    for name, run in results["phones"].items():
        careful = run["careful"]
        deals = careful["deals"]
        fix = careful.get("undo_fix_scrolled")
        inputs = [row["inputs"] for row in deals]
        scrolled = [row["scrolled"] for row in deals]
        rows: list[tuple[Any, ...]] = [
            (row["deal"], row["taps"], row["digits"], row["inputs"], row["scrolled"],
             row["scroll_moves"], row["to_see_row"])
            for row in deals
        ]  # fmt: skip
        rows.append(
            (
                "median (mean)",
                "",
                "",
                f"{statistics.median(inputs)} ({statistics.mean(inputs):.2f})",
                f"{statistics.median(scrolled)} ({statistics.mean(scrolled):.0f})",
                "",
                max(row["to_see_row"] for row in deals),
            )
        )
        tables.append(
            table(
                f"{name}: the careful player",
                (
                    "deal",
                    "taps",
                    "digits",
                    "inputs",
                    "px scrolled",
                    "scroll moves",
                    "px to see the row",
                ),
                rows,
            )
        )
        tables.append(
            table(
                f"{name}: in all",
                ("", "result"),
                (
                    (
                        "focus moved into the points inside the tap",
                        f"{careful['focus_in_tap']} of {careful['focus_moves']}",
                    ),
                    (
                        "deals recorded with a stale last trick (a player who never touches it)",
                        f"{run['forgetful']['stale_recorded']} of {len(GAME)}",
                    ),
                    ("px scrolled to fix deal 1 after the bar's Undo", "" if fix is None else fix),
                ),
            )
        )
    dealer = results["dealer"]
    tables.append(
        table(
            "390x844: who deals, a 12-deal game with a pass, an edit and an Undo",
            ("", "result"),
            (
                ("deals (all passed)", f"{dealer['deals']} ({dealer['passed']})"),
                ("steps where the right seat deals", f"{dealer['right']} of {dealer['steps']}"),
            ),
        )
    )
    return tables


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--label", default="", help="a name for this run (e.g. before/after)")
    args = parser.parse_args()
    if not (DIST / "manifest.json").is_file():
        print("dist/ is not built: run 'python3 build.py build' first", file=sys.stderr)
        return 1
    info = machine()
    results: dict[str, Any] = {"label": args.label, "phones": {}}
    with sync_playwright() as playwright, serving(DIST) as url:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for name, (screen, names) in RUNS.items():
            size = PHONES[screen]
            careful = play(browser, url, size, forgetful=False, names=names)
            forgetful = play(browser, url, size, forgetful=True, names=names)
            results["phones"][name] = {"careful": careful, "forgetful": forgetful}
        from table_dealer import dealer_run  # (it imports this module's player)

        results["dealer"] = dealer_run(browser, url)
        browser.close()

    print(
        f"At the table: one 8-deal game on the standalone calculator ({args.label or 'this build'})"
    )
    for name, run in results["phones"].items():
        careful = run["careful"]
        print(f"\n{name}: deal  taps  digits  inputs  px scrolled  scroll moves  px to see row")
        for row in careful["deals"]:
            cells = (row["deal"], row["taps"], row["digits"], row["inputs"])
            print("        {:>4}  {:>4}  {:>6}  {:>6}".format(*cells), end="")
            print(f"  {row['scrolled']:>11}  {row['scroll_moves']:>12}  {row['to_see_row']:>13}")
        inputs = [row["inputs"] for row in careful["deals"]]
        scrolled = [row["scrolled"] for row in careful["deals"]]
        median, mean = statistics.median, statistics.mean
        seen = max(row["to_see_row"] for row in careful["deals"])
        print(f"        px to see the row just recorded: at most {seen}")
        fix = careful["undo_fix_scrolled"]
        print(f"        px scrolled to fix deal 1 after the bar's Undo: {fix}")
        print(f"        median inputs {median(inputs)}, mean {mean(inputs):.2f}; ", end="")
        print(f"median px scrolled {median(scrolled)}, mean {mean(scrolled):.0f}; ", end="")
        print(f"totals {careful['totals']}")
        print(
            f"        the calculator moved the focus from the game into the points"
            f" {careful['focus_moves']} times, {careful['focus_in_tap']} of them inside the tap"
        )
        stale = run["forgetful"]["stale_recorded"]
        print(
            f"        forgetful player (never touches last trick): {stale} of {len(GAME)}", end=""
        )
        print(" deals recorded with a stale last trick")
    dealer = results["dealer"]
    print(
        f"\nwho deals, 12 deals ({dealer['passed']} all passed), an edit and an Undo:"
        f" right {dealer['right']} of {dealer['steps']} steps"
    )
    for step in dealer["wrong"]:
        print(f"    wrong after {step['step']}: {step['shown']!r}, not {step['want']!r}")
    out = write_results(
        "table-entry", tables=report_tables(results), data=results, machine_info=info
    )
    print(f"\nwritten: {out.relative_to(ROOT)} (then run bench/report.py)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
