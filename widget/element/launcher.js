// The closed calculator (`lazy`): the page's worked example, if it has one, and the
// button that opens the calculator. Small on purpose: an article whose calculator is
// never opened loads this, and not the open calculator's view, styles and words
// (form/view.js, styles/calculator.js, i18n/strings.js), which the element imports at the first sign of
// intent (the pointer over the button, its focus, a press).
//
// The example is the page's own markup, shown through `<slot name="example">`: the
// site's build writes there the result of the widget's prefilled deal as the core
// scores it (tools/sitebuild/examples.py), so a reader sees the worked answer with
// no runtime, and a reader without JavaScript sees it too.

import { h, setAttribute, setHidden, setText } from "../ui/dom.js";

/** The launcher's words, in Bulgarian and English (the rest are in i18n/strings.js). */
export const LAUNCHER_WORDS = Object.freeze({
  bg: Object.freeze({
    open: "Отвори калкулатора",
    openHint: "Калкулаторът се зарежда, когато натиснете бутона (няколко мегабайта).",
  }),
  en: Object.freeze({
    open: "Open the calculator",
    openHint: "The calculator loads when you press the button (a few megabytes).",
  }),
});

export class Launcher {
  #button;
  #hint;
  /** The launcher's element (the shadow root's first child). */
  element;

  /**
   * Build the launcher at the start of `root` (a shadow root). `warm()`: the reader
   * shows intent (pointer over the button, or its focus); `open()`: the button is
   * pressed.
   */
  constructor(root, { warm, open }) {
    this.#button = h("button", { type: "button", class: "primary open", part: "open-button" });
    this.#button.addEventListener("pointerenter", warm);
    this.#button.addEventListener("focus", warm);
    this.#button.addEventListener("click", open);
    this.#hint = h("p");
    this.element = h("div", { class: "launcher", part: "launcher" }, h("slot", { name: "example" }), this.#button, this.#hint);
    root.prepend(this.element);
  }

  /** Show the launcher in `lang` ("bg" or "en"), or hide it (`shown` false). `busy`: pressed, the calculator is on its way. */
  render(lang, { shown, busy = false }) {
    const words = LAUNCHER_WORDS[lang] ?? LAUNCHER_WORDS.bg;
    setHidden(this.element, !shown);
    setText(this.#button, words.open);
    setText(this.#hint, words.openHint);
    setAttribute(this.#button, "aria-disabled", busy);
  }
}
