// The table around the current game, in the game book: the four players' names and who
// deals (book/seats.js). Each change is checked by the core with the game (two players
// of one name are refused: the sheet says who deals by name) and saved; the core then
// answers who deals next, so the view never counts seats itself. No DOM.

import { replyOf } from "./book-replies.js";
import { firstDealerFor, isSeat, withPlayer } from "./seats.js";

/** @import { GameBook } from "./game-book.js"; */
/** @import { Change, Game, Op, Team } from "./types.js"; */

export class BookTable {
  /** @type {GameBook} */ #book;

  /** @param {GameBook} book */
  constructor(book) {
    this.#book = book;
  }

  /** `team`'s name as typed: saved after a pause, like every typed field (not asked of the core). @param {Team} team @param {string} value */
  setName(team, value) {
    const book = this.#book;
    const game = book.current === null ? undefined : book.games.get(book.current);
    if (!game || book.viewing) return;
    const updated = book.now().toISOString();
    book.replace(
      { ...game, names: { ...game.names, [team]: value }, updated },
      null,
      { op: "set", field: `names.${team}`, value, at: updated },
      { typing: true },
    );
    book.emit({ type: "named" });
  }

  /**
   * Name `team`'s player `index` (0 or 1) `value`, as typed. A name the core refuses
   * changes nothing; its error is kept for the bar, as a refused deal's.
   * @param {Team} team
   * @param {number} index
   * @param {string} value
   */
  setPlayer(team, index, value) {
    return this.#set(
      (game) => {
        const seats = withPlayer(game, team, index, value);
        const next = { ...game };
        if (seats) next.seats = seats;
        else delete next.seats;
        return next;
      },
      { type: "named" },
      { op: "player", team, index, value },
      true,
    );
  }

  /**
   * `seat` deals now — the one-tap choice. The game keeps the seat that dealt its first
   * deal: for a game under way (an old game without a dealer) the one that makes `seat`
   * deal the next deal.
   * @param {unknown} seat
   */
  chooseDealer(seat) {
    if (!isSeat(seat)) return Promise.resolve(false);
    /** @type {number | null} */
    let dealer = null;
    const make = (/** @type {Game} */ game) => ({ ...game, dealer: (dealer = firstDealerFor(seat, game.deals.length)) });
    return this.#set(make, { type: "dealerChosen", seat }, () => ({ op: "set", field: "dealer", value: dealer }));
  }

  /**
   * The current game changed by `make(game)`, once the core accepts it; then `change` is
   * announced. `op` is the change as an operation (or a function giving it once made);
   * `typing`: saved after a pause.
   * @param {(game: Game) => Game} make
   * @param {Change} change
   * @param {Op | (() => Op)} op
   * @returns {Promise<boolean>}
   */
  #set(make, change, op, typing = false) {
    const book = this.#book;
    if (!book.game || book.viewing) return Promise.resolve(false);
    const id = book.current;
    return book.serial(async () => {
      const game = id === null ? undefined : book.games.get(id);
      if (!game) return false;
      const next = { ...make(game), updated: book.now().toISOString() };
      const reply = await replyOf(() => book.score(next));
      if (!reply?.ok) {
        book.showError(reply?.errors ?? []);
        book.emit({ type: "refused" });
        return false;
      }
      book.showError(null);
      book.replace(next, reply.result, { ...(typeof op === "function" ? op() : op), at: next.updated }, { typing });
      book.emit(change);
      return true;
    });
  }
}
