// The deal the form describes, as the core's JSON request: pure functions on plain
// data (attribute values in, a request and the problems the widget finds itself
// out), no DOM, so they run in Node (tests/js/request.test.mjs).
//
// Every game value comes from the core's tables: which contracts exist, the deck's
// points a capot team holds, whether a contract has declarations, how many of a
// carré the deck holds. The only checks made here are the ones that cannot wait for
// the core (it may still be loading): a fact not given yet (the game, the points,
// the last trick: none of them has a default), text that is not a whole number
// (the core's own code and words, `not_integer`, from the tables), a number too
// large for JavaScript to send exactly (beyond 2**53: the core's range error, with
// the number as typed, never the float's digits) and a declaration count that is no
// count ("tierce:1e3" is flagged, never read as 1). Which declarations count is the
// core's to decide: the form sends what each team announced, and the answers to the
// questions the core asked.

import {
  ANSWERS,
  CAPOTS,
  CARRES,
  CONTRACTS,
  DECK_POINTS,
  DECLARATIONS,
  DOUBLINGS,
  HAS_DECLARATIONS,
  MAX_BELOTS,
  MAX_HANGING,
  MESSAGES,
  TEAMS,
  VERSION,
} from "../core-tables.js";
import { activeRules, rulesOf } from "./house-rules.js";
import { cardsPoints, formatCards, parseCards } from "./pile-cards.js";
import { format } from "../i18n/format.js";
import { echo } from "../text.js";

/** @import { BuiltRequest, CoreError, DeclarationCounts, Deal, DealRequest, GameDeal, GameRequest, RecordedDeal, TeamNames } from "./types.js"; */
/** @import { RuleSet } from "./house-rules.js"; */

// The core's tables looked up by a name the widget was given: any string.
/** @type {Readonly<Record<string, number>>} */
const CARRE_COUNTS = CARRES;
/** @type {Readonly<Record<string, number>>} */
const BELOTS_OF = MAX_BELOTS;
/** @type {Readonly<Record<string, number>>} */
const DECK_POINTS_OF = DECK_POINTS;
/** @type {Readonly<Record<string, boolean>>} */
const DECLARES_IN = HAS_DECLARATIONS;
/** @type {Readonly<Record<string, readonly string[]>>} */
const ANSWERS_TO = ANSWERS;
/** @type {Readonly<Record<string, Readonly<Record<string, string>>>>} */
const MESSAGE_TEMPLATES = MESSAGES;

/** The element's attributes that make up the deal (changing one re-scores). */
export const DEAL_ATTRIBUTES = Object.freeze([
  "contract",
  "bidder",
  "doubling",
  "pile-team",
  "pile-points",
  "pile-cards",
  "pile-tricks",
  "last-trick",
  "capot",
  "hanging-in",
  "declarations-us",
  "declarations-them",
  "higher-sequence",
  "higher-carre",
]);

/** The questions the core may ask (`higher.<question>`), in its order. */
export const QUESTIONS = Object.freeze(Object.keys(ANSWERS));

/** What a deal may still lack before it can be scored, in the form's order. */
export const FACTS = Object.freeze(["game", "points", "last_trick"]);

/** The most of one declaration kind a team's counter goes to, where the deck sets no lower limit. */
export const MAX_COUNT = 9;

/**
 * `value` if it is one of `allowed`, else `fallback`.
 * @template T, F
 * @param {unknown} value
 * @param {readonly T[]} allowed
 * @param {F} fallback
 * @returns {T | F}
 */
export function oneOf(value, allowed, fallback) {
  return /** @type {readonly unknown[]} */ (allowed).includes(value) ? /** @type {T} */ (value) : fallback;
}

/**
 * A whole number from text ("82", " -3 "), or null.
 * @param {unknown} text
 * @returns {number | null}
 */
export function wholeNumber(text) {
  const trimmed = String(text ?? "").trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The items of a declarations attribute: `[kind, count text]` for each known kind.
 * @param {unknown} text
 */
function declarationItems(text) {
  /** @type {Array<[string, string]>} */
  const items = [];
  for (const item of String(text ?? "").split(",")) {
    const [name, value = ""] = item.split(":").map((part) => part.trim());
    if (DECLARATIONS.includes(name)) items.push([name, value]);
  }
  return items;
}

/**
 * `"tierce:1,belot:1"` → `{tierce: 1, quarte: 0, …, belot: 1}`; a bare name counts 1.
 * A count that is not a whole number counts 0 (declarationProblems says why).
 * @param {unknown} text
 * @returns {DeclarationCounts}
 */
export function parseDeclarations(text) {
  /** @type {DeclarationCounts} */
  const counts = Object.fromEntries(DECLARATIONS.map((kind) => [kind, 0]));
  for (const [name, value] of declarationItems(text)) {
    if (value === "") counts[name] = 1;
    else if (/^\d+$/.test(value)) counts[name] = Math.min(Number(value), MAX_COUNT);
  }
  return counts;
}

/**
 * The core's errors for counts of `text` that are no counts (`"tierce:1e3"`, `"quarte:-1"`), for `team`.
 * @param {unknown} text
 * @param {string} team
 * @returns {CoreError[]}
 */
export function declarationProblems(text, team) {
  const problems = [];
  for (const [name, value] of declarationItems(text)) {
    if (value === "" || /^\d+$/.test(value)) continue;
    const field = `declarations.${team}.${name}`;
    problems.push(/^-\d+$/.test(value) ? coreError("negative_count", field, { value }) : notInteger(field, value));
  }
  return problems;
}

/**
 * The inverse of parseDeclarations: only the non-zero counts, in the core's order.
 * @param {Readonly<Partial<DeclarationCounts>> | null | undefined} counts
 * @returns {string}
 */
export function formatDeclarations(counts) {
  return DECLARATIONS.filter((kind) => (counts?.[kind] ?? 0) > 0)
    .map((kind) => `${kind}:${counts?.[kind]}`)
    .join(",");
}

/**
 * The most of `kind` one team can announce in `contract` (null: not chosen yet), by
 * the core's tables: the deck's carrés, the contract's belots; MAX_COUNT otherwise.
 * The core still checks both teams together.
 * @param {string} kind
 * @param {string | null} contract
 * @returns {number}
 */
export function countLimit(kind, contract) {
  if (Object.hasOwn(CARRES, kind)) return CARRE_COUNTS[kind];
  if (kind === "belot") return contract ? BELOTS_OF[contract] : Math.max(...Object.values(BELOTS_OF));
  return MAX_COUNT;
}

/**
 * The deal of a set of attribute values (`{name: text | null}`, as getAttribute
 * gives them), every choice normalised to its closed set. The game (contract and
 * bidder) and the last trick have no default: null until chosen. Number fields stay
 * text: whether they are numbers is for buildRequest to say. A pile counted by its
 * cards (`pile-cards`, `pile-tricks`: deal/pile-cards.js) has `pileCards` (codes) and
 * `pileTricks`, and its points are what the cards count to in the contract.
 * @param {Readonly<Record<string, string | null | undefined>> | null | undefined} attributes
 * @returns {Deal}
 */
export function readDeal(attributes) {
  /** @param {string} name */
  const get = (name) => attributes?.[name] ?? null;
  const pileCards = parseCards(get("pile-cards"));
  const counted = pileCards && get("contract") ? cardsPoints(pileCards, oneOf(get("contract"), CONTRACTS, null)) : null;
  return {
    contract: oneOf(get("contract"), CONTRACTS, null),
    bidder: oneOf(get("bidder"), TEAMS, null),
    doubling: oneOf(get("doubling"), DOUBLINGS, "none"),
    pileTeam: oneOf(get("pile-team"), TEAMS, "us"),
    pilePoints: counted === null ? String(get("pile-points") ?? "").trim() : String(counted),
    pileCards,
    pileTricks: pileCards ? wholeNumber(get("pile-tricks")) : null,
    lastTrick: oneOf(get("last-trick"), TEAMS, null),
    capot: oneOf(get("capot"), CAPOTS, "none"),
    declarations: {
      us: parseDeclarations(get("declarations-us")),
      them: parseDeclarations(get("declarations-them")),
    },
    declarationProblems: [...declarationProblems(get("declarations-us"), "us"), ...declarationProblems(get("declarations-them"), "them")],
    higher: Object.fromEntries(QUESTIONS.map((question) => [question, oneOf(get(`higher-${question}`), ANSWERS_TO[question], null)])),
    hangingIn: String(get("hanging-in") ?? "").trim(),
  };
}

/**
 * The other team's pile: the deck's points (core tables) less the one entered, or
 * null while the contract or a valid number is missing. With a capot, the capot
 * team holds the deck.
 * @param {Pick<Deal, "contract" | "capot" | "pilePoints" | "pileTeam">} deal
 * @returns {Record<string, number> | null} each team's points
 */
export function piles(deal) {
  const deck = deal.contract ? DECK_POINTS_OF[deal.contract] : null;
  if (deck === null) return null;
  if (deal.capot !== "none") return { [deal.capot]: deck, [deal.capot === "us" ? "them" : "us"]: 0 };
  const points = wholeNumber(deal.pilePoints);
  if (points === null || points < 0 || points > deck) return null;
  const other = deal.pileTeam === "us" ? "them" : "us";
  return { [deal.pileTeam]: points, [other]: deck - points };
}

/**
 * A bad value as the core shows it in a message (json_read.show): JSON, echoed.
 * @param {string} text
 */
function shown(text) {
  return echo(JSON.stringify(text));
}

/**
 * The core's error `code` at `field`, with its message in the core's words (core-tables.js).
 * @param {string} code one of the core's message codes
 * @param {string} field
 * @param {Record<string, unknown>} params
 * @returns {CoreError}
 */
function coreError(code, field, params) {
  const message = Object.fromEntries(Object.entries(MESSAGE_TEMPLATES[code]).map(([lang, template]) => [lang, format(template, params)]));
  return { code, field, params, message };
}

/**
 * The problem of a whole number JavaScript cannot send exactly (beyond 2**53, so
 * beyond every range the core has): the core's range error `code`, with the number
 * as typed (exact digits, leading zeros dropped, cut as the core cuts), or null.
 * @param {string} code
 * @param {string} field
 * @param {string} text
 * @param {number | null} max
 * @returns {CoreError | null}
 */
function beyondFloats(code, field, text, max) {
  const number = wholeNumber(text);
  if (number === null || Number.isSafeInteger(number)) return null;
  return coreError(code, field, { value: echo(BigInt(text.trim()).toString()), max });
}

/**
 * The problem of a field whose text is not a whole number: the core's `not_integer`
 * with its message. `text` is null when the browser keeps the typed text to itself
 * (an `<input type=number>` with bad input): the value then shows as "?", as the
 * core shows a parameter it lacks.
 * @param {string} field
 * @param {string | null} text
 * @returns {CoreError}
 */
function notInteger(field, text) {
  return coreError("not_integer", field, { value: text === null ? "?" : shown(text) });
}

/**
 * The teams' own names as the core reads them (`{us, them}`, "" = the default
 * name), or null when both are the defaults (then the request has no `names`).
 * @param {{ us?: unknown, them?: unknown } | null | undefined} names
 * @returns {TeamNames | null}
 */
export function requestNames(names) {
  const us = String(names?.us ?? "").trim();
  const them = String(names?.them ?? "").trim();
  return us || them ? { us, them } : null;
}

/** @param {DeclarationCounts} counts */
function announcedSomething(counts) {
  return DECLARATIONS.some((kind) => counts[kind] > 0);
}

/**
 * The declarations of `deal` into `request`: none in a contract that has none (the
 * attributes keep them), else the accepted ones or what was announced with the answers
 * given; their problems (flagged where the count is sent) into `problems`.
 * @param {DealRequest} request
 * @param {Deal} deal
 * @param {boolean} accepted
 * @param {CoreError[]} problems
 */
function addDeclarations(request, deal, accepted, problems) {
  if (request.contract && !DECLARES_IN[request.contract]) return;
  const prefix = accepted ? "declarations." : "announced.";
  for (const problem of deal.declarationProblems ?? []) {
    problems.push({ ...problem, field: problem.field.replace(/^declarations\./, prefix) });
  }
  if (accepted) {
    request.declarations = deal.declarations;
    return;
  }
  request.announced = deal.declarations;
  const higher = deal.higher ?? {};
  const answers = Object.fromEntries(QUESTIONS.filter((q) => higher[q]).map((q) => [q, higher[q]]));
  if (Object.keys(answers).length) request.higher = answers;
}

/**
 * The problem of the hanging points typed (`text`; `bad`: the browser rejected it), or null.
 * @param {string} text
 * @param {boolean | undefined} bad
 * @returns {CoreError | null}
 */
function hangingProblem(text, bad) {
  if (bad) return notInteger("hanging_in", null);
  if (text !== "" && wholeNumber(text) === null) return notInteger("hanging_in", text);
  return beyondFloats("hanging_out_of_range", "hanging_in", text, MAX_HANGING);
}

/**
 * The core's request for `deal` (from readDeal), plus what the widget can tell
 * without the core:
 * - `missing`: the facts not given yet, in the form's order (FACTS); the request
 *   then lacks their fields, and `incomplete` is true;
 * - `problems`: the widget's own errors, in the core's error shape;
 * - `probe`: the deal is incomplete, but both teams announced declarations, so the
 *   core may already have a question to ask: send it anyway and show only its
 *   `needs_answer` (the core reports those with the missing fields).
 * Declarations go as `announced` (the core decides which count) with the answers
 * given (`higher`), or, with `accepted`, as the accepted `declarations` (a deal
 * recorded before announcements existed). `badInput` flags, by attribute name
 * ("pile-points", "hanging-in"), the fields whose typed text the browser rejected.
 * `names`: the teams' own names (a score sheet's), which the core then uses in its
 * messages. `rules`: the house rules to score by (`{id: true}`, the core's JSON; ids
 * the core does not know are sent too, for its `unknown_rule`); none = the rule book.
 * @param {Deal} deal
 * @param {{ badInput?: Partial<Record<string, boolean>>, names?: { us?: unknown, them?: unknown } | null, accepted?: boolean, rules?: RuleSet | null }} [options]
 * @returns {BuiltRequest}
 */
export function buildRequest(deal, { badInput = {}, names = null, accepted = false, rules = null } = {}) {
  /** @type {CoreError[]} */
  const problems = [];
  /** @type {string[]} */
  const missing = [];
  const { contract } = deal;
  const capot = deal.capot === "none" ? null : deal.capot;
  /** @type {DealRequest} */
  const request = { version: VERSION };
  if (!contract || !deal.bidder) missing.push("game");
  if (contract) request.contract = contract;
  if (deal.bidder) request.bidder = deal.bidder;
  request.doubling = deal.doubling;
  if (capot) {
    // A capot team holds every card and the last trick: no need to type them.
    if (contract) request.cards = { team: capot, points: DECK_POINTS_OF[contract] };
  } else if (deal.pileCards) {
    // Counted by its cards: the core counts and checks them (unknown_card, card_twice, …).
    request.cards = { team: deal.pileTeam, cards: deal.pileCards };
    if (deal.pileTricks !== null) request.cards.tricks = deal.pileTricks;
  } else if (badInput["pile-points"]) {
    problems.push(notInteger("cards.points", null));
  } else if (deal.pilePoints === "") {
    missing.push("points");
  } else if (wholeNumber(deal.pilePoints) === null) {
    problems.push(notInteger("cards.points", deal.pilePoints));
  } else {
    const huge = beyondFloats("points_out_of_range", "cards.points", deal.pilePoints, contract ? DECK_POINTS_OF[contract] : null);
    if (huge) problems.push(huge);
    else request.cards = { team: deal.pileTeam, points: /** @type {number} */ (wholeNumber(deal.pilePoints)) }; // a whole number: checked above
  }
  const lastTrick = capot ?? deal.lastTrick;
  if (lastTrick) request.last_trick = lastTrick;
  else missing.push("last_trick");
  request.capot = capot;
  addDeclarations(request, deal, accepted, problems);
  const hanging = hangingProblem(deal.hangingIn, badInput["hanging-in"]);
  if (hanging) problems.push(hanging);
  request.hanging_in = wholeNumber(deal.hangingIn) ?? 0;
  const named = requestNames(names);
  if (named) request.names = named;
  const on = activeRules(rules);
  if (on.length) request.rules = rulesOf(on);
  const incomplete = missing.length > 0;
  /** @type {Readonly<Record<string, DeclarationCounts>>} */
  const COUNTS_OF = deal.declarations;
  const probe = incomplete && !problems.length && Boolean(request.announced) && TEAMS.every((team) => announcedSomething(COUNTS_OF[team]));
  return { request, problems, incomplete, missing, probe };
}

/**
 * The `needs_answer` errors among a reply's errors: the questions the core asks.
 * @template {{ code?: unknown } | null | undefined} E
 * @param {readonly E[] | null | undefined} errors
 * @returns {E[]}
 */
export function questionsAsked(errors) {
  return (errors ?? []).filter((error) => error?.code === "needs_answer");
}

/**
 * The attribute values of a game deal: the inverse of readDeal and buildRequest, to
 * load a recorded deal. `accepted` is true when it was recorded with accepted
 * declarations (then they must be sent back as such).
 * @param {RecordedDeal | null | undefined} deal
 * @returns {{ attributes: Record<string, string | null>, accepted: boolean }}
 */
export function dealAttributes(deal) {
  /** @type {unknown[] | null} */
  const cards = Array.isArray(deal?.cards?.cards) ? deal.cards.cards : null;
  const contract = oneOf(deal?.contract, CONTRACTS, null);
  const points = cards && contract ? cardsPoints(cards, contract) : deal?.cards?.points;
  const declarations = deal?.announced ?? deal?.declarations;
  return {
    attributes: {
      contract: oneOf(deal?.contract, CONTRACTS, null),
      bidder: oneOf(deal?.bidder, TEAMS, null),
      doubling: oneOf(deal?.doubling, DOUBLINGS, "none"),
      capot: oneOf(deal?.capot ?? "none", CAPOTS, "none"),
      "pile-team": oneOf(deal?.cards?.team, TEAMS, "us"),
      "pile-points": points == null ? null : String(points),
      "pile-cards": cards ? formatCards(/** @type {string[]} */ (cards)) : null,
      "pile-tricks": cards && Number.isInteger(deal?.cards?.tricks) ? String(deal?.cards?.tricks) : null,
      "last-trick": oneOf(deal?.last_trick, TEAMS, null),
      "declarations-us": formatDeclarations(declarations?.us),
      "declarations-them": formatDeclarations(declarations?.them),
      ...Object.fromEntries(QUESTIONS.map((q) => [`higher-${q}`, oneOf(deal?.higher?.[q], ANSWERS_TO[q], null)])),
    },
    accepted: !deal?.announced && Boolean(deal?.declarations),
  };
}

/**
 * Whether the two requests are the same.
 * @param {unknown} a
 * @param {unknown} b
 */
export function sameRequest(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * A deal request as a deal of the core's game (no version, hanging_in, names or
 * rules: the game has them; a deal that keeps rules of its own gets them back from
 * the sheet).
 * @param {DealRequest} request
 * @returns {GameDeal}
 */
export function gameDeal(request) {
  const { version, hanging_in, names, rules, ...deal } = request;
  return deal;
}

/**
 * The core's request for a whole game: its deals, with the teams' names and the game's
 * house rules if it has any. `explain` says which rows of the answer carry their
 * explanation: "all" (the default, also when absent), "last", "none", or a list of deal
 * indices from 0 — a long sheet asks only for what it shows, which keeps the answer
 * (and its copy to the page) small. `seats` (the four players' names) and `dealer` (the
 * seat that dealt the first deal) go with it when the game has them: the core then says
 * who dealt each row and who deals next (`next_dealer`).
 * @template D a deal as the caller holds it
 * @param {readonly D[]} deals
 * @param {{ us?: unknown, them?: unknown } | null | undefined} names
 * @param {RuleSet | null} [rules]
 * @param {{ explain?: unknown, seats?: unknown, dealer?: unknown }} [options]
 * @returns {GameRequest<D>}
 */
export function gameRequest(deals, names, rules = null, { explain, seats, dealer } = {}) {
  /** @type {Partial<GameRequest<D>>} */
  const request = { version: VERSION }; // its fields in this order: deals after names and rules
  const named = requestNames(names);
  if (named) request.names = named;
  const on = activeRules(rules);
  if (on.length) request.rules = rulesOf(on);
  if (seats != null) request.seats = seats;
  if (dealer != null) request.dealer = dealer;
  request.deals = [...deals];
  if (explain !== undefined) request.explain = explain;
  return /** @type {GameRequest<D>} */ (request);
}
