// The sheet's question before a change that cannot be taken back at once (a new game):
// asked in the widget, next to what asked it, never in a browser dialog. Escape answers
// "no" wherever the focus is in the calculator (the question's own buttons get the focus
// only after the frame that shows them, and a key pressed before then lands on whatever
// asked); "no" gives the focus back to `back`.

import { h, setHidden, setText } from "../ui/dom.js";
import { DeferredFocus } from "../ui/kit.js";
/** @import { SheetWords } from "./view-types.js"; */

/**
 * A question to ask: next to `anchor`, its words from the sheet's (`text(t)`, `yes(t)`),
 * `action()` on yes, the focus back to `back` on no.
 * @typedef {object} Asked
 * @property {Element} anchor
 * @property {(t: SheetWords) => string} text
 * @property {(t: SheetWords) => string} yes
 * @property {() => void} action
 * @property {HTMLElement} back
 */

export class Question {
  /** @type {(Asked & {root: Node}) | null} */ #open = null; // and the root its Escape is heard on
  #focus = new DeferredFocus();
  #rerender = () => {};
  ui = Question.#build();

  constructor() {
    this.ui.yes.addEventListener("click", () => this.answer(true));
    this.ui.no.addEventListener("click", () => this.answer(false));
  }

  static #build() {
    const text = h("p", {});
    const yes = h("button", { type: "button", class: "primary confirm-yes" });
    const no = h("button", { type: "button", class: "confirm-no" });
    const element = h("div", { class: "confirm", part: "sheet-confirm", role: "group", hidden: true }, text, h("div", { class: "sheet-actions" }, yes, no));
    return { text, yes, no, element };
  }

  get element() {
    return this.ui.element;
  }

  /**
   * Ask next to `anchor`; `action()` on yes. `rerender()` shows the change.
   * @param {Asked} asked
   * @param {() => void} rerender
   */
  ask({ anchor, text, yes, action, back }, rerender) {
    this.close();
    const root = this.ui.element.getRootNode();
    root.addEventListener("keydown", this.#escape);
    this.#open = { anchor, text, yes, action, back, root };
    this.#rerender = rerender;
    this.#focus.request(() => this.ui.yes);
    rerender();
  }

  /** @param {Event} event a keydown anywhere in the calculator */
  #escape = (event) => {
    if ("key" in event && event.key === "Escape" && !event.defaultPrevented) {
      event.preventDefault();
      this.answer(false);
    }
  };

  /** Close the question, if open, and return it. */
  close() {
    const open = this.#open;
    this.#open = null;
    open?.root.removeEventListener("keydown", this.#escape);
    return open;
  }

  /** @param {boolean} yes */
  answer(yes) {
    const open = this.close();
    if (!open) return;
    if (yes) open.action();
    else this.#focus.request(() => open.back);
    this.#rerender();
  }

  /** @param {SheetWords} t the sheet's words */
  render(t) {
    const open = this.#open;
    setHidden(this.ui.element, !open);
    setText(this.ui.no, t.cancel);
    if (!open) return;
    if (this.ui.element.previousElementSibling !== open.anchor) open.anchor.after(this.ui.element);
    setText(this.ui.text, open.text(t));
    setText(this.ui.yes, open.yes(t));
  }
}
