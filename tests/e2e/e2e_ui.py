"""Drive <belot-calculator> through its UI, as a person would (Playwright, sync API).

The form, top to bottom: the game (a radio group `game` of twelve, value
"<bidder>:<contract>"), a points box per team (`points-us`, `points-them`), the last
trick (radios `last-trick`), toggle buttons for contra/recontra and capot, a row of
declaration chips per team (announced), and the core's questions (radios
`higher-sequence`, `higher-carre`) when it asks them. The bar at the bottom says what
is missing or the score, and holds Record (`button.record`) with a score sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Locator, Page, expect

from belot_core import Declaration


@dataclass(frozen=True)
class Deal:
    """One deal as docs/rules-cases.md writes it (declarations as announced)."""

    contract: str
    bidder: str
    doubling: str
    pile_team: str
    points: int
    last_trick: str
    capot: str = "none"
    declarations: dict[str, dict[str, int]] = field(default_factory=dict)
    hanging_in: int = 0
    higher: dict[str, str] = field(default_factory=dict)
    """Answers to the core's questions (`sequence`, `carre`), given when it asks."""


class Calculator:
    """One <belot-calculator> on the page (Playwright CSS pierces its open shadow root)."""

    def __init__(self, element: Locator) -> None:
        self.element = element

    def part(self, selector: str) -> Locator:
        return self.element.locator(selector)

    def points(self, team: str) -> Locator:
        """A team's points box."""
        return self.part(f'input[name="points-{team}"]')

    def radio(self, group: str, value: str) -> Locator:
        return self.part(f'input[type="radio"][name="{group}"][value="{value}"]')

    def choose(self, group: str, value: str) -> None:
        radio = self.radio(group, value)
        if radio.is_enabled() and not radio.is_checked():
            radio.check()

    def choose_game(self, bidder: str, contract: str) -> None:
        self.choose("game", f"{bidder}:{contract}")

    def toggle(self, name: str, value: str) -> Locator:
        """A toggle button: doubling `contra`/`recontra`, capot `us`/`them`."""
        return self.part(f"button.toggle.{name}-{value}")

    def set_toggles(self, name: str, value: str) -> None:
        """Press the toggle of `value` (or, for "none", release the pressed one)."""
        values = ("contra", "recontra") if name == "doubling" else ("us", "them")
        for each in values:
            button = self.toggle(name, each)
            if (button.get_attribute("aria-pressed") == "true") != (each == value):
                button.click()
                expect(button).to_have_attribute("aria-pressed", str(each == value).lower())

    def chip(self, team: str, kind: str) -> Locator:
        return self.part(f".declarations-{team} button.chip.{kind}")

    def count(self, team: str, kind: str) -> int:
        text = self.chip(team, kind).locator(".badge").inner_text().strip()
        return int(text) if text else 0

    def set_count(self, team: str, kind: str, count: int) -> None:
        chip = self.chip(team, kind)
        minus = chip.locator("xpath=following-sibling::button[1]")
        for _ in range(20):
            current = self.count(team, kind)
            if current == count:
                return
            (chip if current < count else minus).click()
            expect(chip.locator(".badge")).not_to_have_text(str(current) if current else "")
        raise AssertionError(f"could not set {team} {kind} to {count}")

    def answer(self, question: str, answer: str) -> None:
        """Answer the core's question (it must be asked: the question is on screen)."""
        radio = self.radio(f"higher-{question}", answer)
        expect(self.part(f".question.higher-{question}")).to_be_visible()
        radio.check()

    def enter(self, deal: Deal) -> None:
        self.choose_game(deal.bidder, deal.contract)
        self.set_toggles("doubling", deal.doubling)
        self.set_toggles("capot", deal.capot)
        if deal.capot == "none":  # with a capot the widget fills the cards in itself
            self.points(deal.pile_team).fill(str(deal.points))
            self.choose("last-trick", deal.last_trick)
        if deal.contract != "no_trumps":
            for team in ("us", "them"):
                for kind in Declaration:
                    self.set_count(team, kind, deal.declarations.get(team, {}).get(kind, 0))
        for question, answer in deal.higher.items():
            self.answer(question, answer)
        hanging_in = self.part('input[name="hanging-in"]')
        if hanging_in.is_editable():  # read-only while a score sheet carries the hanging points
            hanging_in.fill(str(deal.hanging_in))

    def expect_result(
        self,
        *,
        outcome: str,
        record: tuple[int, int],
        raw: tuple[int, int] | None = None,
        hanging: int = 0,
    ) -> None:
        expect(self.part(".outcome")).to_have_class(f"outcome {outcome}")
        if raw is not None:
            expect(self.part("td.raw-us")).to_have_text(str(raw[0]))
            expect(self.part("td.raw-them")).to_have_text(str(raw[1]))
        expect(self.part("td.record-us")).to_have_text(str(record[0]))
        expect(self.part("td.record-them")).to_have_text(str(record[1]))
        if hanging:
            expect(self.part(".hanging-out")).to_be_visible()
            expect(self.part(".hanging-out")).to_contain_text(str(hanging))
        else:
            expect(self.part(".hanging-out")).to_be_hidden()

    def property(self, name: str) -> Any:
        return self.element.evaluate(f"(element) => element[{name!r}]")

    def wait_ready(self, timeout: float = 90_000) -> None:
        """Wait until the runtime is in (an article's example shows its result before)."""
        expect(self.element).to_have_js_property("state", "ready", timeout=timeout)
        expect(self.part(".details")).to_be_visible()


# The element that has the focus, through shadow roots, and where it is against the bar
# of the calculator it belongs to (none outside a calculator).
FOCUS_PLACE = """() => {
  let active = document.activeElement;
  const hosts = [];
  while (active?.shadowRoot?.activeElement) {
    hosts.push(active);
    active = active.shadowRoot.activeElement;
  }
  if (!active || active === document.body) return null;
  const box = active.getBoundingClientRect();
  const host = hosts.findLast((h) => h.localName === "belot-calculator");
  const bar = host?.shadowRoot.querySelector(".bar");
  const barBox = bar && !bar.hidden ? bar.getBoundingClientRect() : null;
  const sticky = barBox && getComputedStyle(bar).position === "sticky";
  return {
    what: active.localName + "." + active.className + " " + (active.getAttribute("aria-label")
      ?? active.textContent.trim().slice(0, 30)),
    top: box.top, bottom: box.bottom, height: box.height,
    inBar: Boolean(bar?.contains(active)),
    barTop: sticky ? barBox.top : null,
    barBottom: sticky ? barBox.bottom : null,
  };
}"""


def focus_place(page: Page) -> dict[str, Any] | None:
    """Where the focused element is (through shadow roots), against its calculator's
    sticky bar: `what`, `top`, `bottom`, `inBar`, `barTop`/`barBottom` (None unless
    the bar sticks)."""
    place: dict[str, Any] | None = page.evaluate(FOCUS_PLACE)
    return place


def tab_through(page: Page, limit: int = 150) -> list[dict[str, Any]]:
    """Tab from the top of the page to its end; where each focused element was."""
    page.evaluate("window.scrollTo({top: 0, behavior: 'instant'})")  # ends a smooth scroll
    page.locator("a").first.focus()  # the header's first link: the page's first stop
    first = focus_place(page)
    assert first is not None, "the page has no link to start from"
    seen = [first]
    for _ in range(limit):
        page.keyboard.press("Tab")
        place = focus_place(page)
        if place is None or place["what"] == seen[0]["what"]:
            break
        seen.append(place)
    return seen


def hidden_by_the_bar(seen: list[dict[str, Any]], height: int) -> list[dict[str, Any]]:
    """The focus stops that were off screen or under the sticky bar (even in part)."""
    bad = []
    for place in seen:
        off = place["top"] < -0.5 or place["bottom"] > height + 0.5
        under = (
            not place["inBar"]
            and place["barTop"] is not None
            and place["bottom"] > place["barTop"] + 0.5
            and place["top"] < place["barBottom"]
        )
        if off or under:
            bad.append(place)
    return bad
