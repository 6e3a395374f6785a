// Where the score sheet keeps its games on the device: one localStorage key,
// `{"version": 1, "current": id, "games": [{id, created, updated, names, deals}]}`,
// where `deals` are exactly the core's game deals (score_game_json without the
// envelope), so the core re-validates every game when it is loaded.
//
// Nothing readable is ever dropped: data that cannot be parsed, or that comes from
// an unknown version, or a game the core rejects, is copied aside under
// `<key>.aside.<timestamp>` (unchanged text) before the main key is written again,
// and the caller is told so it can say so. If the copy cannot be made, the main key
// is left alone and the sheet runs in memory only.

export const STORE_VERSION = 1;
export const DEFAULT_STORAGE_KEY = "belot-calculator";

/** A new, empty game. Team names "" mean the default names of the UI language. */
export function newGame(names = { us: "", them: "" }, now = new Date()) {
  const stamp = now.toISOString();
  return {
    id: makeId(now),
    created: stamp,
    updated: stamp,
    names: { us: String(names?.us ?? ""), them: String(names?.them ?? "") },
    deals: [],
  };
}

function makeId(now) {
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `g-${now.getTime().toString(36)}-${random.slice(0, 8)}`;
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A stored game in the expected shape, or null (then it is kept aside). */
function readGame(value) {
  if (!isObject(value) || typeof value.id !== "string" || !value.id || !Array.isArray(value.deals)) return null;
  if (!value.deals.every(isObject)) return null;
  const names = isObject(value.names) ? value.names : {};
  const date = (text) => (typeof text === "string" && !Number.isNaN(Date.parse(text)) ? text : null);
  const created = date(value.created) ?? date(value.updated) ?? new Date(0).toISOString();
  return {
    id: value.id,
    created,
    updated: date(value.updated) ?? created,
    names: {
      us: typeof names.us === "string" ? names.us : "",
      them: typeof names.them === "string" ? names.them : "",
    },
    deals: value.deals,
  };
}

/**
 * Parse the stored text. Returns `{data, problem}`: `data` is a valid store (fresh
 * if nothing was readable); `problem` is null, `{code: "unreadable"}`,
 * `{code: "unknown_version", version}` or `{code: "bad_games", games: [raw…]}`.
 */
export function parseStore(text) {
  if (text == null || text === "") return { data: emptyStore(), problem: null };
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return { data: emptyStore(), problem: { code: "unreadable" } };
  }
  if (!isObject(value)) return { data: emptyStore(), problem: { code: "unreadable" } };
  if (value.version !== STORE_VERSION) {
    return { data: emptyStore(), problem: { code: "unknown_version", version: String(value.version ?? "?") } };
  }
  if (!Array.isArray(value.games)) return { data: emptyStore(), problem: { code: "unreadable" } };
  const games = [];
  const bad = [];
  const seen = new Set();
  for (const raw of value.games) {
    const game = readGame(raw);
    if (game && !seen.has(game.id)) {
      seen.add(game.id);
      games.push(game);
    } else {
      bad.push(raw);
    }
  }
  const current = typeof value.current === "string" && seen.has(value.current) ? value.current : null;
  return {
    data: { version: STORE_VERSION, current, games },
    problem: bad.length ? { code: "bad_games", games: bad } : null,
  };
}

export function emptyStore() {
  return { version: STORE_VERSION, current: null, games: [] };
}

/** The device storage for one sheet: localStorage under `key`, or memory only. */
export class SheetStorage {
  #key;
  #storage;
  /** False when nothing can be written (no localStorage, or a copy aside failed). */
  writable = true;

  constructor(key = DEFAULT_STORAGE_KEY, storage = defaultStorage()) {
    this.#key = key || DEFAULT_STORAGE_KEY;
    this.#storage = storage;
    if (!storage) this.writable = false;
  }

  get key() {
    return this.#key;
  }

  /** The stored text, or null. */
  read() {
    try {
      return this.#storage?.getItem(this.#key) ?? null;
    } catch {
      this.writable = false;
      return null;
    }
  }

  /**
   * Keep `text` under a new key next to the main one; returns that key, or null if
   * it could not be written (then the main key must not be overwritten).
   */
  keepAside(text, now = new Date()) {
    if (!this.#storage) return null;
    let key = `${this.#key}.aside.${now.toISOString()}`;
    try {
      for (let n = 2; this.#storage.getItem(key) !== null; n++) key = `${this.#key}.aside.${now.toISOString()}-${n}`;
      this.#storage.setItem(key, text);
      return key;
    } catch {
      this.writable = false;
      return null;
    }
  }

  /** Write the store; returns false (and stops writing) if the device refuses. */
  write(data) {
    if (!this.writable) return false;
    try {
      this.#storage.setItem(this.#key, JSON.stringify(data));
      return true;
    } catch {
      this.writable = false;
      return false;
    }
  }
}

function defaultStorage() {
  try {
    const storage = globalThis.localStorage;
    return storage && typeof storage.getItem === "function" ? storage : null;
  } catch {
    return null; // e.g. blocked third-party storage
  }
}
