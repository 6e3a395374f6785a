// Backing up every game and bringing a backup back, in the game book (no DOM). Each game
// of a backup is checked by the core before it is added, as an imported game is; a game
// already here (the same id, or the same content) is not added again, and no game here
// is ever replaced: a game whose id is taken by a different game comes in as a copy.
// What the core refuses is not added and is said in a notice; the rest comes in.

import { backupFile, contentKey, placeOf, readBackup } from "../files/backup.js";
import { compareArriving, upToDate } from "./book-travel.js";
import { gameFile } from "../files/export.js";
import { replyOf } from "./book-replies.js";
import { copyGame } from "./records.js";

/** What a backup's problem is called in the keep words. */
const PROBLEM_WORDS = { newer: "backupNewer", unreadable: "backupUnreadable", tooMany: "backupTooMany" };

/** @import { GameBook } from "./game-book.js"; */
/** @import { CoreError, Game, GameResult } from "./types.js"; */
/** @import { BackupRead } from "../files/backup.js"; */

/**
 * What came of a backup's games: those added, how many were here already, the core's errors of each refused one.
 * @typedef {{added: Game[], same: number, refused: CoreError[][]}} Outcome
 */

export class BookBackup {
  /** @type {GameBook} */ #book;

  /** @param {GameBook} book */
  constructor(book) {
    this.#book = book;
  }

  /** The backup of every game with deals here (files/backup.js), as of now. */
  file() {
    return backupFile([...this.#book.games.values()], this.#book.now());
  }

  /**
   * Bring back the games of backup `data` (parsed JSON; `file`: its name). Resolves to
   * `{added, same, refused}` (the games added; how many were here already; how many
   * the core or the reader refused), `{problem}` when no backup this version reads (a
   * notice says so; nothing changed), or `{busy}`.
   * @param {unknown} data
   * @param {string} file
   */
  async restore(data, file) {
    return this.restoreRead(readBackup(data), file);
  }

  /**
   * The same, for a backup already read (files/backup.js readBackup, in files/file-worker.js).
   * @param {BackupRead} read
   * @param {string} file
   * @returns {Promise<{busy: true} | {problem: string} | {added: number, same: number, refused: number}>}
   */
  async restoreRead(read, file) {
    const book = this.#book;
    if (book.busy || book.viewing || !book.validated) return { busy: true };
    if ("problem" in read) {
      book.notices.add({ words: "keep", key: PROBLEM_WORDS[read.problem] ?? "backupUnreadable", params: { file, ...("params" in read ? read.params : {}) } });
      book.emit({ type: "fileRefused" });
      return { problem: read.problem };
    }
    const outcome = await book.whileBusy(() => book.serial(() => this.#add(read.games)));
    outcome.refused.push(...Array(read.bad).fill([]));
    this.#report(outcome, file);
    return { added: outcome.added.length, same: outcome.same, refused: outcome.refused.length };
  }

  /**
   * Each game checked by the core and added, unless it is here already.
   * @param {Game[]} games
   * @returns {Promise<Outcome>}
   */
  async #add(games) {
    const book = this.#book;
    const contents = new Set([...book.games.values()].map(contentKey));
    /** @type {Game[]} */
    const added = [];
    /** @type {CoreError[][]} */
    const refused = [];
    let same = 0;
    for (const game of games) {
      if (!game.deals.length) continue; // an empty game is never kept
      const place = placeOf(game, book.games, contents);
      if (place === "same" || place === "older") {
        same++;
        continue;
      }
      const reply = await replyOf(() => book.score(game));
      if (!reply?.ok) {
        refused.push(reply?.errors ?? []);
        continue;
      }
      if (place === "copy" && (await this.#sameOrNewer(game, reply.result))) {
        same++; // the game here, from either side, or brought up to date with it
        continue;
      }
      const record = place === "copy" ? copyGame(game, book.now()) : structuredClone(game);
      book.replace(record, reply.result);
      contents.add(contentKey(record));
      added.push(record);
    }
    return { added, same, refused };
  }

  /**
   * Whether `game` (of a backup, scored `result`) is the game here with its id, seen
   * from either side — everything it has is here, or it is that game plus more deals:
   * then the game here is brought up to date (keeping its side), and true.
   * @param {Game} game
   * @param {GameResult} result
   */
  async #sameOrNewer(game, result) {
    const book = this.#book;
    const mine = book.games.get(game.id);
    const { place, turned } = compareArriving(result, book.results.get(game.id));
    if (!mine || place === "differs") return false;
    if (place === "same") return true;
    const update = turned ? await book.travel.turned(gameFile(game)) : { data: game, result };
    if (!update) return false;
    const record = { ...mine, deals: update.data.deals, updated: book.now().toISOString() };
    book.replace(record, await upToDate(book, record, update.result));
    return true;
  }

  /** Said: what was refused (a notice, with the core's first reason); the game to play opened. @param {Outcome} outcome @param {string} file */
  #report({ added, same, refused }, file) {
    const book = this.#book;
    if (refused.length) {
      const errors = refused.find((list) => list.length) ?? [];
      book.notices.add({ words: "keep", key: "backupSomeRefused", params: { file, count: refused.length }, errors });
    }
    this.#openRestored(added);
    book.emit({ type: "backupRestored", file, added: added.length, same, refused: refused.length });
  }

  /** An empty current game (after the games were cleared) gives way to the latest unfinished game restored. @param {Game[]} added */
  #openRestored(added) {
    const book = this.#book;
    if (!added.length || book.game?.deals.length) return;
    const open = added.filter((game) => !book.results.get(game.id)?.finished);
    const [latest] = (open.length ? open : added).toSorted((a, b) => String(b.updated).localeCompare(String(a.updated)));
    book.openGame(latest.id);
  }
}
