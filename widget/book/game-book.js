// The game book: what a tap does to the games on this device, with no DOM. It keeps only
// what the players decided — each game's deals, in the core's game format — and asks
// the core (the scorer's scoreGame) for everything else after every change: records,
// running totals, the hanging pot, the winner. A change the core refuses is not applied;
// its errors are kept for the view to show.
//
// Every change is saved at once (book/book-saver.js: a game over the revision it was
// based on, never over another tab's save) and announced as a "change" event whose
// detail is a plain Change — `{type, …}`: what happened, for the view to decide focus
// and announcement (book/effects.js), and `form`: what the form should do ("clear",
// "load" with `deal`, "restore"). `snapshot()` is the state the view renders. Other
// tabs are followed by book/tab-follower.js through the same book. The scorer and the
// store are given, so Node runs every transition with a fake scorer and a memory store.

import { gameRequest } from "../deal/request.js";
import { registered } from "./book-changes.js";
import { BookDeletes } from "./book-deletes.js";
import { BookEdits } from "./book-edits.js";
import { EXPLAIN, replyOf } from "./book-replies.js";
import { EMPTY_RESULT, formRulesOf, potOf, snapshotOf } from "./book-snapshot.js";
import { BookSaver } from "./book-saver.js";
import { BookTable } from "./book-table.js";
import { arrivedAs, BookTravel } from "./book-travel.js";
import { Notices } from "./notices.js";
import { newGame } from "./records.js";
import { nextTable } from "./seats.js";
import { cleanGame } from "../text.js";

export { EMPTY_RESULT };

export { UNDO_MS } from "./book-deletes.js";

/** @import { Change, CoreError, Deal, Editing, Game, GameData, GameResult, Op, Reply, Rules, Scorer, Team, Timers, Undone, Viewing } from "./types.js"; */
/** @import { GameStore } from "../store/types.js"; */

/**
 * What the book is given: `scorer()` → the scorer; `store`: a GameStore; `clock()` → now; `timers`: {setTimeout, clearTimeout}.
 * @typedef {{scorer: () => Scorer, store: GameStore, clock?: () => Date, timers?: Timers}} BookOptions
 */
/**
 * How a change is made (GameBook.change): its `rules`, where a refusal goes, what follows it, and the change as an operation.
 * @typedef {{rules?: Rules, refused?: (errors: CoreError[]) => void, after?: () => void, keepUndone?: boolean, op?: (game: Game, deals: Deal[]) => Op}} ChangeOptions
 */

/**
 * The table around a game that came in (seats, the first dealer, its match, a note), onto `game`.
 * @param {Game} game
 * @param {GameData} data
 */
function withTable(game, data) {
  for (const field of ["seats", "dealer", "match", "note"]) if (data[field] != null) game[field] = data[field];
  return game;
}

/**
 * The game a checked game (a file's or a link's) becomes here: its names as the core
 * cleans them, its table, its identity (book-travel.js arrivedAs), its deals.
 * @param {GameData} data
 * @param {Date} now
 * @param {Map<string, Game>} games the games here
 */
function arriving(data, now, games) {
  const text = (/** @type {unknown} */ name) => (typeof name === "string" ? name : "");
  const game = cleanGame(withTable(newGame({ us: text(data.names?.us), them: text(data.names?.them) }, now, data.rules ?? {}), data));
  arrivedAs(game, data, games);
  game.deals = data.deals;
  return game;
}

/**
 * The game a book opens on: the stored current one (`hint`) if it is here, else the latest
 * unfinished one; a stored current game that points nowhere: the latest readable one,
 * finished or not (issue 32). Null: none, the next game starts at the last one's table.
 * @param {Map<string, Game>} games
 * @param {Map<string, GameResult>} results
 * @param {string | null} hint
 */
function firstCurrent(games, results, hint) {
  if (hint && games.has(hint)) return hint;
  const latest = [...games.values()].sort((a, b) => b.updated.localeCompare(a.updated));
  return (latest.find((game) => !results.get(game.id)?.finished) ?? (hint ? latest[0] : null))?.id ?? null;
}

// The book's state is read by anyone and written only here: its parts (book-*.js,
// tab-follower.js) ask through the narrow methods under "what the parts ask", and
// tests/js/sheet/one-writer.test.mjs holds every other module to that.
export class GameBook extends EventTarget {
  /** @type {() => Scorer} */ #scorer;
  /** @type {() => Date} */ #clock;
  /** @type {Map<string, Game>} */ games = new Map(); // id → game (replaced on every change, never changed in place)
  /** @type {Map<string, GameResult>} */ results = new Map(); // id → the core's game result
  /** @type {string | null} */ #current = null; // id of the game shown (and played)
  /** @type {Viewing | null} */ #viewing = null; // a game opened from a link, read only
  /** @type {Editing | null} */ #editing = null; // the deal loaded into the form
  /** @type {CoreError[] | null} */ #error = null; // the core's errors for the last refused change
  /** @type {Undone | null} */ #undone = null; // the deals taken back by Undo, the last one first to come back
  #busy = false; // a change is with the core
  #validated = false;
  #validating = false;
  /** @type {Promise<unknown>} */ #queue = Promise.resolve(); // the changes under way, one after another (serial)
  notices = new Notices();
  /** @type {BookSaver} */ saver;
  /** @type {BookTravel} */ travel;
  /** @type {BookEdits} */ edits;
  /** @type {BookTable} */ table;
  /** @type {BookDeletes} */ deletes;

  /**
   * `scorer()` → the scorer (scoreGame, gameLink, readGameLink); `store`: a GameStore;
   * `clock()` → now; `timers`: {setTimeout, clearTimeout}. @param {BookOptions} options
   */
  constructor({ scorer, store, clock = () => new Date(), timers = globalThis }) {
    super();
    this.#scorer = scorer;
    this.#clock = clock;
    this.saver = new BookSaver(this, store, timers);
    this.travel = new BookTravel(this);
    this.edits = new BookEdits(this);
    this.table = new BookTable(this);
    this.deletes = new BookDeletes(this, timers);
  }

  get current() {
    return this.#current;
  }
  get viewing() {
    return this.#viewing;
  }
  get editing() {
    return this.#editing;
  }
  get deleted() {
    return this.deletes.deleted;
  }
  get error() {
    return this.#error;
  }
  get undone() {
    return this.#undone;
  }
  get busy() {
    return this.#busy;
  }
  get validated() {
    return this.#validated;
  }

  // --- what the parts ask (the only ways they change the book's state) ---------------

  /** The core's errors for a refused change (the bar shows them); null takes them away. @param {CoreError[] | null} errors */
  showError(errors) {
    this.#error = errors ?? null;
  }

  /** Deal `index` (`deal`) loaded into the form; `fixing`: for the house rules (rules-panel.js). @param {number} index @param {Deal} deal @param {{fixing?: boolean, follow?: boolean}} [how] */
  beginEdit(index, deal, { fixing = false, follow = false } = {}) {
    if (follow)
      this.#editing &&= { ...this.#editing, index }; // the same edit, its deal moved (another tab)
    else this.#editing = { index, deal, fixing };
    this.#error = null;
  }

  /** The deals Undo took back (`{id, deals}`), for Redo; null: none. @param {Undone | null} undone */
  keepUndone(undone) {
    this.#undone = undone;
  }

  /** A game opened from a link, read only (`{game, result, link, weAre, sender, origin}`); null closes it. @param {Viewing | null} viewing */
  view(viewing) {
    this.#viewing = viewing;
    if (viewing) this.#error = null;
  }

  /** Run `work` with the book busy (no other change meanwhile). @template T @param {() => Promise<T>} work */
  async whileBusy(work) {
    this.#busy = true;
    try {
      return await work();
    } finally {
      this.#busy = false;
    }
  }

  /** Game `id` as another tab left it (`game`, the core's `result`): taken in; a deleted one back is no more to undo. @param {string} id @param {Game} game @param {GameResult} result */
  took(id, game, result) {
    this.games.set(id, game);
    this.results.set(id, result);
    if (this.deleted?.game.id === id) this.deletes.forget();
  }

  /** Game `id` is gone (deleted elsewhere, or kept aside unreadable). @param {string} id */
  lost(id) {
    this.games.delete(id);
    this.results.delete(id);
  }

  /** The current game `gone` is gone (deleted here or in another tab): the next game at its table. @param {Game} gone */
  startAfterGone(gone) {
    this.#startAfter(gone);
  }

  // --- what the view reads ---------------------------------------------------------

  /** The game shown: the one opened from a link, or the current one. @returns {Game | null} */
  get game() {
    return this.viewing?.game ?? (this.current === null ? null : this.games.get(this.current)) ?? null;
  }

  get result() {
    if (this.viewing) return this.viewing.result;
    return (this.current && this.results.get(this.current)) || EMPTY_RESULT;
  }

  /** The hanging points the deal in the form starts with (book-snapshot.js potOf). */
  get pot() {
    return potOf(this);
  }

  /** The house rules the form's deal is scored by (book-snapshot.js formRulesOf). @param {Rules | null} [pending] */
  formRules = (pending = null) => formRulesOf(this, pending);

  /** The state the view renders (book-snapshot.js snapshotOf). */
  snapshot = () => snapshotOf(this);

  /** Announce `change` (the view renders the snapshot and follows its effects). @param {Change} change */
  emit(change) {
    this.saver.followLater();
    this.dispatchEvent(new CustomEvent("change", { detail: registered(change) })); // book/book-changes.js
  }

  now = () => this.#clock();

  /** The scorer (the core), for what the sheet asks besides games: a game's link. */
  scorer = () => this.#scorer();

  // --- opening: every stored game checked by the core --------------------------------

  /** Read and check every stored game once the core can answer (again after a failure). */
  async open() {
    if (this.validated || this.#validating) return;
    this.#validating = true;
    try {
      if (typeof this.#scorer().scoreGame !== "function") {
        this.#error = [{ code: "unavailable" }];
        return;
      }
      const { games, current } = await this.saver.load();
      for (const game of games) {
        const reply = await this.score(game);
        if (reply?.ok) this.adopt(game, reply.result);
        else await this.saver.reject(game, reply);
      }
      this.#chooseCurrent(current);
      this.#validated = true;
      this.saver.dropEmpty();
      this.saver.flush();
    } catch {
      return; // the runtime failed: the element shows it; tried again once it is ready
    } finally {
      this.#validating = false;
    }
    this.emit({ type: "opened" });
    await this.travel.opened();
  }

  #chooseCurrent(/** @type {string | null} */ hint) {
    const id = firstCurrent(this.games, this.results, hint);
    if (id) this.#current = id;
    else this.#startAfter([...this.games.values()].at(-1));
  }

  /** Score `game` as the core sees it (no explanations), its players and first dealer too (who deals next). @param {Game} game @param {Deal[]} [deals] @param {Rules} [rules] @returns {Promise<Reply<GameResult>>} */
  async score(game, deals = game.deals, rules = game.rules) {
    const table = game.seats != null || game.dealer != null;
    if (!deals.length && !table) return { ok: true, result: EMPTY_RESULT };
    return this.#scorer().scoreGame(gameRequest(deals, game.names, rules, { ...EXPLAIN, seats: game.seats, dealer: game.dealer }));
  }

  /** Take `game` (checked, `result` the core's) into the book. @param {Game & {rev?: string | null}} game @param {GameResult} result */
  adopt(game, result) {
    const { rev, ...plain } = game;
    this.games.set(plain.id, plain);
    this.results.set(plain.id, result);
    this.saver.based(plain.id, rev ?? null);
    return plain;
  }

  /** A new empty game, the current one, saved at once; `table`: players, first dealer, match. @param {{us?: unknown, them?: unknown} | undefined} names @param {Rules | undefined} rules @param {Partial<Game>} [table] */
  startGame(names, rules, table = {}) {
    const game = { ...newGame(names, this.#clock(), rules, table), ...table };
    this.games.set(game.id, game);
    this.results.set(game.id, EMPTY_RESULT);
    this.saver.based(game.id, null);
    this.saver.push(game.id, { op: "create", game });
    this.#current = game.id;
    this.saver.remember(game.id);
    return game;
  }

  /** The next game at the table of `game` (if any): the same teams, rules and players, the rotation going on. @param {Game | undefined} game @param {Partial<Game>} [extra] */
  #startAfter(game, extra = {}) {
    return this.startGame(game?.names, game?.rules, game ? { ...extra, ...nextTable(game, this.results.get(game.id)) } : extra);
  }

  // --- changes: each one goes through the core ---------------------------------------

  /** Run `work` after every change before it: the book changes one step at a time. @template T @param {() => T | Promise<T>} work @returns {Promise<T>} */
  serial(work) {
    const run = this.#queue.then(work);
    this.#queue = run.catch(() => {});
    return run;
  }

  /**
   * The player's change of the current game: `next(game)` → its new deals, scored by
   * the core (under `rules`, else the game's) and applied only if it accepts; then
   * `change` is announced. A refusal goes to `refused(errors)` if given, else it is kept
   * as `error` (the bar shows it). A second press while one is under way is ignored.
   * `op(game, deals)` → the change as an operation (book/book-ops.js; none: the deals). @param {(game: Game) => Deal[] | null} next @param {Change | ((deals: Deal[]) => Change)} change @param {ChangeOptions} [options]
   */
  async change(next, change, { rules, refused, after, keepUndone = false, op } = {}) {
    const id = this.current;
    if (!this.game || this.busy || this.viewing) return false;
    this.#busy = true;
    if (this.error) {
      this.#error = null;
      this.emit({ type: "busy" }); // an old error is taken away at once
    }
    try {
      return await this.serial(() => this.#change(id, next, change, { rules, refused, after, keepUndone, op }));
    } finally {
      this.#busy = false;
    }
  }

  /** @param {string | null} id @param {(game: Game) => Deal[] | null} next @param {Change | ((deals: Deal[]) => Change)} change @param {ChangeOptions} options */
  async #change(id, next, change, { rules, refused, after, keepUndone, op }) {
    const game = id === null ? undefined : this.games.get(id);
    if (!game) return false; // deleted in another tab meanwhile (the notice says so)
    const deals = next(game);
    if (!deals) return false;
    const reply = await replyOf(() => this.score(game, deals, rules ?? game.rules));
    this.#busy = false;
    if (!reply?.ok) {
      if (refused) refused(reply?.errors ?? []);
      else this.#error = reply?.errors ?? [];
      this.emit({ type: "refused" });
      return false;
    }
    const changed = { ...game, deals, updated: this.#clock().toISOString() };
    if (rules) changed.rules = { ...rules };
    this.replace(changed, reply.result, { ...(op?.(game, deals) ?? { op: "deals", deals }), at: changed.updated });
    if (!keepUndone) this.#undone = null; // another change of the game: what was undone stays undone
    after?.();
    this.emit(typeof change === "function" ? change(deals) : change);
    return true;
  }

  /** `game` (a new version here) in place, and saved: `op` the change made (book-ops.js; none: the whole), `typing` after a pause. @param {Game} game @param {GameResult | null} result @param {Op | null} [op] @param {{typing?: boolean}} [how] */
  replace(game, result, op = null, { typing = false } = {}) {
    const before = this.games.get(game.id) ?? null;
    this.games.set(game.id, game);
    if (result) this.results.set(game.id, result);
    this.deletes.forget();
    this.saver.push(game.id, op ?? { op: "put", game, at: game.updated }, { before, typing });
  }

  /** What was typed (a name, a player, the note) is saved now: the field was left. */
  saveTyping = () => this.saver.saveTyping();

  /** Record `deal` (the form's, scored and valid) as the next deal. @param {Deal | null | undefined} deal */
  record = async (deal) => deal && this.#append(deal, { type: "recorded", form: "clear" });

  /** A deal where all four passed. */
  passed = async () => this.#append({ passed: true }, { type: "recordedPassed", form: "clear" });

  /** `deal` as the next deal, announced as `said` with its number; not while a deal is edited. @param {Deal} deal @param {Change} said */
  async #append(deal, said) {
    if (this.editing) return;
    await this.change(
      (game) => [...game.deals, deal],
      (deals) => ({ ...said, n: deals.length }),
      { op: () => ({ op: "append", deal }) },
    );
  }

  stopEditing = () => (this.#editing = null);

  /** The current game under other house rules, "all" deals or from the "next" (book/book-edits.js). @param {Rules} rules @param {string} how */
  applyRules = (rules, how) => this.edits.applyRules(rules, how);

  /** `team`'s name as typed (saved after a pause). @param {Team} team @param {string} value */
  setName = (team, value) => this.table.setName(team, value);

  // --- games -------------------------------------------------------------------------

  /** A new game: the same teams, players and rules, `table` (its match), the rotation on. @param {Partial<Game>} [table] */
  newGame(table = {}) {
    const current = this.current === null ? undefined : this.games.get(this.current);
    this.stopEditing();
    this.#error = null;
    this.#leave();
    this.#startAfter(current, table);
    this.deletes.forget();
    this.emit({ type: "newGame", form: "clear" });
  }

  openGame(/** @type {string} */ id) {
    if (this.busy || !this.games.has(id)) return;
    const restore = Boolean(this.editing);
    this.stopEditing();
    if (id !== this.current) this.#leave();
    this.#current = id;
    this.saver.remember(id);
    this.#error = null;
    this.deletes.forget();
    this.emit({ type: "gameOpened", id, form: restore ? "restore" : undefined });
  }

  /** Leaving the current game for another: an empty one is not worth keeping (its id returned). */
  #leave() {
    const game = this.current === null ? undefined : this.games.get(this.current);
    if (!game || game.deals.length) return null;
    this.games.delete(game.id);
    this.results.delete(game.id);
    this.saver.forget(game.id);
    return game.id;
  }

  /** Delete game `id` at once; its Undo stands for a while (book/book-deletes.js). @param {string} id */
  removeGame(id) {
    if (!this.busy) this.deletes.remove(id);
  }

  /** Bring back the game deleted last (while its Undo stands). */
  undoDelete() {
    if (!this.busy) this.deletes.undo();
  }

  /** Game `game` back at `index` of the games (its Undo), with `result`; the current one again if `current`. @param {Game} game @param {number} index @param {GameResult | undefined} result @param {boolean} current */
  putBack(game, index, result, current) {
    const restore = current && Boolean(this.#editing);
    if (current) {
      this.stopEditing();
      this.#leave();
    }
    const entries = [...this.games.entries()];
    entries.splice(Math.min(index, entries.length), 0, [game.id, game]);
    this.games = new Map(entries);
    this.results.set(game.id, result ?? EMPTY_RESULT);
    this.saver.restored(game.id);
    if (current) {
      this.#current = game.id;
      this.saver.remember(game.id);
    }
    return restore;
  }

  /** The current game `gone` was deleted: what was edited in it stops (true: the form is to be restored). @param {Game} gone */
  leaveDeleted(gone) {
    const restore = Boolean(this.#editing);
    this.stopEditing();
    this.#startAfter(gone);
    return restore;
  }

  /** A new game on this device from a checked game (a file's or a link's, book/book-travel.js): the current one, saved. @param {GameData} data @param {GameResult} result @param {Change} change */
  addGame(data, result, change) {
    this.stopEditing();
    const left = this.#leave();
    const game = arriving(data, this.#clock(), this.games);
    this.games.set(game.id, game);
    this.results.set(game.id, result);
    // The empty game left may be this one (deals undone): dropped first, then created anew.
    if (left !== game.id) this.saver.based(game.id, null);
    this.#current = game.id;
    this.saver.remember(game.id);
    this.replace(game, null, { op: "create", game });
    this.emit(change);
  }

  dismissNotices() {
    this.notices.clear();
    this.emit({ type: "noticesDismissed" });
  }
}
