// Table mode's view: the "Маса / Table" toggle (in the sheet's toolbar) and the large
// totals, shown as a modal <dialog> over the whole screen (the top layer: above the page
// whatever contains the calculator, Escape closes it, the focus stays inside). It renders
// the plain snapshot of sheet/table-mode.js and reports presses back; the mode itself
// (the wake lock) is the sheet's.

import { format } from "../i18n/strings.js";
import { h, setHidden, setText } from "../ui/dom.js";
import { LOCK_WORDS } from "./table-mode.js";

export class TableView {
  #actions;
  ui = {};

  /** `actions`: `{toggle(on)}`. */
  constructor(actions) {
    this.#actions = actions;
    const ui = this.ui;
    ui.toggle = h("button", { type: "button", class: "table-toggle", "aria-pressed": "false" });
    ui.toggle.addEventListener("click", () => this.#actions.toggle(true));
    ui.title = h("h2", { class: "table-title", id: "belot-table-title" });
    ui.match = h("p", { class: "table-match" });
    ui.teams = {};
    const blocks = ["us", "them"].map((team) => {
      const name = h("bdi", {});
      const total = h("span", { class: "table-total" });
      const needs = h("span", { class: "table-needs" });
      ui.teams[team] = { name, total, needs };
      return h("div", { class: `table-team ${team}`, "data-team": team }, h("span", { class: "table-name" }, name), total, needs);
    });
    ui.hanging = h("p", { class: "table-hanging" });
    ui.lock = h("p", { class: "table-lock", role: "status" });
    ui.close = h("button", { type: "button", class: "primary table-close" });
    ui.close.addEventListener("click", () => this.#actions.toggle(false));
    ui.dialog = h(
      "dialog",
      { class: "table-mode", part: "sheet-table-mode", "aria-labelledby": "belot-table-title" },
      h("div", { class: "table-head" }, ui.title, ui.match),
      h("div", { class: "table-teams" }, ...blocks),
      ui.hanging,
      h("div", { class: "table-foot" }, ui.lock, ui.close),
    );
    // Escape (the dialog's cancel) ends table mode like the button.
    ui.dialog.addEventListener("cancel", (event) => {
      event.preventDefault();
      this.#actions.toggle(false);
    });
  }

  /**
   * `model`: {t (the table words), s, on, lock, snapshot (tableSnapshot), match (a line
   * or ""), disabled}.
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
      setText(parts.needs, won ? format(s.sheet.gameWon, { team: name }) : needs > 0 ? format(t.needs, { n: needs, target: snapshot.target }) : format(t.reached, { target: snapshot.target }));
      parts.total.parentElement.classList.toggle("winner", won);
    }
    setText(ui.hanging, snapshot.hanging > 0 ? format(s.sheet.pot, { points: snapshot.hanging }) : "");
    setHidden(ui.hanging, !(snapshot.hanging > 0));
    const word = LOCK_WORDS[lock];
    setText(ui.lock, word ? t[word] : "");
    ui.lock.classList.toggle("warning", lock === "unsupported" || lock === "refused");
    setText(ui.close, t.tableClose);
    this.#show(on);
  }

  #show(on) {
    const dialog = this.ui.dialog;
    if (on === dialog.hasAttribute("open")) return;
    if (!on) {
      if (typeof dialog.close === "function") dialog.close();
      else dialog.removeAttribute("open");
    }
    else if (!dialog.isConnected) return;
    else if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
  }
}
