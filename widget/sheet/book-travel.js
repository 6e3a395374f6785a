// Games that travel, in the game book: a game from a file (the contract's game format),
// and a game a link carries — shown read only until the player keeps it (a new game on
// this device, never over another) or closes it. Every game that arrives is checked by
// the core first; what it refuses changes nothing and is said in a notice. No DOM.

import { contentKey } from "./backup.js";
import { gameFile } from "./export.js";
import { EXPLAIN, runtimeFailure } from "./game-book.js";

/** What a game holds around its deals, carried by a link (format 2) and kept with it. */
const TABLE_FIELDS = ["seats", "dealer", "match", "note"];

/** A game as the players see it: its names and what every deal recorded. */
function rowsKey(game, result) {
  const names = ["us", "them"].map((team) => (typeof game.names?.[team] === "string" ? game.names[team].trim() : ""));
  return JSON.stringify([names, (result?.rows ?? []).map((row) => (row.passed ? 0 : [row.record?.us, row.record?.them]))]);
}

export class BookTravel {
  #book;
  #link = null; // a game link waiting for the games to be checked

  constructor(book) {
    this.#book = book;
  }

  /** The games are checked: a link that arrived before is opened now. */
  async opened() {
    const link = this.#link;
    if (link) await this.openLink(link.hash, link.version);
  }

  /**
   * A new game on this device from `data` (a file's game), checked by the core, after the
   * change under way (never dropped for it). The form keeps what is being typed. Resolves
   * to the core's reply.
   */
  importGame(data, file, { totals } = {}) {
    const book = this.#book;
    return book.serial(async () => {
      let reply;
      try {
        const request = data !== null && typeof data === "object" && !Array.isArray(data) ? { ...data, ...EXPLAIN } : data;
        reply = await book.scorer().scoreGame(request);
      } catch (error) {
        reply = runtimeFailure(error);
      }
      if (!reply?.ok) this.refuseFile(file, null, reply?.errors ?? []);
      else if (totals && (reply.result.totals.us !== totals.us || reply.result.totals.them !== totals.them)) {
        this.refuseFile(file, "csvTotals", [], totals); // the file's totals must come out again
      } else this.#arrived(data, reply.result, file);
      return reply;
    });
  }

  /** A file's game the core accepted: a new game, or the same game already here opened. */
  #arrived(data, result, file) {
    const book = this.#book;
    const notices = book.notices;
    notices.drop((notice) => notice.about === "file"); // an earlier file's error is over
    const same = this.#sameGame(data, result);
    if (same) {
      notices.add({ words: "travel", key: "alreadyHere", params: { file }, info: true, about: "file" });
      if (same === book.current) book.emit({ type: "alreadyHere", file });
      else book.openGame(same);
      return;
    }
    notices.add({ words: "travel", key: "imported", params: { file }, info: true, about: "file" });
    book.addGame(data, result, { type: "imported", file });
  }

  /**
   * The id of the game here that `data` is (scored as `result`), or null: the same names,
   * house rules and deals, or the same names and every deal recording the same — the
   * sheet's CSV brings the declarations as counted, not as they were announced.
   */
  #sameGame(data, result) {
    const book = this.#book;
    const content = contentKey(data);
    const rows = rowsKey(data, result);
    for (const [id, game] of book.games) {
      if (!game.deals.length) continue;
      if (contentKey(gameFile(game)) === content) return id;
      const scored = book.results.get(id);
      if (scored && rowsKey(game, scored) === rows) return id;
    }
    return null;
  }

  /**
   * A file that is no game: said in a notice (`key` of the travel words, filled with
   * `params`, else the core's `errors`).
   */
  refuseFile(file, key, errors = [], params = {}) {
    this.#book.notices.add({ words: "travel", key: "badFile", params: { ...params, file }, reason: key, errors, about: "file" });
    this.#book.emit({ type: "fileRefused" });
  }

  /**
   * Show the game a link carries (`hash`: "#game=…"), read only, once the games on this
   * device are checked. Resolves to the core's reply (a refused link changes nothing).
   */
  async openLink(hash, version, { weAre = "us" } = {}) {
    const book = this.#book;
    if (!book.validated) {
      this.#link = { hash, version };
      return null;
    }
    this.#link = null;
    let reply;
    try {
      // The core reads it from either team's side (`we_are`): names, scores and seats turned.
      reply = await book.scorer().readGameLink(weAre === "them" ? { version, link: hash, we_are: "them" } : { version, link: hash });
    } catch (error) {
      reply = runtimeFailure(error);
    }
    if (!reply?.ok) {
      book.notices.add({ words: "travel", key: "badLink", errors: reply?.errors ?? [] });
      book.emit({ type: "linkRefused" });
      return reply;
    }
    // A deal being edited stays as it is: the form is only hidden while the link's game shows.
    const { game, score } = reply.result;
    const stamp = book.now().toISOString();
    const names = { us: game.names?.us ?? "", them: game.names?.them ?? "" };
    const sender = weAre === "them" ? { us: names.them, them: names.us } : names;
    const chosen = book.viewing?.link?.hash === hash;
    // The table around the game (seats, dealer, match, note) comes with it and is kept.
    const table = Object.fromEntries(TABLE_FIELDS.filter((field) => game[field] != null).map((field) => [field, game[field]]));
    book.viewing = {
      game: { id: "shared", created: stamp, updated: stamp, names, rules: game.rules ?? {}, ...table, deals: game.deals },
      result: score,
      link: { hash, version },
      weAre,
      sender,
    };
    book.error = null;
    book.emit(chosen ? { type: "sideChosen", weAre } : { type: "linkOpened" });
    return reply;
  }

  /**
   * "Кой отбор сте вие?": the shared game read again from the side of the sender's team
   * `weAre` ("them": the other team is this device's "Ние"). Kept as shown.
   */
  chooseSide(weAre) {
    const viewing = this.#book.viewing;
    if (!viewing?.link || viewing.weAre === weAre || this.#book.busy) return null;
    return this.openLink(viewing.link.hash, viewing.link.version, { weAre });
  }

  /**
   * Keep the game opened from a link: a new game on this device, now the current one. Not
   * while a deal is being edited (its change would be lost): the banner says to finish it.
   * The form keeps the deal being typed.
   */
  keepShared() {
    const book = this.#book;
    const viewing = book.viewing;
    if (!viewing || book.busy || book.editing) return;
    book.viewing = null;
    book.addGame(viewing.game, viewing.result, { type: "kept" });
  }

  closeShared() {
    const book = this.#book;
    if (!book.viewing) return;
    book.viewing = null;
    book.emit({ type: "sharedClosed" });
  }
}
