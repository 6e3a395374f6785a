"""What opening an article's calculator does to the page, measured in Chromium.

Shared by tests/e2e/test_article_fold.py (which asserts) and bench/article_open.py
(which writes bench/results/article-open.json), so both measure the same thing:

- `cls`: the layout shift score as browsers count it for Core Web Vitals — every
  `layout-shift` entry of a PerformanceObserver, from the tap until the calculator is
  ready and has stood still, but those within 0.5 s of the tap (`hadRecentInput`: the
  page answering the reader's own tap, such as the content under the calculator
  moving down as it grows).
- `shift_all`: the same sum with those entries too (for the record: what grew under
  the calculator right after the tap).
- `above_moved`: the most the content above the calculator (the element just before
  it) moved on screen, in px, sampled every frame while any of it is on screen; a
  scroll counts here, though it is no layout shift: it is the "jump" a reader sees.
- `scrolled`: how far the page ended up scrolled from where it was at the tap.
- `first_part_seen`: the form's first part (the game) is on screen, clear of the
  sticky bar, once opened.

The reader is put where a reader stops before tapping: the open button at a given
fraction of the screen's height (`button_at`), then a finger taps it (the touch
screen, as on a phone: `hadRecentInput` follows from it).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from playwright.sync_api import Locator, Page, expect

READY_TIMEOUT_MS = 120_000

_WATCH = """(element) => {
  const above = element.previousElementSibling;
  const record = { entries: [], frames: [], y0: scrollY, top0: above.getBoundingClientRect().top, stop: false };
  window.__opening = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      record.entries.push({ value: entry.value, recent: entry.hadRecentInput, at: Math.round(entry.startTime),
        sources: entry.sources.map((s) => ({ node: s.node?.nodeName ?? "(in a shadow root)",
          from: [Math.round(s.previousRect.top), Math.round(s.previousRect.height)],
          to: [Math.round(s.currentRect.top), Math.round(s.currentRect.height)] })) });
    }
  }).observe({ type: "layout-shift" });
  const frame = () => {
    if (record.stop) return;
    const box = above.getBoundingClientRect();
    record.frames.push({ above: box.top, seen: box.bottom > 0 && box.top < innerHeight });
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}"""

_READ = """(element) => {
  const record = window.__opening;
  record.stop = true;
  const view = element.shadowRoot;
  const game = view.querySelector("form .game")?.getBoundingClientRect();
  const bar = view.querySelector(".bar");
  const barBox = bar && !bar.hidden && getComputedStyle(bar).position === "sticky" ? bar.getBoundingClientRect() : null;
  const limit = barBox && barBox.top < innerHeight ? barBox.top : innerHeight;
  return {
    entries: record.entries,
    aboveMoved: Math.max(0, ...record.frames.filter((f) => f.seen).map((f) => Math.abs(f.above - record.top0))),
    scrolled: scrollY - record.y0,
    firstPartSeen: Boolean(game) && game.top >= 0 && game.bottom <= limit + 0.5,
  };
}"""

_PLACE = """([element, at]) => {
  const button = element.shadowRoot.querySelector("button.open").getBoundingClientRect();
  scrollTo({ top: scrollY + button.top + button.height / 2 - innerHeight * at, behavior: "instant" });
}"""

_STILL = """() => new Promise((resolve) => {
  const at = scrollY;
  setTimeout(() => resolve(scrollY === at), 300);
})"""


@dataclass(frozen=True)
class Opening:
    """What one opening did (see the module's docstring)."""

    cls: float
    shift_all: float
    above_moved: float
    scrolled: float
    first_part_seen: bool
    entries: list[dict[str, Any]]

    def summary(self) -> dict[str, Any]:
        """The numbers, without the raw entries."""
        data = asdict(self)
        del data["entries"]
        return data


def place_reader(page: Page, element: Locator, button_at: float) -> None:
    """Scroll so the open button's middle is at `button_at` of the screen's height."""
    page.evaluate(_PLACE, [element.element_handle(), button_at])
    page.wait_for_timeout(100)


def tap(page: Page, target: Locator) -> None:
    """A finger on the middle of `target` (no scrolling into view: it must be on screen)."""
    box = target.bounding_box()
    assert box is not None, "nothing to tap"
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def settle(page: Page) -> None:
    """Until the page stands still (a smooth scroll has ended)."""
    page.wait_for_function(_STILL)
    page.wait_for_timeout(500)


def open_and_measure(
    page: Page, element: Locator, *, button_at: float, while_loading: Any = None
) -> Opening:
    """Place the reader, tap the open button, wait until ready and still; what moved.

    `while_loading()`, if given, is called right after the tap (say, to let a held
    download go after a while, so that the runtime arrives well after the tap).
    """
    place_reader(page, element, button_at)
    page.evaluate(_WATCH, element.element_handle())
    tap(page, element.locator("button.open"))
    if while_loading is not None:
        while_loading()
    expect(element).to_have_js_property("state", "ready", timeout=READY_TIMEOUT_MS)
    settle(page)
    found = page.evaluate(_READ, element.element_handle())
    entries = found["entries"]
    return Opening(
        cls=round(sum(e["value"] for e in entries if not e["recent"]), 6),
        shift_all=round(sum(e["value"] for e in entries), 6),
        above_moved=round(found["aboveMoved"], 1),
        scrolled=round(found["scrolled"], 1),
        first_part_seen=found["firstPartSeen"],
        entries=entries,
    )
