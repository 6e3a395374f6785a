// Saving the game book. The book hands over each change it makes as an operation
// (book/book-ops.js: a deal recorded, a name, a deletion…); the saver writes them, one
// game at a time: first over the revision the game is based on, in one transaction that
// the store refuses if another tab saved since; then, refused, under the store's lock
// across tabs (a Web Lock: see lock() in store/idb-store.js): it reads the game as
// stored now, applies this tab's operations not saved yet to theirs, in order (the tab
// follower shows the joined game), and writes it over the revision it read. So no two
// tabs ever fork a game or fold two presses into one. Typing (names, players, the note)
// is saved after a pause or when the field is left, not per letter.
//
// A device that refuses (site data blocked, storage full) is said in one notice and
// tried again on the next change; saving working again is said too. Storage taken away
// while the page is open — another tab's newer version upgrading the database, or the
// database deleted — is said at once, and the game is marked "not saved": what is on
// screen stays for a download or a reload. What the store could not read, and a stored
// game the core refuses, is kept aside and said. No DOM: Node tests it through the book.

import { addOp } from "./book-ops.js";
import { TabFollower } from "./tab-follower.js";

/** Typing is saved this long after the last letter (or at once when the field is left). */
export const PAUSE_MS = 800;
/** Writes refused because another writer (an earlier version, without the lock) came between: tried again this often. */
const ATTEMPTS = 5;
/** Games written in one turn of the book (book/game-book.js serial) before a change waiting gets its turn. */
const WRITES_PER_TURN = 8;

/** @import { GameBook } from "./game-book.js"; */
/** @import { Game, Op, Reply, Timers } from "./types.js"; */
/** @import { GameStore, StoreError, Swap } from "../store/types.js"; */

/** Whether games are saved: "saved", or why not. */
/** @typedef {"saved" | StoreError | "blocked"} Saving */

export class BookSaver {
  /** @type {GameBook} */ #book;
  /** @type {GameStore} */ #store;
  /** @type {Timers} */ #timers;
  /** @type {Map<string, string | null>} */ #revs = new Map(); // id → the stored revision the book's game is based on (null: never saved)
  /** @type {Map<string, Op[]>} */ #pending = new Map(); // id → the operations made here and not saved yet, in order
  /** @type {Map<string, {ops: Op[], count: number}>} */ #writing = new Map(); // id → its operations being written now (the first `count`)
  /** @type {Promise<void> | null} */ #flushing = null;
  #again = false;
  /** @type {unknown} */ #pause = null;
  /** @type {Saving} "saved", or why not: "blocked", "full", "failed", "locked" (a newer version), "deleted". */
  saving = "saved";
  /** @type {TabFollower} */ follower;

  /** @param {GameBook} book @param {GameStore} store @param {Timers} [timers] */
  constructor(book, store, timers = globalThis) {
    this.#book = book;
    this.#store = store;
    this.#timers = timers;
    this.follower = new TabFollower(book, this, store);
    store.onLost?.((reason) => this.#lost(reason));
  }

  get store() {
    return this.#store;
  }

  /** Open the store: a device that keeps no data here (or a newer version's) is said at once. */
  async prepare() {
    await this.#store.open?.();
    this.#said();
  }

  #said() {
    if (this.#store.locked) this.#problem(this.#store.lost ?? "locked");
    else if (!this.#store.available) this.#problem("blocked");
  }

  /** The games stored (read once); what could not be read is said. */
  async load() {
    const { games, current, aside } = await this.#store.load();
    this.#said();
    const bad = aside.filter((item) => item.reason === "bad_game").length;
    for (const item of aside) {
      if (item.reason === "unreadable") this.#book.notices.add({ words: "sheet", key: "noticeUnreadable", aside: true });
      else if (item.reason === "unknown_version")
        this.#book.notices.add({ words: "sheet", key: "noticeVersion", params: { version: item.version }, aside: true });
      else if (item.reason === "names_cut") this.#book.notices.add({ words: "store", key: "namesCut", kind: "names-cut", aside: true });
    }
    if (bad) this.#book.notices.add({ words: "sheet", key: "noticeBadGames", aside: true });
    this.follower.start();
    return { games, current };
  }

  /** The book's `id` is the stored revision `rev` as it is (null: not saved yet): nothing of it to save. @param {string} id @param {string | null} rev */
  based(id, rev) {
    this.#revs.set(id, rev);
    this.#pending.delete(id);
  }

  /** The stored revision game `id` is based on (null: never saved). @param {string} id */
  rev(id) {
    return this.#revs.get(id) ?? null;
  }

  /** Whether game `id` has changes not saved yet (none: no game). @param {string | null} id */
  isDirty(id) {
    return id !== null && this.#pending.has(id);
  }

  /** The operations on `id` not saved yet (a copy). @param {string} id */
  pendingOps(id) {
    return [...(this.#pending.get(id) ?? [])];
  }

  /** `id` was joined with stored revision `rev`: `ops` are what of ours is still to save. @param {string} id @param {string | null} rev @param {Op[]} ops */
  rebased(id, rev, ops) {
    this.#revs.set(id, rev);
    if (ops.length) this.#pending.set(id, ops);
    else this.#pending.delete(id);
  }

  /**
   * The book made `op` on game `id` (`before`: the game before it, for a game never saved);
   * saved at once, or, while typing, after a pause.
   * @param {string} id
   * @param {Op} op
   * @param {{before?: Game | null, typing?: boolean}} [how]
   */
  push(id, op, { before = null, typing = false } = {}) {
    let ops = this.#pending.get(id);
    if (!ops) {
      ops = [];
      // A game the store has never had is created first; so is an empty one, which another
      // tab drops when it leaves it (a game with deals is gone only if a player deleted it).
      const create = before && (this.rev(id) === null || !before.deals.length);
      if (create && op.op !== "create" && op.op !== "put") ops.push({ op: "create", game: before });
      this.#pending.set(id, ops);
    }
    // A letter typed while the game is being written is one more operation, never folded
    // into one being written: it is saved next, not taken off with them.
    const writing = this.#writing.get(id);
    if (writing?.ops === ops && writing.count === ops.length) ops.push(typing ? { ...op, typing: true } : op);
    else addOp(ops, typing ? { ...op, typing: true } : op);
    if (typing) this.#later();
    else this.flush();
  }

  /** The book changed `id` as a whole (a game brought in): it is saved as it is now. @param {string} id */
  changed(id) {
    const game = this.#book.games.get(id);
    if (game) this.push(id, { op: "put", game, at: game.updated });
  }

  /** The book removed `id`; returns the revision it was based on (for its Undo). @param {string} id */
  removed(id) {
    const rev = this.rev(id);
    if (rev === null && !this.#pending.has(id)) return null; // never saved: nothing to remove
    this.push(id, { op: "delete" });
    return rev;
  }

  /** Game `id` is gone from the store already (removed by another tab): forget it. @param {string} id */
  gone(id) {
    this.#revs.delete(id);
    this.#pending.delete(id);
  }

  /** An empty game the book dropped: removed from the store too, unless a deal came there meanwhile. @param {string} id */
  forget(id) {
    if (this.rev(id) === null && !this.#pending.has(id)) return;
    this.push(id, { op: "drop" });
  }

  /** The deleted game `id` came back (Undo): its deletion is taken back if not written yet, else it is created anew. @param {string} id */
  restored(id) {
    const ops = this.#pending.get(id);
    if (ops?.at(-1)?.op === "delete") {
      ops.pop();
      if (!ops.length) this.#pending.delete(id);
      return;
    }
    const game = this.#book.games.get(id);
    if (game) this.push(id, { op: "create", game });
  }

  /** Game `id` is the one to open next time. @param {string} id */
  remember(id) {
    if (!this.#store.locked) this.#store.remember(id);
  }

  /** Games without deals other than the current one are not worth keeping. */
  dropEmpty() {
    const book = this.#book;
    for (const game of [...book.games.values()]) {
      if (game.deals.length || game.id === book.current) continue;
      book.lost(game.id);
      this.forget(game.id);
    }
  }

  /** A stored game the core refused: kept aside, removed from the games, and said why. @param {Game & {rev?: string | null}} game @param {Reply<unknown> | null | undefined} reply */
  async reject(game, reply) {
    const kept = await this.#store.keepAside(game, "rejected");
    if (kept.error) {
      this.#problem(kept.error);
      return; // not kept aside: it stays where it is, unread
    }
    if (game.rev !== undefined) await this.#store.remove(game.id, game.rev);
    this.#book.notices.add({ words: "sheet", key: "noticeRejected", params: { date: game.created }, errors: reply?.errors ?? [], aside: true });
  }

  /** Typing paused (or the field was left): what was typed is saved now. */
  saveTyping() {
    return this.flush();
  }

  /** Save what waits, unless typing is paused for: then its timer does. */
  resume() {
    if (this.#pause === null && this.#pending.size) this.flush();
  }

  #later() {
    if (this.#pause !== null) this.#timers.clearTimeout(this.#pause);
    this.#pause = this.#timers.setTimeout(() => {
      this.#pause = null;
      this.flush();
    }, PAUSE_MS);
  }

  /** Write what changed, in the book's turn (no change runs meanwhile); a flush asked meanwhile runs after. */
  flush() {
    if (this.#pause !== null) {
      this.#timers.clearTimeout(this.#pause);
      this.#pause = null;
    }
    if (this.#flushing) {
      this.#again = true;
      return this.#flushing;
    }
    this.#flushing = (async () => {
      do {
        this.#again = false;
        await this.#book.serial(() => this.#writeAll());
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
    if (!this.#book.validated || !this.#pending.size) return;
    if (this.#store.locked) {
      this.#said(); // said again at the next change: the bar says "not saved"
      this.#book.emit({ type: "saving" });
      return;
    }
    if (!this.#store.available) return;
    let written = 0;
    for (const id of [...this.#pending.keys()]) {
      // A few games per turn of the book: a player's tap waits for at most these, never
      // for a thousand a backup brought (the flush takes the next turn for the rest).
      if (written++ === WRITES_PER_TURN) {
        this.#again = true;
        return;
      }
      /** @type {<T>(work: () => Promise<T>) => Promise<T>} */
      const lock = this.#store.lock?.bind(this.#store) ?? ((work) => work());
      const first = await this.#writeOver(id);
      const error = first === "conflict" ? await lock(() => this.#writeOne(id)) : first;
      if (error) {
        if (this.#store.locked) this.#said();
        else this.#problem(error);
        return;
      }
    }
    this.#problem("saved");
  }

  /**
   * The usual save: no other tab saved `id` since this one read it, so it is written over
   * the revision it is based on, in one transaction, without the lock (the store refuses
   * it if that revision is no longer the stored one: "conflict", and the locked join
   * follows). Taking the lock and reading first had been three round trips before the
   * write; a page reloaded in them (WebKit) lost the deal just recorded.
   * @param {string} id
   * @returns {Promise<StoreError | "conflict" | null>}
   */
  async #writeOver(id) {
    const game = this.#book.games.get(id);
    if (!this.#pending.has(id)) return null;
    if (!game) return "conflict"; // a deletion: the locked way
    const done = await this.#written(id, () => this.#store.put(game, this.rev(id)));
    if (!done.ok) return done.error ?? "conflict";
    this.#revs.set(id, done.rev);
    return null;
  }

  /**
   * Write `id` as the book has it now (`write`); once stored, the operations it holds are
   * no longer pending — only those: a name typed meanwhile is still to save.
   * @param {string} id
   * @param {() => Promise<Swap>} write
   * @returns {Promise<Swap>}
   */
  async #written(id, write) {
    const ops = this.#pending.get(id);
    const writing = ops && { ops, count: ops.length };
    if (writing) this.#writing.set(id, writing);
    try {
      const done = await write();
      if (done.ok && writing && this.#pending.get(id) === writing.ops) {
        writing.ops.splice(0, writing.count);
        if (!writing.ops.length) this.#pending.delete(id);
      } else if (done.ok) this.#pending.delete(id);
      return done;
    } finally {
      if (this.#writing.get(id) === writing) this.#writing.delete(id);
    }
  }

  /** Under the lock: read `id` as stored, join ours to it if another tab saved since, write. Returns an error, or null. @param {string} id @returns {Promise<StoreError | null>} */
  async #writeOne(id) {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      if (!this.#pending.has(id)) return null;
      const stored = (await this.#store.get([id])).get(id) ?? null;
      if ((stored?.rev ?? null) !== this.rev(id)) {
        await this.follower.merge(id, stored);
        if (!this.#pending.has(id)) return null; // theirs already holds all of ours
      }
      const game = this.#book.games.get(id) ?? null;
      /** @type {Swap} */
      let done;
      if (game) done = await this.#written(id, () => this.#store.put(game, stored?.rev ?? null));
      else if (stored) done = await this.#written(id, () => this.#store.remove(id, stored.rev));
      else done = { ok: true, rev: null };
      if (done.ok) {
        if (!game) this.#pending.delete(id);
        if (game) this.#revs.set(id, done.rev);
        else this.#revs.delete(id);
        return null;
      }
      if (done.error) return done.error;
      // A conflict: written meanwhile by a tab that takes no lock (an earlier version). Joined again.
    }
    return "failed";
  }

  /** The store was taken away while open: said at once, and the game marked "not saved". @param {Saving} reason */
  #lost(reason) {
    this.#problem(reason);
  }

  /**
   * Saving stopped working ("blocked", "full", "failed", "locked", "deleted") or works
   * again ("saved"): said once when it changes, in the one notice about saving.
   * @param {Saving} state
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
    /** @type {Record<string, string>} */
    const keys = { locked: "otherVersion", deleted: "storeDeleted" };
    const key = keys[state] ?? state;
    notices.add({ words: "store", key, kind: "saving" });
    this.#book.emit({ type: "saving" });
  }

  /** A change was announced: news from other tabs that waited for the book is followed now. */
  followLater() {
    this.follower.wake();
  }
}
