// The games as records: what one saved game is (`{id, created, updated, names, rules?,
// deals, rev?}`, where `deals` are exactly the core's game deals and `rules` the game's
// house rules — score_game_json without the envelope, so the core re-validates every
// game when it is loaded), read defensively, and the store of earlier versions (one
// localStorage text, `{"version": 1, "current": id, "games": [...]}`) read for the move
// to IndexedDB. Pure functions of plain data: Node tests them (tests/js/records.test.mjs).
//
// Nothing readable is ever dropped: a game that cannot be read is handed back to be kept
// aside; fields this version does not know (of a game or its names) are kept as they
// were. `rev` is the store's revision of a record (store/idb-store.js): which save a
// game is based on.

import { clean, cleanGame, cleanName } from "../text.js";

/** @import { Game, Rules, Seats } from "./types.js"; */

/**
 * What was wrong with a store's text: `games` are the raw values that are no game.
 * @typedef {{code: "unreadable"} | {code: "unknown_version", version: string} | {code: "bad_games", games: unknown[]}} StoreProblem
 */

/**
 * The store of earlier versions (one localStorage text), fields it does not know kept.
 * @typedef {{version: number, current: string | null, games: Game[], [field: string]: unknown}} OldStore
 */

export const STORE_VERSION = 1;

/**
 * A new, empty game. Team names "" mean the default names of the UI language;
 * `rules` are its house rules (the core's JSON, {} = the rule book); `table` the
 * table around it, `{seats?, dealer?}` (the players, the seat that deals first:
 * book/seats.js nextTable), absent in a game that has none.
 * @param {{us?: unknown, them?: unknown}} [names]
 * @param {Date} [now]
 * @param {Rules} [rules]
 * @param {{seats?: Seats | null, dealer?: number | null}} [table]
 * @returns {Game}
 */
export function newGame(names = { us: "", them: "" }, now = new Date(), rules = {}, table = {}) {
  const stamp = now.toISOString();
  /** @type {Game} */
  const game = {
    id: makeId(now),
    created: stamp,
    updated: stamp,
    names: { us: String(names?.us ?? ""), them: String(names?.them ?? "") },
    rules: { ...rules },
    deals: [],
  };
  if (table?.seats != null) game.seats = structuredClone(table.seats);
  if (typeof table?.dealer === "number" && Number.isInteger(table.dealer)) game.dealer = table.dealer;
  return game;
}

/**
 * `game` (a stored one) under a new id: the copy of it that keeps this tab's deals.
 * @param {Game & {rev?: string | null}} game
 * @returns {Game}
 */
export function copyGame(game, now = new Date()) {
  const { rev, ...copy } = structuredClone(game); // a new record: no save is its base
  return { ...copy, id: makeId(now), updated: now.toISOString() };
}

/** @param {Date} now */
function makeId(now) {
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `g-${now.getTime().toString(36)}-${random.slice(0, 8)}`;
}

/**
 * Whether `value` is a plain object (not null, not an array).
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
export function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * A team name as read: cleaned as the core cleans it (widget/text.js: no invisible
 * character, trimmed), at most MAX_NAME_LENGTH characters (counted as the core counts
 * them: code points), cut if it was longer.
 * @param {unknown} name
 */
function readName(name) {
  return typeof name === "string" ? cleanName(name) : "";
}

/**
 * Whether a name is longer than the core allows once cleaned (it is cut when read).
 * @param {unknown} name
 */
function tooLong(name) {
  return typeof name === "string" && clean(name) !== cleanName(name);
}

/**
 * A stored game in the expected shape, or null (then it is kept aside); `cut` is
 * true if a team name was longer than the core allows (it is cut). Its `rules` are
 * kept as stored (the core checks them); a game saved before house rules has none
 * and plays the rule book. Fields this version does not know are kept as they are.
 * @param {unknown} value
 * @returns {{game: Game, cut: boolean} | null}
 */
export function readGame(value) {
  if (!isObject(value) || typeof value.id !== "string" || !value.id || !Array.isArray(value.deals)) return null;
  if (!value.deals.every(isObject)) return null;
  if (value.rules != null && !isObject(value.rules)) return null;
  const names = isObject(value.names) ? value.names : {};
  const date = (/** @type {unknown} */ text) => (typeof text === "string" && !Number.isNaN(Date.parse(text)) ? text : null);
  const created = date(value.created) ?? date(value.updated) ?? new Date(0).toISOString();
  const us = readName(names.us);
  const them = readName(names.them);
  /** @type {Game} */
  const game = {
    ...value,
    id: value.id,
    created,
    updated: date(value.updated) ?? created,
    names: { ...names, us, them },
    deals: value.deals,
  };
  if (!isObject(value.rules)) delete game.rules;
  const cut = tooLong(names.us) || tooLong(names.them);
  return { game: cleanGame(game), cut };
}

/**
 * Parse the stored text. Returns `{data, problem, cut}`: `data` is a valid store
 * (fresh if nothing was readable; fields it does not know kept); `problem` is null,
 * `{code: "unreadable"}`, `{code: "unknown_version", version}` or
 * `{code: "bad_games", games: [raw…]}`; `cut` lists the games (as stored) whose
 * team names were cut to MAX_NAME_LENGTH, to keep aside before the cut ones are
 * written.
 * @param {string | null | undefined} text
 * @returns {{data: OldStore, problem: StoreProblem | null, cut: unknown[]}}
 */
export function parseStore(text) {
  const fresh = (/** @type {StoreProblem | null} */ problem) => ({ data: emptyStore(), problem, cut: [] });
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
  const { games, bad, cut } = readRecords(value.games);
  const seen = new Set(games.map((game) => game.id));
  const current = typeof value.current === "string" && seen.has(value.current) ? value.current : null;
  return {
    data: { ...value, version: STORE_VERSION, current, games },
    problem: bad.length ? { code: "bad_games", games: bad } : null,
    cut,
  };
}

/** @returns {OldStore} */
export function emptyStore() {
  return { version: STORE_VERSION, current: null, games: [] };
}

/**
 * A stored value (a game, a deal) as text whatever the order of its fields.
 * @param {unknown} value
 * @returns {string}
 */
export function canonical(value) {
  return JSON.stringify(value, (key, item) =>
    isObject(item)
      ? Object.fromEntries(
          Object.keys(item)
            .sort()
            .map((name) => [name, item[name]]),
        )
      : item,
  );
}

/**
 * True if `a` and `b` are the same stored value (a game, a deal), field order aside.
 * @param {unknown} a
 * @param {unknown} b
 */
export function sameValue(a, b) {
  return a === b || (a !== undefined && b !== undefined && canonical(a) === canonical(b));
}

/**
 * Records as a store hands them over, read one by one (readGame): `games` the readable
 * ones (a name longer than the core allows cut), `bad` the raw values that are no game,
 * `cut` the raw values whose names were cut (both to keep aside). A record repeated
 * under one id is read once.
 * @param {unknown[]} values
 */
export function readRecords(values) {
  /** @type {Game[]} */
  const games = [];
  /** @type {unknown[]} */
  const bad = [];
  /** @type {unknown[]} */
  const cut = [];
  /** @type {Set<string>} */
  const seen = new Set();
  for (const value of values) {
    const read = readGame(value);
    if (!read || seen.has(read.game.id)) {
      bad.push(value);
      continue;
    }
    seen.add(read.game.id);
    games.push(read.game);
    if (read.cut) cut.push(value);
  }
  return { games, bad, cut };
}

/** A new revision id for a saved record. */
export function newRev() {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
