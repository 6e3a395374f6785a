// Games that travel, in the game book: a game from a file (the contract's game format),
// and a game a link carries — shown read only until the player keeps it (a new game on
// this device, never over another) or closes it. Every game that arrives is checked by
// the core first; what it refuses changes nothing and is said in a notice. No DOM.

import { contentKey } from "../files/backup.js";
import { gameFile } from "../files/export.js";
import { EXPLAIN, replyOf } from "./book-replies.js";

/** What a game holds around its deals, carried by a link (format 2) and kept with it. */
const TABLE_FIELDS = ["seats", "dealer", "match", "note"];

/** @import { GameBook } from "./game-book.js"; */
/** @import { CoreError, Game, GameData, GameResult, Pair, Team } from "./types.js"; */

/**
 * What an arriving game is to the game here with its id (compareArriving).
 * @typedef {{place: "same" | "update" | "differs", turned: boolean}} Arriving
 */
/** What a notice is about (a file's: taken away when the next file comes in). */
/** @typedef {{about?: string}} About */

/**
 * A game that arrives (`data`, the contract's game) as it is kept (`game`, a new record):
 * under its own id unless a game here has that id, and with the instant it was played
 * as its start — a game keeps its date wherever it goes.
 * @param {Game} game
 * @param {GameData | null | undefined} data
 * @param {Map<string, Game>} games
 */
export function arrivedAs(game, data, games) {
  if (typeof data?.id === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(data.id) && !games.has(data.id)) game.id = data.id;
  const played = new Date(typeof data?.played === "string" ? data.played : Number.NaN);
  if (!Number.isNaN(played.getTime())) game.created = played.toISOString();
  return game;
}

/**
 * Each row as it recorded ("us:them", "p" for a deal all passed).
 * @param {GameResult | null | undefined} result
 * @returns {string[]}
 */
function records(result) {
  return (result?.rows ?? []).map((row) => (row.passed ? "p" : `${row.record?.us}:${row.record?.them}`));
}

const turnedRows = (/** @type {string[]} */ rows) => rows.map((row) => (row === "p" ? row : row.split(":").reverse().join(":")));
const startsWithRows = (/** @type {string[]} */ rows, /** @type {string[]} */ head) =>
  head.length <= rows.length && head.every((row, index) => rows[index] === row);

/**
 * What an arriving game (scored `arriving`) is to a game here with its id (scored
 * `here`): `{place, turned}` — "same" (everything it has is here already), "update"
 * (it is the game here plus more deals) or "differs"; `turned`: it is seen from the
 * other team's side (its columns are the other way round).
 * @param {GameResult | null | undefined} arriving
 * @param {GameResult | null | undefined} here
 * @returns {Arriving}
 */
export function compareArriving(arriving, here) {
  const mine = records(here);
  const theirs = records(arriving);
  for (const turned of [false, true]) {
    const rows = turned ? turnedRows(mine) : mine;
    if (startsWithRows(rows, theirs)) return { place: "same", turned };
    if (startsWithRows(theirs, rows)) return { place: "update", turned };
  }
  return { place: "differs", turned: false };
}

/**
 * A game as the players see it: its names and what every deal recorded.
 * @param {Game | GameData} game
 * @param {GameResult | null | undefined} result
 */
function rowsKey(game, result) {
  const names = ["us", "them"].map((team) => {
    const name = game.names?.[team];
    return typeof name === "string" ? name.trim() : "";
  });
  return JSON.stringify([names, (result?.rows ?? []).map((row) => (row.passed ? 0 : [row.record?.us, row.record?.them]))]);
}

/**
 * The score of `game`, a game here brought up to date (`result`: the arriving copy's):
 * scored again when the game keeps a table of its own (a first dealer, seats) the copy
 * did not carry, so who deals goes on from the game's own first dealer.
 * @param {GameBook} book
 * @param {Game} game
 * @param {GameResult} result
 * @returns {Promise<GameResult>}
 */
export async function upToDate(book, game, result) {
  if (game.dealer == null && game.seats == null) return result;
  try {
    const reply = await book.score(game);
    return reply?.ok ? reply.result : result;
  } catch {
    return result;
  }
}

export class BookTravel {
  /** @type {GameBook} */ #book;
  /** @type {{hash: string, version: number} | null} */ #link = null; // a game link waiting for the games to be checked
  /**
   * Asked before a game that differs from the game here with its id is kept beside it:
   * `({key, params})` (the travel words' question) → a promise of true (keep both).
   * The sheet asks the player; without it, both are kept.
   * @type {(question: {key: string, params: Record<string, unknown>}) => Promise<boolean>}
   */
  ask = async () => true;

  /** @param {GameBook} book */
  constructor(book) {
    this.#book = book;
  }

  /** The games are checked: a link that arrived before is opened now. */
  async opened() {
    const link = this.#link;
    if (link) await this.openLink(link.hash, link.version);
  }

  /**
   * A new game on this device from `data` (a file's game; or the game of `link`, a CSV's),
   * checked by the core, after the
   * change under way (never dropped for it). The form keeps what is being typed. Resolves
   * to the core's reply.
   * @param {unknown} data
   * @param {string} file
   * @param {{totals?: Pair, link?: string}} [from]
   */
  importGame(data, file, { totals, link } = {}) {
    const book = this.#book;
    return book.serial(async () => {
      if (link) {
        // A CSV of the calculator's: its game link holds the whole game (files/csv-import.js).
        const read = await replyOf(() => book.scorer().readGameLink({ version: 1, link }));
        if (!read?.ok) {
          this.refuseFile(file, null, read?.errors ?? []);
          return read;
        }
        data = read.result.game;
      }
      const request = data !== null && typeof data === "object" && !Array.isArray(data) ? { ...data, ...EXPLAIN } : data;
      const reply = await replyOf(() => book.scorer().scoreGame(request));
      if (!reply?.ok) this.refuseFile(file, null, reply?.errors ?? []);
      else if (totals && (reply.result.totals.us !== totals.us || reply.result.totals.them !== totals.them)) {
        this.refuseFile(file, "csvTotals", [], totals); // the file's totals must come out again
      } else await this.#arrived(/** @type {GameData} */ (data), reply.result, { file }); // the core took it: a game
      return reply;
    });
  }

  /**
   * A game the core accepted (a file's, `file`, or a link's): the same game here already
   * opened, the game here brought up to date when it is that game plus more deals, or a
   * new game — beside a game with its id but other deals only if the player says so. A
   * game is known by its id; one without (an old file or link) by its content.
   * @param {GameData} data
   * @param {GameResult} result
   * @param {{file?: string | null}} [from]
   */
  async #arrived(data, result, { file = null } = {}) {
    const book = this.#book;
    const notices = book.notices;
    if (file) notices.drop((notice) => notice.about === "file"); // an earlier file's error is over
    const about = file ? { about: "file" } : {};
    const mine = typeof data.id === "string" ? book.games.get(data.id) : null;
    if (mine?.deals.length) {
      const { place, turned } = compareArriving(result, book.results.get(mine.id));
      if (place === "same") return this.#alreadyHere(mine.id, file, about);
      if (place === "update") {
        const update = turned ? await this.turned(data) : { data, result };
        if (update) return this.#update(mine, update.data, update.result, file, about);
      }
      // The two games in the player's words: names, deals and score (the sheet shows them).
      const words = (/** @type {Game | GameData} */ game, /** @type {Pair | undefined} */ totals) => ({
        names: game.names ?? {},
        deals: game.deals.length,
        us: totals?.us ?? 0,
        them: totals?.them ?? 0,
      });
      const here = words(mine, book.results.get(mine.id)?.totals);
      const params = { file: file ?? "", date: mine.created, here, arriving: words(data, result.totals) };
      if (!(await this.ask({ key: "keepBoth", params }))) return this.#alreadyHere(mine.id, file, about);
    } else if (typeof data.id !== "string") {
      // Known by its content only when it has no identity (a file or link from before
      // games had ids): two games of the same names and deals are two games.
      const same = this.#sameGame(data, result);
      if (same) return this.#alreadyHere(same, file, about);
    }
    if (file) notices.add({ words: "travel", key: "imported", params: { file }, info: true, ...about });
    book.addGame(data, result, file ? { type: "imported", file } : { type: "kept" });
  }

  /** @param {string} id @param {string | null} file @param {About} about */
  #alreadyHere(id, file, about) {
    const book = this.#book;
    book.notices.add({ words: "travel", key: file ? "alreadyHere" : "alreadyKept", params: { file }, info: true, ...about });
    if (id === book.current) book.emit({ type: "alreadyHere", file });
    else book.openGame(id);
  }

  /**
   * The game here (`mine`) with every deal of the arriving `data`: brought up to date, and opened.
   * @param {Game} mine @param {GameData} data @param {GameResult} result @param {string | null} file @param {About} about
   */
  async #update(mine, data, result, file, about) {
    const book = this.#book;
    /** @type {Game} */
    const game = {
      ...mine,
      names: { ...mine.names, ...(data.names ?? {}) },
      rules: data.rules ?? mine.rules ?? {},
      deals: data.deals,
      updated: book.now().toISOString(),
    };
    for (const field of TABLE_FIELDS) if (data[field] != null) game[field] = data[field];
    book.replace(game, await upToDate(book, game, result));
    book.notices.add({ words: "travel", key: "updated", params: { file: file ?? "", n: data.deals.length - mine.deals.length }, info: true, ...about });
    if (mine.id === book.current) book.emit({ type: "updated", file });
    else book.openGame(mine.id);
  }

  /**
   * `data` as the other team keeps it (the core reads its link from the other side): `{data, result}`, or null.
   * @param {GameData} data
   * @returns {Promise<{data: GameData, result: GameResult} | null>}
   */
  async turned(data) {
    try {
      const scorer = this.#book.scorer();
      const link = await scorer.gameLink(data);
      if (!link?.ok) return null;
      const read = await scorer.readGameLink({ version: 1, link: link.result.link, we_are: "them" });
      return read?.ok ? { data: read.result.game, result: read.result.score } : null;
    } catch {
      return null;
    }
  }

  /**
   * The id of the game here that `data` is (scored as `result`), or null: the same names,
   * house rules and deals, or the same names and every deal recording the same — the
   * sheet's CSV brings the declarations as counted, not as they were announced.
   * @param {GameData} data
   * @param {GameResult} result
   */
  #sameGame(data, result) {
    const book = this.#book;
    const content = contentKey(data);
    const rows = rowsKey(data, result);
    const deals = data.deals?.length ?? 0;
    const rowCount = result.rows?.length ?? 0;
    // A game of another length is neither: its keys (the whole game as text) are made
    // only for games of this one's, so a file costs the same beside 1,000 games as beside 10.
    for (const [id, game] of book.games) {
      if (!game.deals.length) continue;
      if (game.deals.length === deals && contentKey(gameFile(game)) === content) return id;
      const scored = book.results.get(id);
      if (scored && (scored.rows?.length ?? 0) === rowCount && rowsKey(game, scored) === rows) return id;
    }
    return null;
  }

  /**
   * A file that is no game: said in a notice (`key` of the travel words, filled with
   * `params`, else the core's `errors`).
   * @param {string} file
   * @param {string | null} key
   * @param {CoreError[]} [errors]
   * @param {Record<string, unknown>} [params]
   */
  refuseFile(file, key, errors = [], params = {}) {
    this.#book.notices.add({ words: "travel", key: "badFile", params: { ...params, file }, reason: key, errors, about: "file" });
    this.#book.emit({ type: "fileRefused" });
  }

  /**
   * Show the game a link carries (`hash`: "#game=…"), read only, once the games on this
   * device are checked. Resolves to the core's reply (a refused link changes nothing).
   * @param {string} hash
   * @param {number} version
   * @param {{weAre?: Team}} [side]
   */
  async openLink(hash, version, { weAre = "us" } = {}) {
    const book = this.#book;
    if (!book.validated) {
      this.#link = { hash, version };
      return null;
    }
    this.#link = null;
    // The core reads it from either team's side (`we_are`): names, scores and seats turned.
    const reply = await replyOf(() => book.scorer().readGameLink(weAre === "them" ? { version, link: hash, we_are: "them" } : { version, link: hash }));
    if (!reply?.ok) {
      book.notices.add({ words: "travel", key: "badLink", errors: reply?.errors ?? [] });
      book.emit({ type: "linkRefused" });
      return reply;
    }
    // A deal being edited stays as it is: the form is only hidden while the link's game shows.
    const { game, score } = reply.result;
    const stamp = book.now().toISOString();
    // The game keeps its id and the instant it was played (a link of format 3 carries them).
    const origin = { id: game.id, played: game.played };
    const played = game.played ?? "";
    const started = Number.isNaN(Date.parse(played)) ? stamp : played;
    const names = { us: game.names?.us ?? "", them: game.names?.them ?? "" };
    const sender = weAre === "them" ? { us: names.them, them: names.us } : names;
    const chosen = book.viewing?.link?.hash === hash;
    // The table around the game (seats, dealer, match, note) comes with it and is kept.
    const table = Object.fromEntries(TABLE_FIELDS.filter((field) => game[field] != null).map((field) => [field, game[field]]));
    book.view({
      game: { id: "shared", created: started, updated: stamp, names, rules: game.rules ?? {}, ...table, deals: game.deals },
      result: score,
      link: { hash, version },
      weAre,
      sender,
      origin,
    });
    book.emit(chosen ? { type: "sideChosen", weAre } : { type: "linkOpened" });
    return reply;
  }

  /**
   * "Кой отбор сте вие?": the shared game read again from the side of the sender's team
   * `weAre` ("them": the other team is this device's "Ние"). Kept as shown.
   * @param {Team} weAre
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
    if (!viewing || book.busy || book.editing) return Promise.resolve();
    book.view(null);
    // The contract's game (as a file brings it), so that it can be read from the other side too.
    const data = { ...gameFile(viewing.game), ...viewing.origin };
    // Kept twice, or kept after a file or a backup brought it: still one game.
    return book.serial(() => this.#arrived(data, viewing.result));
  }

  closeShared() {
    const book = this.#book;
    if (!book.viewing) return;
    book.view(null);
    book.emit({ type: "sharedClosed" });
  }
}
