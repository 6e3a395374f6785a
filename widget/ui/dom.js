// A tiny DOM builder shared by the element and its score sheet. Text goes in only as
// text nodes (never innerHTML): attributes as strings, children as nodes or text.

/** `h("button", {type: "button", hidden: true}, "text", node)` → the element. */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, "");
    else if (value !== false && value != null) element.setAttribute(name, String(value));
  }
  element.append(...children);
  return element;
}

// Writes that skip the DOM when nothing changes: setting textContent, even to the
// same text, replaces the text node and makes the browser lay it out again.

/** Set `element.textContent` to `text` unless it already is. */
export function setText(element, text) {
  const value = String(text);
  if (element.textContent !== value) element.textContent = value;
}

/** Set an attribute unless it already has that value. */
export function setAttribute(element, name, value) {
  const text = String(value);
  if (element.getAttribute(name) !== text) element.setAttribute(name, text);
}

/** Show or hide an element (the `hidden` attribute) unless it already is. */
export function setHidden(element, hidden) {
  if (element.hidden !== Boolean(hidden)) element.hidden = Boolean(hidden);
}
