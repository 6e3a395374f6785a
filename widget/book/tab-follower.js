// Following other tabs: another tab (or another sheet on this page with the same storage
// key) saved or removed games; the store says which (a BroadcastChannel). Each game is
// joined on its own, and nothing of either tab is lost or copied:
//
//   theirs is the save ours is based on        → nothing to do (our own save, echoed)
//   nothing of ours is waiting to be saved      → theirs (checked by the core), or gone
//   ours has changes not saved yet              → our operations applied to theirs, in order
//
// The same join runs when the saver finds, under the lock, that another tab saved first
// (merge). An operation that no longer fits (a deal edited there was deleted here, a
// change on a game deleted there) is skipped and said. While the book is busy (a change
// is with the core) the news waits its turn. The deal being edited is followed to where
// it is now; if it changed there, the edit stops and says so. No DOM: Node tests two
// tabs on one memory backend, and on fake-indexeddb.

import { applyOp, applyOps, plain } from "./book-ops.js";
import { sameValue } from "./records.js";
import { cleanGame } from "../text.js";

/** @import { BookSaver } from "./book-saver.js"; */
/** @import { GameBook } from "./game-book.js"; */
/** @import { Game, GameResult, Notice, Op, Reply } from "./types.js"; */
/** @import { GameStore, StoredGame } from "../store/types.js"; */

/**
 * What following other tabs found, said once it is done: the notices, whether the form
 * is restored (the edit stopped), whether a game changed.
 * @typedef {{notices: Notice[], restore: boolean, changed: boolean}} Outcome
 */
/**
 * Theirs and ours joined: the game (null: deleted), the core's result, the operations still to
 * save, how many were skipped, the game a deletion took away, and the reply of a stored game the core refused.
 * @typedef {{game: Game | null, result: GameResult | null | undefined, ops: Op[], skipped: number, removed: Game | null, rejected: Reply<GameResult> | null}} Joined
 */

export class TabFollower {
  /** @type {GameBook} */ #book;
  /** @type {BookSaver} */ #saver;
  /** @type {GameStore} */ #store;
  /** @type {Set<string>} */ #pending = new Set();
  #running = false;
  /** @type {(() => void) | null} */ #unsubscribe = null;

  /** @param {GameBook} book @param {BookSaver} saver @param {GameStore} store */
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
    this.#book
      .serial(() => this.#run())
      .finally(() => {
        this.#running = false;
        if (this.#pending.size) this.wake(); // news that came while the last was joined
      });
  }

  async #run() {
    /** @type {Outcome} */
    const outcome = { notices: [], restore: false, changed: false };
    try {
      while (this.#pending.size) {
        const ids = [...this.#pending];
        this.#pending.clear();
        const records = await this.#store.get(ids);
        for (const [id, theirs] of records) {
          if ((theirs?.rev ?? null) !== this.#saver.rev(id)) await this.#join(id, theirs && cleanGame(theirs), outcome); // names as the core cleans them
        }
      }
    } catch {
      // The runtime failed: the element shows it; the next news tries again.
    }
    this.#report(outcome, outcome.changed);
    this.#saver.resume(); // what of ours is joined is saved (typing: after its pause)
  }

  /** The saver found `theirs` stored over the save ours is based on: joined now (in the book's turn, under the lock). @param {string} id @param {StoredGame | null} theirs */
  async merge(id, theirs) {
    /** @type {Outcome} */
    const outcome = { notices: [], restore: false, changed: false };
    await this.#join(id, theirs, outcome);
    this.#report(outcome, outcome.changed);
  }

  /** @param {Outcome} outcome @param {boolean} emit */
  #report(outcome, emit) {
    for (const notice of outcome.notices) this.#book.notices.add(notice);
    if (emit) this.#book.emit({ type: "followed", form: outcome.restore ? "restore" : undefined });
  }

  /** @param {string} id @param {StoredGame | null} theirs @param {Outcome} outcome */
  async #join(id, theirs, outcome) {
    const book = this.#book;
    const ours = book.games.get(id) ?? null;
    const ops = this.#saver.pendingOps(id);
    outcome.changed = true;
    if (!ops.length && !theirs) {
      if (ours) this.#dropped(ours, outcome);
      else this.#saver.gone(id);
      return;
    }
    const joined = await this.#joined(theirs, ops, ours);
    if (joined.rejected && theirs) await this.#saver.reject(theirs, joined.rejected);
    this.#saver.rebased(id, joined.rejected ? null : (theirs?.rev ?? null), joined.ops);
    if (joined.removed && book.deleted?.game.id === id) await this.#deletedAs(joined.removed);
    if (!joined.game) {
      if (ours) this.#dropped(ours, outcome);
      return;
    }
    // A joined game always comes with the core's result for it.
    book.took(id, joined.game, /** @type {GameResult} */ (joined.result)); // (a deleted game back: nothing to undo)
    if (id !== book.current || book.viewing) return;
    if (joined.skipped) outcome.notices.push({ words: "store", key: "notJoined", params: { count: joined.skipped }, kind: "not-joined" });
    outcome.notices.push({ words: "store", key: "otherTab", kind: "other-tab", info: true });
    book.showError(null);
    this.#followEdit(outcome);
  }

  /**
   * Theirs with our operations on it: `{game, result, ops, skipped, removed, rejected}` —
   * the joined game (null: deleted) and the core's result, the operations still to save.
   * If the core refuses the whole, each operation is tried in turn and the refused ones
   * skipped; a stored game the core refuses (`rejected`: its reply) gives way to ours.
   * @param {StoredGame | null} theirs
   * @param {Op[]} ops
   * @param {Game | null} ours
   * @returns {Promise<Joined>}
   */
  async #joined(theirs, ops, ours) {
    const book = this.#book;
    const all = applyOps(theirs, ops);
    const reply = all.game ? await book.score(all.game) : { ok: true, result: null };
    if (reply?.ok) return { ...all, result: reply.result, rejected: null };
    let game = plain(theirs);
    /** @type {GameResult | null | undefined} */
    let result = null;
    /** @type {Op[]} */
    const kept = [];
    let skipped = all.skipped;
    if (game) {
      const own = await book.score(game);
      if (!own?.ok)
        return {
          game: ours,
          result: ours ? book.results.get(ours.id) : undefined,
          ops: ours ? [{ op: "put", game: ours }] : [],
          skipped: 0,
          removed: null,
          rejected: own,
        };
      result = own.result;
    }
    for (const op of ops) {
      const next = applyOp(game, op);
      if (next.skipped) continue;
      const answer = next.game ? await book.score(next.game) : { ok: true, result: null };
      if (!answer?.ok) {
        skipped++;
        continue;
      }
      [game, result] = [next.game, answer.result];
      kept.push(op);
    }
    return { game, result, ops: kept, skipped, removed: all.removed, rejected: null };
  }

  /** The game this tab deleted, as it was stored when the deletion was written: that is what its Undo brings back. @param {Game} game */
  async #deletedAs(game) {
    const book = this.#book;
    const reply = await book.score(game);
    if (reply?.ok) book.deletes.storedAs(game, reply.result);
  }

  /** The deal being edited: followed to where it is now, or, if it changed there, the edit stops. @param {Outcome} outcome */
  #followEdit(outcome) {
    const book = this.#book;
    const editing = book.editing;
    if (!editing || !book.game) return;
    const deals = book.game.deals;
    const index = sameValue(deals[editing.index], editing.deal) ? editing.index : deals.findIndex((deal) => sameValue(deal, editing.deal));
    if (index >= 0) {
      book.beginEdit(index, editing.deal, { follow: true });
      return;
    }
    book.stopEditing();
    outcome.restore = true;
    outcome.notices.push({ words: "store", key: "editStopped", params: { n: editing.index + 1 }, kind: "edit-stopped" });
  }

  /** Game `ours` was deleted in another tab (what this tab did to it since, if anything, is not kept: said). @param {Game} ours @param {Outcome} outcome */
  #dropped(ours, outcome) {
    const book = this.#book;
    const current = ours.id === book.current;
    if (current && !ours.deals.length) {
      // Another tab dropped it as an empty game not its own: it stays here, saved anew if it changes.
      this.#saver.based(ours.id, null);
      return;
    }
    book.lost(ours.id);
    this.#saver.gone(ours.id);
    if (!current) return;
    if (book.editing) {
      book.stopEditing();
      outcome.restore = true;
    }
    outcome.notices.push({ words: "store", key: "deletedElsewhere", params: { date: ours.created }, kind: "other-tab", info: true });
    book.startAfterGone(ours); // as when it is deleted in this tab: the next game at its table
  }
}
