// The fold of an article's calculator (`lazy`): closed, the page's worked example, if it
// has one, and the button that opens the calculator; opened, the Close button that
// folds it back. Small on purpose: an article whose calculator is never opened loads
// this, and not the open calculator's view, styles and words (form/view.js,
// styles/calculator.js, i18n/strings.js), which the element imports at the first sign
// of intent (the pointer over the button, its focus, a press).
//
// The example is the page's own markup, shown through `<slot name="example">`: the
// site's build writes there the result of the widget's prefilled deal as the core
// scores it (tools/sitebuild/examples.py), so a reader sees the worked answer with
// no runtime, and a reader without JavaScript sees it too.
//
// Folding back returns the reader to where they were: the launcher remembers where the
// calculator was on the screen when the reader opened it, and on Close the page
// scrolls so that it is there again, with the focus on the open button.

import { h, setAttribute, setHidden, setText } from "../ui/dom.js";

/** The fold's words, in Bulgarian and English (the rest are in i18n/strings.js). */
export const LAUNCHER_WORDS = Object.freeze({
  bg: Object.freeze({
    open: "Отвори калкулатора",
    openHint: "Калкулаторът се зарежда, когато натиснете бутона (няколко мегабайта).",
    close: "Затвори",
    closeName: "Затвори калкулатора",
  }),
  en: Object.freeze({
    open: "Open the calculator",
    openHint: "The calculator loads when you press the button (a few megabytes).",
    close: "Close",
    closeName: "Close the calculator",
  }),
});

/** @typedef {Readonly<Record<"open" | "openHint" | "close" | "closeName", string>>} LauncherWords */

/** @type {Readonly<Partial<Record<string, LauncherWords>>>} */
const WORDS_OF = LAUNCHER_WORDS; // looked up by the element's language: any string

export class Launcher {
  /** @type {ShadowRoot} */ #root;
  /** @type {HTMLElement} */ #button;
  /** @type {HTMLElement} */ #hint;
  /** @type {number | null} */ #place = null; // where the host's top was on the screen when the reader opened it (px)
  /** @type {CSSStyleSheet | null} */ #reserve = null; // the constructed sheet that sets --_reserve (styles/base.js)
  /** @type {HTMLElement} The launcher's element (the shadow root's first child). */
  element;
  /** @type {HTMLElement} The opened calculator's Close button (the view puts it in: CalculatorView.attachClose). */
  closeButton;

  /**
   * Build the launcher at the start of `root` (a shadow root). `warm()`: the reader
   * shows intent (pointer over the button, or its focus); `open()`: the button is
   * pressed; `close()`: the opened calculator's Close button is pressed.
   * @param {ShadowRoot} root
   * @param {{ warm: () => void, open: () => void, close: () => void }} callbacks
   */
  constructor(root, { warm, open, close }) {
    this.#button = h("button", { type: "button", class: "primary open", part: "open-button" });
    this.#button.addEventListener("pointerenter", warm);
    this.#button.addEventListener("focus", warm);
    this.#button.addEventListener("click", open);
    this.#hint = h("p");
    this.element = h("div", { class: "launcher", part: "launcher" }, h("slot", { name: "example" }), this.#button, this.#hint);
    this.closeButton = h("button", { type: "button", class: "close", part: "close-button", hidden: true });
    this.closeButton.addEventListener("click", close);
    this.#root = root;
    root.prepend(this.element);
  }

  /**
   * Show the launcher in `lang` ("bg" or "en"), or hide it (`shown` false). `busy`:
   * pressed, the calculator is on its way. `closable`: the opened calculator has a
   * Close button (not a score sheet: the sheet is what its page is for).
   * @param {string} lang
   * @param {{ shown: boolean, busy?: boolean, closable?: boolean }} state
   */
  render(lang, { shown, busy = false, closable = false }) {
    const words = WORDS_OF[lang] ?? LAUNCHER_WORDS.bg;
    setHidden(this.element, !shown);
    this.element.classList.toggle("opening", busy);
    setText(this.#button, words.open);
    setText(this.#hint, words.openHint);
    setAttribute(this.#button, "aria-disabled", busy);
    setHidden(this.closeButton, shown || !closable);
    setText(this.closeButton, words.close);
    setAttribute(this.closeButton, "aria-label", words.closeName);
  }

  /**
   * The reader opens the calculator `host`: remember where it is on the screen, and
   * reserve, from this frame on, the room from its top to the screen's bottom (issue 33:
   * the form then grows a part per frame into room already taken, and what follows the
   * calculator on the page, pushed off the screen at the tap, never moves in view after
   * it, on a slow phone too). The room is kept while it is open.
   * @param {Element} host
   */
  remember(host) {
    this.#place = host.getBoundingClientRect().top;
    this.#reserveRoom(Math.round(innerHeight - Math.max(this.#place, 0)));
  }

  /**
   * --_reserve: `px` of room for the opened calculator (none: 0).
   * @param {number} px
   */
  #reserveRoom(px) {
    const root = this.#root;
    if (!("adoptedStyleSheets" in root) || typeof CSSStyleSheet !== "function") return;
    this.#reserve ??= new CSSStyleSheet();
    this.#reserve.replaceSync(px > 0 ? `:host { --_reserve: ${px}px; }` : "");
    if (!root.adoptedStyleSheets.includes(this.#reserve)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, this.#reserve];
  }

  /**
   * Folded back: the focus on the open button (`focus`: it was in the calculator, or
   * its Close was pressed), and the calculator `host` where it was on the screen when
   * the reader opened it (at once: the reader is sent back, not shown a scroll).
   * @param {Element} host
   * @param {{ focus: boolean }} options
   */
  folded(host, { focus }) {
    this.#reserveRoom(0);
    if (focus) this.#button.focus({ preventScroll: true });
    if (this.#place === null) return;
    const by = host.getBoundingClientRect().top - this.#place;
    this.#place = null;
    if (Math.abs(by) >= 1) scrollBy({ top: by, behavior: "instant" });
  }
}
