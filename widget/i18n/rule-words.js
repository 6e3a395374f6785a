// House rules in words: the summary beside a result or the sheet's title, a row's
// note. Apart from deal/house-rules.js, which only computes, so that what every closed
// calculator loads carries none of the widget's words (i18n/strings.js).

import { format } from "./format.js";
import { activeRules, ruleWords } from "../deal/house-rules.js";
import { STRINGS } from "./strings.js";

/** @import { Lang } from "./strings.js"; */
/** @import { RuleSet } from "../deal/house-rules.js"; */

/**
 * "Закръгляне преди контрата" → "закръгляне преди контрата", inside a sentence.
 * @param {string} text
 */
function lowerFirst(text) {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * The rules in a few words: "Домашни правила: закръгляне преди контрата" / "Rule
 * book"; with `from` (a deal number), the rules hold from that deal on (the deals
 * before it keep the rules they were played under).
 * @param {RuleSet | null | undefined} rules
 * @param {Lang} lang
 * @param {number | null} [from]
 * @returns {string}
 */
export function rulesSummary(rules, lang, from = null) {
  const words = STRINGS[lang].houseRules;
  const names = activeRules(rules)
    .flatMap((id) => ruleWords(id, lang)?.name || []) // an unknown id (or no name) says nothing
    .map(lowerFirst);
  const text = names.length ? format(words.house, { names: names.join(", ") }) : words.book;
  return from ? format(words.from, { rules: text, n: from }) : text;
}

/**
 * The note of a sheet's row where a house rule changed one of its numbers (the core's `applied_rules`), or "".
 * @param {{ applied_rules?: readonly string[] } | null | undefined} row
 * @param {Lang} lang
 * @returns {string}
 */
export function rowRuleNote(row, lang) {
  const count = row?.applied_rules?.length ?? 0;
  const words = STRINGS[lang].houseRules;
  return count === 0 ? "" : count === 1 ? words.rowOne : words.rowMany;
}
