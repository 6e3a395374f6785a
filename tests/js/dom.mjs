// A DOM in Node (linkedom) for the views' tests: the widget builds its DOM with
// document.createElement and renders snapshots, which runs here as in a page; what a
// browser alone does (layout, focus, frames) the browser tests check.
import { parseHTML } from "linkedom";

let installed = null;

/** Install `document` and the few globals the views use; returns the document. */
export function installDom() {
  if (installed) return installed;
  const { window, document } = parseHTML('<!doctype html><html lang="bg"><head></head><body></body></html>');
  Object.assign(globalThis, {
    window,
    document,
    Node: window.Node,
    HTMLElement: window.HTMLElement,
    innerHeight: 800,
    requestAnimationFrame: (callback) => setTimeout(callback, 0),
  });
  globalThis.ShadowRoot = window.ShadowRoot ?? class ShadowRoot {};
  // Node 20 has no navigator: the sheet asks it whether the browser can share.
  if (!("navigator" in globalThis)) globalThis.navigator = {};
  installed = document;
  return document;
}

/** A fresh container in the body. */
export function container() {
  const document = installDom();
  const element = document.createElement("div");
  document.body.append(element);
  return element;
}

/** Let every timer and microtask that is due run (a frame here is a timer). */
export function frames(count = 3) {
  return new Promise((resolve) => {
    let left = count;
    const next = () => (left-- > 0 ? setTimeout(next, 0) : resolve());
    next();
  });
}
