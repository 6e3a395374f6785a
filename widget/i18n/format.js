// Templates with `{name}` placeholders: the core's messages and the widget's words
// both use them. A module of its own, so that what fills in a message (deal/request.js)
// does not load every word of the widget (i18n/strings.js) with it.

/**
 * @typedef {string | ({ other: string } & Partial<Record<Intl.LDMLPluralRule, string>>)} PluralForms
 * One template for every count, or one per CLDR plural category (`other` always there).
 */

/** @type {Map<string, Intl.PluralRules>} */
const pluralRules = new Map();

/**
 * `forms` for `count` in `lang`: a template, or `{one, other}` (CLDR plural categories)
 * chosen by Intl.PluralRules, with `{count}` filled in ("1 deal", "2 deals").
 * @param {PluralForms} forms
 * @param {number} count
 * @param {string} lang a BCP 47 language tag, as Intl takes it
 * @returns {string}
 */
export function plural(forms, count, lang) {
  if (typeof forms === "string") return format(forms, { count });
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  const form = forms[rules.select(count)] ?? forms.other;
  return format(form, { count });
}

/**
 * Fill `{name}` placeholders in a template from `params`.
 * @param {string} template
 * @param {Record<string, unknown>} [params] each value as String() writes it
 * @returns {string}
 */
export function format(template, params = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/**
 * `template` filled from `params` as pieces: literal text as strings, and each filled
 * placeholder as `{name, text}`, so a view can give a value an element of its own (a
 * team's name a <bdi>). The texts joined are `format(template, params)`.
 * @param {string} template
 * @param {Record<string, unknown>} [params]
 * @returns {Array<string | { name: string, text: string }>}
 */
export function formatParts(template, params = {}) {
  return template
    .split(/(\{\w+\})/)
    .filter(Boolean)
    .map((piece) => {
      const name = /^\{(\w+)\}$/.exec(piece)?.[1];
      return name && Object.hasOwn(params, name) ? { name, text: String(params[name]) } : piece;
    });
}
