// Saving the game book: every changed game is written at once, over the revision of it
// the book is based on, and never over a save it has not seen (the store refuses: a
// conflict, which the tab follower resolves by keeping both). A device that refuses
// (site data blocked, storage full) is said in one notice and tried again on the next
// change; saving working again is said too. What the store could not read, and a
// stored game the core refuses, is kept aside and said. No DOM: Node tests it through
// the book with a memory store.

import { TabFollower } from "./tab-follower.js";

export class BookSaver {
  #book;
  #store;
  #revs = new Map(); // id → the stored revision the book's game is based on (null: never saved)
  #dirty = new Set(); // ids changed here and not saved yet
  #removals = new Map(); // id → the revision to remove
  #flushing = null;
  #again = false;
  /** "saved", or why not: "blocked", "full", "failed", "locked". */
  saving = "saved";
  follower;

  constructor(book, store) {
    this.#book = book;
    this.#store = store;
    this.follower = new TabFollower(book, this, store);
  }

  get store() {
    return this.#store;
  }

  /** Open the store: a device that keeps no data here (or a newer version's) is said at once. */
  async prepare() {
    await this.#store.open?.();
    if (this.#store.locked) this.#problem("locked");
    else if (!this.#store.available) this.#problem("blocked");
  }

  /** The games stored (read once); what could not be read is said. */
  async load() {
    const { games, current, aside } = await this.#store.load();
    if (this.#store.locked) this.#problem("locked");
    else if (!this.#store.available) this.#problem("blocked");
    const bad = aside.filter((item) => item.reason === "bad_game").length;
    for (const item of aside) {
      if (item.reason === "unreadable") this.#book.notices.add({ words: "sheet", key: "noticeUnreadable", aside: true });
      else if (item.reason === "unknown_version") this.#book.notices.add({ words: "sheet", key: "noticeVersion", params: { version: item.version }, aside: true });
      else if (item.reason === "names_cut") this.#book.notices.add({ words: "store", key: "namesCut", kind: "names-cut", aside: true });
    }
    if (bad) this.#book.notices.add({ words: "sheet", key: "noticeBadGames", aside: true });
    this.follower.start();
    return { games, current };
  }

  /** The book's `id` is based on stored revision `rev` (null: not saved yet). */
  based(id, rev) {
    this.#revs.set(id, rev);
    this.#dirty.delete(id);
  }

  rev(id) {
    return this.#revs.get(id) ?? null;
  }

  isDirty(id) {
    return this.#dirty.has(id);
  }

  /** The book changed `id`: save it. */
  changed(id) {
    this.#removals.delete(id);
    this.#dirty.add(id);
    this.flush();
  }

  /** The book removed `id`; returns the revision it was based on (for its Undo). */
  removed(id) {
    const rev = this.rev(id);
    this.#dirty.delete(id);
    this.#revs.delete(id);
    if (rev !== null) {
      this.#removals.set(id, rev);
      this.flush();
    }
    return rev;
  }

  /** Game `id` is gone from the store already (removed by another tab): forget it. */
  gone(id) {
    this.#dirty.delete(id);
    this.#revs.delete(id);
    this.#removals.delete(id);
  }

  /** An empty game the book dropped: removed from the store too, if it was ever saved. */
  forget(id) {
    this.removed(id);
  }

  /** The deleted game `id` came back (Undo): its removal is cancelled, or it is saved anew. */
  restored(id, rev) {
    if (this.#removals.get(id) === rev) {
      this.#removals.delete(id);
      this.#revs.set(id, rev);
    } else this.#revs.set(id, null);
    this.changed(id);
  }

  remember(id) {
    this.#store.remember(id);
  }

  /** Games without deals other than the current one are not worth keeping. */
  dropEmpty() {
    const book = this.#book;
    for (const game of [...book.games.values()]) {
      if (game.deals.length || game.id === book.current) continue;
      book.games.delete(game.id);
      book.results.delete(game.id);
      this.forget(game.id);
    }
  }

  /** A stored game the core refused: kept aside, removed from the games, and said why. */
  async reject(game, reply) {
    const kept = await this.#store.keepAside(game, "rejected");
    if (kept.error) {
      this.#problem(kept.error);
      return; // not kept aside: it stays where it is, unread
    }
    if (game.rev !== undefined) await this.#store.remove(game.id, game.rev);
    this.#book.notices.add({ words: "sheet", key: "noticeRejected", params: { date: game.created }, errors: reply?.errors ?? [], aside: true });
  }

  /** Write what changed, one game at a time; another flush meanwhile runs after this one. */
  flush() {
    if (this.#flushing) {
      this.#again = true;
      return this.#flushing;
    }
    this.#flushing = (async () => {
      do {
        this.#again = false;
        await this.#writeAll();
      } while (this.#again);
      this.#flushing = null;
    })();
    return this.#flushing;
  }

  /** Settles once everything changed so far has been written (or refused). */
  async settled() {
    while (this.#flushing) await this.#flushing;
  }

  async #writeAll() {
    if (!this.#book.validated || !this.#store.available || this.#store.locked) return;
    for (const [id, rev] of [...this.#removals]) {
      this.#removals.delete(id);
      const done = await this.#store.remove(id, rev);
      if (done.conflict) this.follower.resolve(id, done.theirs);
      else if (done.error) this.#failed(done.error, () => this.#removals.set(id, rev));
    }
    for (const id of [...this.#dirty]) {
      const game = this.#book.games.get(id);
      if (!game) {
        this.#dirty.delete(id);
        continue;
      }
      const done = await this.#store.put(game, this.rev(id));
      if (done.ok) {
        this.#revs.set(id, done.rev);
        if (this.#book.games.get(id) === game) this.#dirty.delete(id); // else changed meanwhile: again
        this.#problem("saved");
      } else if (done.conflict) {
        this.follower.resolve(id, done.theirs); // joined in turn: ours stays dirty, so it is kept
      } else if (done.error) {
        this.#failed(done.error);
        return;
      }
    }
  }

  #failed(error, keep = () => {}) {
    keep();
    this.#problem(error);
  }

  /**
   * Saving stopped working ("blocked", "full", "failed", "locked") or works again
   * ("saved"): said once when it changes, in the one notice about saving.
   */
  #problem(state) {
    if (state === this.saving) return;
    const was = this.saving;
    this.saving = state;
    const notices = this.#book.notices;
    if (state === "saved") {
      if (was === "full" || was === "failed") notices.add({ words: "store", key: "savedAgain", kind: "saving", info: true });
      this.#book.emit({ type: "saving" });
      return;
    }
    notices.add({ words: "store", key: state === "locked" ? "otherVersion" : state, kind: "saving" });
    this.#book.emit({ type: "saving" });
  }

  /** A change was announced: news from other tabs that waited for the book is followed now. */
  followLater() {
    this.follower.wake();
  }
}
