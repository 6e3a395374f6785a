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

/** Resolve in a new task, letting the browser handle input and paint first. */
export function yieldToBrowser() {
  if (typeof globalThis.scheduler?.yield === "function") return globalThis.scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Resolve in a task after the next frame is rendered, so what is added then is laid
 * out in a frame of its own. A hidden tab renders no frames: then after 100 ms.
 */
export function afterNextFrame() {
  return new Promise((resolve) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      yieldToBrowser().then(resolve);
    };
    const timer = setTimeout(go, 100);
    requestAnimationFrame(go);
  });
}
