// A game store in memory, with the same promises as store/idb-store.js: each game is a
// record saved only over the revision it is based on (a compare-and-swap), and the
// other stores of the same backend — other "tabs" — hear which games changed. The sheet
// runs on it when the browser keeps no site data (the games then live as long as the
// page), and the Node tests run whole games and two tabs in conflict on it.
//
// The GameStore interface (both stores):
//   available                  false: nothing outlives the page (site data blocked)
//   load()                     → {games, current, aside: [{reason, …}]}: every readable
//                                game; what could not be read is moved aside first
//   put(game, base)            → {ok, rev} | {conflict, theirs} | {error: "full"|"failed"}:
//                                saved only if the stored record's rev is still `base`
//                                (null: there is none); `theirs` is the record as stored
//   remove(id, base)           → likewise
//   get(ids)                   → Map id → record or null (the stored records now)
//   keepAside(value, reason)   → {ok} | {error}: a copy that is never read back as a game
//   asideRecords()             → [{reason, date, value}]
//   remember(id)               the game to open next time (a hint)
//   readMeta(key)              → a value kept beside the games (store/persistence.js), or undefined
//   writeMeta(key, value)      → {ok} | {error}
//   subscribe(listener)        listener({ids}) when another store saved or removed games
//   lock(work)                 → work() run holding the games' lock across tabs (one at a time)
//   onLost(listener)           listener(reason) when the store is taken away while open
//   locked, lost               true, and why ("locked": a newer version, "deleted"), once taken away
//   close()

import { newRev, readRecords } from "../book/records.js";

/** @import { Game, StoredGame } from "../book/types.js"; */
/** @import { AsideNote, AsideReason, AsideRecord, GameStore, StoreError, Swap, Written } from "./types.js"; */

/** What several memory stores share: one "device". `manual` delivers news only on deliver(). */
export class MemoryBackend {
  /** @type {Map<string, StoredGame>} */ records = new Map(); // id → the record as saved
  /** @type {AsideRecord[]} */ aside = [];
  /** @type {string | null} */ current = null;
  /** @type {Map<string, unknown>} */ meta = new Map();
  /** @type {StoreError | null} Set to "full" or "failed" and every save fails so, until set back to null. */
  failure = null;
  /** @type {Set<MemoryStore>} */ #stores = new Set();
  /** @type {[MemoryStore, string[]][]} */ #queue = [];
  /** @type {boolean} */ #manual;
  /** @type {Promise<unknown>} */ #lock = Promise.resolve();

  /** @param {{manual?: boolean}} [options] */
  constructor({ manual = false } = {}) {
    this.#manual = manual;
  }

  store() {
    const store = new MemoryStore(this);
    this.#stores.add(store);
    return store;
  }

  /** Tell every store but `from` that `ids` changed (at once, or on deliver()). @param {MemoryStore} from @param {string[]} ids */
  announce(from, ids) {
    for (const store of this.#stores) if (store !== from) this.#queue.push([store, ids]);
    if (!this.#manual) queueMicrotask(() => this.deliver());
  }

  /** Deliver the news held back so far; `to` only to that store. @param {MemoryStore | null} [to] */
  deliver(to = null) {
    /** @type {[MemoryStore, string[]][]} */
    const held = [];
    for (const [store, ids] of this.#queue.splice(0)) {
      if (to && store !== to) held.push([store, ids]);
      else store.hear(ids);
    }
    this.#queue.push(...held);
  }

  /**
   * One holder at a time, as the Web Lock the browser store takes.
   * @template T
   * @param {() => T | Promise<T>} work
   * @returns {Promise<T>}
   */
  lock(work) {
    const run = this.#lock.then(work);
    this.#lock = run.catch(() => {});
    return run;
  }

  /** @param {MemoryStore} store */
  drop(store) {
    this.#stores.delete(store);
  }
}

/** @implements {GameStore} */
export class MemoryStore {
  /** @type {MemoryBackend} */ #backend;
  /** @type {Set<(news: {ids: string[]}) => void>} */ #listeners = new Set();
  /** @type {boolean} */ available;
  locked = false;
  /** @type {null} (nothing takes a memory store away) */ lost = null;

  /** A store of its own backend (one tab), or of `backend`; `available` false: blocked. @param {MemoryBackend} [backend] @param {{available?: boolean}} [options] */
  constructor(backend = new MemoryBackend(), { available = true } = {}) {
    this.#backend = backend;
    this.available = available;
  }

  /** @returns {Promise<{games: Game[], current: string | null, aside: AsideNote[]}>} */
  async load() {
    const backend = this.#backend;
    const { games, bad, cut } = readRecords([...backend.records.values()]);
    /** @type {AsideNote[]} */
    const aside = [];
    for (const value of bad) aside.push(this.#moveAside(value, "bad_game"));
    for (const value of cut) aside.push(this.#moveAside(value, "names_cut", false));
    return { games: structuredClone(games), current: backend.current, aside };
  }

  /** @param {unknown} value @param {AsideReason} reason @returns {AsideNote} */
  #moveAside(value, reason, remove = true) {
    const backend = this.#backend;
    backend.aside.push({ reason, date: new Date().toISOString(), value: structuredClone(value) });
    const id = value !== null && typeof value === "object" && "id" in value ? value.id : undefined;
    if (remove && typeof id === "string" && backend.records.get(id) === value) backend.records.delete(id);
    return { reason };
  }

  /** @param {Game} game @param {string | null} base @returns {Promise<Swap>} */
  async put(game, base) {
    return this.#swap(game.id, base, () => {
      const rev = newRev();
      this.#backend.records.set(game.id, structuredClone({ ...game, rev }));
      return rev;
    });
  }

  /** @param {string} id @param {string | null} base @returns {Promise<Swap>} */
  async remove(id, base) {
    return this.#swap(id, base, () => {
      this.#backend.records.delete(id);
      return null;
    });
  }

  /** @param {string} id @param {string | null} base @param {() => string | null} write @returns {Swap} */
  #swap(id, base, write) {
    const backend = this.#backend;
    const stored = backend.records.get(id) ?? null;
    if ((stored?.rev ?? null) !== base) return { conflict: true, theirs: structuredClone(stored) };
    if (backend.failure) return { error: backend.failure };
    const rev = write();
    backend.announce(this, [id]);
    return { ok: true, rev };
  }

  /** @param {string[]} ids @returns {Promise<Map<string, StoredGame | null>>} */
  async get(ids) {
    return new Map(ids.map((id) => [id, structuredClone(this.#backend.records.get(id) ?? null)]));
  }

  /** @param {unknown} value @param {AsideReason} reason @returns {Promise<Written>} */
  async keepAside(value, reason) {
    if (this.#backend.failure) return { error: this.#backend.failure };
    this.#backend.aside.push({ reason, date: new Date().toISOString(), value: structuredClone(value) });
    return { ok: true };
  }

  async asideRecords() {
    return structuredClone(this.#backend.aside);
  }

  /** @param {string} id */
  remember(id) {
    this.#backend.current = id;
  }

  /** @param {string} key */
  async readMeta(key) {
    return structuredClone(this.#backend.meta.get(key));
  }

  /** @param {string} key @param {unknown} value @returns {Promise<Written>} */
  async writeMeta(key, value) {
    if (this.#backend.failure) return { error: this.#backend.failure };
    this.#backend.meta.set(key, structuredClone(value));
    return { ok: true };
  }

  /** @template T @param {() => T | Promise<T>} work */
  lock(work) {
    return this.#backend.lock(work);
  }

  onLost() {
    // Nothing takes a memory store away.
  }

  /** @param {(news: {ids: string[]}) => void} listener */
  subscribe(listener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** News from the backend: another store changed `ids`. @param {string[]} ids */
  hear(ids) {
    for (const listener of this.#listeners) listener({ ids: [...ids] });
  }

  close() {
    this.#listeners.clear();
    this.#backend.drop(this);
  }
}
