// Editing a recorded deal, in the game book: a played deal is loaded into the form and
// saved back (with the house rules it was played under), a passed deal can only be
// deleted, and the Rules panel can ask to fix a deal for rules it is to be scored by.
// Each change goes through the book (GameBook.change): the core, then the save. No DOM.

export class BookEdits {
  #book;

  constructor(book) {
    this.#book = book;
  }

  /** Load deal `index` into the form (a passed deal can only be deleted). */
  edit(index) {
    const book = this.#book;
    const deal = book.game?.deals[index];
    if (!deal || book.busy || book.viewing) return;
    book.editing = { index, deal, fixing: false };
    book.error = null;
    const change = { type: "editing", index, passed: Boolean(deal.passed) };
    if (!deal.passed) Object.assign(change, { form: "load", deal });
    book.emit(change);
  }

  /** Save the edited deal as `entered` (the form's); it keeps the rules it was played under. */
  async saveEdit(entered) {
    const book = this.#book;
    const editing = book.editing;
    if (!editing || !entered) return false;
    const fixed = editing.fixing;
    // The index as it is when the change runs: another tab's deal may have moved it (the follower).
    const next = (game) => {
      const own = game.deals[editing.index]?.rules;
      const deal = own == null ? entered : { ...entered, rules: own };
      return game.deals.map((old, i) => (i === editing.index ? deal : old));
    };
    const saved = await book.change(next, () => ({ type: "edited", index: editing.index, form: "restore" }), { after: () => book.stopEditing() });
    return saved && fixed;
  }

  async deleteDeal() {
    const book = this.#book;
    const editing = book.editing;
    if (!editing) return;
    const next = (game) => game.deals.filter((_, i) => i !== editing.index);
    const change = (deals) => ({ type: "dealDeleted", index: Math.min(editing.index, deals.length - 1), form: "restore" });
    await book.change(next, change, { after: () => book.stopEditing() });
  }

  cancelEdit() {
    const book = this.#book;
    const editing = book.editing;
    if (!editing) return;
    book.error = null;
    book.stopEditing();
    book.emit({ type: "editCancelled", index: editing.index, form: "restore" });
  }

  /** The Rules panel's "fix deal": the deal into the form, scored by the rules it is to be fixed for. */
  fixDeal(index) {
    const book = this.#book;
    this.edit(index);
    if (book.editing?.index === index) book.editing.fixing = true;
    book.emit({ type: "fixing", index });
  }
}
