// Templates with `{name}` placeholders: the core's messages and the widget's words
// both use them. A module of its own, so that what fills in a message (deal/request.js)
// does not load every word of the widget (i18n/strings.js) with it.

const pluralRules = new Map();

/**
 * `forms` for `count` in `lang`: a template, or `{one, other}` (CLDR plural categories)
 * chosen by Intl.PluralRules, with `{count}` filled in ("1 deal", "2 deals").
 */
export function plural(forms, count, lang) {
  if (typeof forms === "string") return format(forms, { count });
  if (!pluralRules.has(lang)) pluralRules.set(lang, new Intl.PluralRules(lang));
  const form = forms[pluralRules.get(lang).select(count)] ?? forms.other;
  return format(form, { count });
}

/** Fill `{name}` placeholders in a template from `params`. */
export function format(template, params = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * `template` filled from `params` as pieces: literal text as strings, and each filled
 * placeholder as `{name, text}`, so a view can give a value an element of its own (a
 * team's name a <bdi>). The texts joined are `format(template, params)`.
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
