// Where the score sheet keeps its games on the device: IndexedDB, one record per game, so
// that no deal is ever lost between tabs (the GameStore interface: store/memory-store.js).
//
// Why IndexedDB and not localStorage under a lock: localStorage gives no atomicity
// between tabs — each process answers from its own copy, brought up to date only between
// tasks (whatwg/html#403) — so two tabs pressing at once both read the old text, both
// "compare" successfully, and one write is lost (issue 22: 14 of 20 rounds). A Web Lock
// would order the tabs but not refresh their copies. An IndexedDB readwrite transaction
// is ordered by the database itself: reading a game's revision and writing the new
// record happen in one transaction, so a save over a revision that is no longer the
// stored one is refused and comes back as a conflict, never written over. Games are
// records of their own, so two tabs on two games never meet at all.
//
// Other tabs hear of a save on a BroadcastChannel named after the database, once its
// transaction has committed. The database is named by the sheet's storage key (default
// "belot-calculator"); games saved by earlier versions under that localStorage key are
// moved in (the key itself is left as it was), in the transaction that marks the text
// moved, so two tabs opening at once move it once. If that text changes later (a tab of
// an earlier version still open saved again), the games it holds that are not here yet
// are moved in too; a game here is never replaced by one from there.
//
// A database of a newer version (a newer calculator in another tab) is never opened or
// written: `locked` says so, and the sheet keeps its games in memory until a reload.
// The same when the database is taken away while open — another page opening it at a
// higher version (a newer build's upgrade: "versionchange"), or deleting it
// (deleteDatabase: "versionchange" with no new version), or the browser closing the
// connection (site data cleared: "close") — and the listeners of onLost() hear it at once,
// so the sheet says "not saved" before the next deal, never after.
//
// lock(work): a Web Lock (navigator.locks) named after the database, held while a tab
// reads a game, joins its own changes to it and writes it (book/book-saver.js). An
// IndexedDB transaction alone cannot do that: it commits as soon as it waits on anything
// but its own requests, and the join asks the core (a worker). The lock is exclusive
// across every tab and worker of the origin, and is let go if the tab dies. Where the
// browser has no Web Locks, one lock per page does (and the revision check stays).

import { newRev, parseStore, readRecords } from "../book/records.js";

/** @import { Game, StoredGame } from "../book/types.js"; */
/** @import { AsideNote, AsideReason, AsideRecord, GameStore, LostReason, Swap, Written } from "./types.js"; */

/**
 * What the store is given: the localStorage of earlier versions, and the browser's parts (Node tests give others).
 * @typedef {{legacy?: Pick<Storage, "getItem"> | null, indexedDB?: IDBFactory, BroadcastChannel?: typeof BroadcastChannel, locks?: LockManager}} IdbOptions
 */
/** Keeps `value` aside for `reason` (in the load's transaction), `extra` said with it. */
/** @typedef {(value: unknown, reason: AsideReason, extra?: {version?: string}) => void} KeepAside */

const DB_VERSION = 1;

/** Locks of one page, where the browser has no Web Locks (Node, old browsers): name → the last holder's end. */
/** @type {Map<string, Promise<unknown>>} */
const pageLocks = new Map();
/**
 * Run `work` after the last holder of lock `name` on this page.
 * @template T
 * @param {string} name
 * @param {() => T | Promise<T>} work
 * @returns {Promise<T>}
 */
function pageLock(name, work) {
  const run = (pageLocks.get(name) ?? Promise.resolve()).then(work);
  const end = run.catch(() => {});
  pageLocks.set(name, end);
  end.then(() => pageLocks.get(name) === end && pageLocks.delete(name));
  return run;
}
const GAMES = "games";
const ASIDE = "aside";
const META = "meta";

/**
 * A request's result as a promise. (Awaited inside a transaction, it keeps it active.)
 * @template T
 * @param {IDBRequest<T>} request
 * @returns {Promise<T>}
 */
function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * Resolves once `tx` has committed; rejects if it failed or was aborted.
 * @param {IDBTransaction} tx
 * @returns {Promise<void>}
 */
function committed(tx) {
  return new Promise((/** @type {(value?: void) => void} */ resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new DOMException("the transaction was aborted", "AbortError"));
  });
}

/**
 * The name of a thrown error (a DOMException's: "VersionError", "QuotaExceededError"…), if it has one.
 * @param {unknown} error
 */
function errorName(error) {
  return error !== null && typeof error === "object" && "name" in error ? error.name : undefined;
}

/**
 * The id of a stored value, if it has one (a value kept aside may be anything).
 * @param {unknown} value
 */
function idOf(value) {
  return value !== null && typeof value === "object" && "id" in value ? value.id : undefined;
}

/**
 * The store's word for a failed write: "full" (no room) or "failed".
 * @param {unknown} error
 * @returns {"full" | "failed"}
 */
function failureOf(error) {
  return errorName(error) === "QuotaExceededError" ? "full" : "failed";
}

/** @implements {GameStore} */

export class IdbStore {
  /** @type {string} */ #name;
  /** @type {IDBDatabase | null} */ #db = null;
  /** @type {BroadcastChannel | null} */ #channel = null;
  /** @type {Set<(news: {ids: string[]}) => void>} */ #listeners = new Set();
  /** @type {Set<(reason: LostReason) => void>} */ #lostListeners = new Set();
  /** @type {Pick<Storage, "getItem"> | null} */ #legacy;
  /** @type {LockManager | null} */ #locks;
  /** False until opened, and for good when the browser keeps no data for this site. */
  available = false;
  /** True when the games were saved by a newer version, or taken away: nothing is read or written. */
  locked = false;
  /** @type {LostReason | null} Why `locked`: "locked" (a newer version), "deleted" (the database deleted or cleared), or null. */
  lost = null;

  /**
   * `name`: the sheet's storage key; `legacy`: the localStorage of earlier versions
   * (or null); `indexedDB`, `BroadcastChannel`: the browser's (Node tests give others).
   * @param {string} name
   * @param {IdbOptions} [options]
   */
  constructor(
    name,
    { legacy = defaultLegacy(), indexedDB = globalThis.indexedDB, BroadcastChannel = globalThis.BroadcastChannel, locks = globalThis.navigator?.locks } = {},
  ) {
    this.#name = name;
    this.#locks = locks ?? null;
    this.#legacy = legacy;
    this.indexedDB = indexedDB;
    this.BroadcastChannel = BroadcastChannel;
  }

  /** Open the database (once); false if this browser keeps no data here or it is newer. */
  async open() {
    if (this.#db) return true;
    /** @type {IDBDatabase} */
    let db;
    try {
      const request = this.indexedDB.open(this.#name, DB_VERSION);
      request.onupgradeneeded = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains(GAMES)) db.createObjectStore(GAMES, { keyPath: "id" });
        if (!db.objectStoreNames.contains(ASIDE)) db.createObjectStore(ASIDE, { autoIncrement: true });
        if (!db.objectStoreNames.contains(META)) db.createObjectStore(META);
      };
      db = this.#db = await done(request);
    } catch (error) {
      this.locked = errorName(error) === "VersionError";
      if (this.locked) this.lost = "locked";
      return false;
    }
    // Another page upgrading the database (a newer calculator) or deleting it: let it, and stop here.
    db.onversionchange = (event) => this.#lose(event.newVersion == null ? "deleted" : "locked");
    db.onclose = () => this.#lose("deleted"); // closed by the browser: site data cleared
    this.available = true;
    if (this.BroadcastChannel) {
      this.#channel = new this.BroadcastChannel(`belot-calculator-store:${this.#name}`);
      this.#channel.onmessage = (event) => {
        const ids = event.data?.ids;
        if (Array.isArray(ids)) for (const listener of this.#listeners) listener({ ids: ids.map(String) });
      };
    }
    return true;
  }

  /** @returns {Promise<{games: Game[], current: string | null, aside: AsideNote[]}>} */
  async load() {
    if (!(await this.open()) || !this.#db) return { games: [], current: null, aside: [] };
    const legacy = this.#legacyText();
    const tx = this.#db.transaction([GAMES, ASIDE, META], "readwrite");
    const games = tx.objectStore(GAMES);
    const aside = tx.objectStore(ASIDE);
    const meta = tx.objectStore(META);
    /** @type {AsideNote[]} */
    const kept = [];
    /** @type {KeepAside} */
    const keepAside = (value, reason, extra = {}) => {
      aside.add({ reason, date: new Date().toISOString(), value, ...extra });
      kept.push({ reason, ...extra });
    };
    if (legacy !== undefined && legacy !== (await done(meta.get("moved-from-local-storage")))) {
      const current = await this.#moveLegacy(legacy, games, keepAside);
      if (current) meta.put(current, "current");
      meta.put(legacy, "moved-from-local-storage");
    }
    const read = readRecords(await done(games.getAll()));
    for (const value of read.bad) {
      keepAside(value, "bad_game");
      const id = idOf(value);
      if (typeof id === "string") games.delete(id);
    }
    for (const value of read.cut) keepAside(value, "names_cut");
    const current = (await done(meta.get("current"))) ?? null;
    await committed(tx);
    return { games: read.games, current, aside: kept };
  }

  /**
   * The games of an earlier version's localStorage text, into the new store (none over a
   * game there); returns its current game if it was moved in (the one to open).
   * @param {string} text
   * @param {IDBObjectStore} games
   * @param {KeepAside} keepAside
   */
  async #moveLegacy(text, games, keepAside) {
    const { data, problem, cut } = parseStore(text);
    if (problem?.code === "bad_games") for (const value of problem.games) keepAside(value, "bad_game");
    else if (problem) keepAside(text, problem.code, "version" in problem && problem.version ? { version: problem.version } : {});
    for (const value of cut) keepAside(value, "names_cut");
    let current = null;
    for (const game of data.games) {
      if (await done(games.get(game.id))) continue;
      games.put({ ...game, rev: newRev() });
      if (game.id === data.current) current = game.id;
    }
    return current;
  }

  #legacyText() {
    try {
      return this.#legacy?.getItem(this.#name) ?? undefined;
    } catch {
      return undefined;
    }
  }

  /** @param {Game} game @param {string | null} base @returns {Promise<Swap>} */
  put(game, base) {
    return this.#swap(game.id, base, (games) => {
      const rev = newRev();
      games.put({ ...game, rev });
      return rev;
    });
  }

  /** @param {string} id @param {string | null} base @returns {Promise<Swap>} */
  remove(id, base) {
    return this.#swap(id, base, (games) => {
      games.delete(id);
      return null;
    });
  }

  /**
   * Read the record's rev and write, in one transaction: refused if it is not `base`.
   * @param {string} id
   * @param {string | null} base
   * @param {(games: IDBObjectStore) => string | null} write
   * @returns {Promise<Swap>}
   */
  async #swap(id, base, write) {
    if (!this.#db || this.locked) return { error: "failed" };
    try {
      const tx = this.#db.transaction(GAMES, "readwrite");
      const games = tx.objectStore(GAMES);
      const stored = (await done(games.get(id))) ?? null;
      if ((stored?.rev ?? null) !== base) {
        tx.abort();
        return { conflict: true, theirs: stored };
      }
      const rev = write(games);
      await committed(tx);
      this.#channel?.postMessage({ ids: [id] });
      return { ok: true, rev };
    } catch (error) {
      if (errorName(error) === "InvalidStateError") this.#lose("deleted"); // the connection is closed
      return { error: this.locked ? this.lost : failureOf(error) };
    }
  }

  /** @param {string[]} ids @returns {Promise<Map<string, StoredGame | null>>} */
  async get(ids) {
    /** @type {Map<string, StoredGame | null>} */
    const found = new Map(ids.map((id) => [id, null]));
    if (!this.#db || this.locked) return found;
    const tx = this.#db.transaction(GAMES, "readonly");
    const games = tx.objectStore(GAMES);
    for (const id of ids) found.set(id, (await done(games.get(id))) ?? null);
    return found;
  }

  /** @param {unknown} value @param {AsideReason} reason @returns {Promise<Written>} */
  async keepAside(value, reason) {
    if (!this.#db || this.locked) return { error: "failed" };
    try {
      const tx = this.#db.transaction(ASIDE, "readwrite");
      tx.objectStore(ASIDE).add({ reason, date: new Date().toISOString(), value });
      await committed(tx);
      return { ok: true };
    } catch (error) {
      return { error: failureOf(error) };
    }
  }

  /** @returns {Promise<AsideRecord[]>} */
  async asideRecords() {
    if (!this.#db) return [];
    return done(this.#db.transaction(ASIDE, "readonly").objectStore(ASIDE).getAll());
  }

  /** A value the sheet keeps beside the games (in `meta`), or undefined. @param {string} key @returns {Promise<unknown>} */
  async readMeta(key) {
    if (!this.#db) return undefined;
    try {
      return await done(this.#db.transaction(META, "readonly").objectStore(META).get(key));
    } catch {
      return undefined;
    }
  }

  /** @param {string} key @param {unknown} value @returns {Promise<Written>} */
  async writeMeta(key, value) {
    if (!this.#db || this.locked) return { error: "failed" };
    try {
      const tx = this.#db.transaction(META, "readwrite");
      tx.objectStore(META).put(value, key);
      await committed(tx);
      return { ok: true };
    } catch (error) {
      return { error: failureOf(error) };
    }
  }

  /** @param {string} id */
  remember(id) {
    if (!this.#db || this.locked) return;
    try {
      this.#db.transaction(META, "readwrite").objectStore(META).put(id, "current");
    } catch {
      // A hint only: the next open picks the latest game instead.
    }
  }

  /** `listener(reason)` hears at once when the database is taken away ("locked" or "deleted"). @param {(reason: LostReason) => void} listener */
  onLost(listener) {
    this.#lostListeners.add(listener);
  }

  /** @param {LostReason} reason */
  #lose(reason) {
    if (this.locked) return;
    this.#db?.close();
    this.locked = true;
    this.lost = reason;
    for (const listener of this.#lostListeners) listener(reason);
  }

  /**
   * Run `work` holding the games' lock across tabs (a Web Lock; one per page without them).
   * @template T
   * @param {() => Promise<T>} work
   * @returns {Promise<T>}
   */
  lock(work) {
    const name = `belot-calculator-store:${this.#name}`;
    // The DOM's types give the callback's promise as the result; a promise resolves to its value.
    if (this.#locks?.request) return /** @type {Promise<T>} */ (this.#locks.request(name, { mode: "exclusive" }, () => work()));
    return pageLock(name, work);
  }

  /** @param {(news: {ids: string[]}) => void} listener */
  subscribe(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  close() {
    this.#listeners.clear();
    this.#lostListeners.clear();
    this.#channel?.close();
    this.#db?.close();
  }
}

/** @returns {Storage | null} */
function defaultLegacy() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // site data blocked: a SecurityError
  }
}
