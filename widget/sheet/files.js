// The score sheet's files: a game read from a file the player picked (checked for size and
// form before the core sees it), a game saved as the contract's JSON or as CSV for a
// spreadsheet, and what was kept aside on this device, downloaded as one JSON file.

import { STORE_WORDS } from "../i18n/store-strings.js";
import { STRINGS } from "../i18n/strings.js";
import { TRAVEL_WORDS } from "../i18n/travel-strings.js";
import { fileName, gameCsv, gameFile } from "../files/export.js";
import { MAX_FILE_BYTES, readPicked } from "../files/file-read.js";
import { scriptURL } from "../runtime/origin.js";
import { download } from "./share.js";
import { rowNotes, teamNames } from "./summary.js";

/**
 * @typedef {import("./table-mode.js").Lang} Lang
 * @typedef {import("../files/file-read.js").Picked} FileRead what a file holds (files/file-read.js readPicked)
 * @typedef {Extract<FileRead, {game: unknown}>["game"]} GameRead one game read from a file, for the core to check
 * @typedef {Extract<FileRead, {refused: string}>} Refused why a file is not read, in the travel words' key
 */

/**
 * `file` read on this thread (files/file-read.js readPicked).
 * @param {File} file
 */
function readHere(file) {
  return readPicked(file);
}

/**
 * What `file` holds, read off the page's thread (files/file-worker.js running
 * files/file-read.js readPicked): `{game: {data, totals?}}`, `{backup}` or `{refused,
 * params}`. A file over the largest read is refused by its size before a worker starts.
 * Where no worker can start (Node, or the worker's script failed to load), it is read
 * here: its size and its nesting are still counted before anything is parsed.
 * @param {File} file
 * @param {{ Worker?: typeof Worker }} [options]
 * @returns {Promise<FileRead>}
 */
export async function readFile(file, { Worker: Runner = globalThis.Worker } = {}) {
  if (file.size > MAX_FILE_BYTES) return readHere(file); // refused by its size, unread
  if (typeof Runner !== "function") return readHere(file);
  // The worker is our own files/file-worker.js: its one message is readPicked's answer.
  const answer = await /** @type {Promise<FileRead | null>} */ (
    new Promise((resolve) => {
      /** @type {Worker} */
      let worker;
      try {
        // Through the widget's Trusted Types policy, as the calculator's own worker (runtime/origin.js).
        worker = new Runner(scriptURL(new URL("../files/file-worker.js", import.meta.url), "the file reader"), { type: "module", name: "belot-file" });
      } catch {
        resolve(null);
        return;
      }
      /** @param {FileRead | null} value */
      const done = (value) => {
        worker.terminate();
        resolve(value);
      };
      worker.addEventListener("message", ({ data }) => done(data));
      worker.addEventListener("error", () => done(null));
      worker.postMessage({ file });
    })
  );
  return answer ?? readHere(file);
}

/**
 * One game from `file`: `{data, totals?}` (parsed JSON for the core to check; from the
 * sheet's CSV also `totals`, the file's last running totals) or `{refused, params}` with
 * the travel words' key of why not (files/file-read.js). A backup is no game here.
 * @param {File} file
 * @returns {Promise<GameRead | Refused>}
 */
export async function readGameFile(file) {
  const read = await readFile(file);
  if ("backup" in read) return { refused: "notJson", params: {} };
  return "game" in read ? read.game : read;
}

/**
 * Save `game` (its `result` the core's) as a file: the contract's JSON, or CSV in `lang` (with the game's `link`).
 * @param {Parameters<typeof gameCsv>[0]} game the game as files/export.js takes it
 * @param {Parameters<typeof gameCsv>[1]} result
 * @param {"json" | "csv"} kind
 * @param {Lang} lang
 * @param {string} [link]
 */
export function exportGame(game, result, kind, lang, link = "") {
  if (kind === "json") {
    download(fileName(game, "json"), "application/json", `${JSON.stringify(gameFile(game), null, 1)}\n`);
    return;
  }
  const s = { ...STRINGS[lang], travel: TRAVEL_WORDS[lang], store: STORE_WORDS[lang] };
  // summary.js teamNames gives a name per team (its type is inferred from untyped code).
  const names = /** @type {Record<import("./table-mode.js").Team, string>} */ (teamNames(game, s));
  const csv = gameCsv(game, result, s, lang, names, (/** @type {Parameters<typeof rowNotes>[0]} */ row) => rowNotes(row, s.sheet, lang).join(", "), link);
  // A byte-order mark, so a spreadsheet reads the Cyrillic as UTF-8.
  download(fileName(game, "csv"), "text/csv;charset=utf-8", `\ufeff${csv}`);
}

/**
 * Everything kept aside in `store` (what could not be read, games the core refused), as one JSON file.
 * @param {{ asideRecords(): Promise<unknown[]> }} store
 * @param {Date} [now]
 */
export async function downloadAside(store, now = new Date()) {
  const records = await store.asideRecords();
  const file = { kept_aside: records, saved: now.toISOString() };
  download(`belot-kept-aside-${fileName({ created: file.saved }, "json").slice("belot-".length)}`, "application/json", `${JSON.stringify(file, null, 1)}\n`);
}
