// The sheet's words: the element's (i18n/strings.js, team-named) with the groups the
// sheet loads with it — games that travel, saving them, keeping them, the table.

import { KEEP_WORDS } from "../i18n/keep-strings.js";
import { SEAT_WORDS } from "../i18n/seat-strings.js";
import { STORE_WORDS } from "../i18n/store-strings.js";
import { TRAVEL_WORDS } from "../i18n/travel-strings.js";

/** @import { ElementWords, Language, Words } from "./view-types.js"; */

/**
 * The strings `s` with the words of games that travel (`s.travel`), of saving them (`s.store`) and of the table (`s.seats`):
 * added all together, so a `store` says the others are there too.
 * @param {ElementWords} s
 * @param {Language} lang
 * @returns {Words}
 */
export function words(s, lang) {
  return s.store ? /** @type {Words} */ (s) : { ...s, travel: TRAVEL_WORDS[lang], store: STORE_WORDS[lang], keep: KEEP_WORDS[lang], seats: SEAT_WORDS[lang] };
}
