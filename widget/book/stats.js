// The statistics of the games on this device: asked of the core (statistics_json, from
// the saved games; book/matches.js builds its book), kept with the games they came
// from so that each figure can be checked against them, and written as CSV (each cell
// made safe by export.js csvCell). No DOM: Node tests it with a fake scorer.

import { MAX_BOOK_GAMES, STATS_COUNTS, TEAMS } from "../core-tables.js";
import { NOUNS } from "../core-words.js";
import { STRINGS } from "../i18n/strings.js";
import { csvCell } from "../files/export.js";
import { bookRequest } from "./matches.js";
import { runtimeFailure } from "./book-replies.js";

/** @import { CoreError, Game, GameResult, Pair, Reply, Scorer, Team } from "./types.js"; */
/** @import { Lang } from "../i18n/strings.js"; */

/**
 * A pair or a player of the core's statistics, as this module reads it: who it is, and its counts.
 * @typedef {{players?: string[], player?: string, name?: string, team?: Team, by_contract?: Record<string, Record<string, number>>, [count: string]: unknown}} StatsEntry
 */
/**
 * A game the statistics came from.
 * @typedef {{id: string, created: string, names: Game["names"], totals: Pair, winner: Team | null}} StatsGame
 */

/** The counts shown for each pair and player, in order: the core's, but by contract (a column each). */
export const SHOWN = Object.freeze(STATS_COUNTS.filter((key) => key !== "by_contract"));

/**
 * Who a pair or player is, in words: its players, its name, or this device's team (`teamNames`).
 * @param {StatsEntry} who
 * @param {Record<string, string>} teamNames
 * @returns {string}
 */
export function whoText(who, teamNames) {
  if (who.players) return who.players.join(" & ");
  if (who.player) return who.player;
  if (who.name) return who.name;
  return (who.team === undefined ? undefined : teamNames[who.team]) ?? who.team ?? "";
}

/**
 * A count as shown: the biggest deal as its points (where it was is listed apart).
 * @param {StatsEntry} entry
 * @param {string} key
 */
export function countValue(entry, key) {
  const value = entry[key];
  if (key === "biggest") return value ? /** @type {{points: number}} */ (value).points : "";
  return value ?? "";
}

/**
 * The statistics, asked of the core for `games` (stored games) within `range`
 * ({from, to}: days, "" or null open). Games without a deal are no game played.
 */
export class Statistics extends EventTarget {
  /** @type {() => Scorer} */ #scorer;
  #asked = 0;
  /** @type {"idle" | "loading" | "ready" | "failed"} */ state = "idle";
  /** @type {Record<string, unknown> | null} */ result = null; // the core's answer
  /** @type {CoreError[] | null} */ errors = null;
  /** @type {StatsGame[]} */ games = []; // the games it came from, by the answer's index
  /** @type {{from: string, to: string}} */ range = { from: "", to: "" };
  left = 0; // games played but not counted: older than the latest MAX_BOOK_GAMES

  /** `scorer()` → the scorer (its statistics). @param {() => Scorer} scorer */
  constructor(scorer) {
    super();
    this.#scorer = scorer;
  }

  /**
   * Ask the core about `entries` (the book's snapshot games: {game, result}) over `range`.
   * @param {{game: Game, result: GameResult}[]} entries
   * @param {{from?: string | null, to?: string | null}} [range]
   */
  async compute(entries, range = this.range) {
    const asked = ++this.#asked;
    this.range = { from: range.from ?? "", to: range.to ?? "" };
    // The latest MAX_BOOK_GAMES games played (the most the core reads at once); `left` counts the others.
    const all = entries.filter(({ game }) => game.deals.length > 0);
    const played = all.length > MAX_BOOK_GAMES ? all.toSorted((a, b) => (a.game.created < b.game.created ? 1 : -1)).slice(0, MAX_BOOK_GAMES) : all;
    this.left = all.length - played.length;
    const { request, ids } = bookRequest(
      played.map(({ game }) => game),
      this.range,
    );
    const byId = new Map(played.map((entry) => [entry.game.id, entry]));
    this.#set("loading");
    /** @type {Reply<Record<string, unknown>>} */
    let reply;
    try {
      reply = await this.#scorer().statistics(request);
    } catch (error) {
      reply = runtimeFailure(error);
    }
    if (asked !== this.#asked) return; // a later question is on its way
    this.result = reply?.ok ? reply.result : null;
    this.errors = reply?.ok ? null : (reply?.errors ?? []);
    this.games = ids.map((id) => {
      const { game, result } = /** @type {{game: Game, result: GameResult}} */ (byId.get(id)); // every id is of a game played
      return { id, created: game.created, names: game.names, totals: result.totals, winner: result.winner };
    });
    this.#set(reply?.ok ? "ready" : "failed");
  }

  /** @param {"idle" | "loading" | "ready" | "failed"} state */
  #set(state) {
    this.state = state;
    this.dispatchEvent(new Event("change"));
  }
}

/**
 * The statistics as CSV (a header row in `lang`, a row per pair then per player; lines
 * ended by CRLF), every cell through csvCell: a name typed at the table can never
 * become a spreadsheet formula. `teamNames`: the names of this device's teams.
 * @param {{pairs?: StatsEntry[], players?: StatsEntry[]} | null | undefined} result
 * @param {Lang} lang
 * @param {Record<string, string>} teamNames
 */
export function statisticsCsv(result, lang, teamNames) {
  /** @type {Record<string, string>} */
  const words = NOUNS[lang].statistics;
  /** @type {Record<string, string>} */
  const contractWords = NOUNS[lang].contracts;
  const contracts = Object.keys(contractWords);
  const bids = ["bids", "made", "inside", "hanging"];
  // By contract: a column per contract and count ("купа: Казани игри"), a number in each.
  const byContractHeader = contracts.flatMap((contract) => bids.map((key) => `${contractWords[contract]}: ${words[key]}`));
  /** @type {unknown[][]} */
  const lines = [["", "", ...SHOWN.map((key) => words[key]), ...byContractHeader]];
  for (const kind of /** @type {const} */ (["pairs", "players"])) {
    for (const entry of result?.[kind] ?? []) {
      const byContract = contracts.flatMap((contract) => bids.map((key) => entry.by_contract?.[contract]?.[key] ?? 0));
      lines.push([words[kind], whoText(entry, teamNames), ...SHOWN.map((key) => countValue(entry, key)), ...byContract]);
    }
  }
  return lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/**
 * The language's own words for the teams ("Ние"/"Вие"), for `whoText` of a team without
 * a name: never the current game's names, which change with every letter typed (and
 * would rebuild the statistics of a thousand games per letter, issue 32).
 * @param {Lang} lang
 * @returns {Record<string, string>}
 */
export function defaultTeamNames(lang) {
  return Object.fromEntries(TEAMS.map((team) => [team, STRINGS[lang].teams[team]]));
}
