// The small kit every view of the calculator uses instead of its own copy: the core's
// messages in the reader's language, labels bound to the words of the moment, the focus
// moved once a change is on screen, and rows built again only when what they show
// changed. The DOM is touched only through elements the caller gives.

import { formatParts } from "../i18n/format.js";
import { afterNextFrame } from "../tasks.js";
import { h, setAttribute, setText } from "./dom.js";

/**
 * A core message in every language it has, by language (`{bg, en}`: docs/json-contract.md).
 * @typedef {Readonly<Partial<Record<string, string>>>} CoreMessage
 */
/**
 * What the kit reads of a core error: its `code`, and its `message` when it has one.
 * @typedef {{ code: string, message?: CoreMessage | null }} CoreError
 */
/**
 * An element the focus can go to; one with a `disabled` property that is true is skipped.
 * @typedef {HTMLElement & { disabled?: boolean }} Focusable
 */
/** A piece of a formatted template: literal text, or a filled placeholder (i18n/format.js formatParts). @typedef {string | { name: string, text: string }} TemplatePart */

/**
 * The parameters of the widget's words that are names the players typed (teams, players).
 * @type {ReadonlySet<string>}
 */
export const NAME_PARAMS = new Set(["usName", "themName", "team", "name", "dealer", "player"]);

/**
 * Fill `element` with `template` formatted by `params`, each name in a <bdi> of its own:
 * a name's own direction (Arabic, Hebrew) cannot reorder the sentence around it. Only
 * when the text changed, so a render that writes the same words touches nothing.
 * @param {HTMLElement} element
 * @param {string} template
 * @param {Record<string, string | number>} params
 * @param {ReadonlySet<string>} [names] the params that are names (NAME_PARAMS)
 */
export function setIsolated(element, template, params, names = NAME_PARAMS) {
  /** @type {TemplatePart[]} */
  const parts = formatParts(template, params);
  const key = JSON.stringify(parts);
  if (element.dataset.isolated === key) return;
  element.dataset.isolated = key;
  element.replaceChildren(...parts.map((part) => (typeof part === "string" ? part : names.has(part.name) ? h("bdi", {}, part.text) : part.text)));
}

/**
 * The text of a core message (`{bg, en}`) in `lang`: English if it has no `lang`, else `fallback`.
 * @param {CoreMessage | null | undefined} message
 * @param {string} lang
 * @param {string} [fallback]
 * @returns {string}
 */
export function messageText(message, lang, fallback = "") {
  return message?.[lang] ?? message?.en ?? fallback;
}

/**
 * `text` cut to `max` characters, at a word if one is near, with an ellipsis.
 * @param {string} text
 * @param {number} max
 * @returns {string}
 */
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
 * @param {readonly CoreError[] | null | undefined} errors
 * @param {string} lang
 * @param {number} [max]
 * @returns {string}
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
 * how an element's text (or attribute) follows from the words, `render(words)` writes
 * them all (only what changed reaches the DOM). `S`: the type of the words.
 * @template S
 */
export class Labels {
  /** @type {((words: S) => void)[]} */
  #labels = [];
  /** @type {S | undefined} the words of the last render: a label bound later takes them at once */
  #words;

  /**
   * @template {Element} E
   * @param {E} element
   * @param {(words: S) => string} text
   * @param {string | null} [attribute] the attribute to write; none: the element's text
   * @returns {E} the element
   */
  bind(element, text, attribute = null) {
    /** @param {S} words */
    const label = (words) => {
      const value = text(words);
      if (attribute) setAttribute(element, attribute, value);
      else setText(element, value);
    };
    this.#labels.push(label);
    if (this.#words !== undefined) label(this.#words);
    return element;
  }

  /** @param {S} words */
  render(words) {
    this.#words = words;
    for (const label of this.#labels) label(words);
  }
}

/**
 * Move the focus once the change is on screen: focusing at once makes the browser lay the
 * page out there and then, before the frame that shows the change. `target()` gives the
 * element (or null: nothing to focus); the last request before the frame wins.
 */
export class DeferredFocus {
  /** @type {{ target: () => Focusable | null | undefined, options: FocusOptions | undefined } | null} */
  #target = null;
  #queued = false;

  /**
   * @param {() => Focusable | null | undefined} target
   * @param {FocusOptions} [options]
   */
  request(target, options = undefined) {
    this.#target = { target, options };
    if (this.#queued) return;
    this.#queued = true;
    afterNextFrame().then(() => {
      this.#queued = false;
      const wanted = this.#target;
      this.#target = null;
      const element = wanted?.target();
      if (element?.isConnected && !element.disabled) element.focus(wanted?.options);
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
 * slow phone builds fewer rows a task and a fast one more. So is the frame: the browser's
 * own work on the rows (style, layout, paint: for a long table that is most of it) is
 * timed from the frame's start to the task after it, and a frame that took longer than
 * `frame` ms makes the next chunk smaller in proportion (never under MIN_ROWS), a quick
 * one larger again (never over `chunk`). A stranger's
 * game of 150 heavy deals, opened on a slow phone, held the page for a quarter of a second
 * in one task (bench/stranger_page.py; 100 is now the most a game holds); a real game builds
 * in one go.
 * Rows already there that changed count as new ones: a task replaces as many as it may
 * build, and when more changed (another game opened over a long one, deal 1 of a long game
 * edited: every running total changes) the rest go from the page at once and come back
 * built anew in the next tasks, so no row shows old numbers and no task lays out a
 * hundred rows.
 * `settled` is a promise of the moment every row of the latest render is built.
 */
/**
 * Run `run` once the browser has rendered a frame: each chunk of rows gets a frame of its
 * own, so one task never styles and lays out two chunks. `run` is told how long (ms) the
 * frame took from its start to the task after it. A page that renders no frames (a hidden
 * tab) goes on after a second, as its timers would anyway (and tells nothing).
 * @param {(rendered?: number) => void} run
 * @param {() => number} [now]
 */
function afterFrame(run, now = () => performance.now()) {
  if (typeof requestAnimationFrame !== "function") {
    setTimeout(run, 0);
    return;
  }
  let done = false;
  /** @param {number} [rendered] */
  const go = (rendered) => {
    if (done) return;
    done = true;
    run(rendered);
  };
  requestAnimationFrame(() => {
    const framed = now(); // the frame's callbacks run before its style, layout and paint
    setTimeout(() => go(now() - framed), 0);
  });
  setTimeout(go, 1000);
}

/** The fewest new rows a frame adds, however slow the frames: a long sheet still fills in. */
const MIN_ROWS = 4;

/**
 * @template T
 */
export class KeyedRows {
  /** @type {Element} */
  #container;
  /** @type {(item: T, index: number) => Element} */
  #build;
  /** @type {(item: T, index: number) => string} */
  #key;
  /** @type {string[]} */
  #keys = [];
  /** @type {number} */
  #chunk;
  /** @type {number} */
  #budget;
  /** @type {number} */
  #frame;
  /** @type {(run: (rendered?: number) => void) => void} */
  #later;
  /** @type {() => number} */
  #now;
  /** @type {object | null} */
  #pending = null; // the token of the rows still to build
  #lastChunk = 0; // the new rows the last task added
  #rowCost = 0; // the ms of frame a new row took when last timed (0: never timed)
  /** @type {(() => void) | null} */
  #settle = null;
  /** @type {Promise<void>} */
  settled = Promise.resolve();

  /**
   * @param {Element} container the rows' parent: its children are the rows
   * @param {object} options
   * @param {(item: T, index: number) => string} options.key everything a row shows, as a string
   * @param {(item: T, index: number) => Element} options.build a new row
   * @param {number} [options.chunk] at most this many new rows in one task
   * @param {number} [options.budget] no new row once this many ms have gone on the task
   * @param {number} [options.frame] the ms a frame may take on the new rows: a slower one shrinks the next chunk
   * @param {() => number} [options.now] the clock the budget is measured by (ms)
   * @param {(run: (rendered?: number) => void) => void} [options.later] runs the next chunk later (after a
   *   frame), telling it how long that frame took
   */
  constructor(
    container,
    { key, build, chunk = Infinity, budget = Infinity, frame = Infinity, now = () => performance.now(), later = (run) => afterFrame(run, now) },
  ) {
    this.#container = container;
    this.#key = key;
    this.#build = build;
    this.#chunk = chunk;
    this.#budget = budget;
    this.#frame = frame;
    this.#later = later;
    this.#now = now;
  }

  /**
   * The most new rows this task adds: `chunk`, or as many as fit in `frame` ms at what a
   * row cost in the last timed frame (`rendered` ms for the last chunk, when this task
   * follows one). That cost is kept for the next render too: a long sheet replaced by
   * another (a file opened over it) starts with the chunk its rows' frames allowed, not
   * with a full chunk laid out in one frame.
   * @param {number | undefined} rendered
   */
  #limit(rendered) {
    if (!Number.isFinite(this.#frame)) return this.#chunk;
    if (rendered !== undefined && this.#lastChunk > 0) this.#rowCost = Math.max(rendered, 1) / this.#lastChunk;
    if (this.#rowCost === 0) return this.#chunk;
    return Math.min(this.#chunk, Math.max(MIN_ROWS, Math.floor(this.#frame / this.#rowCost)));
  }

  /** Forget every row (the words changed: all are built again on the next render). */
  reset() {
    this.#keys = [];
    this.#container.replaceChildren();
  }

  /** @param {readonly T[]} items */
  render(items) {
    const container = this.#container;
    this.#pending = null; // a newer render takes over: the old one's rows are not built
    this.#keys.length = Math.min(this.#keys.length, items.length);
    while (container.children.length > items.length) /** @type {Element} */ (container.lastElementChild).remove(); // more children than items: one is last
    if (!this.#settle) this.settled = new Promise((resolve) => (this.#settle = resolve));
    this.#from(items, 0);
  }

  /**
   * @param {readonly T[]} items
   * @param {number} start
   * @param {number} [rendered] the ms the last frame took, if one was timed
   */
  #from(items, start, rendered) {
    const container = this.#container;
    const started = this.#now();
    const limit = this.#limit(rendered);
    let built = 0;
    for (let index = start; index < items.length; index += 1) {
      const item = items[index];
      const key = this.#key(item, index);
      const row = container.children[index];
      if (key === this.#keys[index] && row) continue;
      if (built >= limit || (built > 0 && this.#now() - started >= this.#budget)) {
        if (row) {
          // A changed row past this task's share: it and the rows after it go now.
          while (container.children.length > index) /** @type {Element} */ (container.lastElementChild).remove();
          this.#keys.length = index;
        }
        const pending = {};
        this.#pending = pending;
        this.#lastChunk = built;
        this.#later((took) => {
          if (this.#pending === pending) this.#from(items, index, took);
        });
        return;
      }
      built += 1;
      this.#keys[index] = key;
      const made = this.#build(item, index);
      if (row) row.replaceWith(made);
      else container.append(made);
    }
    this.#pending = null;
    this.#lastChunk = 0;
    this.#settle?.();
    this.#settle = null;
  }
}
