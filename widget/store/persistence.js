// Keeping the games on this device, with no DOM: whether the browser promises to keep
// them (navigator.storage.persisted(), and persist() asked when it makes sense to the
// player: the first game saved with a deal, or the calculator running as an installed
// app), one word where Safari would clear them unless the calculator is on the Home
// Screen, a reminder at most once a month when games are not in a backup, and — when
// the games are gone on the next open while the mark says there were some — the notice
// that they were cleared. The browser's parts are injected (browserEnvironment), so
// Node runs all of it with fakes, through a game book on a memory store.
//
// What the store remembers beside the games (its `meta`, key "keep"): `asked` (when
// persist() was asked, and whether as an installed app), `hinted` (when the word about
// the Home Screen was said), `backup` (when a backup was last made here), `reminded`,
// and `since` (when games were first seen here). The mark that games existed lives
// apart from them (store/kept-mark.js), where it can outlive them.
//
// `state`: "checking", "persisted" (the browser keeps the games), "best_effort" (it may
// clear them), "asking" (its question to the player is open), "unsupported" (it has no
// Storage API: it does not say), "not_saved" (nothing is saved here at all).
// `message`: null, or what the sheet says above the games: {kind: "cleared", games,
// saved, backup}, {kind: "remind", count} or {kind: "install"}.

import { readMark, writeMark } from "./kept-mark.js";

/** @import { GameBook } from "../book/game-book.js"; */
/** @import { Change, Game } from "../book/types.js"; */

/** The browser's Storage API, where it has both. */
/** @typedef {{persist(): Promise<boolean>, persisted(): Promise<boolean>}} PersistStorage */
/**
 * The part of the page's global this module reads (a test gives a fake).
 * @typedef {object} GlobalPart
 * @property {{storage?: Partial<PersistStorage>, vendor?: string, standalone?: boolean, permissions?: {query(descriptor: {name: "persistent-storage"}): Promise<{state: string}>}}} [navigator]
 * @property {(query: string) => {matches: boolean}} [matchMedia]
 * @property {(type: "appinstalled", listener: () => void) => void} [addEventListener]
 * @property {(type: "appinstalled", listener: () => void) => void} [removeEventListener]
 * @property {Storage | null} [localStorage]
 */
/**
 * The browser as this module sees it (browserEnvironment).
 * @typedef {object} Env
 * @property {PersistStorage | null} storage
 * @property {boolean} webkit
 * @property {() => boolean} standalone
 * @property {() => Promise<string | null>} [permission]
 * @property {(listener: () => void) => () => void} [onInstalled]
 * @property {Storage | null} local
 */
/**
 * What the store remembers beside the games (its `meta`, key "keep"), as this module writes it.
 * @typedef {{asked?: {date: string, standalone: boolean}, hinted?: string, backup?: string, reminded?: string, since?: string}} KeepMeta
 */
/**
 * What the sheet says above the games.
 * @typedef {{kind: "cleared", games: number, saved: string | null, backup: string | null} | {kind: "remind", count: number} | {kind: "install"}} KeepMessage
 */
/** @typedef {"checking" | "persisted" | "best_effort" | "asking" | "unsupported" | "not_saved"} KeepState */

export const META_KEY = "keep";
/** A reminder to back up comes at most this often, and this long after the last backup. */
export const REMIND_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const APP_MODES = ["(display-mode: standalone)", "(display-mode: fullscreen)", "(display-mode: minimal-ui)"];
/** Changes that save what the player entered or brought in: the moment to ask to keep the games. */
const SAVES = new Set(["recorded", "recordedPassed", "imported", "kept", "backupRestored"]);
/** Changes that brought games back: the notice that they were cleared has been answered. */
const RESTORES = new Set(["imported", "kept", "backupRestored"]);
/** Changes after which the games saved are newer (or fewer): the mark says when. */
const SAVED = new Set([
  ...SAVES,
  "undone",
  "edited",
  "dealDeleted",
  "rulesChanged",
  "named",
  "newGame",
  "gameOpened",
  "gameRemoved",
  "gameRestored",
  "followed",
  "saving",
]);

/** @param {GlobalPart} global */
function localStorageOf(global) {
  try {
    return global.localStorage ?? null;
  } catch {
    return null; // site data blocked: a SecurityError
  }
}

/**
 * The browser as this module sees it: `storage` (navigator.storage, if it has persist()
 * and persisted()), `webkit` (Safari's engine), `standalone()` (running as an installed
 * app), `permission()` (the persistent-storage permission's state, or null),
 * `onInstalled(listener)` → a function that stops listening, and `local` (localStorage).
 * @param {GlobalPart} [global]
 * @returns {Env}
 */
export function browserEnvironment(global = globalThis) {
  /** @type {NonNullable<GlobalPart["navigator"]>} */
  const navigator = global.navigator ?? {};
  const storage = navigator.storage;
  return {
    storage: typeof storage?.persist === "function" && typeof storage?.persisted === "function" ? /** @type {PersistStorage} */ (storage) : null,
    // WebKit answers "Apple Computer, Inc." in every browser built on it (HTML's navigator.vendor).
    webkit: navigator.vendor === "Apple Computer, Inc.",
    standalone: () => navigator.standalone === true || APP_MODES.some((query) => global.matchMedia?.(query).matches),
    permission: async () => {
      try {
        return (await /** @type {NonNullable<typeof navigator.permissions>} */ (navigator.permissions).query({ name: "persistent-storage" })).state; // (none: caught)
      } catch {
        return null;
      }
    },
    onInstalled: (listener) => {
      global.addEventListener?.("appinstalled", listener);
      return () => global.removeEventListener?.("appinstalled", listener);
    },
    local: localStorageOf(global),
  };
}

const time = (/** @type {unknown} */ stamp) => (typeof stamp === "string" ? Date.parse(stamp) : Number.NaN);

export class Persistence extends EventTarget {
  /** @type {GameBook} */ #book;
  /** @type {Env} */ #env;
  /** @type {string} */ #key;
  /** @type {() => Date} */ #clock;
  /** @type {KeepMeta} */ #meta = {};
  #opened = false;
  /** @type {Promise<void> | null} */ #asking = null;
  /** @type {number | null} */ #marked = null; // the count of games the mark says, as last read or written
  /** @type {Promise<unknown>} */ #work = Promise.resolve();
  /** @type {(() => void) | null} */ #stopInstalled;
  /** @type {KeepState} */ state = "checking";
  /** @type {KeepMessage | null} */ message = null;

  /**
   * `book`: the game book; `storageKey`: the games' key (the mark's too); `env`: browserEnvironment(); `clock()` → now.
   * @param {{book: GameBook, storageKey: string, env?: Env, clock?: () => Date}} options
   */
  constructor({ book, storageKey, env = browserEnvironment(), clock = () => new Date() }) {
    super();
    this.#book = book;
    this.#key = storageKey;
    this.#env = env;
    this.#clock = clock;
    book.addEventListener("change", this.#onChange);
    this.#stopInstalled = env.onInstalled?.(() => this.#run(() => this.#ask())) ?? null;
  }

  close() {
    this.#book.removeEventListener("change", this.#onChange);
    this.#stopInstalled?.();
  }

  /** What the view shows: `{state, message, backup, games, unbacked}` (games with deals; those not in the last backup). */
  snapshot() {
    const games = this.#withDeals();
    return { state: this.state, message: this.message, backup: this.#meta.backup ?? null, games: games.length, unbacked: this.#unbacked(games) };
  }

  /** Settles once what the last changes started (asking, remembering) is done. */
  async settled() {
    let work;
    do {
      work = this.#work;
      await work;
    } while (work !== this.#work);
  }

  /** The player answered the message shown: it goes (the cleared games' mark is answered too). */
  dismiss() {
    const message = this.message;
    if (!message) return;
    this.message = null;
    if (message.kind === "cleared") this.#mark(this.#withDeals().length);
    this.#emit();
  }

  /** A backup of every game was made now: remembered, and a reminder shown goes. */
  backedUp() {
    return this.#run(async () => {
      this.#meta.backup = this.#clock().toISOString();
      if (this.message?.kind === "remind") this.message = null;
      this.#mark(this.#withDeals().length);
      await this.#saveMeta();
      this.#emit();
    });
  }

  #onChange = (/** @type {Event} */ event) => {
    const change = /** @type {CustomEvent<Change>} */ (event).detail; // the book's "change" event
    if (change.type === "opened") this.#run(() => this.#open());
    else if (this.#opened) {
      this.#lower(); // at once: before the store is written, and the page perhaps closed
      this.#run(() => this.#changed(change));
    }
  };

  /**
   * Run `work` after what runs already, one at a time (a failure stops nothing after it).
   * @param {() => unknown} work
   */
  #run(work) {
    const run = this.#work.then(work);
    this.#work = run.catch(() => {});
    return run;
  }

  #withDeals() {
    return [...this.#book.games.values()].filter((game) => game.deals.length > 0);
  }

  /** @param {Game[]} games */
  #unbacked(games) {
    const backup = time(this.#meta.backup);
    return Number.isNaN(backup) ? games.length : games.filter((game) => !(time(game.updated) <= backup)).length;
  }

  async #open() {
    const store = this.#book.saver.store;
    if (!store.available || store.locked) {
      this.state = "not_saved";
      this.#emit();
      return;
    }
    // What #saveMeta wrote (an object, or nothing yet).
    this.#meta = { .../** @type {KeepMeta | undefined} */ ((await store.readMeta?.(META_KEY)) ?? {}) };
    this.state = await this.#check();
    const count = this.#withDeals().length;
    const mark = readMark(this.#env.local, this.#key);
    this.#marked = mark?.games ?? null;
    const now = this.#clock();
    if (count > 0) this.#meta.since ??= now.toISOString();
    if (mark && mark.games > 0 && count === 0) this.message = { kind: "cleared", ...mark };
    else this.message = this.#reminder(now) ?? this.#installHint(now);
    this.#opened = true;
    await this.#saveMeta();
    this.#emit();
    await this.#follow({ type: "opened" });
    if (await this.#askOnOpen()) await this.#ask();
  }

  async #check() {
    const storage = this.#env.storage;
    if (!storage) return "unsupported";
    try {
      return (await storage.persisted()) ? "persisted" : "best_effort";
    } catch {
      return "unsupported";
    }
  }

  /** On opening, ask only where it asks the player nothing, or as an installed app for the first time. */
  async #askOnOpen() {
    if (this.state !== "best_effort") return false;
    if (this.#env.standalone() && !this.#meta.asked?.standalone) return true;
    return (await this.#env.permission?.()) === "granted";
  }

  /** @param {Change} change */
  async #changed(change) {
    if (RESTORES.has(change.type) && this.message?.kind === "cleared") {
      this.message = null;
      this.#emit();
    }
    await this.#follow(change);
    if (SAVES.has(change.type)) await this.#saved();
  }

  /**
   * A game with a deal was saved: the moment to ask the browser to keep the games (the
   * first time; an installed app asks again) and to say the word about the Home Screen.
   */
  async #saved() {
    if (this.#book.saver.saving !== "saved" || !this.#withDeals().length) return;
    const now = this.#clock();
    this.#meta.since ??= now.toISOString();
    this.message ??= this.#installHint(now);
    await this.#saveMeta();
    this.#emit();
    if (this.state === "best_effort" && !this.#meta.asked) await this.#ask();
  }

  /** Ask the browser to keep the games (persist()); its answer is the state shown. */
  async #ask() {
    const storage = this.#env.storage;
    if (!storage || this.state === "persisted" || this.#asking) return;
    this.#meta.asked = { date: this.#clock().toISOString(), standalone: this.#env.standalone() };
    await this.#saveMeta(); // before the question: a reload while it is open does not ask again
    this.state = "asking";
    this.#emit();
    // Not awaited by the queue: Firefox asks the player, who may answer much later.
    this.#asking = (async () => {
      let granted;
      try {
        granted = Boolean(await storage.persist());
      } catch {
        granted = false;
      }
      this.#asking = null;
      this.state = granted ? "persisted" : await this.#check();
      if (this.state === "persisted" && this.message?.kind === "install") this.message = null;
      this.#emit();
    })();
  }

  /** Due when games are not in a backup and none was made or reminded of for REMIND_DAYS. @param {Date} now @returns {KeepMessage | null} */
  #reminder(now) {
    const count = this.#unbacked(this.#withDeals());
    if (!count) return null;
    const since = [this.#meta.reminded, this.#meta.backup, this.#meta.since].map(time).filter((t) => !Number.isNaN(t));
    if (!since.length || now.getTime() - Math.max(...since) < REMIND_DAYS * DAY_MS) return null;
    this.#meta.reminded = now.toISOString();
    return { kind: "remind", count };
  }

  /** Once, where Safari's engine runs the calculator in a tab: the Home Screen keeps the games. @param {Date} now @returns {KeepMessage | null} */
  #installHint(now) {
    const env = this.#env;
    if (!env.webkit || env.standalone() || this.#meta.hinted || this.state === "persisted") return null;
    if (!this.#withDeals().length) return null;
    this.#meta.hinted = now.toISOString();
    return { kind: "install" };
  }

  /** Fewer games than the mark says: the mark says so now. True if it was lowered. */
  #lower() {
    const count = this.#withDeals().length;
    // Until the player answers, the mark keeps saying what was lost.
    if (this.#marked === null || count >= this.#marked || (this.message?.kind === "cleared" && count === 0)) return false;
    this.#mark(count);
    return true;
  }

  /** The mark follows the games saved: fewer at once, more or newer once they are saved. @param {{type: string}} change */
  async #follow(change) {
    const count = this.#withDeals().length;
    if (this.message?.kind === "cleared" && count === 0) return;
    if (this.#marked === null && count === 0) return; // nothing kept yet: no mark to write
    if (this.#lower()) return;
    if (count === this.#marked && !SAVED.has(change.type)) return;
    await this.#book.saver.settled();
    if (this.#book.saver.saving === "saved") this.#mark(this.#withDeals().length);
  }

  /** @param {number} games */
  #mark(games) {
    const mark = { games, saved: this.#clock().toISOString(), backup: this.#meta.backup ?? null };
    if (writeMark(this.#env.local, this.#key, mark)) this.#marked = games;
  }

  async #saveMeta() {
    await this.#book.saver.store.writeMeta?.(META_KEY, { ...this.#meta });
  }

  #emit() {
    this.dispatchEvent(new Event("change"));
  }
}
