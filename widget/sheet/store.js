// Where the score sheet keeps its games on the device: one localStorage key,
// `{"version": 1, "current": id, "games": [{id, created, updated, names, rules?, deals}]}`,
// where `deals` are exactly the core's game deals and `rules` the game's house rules
// (score_game_json without the envelope), so the core re-validates every game when
// it is loaded. `rules` came later: a game without it plays the rule book.
//
// Nothing readable is ever dropped: data that cannot be parsed, or that comes from
// an unknown version, or a game the core rejects, or a game whose team name had to
// be cut, is copied aside under `<key>.aside.<timestamp>` (unchanged text) before
// the main key is written again, and the caller is told so it can say so. Fields
// this version does not know (of the store, a game or its names) are kept and
// written back as they were. If a copy cannot be made, the main key is left alone
// for the rest of the session and the sheet runs in memory only.
//
// Several tabs (or sheets) may keep the same key: a write never overwrites a save it
// has not seen (SheetStorage.write refuses, "newer"), and mergeStores joins the two
// game by game, so no deal is ever lost.
//
// STORE_VERSION is the version of this storage format, not of the core's JSON
// contract (core-tables.js VERSION): the two change independently.

import { MAX_NAME_LENGTH } from "../core-tables.js";

export const STORE_VERSION = 1;

/**
 * A new, empty game. Team names "" mean the default names of the UI language;
 * `rules` are its house rules (the core's JSON, {} = the rule book).
 */
export function newGame(names = { us: "", them: "" }, now = new Date(), rules = {}) {
  const stamp = now.toISOString();
  return {
    id: makeId(now),
    created: stamp,
    updated: stamp,
    names: { us: String(names?.us ?? ""), them: String(names?.them ?? "") },
    rules: { ...rules },
    deals: [],
  };
}

/** `game` (a stored one) under a new id: the copy of it that keeps this tab's deals. */
export function copyGame(game, now = new Date()) {
  return { ...structuredClone(game), id: makeId(now), updated: now.toISOString() };
}

function makeId(now) {
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `g-${now.getTime().toString(36)}-${random.slice(0, 8)}`;
}

function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * A team name as read: a string of at most MAX_NAME_LENGTH characters (the core's
 * limit, counted as the core counts them: code points), cut if it was longer.
 */
function readName(name) {
  if (typeof name !== "string") return "";
  if (name.length <= MAX_NAME_LENGTH) return name;
  // Only the head is spread into characters: a name of a million is cut in no time.
  const characters = [...name.slice(0, 2 * MAX_NAME_LENGTH)];
  return characters.length > MAX_NAME_LENGTH || name.length > 2 * MAX_NAME_LENGTH
    ? characters.slice(0, MAX_NAME_LENGTH).join("")
    : name;
}

/**
 * A stored game in the expected shape, or null (then it is kept aside); `cut` is
 * true if a team name was longer than the core allows (it is cut). Its `rules` are
 * kept as stored (the core checks them); a game saved before house rules has none
 * and plays the rule book. Fields this version does not know are kept as they are.
 */
function readGame(value) {
  if (!isObject(value) || typeof value.id !== "string" || !value.id || !Array.isArray(value.deals)) return null;
  if (!value.deals.every(isObject)) return null;
  if (value.rules != null && !isObject(value.rules)) return null;
  const names = isObject(value.names) ? value.names : {};
  const date = (text) => (typeof text === "string" && !Number.isNaN(Date.parse(text)) ? text : null);
  const created = date(value.created) ?? date(value.updated) ?? new Date(0).toISOString();
  const us = readName(names.us);
  const them = readName(names.them);
  const game = {
    ...value,
    id: value.id,
    created,
    updated: date(value.updated) ?? created,
    names: { ...names, us, them },
    deals: value.deals,
  };
  if (!isObject(value.rules)) delete game.rules;
  const cut = (typeof names.us === "string" && us !== names.us) || (typeof names.them === "string" && them !== names.them);
  return { game, cut };
}

/**
 * Parse the stored text. Returns `{data, problem, cut}`: `data` is a valid store
 * (fresh if nothing was readable; fields it does not know kept); `problem` is null,
 * `{code: "unreadable"}`, `{code: "unknown_version", version}` or
 * `{code: "bad_games", games: [raw…]}`; `cut` lists the games (as stored) whose
 * team names were cut to MAX_NAME_LENGTH, to keep aside before the cut ones are
 * written.
 */
export function parseStore(text) {
  const fresh = (problem) => ({ data: emptyStore(), problem, cut: [] });
  if (text == null || text === "") return fresh(null);
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return fresh({ code: "unreadable" });
  }
  if (!isObject(value)) return fresh({ code: "unreadable" });
  if (value.version !== STORE_VERSION) return fresh({ code: "unknown_version", version: String(value.version ?? "?") });
  if (!Array.isArray(value.games)) return fresh({ code: "unreadable" });
  const games = [];
  const bad = [];
  const cut = [];
  const seen = new Set();
  for (const raw of value.games) {
    const read = readGame(raw);
    if (read && !seen.has(read.game.id)) {
      seen.add(read.game.id);
      games.push(read.game);
      if (read.cut) cut.push(raw);
    } else {
      bad.push(raw);
    }
  }
  const current = typeof value.current === "string" && seen.has(value.current) ? value.current : null;
  return {
    data: { ...value, version: STORE_VERSION, current, games },
    problem: bad.length ? { code: "bad_games", games: bad } : null,
    cut,
  };
}

export function emptyStore() {
  return { version: STORE_VERSION, current: null, games: [] };
}

/** A stored value (a game, a deal) as text whatever the order of its fields. */
function canonical(value) {
  return JSON.stringify(value, (key, item) =>
    isObject(item) ? Object.fromEntries(Object.keys(item).sort().map((name) => [name, item[name]])) : item,
  );
}

/** True if `a` and `b` are the same stored value (a game, a deal), field order aside. */
export function sameValue(a, b) {
  return a === b || (a !== undefined && b !== undefined && canonical(a) === canonical(b));
}

/**
 * Join another tab's save into this sheet's games, game by game, so that no deal is
 * lost and no save is overwritten: `base` is the store this sheet last read or
 * wrote, `ours` its games now, `theirs` the store as saved since (all as parseStore
 * gives them). A game changed on one side only takes that side (a new game too); a
 * game changed on both keeps theirs under its id, and ours comes back in
 * `conflicts` (for the caller to keep as a game of its own, copyGame). A game they
 * deleted goes, unless ours changed it since (then ours stays); a game we deleted
 * stays deleted, unless they changed it since. `current` stays ours: each tab shows
 * its own game.
 *
 * Returns `{data, taken, conflicts, deleted, ahead}`: `taken` the ids whose game is
 * now theirs and not ours (new or changed: the caller scores them again),
 * `conflicts` our changed games they changed too, `deleted` our games they deleted,
 * `ahead` true if `data` holds a change theirs has not (then it is worth writing).
 */
export function mergeStores(base, ours, theirs) {
  const byId = (store) => new Map(store.games.map((game) => [game.id, game]));
  const before = byId(base);
  const mine = byId(ours);
  const text = (game) => (game ? canonical(game) : null);
  const games = [];
  const taken = [];
  const conflicts = [];
  const deleted = [];
  let ahead = false;
  for (const game of theirs.games) {
    const was = text(before.get(game.id));
    const their = text(game);
    const own = mine.get(game.id);
    const our = text(own);
    if (our === their) {
      games.push(own);
    } else if (their === was) {
      if (own) games.push(own); // only we changed it; without ours we deleted it: it stays deleted
      ahead = true;
    } else {
      // They changed it (or it is new there): theirs. If we changed it too, ours is a conflict.
      games.push(game);
      taken.push(game.id);
      if (own && our !== was) conflicts.push(own);
    }
  }
  const there = new Set(theirs.games.map((game) => game.id));
  for (const game of ours.games) {
    if (there.has(game.id)) continue;
    const was = before.get(game.id);
    if (was && text(was) === text(game)) deleted.push(game); // they deleted it; ours had not changed
    else {
      games.push(game); // new here, or changed here after they deleted it
      ahead = true;
    }
  }
  const ids = new Set(games.map((game) => game.id));
  const data = { ...ours, ...theirs, version: STORE_VERSION, current: ids.has(ours.current) ? ours.current : null, games };
  return { data, taken, conflicts, deleted, ahead };
}

/** The device storage for one sheet: localStorage under `key` (required), or memory only. */
export class SheetStorage {
  #key;
  #storage;
  #known = null; // the text this sheet last read or wrote: what its games are based on
  /** True once a copy aside failed: the main key is never written again this session. */
  locked = false;
  /**
   * Why the last write did not happen, or null: "newer" (another tab saved since:
   * merge first), "full" (the device's storage is full), "failed" (the device
   * refused), "locked", "unavailable" (no storage, e.g. site data blocked).
   */
  problem = null;

  constructor(key, storage = defaultStorage()) {
    if (!key) throw new TypeError("SheetStorage needs a key");
    this.#key = key;
    this.#storage = storage;
  }

  get key() {
    return this.#key;
  }

  /** False without a device storage (no localStorage, or site data blocked). */
  get available() {
    return Boolean(this.#storage);
  }

  /** False when nothing can be written (no storage, or a copy aside failed). */
  get writable() {
    return this.available && !this.locked;
  }

  /** The text this sheet's games are based on (read or written last). */
  get known() {
    return this.#known;
  }

  /** The stored text, or null; the games read are based on it. */
  read() {
    const text = this.#peek();
    this.#known = text ?? null;
    return this.#known;
  }

  /** The stored text if someone else (another tab) wrote it since this sheet read or wrote, else undefined. */
  changed() {
    if (!this.#storage) return undefined;
    const text = this.#peek();
    return text === undefined || text === this.#known ? undefined : text;
  }

  /** Base this sheet's games on `text` (the save it has just joined). */
  follow(text) {
    this.#known = text;
  }

  #peek() {
    try {
      return this.#storage?.getItem(this.#key) ?? null;
    } catch {
      // Site data blocked after all (some browsers throw only here): memory only.
      this.#storage = null;
      return undefined;
    }
  }

  /**
   * Keep `text` under a new key next to the main one; returns that key, or null if
   * it could not be written (then the main key is locked: never overwritten).
   */
  keepAside(text, now = new Date()) {
    if (!this.#storage) return null;
    let key = `${this.#key}.aside.${now.toISOString()}`;
    try {
      for (let n = 2; this.#storage.getItem(key) !== null; n++) key = `${this.#key}.aside.${now.toISOString()}-${n}`;
      this.#storage.setItem(key, text);
      return key;
    } catch {
      this.locked = true;
      return null;
    }
  }

  /**
   * Write the store; true if it was written. If not, `problem` says why; a refused
   * write ("full", "failed") is simply tried again on the next one. A save made by
   * someone else since this sheet last read or wrote is never overwritten ("newer").
   */
  write(data) {
    this.problem = !this.#storage ? "unavailable" : this.locked ? "locked" : null;
    if (this.problem) return false;
    const text = JSON.stringify(data);
    try {
      if (this.#storage.getItem(this.#key) !== this.#known) {
        this.problem = "newer";
        return false;
      }
      this.#storage.setItem(this.#key, text);
    } catch (error) {
      this.problem = isFull(error) ? "full" : "failed";
      return false;
    }
    this.#known = text;
    return true;
  }
}

/** A storage error that means "no room" (QuotaExceededError; Firefox's old name too). */
function isFull(error) {
  return ["QuotaExceededError", "NS_ERROR_DOM_QUOTA_REACHED"].includes(error?.name) || error?.code === 22;
}

function defaultStorage() {
  try {
    const storage = globalThis.localStorage;
    return storage && typeof storage.getItem === "function" ? storage : null;
  } catch {
    return null; // site data blocked: a SecurityError
  }
}
