"""Drive <belot-calculator> through its UI, as a person would (Playwright, sync API)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Locator, expect

DECLARATION_KINDS = ("tierce", "quarte", "quint", "carre", "carre_nines", "carre_jacks", "belot")


@dataclass(frozen=True)
class Deal:
    """One deal as the spec's worked cases write it."""

    contract: str
    bidder: str
    doubling: str
    pile_team: str
    points: int
    last_trick: str
    capot: str = "none"
    declarations: dict[str, dict[str, int]] = field(default_factory=dict)
    hanging_in: int = 0


class Calculator:
    """One <belot-calculator> on the page (Playwright CSS pierces its open shadow root)."""

    def __init__(self, element: Locator) -> None:
        self.element = element

    def part(self, selector: str) -> Locator:
        return self.element.locator(selector)

    def choose(self, group: str, value: str) -> None:
        radio = self.part(f'input[type="radio"][name="{group}"][value="{value}"]')
        if radio.is_enabled():
            radio.check()

    def set_count(self, team: str, kind: str, count: int) -> None:
        counter = self.part(f"fieldset.declarations-{team} .counter.{kind}")
        value = counter.locator("output")
        details = self.part(f"fieldset.declarations-{team} details")
        if details.count() and details.get_attribute("open") is None:  # folded by the reader
            details.locator("summary").click()
            expect(details).to_have_attribute("open", "")
        for _ in range(20):
            current = int(value.inner_text())
            if current == count:
                return
            counter.locator("button.plus" if current < count else "button.minus").click()
            expect(value).not_to_have_text(str(current))
        raise AssertionError(f"could not set {team} {kind} to {count}")

    def enter(self, deal: Deal) -> None:
        self.choose("contract", deal.contract)
        self.choose("bidder", deal.bidder)
        self.choose("doubling", deal.doubling)
        self.choose("capot", deal.capot)
        if deal.capot == "none":  # with a capot the widget fills the cards in itself
            self.choose("pile-team", deal.pile_team)
            self.part('input[name="pile-points"]').fill(str(deal.points))
            self.choose("last-trick", deal.last_trick)
        if deal.contract != "no_trumps":
            for team in ("us", "them"):
                for kind in DECLARATION_KINDS:
                    self.set_count(team, kind, deal.declarations.get(team, {}).get(kind, 0))
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
