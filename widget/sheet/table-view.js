// Table mode's view: the "Маса / Table" toggle (in the sheet's toolbar) and the large
// totals, shown as a modal <dialog> over the whole screen (the top layer: above the page
// whatever contains the calculator, Escape closes it, the focus stays inside). It renders
// the plain snapshot of sheet/table-mode.js and reports presses back; the mode itself
// (the wake lock) is the sheet's.

import { format } from "../i18n/strings.js";
import { h, setHidden, setText } from "../ui/dom.js";
import { LOCK_WORDS } from "./table-mode.js";

/**
 * @typedef {import("./table-mode.js").Team} Team
 * @typedef {import("./wake-lock.js").LockState} LockState
 * @typedef {ReturnType<typeof import("./table-mode.js").tableSnapshot>} TableSnapshot
 * @typedef {Record<"tableMode" | "tableModeLabel" | "tableTitle" | "needs" | "reached" | "tableClose" | NonNullable<(typeof LOCK_WORDS)[LockState]>, string>} TableWords
 * @typedef {{ name: HTMLElement, total: HTMLElement, needs: HTMLElement }} TeamParts
 * @typedef {{ toggle: HTMLButtonElement, title: HTMLElement, match: HTMLElement, teams: Record<Team, TeamParts>, hanging: HTMLElement, lock: HTMLElement, close: HTMLButtonElement, dialog: HTMLDialogElement }} TableUi
 */

/** @param {Team} team its name, total and what it needs, in a block of their own */
function teamParts(team) {
  const name = h("bdi", {});
  const total = h("span", { class: "table-total" });
  const needs = h("span", { class: "table-needs" });
  const block = h("div", { class: `table-team ${team}`, "data-team": team }, h("span", { class: "table-name" }, name), total, needs);
  return { parts: { name, total, needs }, block };
}

export class TableView {
  /** @type {{ toggle(on: boolean): void }} */ #actions;
  /** @type {TableUi} */ ui;

  /** @param {{ toggle(on: boolean): void }} actions */
  constructor(actions) {
    this.#actions = actions;
    const toggle = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "table-toggle", "aria-pressed": "false" }));
    toggle.addEventListener("click", () => this.#actions.toggle(true));
    const title = h("h2", { class: "table-title", id: "belot-table-title" });
    const match = h("p", { class: "table-match" });
    const us = teamParts("us");
    const them = teamParts("them");
    const blocks = [us.block, them.block];
    const hanging = h("p", { class: "table-hanging" });
    const lock = h("p", { class: "table-lock", role: "status" });
    const close = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "primary table-close" }));
    close.addEventListener("click", () => this.#actions.toggle(false));
    const ui = { toggle, title, match, teams: { us: us.parts, them: them.parts }, hanging, lock, close };
    const dialog = /** @type {HTMLDialogElement} */ (
      h(
        "dialog",
        { class: "table-mode", part: "sheet-table-mode", "aria-labelledby": "belot-table-title" },
        h("div", { class: "table-head" }, ui.title, ui.match),
        h("div", { class: "table-teams" }, ...blocks),
        ui.hanging,
        h("div", { class: "table-foot" }, ui.lock, ui.close),
      )
    );
    this.ui = { ...ui, dialog };
    // Escape (the dialog's cancel) ends table mode like the button.
    dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      this.#actions.toggle(false);
    });
  }

  /**
   * `model`: {t (the table words), s, on, lock, snapshot (tableSnapshot), match (a line
   * or ""), disabled}.
   * @param {{ t: TableWords, s: { sheet: Record<"gameWon" | "pot", string> }, on: boolean, lock: LockState, snapshot: TableSnapshot, match?: string, disabled?: boolean }} model
   */
  render({ t, s, on, lock, snapshot, match = "", disabled = false }) {
    const ui = this.ui;
    setText(ui.toggle, t.tableMode);
    ui.toggle.setAttribute("aria-label", t.tableModeLabel);
    ui.toggle.setAttribute("aria-pressed", String(on));
    ui.toggle.disabled = disabled;
    setText(ui.title, t.tableTitle);
    setText(ui.match, match);
    setHidden(ui.match, !match);
    for (const { team, name, total, needs } of snapshot.teams) {
      const parts = ui.teams[team];
      setText(parts.name, name);
      setText(parts.total, total);
      const won = snapshot.winner === team;
      setText(
        parts.needs,
        won
          ? format(s.sheet.gameWon, { team: name })
          : needs > 0
            ? format(t.needs, { n: needs, target: snapshot.target })
            : format(t.reached, { target: snapshot.target }),
      );
      parts.total.parentElement?.classList.toggle("winner", won);
    }
    setText(ui.hanging, snapshot.hanging > 0 ? format(s.sheet.pot, { points: snapshot.hanging }) : "");
    setHidden(ui.hanging, !(snapshot.hanging > 0));
    const word = LOCK_WORDS[lock];
    setText(ui.lock, word ? t[word] : "");
    ui.lock.classList.toggle("warning", lock === "unsupported" || lock === "refused");
    setText(ui.close, t.tableClose);
    this.#show(on);
  }

  /** @param {boolean} on */
  #show(on) {
    const dialog = this.ui.dialog;
    if (on === dialog.hasAttribute("open")) return;
    if (!on) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    } else if (!dialog.isConnected) return;
    else if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
  }
}
