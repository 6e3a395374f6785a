// The game book: what a tap does to the games on this device, with no DOM. It keeps only
// what the players decided — each game's deals, in the core's game format — and asks
// the core (the scorer's scoreGame) for everything else after every change: records,
// running totals, the hanging pot, the winner. A change the core refuses is not applied;
// its errors are kept for the view to show.
//
// Every change is saved at once (sheet/book-saver.js: a game over the revision it was
// based on, never over another tab's save) and announced as a "change" event whose
// detail is a plain Change — `{type, …}`: what happened, for the view to decide focus
// and announcement (sheet/effects.js), and `form`: what the form should do ("clear",
// "load" with `deal`, "restore"). `snapshot()` is the state the view renders. Other
// tabs are followed by sheet/tab-follower.js through the same book. The scorer and the
// store are given, so Node runs every transition with a fake scorer and a memory store.

import { dealsForAll, dealsFromNext } from "../deal/house-rules.js";
import { gameRequest } from "../deal/request.js";
import { BookEdits } from "./book-edits.js";
import { BookSaver } from "./book-saver.js";
import { BookTable } from "./book-table.js";
import { arrivedAs, BookTravel } from "./book-travel.js";
import { Notices } from "./notices.js";
import { newGame } from "./records.js";
import { nextTable } from "./seats.js";
import { cleanGame } from "./text.js";

/** The sheet shows no row's explanation (a row loads its deal into the form, which asks for its own). */
export const EXPLAIN = Object.freeze({ explain: "none" });

export const EMPTY_RESULT = Object.freeze({
  rows: [],
  totals: { us: 0, them: 0 },
  hanging: 0,
  winner: null,
  finished: false,
  unclaimed: 0,
  status: { code: "status_playing", params: { us: 0, them: 0 }, message: { bg: "", en: "" } },
});

/** How long a deleted game's Undo stays, unless another change comes first. */
export const UNDO_MS = 10_000;

/** A reply for a call the runtime could not answer (its message in both languages). */
export function runtimeFailure(error) {
  const text = String(error?.message ?? error);
  return { ok: false, errors: [{ code: "runtime", message: { bg: text, en: text } }] };
}

/** The table around a game that came in (seats, the first dealer, its match, a note), onto `game`. */
function withTable(game, data) {
  for (const field of ["seats", "dealer", "match", "note"]) if (data[field] != null) game[field] = data[field];
  return game;
}

export class GameBook extends EventTarget {
  #scorer;
  #clock;
  #timers;
  games = new Map(); // id → game (replaced on every change, never changed in place)
  results = new Map(); // id → the core's game result
  current = null; // id of the game shown (and played)
  viewing = null; // {game, result}: a game opened from a link, read only
  editing = null; // {index, deal, fixing}: the deal loaded into the form
  deleted = null; // {game, index, current, result, rev}: the game whose Undo stands
  error = null; // the core's errors for the last refused change
  undone = null; // {id, deals}: the deals taken back by Undo, the last one first to come back
  busy = false; // a change is with the core
  validated = false;
  #validating = false;
  #queue = Promise.resolve(); // the changes under way, one after another (serial)
  #undoTimer = null;
  notices = new Notices();
  saver;
  travel;
  edits;
  table;

  /**
   * `scorer()` → the scorer (scoreGame, gameLink, readGameLink); `store`: a GameStore;
   * `clock()` → now; `timers`: {setTimeout, clearTimeout}.
   */
  constructor({ scorer, store, clock = () => new Date(), timers = globalThis }) {
    super();
    this.#scorer = scorer;
    this.#clock = clock;
    this.#timers = timers;
    this.saver = new BookSaver(this, store, timers);
    this.travel = new BookTravel(this);
    this.edits = new BookEdits(this);
    this.table = new BookTable(this);
  }

  // --- what the view reads ---------------------------------------------------------

  /** The game shown: the one opened from a link, or the current one. */
  get game() {
    return this.viewing?.game ?? this.games.get(this.current) ?? null;
  }

  get result() {
    if (this.viewing) return this.viewing.result;
    return (this.current && this.results.get(this.current)) || EMPTY_RESULT;
  }

  /**
   * The hanging points the deal in the form starts with: the pot before the deal being
   * edited, or the game's (after the end nothing more is recorded). 0 until checked.
   */
  get pot() {
    if (!this.validated) return 0;
    const result = this.result;
    if (this.editing) return this.editing.index > 0 ? (result.rows[this.editing.index - 1]?.hanging ?? 0) : 0;
    return result.finished ? 0 : result.hanging;
  }

  /** The house rules the form's deal is scored by (an edited deal's own; `pending` while it is fixed for them). */
  formRules(pending = null) {
    const game = this.game;
    if (!this.validated || !game) return null;
    if (!this.editing) return game.rules ?? {};
    if (this.editing.fixing && pending) return pending;
    return game.deals[this.editing.index]?.rules ?? game.rules ?? {};
  }

  /** The state the view renders: plain data, read only (the objects are replaced on change, never changed). */
  snapshot() {
    const editing = this.editing;
    return {
      validated: this.validated,
      busy: this.busy,
      saving: this.saver.saving,
      viewing: Boolean(this.viewing),
      // A shared game: the sender's team names and which of them this device is.
      side: this.viewing && { weAre: this.viewing.weAre, sender: this.viewing.sender },
      game: this.game,
      result: this.result,
      editing: editing && { index: editing.index, fixing: editing.fixing, passed: Boolean(editing.deal.passed) },
      error: this.error,
      notices: this.notices,
      deleted: this.deleted && { created: this.deleted.game.created },
      redo: Boolean(this.undone && this.undone.id === this.current),
      games: [...this.games.values()].map((game) => ({ game, result: this.results.get(game.id) ?? EMPTY_RESULT, current: game.id === this.current })),
    };
  }

  /** Announce `change` (the view renders the snapshot and follows its effects). */
  emit(change) {
    this.saver.followLater();
    this.dispatchEvent(new CustomEvent("change", { detail: change }));
  }

  now = () => this.#clock();

  /** The scorer (the core), for what the sheet asks besides games: a game's link. */
  scorer() {
    return this.#scorer();
  }

  // --- opening: every stored game checked by the core --------------------------------

  /** Read and check every stored game once the core can answer (again after a failure). */
  async open() {
    if (this.validated || this.#validating) return;
    this.#validating = true;
    try {
      if (typeof this.#scorer().scoreGame !== "function") {
        this.error = [{ code: "unavailable" }];
        return;
      }
      const { games, current } = await this.saver.load();
      for (const game of games) {
        const reply = await this.score(game);
        if (reply?.ok) this.adopt(game, reply.result);
        else await this.saver.reject(game, reply);
      }
      this.#chooseCurrent(current);
      this.validated = true;
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

  #chooseCurrent(hint) {
    if (hint && this.games.has(hint)) {
      this.current = hint;
      return;
    }
    const latest = [...this.games.values()].sort((a, b) => b.updated.localeCompare(a.updated));
    // A stored current game that points nowhere: the latest readable one, finished or not (issue 32).
    const open = latest.find((game) => !this.results.get(game.id)?.finished) ?? (hint ? latest[0] : null);
    if (open) this.current = open.id;
    else this.#startAfter([...this.games.values()].at(-1));
  }

  /** Score `game` as the core sees it (no explanations), its players and first dealer too (who deals next). */
  async score(game, deals = game.deals, rules = game.rules) {
    const table = game.seats != null || game.dealer != null;
    if (!deals.length && !table) return { ok: true, result: EMPTY_RESULT };
    return this.#scorer().scoreGame(gameRequest(deals, game.names, rules, { ...EXPLAIN, seats: game.seats, dealer: game.dealer }));
  }

  /** Take `game` (checked, `result` the core's) into the book. */
  adopt(game, result) {
    const { rev, ...plain } = game;
    this.games.set(plain.id, plain);
    this.results.set(plain.id, result);
    this.saver.based(plain.id, rev ?? null);
    return plain;
  }

  /** A new empty game, the current one, saved at once; `table`: players, first dealer, match. */
  startGame(names, rules, table = {}) {
    const game = { ...newGame(names, this.#clock(), rules, table), ...table };
    this.games.set(game.id, game);
    this.results.set(game.id, EMPTY_RESULT);
    this.saver.based(game.id, null);
    this.saver.push(game.id, { op: "create", game });
    this.current = game.id;
    this.saver.remember(game.id);
    return game;
  }

  /** The next game at the table of `game` (if any): the same teams, rules and players, the rotation going on. */
  #startAfter(game, extra = {}) {
    return this.startGame(game?.names, game?.rules, game ? { ...extra, ...nextTable(game, this.results.get(game.id)) } : extra);
  }

  // --- changes: each one goes through the core ---------------------------------------

  /** Run `work` after every change before it: the book changes one step at a time. */
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
   * `op(game, deals)` → the change as an operation (sheet/book-ops.js; none: the deals).
   */
  async change(next, change, { rules, refused, after, keepUndone = false, op } = {}) {
    const id = this.current;
    if (!this.game || this.busy || this.viewing) return false;
    this.busy = true;
    if (this.error) {
      this.error = null;
      this.emit({ type: "busy" }); // an old error is taken away at once
    }
    try {
      return await this.serial(() => this.#change(id, next, change, { rules, refused, after, keepUndone, op }));
    } finally {
      this.busy = false;
    }
  }

  async #change(id, next, change, { rules, refused, after, keepUndone, op }) {
    const game = this.games.get(id);
    if (!game) return false; // deleted in another tab meanwhile (the notice says so)
    const deals = next(game);
    if (!deals) return false;
    let reply;
    try {
      reply = await this.score(game, deals, rules ?? game.rules);
    } catch (error) {
      reply = runtimeFailure(error);
    }
    this.busy = false;
    if (!reply?.ok) {
      if (refused) refused(reply?.errors ?? []);
      else this.error = reply?.errors ?? [];
      this.emit({ type: "refused" });
      return false;
    }
    const changed = { ...game, deals, updated: this.#clock().toISOString() };
    if (rules) changed.rules = { ...rules };
    this.replace(changed, reply.result, { ...(op?.(game, deals) ?? { op: "deals", deals }), at: changed.updated });
    if (!keepUndone) this.undone = null; // another change of the game: what was undone stays undone
    after?.();
    this.emit(typeof change === "function" ? change(deals) : change);
    return true;
  }

  /** `game` (a new version here) in place, and saved: `op` the change made (book-ops.js; none: the whole), `typing` after a pause. */
  replace(game, result, op = null, { typing = false } = {}) {
    const before = this.games.get(game.id) ?? null;
    this.games.set(game.id, game);
    if (result) this.results.set(game.id, result);
    this.#forgetDeleted();
    this.saver.push(game.id, op ?? { op: "put", game, at: game.updated }, { before, typing });
  }

  /** What was typed (a name, a player, the note) is saved now: the field was left. */
  saveTyping = () => this.saver.saveTyping();

  /** Record `deal` (the form's, scored and valid) as the next deal. */
  async record(deal) {
    if (!deal || this.editing) return;
    await this.change((game) => [...game.deals, deal], (deals) => ({ type: "recorded", n: deals.length, form: "clear" }), { op: () => ({ op: "append", deal }) });
  }

  /** A deal where all four passed. */
  async passed() {
    if (this.editing) return;
    const deal = { passed: true };
    await this.change((game) => [...game.deals, deal], (deals) => ({ type: "recordedPassed", n: deals.length, form: "clear" }), { op: () => ({ op: "append", deal }) });
  }

  stopEditing = () => (this.editing = null);

  /**
   * The current game under other house rules: every deal rescored ("all"), or the deals
   * so far kept as they are ("next"). Resolves to null, or the core's errors (then
   * nothing changed).
   */
  async applyRules(rules, how) {
    if (!this.game) return [];
    const next = (game) => (how === "next" ? dealsFromNext(game.deals, game.rules) : dealsForAll(game.deals));
    let errors = [];
    const op = () => ({ op: "rules", rules: { ...rules }, how: how === "next" ? "next" : "all" });
    const applied = await this.change(next, { type: "rulesChanged" }, { rules, refused: (refused) => (errors = refused), op });
    return applied ? null : errors;
  }

  setName(team, value) {
    const game = this.games.get(this.current);
    if (!game || this.viewing) return;
    const updated = this.#clock().toISOString();
    this.replace({ ...game, names: { ...game.names, [team]: value }, updated }, null, { op: "set", field: `names.${team}`, value, at: updated }, { typing: true });
    this.emit({ type: "named" });
  }

  // --- games -------------------------------------------------------------------------

  /** A new game: the same teams, players and rules, `table` (its match), the rotation on. */
  newGame(table = {}) {
    const current = this.games.get(this.current);
    this.stopEditing();
    this.error = null;
    this.#leave();
    this.#startAfter(current, table);
    this.#forgetDeleted();
    this.emit({ type: "newGame", form: "clear" });
  }

  openGame(id) {
    if (this.busy || !this.games.has(id)) return;
    const restore = Boolean(this.editing);
    this.stopEditing();
    if (id !== this.current) this.#leave();
    this.current = id;
    this.saver.remember(id);
    this.error = null;
    this.#forgetDeleted();
    this.emit({ type: "gameOpened", id, form: restore ? "restore" : undefined });
  }

  /** Leaving the current game for another: an empty one is not worth keeping (its id returned). */
  #leave() {
    const game = this.games.get(this.current);
    if (!game || game.deals.length) return null;
    this.games.delete(game.id);
    this.results.delete(game.id);
    this.saver.forget(game.id);
    return game.id;
  }

  /** Delete game `id` at once; its Undo stands for UNDO_MS, until the next change. */
  removeGame(id) {
    const game = this.games.get(id);
    if (!game || this.busy) return;
    const index = [...this.games.keys()].indexOf(id);
    const current = id === this.current;
    this.#forgetDeleted();
    const deleted = { game, index, current, result: this.results.get(id), rev: this.saver.removed(id) };
    this.games.delete(id);
    this.results.delete(id);
    let restore = false;
    if (current) {
      restore = Boolean(this.editing);
      this.stopEditing();
      this.#startAfter([...this.games.values()].at(-1));
    }
    this.deleted = deleted;
    this.#undoTimer = this.#timers.setTimeout(() => {
      this.#forgetDeleted();
      this.emit({ type: "undoExpired" });
    }, UNDO_MS);
    this.emit({ type: "gameRemoved", created: game.created, form: restore ? "restore" : undefined });
  }

  /** Bring back the game deleted last (while its Undo stands). */
  undoDelete() {
    const deleted = this.deleted;
    if (!deleted || this.busy) return;
    this.#forgetDeleted();
    const { game, index, current, result } = deleted;
    let restore = false;
    if (current) {
      restore = Boolean(this.editing);
      this.stopEditing();
      this.#leave();
    }
    const entries = [...this.games.entries()];
    entries.splice(Math.min(index, entries.length), 0, [game.id, game]);
    this.games = new Map(entries);
    this.results.set(game.id, result ?? EMPTY_RESULT);
    this.saver.restored(game.id);
    if (current) {
      this.current = game.id;
      this.saver.remember(game.id);
    }
    this.emit({ type: "gameRestored", id: game.id, created: game.created, form: restore ? "restore" : undefined });
  }

  #forgetDeleted() {
    if (this.#undoTimer !== null) this.#timers.clearTimeout(this.#undoTimer);
    this.#undoTimer = null;
    this.deleted = null;
  }

  // --- games that travel (sheet/book-travel.js) -----------------------------------------

  /** A new game on this device from a checked game (a file's or a link's): the current one, saved. */
  addGame(data, result, change) {
    this.stopEditing();
    const left = this.#leave();
    const text = (name) => (typeof name === "string" ? name : "");
    const game = cleanGame(withTable(newGame({ us: text(data.names?.us), them: text(data.names?.them) }, this.#clock(), data.rules ?? {}), data)); // names as the core cleans them
    arrivedAs(game, data, this.games);
    game.deals = data.deals;
    this.games.set(game.id, game);
    this.results.set(game.id, result);
    // The empty game left may be this one (deals undone): dropped first, then created anew.
    if (left !== game.id) this.saver.based(game.id, null);
    this.current = game.id;
    this.saver.remember(game.id);
    this.replace(game, null, { op: "create", game });
    this.emit(change);
  }

  dismissNotices() {
    this.notices.clear();
    this.emit({ type: "noticesDismissed" });
  }
}
