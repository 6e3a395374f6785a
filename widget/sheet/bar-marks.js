// What the bar marks for a while after a change of the game (sheet/bar-view.js shows it):
// the deal just recorded (with its Undo), the row just saved from an edit, or the deal
// just undone back into the form — out of the sheet, to fix, so it never looks recorded.
// No DOM: the score sheet tells it the changes and the form's state; Node tests it.

/** How long a deal just recorded (or a row just saved) stays marked in the bar (ms). */
export const RECORDED_MS = 8000;

export class BarMarks {
  #timer = 0;
  #changed;
  justRecorded = null; // the number of the deal just recorded
  marked = null; // {kind: "edited"|"undone", n, deal}

  /** `changed()`: a mark ended by itself (render again). */
  constructor(changed) {
    this.#changed = changed;
  }

  /** After a change of the game; `tookOffer`: the form took the deal it undid. */
  change(change, tookOffer) {
    clearTimeout(this.#timer);
    const recorded = ["recorded", "recordedPassed", "redone"].includes(change.type);
    this.justRecorded = recorded ? change.n : null;
    this.marked = null;
    if (change.type === "edited") this.marked = { kind: "edited", n: change.index + 1 };
    if (change.type === "undone" && tookOffer && !change.deal?.passed) this.marked = { kind: "undone", n: change.n, deal: null };
    if (!recorded && this.marked?.kind !== "edited") return;
    this.#timer = setTimeout(() => {
      this.justRecorded = null;
      this.marked = null;
      this.#changed();
    }, RECORDED_MS);
    this.#timer.unref?.(); // (Node's tests: a mark never keeps the process alive)
  }

  /** The form as it is rendered: the undone deal stays marked until it is changed there (or cleared). */
  follow(deal, formEmpty) {
    const undone = this.marked?.kind === "undone" ? this.marked : null;
    if (!undone) return;
    if (deal) undone.deal ??= JSON.stringify(deal); // (as the form scores it)
    if (formEmpty || (deal && JSON.stringify(deal) !== undone.deal)) this.marked = null;
  }
}
