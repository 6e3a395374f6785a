// Matches, and the games on this device as the core's book of games (belot_core.book):
// what the core's match_scores_json and statistics_json read. No DOM: the scores come
// from the core, this module only builds its request, remembers its answer and says
// what the next game of a match carries (the teams, the seats, the dealer's rotation).
//
// A game in a match carries `match: {id, to}` (the device makes the id up); the games
// of a match are listed in the order they were played (their `created`). A game's date
// for the statistics is its local day, as the players would say it.

import { VERSION } from "../core-tables.js";
import { gameFile } from "../files/export.js";
import { runtimeFailure } from "./book-replies.js";

/** The fields of the table around a game (docs/game-book.md), carried to the core as they are. */
const TABLE_FIELDS = ["seats", "dealer", "match", "note"];

/** @import { CoreError, Game, GameData, Match, MatchScore, Scorer } from "./types.js"; */

/** Days, "" or null: open. */
/** @typedef {{from?: string | null, to?: string | null}} Range */
/**
 * The match a game is in: its score (the core's), which game of it this is, and the ids of its games in order.
 * @typedef {{score: MatchScore, number: number, games: string[]}} MatchOf
 */

/**
 * `iso` (a game's `created`) as its local day: "2026-05-14".
 * @param {string} iso
 */
export function localDay(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/**
 * A stored game as the core's game: its file, with the table around it.
 * @param {Game} game
 * @returns {GameData}
 */
export function coreGame(game) {
  const request = gameFile(game);
  for (const key of TABLE_FIELDS) if (game[key] != null && game[key] !== "") request[key] = game[key];
  return request;
}

/**
 * The book of `games` (stored games, any order) for the core: `{request, ids}`, the
 * games in the order they were played, `ids[i]` the id of the request's game `i`.
 * `range`: `{from, to}` (days, null: open), for the statistics.
 * @param {Iterable<Game>} games
 * @param {Range | null} [range]
 */
export function bookRequest(games, range = null) {
  const ordered = [...games].sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
  const request = { version: VERSION, games: ordered.map((game) => ({ date: localDay(game.created), game: coreGame(game) })) };
  if (range) Object.assign(request, { from: range.from || null, to: range.to || null });
  return { request, ids: ordered.map((game) => game.id) };
}

/**
 * A new match to `to` won games, with an id of this device's making.
 * @param {number} to
 * @returns {Match}
 */
export function newMatch(to, now = new Date()) {
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return { id: `m-${now.getTime().toString(36)}-${random.slice(0, 8)}`, to };
}

/**
 * The match of the next game at this table, after `game` (its match's `score` or null):
 * `choice` is "continue" (the next game of its match, while the match is not won), or
 * "1" to "4" (a game on its own, or a new match to that many won games). `{match?}`:
 * the players and the dealer's rotation are the one rule of book/seats.js nextTable.
 * @param {Game | null | undefined} game
 * @param {MatchScore | null | undefined} score
 * @param {string} choice
 * @returns {{match?: Match}}
 */
export function nextMatch(game, score, choice, now = new Date()) {
  if (choice === "continue" && game?.match && score && !score.finished) return { match: { ...game.match } };
  if (Number(choice) > 1) return { match: newMatch(Number(choice), now) };
  return {};
}

/**
 * The choices for the next game after `game` (its match's `score`): "continue" first while its match goes on.
 * @param {Game | null | undefined} game
 * @param {MatchScore | null | undefined} score
 */
export function nextChoices(game, score) {
  const choices = ["1", "2", "3", "4"];
  return game?.match && score && !score.finished ? ["continue", ...choices] : choices;
}

/**
 * The choice offered first: go on with an unfinished match; else a new one like the last; else one game.
 * @param {Game | null | undefined} game
 * @param {MatchScore | null | undefined} score
 */
export function defaultChoice(game, score) {
  if (game?.match && score && !score.finished) return "continue";
  return game?.match ? String(game.match.to) : "1";
}

/**
 * The matches' scores of the games on this device, from the core (its
 * `match_scores_json`), asked again only when a game of a match changed. `scoreOf(id)`
 * → the score of the match game `id` is in, with `number`: which game of it this is,
 * and `games`: the ids of the match's games, in order.
 */
export class MatchScores extends EventTarget {
  /** @type {() => Scorer} */ #scorer;
  #key = "";
  /** @type {Map<string, MatchOf>} */ #byGame = new Map(); // game id → {score, number, games}
  /** @type {CoreError[] | null} */ errors = null; // the core's errors, if it refused the book

  /** `scorer()` → the scorer (its matchScores). @param {() => Scorer} scorer */
  constructor(scorer) {
    super();
    this.#scorer = scorer;
  }

  /** The match game `id` is in, or null. @param {string} id */
  scoreOf(id) {
    return this.#byGame.get(id) ?? null;
  }

  /**
   * Ask the core about the match of game `current` among `games` (stored games) if one of
   * its games changed; "change" once answered. Only that match's games are sent (what the
   * sheet shows), so a tap costs the same with a thousand other games on the device;
   * without `current`, every match.
   * @param {Game[]} games
   * @param {string | null} [current]
   */
  async refresh(games, current = undefined) {
    const mine = current === undefined ? undefined : (games.find((game) => game.id === current)?.match?.id ?? null);
    const matched = games.filter((game) => game.match && (mine === undefined || game.match.id === mine));
    const key = JSON.stringify(matched.map((game) => [game.id, game.updated, game.deals.length, game.match]));
    if (key === this.#key) return;
    this.#key = key;
    /** @type {Map<string, MatchOf>} */
    const byGame = new Map();
    /** @type {CoreError[] | null} */
    let errors = null;
    if (matched.length) {
      const { request, ids } = bookRequest(matched); // only the games of a match count for one
      try {
        const reply = await this.#scorer().matchScores(request);
        if (reply?.ok) {
          for (const score of reply.result.matches) {
            const games = score.games.map((index) => ids[index]);
            games.forEach((id, n) => byGame.set(id, { score, number: n + 1, games }));
          }
        } else errors = reply?.errors ?? [];
      } catch (error) {
        errors = runtimeFailure(error).errors;
      }
    }
    if (key !== this.#key) return; // a later refresh is on its way
    this.#byGame = byGame;
    this.errors = errors;
    this.dispatchEvent(new Event("change"));
  }
}
