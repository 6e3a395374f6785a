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
