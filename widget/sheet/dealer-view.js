// Who deals. In the bar, between deals: "Раздава: Иван" (a button: tapped, the seats are
// offered again), and after a Record beside the row just written. Above the form, while
// the game has no dealer (a new table, an old game) or after that tap: the one-tap choice
// of the four seats, in the order the deal passes. The bar's line costs the form no room:
// it stands where the form's "what is missing" line stands while nothing is entered.
// Rendered from the sheet's snapshot (book/seats.js says who deals: the core's answer);
// a seat pressed goes to `choose`.

import { format } from "../i18n/strings.js";
import { h, setAttribute, setHidden, setText } from "../ui/dom.js";
import { setIsolated } from "../ui/kit.js";
import { dealerNow, seatChoices, seatName } from "../book/seats.js";
import { teamNames } from "./summary.js";
/** @import { Language, Snapshot, Words } from "./view-types.js"; */

/** @typedef {{seat: number, team: string, label: string}} SeatChoice a seat offered (book/seats.js seatChoices) */

/**
 * "Раздава: Иван" for `sheet`'s game, or "" while nobody deals (no dealer chosen, the game over, a link's game).
 * @param {Pick<Words, "seats" | "teams">} s
 * @param {Snapshot} sheet
 * @returns {string}
 */
export function dealerText(s, sheet) {
  const { game, result } = sheet;
  if (!sheet.validated || sheet.viewing || !game || result.finished) return "";
  const dealer = dealerNow(game, result);
  return dealer === null ? "" : format(s.seats.dealer, { dealer: seatName(game, dealer, teamNames(game, s), s.seats) });
}

export class DealerView {
  /** @type {(seat: number) => void} */ #choose;
  #choosing = false; // the bar's line tapped: the seats are offered again
  #seatsKey = "";
  ui = DealerView.#build();

  /** `choose(seat)`: that seat deals now. @param {(seat: number) => void} choose */
  constructor(choose) {
    this.#choose = choose;
    const ui = this.ui;
    ui.line.addEventListener("click", () => {
      this.#choosing = true;
      setHidden(ui.chooser, false);
      ui.chooser.scrollIntoView?.({ block: "nearest" });
      /** @type {HTMLElement | null} */ (ui.seats.querySelector('[aria-pressed="true"]'))?.focus(); // (a seat's button)
    });
  }

  static #build() {
    const name = h("span", { class: "dealer-name" });
    const line = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "bar-dealer", part: "bar-dealer" }, name));
    const question = h("p", { class: "dealer-question", id: "dealer-question" });
    /** @type {HTMLElement} the seats' buttons */
    const seats = h("div", { class: "dealer-seats" });
    const slot = h("span", { class: "dealer-slot" }); // a new table's set-up button (sheet/setup-step.js)
    const head = h("div", { class: "dealer-head" }, question, slot);
    const chooser = h(
      "div",
      { class: "dealer-chooser", part: "dealer-chooser", role: "group", "aria-labelledby": "dealer-question", hidden: true },
      head,
      seats,
    );
    return { name, line, question, seats, slot, head, chooser };
  }

  /**
   * `s`: the strings (with `s.seats`); `sheet`: the book's snapshot; `disabled`: no change
   * now; `line`: whether the bar has room for who deals (nothing being entered); `offer`:
   * the seats are offered whoever deals (the set-up step is open).
   * @param {{s: Pick<Words, "seats" | "teams">, lang: Language, sheet: Snapshot, disabled: boolean, line: boolean, offer?: boolean}} model
   */
  render({ s, lang, sheet, disabled, line, offer = false }) {
    const ui = this.ui;
    const t = s.seats;
    const { game, result, editing } = sheet;
    // Only where a deal is entered: not while a recorded one is edited, not after the end.
    const shown = sheet.validated && !sheet.viewing && Boolean(game) && !editing && !result.finished;
    const dealer = game ? dealerNow(game, result) : null;
    if (shown && dealer === null) this.#choosing = false;
    const text = dealerText(s, sheet);
    if (text && dealer !== null) setIsolated(ui.name, t.dealer, { dealer: seatName(game, dealer, teamNames(game, s), t) });
    setAttribute(ui.line, "aria-label", `${text}. ${t.changeLabel}`);
    setHidden(ui.line, !text || !line);
    ui.line.disabled = disabled;
    setHidden(ui.chooser, !shown || (dealer !== null && !this.#choosing && !offer));
    if (!shown || !game) return; // (shown: a game is there)
    setText(ui.question, game.deals.length ? t.chooseNow : t.chooseFirst);
    /** @type {SeatChoice[]} */
    const choices = seatChoices(game, teamNames(game, s), t);
    const key = JSON.stringify([lang, choices, dealer]);
    if (key !== this.#seatsKey) {
      this.#seatsKey = key;
      ui.seats.replaceChildren(...choices.map((choice) => this.#seatButton(choice, choice.seat === dealer)));
    }
    for (const button of /** @type {HTMLCollectionOf<HTMLButtonElement>} */ (ui.seats.children)) button.disabled = disabled;
  }

  /**
   * @param {SeatChoice} choice
   * @param {boolean} current
   */
  #seatButton({ seat, team, label }, current) {
    const button = h("button", { type: "button", class: `seat seat-${team}`, "aria-pressed": String(current) }, h("bdi", {}, label));
    button.addEventListener("click", () => {
      this.#choosing = false;
      this.#choose(seat);
    });
    return button;
  }
}
