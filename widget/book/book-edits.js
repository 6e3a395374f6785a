// Editing what was recorded, in the game book: a played deal is loaded into the form and
// saved back (with the house rules it was played under), a passed deal can only be
// deleted, the Rules panel can ask to fix a deal for rules it is to be scored by, and
// the last deals can be taken back (Undo, offered back to the form) and recorded again
// (Redo) while nothing else changed the game; and the game's house rules changed.
// Each change goes through the book (GameBook.change): the core, then the save. No DOM.

import { dealsForAll, dealsFromNext } from "../deal/house-rules.js";

/** @import { GameBook } from "./game-book.js"; */
/** @import { Change, CoreError, Deal, Game, Op, Rules } from "./types.js"; */

export class BookEdits {
  /** @type {GameBook} */ #book;

  /** @param {GameBook} book */
  constructor(book) {
    this.#book = book;
  }

  /** Load deal `index` into the form (a passed deal can only be deleted). @param {number} index */
  edit(index) {
    const book = this.#book;
    const deal = book.game?.deals[index];
    if (!deal || book.busy || book.viewing) return;
    book.beginEdit(index, deal);
    /** @type {Change} */
    const change = { type: "editing", index, passed: Boolean(deal.passed) };
    if (!deal.passed) Object.assign(change, { form: "load", deal });
    book.emit(change);
  }

  /** Save the edited deal as `entered` (the form's); it keeps the rules it was played under. @param {Deal | null | undefined} entered */
  async saveEdit(entered) {
    const book = this.#book;
    const editing = book.editing;
    if (!editing || !entered) return false;
    const fixed = editing.fixing;
    // The index as it is when the change runs: another tab's deal may have moved it (the follower).
    const next = (/** @type {Game} */ game) => {
      const own = game.deals[editing.index]?.rules;
      const deal = own == null ? entered : { ...entered, rules: own };
      return game.deals.map((old, i) => (i === editing.index ? deal : old));
    };
    /** @type {(game: Game, deals: Deal[]) => Op} */
    const op = (game, deals) => ({ op: "edit", index: editing.index, old: game.deals[editing.index], deal: deals[editing.index] });
    const saved = await book.change(next, () => ({ type: "edited", index: editing.index, form: "restore" }), { after: () => book.stopEditing(), op });
    return saved && fixed;
  }

  async deleteDeal() {
    const book = this.#book;
    const editing = book.editing;
    if (!editing) return;
    const next = (/** @type {Game} */ game) => game.deals.filter((_, i) => i !== editing.index);
    /** @type {(deals: Deal[]) => Change} */
    const change = (deals) => ({ type: "dealDeleted", index: Math.min(editing.index, deals.length - 1), form: "restore" });
    /** @type {(game: Game) => Op} */
    const op = (game) => ({ op: "deleteDeal", index: editing.index, old: game.deals[editing.index] });
    await book.change(next, change, { after: () => book.stopEditing(), op });
  }

  cancelEdit() {
    const book = this.#book;
    const editing = book.editing;
    if (!editing) return;
    book.showError(null);
    book.stopEditing();
    book.emit({ type: "editCancelled", index: editing.index, form: "restore" });
  }

  /** The Rules panel's "fix deal": the deal into the form, scored by the rules it is to be fixed for. @param {number} index */
  fixDeal(index) {
    const book = this.#book;
    this.edit(index);
    if (book.editing?.index === index) book.beginEdit(index, book.editing.deal, { fixing: true });
    book.emit({ type: "fixing", index });
  }

  /**
   * Take the last deal back. It is offered to the form (which takes it if nothing is
   * being typed there) and kept for Redo, until another change of the game.
   */
  async undo() {
    const book = this.#book;
    if (!book.game?.deals.length || book.editing) return;
    /** @type {Deal | null} */
    let undone = null;
    const next = (/** @type {Game} */ game) => {
      undone = game.deals.at(-1) ?? null;
      return undone ? game.deals.slice(0, -1) : null;
    };
    const id = book.current;
    if (id === null) return;
    // `after` and `op` run only once `next` took a deal back: `undone` is that deal.
    const taken = () => /** @type {Deal} */ (undone);
    await book.change(next, (deals) => ({ type: "undone", n: deals.length + 1, form: "offer", deal: undone }), {
      after: () => {
        book.keepUndone({ id, deals: [...(book.undone?.id === id ? book.undone.deals : []), taken()] });
      },
      keepUndone: true,
      op: (game) => ({ op: "undo", index: game.deals.length - 1, deal: taken() }),
    });
  }

  /** Record again the deal taken back last (while nothing else changed the game). */
  async redo() {
    const book = this.#book;
    const kept = book.undone;
    if (!kept || kept.id !== book.current || book.editing) return;
    const deal = kept.deals.at(-1);
    if (!deal) return; // (Undo keeps no empty list)
    const after = () => {
      const deals = kept.deals.slice(0, -1);
      book.keepUndone(deals.length ? { id: kept.id, deals } : null);
    };
    await book.change(
      (game) => [...game.deals, deal],
      (deals) => ({ type: "redone", n: deals.length, form: "clear" }),
      { after, keepUndone: true, op: () => ({ op: "append", deal }) },
    );
  }

  /**
   * The current game under other house rules: every deal rescored ("all"), or the deals
   * so far kept as they are ("next"). Resolves to null, or the core's errors (then
   * nothing changed).
   * @param {Rules} rules
   * @param {string} how
   * @returns {Promise<CoreError[] | null>}
   */
  async applyRules(rules, how) {
    const book = this.#book;
    if (!book.game) return [];
    const next = (/** @type {Game} */ game) => (how === "next" ? dealsFromNext(game.deals, game.rules) : dealsForAll(game.deals));
    /** @type {CoreError[]} */
    let errors = [];
    /** @type {() => Op} */
    const op = () => ({ op: "rules", rules: { ...rules }, how: how === "next" ? "next" : "all" });
    const applied = await book.change(next, { type: "rulesChanged" }, { rules, refused: (refused) => (errors = refused), op });
    return applied ? null : errors;
  }
}
