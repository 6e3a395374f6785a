// Templates with `{name}` placeholders: the core's messages and the widget's words
// both use them. A module of its own, so that what fills in a message (request.js)
// does not load every word of the widget (strings.js) with it.

/** Fill `{name}` placeholders in a template from `params`. */
export function format(template, params = {}) {
  return template.replace(/\{(\w+)\}/g, (whole, name) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
