// A tiny DOM builder shared by the element and its score sheet. Text goes in only as
// text nodes (never innerHTML): attributes as strings, children as nodes or text.

/**
 * An element's attributes for h(): true sets an empty attribute, false, null and
 * undefined leave it out, anything else is written as its string.
 * @typedef {Record<string, string | number | boolean | null | undefined>} Attributes
 */

/**
 * The element type of `tag`: a known tag's own (`"input"` → HTMLInputElement), else HTMLElement.
 * @template {string} K
 * @typedef {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : HTMLElement} ElementOf
 */

/**
 * `h("button", {type: "button", hidden: true}, "text", node)` → the element, typed by its
 * tag (a tag worked out at run time, `h${level}`, gives an HTMLElement).
 * @template {string} K
 * @param {K} tag
 * @param {Attributes} [attributes]
 * @param {...(Node | string)} children
 * @returns {ElementOf<K>}
 */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, "");
    else if (value !== false && value != null) element.setAttribute(name, String(value));
  }
  element.append(...children);
  return /** @type {ElementOf<K>} */ (element);
}

// Writes that skip the DOM when nothing changes: setting textContent, even to the
// same text, replaces the text node and makes the browser lay it out again.

/** A live region: what changes in it is said, so its text is written as a new node, the change every screen reader announces. */
const LIVE = '[role="status"], [role="alert"], [aria-live]';

/**
 * Set `element.textContent` to `text` unless it already is. An element holding one text
 * node keeps it and changes its data: the browser then lays out the changed text, where
 * a new node is styled and laid out as new (a result's dozen figures on every edit).
 * Inside a live region the node is replaced, as before.
 * @param {Node} element
 * @param {string | number} text
 */
export function setText(element, text) {
  const value = String(text);
  if (element.textContent === value) return;
  const only = element.firstChild;
  const keep = only && only === element.lastChild && only.nodeType === 3 && value !== "";
  if (keep && !(/** @type {Element} */ (element).closest?.(LIVE))) /** @type {Text} */ (only).data = value;
  else element.textContent = value;
}

/**
 * Set an attribute unless it already has that value.
 * @param {Element} element
 * @param {string} name
 * @param {string | number | boolean} value written as its string ("true", "false")
 */
export function setAttribute(element, name, value) {
  const text = String(value);
  if (element.getAttribute(name) !== text) element.setAttribute(name, text);
}

/**
 * Show or hide an element (the `hidden` attribute) unless it already is.
 * @param {HTMLElement} element
 * @param {boolean} hidden
 */
export function setHidden(element, hidden) {
  if (element.hidden !== Boolean(hidden)) element.hidden = Boolean(hidden);
}
