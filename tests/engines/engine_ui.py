"""Drive <belot-calculator> in any engine through its public API, from Python.

Deals are entered by setting the element's attributes (the source of truth of the
form), results are read from `belot-calculator-result` events and the `result`,
`request`, `game` and `scorer` properties. What the tests need of the shadow DOM —
the figures a reader sees, the Record button, the update notice — is reached only
through the selectors below, all of them here, so a redesign of the form changes
this block and nothing else.
"""

from __future__ import annotations

from typing import Any

from browsers import Page

# --- the only selectors into the widget's shadow DOM ----------------------------------
RECORD_CELLS = {"us": '[part~="record-us"]', "them": '[part~="record-them"]'}
RECORD_BUTTON = '[part~="bar"] button.record'
SHEET_TOTALS = {
    "us": '[part~="sheet-table"] tfoot td.us',
    "them": '[part~="sheet-table"] tfoot td.them',
}
UPDATE_NOTICE = '[part~="update"]'
KEEP_STATE = '[part~="sheet-keep"]'  # whether the browser keeps the games
KEEP_NOTICE = '[part~="sheet-keep-notice"]'  # the games cleared, the Home Screen
# Who deals, in the bar: its own line between deals, or beside the row just recorded.
DEALER = '[part~="bar-dealer"]:not([hidden]), [part~="bar-recent"]:not([hidden]) .recent-dealer'
# The seat the choice of who deals marks as dealing now (shown or not).
DEALER_PRESSED = '[part~="dealer-chooser"] button.seat[aria-pressed="true"]'
DEALER_SEATS = '[part~="dealer-chooser"] button.seat'  # the one-tap choice of who deals
UNDO_BUTTON = '[part~="sheet-toolbar"] button.undo'
TABLE_TOGGLE = '[part~="sheet-toolbar"] button.table-toggle'  # table mode (issue 25)
TABLE_MODE = '[part~="sheet-table-mode"]'  # its dialog: totals, needs, the wake lock's word
# ----------------------------------------------------------------------------------------

TAG = "belot-calculator"
STORAGE_KEY = "belot-calculator"  # the sheet's default storage-key (docs/embedding.md)
DECLARATION_KINDS = ("tierce", "quarte", "quint", "carre", "carre_nines", "carre_jacks", "belot")
RUNTIME_TIMEOUT_MS = 120_000  # Pyodide's first start on a busy 2-core machine
SHOWN_TIMEOUT_MS = 10_000  # a result's figures reaching the DOM

# Shared by every script below: wait for a condition with a deadline, find a calculator.
PRELUDE = """
const waitFor = async (check, ms, what) => {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    // `what` may be a function: what to say, read when the time is up (not when it began).
    if (performance.now() > deadline) {
      throw new Error(`timed out after ${ms} ms waiting for ${typeof what === "function" ? what() : what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};
const calculator = async (index) => {
  await customElements.whenDefined(ui.tag);
  const element = document.querySelectorAll(ui.tag)[index];
  if (!element) throw new Error(`no calculator ${index} on ${location.href}`);
  return element;
};
// Shown: neither it nor a parent (up to the shadow root) is hidden (no checkVisibility in older WebKit).
const visible = (node) => { for (let e = node; e; e = e.parentElement) if (e.hidden) return false; return Boolean(node); };
const status = (element) => JSON.stringify({ state: element.state, errors: element.errors,
  failure: element.scorer?.error ?? null, scorer: element.scorer?.state, progress: element.scorer?.progress,
  deals: element.game?.game?.deals.length ?? null, rows: element.game?.result?.rows.length ?? null });
const texts = (element, selectors) => Object.fromEntries(Object.entries(selectors).map(
  ([name, selector]) => [name, element.shadowRoot.querySelector(selector)?.textContent.trim() ?? null]));
const nextResult = (element, ms) => new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`no result after ${ms} ms: ${status(element)}`)), ms);
  element.addEventListener("belot-calculator-result", function listener(event) {
    // Only the answer to what the attributes say now (a stale reply is never shown).
    if (JSON.stringify(event.detail.request) !== JSON.stringify(element.request)) return;
    element.removeEventListener("belot-calculator-result", listener);
    clearTimeout(timer);
    resolve(event.detail);
  });
});
const shown = async (element, result) => {
  const want = { us: String(result.record.us), them: String(result.record.them) };
  await waitFor(() => JSON.stringify(texts(element, ui.cells)) === JSON.stringify(want), ui.shownMs,
    "the record in the DOM").catch(() => {});
  return texts(element, ui.cells);
};
"""
# What every script gets as its first argument, `ui`.
UI = {
    "tag": TAG,
    "cells": RECORD_CELLS,
    "totals": SHEET_TOTALS,
    "record": RECORD_BUTTON,
    "update": UPDATE_NOTICE,
    "keep": KEEP_STATE,
    "keepNotice": KEEP_NOTICE,
    "dealer": DEALER,
    "pressed": DEALER_PRESSED,
    "seats": DEALER_SEATS,
    "undo": UNDO_BUTTON,
    "tableToggle": TABLE_TOGGLE,
    "tableMode": TABLE_MODE,
    "shownMs": SHOWN_TIMEOUT_MS,
}


def run(page: Page, arguments: str, body: str, *args: Any) -> Any:
    """Run `body` as an async JS function of (ui, <arguments>) with the prelude in scope."""
    return page.evaluate(f"async (ui, {arguments}) => {{\n{PRELUDE}\n{body}\n}}", UI, *args)


def open_calculator(page: Page, index: int = 0) -> dict[str, Any]:
    """Open the page's calculator number `index` (press its button if lazy), wait for its
    first result from the runtime (an article's example shows the build's before):
    {request, result, shown: {us, them} as in the DOM, info: scorer.info}."""
    body = """
  const element = await calculator(index);
  const scored = nextResult(element, ms);
  scored.catch(() => {});
  const closed = element.state === "closed";
  if (closed) element.open();
  const scoredAlready = !closed && element.state === "ready" && element.result;
  const detail = scoredAlready ? { request: element.request, result: element.result } : await scored;
  return { ...detail, shown: await shown(element, detail.result), info: element.scorer?.info ?? null };
"""
    return dict(run(page, "index, ms", body, index, RUNTIME_TIMEOUT_MS))


def attributes_of(deal: dict[str, Any]) -> dict[str, str]:
    """The element's attributes for a deal of the JSON contract (what an article writes)."""
    attributes = {
        "contract": deal["contract"],
        "bidder": deal["bidder"],
        "doubling": deal.get("doubling", "none"),
        "pile-team": deal["cards"]["team"],
        "pile-points": str(deal["cards"]["points"]),
        "last-trick": deal["last_trick"],
        "capot": deal.get("capot") or "none",
    }
    # The attributes hold what each team announced (the core decides what counts); a
    # deal given with accepted declarations writes those.
    declarations = deal.get("announced") or deal.get("declarations") or {}
    for team in ("us", "them"):
        counts = declarations.get(team, {})
        attributes[f"declarations-{team}"] = ",".join(
            f"{kind}:{counts[kind]}" for kind in DECLARATION_KINDS if counts.get(kind)
        )
    return attributes


def enter(page: Page, deal: dict[str, Any], index: int = 0) -> dict[str, Any]:
    """Enter a deal of the JSON contract into an open calculator by its attributes and
    wait for its result: {request, result, shown}."""
    body = """
  const element = await calculator(index);
  const before = JSON.stringify(element.request);
  const scored = nextResult(element, ms);
  scored.catch(() => {});
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  const unchanged = JSON.stringify(element.request) === before && element.result;
  const detail = unchanged ? { request: element.request, result: element.result } : await scored;
  return { ...detail, shown: await shown(element, detail.result) };
"""
    return dict(
        run(page, "index, attributes, ms", body, index, attributes_of(deal), RUNTIME_TIMEOUT_MS)
    )


def wait_ready(page: Page, index: int = 0) -> None:
    """Wait until a (not lazy) calculator has its runtime."""
    body = """
  const element = await calculator(index);
  await waitFor(() => element.state === "ready" || element.state === "failed", ms, "the runtime");
  if (element.state !== "ready") throw new Error(`the runtime failed: ${status(element)}`);
"""
    run(page, "index, ms", body, index, RUNTIME_TIMEOUT_MS)


def scorer_info(page: Page, index: int = 0) -> dict[str, Any]:
    """The scorer's {build, pyodide, snapshot} once ready (snapshot: restored at start)."""
    wait_ready(page, index)
    return dict(run(page, "index", "return (await calculator(index)).scorer.info;", index))


def wait_game(page: Page, deals: int, index: int = 0) -> dict[str, Any]:
    """Wait until the sheet holds `deals` deals, checked by the core: the `game` property
    ({game, result}) plus the totals as the sheet shows them ("shown")."""
    body = """
  const element = await calculator(index);
  await waitFor(() => element.state === "ready" && element.game?.game?.deals.length === deals
      && element.game.result.rows.length === deals, ms, () => `a sheet of ${deals} deals: ${status(element)}`);
  const game = element.game;
  const want = { us: String(game.result.totals.us), them: String(game.result.totals.them) };
  await waitFor(() => JSON.stringify(texts(element, ui.totals)) === JSON.stringify(want), ui.shownMs,
    "the totals in the DOM").catch(() => {});
  return { ...game, shown: texts(element, ui.totals) };
"""
    return dict(run(page, "index, deals, ms", body, index, deals, RUNTIME_TIMEOUT_MS))


def record(page: Page, index: int = 0) -> None:
    """Press "Record this deal" (the deal in the form goes onto the sheet) and wait for it."""
    body = """
  const element = await calculator(index);
  await waitFor(() => element.game?.game, ms, () => `the sheet's games, checked: ${status(element)}`);
  const before = element.game.game.deals.length;
  const button = element.shadowRoot.querySelector(ui.record);
  await waitFor(() => button && !button.disabled && !button.hidden, ms,
    () => `an enabled Record button: ${status(element)}`);
  button.click();
  await waitFor(() => element.game.game.deals.length === before + 1, ms, "the recorded deal");
"""
    run(page, "index, ms", body, index, RUNTIME_TIMEOUT_MS)


def table_mode(page: Page, index: int = 0) -> dict[str, Any]:
    """Press "Table" and wait for the wake lock's answer: {open, lock (its word), needs
    (each team's "needs N to 151"), supported (the engine has navigator.wakeLock)}."""
    body = """
  const element = await calculator(index);
  const toggle = element.shadowRoot.querySelector(ui.tableToggle);
  await waitFor(() => toggle && !toggle.disabled, ms, () => `the Table toggle: ${status(element)}`);
  toggle.click();
  const dialog = element.shadowRoot.querySelector(ui.tableMode);
  const lock = () => dialog.querySelector(".table-lock");
  // The word once the browser answered (not the one said while it is asked).
  const asking = ["Keeping the screen on…", "Екранът се задържа включен…"];
  await waitFor(() => lock().textContent && !asking.includes(lock().textContent), ms, "the wake lock's answer");
  return {
    open: dialog.open,
    lock: lock().textContent,
    needs: [...dialog.querySelectorAll(".table-needs")].map((needs) => needs.textContent),
    supported: "wakeLock" in navigator,
  };
"""
    return dict(run(page, "index, ms", body, index, SHOWN_TIMEOUT_MS))


def update_notice(page: Page, index: int = 0, wait_ms: int = 0) -> str | None:
    """The "new version ready" notice's text, or None while it is hidden; waits up to
    wait_ms for it to show."""
    body = """
  const element = await calculator(index);
  const notice = () => element.shadowRoot.querySelector(ui.update);
  await waitFor(() => notice() && !notice().hidden, ms, "the update notice").catch(() => {});
  return notice() && !notice().hidden ? notice().textContent.trim() : null;
"""
    text = run(page, "index, ms", body, index, wait_ms)
    return None if text is None else str(text)


def keep_state(
    page: Page, settled: str | None = None, notice: str | None = None, index: int = 0
) -> dict[str, Any]:
    """What the sheet says about keeping the games: {state, text, notice: {kind, text} or
    None}, once the state is known (and, given `settled`, once it is no longer that; given
    `notice`, once a notice of that kind shows, or the wait is over)."""
    body = """
  const element = await calculator(index);
  const part = (selector) => element.shadowRoot.querySelector(selector);
  const state = () => part(ui.keep)?.dataset.state;
  await waitFor(() => state() && state() !== "checking" && state() !== settled, ms,
    `the state of keeping (${state()})`);
  const notice = part(ui.keepNotice);
  if (kind) await waitFor(() => !notice.hidden && notice.dataset.kind === kind, ms, kind).catch(() => {});
  return {
    state: state(),
    text: part(ui.keep).querySelector(".keep-state").textContent.trim(),
    notice: notice.hidden ? null : { kind: notice.dataset.kind, text: notice.textContent.trim() },
  };
"""
    return dict(
        run(page, "settled, kind, index, ms", body, settled, notice, index, SHOWN_TIMEOUT_MS)
    )


def dealer(page: Page, want: str | None = None, index: int = 0) -> str | None:
    """Who deals, as the bar says it ("Dealer: …"), or None while it is hidden; given
    `want`, once it says that (or the wait is over)."""
    body = """
  const element = await calculator(index);
  const line = () => element.shadowRoot.querySelector(ui.dealer);
  const text = () => (visible(line()) ? line().textContent.trim() : null);
  if (want !== null) await waitFor(() => text() === want, ui.shownMs, `the dealer ${want}`).catch(() => {});
  return text();
"""
    text = run(page, "want, index", body, want, index)
    return None if text is None else str(text)


def choose_dealer(page: Page, seat: int, index: int = 0) -> None:
    """Tap seat `seat` (0 to 3, in the order the deal passes) in the choice of who deals."""
    body = """
  const element = await calculator(index);
  const seats = () => [...element.shadowRoot.querySelectorAll(ui.seats)];
  await waitFor(() => seats().length === 4 && !seats()[seat].disabled && visible(seats()[seat]),
    ui.shownMs, "the seats to choose from");
  seats()[seat].click();
"""
    run(page, "seat, index", body, seat, index)


def undo(page: Page, index: int = 0) -> None:
    """Press the sheet's Undo (the last deal taken back) and wait for it."""
    body = """
  const element = await calculator(index);
  const before = element.game.game.deals.length;
  const button = element.shadowRoot.querySelector(ui.undo);
  await waitFor(() => button && !button.disabled, ms, "an enabled Undo");
  button.click();
  await waitFor(() => element.game.game.deals.length === before - 1, ms, "the deal taken back");
"""
    run(page, "index, ms", body, index, RUNTIME_TIMEOUT_MS)


def pressed_seat(page: Page, index: int = 0) -> str | None:
    """The seat marked as dealing now in the choice of who deals (shown or not)."""
    body = """
  const element = await calculator(index);
  return element.shadowRoot.querySelector(ui.pressed)?.textContent.trim() ?? null;
"""
    text = run(page, "index", body, index)
    return None if text is None else str(text)
