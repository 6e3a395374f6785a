// What the game book's views read of it, worked out from its state (never changing it):
// the snapshot the sheet renders, the pot the form's deal starts with, the rules it is
// scored by. Pure functions of the book (book/game-book.js), which holds the state.

/** @import { GameBook } from "./game-book.js"; */
/** @import { GameResult, Rules } from "./types.js"; */

/** What the view renders of the book (snapshotOf), for the views to import. */
/** @typedef {ReturnType<typeof snapshotOf>} Snapshot */

/** The answer for a game without deals (the core's, without asking it). */
export const EMPTY_RESULT = /** @type {Readonly<GameResult>} */ (
  Object.freeze({
    rows: [],
    totals: { us: 0, them: 0 },
    hanging: 0,
    winner: null,
    finished: false,
    unclaimed: 0,
    status: { code: "status_playing", params: { us: 0, them: 0 }, message: { bg: "", en: "" } },
  })
);

/**
 * The hanging points the deal in the form starts with: the pot before the deal being
 * edited, or the game's (after the end nothing more is recorded). 0 until checked.
 * @param {GameBook} book
 * @returns {number}
 */
export function potOf(book) {
  if (!book.validated) return 0;
  const { result, editing } = book;
  if (editing) return editing.index > 0 ? (result.rows[editing.index - 1]?.hanging ?? 0) : 0;
  return result.finished ? 0 : result.hanging;
}

/**
 * The house rules the form's deal is scored by (an edited deal's own; `pending` while it is fixed for them).
 * @param {GameBook} book
 * @param {Rules | null} [pending]
 * @returns {Rules | null}
 */
export function formRulesOf(book, pending = null) {
  const { game, editing } = book;
  if (!book.validated || !game) return null;
  if (!editing) return game.rules ?? {};
  if (editing.fixing && pending) return pending;
  return game.deals[editing.index]?.rules ?? game.rules ?? {};
}

/**
 * The state the view renders: plain data, read only (the objects are replaced on change, never changed).
 * @param {GameBook} book
 */
export function snapshotOf(book) {
  const { editing, viewing, deleted, undone, current } = book;
  return {
    validated: book.validated,
    busy: book.busy,
    saving: book.saver.saving,
    viewing: Boolean(viewing),
    // A shared game: the sender's team names and which of them this device is.
    side: viewing && { weAre: viewing.weAre, sender: viewing.sender },
    game: book.game,
    result: book.result,
    editing: editing && { index: editing.index, fixing: editing.fixing, passed: Boolean(editing.deal.passed) },
    error: book.error,
    notices: book.notices,
    deleted: deleted && { created: deleted.game.created },
    redo: Boolean(undone && undone.id === current),
    games: [...book.games.values()].map((game) => ({ game, result: book.results.get(game.id) ?? EMPTY_RESULT, current: game.id === current })),
  };
}
