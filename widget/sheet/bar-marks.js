// What the bar marks for a while after a change of the game (sheet/bar-view.js shows it):
// the deal just recorded (with its Undo), the row just saved from an edit, or the deal
// just undone back into the form — out of the sheet, to fix, so it never looks recorded.
// No DOM: the score sheet tells it the changes and the form's state; Node tests it.

/** How long a deal just recorded (or a row just saved) stays marked in the bar (ms). */
export const RECORDED_MS = 8000;

/** @import { GameDeal, Mark } from "./view-types.js"; */

/**
 * A change of the game as the marks read it (book/book-changes.js): `n` the deal's
 * number (a recorded, redone or undone one), `index` the edited deal's, `deal` the undone one.
 * @typedef {{type: string, n?: number, index?: number, deal?: GameDeal | null}} MarkedChange
 */

export class BarMarks {
  /** @type {ReturnType<typeof setTimeout> | undefined} */ #timer = undefined;
  /** @type {() => void} */ #changed;
  /** @type {number | null} */ justRecorded = null; // the number of the deal just recorded
  /** @type {Mark | null} */ marked = null;

  /** `changed()`: a mark ended by itself (render again). @param {() => void} changed */
  constructor(changed) {
    this.#changed = changed;
  }

  /**
   * After a change of the game; `tookOffer`: the form took the deal it undid.
   * @param {MarkedChange} change
   * @param {boolean} tookOffer
   */
  change(change, tookOffer) {
    clearTimeout(this.#timer);
    const recorded = ["recorded", "recordedPassed", "redone"].includes(change.type);
    // (A recorded, redone or undone change always has its `n`, an edited one its `index`.)
    this.justRecorded = recorded ? /** @type {number} */ (change.n) : null;
    this.marked = null;
    if (change.type === "edited") this.marked = { kind: "edited", n: /** @type {number} */ (change.index) + 1 };
    if (change.type === "undone" && tookOffer && !change.deal?.passed) this.marked = { kind: "undone", n: /** @type {number} */ (change.n), deal: null };
    if (!recorded && this.marked?.kind !== "edited") return;
    this.#timer = setTimeout(() => {
      this.justRecorded = null;
      this.marked = null;
      this.#changed();
    }, RECORDED_MS);
    // (Node's tests: a mark never keeps the process alive. A browser's timer is a number.)
    const timer = /** @type {unknown} */ (this.#timer);
    if (timer && typeof timer === "object" && "unref" in timer && typeof timer.unref === "function") timer.unref();
  }

  /**
   * The form as it is rendered: the undone deal stays marked until it is changed there (or cleared).
   * @param {GameDeal | null} deal
   * @param {boolean} formEmpty
   */
  follow(deal, formEmpty) {
    const undone = this.marked?.kind === "undone" ? this.marked : null;
    if (!undone) return;
    if (deal) undone.deal ??= JSON.stringify(deal); // (as the form scores it)
    if (formEmpty || (deal && JSON.stringify(deal) !== undone.deal)) this.marked = null;
  }
}
