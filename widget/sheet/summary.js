// The sheet's words for a game, from plain data: the team names to show, a date as the
// reader's language writes it, a row's note, where the game stands, and the whole game as
// plain text (to share or copy). No DOM: Node tests them; the view and the files use them.

import { MESSAGES, NOUNS, TEAMS } from "../core-tables.js";
import { rowRuleNote } from "../i18n/rule-words.js";
import { format } from "../i18n/strings.js";
import { messageText } from "../ui/kit.js";

// One date format per language: making an Intl.DateTimeFormat costs about a millisecond,
// and the sheet shows a date for every game on the device.
const dateFormats = new Map();

/** `iso` as the reader's language writes a date and time ("2 яну 2026 г., 20:00"). */
export function formatDate(iso, lang) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  try {
    if (!dateFormats.has(lang)) {
      dateFormats.set(lang, new Intl.DateTimeFormat(lang === "bg" ? "bg-BG" : "en-GB", { dateStyle: "medium", timeStyle: "short" }));
    }
    return dateFormats.get(lang).format(date);
  } catch {
    return date.toISOString().slice(0, 16).replace("T", " ");
  }
}

/** The team names to show: the game's own, or the defaults of `s` (Ние/Вие, Us/Them). */
export function teamNames(game, s) {
  const names = {};
  for (const team of TEAMS) names[team] = (game?.names?.[team] ?? "").trim() || s.teams[team];
  return names;
}

/**
 * The winners' line's words: the winning team and its score first, whichever column
 * won („Победители: Мария и Ана (164 : 130)“).
 */
export function winnerParams(result, names) {
  const winner = result.winner;
  const loser = TEAMS.find((team) => team !== winner);
  return { team: names[winner], won: result.totals[winner], lost: result.totals[loser] };
}

/** Where the game stands, in the core's words (its `status`), in `lang`. */
export function statusText(result, lang) {
  const status = result?.status;
  return messageText(status?.message, lang, status?.code ?? "");
}

/**
 * Why a game at 151 goes on after this row, in the core's words ("" if it does not): a
 * row's status is its code alone, the words are the core's tables' (with the row's totals).
 */
export function rowWhy(row, lang) {
  const code = row.status?.code;
  if (code !== "status_capot" && code !== "status_tied") return "";
  return format(MESSAGES[code][lang] ?? MESSAGES[code].en, row.totals);
}

/** A row's note: passed, contra/recontra, capot, inside, what hangs, a house rule that counted. */
export function rowNotes(row, t, lang) {
  const notes = [];
  if (row.passed) notes.push(t.rowPassed);
  if (row.doubling && row.doubling !== "none") notes.push(NOUNS[lang].doublings[row.doubling]);
  if (row.capot) notes.push(t.rowCapot);
  if (row.outcome === "inside") notes.push(t.rowInside);
  if (row.collected?.points > 0) notes.push(format(t.rowCollected, { points: row.collected.points }));
  if (row.hanging_out > 0) notes.push(format(t.rowHanging, { points: row.hanging_out }));
  if (row.applied_rules?.length) notes.push(rowRuleNote(row, lang));
  return notes;
}

/** A row in a few words: "5. 10 : 27 (+9 висящи)", "6. пас", "7. 0 : 8 (висят 8)". */
export function rowLine(row, n, s) {
  const t = s.sheet;
  if (row.passed) return `${n}. ${t.rowPassed}`;
  const notes = [];
  if (row.collected?.points > 0) notes.push(format(t.rowCollected, { points: row.collected.points }));
  if (row.hanging_out > 0) notes.push(format(t.rowHanging, { points: row.hanging_out }));
  return `${n}.\u00a0${row.record.us}\u00a0:\u00a0${row.record.them}${notes.length ? ` (${notes.join(", ")})` : ""}`;
}

/** A plain-text summary of a game, in the language of `s`. */
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
    if (row.hanging_out > 0) notes.push(format(t.textHanging, { points: row.hanging_out }));
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
    if (result?.hanging > 0) lines.push(format(t.textPot, { points: result.hanging }));
  }
  return lines.join("\n");
}
