// House rules in the widget: pure functions on plain data (no DOM, no words: those
// are i18n/rule-words.js), so they run in Node (tests/js/house-rules.test.mjs).
//
// A rule set is the core's JSON: `{"round_before_multiply": true, ...}` ({} = the
// rule book). The options, their names and descriptions are the core's
// (core-tables.js HOUSE_RULES); the widget never decides what a rule does. An
// article gives its rules as an attribute, `rules="round-before-multiply
// capot-cancels-contra"`: the core's ids, in kebab-case as HTML attributes are
// written or as the core spells them (`round_before_multiply`). The widget sends the
// core's spelling (the JSON contract's ids do not change); an id the core does not
// know is sent as written, so the core's own error (`unknown_rule`) names it.
//
// A game keeps its rules (`game.rules`); a deal played under other rules keeps them
// as its own `rules` (the core's game contract: absent = the game's, {} = the rule
// book). That is how "only from the next deal on" changes nothing already written.

import { HOUSE_RULES } from "../core-tables.js";

/** @import { Lang } from "../i18n/strings.js"; */

/** @typedef {Record<string, unknown>} RuleSet A rule set as the core's JSON: `{id: true}` switches a rule on. */
/** @typedef {{ passed?: unknown, rules?: RuleSet | null }} DealRules What these functions read of a game's deal. */

/** Every house rule's id, in the order players see them. */
export const RULE_IDS = Object.freeze(HOUSE_RULES.map((option) => option.id));

/**
 * A rule's id as the core spells it: "round-before-multiply" (kebab-case, as HTML
 * attributes are written) → "round_before_multiply". An id the core does not know
 * stays as written, for the core's error to name.
 * @param {string} text
 * @returns {string}
 */
export function ruleId(text) {
  const id = text.replaceAll("-", "_");
  return RULE_IDS.includes(id) ? id : text;
}

/**
 * The core's ids of a `rules` attribute ("a-b c_d", also "a-b, c_d"), each once, in the order given.
 * @param {string | null | undefined} text
 * @returns {string[]}
 */
export function parseRules(text) {
  const ids = String(text ?? "")
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(ruleId);
  return [...new Set(ids)];
}

/**
 * The ids switched on in a rule set (`{id: true}`): the core's in its order, then any others as given.
 * @param {RuleSet | null | undefined} rules
 * @returns {string[]}
 */
export function activeRules(rules) {
  const on = Object.entries(rules ?? {})
    .filter(([, value]) => value === true)
    .map(([id]) => id);
  return [...RULE_IDS.filter((id) => on.includes(id)), ...on.filter((id) => !RULE_IDS.includes(id))];
}

/**
 * The rule set (the core's JSON) of some ids: `{id: true, ...}`; {} for none.
 * @param {Iterable<string>} ids
 * @returns {Record<string, true>}
 */
export function rulesOf(ids) {
  return Object.fromEntries([...ids].map((id) => [id, true]));
}

/**
 * Whether two rule sets switch on the same rules.
 * @param {RuleSet | null | undefined} a
 * @param {RuleSet | null | undefined} b
 * @returns {boolean}
 */
export function sameRules(a, b) {
  const x = activeRules(a);
  const y = activeRules(b);
  return x.length === y.length && x.every((id) => y.includes(id));
}

/**
 * The core's words for a house rule in `lang` ({name, description}), or null for an unknown id.
 * @param {string} id
 * @param {Lang} lang
 * @returns {{ name: string, description: string } | null}
 */
export function ruleWords(id, lang) {
  const option = HOUSE_RULES.find((rule) => rule.id === id);
  return option ? { name: option.name[lang], description: option.description[lang] } : null;
}

/**
 * Deals that carry their own rules (the game's `deals`): the number of the first deal after the last of them, or null.
 * @param {ReadonlyArray<DealRules | null | undefined> | null | undefined} deals
 * @returns {number | null}
 */
export function rulesFrom(deals) {
  let last = -1;
  (deals ?? []).forEach((deal, index) => {
    if (deal && !deal.passed && deal.rules != null) last = index;
  });
  return last < 0 ? null : last + 2;
}

/**
 * The deals played so far (all passed ones do not count: no rule scores them).
 * @param {ReadonlyArray<DealRules | null | undefined> | null | undefined} deals
 * @returns {number}
 */
export function playedDeals(deals) {
  return (deals ?? []).filter((deal) => !deal?.passed).length;
}

/**
 * The deals for "rescore all": every deal takes the game's rules (their own are dropped).
 * @template {DealRules | null | undefined} D
 * @param {readonly D[] | null | undefined} deals
 * @returns {D[]} a deal's `rules` is optional: a deal without it is still a D
 */
export function dealsForAll(deals) {
  return (deals ?? []).map((deal) => {
    if (!deal || deal.passed || !("rules" in deal)) return deal;
    const { rules, ...rest } = deal;
    return /** @type {D} */ (rest);
  });
}

/**
 * The deals for "only from the next deal on", when the game's rules change from
 * `old`: each deal played so far keeps the rules it was played under (its own, or
 * `old` as its own), so its numbers stay.
 * @template {DealRules | null | undefined} D
 * @param {readonly D[] | null | undefined} deals
 * @param {RuleSet | null | undefined} old
 * @returns {D[]}
 */
export function dealsFromNext(deals, old) {
  return (deals ?? []).map((deal) => {
    if (!deal || deal.passed || deal.rules != null) return deal;
    return /** @type {D} */ ({ ...deal, rules: rulesOf(activeRules(old)) });
  });
}
