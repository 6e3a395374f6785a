// The form's first part: who bid what — contract and bidder in one radio group of twelve,
// a row per team (`Ние ♣ ♦ ♥ ♠ БК ВК`), each option named in full for assistive tech
// ("Ние – купа"). Chosen with a finger, it moves on to the points inside the same tap.

import { CONTRACTS, SUITS, TEAMS } from "../core-tables.js";
import { format } from "../i18n/strings.js";
import { h } from "../ui/dom.js";
import { check } from "./fields.js";

/** @import { FormContext } from "./fields.js"; */
/** @import { FormStrings, FormView } from "./types.js"; */

const RED_SUITS = new Set(["diamonds", "hearts"]);
/** A suit's symbol by contract (the core's SUITS): none for No trumps and All trumps. @type {Readonly<Partial<Record<string, string>>>} */
const SYMBOLS = SUITS;

export class GameSection {
  /** @type {FormContext} */
  #context;
  #pointerOnGrid = false; // the game is being chosen with a pointer (not the keyboard)
  /** @type {HTMLInputElement[]} */
  radios = [];

  /**
   * `context`: the form's (form/fields.js); `toPoints(team)` focuses a team's points box.
   * @param {FormContext} context
   * @param {(team: string) => void} toPoints
   */
  constructor(context, toPoints) {
    this.#context = context;
    /** @type {<E extends Element>(element: E, text: (s: FormStrings) => string) => E} */
    const label = (element, text) => context.label(element, text);
    const grid = h("div", { class: "game-grid" });
    for (const team of TEAMS) {
      grid.append(label(h("span", { class: "row-team", "aria-hidden": "true", dir: "auto" }), (s) => s.teams[team]));
      for (const contract of CONTRACTS) grid.append(this.#option(team, contract, toPoints));
    }
    grid.addEventListener("pointerdown", () => {
      this.#pointerOnGrid = true;
    });
    grid.addEventListener("keydown", () => {
      this.#pointerOnGrid = false;
    });
    this.head = h(
      "div",
      { class: "head" },
      label(h("span", { class: "legend", id: "game-legend" }), (s) => s.game),
    );
    this.element = h(
      "div",
      { class: "group game", part: "fieldset game", role: "radiogroup", "aria-labelledby": "game-legend", "aria-describedby": "game-hint game-error" },
      this.head,
      grid,
      // Told beforehand (WCAG 3.2.2): a tap on the game moves on to the points.
      label(h("p", { class: "hint", id: "game-hint" }), (s) => s.gameHint),
      context.errors.add("game-error", "contract", "bidder"),
    );
  }

  /**
   * @param {string} team
   * @param {string} contract
   * @param {(team: string) => void} toPoints
   */
  #option(team, contract, toPoints) {
    const context = this.#context;
    const input = h("input", { type: "radio", name: "game", value: `${team}:${contract}` });
    context.label(input, (s) => format(s.gameOption, { team: s.teams[team], contract: s.contractWords[contract] }), "aria-label");
    const suit = SYMBOLS[contract];
    const face = suit
      ? h("span", { class: RED_SUITS.has(contract) ? "face suit red" : "face suit", "aria-hidden": "true" }, suit)
      : context.label(h("span", { class: "face short", "aria-hidden": "true" }), (s) => s.contractsShort[contract]);
    input.addEventListener("change", () => {
      if (!input.checked) return;
      context.changed();
      context.actions.game(team, contract);
    });
    // Chosen with a finger or a mouse, the game is followed by the points: focus moves
    // into them inside the same tap (a phone opens its keypad only then), and only while
    // they are still empty. Arrow keys move through the grid.
    input.addEventListener("click", () => {
      const pointer = this.#pointerOnGrid;
      this.#pointerOnGrid = false;
      const deal = context.rendered?.deal;
      if (pointer && deal && deal.capot === "none" && deal.pilePoints === "") toPoints(deal.pileTeam);
    });
    this.radios.push(input);
    return h("label", { class: "cell", part: "option game-option" }, input, face);
  }

  /** The game's checked option, or its first (the form's first stop). */
  firstField() {
    return this.radios.find((input) => input.checked) ?? this.radios[0];
  }

  /** @param {FormView} view */
  render({ deal }) {
    const game = deal.contract && deal.bidder ? `${deal.bidder}:${deal.contract}` : null;
    for (const input of this.radios) check(input, input.value === game);
  }
}
