// The score sheet's files: a game read from a file the player picked (checked for size and
// form before the core sees it), a game saved as the contract's JSON or as CSV for a
// spreadsheet, and what was kept aside on this device, downloaded as one JSON file.

import { MAX_INPUT_CHARS } from "../core-tables.js";
import { STORE_WORDS } from "../i18n/store-strings.js";
import { STRINGS } from "../i18n/strings.js";
import { TRAVEL_WORDS } from "../i18n/travel-strings.js";
import { gameFromCsv, looksLikeCsv } from "./csv-import.js";
import { fileName, gameCsv, gameFile } from "./export.js";
import { download } from "./share.js";
import { rowNotes, teamNames } from "./summary.js";

/**
 * What `file` holds: `{data}` (parsed JSON, for the core to check; from the sheet's CSV
 * also `totals`, the file's last running totals), or `{refused, params}` with the travel
 * words' key of why not ("tooLarge" with the size and the limit in KB, "notJson",
 * "notCsv", "csvRow"). A file longer than the core reads is too large before it is read: four bytes
 * a character at most.
 */
export async function readGameFile(file) {
  const max = Math.round(MAX_INPUT_CHARS / 1000);
  const tooLarge = (size) => ({ refused: "tooLarge", params: { size: Math.ceil(size / 1000), max } });
  if (file.size > 4 * MAX_INPUT_CHARS) return tooLarge(file.size);
  let text;
  try {
    text = await file.text();
  } catch {
    return { refused: "notJson", params: {} };
  }
  if (text.length > MAX_INPUT_CHARS) return tooLarge(new Blob([text]).size);
  // The sheet's own CSV comes back too (sheet/csv-import.js), with its totals to check.
  if (/\.csv$/i.test(file.name ?? "") || looksLikeCsv(text)) return gameFromCsv(text);
  try {
    return { data: JSON.parse(text) };
  } catch {
    return { refused: "notJson", params: {} };
  }
}

/** Save `game` (its `result` the core's) as a file: the contract's JSON, or CSV in `lang` (with the game's `link`). */
export function exportGame(game, result, kind, lang, link = "") {
  if (kind === "json") {
    download(fileName(game, "json"), "application/json", `${JSON.stringify(gameFile(game), null, 1)}\n`);
    return;
  }
  const s = { ...STRINGS[lang], travel: TRAVEL_WORDS[lang], store: STORE_WORDS[lang] };
  const csv = gameCsv(game, result, s, lang, teamNames(game, s), (row) => rowNotes(row, s.sheet, lang).join(", "), link);
  // A byte-order mark, so a spreadsheet reads the Cyrillic as UTF-8.
  download(fileName(game, "csv"), "text/csv;charset=utf-8", `\ufeff${csv}`);
}

/** Everything kept aside in `store` (what could not be read, games the core refused), as one JSON file. */
export async function downloadAside(store, now = new Date()) {
  const records = await store.asideRecords();
  const file = { kept_aside: records, saved: now.toISOString() };
  download(`belot-kept-aside-${fileName({ created: file.saved }, "json").slice("belot-".length)}`, "application/json", `${JSON.stringify(file, null, 1)}\n`);
}
