// Who deals, at the top of the calculator's form: "Раздава: Иван" with a way to change
// it, or — while the game has no dealer (a new table, an old game) — the one-tap choice
// of the four seats in the order the deal passes. Rendered from the sheet's snapshot
// (sheet/seats.js says who deals: the core's answer); a seat pressed goes to `choose`.

import { h, setAttribute, setHidden, setText } from "../ui/dom.js";
import { setIsolated } from "../ui/kit.js";
import { dealerNow, seatChoices, seatName } from "./seats.js";
import { teamNames } from "./summary.js";

export class DealerView {
  #choose;
  #choosing = false; // "Change" pressed: the seats are offered again
  #seatsKey = "";
  ui = {};

  /** `choose(seat)`: that seat deals now. */
  constructor(choose) {
    this.#choose = choose;
    const ui = this.ui;
    ui.name = h("span", { class: "dealer-name" });
    ui.change = h("button", { type: "button", class: "dealer-change" });
    ui.change.addEventListener("click", () => {
      this.#choosing = true;
      this.#show(true);
      ui.seats.querySelector("button")?.focus();
    });
    ui.line = h("p", { class: "dealer-line", part: "dealer" }, ui.name, " ", ui.change);
    ui.question = h("p", { class: "dealer-question", id: "dealer-question" });
    ui.seats = h("div", { class: "dealer-seats" });
    ui.chooser = h("div", { class: "dealer-chooser", part: "dealer-chooser", role: "group", "aria-labelledby": "dealer-question" }, ui.question, ui.seats);
    ui.element = h("div", { class: "dealer", hidden: true }, ui.line, ui.chooser);
  }

  get element() {
    return this.ui.element;
  }

  /** `s`: the strings (with `s.seats`); `sheet`: the book's snapshot; `disabled`: no change now. */
  render({ s, lang, sheet, disabled }) {
    const ui = this.ui;
    const t = s.seats;
    const { game, result, editing } = sheet;
    // Only where a deal is entered: not while a recorded one is edited, not after the end.
    const shown = sheet.validated && !sheet.viewing && Boolean(game) && !editing && !result.finished;
    setHidden(ui.element, !shown);
    if (!shown) return;
    const dealer = dealerNow(game, result);
    if (dealer === null) this.#choosing = false;
    const teams = teamNames(game, s);
    if (dealer !== null) setIsolated(ui.name, t.dealer, { dealer: seatName(game, dealer, teams, t) });
    setText(ui.change, t.change);
    setAttribute(ui.change, "aria-label", t.changeLabel);
    setText(ui.question, game.deals.length ? t.chooseNow : t.chooseFirst);
    const choices = seatChoices(game, teams, t);
    const key = JSON.stringify([lang, choices, dealer]);
    if (key !== this.#seatsKey) {
      this.#seatsKey = key;
      ui.seats.replaceChildren(...choices.map((choice) => this.#seatButton(choice, choice.seat === dealer)));
    }
    for (const button of ui.seats.children) button.disabled = disabled;
    ui.change.disabled = disabled;
    this.#show(dealer === null || this.#choosing, dealer !== null);
  }

  #seatButton({ seat, team, label }, current) {
    const button = h("button", { type: "button", class: `seat seat-${team}`, "aria-pressed": String(current) }, h("bdi", {}, label));
    button.addEventListener("click", () => {
      this.#choosing = false;
      this.#choose(seat);
    });
    return button;
  }

  /** The seats offered (`choosing`), else the line saying who deals. */
  #show(choosing, known = true) {
    setHidden(this.ui.chooser, !choosing);
    setHidden(this.ui.line, choosing || !known);
  }
}
