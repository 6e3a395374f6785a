"""What the layout audit (test_layout_audit.py) measures on the page, in one place.

Each check runs in the page (through the calculator's open shadow root) and returns a
list of problems in words ("text box points-us shows 18 px of its 22-px value '82'"),
empty when all is well, so a failing audit reads as a list of what a player would meet.

- `text_boxes`: every visible text box (points, names, players, the hanging points…)
  shows its whole value: the value's width, in the box's own font, fits the box's
  room inside its padding.
- `tap_areas`: every visible control (buttons, the tiles of a choice, text boxes,
  disclosures' summaries) is at least 44x44 CSS px (WCAG 2.5.5's size).
- `clear_of_the_bar`: the controls that are the next thing to tap are on screen, and
  no part of one lies under the sticky bar (unless it is in the bar).
- `page_width`: nothing makes the page wider than the screen (a page that scrolls
  sideways also shifts a phone's fixed layers, table mode among them, off its screen).
- `fits`: a plain deal fits one screen: from the game's legend to the last team's
  declaration chips, with the bar under it (and so the set-up step, top to its Done).
- `first_screen`: an element (a notice, an alert) begins on the first screen.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

MIN_TAP = 44  # CSS px, WCAG 2.5.5 (AAA) and what Android and iOS ask of a touch target

#: Helpers the checks share, defined once per page (window.__audit).
PRELUDE = """
(() => {
  if (window.__audit) return;
  const host = () => document.querySelector("belot-calculator");
  const root = () => host().shadowRoot;
  const shown = (element) => {
    if (!element.isConnected) return false;
    const box = element.getBoundingClientRect();
    if (box.width < 1 || box.height < 1) return false;
    if (!element.checkVisibility({ visibilityProperty: true })) return false;
    // Inside a closed <details> (its summary aside) or a closed dialog: not shown.
    for (let e = element; e && e !== root(); e = e.parentElement ?? e.getRootNode().host) {
      if (e.localName === "dialog" && !e.open) return false;
    }
    return true;
  };
  const name = (element) => {
    const label = element.getAttribute("aria-label") || element.name || element.textContent || "";
    const tag = element.localName + (element.classList.length ? "." + [...element.classList].join(".") : "");
    return `${tag} ${JSON.stringify(label.trim().replace(/\\s+/g, " ").slice(0, 40))}`;
  };
  const bar = () => {
    const element = root().querySelector(".bar");
    if (!element || !shown(element) || getComputedStyle(element).position !== "sticky") return null;
    return element;
  };
  // Where the screen ends for a control not in the bar: the bar's top, when it sticks.
  const bottom = (element) => {
    const sticky = bar();
    if (!sticky || sticky.contains(element)) return innerHeight;
    return Math.min(innerHeight, sticky.getBoundingClientRect().top);
  };
  const canvas = document.createElement("canvas").getContext("2d");
  const textWidth = (element, text) => {
    const style = getComputedStyle(element);
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    canvas.letterSpacing = style.letterSpacing === "normal" ? "0px" : style.letterSpacing;
    return canvas.measureText(text).width;
  };
  window.__audit = { host, root, shown, name, bar, bottom, textWidth };
})();
"""

TEXT_BOXES = """() => {
  const { root, shown, name, textWidth } = window.__audit;
  const problems = [];
  for (const box of root().querySelectorAll("input:is([type=text], [type=number], :not([type])), textarea")) {
    if (!shown(box) || !box.value || box.localName === "textarea") continue;
    const style = getComputedStyle(box);
    const room = box.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd);
    const needs = textWidth(box, box.value);
    if (needs > room + 0.5 || box.scrollWidth > box.clientWidth + 1) {
      problems.push(`${name(box)} shows ${Math.max(0, room).toFixed(0)} px of its ${needs.toFixed(0)}-px value ${JSON.stringify(box.value)}`);
    }
  }
  return problems;
}"""

TAP_AREAS = """(min) => {
  const { root, shown, name } = window.__audit;
  const problems = [];
  const controls = root().querySelectorAll(
    "button, summary, a[href], select, textarea, input:is([type=text], [type=number], [type=file]:not(.visually-hidden)), label.opt, label.cell");
  for (const control of controls) {
    if (!shown(control) || control.closest(".visually-hidden")) continue;
    // A file input hidden behind its own button is that button's business.
    if (control.localName === "input" && control.type === "file" && getComputedStyle(control).opacity === "0") continue;
    const box = control.getBoundingClientRect();
    if (box.width < min - 0.5 || box.height < min - 0.5) {
      problems.push(`${name(control)} is ${box.width.toFixed(0)}x${box.height.toFixed(0)} px`);
    }
  }
  return problems;
}"""

CLEAR_OF_THE_BAR = """(selector) => {
  const { root, shown, name, bottom } = window.__audit;
  const problems = [];
  const targets = [...root().querySelectorAll(selector)].filter(shown);
  if (!targets.length) return [`nothing shown matches ${selector}`];
  for (const target of targets) {
    const box = target.getBoundingClientRect();
    const end = bottom(target);
    if (box.top < -0.5 || box.bottom > innerHeight + 0.5) {
      problems.push(`${name(target)} is off screen (${box.top.toFixed(0)}–${box.bottom.toFixed(0)} of ${innerHeight} px)`);
    } else if (box.bottom > end + 0.5) {
      problems.push(`${name(target)} lies ${(box.bottom - end).toFixed(0)} px under the bar`);
    }
  }
  return problems;
}"""

PAGE_WIDTH = """() => {
  const { root, shown, name } = window.__audit;
  const screen = document.documentElement.clientWidth;
  const over = document.documentElement.scrollWidth - screen;
  if (over <= 1) return [];
  // The innermost shown elements reaching past the screen's right edge: the culprits.
  const past = [...root().querySelectorAll("*")].filter(
    (e) => shown(e) && e.getBoundingClientRect().right > screen + 1);
  const innermost = past.filter((e) => !past.some((other) => other !== e && e.contains(other)));
  const what = innermost.slice(0, 3).map((e) => `${name(e)} ends at ${e.getBoundingClientRect().right.toFixed(0)} px`);
  return [`the page is ${over.toFixed(0)} px wider than the ${screen}-px screen (it scrolls sideways): ${what.join("; ") || "outside the calculator"}`];
}"""

FITS = """({ top, bottom, what }) => {
  const { root, bar } = window.__audit;
  const first = root().querySelector(top);
  const lasts = root().querySelectorAll(bottom);
  const last = lasts[lasts.length - 1];
  if (!first || !last) return [`${what}: nothing matches ${first ? bottom : top}`];
  const sticky = bar();
  const span = last.getBoundingClientRect().bottom - first.getBoundingClientRect().top;
  const barHeight = sticky ? sticky.getBoundingClientRect().height : 0;
  const over = span + barHeight - innerHeight;
  return over > 0.5
    ? [`${what} takes ${span.toFixed(0)} px and the bar ${barHeight.toFixed(0)} px: ${over.toFixed(0)} px more than the screen`]
    : [];
}"""

FIRST_SCREEN = """(selector) => {
  const { root, shown, name } = window.__audit;
  const problems = [];
  const found = [...root().querySelectorAll(selector)].filter(shown);
  if (!found.length) return [`nothing shown matches ${selector}`];
  for (const element of found) {
    const top = element.getBoundingClientRect().top + scrollY;
    if (top > innerHeight - 48) problems.push(`${name(element)} begins ${top.toFixed(0)} px down the page, past the first screen (${innerHeight} px)`);
  }
  return problems;
}"""

BAR_HEIGHT = """() => { const sticky = window.__audit.bar(); return sticky ? sticky.getBoundingClientRect().height : 0; }"""


SCHEMES = ("light", "dark")


class Audit:
    """The problems met on one page, state by state ("entered (dark): text box … shows …").

    Every check runs in both colour schemes (`page.emulate_media`), on the same page in the
    same state: the widget's schemes differ only in colours (styles/base.js: light-dark()
    pairs), and checking both keeps that true. A problem met in both is listed once.
    """

    def __init__(self, page: Page, *, on_screen: bool = True) -> None:
        self.page = page
        self.on_screen = on_screen  # whether the next tap is checked on screen, clear of the bar
        self.problems: list[str] = []
        page.evaluate(PRELUDE)

    def note(self, state: str, found: list[str]) -> None:
        self.problems.extend(f"{state}: {problem}" for problem in found)

    def run(self, script: str, arg: Any = None) -> list[str]:
        self.page.evaluate(PRELUDE)  # (again after a reload)
        found: list[str] = self.page.evaluate(script, arg)
        return found

    def _schemes(self, state: str, checks: list[tuple[str, Any]]) -> None:
        """`checks` ((script, arg)…) in each scheme; the page is left in light."""
        seen: dict[str, list[str]] = {}
        for scheme in SCHEMES:
            self.page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
            for script, arg in checks:
                for problem in self.run(script, arg):
                    seen.setdefault(problem, []).append(scheme)
        self.page.emulate_media(color_scheme="light")
        for problem, schemes in seen.items():
            self.problems.append(f"{state} ({', '.join(schemes)}): {problem}")

    def look(self, state: str, *, next_tap: str | None = None, taps: bool = True) -> None:
        """The checks every state gets: text boxes, the page's width, tap areas, and the
        next thing to tap."""
        checks: list[tuple[str, Any]] = [(TEXT_BOXES, None), (PAGE_WIDTH, None)]
        if taps:
            checks.append((TAP_AREAS, MIN_TAP))
        if next_tap and self.on_screen:
            checks.append((CLEAR_OF_THE_BAR, next_tap))
        self._schemes(state, checks)

    def fits(
        self,
        state: str,
        top: str = ".group.game",
        bottom: str = ".declarations .chips",
        what: str = "a plain deal",
    ) -> None:
        """From `top` to the last `bottom`, with the bar, in one screen (the page scrolled
        to `top` first, by the caller)."""
        self._schemes(state, [(FITS, {"top": top, "bottom": bottom, "what": what})])

    def first_screen(self, state: str, selector: str) -> None:
        if self.on_screen:
            self._schemes(state, [(FIRST_SCREEN, selector)])

    def bar_height(self) -> float:
        return float(self.page.evaluate(BAR_HEIGHT))
