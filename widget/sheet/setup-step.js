// Setting up the table, one short step at the start of a game (issue 30): beside a new
// table's first question, "Who deals first?", stands "Set up the table"; tapped, the
// teams' names, the four players, who deals first, the match and the note stand together
// in one screen, with "Done" back to the deal. Nothing is asked: a table that only wants
// to score types its first deal (the step goes with it), and the button costs the form no
// row of its own, so the points and the last trick stay above a phone's keyboard. A new
// game at the same table keeps its table and its rotation: it asks nothing, and offers
// the step again when "who deals" is tapped.
//
// The step has no fields of its own: it borrows the sheet's (the names and players from
// sheet-view.js, the seats from dealer-view.js, the note and match from match-view.js)
// and gives them back when it closes, so each value has one input, one renderer and
// one way into the game book, wherever the player types it.

import { h, setAttribute, setHidden, setText } from "../ui/dom.js";
/** @import { Snapshot, Words } from "./view-types.js"; */

/** Letters of a team name that still fit half of a 360-px screen's row. */
const LONG_NAME = 14;

/** Nodes taken from their places for a while: a placeholder keeps each one's place. */
class Borrowed {
  /** @type {ChildNode[]} */ #nodes;
  /** @type {Comment[] | null} */ #places = null;

  /** @param {ChildNode[]} nodes */
  constructor(nodes) {
    this.#nodes = nodes;
  }

  get taken() {
    return this.#places !== null;
  }

  /** Move the nodes into `into`, in their order, each leaving a placeholder behind. @param {Element} into */
  take(into) {
    if (this.#places) return;
    this.#places = this.#nodes.map((node) => {
      const place = document.createComment("set-up");
      node.replaceWith(place);
      return place;
    });
    into.append(...this.#nodes);
  }

  /** Each node back where it was. */
  give() {
    if (!this.#places) return;
    this.#places.forEach((place, i) => place.replaceWith(this.#nodes[i]));
    this.#places = null;
  }
}

/**
 * True while `sheet`'s game is at its start: checked, not a link's, no deal, none edited, not over.
 * @param {Snapshot} sheet
 * @returns {sheet is Snapshot & {validated: true}}
 */
export function atStart(sheet) {
  const { game, result } = sheet;
  return Boolean(sheet.validated && !sheet.viewing && game && game.deals.length === 0 && sheet.editing === null && !result?.finished);
}

export class SetupStep {
  /** @type {{changed: () => void, done: () => void}} */ #actions;
  /** @type {Borrowed | null} */ #borrowed = null;
  /** @type {string | null} */ #openFor = null; // the id of the game whose set-up is open
  /** @type {HTMLElement | null} */ #first = null; // the first field, focused on open
  /** @type {Element | null} */ #slot = null; // where the button stands while the step is closed
  ui = SetupStep.#build();

  /**
   * `actions`: {changed() (render again), done() (the step closed by its Done: on to the deal)}.
   * @param {{changed: () => void, done: () => void}} actions
   */
  constructor(actions) {
    this.#actions = actions;
    const ui = this.ui;
    ui.open.addEventListener("click", () => this.#toggle());
    ui.done.addEventListener("click", () => {
      this.#close();
      this.#actions.done();
    });
  }

  static #build() {
    const title = h("span", { class: "setup-title" });
    const label = h("span", { class: "setup-label" });
    // Closed, it stands in the seats' question row (`slot`); open, at the step's top.
    const open = /** @type {HTMLButtonElement} */ (
      h("button", { type: "button", class: "setup-open", "aria-expanded": "false", "aria-controls": "setup-panel" }, title, label)
    );
    const hint = h("p", { class: "setup-hint" });
    const fields = h("div", { class: "setup-fields" });
    const done = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "primary setup-done" }));
    const panel = h("div", { class: "setup-panel", id: "setup-panel", hidden: true }, hint, fields, done);
    const element = h("div", { class: "setup", part: "setup", hidden: true }, panel);
    return { title, label, open, hint, fields, done, panel, element };
  }

  get element() {
    return this.ui.element;
  }

  /** True while the step is open: its fields are here, the seats offered. */
  get open() {
    return Boolean(this.#borrowed?.taken);
  }

  /**
   * The fields the step gathers, in the order shown (nodes of the sheet's views), the one
   * focused when it opens, and `slot`, where its button stands while it is closed.
   * @param {ChildNode[]} nodes
   * @param {HTMLElement} first
   * @param {Element} slot
   */
  borrow(nodes, first, slot) {
    this.#borrowed = new Borrowed(nodes);
    this.#first = first;
    this.#slot = slot;
    slot.append(this.ui.open);
  }

  #toggle() {
    if (this.open) {
      this.#close();
      this.#actions.changed();
      this.ui.open.focus({ preventScroll: true }); // (moved back: it lost the focus)
      return;
    }
    this.#openFor = this.ui.open.dataset.game ?? null;
    this.#borrowed?.take(this.ui.fields);
    this.#setExpanded(true);
    this.#actions.changed();
    this.#first?.focus({ preventScroll: true });
    this.ui.element.scrollIntoView?.({ block: "nearest" });
  }

  #close() {
    this.#openFor = null;
    this.#borrowed?.give();
    this.#setExpanded(false);
  }

  /** @param {boolean} open */
  #setExpanded(open) {
    if (open) this.ui.element.prepend(this.ui.open);
    else this.#slot?.append(this.ui.open);
    setHidden(this.ui.element, !open);
    setHidden(this.ui.panel, !open);
    setAttribute(this.ui.open, "aria-expanded", String(open));
    this.ui.element.classList.toggle("open", open);
  }

  /**
   * `s`: the strings (`s.seats`: the table's words); `sheet`: the book's snapshot; `disabled`: no change now.
   * @param {{s: Pick<Words, "seats">, sheet: Snapshot, disabled: boolean}} model
   */
  render({ s, sheet, disabled }) {
    const ui = this.ui;
    const t = s.seats;
    const shown = atStart(sheet);
    const id = shown ? sheet.game.id : null;
    // Another game, its first deal recorded, a link's game shown: the fields go home.
    if (this.open && (!shown || id !== this.#openFor)) this.#close();
    setHidden(ui.open, !shown);
    if (!shown) return;
    ui.open.dataset.game = sheet.game.id;
    // A long team name gets the row to itself (two to a row, a box shows ~14 letters).
    const long = [sheet.game.names.us, sheet.game.names.them].some((name) => [...(name ?? "")].length > LONG_NAME);
    if (ui.element.classList.contains("long-names") !== long) ui.element.classList.toggle("long-names", long);
    setText(ui.title, this.open ? `${t.setupTitle} · ` : "");
    setText(ui.label, this.open ? t.setupClose : t.setupOpen);
    setText(ui.hint, t.setupHint);
    setText(ui.done, t.setupDone);
    ui.done.disabled = disabled;
  }
}
