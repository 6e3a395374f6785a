// Reading a file the player picked, without the page: measured first and refused by its
// size unread, then (off the main thread: files/file-worker.js runs this) read, its JSON's
// nesting counted before it is parsed, parsed, and told apart — a backup of every game
// (files/backup.js, read here to its games), one game as JSON, or the sheet's CSV. What
// comes back to the page is small and plain: the page never parses a stranger's file.
//
// The limits (docs/security.md, "Files"): a game file is what the core reads
// (MAX_INPUT_CHARS, four bytes a character at most); a backup at most MAX_BACKUP_BYTES
// and MAX_BACKUP_GAMES games; JSON nested at most MAX_DEPTH deep (the core's limit: a
// game nests five deep, a backup seven), so a file of a million brackets is refused by
// a count, never by a parser's stack.

import { MAX_DEPTH, MAX_INPUT_CHARS } from "../core-tables.js";
import { isBackup, MAX_BACKUP_BYTES, readBackup } from "./backup.js";
import { gameFromCsv, looksLikeCsv } from "./csv-import.js";

/** The largest file read at all: a backup's limit; a game's is the core's (MAX_INPUT_CHARS). */
export const MAX_FILE_BYTES = MAX_BACKUP_BYTES;
/** The most bytes a game file can have: the core reads MAX_INPUT_CHARS characters of at most four bytes. */
export const MAX_GAME_BYTES = 4 * MAX_INPUT_CHARS;

/** @import { BackupRead } from "./backup.js"; */
/** @import { Pair } from "../book/types.js"; */

/**
 * What a picked file holds: one game (for the core to check), a backup read, or why it is refused.
 * @typedef {{game: {data: unknown, totals?: Pair} | {link: string, totals: Pair}} | {backup: BackupRead} | {refused: string, params: Record<string, unknown>}} Picked
 */

const kb = (/** @type {number} */ bytes) => Math.ceil(bytes / 1000);

/**
 * How deep `text` nests arrays and objects (outside strings), counted up to `stop` + 1 at most.
 * @param {string} text
 * @param {number} [stop]
 */
export function nesting(text, stop = MAX_DEPTH) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > deepest && (deepest = depth) > stop) return deepest;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return deepest;
}

/**
 * What `file` ({name, size, text()}) holds, read: `{game: {data, totals?}}` (one game, for
 * the core to check), `{backup: {games, bad} | {problem}}` (a backup, read by
 * files/backup.js readBackup), or `{refused, params}` with the travel words' key of why
 * not: "tooLarge" ({size, max} in KB: the game's limit), "tooLargeBackup" (over the
 * largest file read: {size, max} in KB), "tooDeep" ({max}), "notJson", "notCsv", "csvRow".
 * @param {{name?: string, size: number, text(): Promise<string>}} file
 * @returns {Promise<Picked>}
 */
export async function readPicked(file) {
  if (file.size > MAX_FILE_BYTES) return { refused: "tooLargeBackup", params: { size: kb(file.size), max: kb(MAX_FILE_BYTES) } };
  let text;
  try {
    text = await file.text();
  } catch {
    return { refused: "notJson", params: {} };
  }
  const tooLarge = () => ({ refused: "tooLarge", params: { size: kb(file.size), max: kb(MAX_INPUT_CHARS) } });
  // The sheet's own CSV comes back too (files/csv-import.js), with its totals to check.
  if (/\.csv$/i.test(file.name ?? "") || looksLikeCsv(text)) {
    if (text.length > MAX_INPUT_CHARS) return tooLarge();
    const read = gameFromCsv(text);
    return "refused" in read ? read : { game: read };
  }
  if (nesting(text) > MAX_DEPTH) return { refused: "tooDeep", params: { max: MAX_DEPTH } };
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { refused: "notJson", params: {} };
  }
  if (isBackup(data)) return { backup: readBackup(data) };
  if (text.length > MAX_INPUT_CHARS || file.size > MAX_GAME_BYTES) return tooLarge();
  return { game: { data } };
}
