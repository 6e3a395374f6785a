// The mark that games were kept on this device: a few bytes in localStorage under
// `<storage-key>.kept`, beside the games (IndexedDB), so that the next open can tell
// "the browser cleared the games" from "there never were any".
//
// Why localStorage: Chromium's eviction under storage pressure deletes what its quota
// manager holds for a site — IndexedDB, Cache Storage, service workers — and
// localStorage is not among them (storage/browser/quota/quota_client_type.h), so there
// the mark outlives the games. Firefox evicts a site's localStorage with the rest, and
// Safari's seven-day rule deletes every kind of script-written storage: there the mark
// goes with the games, and so it does everywhere when a player clears the site's data
// by hand. docs/storage.md has the sources; a backup file is the answer where no mark
// survives.
//
//   {"games": 3, "saved": "2026-05-14T19:00:00.000Z", "backup": "2026-05-01T…" | null}
//
// `games`: how many games with deals were saved; `saved`: when they last were;
// `backup`: when a backup of them was last made here. Pure functions of an injected
// localStorage (null when the site may keep none: then nothing is read or written).

/**
 * The mark: how many games with deals were saved, when they last were, when a backup of them was made.
 * @typedef {{games: number, saved: string | null, backup: string | null}} Mark
 */

/**
 * The mark's key: the games' storage key with ".kept".
 * @param {string} storageKey
 */
export function markKey(storageKey) {
  return `${storageKey}.kept`;
}

const isDate = (/** @type {unknown} */ value) => typeof value === "string" && !Number.isNaN(Date.parse(value));

/**
 * The mark as stored, read defensively: `{games, saved, backup}`, or null (none, or unreadable).
 * @param {Pick<Storage, "getItem"> | null | undefined} local
 * @param {string} storageKey
 * @returns {Mark | null}
 */
export function readMark(local, storageKey) {
  let text;
  try {
    text = local?.getItem(markKey(storageKey));
  } catch {
    return null; // site data blocked: a SecurityError
  }
  if (!text) return null;
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(value?.games) || value.games < 0) return null;
  return { games: value.games, saved: isDate(value.saved) ? value.saved : null, backup: isDate(value.backup) ? value.backup : null };
}

/**
 * Write the mark; false if the browser refused (full, or no site data).
 * @param {Pick<Storage, "setItem"> | null | undefined} local
 * @param {string} storageKey
 * @param {{games: number, saved?: string | null, backup?: string | null}} mark
 */
export function writeMark(local, storageKey, { games, saved = null, backup = null }) {
  if (!local) return false;
  try {
    local.setItem(markKey(storageKey), JSON.stringify({ games, saved, backup }));
    return true;
  } catch {
    return false;
  }
}
