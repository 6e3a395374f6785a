// A game deleted from this device, in the game book: gone at once, with an Undo that
// stands for UNDO_MS, until the next change. This part owns what the Undo brings back
// (`deleted`) and its timer; the games themselves change only through the book's own
// methods (lost, leaveDeleted, putBack). No DOM.

/** How long a deleted game's Undo stays, unless another change comes first. */
export const UNDO_MS = 10_000;

/** @import { GameBook } from "./game-book.js"; */
/** @import { Deleted, Game, GameResult, Timers } from "./types.js"; */

export class BookDeletes {
  /** @type {GameBook} */ #book;
  /** @type {Timers} */ #timers;
  /** @type {unknown} */ #timer = null;
  /** @type {Deleted | null} */ deleted = null; // the game whose Undo stands (read only outside)

  /** @param {GameBook} book @param {Timers} timers */
  constructor(book, timers) {
    this.#book = book;
    this.#timers = timers;
  }

  /** Delete game `id` at once (the current one: the next game at its table takes its place). @param {string} id */
  remove(id) {
    const book = this.#book;
    const game = book.games.get(id);
    if (!game) return;
    const index = [...book.games.keys()].indexOf(id);
    const current = id === book.current;
    this.forget();
    const deleted = { game, index, current, result: book.results.get(id), rev: book.saver.removed(id) };
    book.lost(id);
    const restore = current && book.leaveDeleted(game);
    this.deleted = deleted;
    this.#timer = this.#timers.setTimeout(() => {
      this.forget();
      book.emit({ type: "undoExpired" });
    }, UNDO_MS);
    book.emit({ type: "gameRemoved", created: game.created, form: restore ? "restore" : undefined });
  }

  /** Bring back the game deleted last, where it was (while its Undo stands). */
  undo() {
    const deleted = this.deleted;
    if (!deleted) return;
    this.forget();
    const { game, index, current, result } = deleted;
    const restore = this.#book.putBack(game, index, result, current);
    this.#book.emit({ type: "gameRestored", id: game.id, created: game.created, form: restore ? "restore" : undefined });
  }

  /** The game deleted here, as the store had it when the deletion was written: what its Undo brings back. @param {Game} game @param {GameResult} result */
  storedAs(game, result) {
    if (this.deleted?.game.id === game.id) this.deleted = { ...this.deleted, game, result };
  }

  /** The Undo is over (another change came, or its time ran out). */
  forget() {
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer);
    this.#timer = null;
    this.deleted = null;
  }
}
