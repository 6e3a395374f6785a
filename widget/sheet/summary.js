// The sheet's words for a game, from plain data: the team names to show, a date as the
// reader's language writes it, a row's note, where the game stands, and the whole game as
// plain text (to share or copy). No DOM: Node tests them; the view and the files use them.

import { MESSAGES, TEAMS } from "../core-tables.js";
import { NOUNS } from "../core-words.js";
import { rowRuleNote } from "../i18n/rule-words.js";
import { format } from "../i18n/strings.js";
import { messageText } from "../ui/kit.js";
/** @import { Game, GameResult, Language, Row, Team, SheetWords, Words } from "./view-types.js"; */

// One date format per language: making an Intl.DateTimeFormat costs about a millisecond,
// and the sheet shows a date for every game on the device.
/** @type {Map<Language, Intl.DateTimeFormat>} */
const dateFormats = new Map();

/** The teams, in their order (core-tables.js is generated without types). */
const TEAM_LIST = /** @type {readonly Team[]} */ (TEAMS);

/**
 * `iso` as the reader's language writes a date and time ("2 яну 2026 г., 20:00").
 * @param {string} iso
 * @param {Language} lang
 * @returns {string}
 */
export function formatDate(iso, lang) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  try {
    if (!dateFormats.has(lang)) {
      dateFormats.set(lang, new Intl.DateTimeFormat(lang === "bg" ? "bg-BG" : "en-GB", { dateStyle: "medium", timeStyle: "short" }));
    }
    return /** @type {Intl.DateTimeFormat} */ (dateFormats.get(lang)).format(date);
  } catch {
    return date.toISOString().slice(0, 16).replace("T", " ");
  }
}

/**
 * The team names to show: the game's own, or the defaults of `s` (Ние/Вие, Us/Them).
 * @param {Pick<Game, "names"> | null | undefined} game
 * @param {Pick<Words, "teams">} s
 * @returns {Record<Team, string>}
 */
export function teamNames(game, s) {
  const names = /** @type {Record<Team, string>} */ ({});
  for (const team of TEAM_LIST) names[team] = (game?.names?.[team] ?? "").trim() || s.teams[team];
  return names;
}

/**
 * The winners' line's words: the winning team and its score first, whichever column
 * won („Победители: Мария и Ана (164 : 130)“).
 * @param {GameResult} result a won game's (its `winner` set)
 * @param {Record<Team, string>} names
 */
export function winnerParams(result, names) {
  const winner = /** @type {Team} */ (result.winner);
  const loser = /** @type {Team} */ (TEAM_LIST.find((team) => team !== winner)); // (there are two)
  return { team: names[winner], won: result.totals[winner], lost: result.totals[loser] };
}

/**
 * Where the game stands, in the core's words (its `status`), in `lang`.
 * @param {GameResult | null | undefined} result
 * @param {Language} lang
 * @returns {string}
 */
export function statusText(result, lang) {
  const status = result?.status;
  return messageText(status?.message, lang, status?.code ?? "");
}

/**
 * Why a game at 151 goes on after this row, in the core's words ("" if it does not): a
 * row's status is its code alone, the words are the core's tables' (with the row's totals).
 * @param {Row} row
 * @param {Language} lang
 * @returns {string}
 */
export function rowWhy(row, lang) {
  const code = row.status?.code;
  if (code !== "status_capot" && code !== "status_tied") return "";
  return format(MESSAGES[code][lang] ?? MESSAGES[code].en, row.totals);
}

/**
 * A row's note: passed, contra/recontra, capot, inside, what hangs, a house rule that counted.
 * @param {Row} row
 * @param {SheetWords} t the sheet's words
 * @param {Language} lang
 * @returns {string[]}
 */
export function rowNotes(row, t, lang) {
  const notes = [];
  if (row.passed) notes.push(t.rowPassed);
  if (row.doubling && row.doubling !== "none") notes.push(/** @type {Record<string, string>} */ (NOUNS[lang].doublings)[row.doubling]);
  if (row.capot) notes.push(t.rowCapot);
  if (row.outcome === "inside") notes.push(t.rowInside);
  if (row.collected && row.collected.points > 0) notes.push(format(t.rowCollected, { points: row.collected.points }));
  if ((row.hanging_out ?? 0) > 0) notes.push(format(t.rowHanging, { points: row.hanging_out }));
  if (row.applied_rules?.length) notes.push(rowRuleNote(row, lang));
  return notes;
}

/**
 * A row in a few words: "5. 10 : 27 (+9 висящи)", "6. пас", "7. 0 : 8 (висят 8)".
 * @param {Row} row
 * @param {number} n
 * @param {Pick<Words, "sheet">} s
 */
export function rowLine(row, n, s) {
  const t = s.sheet;
  if (row.passed) return `${n}. ${t.rowPassed}`;
  const notes = [];
  if (row.collected && row.collected.points > 0) notes.push(format(t.rowCollected, { points: row.collected.points }));
  if ((row.hanging_out ?? 0) > 0) notes.push(format(t.rowHanging, { points: row.hanging_out }));
  return `${n}.\u00a0${row.record.us}\u00a0:\u00a0${row.record.them}${notes.length ? ` (${notes.join(", ")})` : ""}`;
}

/**
 * A plain-text summary of a game, in the language of `s`.
 * @param {Game} game
 * @param {GameResult | null | undefined} result
 * @param {Pick<Words, "sheet" | "teams">} s
 * @param {Language} lang
 * @param {Record<Team, string>} [names]
 */
export function summaryText(game, result, s, lang, names = teamNames(game, s)) {
  const t = s.sheet;
  const lines = [format(t.textTitle, { date: formatDate(game.created, lang) }), `${names.us} : ${names.them}`];
  (result?.rows ?? []).forEach((row, index) => {
    const n = `${index + 1}.`;
    if (row.passed) {
      lines.push(`${n} ${t.textPassed}`);
      return;
    }
    const notes = [];
    if (row.capot) notes.push(t.textCapot);
    if ((row.hanging_out ?? 0) > 0) notes.push(format(t.textHanging, { points: row.hanging_out }));
    const note = notes.length ? ` (${notes.join(", ")})` : "";
    lines.push(`${n} ${row.record.us} : ${row.record.them}${note}`);
  });
  const totals = result?.totals ?? { us: 0, them: 0 };
  lines.push(`${t.textTotal}: ${names.us} ${totals.us} : ${totals.them} ${names.them}`);
  if (result?.winner) {
    lines.push(format(t.textWinner, { team: names[result.winner] }));
    if (result.unclaimed > 0) lines.push(format(t.textUnclaimed, { points: result.unclaimed }));
  } else {
    lines.push(statusText(result, lang));
    if (result && result.hanging > 0) lines.push(format(t.textPot, { points: result.hanging }));
  }
  return lines.join("\n");
}
