// A game from the CSV the sheet exports (files/export.js gameCsv), for Import: the file a
// player kept in a spreadsheet comes back as a game. No DOM: Node tests it.
//
// The CSV is the sheet as the players saw it, in the language it was saved in: a header
// (its words tell the language; the two team columns are the names), then a row per deal
// — the contract, the bidder, contra, the counted pile ("Ние 81"), the last trick, the
// capot, the declarations that counted ("Ние: белот, 2 × терца; Вие: кварта"), what each
// team recorded and the running totals. From it the deal is rebuilt with the declarations
// as accepted (the announcements behind them are not in the file), and the core scores
// it again; the file's running totals must come out, else the file is refused (a game
// played under house rules the file does not carry, or a file changed by hand). Cells are
// read as RFC 4180 says and unmarked with csvCellText (the export's CSV-injection guard).

import { CONTRACTS, DECK_POINTS, DECLARATIONS, DOUBLINGS, TEAMS } from "../core-tables.js";
import { NOUNS } from "../core-words.js";
import { LANGUAGES, STRINGS } from "../i18n/strings.js";
import { TRAVEL_WORDS } from "../i18n/travel-strings.js";
import { csvCellText } from "./export.js";

const COLUMNS = ["csvNumber", "csvContract", "csvBidder", "csvDoubling", "csvPile", "csvLastTrick", "csvCapot", "csvDeclarations"];
const TOTALS_AT = 10;
const LINK_AT = 13;

/** @import { Deal, GameData, Pair, Team } from "../book/types.js"; */
/** @typedef {keyof typeof TRAVEL_WORDS} Lang */

/**
 * A CSV read (gameFromCsv): its game and last totals, the game's link and the totals it
 * must come out at, or why it is refused (the travel words' key, and its params).
 * @typedef {{data: GameData, totals: Pair} | {link: string, totals: Pair} | {refused: string, params: Record<string, unknown>}} CsvRead
 */

/**
 * The fields of each line of `text` (RFC 4180: quoted fields, "" inside, CRLF or LF).
 * @param {string} text
 * @returns {string[][]}
 */
export function csvRows(text) {
  /** @type {string[][]} */
  const rows = [];
  /** @type {string[]} */
  let row = [];
  let field = "";
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') ((field += '"'), (i += 1));
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") (row.push(field), (field = ""));
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i += 1;
      row.push(field);
      rows.push(row);
      ((row = []), (field = ""));
    } else field += c;
  }
  if (field !== "" || row.length) rows.push([...row, field]);
  return rows.filter((cells) => cells.some((cell) => cell !== ""));
}

/**
 * Whether `text` looks like the sheet's CSV (its first cell is a header's "№" / "No.").
 * @param {string} text
 */
export function looksLikeCsv(text) {
  const first = csvRows(text.slice(0, 2000))[0]?.[0];
  return LANGUAGES.some((lang) => first === TRAVEL_WORDS[/** @type {Lang} */ (lang)].csvNumber);
}

/**
 * The key of `words` whose value is `text`, or undefined.
 * @param {Record<string, string>} words
 * @param {string | undefined} text
 */
function keyOf(words, text) {
  return Object.keys(words).find((key) => words[key] === text);
}

/**
 * The game in `text` (the sheet's CSV): `{data, totals}` — the contract's game and the
 * file's last running totals — or `{refused, params}` with the travel words' key of why
 * not ("notCsv", or "csvRow" with the line's number).
 * @param {string} text
 * @returns {CsvRead}
 */
export function gameFromCsv(text) {
  const rows = csvRows(text).map((cells) => cells.map(csvCellText));
  const header = rows[0] ?? [];
  const found = LANGUAGES.find((code) =>
    COLUMNS.every((key, i) => header[i] === /** @type {Record<string, string>} */ (TRAVEL_WORDS[/** @type {Lang} */ (code)])[key]),
  );
  const lang = /** @type {Lang | undefined} */ (found);
  if (!lang || header.length < TOTALS_AT + 2) return { refused: "notCsv", params: {} };
  const s = STRINGS[lang];
  const labels = s.teams;
  /** @type {Record<Team, string>} */
  const shown = { us: header[8], them: header[9] };
  /** @type {Record<Team, string>} */
  const names = { us: "", them: "" };
  for (const team of TEAMS) names[team] = shown[team] === labels[team] ? "" : shown[team];
  // The game's link (the export writes it in the first row): the very same game, checked
  // by the core, with everything the rows cannot say; the last row's totals must come out.
  const link = header[LINK_AT] === TRAVEL_WORDS[lang].csvLink ? (rows[1]?.[LINK_AT] ?? "") : "";
  if (link) {
    const last = rows.at(-1) ?? []; // (the header and the link's row at least)
    const totals = { us: Number(last[TOTALS_AT]), them: Number(last[TOTALS_AT + 1]) };
    if (!Number.isInteger(totals.us) || !Number.isInteger(totals.them)) return { refused: "csvRow", params: { line: rows.length } };
    return { link, totals };
  }
  // Without the link the rows name the teams: two teams of one name cannot be told apart.
  if (shown.us === shown.them) return { refused: "notCsv", params: {} };
  /** @type {Deal[]} */
  const deals = [];
  let totals = { us: 0, them: 0 };
  for (let line = 1; line < rows.length; line += 1) {
    const deal = dealOf(rows[line], { lang, shown, passed: s.sheet.rowPassed });
    const us = Number(rows[line][TOTALS_AT]);
    const them = Number(rows[line][TOTALS_AT + 1]);
    if (!deal || !Number.isInteger(us) || !Number.isInteger(them)) return { refused: "csvRow", params: { line: line + 1 } };
    deals.push(deal);
    totals = { us, them };
  }
  /** @type {GameData} */
  const data = { version: 1, deals };
  if (names.us || names.them) data.names = names;
  return { data, totals };
}

/**
 * One deal from its CSV row, or null if a cell is not what the export writes.
 * @param {string[]} cells
 * @param {{lang: Lang, shown: Record<Team, string>, passed: string}} how
 * @returns {Deal | null}
 */
function dealOf(cells, { lang, shown, passed }) {
  const nouns = NOUNS[lang];
  const [, contractText, bidderText, doublingText, pileText, lastText, capotText, declarationsText] = cells;
  if (contractText === passed) return { passed: true };
  const team = (/** @type {string | undefined} */ text) => /** @type {Team | undefined} */ (keyOf(shown, text));
  const contract = keyOf(nouns.contracts, contractText);
  const bidder = team(bidderText);
  const doubling = doublingText === "" ? "none" : keyOf(nouns.doublings, doublingText);
  const capot = capotText === "" ? null : team(capotText);
  if (!contract || !CONTRACTS.includes(contract) || !bidder || !doubling || !DOUBLINGS.includes(doubling) || capot === undefined) return null;
  /** @type {Deal} */
  const deal = { contract, bidder, doubling, capot };
  const pile = TEAMS.map((key) => /** @type {[Team, string]} */ ([key, `${shown[key]} `])).find(([, head]) => pileText.startsWith(head));
  const points = pile ? Number(pileText.slice(pile[1].length)) : NaN;
  const last = team(lastText);
  if (pile && Number.isInteger(points) && last) {
    deal.cards = { team: pile[0], points };
    deal.last_trick = last;
  } else if (capot && pileText === "" && !lastText) {
    // A capot team holds every card and the last trick (as the form enters it).
    deal.cards = { team: capot, points: /** @type {Record<string, number>} */ (DECK_POINTS)[contract] };
    deal.last_trick = capot;
  } else return null;
  const declarations = declarationsOf(declarationsText, shown, nouns.declarations);
  if (!declarations) return null;
  deal.declarations = declarations;
  return deal;
}

/**
 * "Ние: белот, 2 × терца; Вие: кварта" → the accepted counts per team, or null.
 * @param {string} text
 * @param {Record<Team, string>} shown
 * @param {Record<string, string>} words
 */
function declarationsOf(text, shown, words) {
  /** @type {Record<Team, Record<string, number>>} */
  const counts = { us: {}, them: {} };
  let rest = text;
  while (rest) {
    const team = TEAMS.find((key) => rest.startsWith(`${shown[key]}: `));
    if (!team) return null;
    rest = rest.slice(shown[team].length + 2);
    // This team's items run to the other team's "; Name: ", or to the end.
    const other = /** @type {Team} */ (TEAMS.find((/** @type {Team} */ key) => key !== team));
    const cut = rest.indexOf(`; ${shown[other]}: `);
    const items = cut < 0 ? rest : rest.slice(0, cut);
    rest = cut < 0 ? "" : rest.slice(cut + 2);
    for (const item of items.split(", ")) {
      const [, times, word] = /^(?:(\d+) × )?(.+)$/.exec(item) ?? [];
      const kind = DECLARATIONS.find((/** @type {string} */ key) => words[key] === word);
      if (!kind) return null;
      counts[team][kind] = (counts[team][kind] ?? 0) + Number(times ?? 1);
    }
  }
  return counts;
}
