// Following other tabs: another tab (or another sheet on this page with the same storage
// key) saved or removed games; the store says which. Each game is joined on its own,
// and no deal is lost either way:
//
//   theirs is the save ours is based on          → nothing to do (our own save, echoed)
//   their game is gone, ours unchanged since      → it goes here too
//   their game is gone, ours changed since        → ours stays (saved again as new)
//   theirs is new or changed, ours unchanged      → theirs, checked by the core
//   theirs changed and ours changed too           → theirs under its id, ours as a copy
//
// While the book is busy (a change is with the core) the news waits its turn. The deal
// being edited is followed to where it is now; if it changed there, the edit stops and
// says so. No DOM: Node tests two tabs on one memory backend.

import { copyGame, sameValue } from "./records.js";
import { cleanGame } from "./text.js";

/** What to do with game `id`: ours (`game`, or null), `dirty`, our `base` rev, and `theirs` (record or null). */
export function decide({ ours, dirty, base, theirs }) {
  if ((theirs?.rev ?? null) === base) return "same";
  if (!theirs) {
    if (!ours) return "same";
    return dirty ? "keep" : "drop";
  }
  if (ours && sameGame(ours, theirs)) return "rebase"; // the same change made in both: nothing lost
  if (!ours || !dirty) return "take";
  return "conflict";
}

/** Whether two records are the same game, revisions aside. */
function sameGame(a, b) {
  const { rev: _a, ...one } = a;
  const { rev: _b, ...two } = b;
  return sameValue(one, two);
}

export class TabFollower {
  #book;
  #saver;
  #store;
  #pending = new Set();
  #running = false;
  #unsubscribe = null;

  constructor(book, saver, store) {
    this.#book = book;
    this.#saver = saver;
    this.#store = store;
  }

  start() {
    this.#unsubscribe ??= this.#store.subscribe(({ ids }) => {
      for (const id of ids) this.#pending.add(id);
      this.wake();
    });
  }

  stop() {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }

  /** Follow the news, after the change under way (the book's changes run one at a time). */
  wake() {
    if (this.#running || !this.#pending.size || !this.#book.validated) return;
    this.#running = true;
    this.#book.serial(() => this.#run()).finally(() => {
      this.#running = false;
      if (this.#pending.size) this.wake(); // news that came while the last was joined
    });
  }

  async #run() {
    const outcome = { notices: [], restore: false };
    try {
      while (this.#pending.size) {
        const ids = [...this.#pending];
        this.#pending.clear();
        const records = await this.#store.get(ids);
        for (const [id, theirs] of records) await this.#join(id, theirs && cleanGame(theirs), outcome); // names as the core cleans them
      }
    } catch {
      // The runtime failed: the element shows it; the next news tries again.
    }
    this.#report(outcome, true);
    this.#saver.flush();
  }

  /** A save of ours was refused: the stored record is `theirs`. Joined as news of it, in turn. */
  resolve(id, theirs) {
    this.#book.serial(async () => {
      const outcome = { notices: [], restore: false };
      await this.#join(id, theirs, outcome);
      this.#report(outcome, outcome.notices.length > 0 || outcome.restore);
      this.#saver.flush();
    });
  }

  #report(outcome, emit) {
    for (const notice of outcome.notices) this.#book.notices.add(notice);
    if (emit) this.#book.emit({ type: "followed", form: outcome.restore ? "restore" : undefined });
  }

  async #join(id, theirs, outcome) {
    const book = this.#book;
    const ours = book.games.get(id) ?? null;
    const action = decide({ ours, dirty: this.#saver.isDirty(id), base: this.#saver.rev(id), theirs });
    if (action === "same") return;
    if (action === "rebase") this.#saver.based(id, theirs.rev);
    else if (action === "keep") {
      this.#saver.based(id, null);
      this.#saver.changed(id);
    } else if (action === "drop") this.#dropped(ours, outcome);
    else await this.#take(id, ours, theirs, action === "conflict", outcome);
  }

  /** Their version of game `id` (checked by the core); ours, if changed too, as a copy. */
  async #take(id, ours, theirs, conflict, outcome) {
    const book = this.#book;
    const reply = await book.score(theirs);
    if (!reply?.ok) {
      await this.#saver.reject(theirs, reply); // ours stays, and is saved again
      if (ours) {
        this.#saver.based(id, null);
        this.#saver.changed(id);
      }
      return;
    }
    if (conflict) {
      const copy = copyGame(ours, book.now());
      book.games.set(copy.id, copy);
      book.results.set(copy.id, book.results.get(id));
      this.#saver.based(copy.id, null);
      this.#saver.changed(copy.id);
    }
    book.adopt(theirs, reply.result);
    if (book.deleted?.game.id === id) book.deleted = null; // it exists again: nothing to undo
    if (id !== book.current || book.viewing) return;
    outcome.notices.push({ words: "store", key: conflict ? "conflict" : "otherTab", kind: "other-tab", info: !conflict });
    book.error = null;
    this.#followEdit(outcome);
  }

  /** The deal being edited: followed to where it is now, or, if it changed there, the edit stops. */
  #followEdit(outcome) {
    const book = this.#book;
    const editing = book.editing;
    if (!editing) return;
    const deals = book.game.deals;
    const index = sameValue(deals[editing.index], editing.deal) ? editing.index : deals.findIndex((deal) => sameValue(deal, editing.deal));
    if (index >= 0) {
      editing.index = index;
      return;
    }
    book.stopEditing();
    outcome.restore = true;
    outcome.notices.push({ words: "store", key: "editStopped", params: { n: editing.index + 1 }, kind: "edit-stopped" });
  }

  /** Game `ours` was deleted in another tab (and had not changed here). */
  #dropped(ours, outcome) {
    const book = this.#book;
    const current = ours.id === book.current;
    if (current && !ours.deals.length) {
      // Another tab dropped it as an empty game not its own: it stays here, saved anew if it changes.
      this.#saver.based(ours.id, null);
      return;
    }
    book.games.delete(ours.id);
    book.results.delete(ours.id);
    this.#saver.gone(ours.id);
    if (!current) return;
    if (book.editing) {
      book.stopEditing();
      outcome.restore = true;
    }
    outcome.notices.push({ words: "store", key: "deletedElsewhere", params: { date: ours.created }, kind: "other-tab", info: true });
    const open = [...book.games.values()].filter((game) => !book.results.get(game.id)?.finished);
    open.sort((a, b) => b.updated.localeCompare(a.updated));
    if (open.length) book.current = open[0].id;
    else book.startGame(ours.names, ours.rules);
  }
}
