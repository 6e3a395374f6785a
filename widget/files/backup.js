// A backup: every game on this device in one file, to keep outside the browser and to
// bring back after the browser cleared the games, or onto another device. The format
// (docs/sheet.md, "Backing up every game"):
//
//   {"belot_backup": 1, "saved": "2026-05-14T19:00:00.000Z", "games": [<game>, …]}
//
// where each game is the record as the sheet stores it — id, created, updated, names,
// rules, deals, and any field a newer version added — without its revision. Pure
// functions: the file and its text, reading one defensively, and what each game of a
// backup is to the games here (already here, an older version of one here, new, or new
// under an id another game has), so a backup brought back twice adds nothing the second
// time and no game here is ever replaced — only brought up to date by the same game with
// more deals (book/book-backup.js, from either team's side).

import { canonical, isObject, readRecords } from "../book/records.js";

/** @import { Deal, Game, GameData, Rules } from "../book/types.js"; */

/**
 * A backup file: the envelope and every game with deals, revisions aside.
 * @typedef {{belot_backup: number, saved: string, games: Game[]}} BackupFile
 */
/**
 * A backup read (readBackup): its readable games and how many entries were no game, or why it is not read.
 * @typedef {{games: Game[], bad: number} | {problem: "newer" | "unreadable"} | {problem: "tooMany", params: {count: number, max: number}}} BackupRead
 */

export const BACKUP_KEY = "belot_backup";
export const BACKUP_FORMAT = 1;
/**
 * A backup file larger than this is refused unread: 1,000 games of 5 KB (a game of 30
 * deals is 2-3 KB; docs/security.md, "Files").
 */
export const MAX_BACKUP_BYTES = 5_000_000;
/**
 * At most this many games in one backup (each one is checked by the core): some three
 * years of a game a day, what a phone's list and the statistics still show at once.
 */
export const MAX_BACKUP_GAMES = 1_000;

/**
 * Whether parsed JSON is a backup (of any format number), not a single game.
 * @param {unknown} data
 * @returns {data is Record<string, unknown>}
 */
export function isBackup(data) {
  return isObject(data) && Object.hasOwn(data, BACKUP_KEY);
}

/**
 * The backup of `games` (stored records) at `now`: the games with deals, revisions aside.
 * @param {(Game & {rev?: string | null})[]} games
 * @param {Date} now
 * @returns {BackupFile}
 */
export function backupFile(games, now) {
  const kept = games.filter((game) => game.deals.length > 0).map(({ rev: _rev, ...game }) => structuredClone(game));
  return { [BACKUP_KEY]: BACKUP_FORMAT, saved: now.toISOString(), games: kept };
}

/**
 * The file's text: the envelope, then a game a line (compact, and readable in an editor).
 * @param {BackupFile} file
 */
export function backupText(file) {
  const games = file.games.map((game) => JSON.stringify(game)).join(",\n");
  return `{"${BACKUP_KEY}": ${JSON.stringify(file[BACKUP_KEY])}, "saved": ${JSON.stringify(file.saved)}, "games": [\n${games}\n]}\n`;
}

/**
 * A parsed backup, read: `{games, bad}` — its readable games (as readGame reads a stored
 * one) and how many entries were no game — or `{problem}`: "newer" (a later format,
 * from a newer calculator), "tooMany" (more than MAX_BACKUP_GAMES games; `params`:
 * {count, max}) or "unreadable" (not a backup this version reads).
 * @param {unknown} data
 * @returns {BackupRead}
 */
export function readBackup(data) {
  if (!isBackup(data)) return { problem: "unreadable" };
  const format = data[BACKUP_KEY];
  if (typeof format === "number" && Number.isSafeInteger(format) && format > BACKUP_FORMAT) return { problem: "newer" };
  if (format !== BACKUP_FORMAT || !Array.isArray(data.games)) return { problem: "unreadable" };
  if (data.games.length > MAX_BACKUP_GAMES) return { problem: "tooMany", params: { count: data.games.length, max: MAX_BACKUP_GAMES } };
  const { games, bad } = readRecords(data.games);
  return { games: games.map(({ rev: _rev, ...game }) => game), bad: bad.length };
}

/**
 * What makes two games the same game, whatever their ids: their names, rules and deals.
 * @param {{names?: {us?: unknown, them?: unknown}, rules?: Rules, deals: Deal[]}} game
 */
export function contentKey(game) {
  const names = { us: game.names?.us ?? "", them: game.names?.them ?? "" };
  return canonical({ names, rules: game.rules ?? {}, deals: game.deals });
}

/**
 * Whether `deals` begin with every deal of `head`.
 * @param {Deal[]} deals
 * @param {Deal[]} head
 */
function startsWith(deals, head) {
  return head.length <= deals.length && head.every((deal, index) => canonical(deal) === canonical(deals[index]));
}

/**
 * What `game` (of a backup) is to the games here — `here`: id → game, `contents`: the
 * contentKey of each: "same" (the game here with its id, as it is), "older" (the game
 * here with its id has every deal of it: a later version), "add" (new: added under its
 * own id), or "copy" (its id is a different game's here: added under a new id, never
 * over it). A game is known by its id: two games of the same names and deals are two
 * games; only an entry without an id is known by its content.
 * @param {Game | GameData} game
 * @param {Map<string, Game>} here
 * @param {Set<string>} contents
 * @returns {"same" | "older" | "add" | "copy"}
 */
export function placeOf(game, here, contents) {
  const mine = typeof game.id === "string" && game.id ? here.get(game.id) : null;
  if (!mine) return mine === null && contents.has(contentKey(game)) ? "same" : "add";
  if (contentKey(mine) === contentKey(game)) return "same";
  return startsWith(mine.deals, game.deals) ? "older" : "copy";
}
