// The sheet's question before a change that cannot be taken back at once (a new game):
// asked in the widget, next to what asked it, never in a browser dialog. Escape answers
// "no" wherever the focus is in the calculator (the question's own buttons get the focus
// only after the frame that shows them, and a key pressed before then lands on whatever
// asked); "no" gives the focus back to `back`.

import { h, setHidden, setText } from "../ui/dom.js";
import { DeferredFocus } from "../ui/kit.js";

export class Question {
  #open = null; // {anchor, text(t), yes(t), action, back, root}
  #focus = new DeferredFocus();
  #rerender = () => {};
  ui = {};

  constructor() {
    const ui = this.ui;
    ui.text = h("p", {});
    ui.yes = h("button", { type: "button", class: "primary confirm-yes" });
    ui.yes.addEventListener("click", () => this.answer(true));
    ui.no = h("button", { type: "button", class: "confirm-no" });
    ui.no.addEventListener("click", () => this.answer(false));
    ui.element = h("div", { class: "confirm", part: "sheet-confirm", role: "group", hidden: true }, ui.text, h("div", { class: "sheet-actions" }, ui.yes, ui.no));
  }

  get element() {
    return this.ui.element;
  }

  /** Ask next to `anchor`; `action()` on yes. `rerender()` shows the change. */
  ask({ anchor, text, yes, action, back }, rerender) {
    this.close();
    const root = this.ui.element.getRootNode();
    root.addEventListener("keydown", this.#escape);
    this.#open = { anchor, text, yes, action, back, root };
    this.#rerender = rerender;
    this.#focus.request(() => this.ui.yes);
    rerender();
  }

  #escape = (event) => {
    if (event.key === "Escape" && !event.defaultPrevented) {
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

  answer(yes) {
    const open = this.close();
    if (!open) return;
    if (yes) open.action();
    else this.#focus.request(() => open.back);
    this.#rerender();
  }

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
