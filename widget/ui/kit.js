// The small kit every view of the calculator uses instead of its own copy: the core's
// messages in the reader's language, labels bound to the words of the moment, the focus
// moved once a change is on screen, and rows built again only when what they show
// changed. The DOM is touched only through elements the caller gives.

import { formatParts } from "../i18n/format.js";
import { afterNextFrame } from "../tasks.js";
import { h, setAttribute, setText } from "./dom.js";

/** The parameters of the widget's words that are names the players typed (teams, players). */
export const NAME_PARAMS = new Set(["usName", "themName", "team", "name", "dealer", "player"]);

/**
 * Fill `element` with `template` formatted by `params`, each name in a <bdi> of its own:
 * a name's own direction (Arabic, Hebrew) cannot reorder the sentence around it. Only
 * when the text changed, so a render that writes the same words touches nothing.
 */
export function setIsolated(element, template, params, names = NAME_PARAMS) {
  const parts = formatParts(template, params);
  const key = JSON.stringify(parts);
  if (element.dataset.isolated === key) return;
  element.dataset.isolated = key;
  element.replaceChildren(...parts.map((part) => (typeof part === "string" ? part : names.has(part.name) ? h("bdi", {}, part.text) : part.text)));
}

/** The text of a core message (`{bg, en}`) in `lang`: English if it has no `lang`, else `fallback`. */
export function messageText(message, lang, fallback = "") {
  return message?.[lang] ?? message?.en ?? fallback;
}

/** `text` cut to `max` characters, at a word if one is near, with an ellipsis. */
export function clip(text, max) {
  text = String(text);
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(" ");
  return `${space > max * 0.8 ? head.slice(0, space) : head}…`;
}

/**
 * The text of the core's errors in `lang`, joined, at most `max` characters (a game of
 * 2,000 bad deals: the first few are read, not all of them).
 */
export function errorsText(errors, lang, max = Infinity) {
  let text = "";
  for (const error of errors ?? []) {
    text += `${text ? " " : ""}${messageText(error.message, lang, error.code)}`;
    if (text.length > max) break;
  }
  return clip(text, max);
}

/**
 * Labels bound to the words of the moment: `bind(element, text, attribute?)` remembers
 * how an element's text (or attribute) follows from the render's arguments, `render(...)`
 * writes them all (only what changed reaches the DOM).
 */
export class Labels {
  #labels = [];

  bind(element, text, attribute = null) {
    this.#labels.push((...args) => {
      const value = text(...args);
      if (attribute) setAttribute(element, attribute, value);
      else setText(element, value);
    });
    return element;
  }

  render(...args) {
    for (const label of this.#labels) label(...args);
  }
}

/**
 * Move the focus once the change is on screen: focusing at once makes the browser lay the
 * page out there and then, before the frame that shows the change. `target()` gives the
 * element (or null: nothing to focus); the last request before the frame wins.
 */
export class DeferredFocus {
  #target = null;
  #queued = false;

  request(target, options = undefined) {
    this.#target = { target, options };
    if (this.#queued) return;
    this.#queued = true;
    afterNextFrame().then(() => {
      this.#queued = false;
      const wanted = this.#target;
      this.#target = null;
      const element = wanted?.target();
      if (element?.isConnected && !element.disabled) element.focus(wanted.options);
    });
  }
}

/**
 * Rows built again only when what they show changed: `render(items)` with `key(item)` a
 * string of everything a row shows, `build(item, index)` a new row element. A long sheet
 * that gains a deal builds one row instead of laying every row out anew.
 *
 * At most `chunk` new rows are added in one task, and no more once `budget` ms have gone
 * on it (the first new row always is): the rest follow after the next frames, in order
 * (a newer render takes over from where it is). The budget is measured, not assumed, so a
 * slow phone builds fewer rows a task and a fast one more. A stranger's
 * game of 150 heavy deals, opened on a slow phone, held the page for a quarter of a second
 * in one task (bench/stranger_page.py; 100 is now the most a game holds); a real game builds
 * in one go.
 * Rows already there that changed are replaced at once, so no row shows old numbers
 * (deal 1 edited changes every running total).
 * `settled` is a promise of the moment every row of the latest render is built.
 */
/**
 * Run `run` once the browser has rendered a frame: each chunk of rows gets a frame of its
 * own, so one task never styles and lays out two chunks. A page that renders no frames
 * (a hidden tab) goes on after a second, as its timers would anyway.
 */
function afterFrame(run) {
  if (typeof requestAnimationFrame !== "function") {
    setTimeout(run, 0);
    return;
  }
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(go, 0));
  setTimeout(go, 1000);
}

export class KeyedRows {
  #container;
  #build;
  #key;
  #keys = [];
  #chunk;
  #budget;
  #later;
  #now;
  #pending = null; // the token of the rows still to build
  #settle = null;
  settled = Promise.resolve();

  constructor(container, { key, build, chunk = Infinity, budget = Infinity, later = afterFrame, now = () => performance.now() }) {
    this.#container = container;
    this.#key = key;
    this.#build = build;
    this.#chunk = chunk;
    this.#budget = budget;
    this.#later = later;
    this.#now = now;
  }

  /** Forget every row (the words changed: all are built again on the next render). */
  reset() {
    this.#keys = [];
    this.#container.replaceChildren();
  }

  render(items) {
    const container = this.#container;
    this.#pending = null; // a newer render takes over: the old one's rows are not built
    this.#keys.length = Math.min(this.#keys.length, items.length);
    while (container.children.length > items.length) container.lastElementChild.remove();
    if (!this.#settle) this.settled = new Promise((resolve) => (this.#settle = resolve));
    this.#from(items, 0);
  }

  #from(items, start) {
    const container = this.#container;
    const started = this.#now();
    let built = 0;
    for (let index = start; index < items.length; index += 1) {
      const item = items[index];
      const key = this.#key(item, index);
      const row = container.children[index];
      if (key === this.#keys[index] && row) continue;
      if (!row && (built === this.#chunk || (built > 0 && this.#now() - started >= this.#budget))) {
        const pending = {};
        this.#pending = pending;
        this.#later(() => {
          if (this.#pending === pending) this.#from(items, index);
        });
        return;
      }
      if (!row) built += 1;
      this.#keys[index] = key;
      const made = this.#build(item, index);
      if (row) row.replaceWith(made);
      else container.append(made);
    }
    this.#pending = null;
    this.#settle?.();
    this.#settle = null;
  }
}
