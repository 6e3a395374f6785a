// A game as a file: the contract's game format (JSON) to keep or import elsewhere, and
// CSV for a spreadsheet. Pure functions of plain data (the stored game, the core's game
// result and the strings), so Node tests them without a browser.

import { DECLARATIONS, TEAMS } from "../core-tables.js";
import { NOUNS } from "../core-words.js";
import { gameRequest } from "../deal/request.js";
import { format } from "../i18n/strings.js";

/** @import { Game, GameData, GameResult, GameRow, Team } from "../book/types.js"; */
/** @import { Lang } from "../i18n/strings.js"; */

/** A game id as the core takes one (belot_core.identity): Latin letters, digits, - and _. */
const GAME_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Which game `game` (a stored one) is, as the contract writes it: `{id?, played?}` —
 * its id, and the instant it began (`created`) as `toISOString` writes it. Both travel
 * with the game (link, JSON, CSV, backup), so it keeps its date and is known again.
 * @param {{id?: unknown, created?: unknown} | null | undefined} game
 */
export function gameIdentity(game) {
  /** @type {{id?: string, played?: string}} */
  const identity = {};
  if (typeof game?.id === "string" && GAME_ID.test(game.id)) identity.id = game.id;
  const start = new Date(/** @type {string | number} */ (game?.created ?? Number.NaN)); // a stored `created` is a string
  if (!Number.isNaN(start.getTime()) && start.getTime() >= 0) identity.played = start.toISOString();
  return identity;
}

/**
 * The game in the JSON contract's game format — `{version, id?, played?, names?,
 * rules?, seats?, dealer?, match?, note?, deals}`,
 * what `score_game_json` reads and the sheet's Import takes back (a deal played under
 * other rules than the game's keeps them as its own `rules`).
 * @param {Game} game
 * @returns {GameData}
 */
export function gameFile(game) {
  const request = gameRequest(game.deals, game.names, game.rules);
  const { deals, version, names, rules } = request; // a request of a game's deals, names and rules
  // The table around the game travels too (the link's format 2 carries it), and which
  // game it is (format 3).
  /** @type {Record<string, unknown>} */
  const table = {};
  for (const field of ["seats", "dealer", "match", "note"]) if (game[field] != null && game[field] !== "") table[field] = game[field];
  return { version, ...gameIdentity(game), ...(names && { names }), ...(rules && { rules }), ...table, deals };
}

/**
 * A file name for `game`: `belot-2025-05-14-1830.json`, by the game's start (local time).
 * @param {{created: string}} game
 * @param {string} extension
 */
export function fileName(game, extension) {
  const date = new Date(game.created);
  const two = (/** @type {number} */ n) => String(n).padStart(2, "0");
  const stamp = Number.isNaN(date.getTime())
    ? "game"
    : `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}-${two(date.getHours())}${two(date.getMinutes())}`;
  return `belot-${stamp}.${extension}`;
}

// Where a reader of the file may start a cell: the field's start, and after a semicolon
// (the list separator Excel splits on in Bulgarian and many other locales, whatever the
// quotes), a tab or a line break, followed by any spaces. A comma inside a text never
// starts a cell: such a text is always quoted, and a comma reader honours the quotes; in
// a semicolon reader a comma separates nothing. There, what makes a spreadsheet read a
// formula (OWASP, "CSV Injection": = + - @ TAB CR LF), a double quote (a spreadsheet
// unquotes a cell that starts with one, then reads what is inside) and the mark itself.
const FORMULA_START = /(?<=^|[;\t\r\n])(?= *[=+\-@\t\r\n"'])/g;
const MARK = /(?<=^|[;\t\r\n])'/g;

/**
 * One CSV field, safe to open in a spreadsheet (OWASP's CSV-injection guidance) and
 * quoted as RFC 4180 says. The exact rule, which `csvCellText` undoes:
 *
 * 1. A finite number (one we write: deal numbers, points, totals) is written as it is,
 *    `String(value)`, never marked or quoted, so a spreadsheet reads a number.
 * 2. Anything else is text (`null`/`undefined` → ""). One apostrophe `'` (U+0027) is
 *    inserted at the start of the text and after every `;` TAB CR LF in it, wherever
 *    the next character that is not a space (U+0020) is one of `=` `+` `-` `@` TAB CR LF
 *    `"` `'`. (Text that starts with `'` is marked too, so that a `'` in those places is
 *    always ours and undoing is exact.) Never after a comma: "контра, +8 висящи" stays
 *    as it is, quoted.
 * 3. The text is then enclosed in double quotes, each `"` doubled, when it holds a comma,
 *    a semicolon, a double quote, TAB, CR or LF.
 *
 * A CSV import reads a field per RFC 4180 (unquoting it), then gives a text field to
 * `csvCellText`, which removes the one `'` right at the start and right after each
 * `;` TAB CR LF.
 * @param {unknown} value
 * @returns {string}
 */
export function csvCell(value) {
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  const text = String(value ?? "").replace(FORMULA_START, "'");
  return /[",;\t\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The text `csvCell` was given, from the field it wrote (after RFC 4180 unquoting).
 * @param {string} field
 */
export function csvCellText(field) {
  return field.replace(MARK, "");
}

/**
 * "Ние: белот; Вие: 2 × терца" — each team's declarations that counted (`accepted`).
 * @param {GameRow["accepted"]} accepted
 * @param {Record<Team, string>} names
 * @param {Lang} lang
 */
function declarationsText(accepted, names, lang) {
  /** @type {Record<string, string>} */
  const words = NOUNS[lang].declarations;
  /** @type {string[]} */
  const teams = [];
  for (const team of TEAMS) {
    /** @type {Record<string, number>} */
    const counts = accepted?.[team] ?? {};
    const items = DECLARATIONS.filter((/** @type {string} */ kind) => counts[kind] > 0).map((/** @type {string} */ kind) =>
      counts[kind] > 1 ? `${counts[kind]} × ${words[kind]}` : words[kind],
    );
    if (items.length) teams.push(`${names[team]}: ${items.join(", ")}`);
  }
  return teams.join("; ");
}

/**
 * The game as CSV with a header row in the language of `s`: a row per deal (number,
 * contract, bidder, doubling, pile, last trick, capot, declarations that counted, what
 * each team records, the running totals, a note, and in the first row the game's link),
 * lines ended by CRLF. `names` are the teams' names to show; `notes(row)` the sheet's
 * note for a row; `link` the game's link (everything the rows cannot say — the cards of
 * a pile, the players, the dealer, the match, the house rules, which game it is and when
 * it was played — so that Import gives back the very same game).
 * @param {Game} game
 * @param {GameResult | null | undefined} result
 * @param {{travel: Record<string, string>, sheet: {rowPassed: string}}} s the strings of the language
 * @param {Lang} lang
 * @param {Record<Team, string>} names
 * @param {(row: GameRow) => string} notes
 * @param {string} [link]
 */
export function gameCsv(game, result, s, lang, names, notes, link = "") {
  const t = s.travel;
  /** @type {{contracts: Record<string, string>, doublings: Record<string, string>}} */
  const nouns = NOUNS[lang];
  /** @type {unknown[][]} */
  const lines = [
    [
      t.csvNumber,
      t.csvContract,
      t.csvBidder,
      t.csvDoubling,
      t.csvPile,
      t.csvLastTrick,
      t.csvCapot,
      t.csvDeclarations,
      names.us,
      names.them,
      format(t.csvTotal, { team: names.us }),
      format(t.csvTotal, { team: names.them }),
      t.csvNote,
      t.csvLink,
    ],
  ];
  (result?.rows ?? []).forEach((row, index) => {
    const deal = game.deals[index] ?? {};
    /** @type {unknown[]} */
    const cells = [index + 1];
    if (row.passed) cells.push(s.sheet.rowPassed, "", "", "", "", "", "", 0, 0);
    else {
      cells.push(
        (deal.contract && nouns.contracts[deal.contract]) ?? "",
        (deal.bidder && names[deal.bidder]) ?? "",
        deal.doubling && deal.doubling !== "none" ? nouns.doublings[deal.doubling] : "",
        deal.cards ? `${names[deal.cards.team]} ${deal.cards.points ?? row.pile?.points ?? ""}` : "",
        (deal.last_trick && names[deal.last_trick]) ?? "",
        deal.capot ? names[deal.capot] : "",
        declarationsText(row.accepted, names, lang),
        row.record.us,
        row.record.them,
      );
    }
    cells.push(row.totals.us, row.totals.them, notes(row), index === 0 ? link : "");
    lines.push(cells);
  });
  return lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
