// The core's cleaning of what people type (belot_core/text.py), here so that every name,
// player and note is the same on every route — typed, pasted, a link, a JSON or CSV file,
// a backup, another tab's save — before it is kept or shown: no invisible character (a bidi
// control that reorders the sheet's head, a zero width space, a control character), no
// space at either end, one space inside. The rule itself is the core's: its character
// classes come generated in core-tables.js (TEXT_RULE), and
// tests/agreement/test_text_js.py runs this module against the core over many inputs.

import { MAX_NAME_LENGTH, MAX_NOTE_LENGTH, MAX_SHOWN, TEXT_RULE } from "./core-tables.js";

const { removed, tags, flag, joiners, spaces } = TEXT_RULE;
const REMOVED = new RegExp(`[${removed}]+`, "gu");
const TAG_RUNS = new RegExp(`(${flag})|[${tags}]+`, "gu");
const LONE_JOINER = `(?<![^${spaces}${joiners}])[${joiners}]|[${joiners}](?![^${spaces}${joiners}])`;
const LONE_JOINERS = new RegExp(LONE_JOINER, "gu");
const ESCAPED = new RegExp(`(${flag})|[${removed}${tags}]|${LONE_JOINER}`, "gu");
const ANY = new RegExp(`[${removed}${tags}${joiners}]`, "u");
const SPACE_RUNS = new RegExp(`[${spaces}]+`, "u");

/**
 * `text` without its invisible characters (text.visible): spaces stay as they are.
 * @param {unknown} text any value: null and undefined are "", others as String() writes them
 * @returns {string}
 */
export function visible(text) {
  const value = String(text ?? "");
  if (!ANY.test(value)) return value;
  return value
    .replace(REMOVED, "")
    .replace(TAG_RUNS, (_, kept) => kept ?? "")
    .replace(LONE_JOINERS, "");
}

/**
 * `text` with what `visible` removes written as escapes ("\\u202e"): text.shown.
 * @param {unknown} text
 * @returns {string}
 */
export function shown(text) {
  const value = String(text ?? "");
  if (!ANY.test(value)) return value;
  return value.replace(ESCAPED, (found, flagKept) => flagKept ?? escape(found));
}

/** @param {string} character one code point */
function escape(character) {
  const code = /** @type {number} */ (character.codePointAt(0)); // never empty: a match of ESCAPED
  return code <= 0xffff ? `\\u${code.toString(16).padStart(4, "0")}` : `\\U${code.toString(16).padStart(8, "0")}`;
}

/**
 * `text` as an error shows a value (errors.echo): whole, or its first MAX_SHOWN - 1
 * characters and "…", its invisible characters written as escapes, so a value that
 * reorders text or hides in it is seen and cannot reorder the message.
 * @param {unknown} text
 * @returns {string}
 */
export function echo(text) {
  const head = [...String(text ?? "").slice(0, 2 * MAX_SHOWN)];
  const escaped = [...shown(head.slice(0, MAX_SHOWN).join(""))];
  if (head.length <= MAX_SHOWN && escaped.length <= MAX_SHOWN) return escaped.join("");
  return `${escaped.slice(0, MAX_SHOWN - 1).join("")}…`;
}

/**
 * `text` as the core keeps a name, a player or a note (text.clean): visible, trimmed, one space inside.
 * @param {unknown} text
 * @returns {string}
 */
export function clean(text) {
  return visible(text)
    .split(SPACE_RUNS)
    .filter((part) => part !== "")
    .join(" ");
}

/**
 * `text` cut to `max` characters (code points, as the core counts), a name of a million cut in no time.
 * @param {string} text
 * @param {number} max
 * @returns {string}
 */
export function cut(text, max) {
  if (text.length <= max) return text;
  const characters = [...text.slice(0, 2 * max)];
  return characters.length > max || text.length > 2 * max ? characters.slice(0, max).join("") : text;
}

/**
 * A team's or a player's name, cleaned and cut to the core's longest (MAX_NAME_LENGTH).
 * @param {unknown} text
 * @returns {string}
 */
export function cleanName(text) {
  return clean(cut(clean(text), MAX_NAME_LENGTH)); // cut at a space or in an emoji: cleaned again
}

/**
 * A note, cleaned and cut to the core's longest (MAX_NOTE_LENGTH).
 * @param {unknown} text
 * @returns {string}
 */
export function cleanNote(text) {
  return clean(cut(clean(text), MAX_NOTE_LENGTH));
}

/**
 * What is kept of a name while it is typed: its invisible characters out at once, its
 * spaces as typed (the next letter may follow one), cut to the longest; the field's
 * value is cleaned when it is left (`cleanName`).
 * @param {unknown} text
 * @param {number} [max]
 * @returns {string}
 */
export function typedName(text, max = MAX_NAME_LENGTH) {
  return cut(visible(text), max);
}

/**
 * Wire a text field that names something: `send(value)` on every key with what is kept
 * while typing (typedName: an invisible character pasted is gone from the field at once),
 * and with the cleaned value once the field is left. `max`: the longest (MAX_NAME_LENGTH).
 * @param {{ value: string, addEventListener(type: "input" | "change", listener: () => void): void }} input a text field (typed so that a worker, which has no DOM, loads this module too)
 * @param {(value: string) => void} send
 * @param {number} [max]
 */
export function typedField(input, send, max = MAX_NAME_LENGTH) {
  /** @param {string} value */
  const keep = (value) => {
    if (input.value !== value) input.value = value;
    send(value);
  };
  input.addEventListener("input", () => keep(typedName(input.value, max)));
  input.addEventListener("change", () => keep(clean(cut(clean(input.value), max))));
}

/**
 * `game` (a record, or a game that came in) with its team names, players and note as the
 * core keeps them (cleanName, cleanNote); what is no string is left for the core to refuse.
 * @template {object} G
 * @param {G} game
 * @returns {G} a copy: the same fields, these cleaned
 */
export function cleanGame(game) {
  /** @param {unknown} value */
  const names = (value) => (typeof value === "string" ? cleanName(value) : value);
  const next = /** @type {Record<string, unknown>} */ ({ ...game });
  if (isObject(next.names)) next.names = { ...next.names, us: names(next.names.us), them: names(next.names.them) };
  if (isObject(next.seats) && !Array.isArray(next.seats)) {
    next.seats = Object.fromEntries(Object.entries(next.seats).map(([team, pair]) => [team, Array.isArray(pair) ? pair.map(names) : pair]));
  }
  if (typeof next.note === "string") next.note = cleanNote(next.note);
  return /** @type {G} */ (next);
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>} an object (an array too), not null
 */
function isObject(value) {
  return value !== null && typeof value === "object";
}
