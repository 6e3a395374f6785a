// Counting a pile by its cards, with no DOM (tests/js/pile-cards.test.mjs): which cards
// the grid shows in a contract, what a tap on one does, the live sums, and what Done
// gives the form. Every card, spelling, trump, value and total is the core's
// (core-tables.js: DECK, CARD_SPELLINGS, TRUMPS, CARD_SUITS, CARD_POINTS, DECK_POINTS);
// nothing here knows what a jack is worth. tests/agreement compares the sums with the core.
//
// The grid shows only the cards that carry points, a row per suit: in a suit contract
// the trump suit's row first (J 9 A 10 K Q), then the others (A 10 K Q J); in All trumps
// every row is a trump row, in No trumps none is. Within a row the cards go from the
// most points to the least, as the core's table orders them.

import { CARD_POINTS, CARD_RANKS, CARD_SPELLINGS, CARD_SUITS, CARDS_PER_TRICK, DECK, DECK_POINTS, TEAMS, TRUMPS, TRICKS } from "../core-tables.js";

// The core's tables looked up by a contract or a spelling the widget was given: any
// string, so a lookup may find nothing (the code checks where it can).
/** @type {Readonly<Partial<Record<string, readonly number[]>>>} */
const POINTS_OF = CARD_POINTS;
/** @type {Readonly<Record<string, string>>} */
const SPELLINGS = CARD_SPELLINGS;
/** @type {Readonly<Record<string, readonly string[]>>} */
const TRUMPS_OF = TRUMPS;
/** @type {Readonly<Record<string, number>>} */
const DECK_POINTS_OF = DECK_POINTS;

/** @typedef {(typeof TEAMS)[number]} Team */

/**
 * Whether `value` is one of the two teams.
 * @param {unknown} value
 * @returns {value is Team}
 */
const isTeam = (value) => TEAMS.some((team) => team === value);

/** @typedef {{ code: string, index: number, rank: string, points: number }} GridCard A card of the grid; `index` its place in DECK. */
/** @typedef {{ suit: string, trump: boolean, cards: GridCard[] }} GridRow A suit's row of the grid. */

/** The suits in the deck's order (the value of each suit's contract). */
export const CARD_SUIT_ORDER = Object.freeze([...new Set(CARD_SUITS)]);

/** The most tricks a pile can hold (the core's TRICKS). */
export const MAX_TRICKS = TRICKS;

/**
 * A card code as the core spells it, or null: the spellings the core reads are its (CARD_SPELLINGS).
 * @param {unknown} text
 * @returns {string | null}
 */
export function cardCode(text) {
  const code = String(text ?? "").trim();
  return Object.hasOwn(SPELLINGS, code) ? SPELLINGS[code] : null;
}

/**
 * The cards of a `pile-cards` attribute (`"JH 9H AS"`, spaces or commas), or null without one.
 * @param {unknown} text
 * @returns {string[] | null}
 */
export function parseCards(text) {
  if (text === null || text === undefined) return null;
  return String(text)
    .split(/[\s,]+/)
    .filter(Boolean);
}

/**
 * The codes in the deck's order (unknown ones last, as given), as an attribute's text.
 * @param {readonly string[]} codes
 * @returns {string}
 */
export function formatCards(codes) {
  return inDeckOrder(codes).join(" ");
}

/**
 * `codes` in the deck's order; codes that are no card keep their place after the cards.
 * @param {readonly string[]} codes
 * @returns {string[]}
 */
export function inDeckOrder(codes) {
  const known = codes.filter((code) => DECK.includes(code));
  const rest = codes.filter((code) => !DECK.includes(code));
  return [...known.sort((a, b) => DECK.indexOf(a) - DECK.indexOf(b)), ...rest];
}

/**
 * The points of `codes` in `contract` by the core's table (a code that is no card counts nothing: the core names it).
 * @param {readonly unknown[]} codes
 * @param {string | null} contract
 * @returns {number | null} null for no contract the core knows
 */
export function cardsPoints(codes, contract) {
  const values = POINTS_OF[contract ?? ""];
  if (!values) return null;
  let points = 0;
  for (const code of new Set(codes.map(cardCode))) if (code) points += values[DECK.indexOf(code)];
  return points;
}

/**
 * The grid of `contract`: `[{suit, trump, cards: [{code, index, rank, points}]}]`, the
 * trump rows first, each row's cards with points from the most to the least. `index`
 * is the card's place in DECK (for NOUNS[lang].cards).
 * @param {string} contract
 * @returns {GridRow[]}
 */
export function gridRows(contract) {
  const values = POINTS_OF[contract];
  if (!values) return [];
  const rows = CARD_SUIT_ORDER.map((suit) => {
    const cards = DECK.map((code, index) => ({ code, index, rank: CARD_RANKS[index], points: values[index] }))
      .filter((card) => CARD_SUITS[card.index] === suit && card.points > 0)
      .sort((a, b) => b.points - a.points);
    return { suit, trump: TRUMPS_OF[contract].includes(suit), cards };
  });
  return [...rows.filter((row) => row.trump), ...rows.filter((row) => !row.trump)];
}

/** @param {string} team */
function otherTeam(team) {
  return team === TEAMS[0] ? TEAMS[1] : TEAMS[0];
}

/**
 * One count under way: the contract, the cards chosen, the tricks (or null), and whose
 * pile the form had counted (`team`). `toggle(code)` chooses a card or puts it back (a
 * card is chosen once or not at all), `setTricks(n)`, `clear()`; `snapshot()` is what
 * the grid shows and `done(team)` what the form gets: whose pile it was is said last,
 * with Done, so counting either team's pile takes no tap more.
 */
export class CardCount {
  /** @type {Set<string>} */ #chosen;
  /** @type {string} The contract (one with a grid). */ contract;
  /** @type {string} Whose pile the form had counted. */ team;
  /** @type {number | null} The tricks the pile holds, or null: not said. */ tricks;

  /**
   * `cards`: the form's cards of this pile (codes), if it has some.
   * @param {{ contract: string, team?: string, cards?: readonly unknown[] | null, tricks?: unknown }} options
   */
  constructor({ contract, team = TEAMS[0], cards = [], tricks = null }) {
    if (!POINTS_OF[contract]) throw new RangeError(`no grid without a contract: ${contract}`);
    this.contract = contract;
    this.team = isTeam(team) ? team : TEAMS[0];
    this.tricks = validTricks(tricks);
    this.#chosen = new Set((cards ?? []).flatMap((card) => cardCode(card) || []));
  }

  /**
   * Choose the card `code`, or put it back if it was chosen; false for a code the grid has not.
   * @param {string} code
   * @returns {boolean}
   */
  toggle(code) {
    if (!this.#shown(code)) return false;
    if (this.#chosen.has(code)) this.#chosen.delete(code);
    else this.#chosen.add(code);
    return true;
  }

  /**
   * Whether `code` is in the grid (a card with points in this contract).
   * @param {string} code
   */
  #shown(code) {
    const index = DECK.indexOf(code);
    return index >= 0 && /** @type {readonly number[]} */ (POINTS_OF[this.contract])[index] > 0; // the constructor checked the contract
  }

  /**
   * The tricks the pile holds (0 to MAX_TRICKS), or null: not said.
   * @param {unknown} tricks a number or its text; anything else is null
   */
  setTricks(tricks) {
    this.tricks = validTricks(tricks);
  }

  /** Put every card back. */
  clear() {
    this.#chosen.clear();
  }

  /**
   * Whether `code` is chosen.
   * @param {string} code
   */
  chosen(code) {
    return this.#chosen.has(code);
  }

  /** The chosen cards in the deck's order. */
  cards() {
    return inDeckOrder([...this.#chosen]);
  }

  /**
   * What the grid shows: `{contract, team, other, rows (gridRows, each card with
   * `chosen`), count, points, otherPoints, deck, tricks, holds}` — `points` the chosen
   * pile's, `otherPoints` the rest of the deck (the core's total less them), `holds`
   * the cards the tricks hold (null without tricks).
   */
  snapshot() {
    const cards = this.cards();
    const points = /** @type {number} */ (cardsPoints(cards, this.contract)); // the constructor checked the contract
    const deck = DECK_POINTS_OF[this.contract];
    const rows = gridRows(this.contract).map((row) => ({ ...row, cards: row.cards.map((card) => ({ ...card, chosen: this.#chosen.has(card.code) })) }));
    return {
      contract: this.contract,
      team: this.team,
      other: otherTeam(this.team),
      rows,
      count: cards.length,
      points,
      otherPoints: deck - points,
      deck,
      tricks: this.tricks,
      holds: this.tricks === null ? null : this.tricks * CARDS_PER_TRICK,
    };
  }

  /**
   * What Done gives the form for `team`'s pile: `{team, cards (deck order), tricks (or null), points}`.
   * @param {string} [team]
   */
  done(team = this.team) {
    const cards = this.cards();
    return { team: isTeam(team) ? team : this.team, cards, tricks: this.tricks, points: cardsPoints(cards, this.contract) };
  }
}

/**
 * Where a key moves the focus in the grid `rows` (gridRows) from the card `code`: the
 * arrows along a row (wrapping) and to the row above or below (same place, or its last
 * card), Home and End to a row's ends. The card's code, or null for any other key.
 * @param {ReadonlyArray<{ cards: ReadonlyArray<{ code: string }> }>} rows
 * @param {string} code
 * @param {string} key a KeyboardEvent's key
 * @returns {string | null}
 */
export function moveInGrid(rows, code, key) {
  const r = rows.findIndex((row) => row.cards.some((card) => card.code === code));
  if (r < 0) return null;
  const row = rows[r].cards;
  const c = row.findIndex((card) => card.code === code);
  const across = /** @type {Partial<Record<string, number>>} */ ({ ArrowRight: 1, ArrowLeft: -1 })[key];
  if (across) return row[(c + across + row.length) % row.length].code;
  const down = /** @type {Partial<Record<string, number>>} */ ({ ArrowDown: 1, ArrowUp: -1 })[key];
  if (down) {
    const next = rows[(r + down + rows.length) % rows.length].cards;
    return next[Math.min(c, next.length - 1)].code;
  }
  if (key === "Home") return row[0].code;
  if (key === "End") return row[row.length - 1].code;
  return null;
}

/**
 * @param {unknown} tricks
 * @returns {number | null}
 */
function validTricks(tricks) {
  if (tricks === null || tricks === undefined || tricks === "") return null;
  const number = Number(tricks);
  return Number.isInteger(number) && number >= 0 && number <= MAX_TRICKS ? number : null;
}
