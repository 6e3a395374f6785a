// The table around a game, as the sheet shows it: the four players and who deals. Pure
// functions of plain data (the stored game and the core's game answer), no DOM, so Node
// tests them (tests/js/sheet/seats.test.mjs).
//
// The seats are the core's (belot_core.table, docs/game-book.md): numbered in the order
// the deal passes, counter-clockwise — seat 0 us[0], 1 them[0], 2 us[1], 3 them[1]
// (SEAT_ORDER, from the core's tables). A game keeps `seats` ({us: [a, b], them: [c, d]},
// "" where a player is not named) and `dealer`, the seat that dealt its first deal (absent:
// not chosen). Who deals now is the core's answer: `next_dealer` after the deals so far —
// never counted here, so an edit, a deleted deal or an Undo keep it right by themselves.
// A player without a name is their team's name and place: "Ние (1)", "Вие (2)".

import { SEAT_ORDER, TEAMS } from "../core-tables.js";
import { format } from "../i18n/format.js";

/** @import { Game, GameResult, Seats, Team } from "./types.js"; */

/** A game as the table functions read it (none: no table). */
/** @typedef {Game | null | undefined} MaybeGame */

/**
 * The four players' names of `game`: {us: [a, b], them: [c, d]}, "" where none is given.
 * @param {MaybeGame} game
 * @returns {Seats}
 */
export function playerNames(game) {
  /** @type {Seats} */
  const names = { us: [], them: [] };
  for (const team of TEAMS) {
    const pair = Array.isArray(game?.seats?.[team]) ? game.seats[team] : [];
    names[team] = [0, 1].map((i) => (typeof pair[i] === "string" ? pair[i] : ""));
  }
  return names;
}

/**
 * The seat that deals now in `game` (`result` the core's answer for it), or null while no
 * first dealer is chosen. A game with no deals yet is dealt by its first dealer; after
 * that it is the core's `next_dealer`. A finished game's `next_dealer` is the first
 * dealer of the next game at the table.
 * @param {MaybeGame} game
 * @param {GameResult | null | undefined} result
 * @returns {number | null}
 */
export function dealerNow(game, result) {
  if (!game || !isSeat(game.dealer)) return null;
  if (!game.deals?.length) return game.dealer;
  return isSeat(result?.next_dealer) ? result.next_dealer : null;
}

/**
 * Whether `value` is one of the four seats (0 to 3).
 * @param {unknown} value
 * @returns {value is number}
 */
export function isSeat(value) {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value < SEAT_ORDER.length;
}

/**
 * The seat's player in words: their name, else their team's name and which of its two
 * players ("Ние (1)"). `teams`: the team names as shown ({us, them}); `t`: the sheet's
 * strings (`seatUnnamed`: "{team} ({n})").
 * @param {MaybeGame} game
 * @param {number} seat
 * @param {Record<Team, string>} teams
 * @param {{seatUnnamed: string}} t
 */
export function seatName(game, seat, teams, t) {
  const [team, player] = /** @type {[Team, number]} */ (SEAT_ORDER[seat]);
  const name = playerNames(game)[team][player].trim();
  return name || format(t.seatUnnamed, { team: teams[team], n: player + 1 });
}

/**
 * The four seats in the order the deal passes, each `{seat, team, label}`: the one-tap choice of who deals.
 * @param {MaybeGame} game
 * @param {Record<Team, string>} teams
 * @param {{seatUnnamed: string}} t
 * @returns {{seat: number, team: Team, label: string}[]}
 */
export function seatChoices(game, teams, t) {
  return SEAT_ORDER.map(([team], seat) => ({ seat, team, label: seatName(game, seat, teams, t) }));
}

/**
 * The first dealer that makes `seat` deal now, after `played` deals (each passes the deal
 * one seat on): the choice of an old game without a dealer is "who deals now", and the
 * game keeps the seat that dealt its first deal.
 * @param {number} seat
 * @param {number} played
 */
export function firstDealerFor(seat, played) {
  const seats = SEAT_ORDER.length;
  return (((seat - played) % seats) + seats) % seats;
}

/**
 * `game`'s seats with `team`'s player `index` named `value` (as typed; the core cleans
 * and checks it). Seats of nobody named are left out altogether.
 * @param {MaybeGame} game
 * @param {Team} team
 * @param {number} index
 * @param {unknown} value
 * @returns {Seats | null}
 */
export function withPlayer(game, team, index, value) {
  const names = playerNames(game);
  names[team] = names[team].map((name, i) => (i === index ? String(value ?? "") : name));
  return TEAMS.some((/** @type {Team} */ side) => names[side].some((name) => name !== "")) ? names : null;
}

/**
 * What the next game at the same table takes from `game`: the players, and as its first
 * dealer the seat after the last deal's dealer (the core's `next_dealer` of `result`),
 * so the rotation goes on. `{seats?, dealer?}`: only what `game` has.
 * @param {MaybeGame} game
 * @param {GameResult | null | undefined} result
 */
export function nextTable(game, result) {
  /** @type {{seats?: Seats, dealer?: number}} */
  const table = {};
  if (game?.seats != null) table.seats = structuredClone(game.seats);
  const dealer = dealerNow(game, result);
  if (dealer !== null) table.dealer = dealer;
  return table;
}
