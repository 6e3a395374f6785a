// The calculator's shadow DOM: built once with createElement and textContent (never
// innerHTML), then rendered from a plain snapshot of the state (see render()), writing
// only what changed. What the reader does goes back through `actions`; the view never
// reads or writes the element's attributes.
//
// The form is laid out for the table, top to bottom, a module per part: the game
// (form/game.js: contract and bidder in one grid of twelve), the two piles' points
// (points.js), the last trick, contra/recontra and capot (toggles.js), each team's
// announced declarations as chips (declarations.js), the core's questions (questions.js,
// only when it asks them), and a sticky bar that is the result (bar.js): it says the
// first thing still missing, or the score, and holds the score sheet's Record button.
// The result in full is under it (result.js). form/fields.js is what they share.

import { afterNextFrame } from "../tasks.js";
import { h, setAttribute, setHidden } from "../ui/dom.js";
import { BarSection } from "./bar.js";
import { DeclarationsSection } from "./declarations.js";
import { FormContext } from "./fields.js";
import { GameSection } from "./game.js";
import { PointsSection } from "./points.js";
import { QuestionsSection } from "./questions.js";
import { ResultSection, StatusSection } from "./result.js";
import { HangingSection, LastTrickSection, TogglesSection } from "./toggles.js";

/** @import { CalculatorState, FormStrings, FormView, SheetParts, ViewActions } from "./types.js"; */
/** @typedef {{ element: HTMLElement, render(view: FormView): void }} FormSection a part of the view that renders a snapshot */

const STATES = ["closed", "loading", "ready", "failed"];

/** Scroll smoothly unless the reader asked for less motion. */
function behavior() {
  return globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

// What the reader can do, as the view reports it: form/types.d.ts ViewActions.

export class CalculatorView {
  /** @type {ShadowRoot} */
  #root;
  /** @type {ElementInternals | null} */
  #internals;
  /** @type {FormContext} */
  #context;
  /** @type {(() => FormSection)[]} */
  #formParts = []; // the form's parts not yet built (an opened calculator builds and shows them a few frames apart)
  /** @type {Promise<void> | null} */
  #revealing = null; // the gradual reveal under way (a promise), or null
  #readOnly = false; // the last render's: a game opened from a link, no form
  /** @type {Promise<void> | null} */
  #formAfterKeep = null; // the form coming back after a kept link's frame, or null
  /** @type {{ render(view: FormView): void }[]} */
  #sections = [];
  /** @type {GameSection} */ game;
  /** @type {BarSection} */ bar;
  /** @type {StatusSection} */ status;
  /** @type {ResultSection} */ result;
  /** @type {{ form: HTMLFormElement, root: HTMLElement, fold?: HTMLElement }} the form, the calculator's root, and the row of Close */
  ui;

  /**
   * Build the DOM into `root` (a shadow root); `actions`: see ViewActions;
   * `internals`: the element's ElementInternals (for its custom states), or null.
   * @param {ShadowRoot} root
   * @param {ViewActions} actions
   * @param {ElementInternals | null} [internals]
   */
  constructor(root, actions, internals = null) {
    this.#root = root;
    this.#internals = internals;
    const context = new FormContext(actions, () => this.bar.settled());
    this.#context = context;
    /** @type {PointsSection | null} */
    let points = null;
    // A team picked as the bidder sends the focus to its pile: the whole form is in then.
    this.game = new GameSection(context, (team) => {
      this.revealForm(false);
      points?.piles[team].focus();
    });
    this.bar = new BarSection(context);
    /** @param {FormStrings} s */
    const retryLabel = (s) => (context.rendered?.failure?.code === "build_mismatch" ? s.reload : s.retry);
    this.status = new StatusSection(context, retryLabel);
    this.result = new ResultSection(context);
    this.#sections = [this.status, this.game, this.result, this.bar];
    const formElement = h("form", { part: "form", novalidate: true });
    formElement.addEventListener("submit", (event) => event.preventDefault());
    // Built and put into the form at connect, or, when a lazy calculator opens, one per
    // frame (revealForm): building the whole form at once was most of the press's task.
    this.#formParts = [
      () => this.game,
      () => (points = new PointsSection(context)),
      () => new LastTrickSection(context),
      () => new TogglesSection(context),
      () => new DeclarationsSection(context),
      () => new QuestionsSection(context),
      () => new HangingSection(context),
    ];
    const { status, failure, sheetFailure, update } = this.status.ui;
    const calculator = h(
      "div",
      { class: "root", part: "root" },
      update,
      status,
      failure,
      sheetFailure,
      formElement,
      this.bar.element,
      this.bar.ui.live,
      this.result.element,
    );
    this.ui = { form: formElement, root: calculator };
    this.bar.watch(this.result.element, root);
    root.append(calculator);
  }

  /** The form, for the score sheet's note at its top. */
  get form() {
    return this.ui.form;
  }

  /**
   * Put the score sheet in: `section` between the bar and the result, its `news` (notices)
   * above the form, `note` at the top
   * of the form, `gameAction` beside the game's legend, and in the bar its `totals`
   * line, its `error` and its `actions` (Record and the like).
   * @param {SheetParts} parts
   */
  attachSheet({ section, news, note, gameAction, totals, error, actions }) {
    this.result.element.before(section);
    if (news) this.ui.form.before(news);
    this.ui.form.prepend(note);
    this.game.head.append(gameAction);
    this.bar.ui.text.prepend(totals);
    this.bar.ui.bar.prepend(error);
    this.bar.ui.actions.prepend(...actions);
  }

  /**
   * An article's opened calculator: its Close `button` (element/launcher.js) at the top,
   * in one row with the loading status, once. The row keeps the status's room after the
   * runtime is in (styles/base.js: .fold), so nothing under it moves when it goes.
   * @param {HTMLElement} button
   */
  attachClose(button) {
    if (this.ui.fold) return;
    const { status } = this.status.ui;
    const fold = h("div", { class: "fold" });
    this.ui.fold = fold;
    status.replaceWith(fold);
    fold.append(status, button);
  }

  /**
   * Take the score sheet's parts out again (the `sheet` attribute was removed).
   * @param {SheetParts} parts
   */
  detachSheet({ section, news, note, gameAction, totals, error, actions }) {
    for (const part of [section, news, note, gameAction, totals, error, ...actions]) part?.remove();
  }

  /**
   * Put the form's parts in. At once, or `gradually`: the first now and one more after
   * each frame, so the browser lays the opened form out in steps, none of which blocks
   * the page for long (on a slow phone the whole form at once takes ~50 ms).
   * @param {boolean} gradually
   */
  revealForm(gradually) {
    const parts = this.#formParts;
    if (!gradually) {
      for (const make of parts.splice(0)) this.#place(make());
      return;
    }
    const first = parts.shift();
    if (first) this.#place(first());
    if (this.#revealing || !parts.length) return;
    // What follows the form waits unseen until the form is whole (styles/base.js): as
    // the form grows, nothing on screen moves (issue 33: CLS 0 on a slow phone too).
    this.ui.root.toggleAttribute("data-revealing", true);
    this.#revealing = (async () => {
      while (parts.length) {
        await afterNextFrame();
        const next = parts.shift();
        if (next) this.#place(next());
      }
      this.ui.root.toggleAttribute("data-revealing", false);
      this.#revealing = null;
    })();
  }

  /**
   * A section of the form into it, at its end: rendered with the last snapshot if it was
   * built after the view's first render (its labels take the words as they bind).
   * @param {FormSection} section
   */
  #place(section) {
    if (!this.#sections.includes(section)) this.#sections.splice(this.#sections.indexOf(this.result), 0, section);
    this.ui.form.append(section.element);
    const view = this.#context.rendered;
    if (!view || section === this.game) return;
    this.#context.errors.render(view.errors, view.lang); // its error slots are new
    section.render(view);
  }

  /**
   * Focus the form once the opened form has had its frame: focus() in the press itself
   * made the browser lay the form out then and there, ~15–20 ms of a slow phone's press
   * task (which went over 50 ms); after the frame the layout is done. `stillOpen()` says
   * whether to go on.
   * @param {() => boolean} stillOpen
   */
  focusAfterOpening(stillOpen) {
    afterNextFrame()
      .then(
        /** @returns {boolean | Promise<boolean | void>} false: not open any more; else the reveal under way, if any */
        () => {
          if (!stillOpen()) return false;
          this.game.firstField().focus({ preventScroll: true });
          return this.#revealing ?? true;
        },
      )
      .then((open) => {
        if (open !== false && stillOpen()) this.#showOpened();
      });
  }

  /**
   * The opened form on screen without moving the page above it: it opens where the
   * launcher was, and the page scrolls only when the form's first part (the game, where
   * the focus is) is not on screen — up to the calculator's top when that is above the
   * screen (nothing above it was in view), or down just enough to show the game above
   * the bar, never past the calculator's top.
   */
  #showOpened() {
    const margin = 8;
    const top = this.ui.root.getBoundingClientRect().top;
    const below = this.game.element.getBoundingClientRect().bottom + Math.max(this.bar.space, 0) + margin - innerHeight;
    const by = top < 0 ? top - margin : Math.min(top - margin, below);
    if (top < 0 || by > 1) scrollBy({ top: by, behavior: behavior() });
  }

  /** Bring the form into view and focus its first field (a deal was loaded, or recorded). */
  focusForm() {
    if (this.#formAfterKeep) {
      this.#formAfterKeep.then(() => this.focusForm());
      return;
    }
    this.revealForm(false);
    const field = this.game.firstField();
    const box = field.getBoundingClientRect();
    if (box.top < 0 || box.bottom > innerHeight) this.ui.form.scrollIntoView({ block: "start", behavior: behavior() });
    field.focus({ preventScroll: true });
  }

  /**
   * Follow the screen's height (for the bar) while the element is connected.
   * @param {boolean} on
   */
  watchViewport(on) {
    if (on) {
      addEventListener("resize", this.bar.measure);
      // In the next frame, with the layout that frame does anyway: measured here, as the
      // view is built, it forced a layout of its own (about 25 ms on a slow phone).
      requestAnimationFrame(() => this.bar.measure());
    } else removeEventListener("resize", this.bar.measure);
  }

  /**
   * Say `text` in the one live region (the sheet recorded a deal, say).
   * @param {string} text
   */
  announce(text) {
    this.bar.announce(text);
  }

  /** Scroll to the full result (the bar's button, without a sheet). */
  showDetails() {
    this.result.element.scrollIntoView({ behavior: behavior(), block: "nearest" });
  }

  /**
   * Show `view`, a plain snapshot: `{s, lang, state, deal, texts, badInput, sheet,
   * progress, failure, updateReady, offlineLost, errors, questions, result, current,
   * incomplete, missing, piles, settled, rulesNote, readOnly, headingLevel}` — `s` the
   * strings, `deal` as readDeal gives it, `texts` the number fields' text by attribute
   * name, `sheet` whether a score sheet is on, `failure` `{code, message, started}` or
   * null, `errors` the errors to show (no questions among them), `questions` the core's
   * `needs_answer` errors, `result` the last result (for the details), `current` whether
   * it answers the form as it is now, `missing` the facts not given yet (deal/request.js
   * FACTS), `piles` the two piles (deal/request.js piles) or null, `settled` whether
   * nothing is on its way to the core for the form as it is, `rulesNote` the house rules
   * the result follows in a few words ("" for the rule book), `readOnly` whether the
   * sheet shows a game opened from a link (no form, bar or result), `formClosed`
   * whether the sheet's game is over (no form or result: the bar offers the next
   * game), `headingLevel` the level of the result's heading (its explanation's is one
   * more).
   * @param {FormView} view
   */
  render(view) {
    const context = this.#context;
    context.rendered = view;
    const { s, state } = view;
    context.labels.render(s);
    // Busy while loading: through the element's internals (the view writes no attribute
    // of the element), or, where a browser has no ARIA on internals, its attribute.
    const busy = String(state === "loading");
    if (this.#internals && "ariaBusy" in this.#internals) this.#internals.ariaBusy = busy;
    else setAttribute(this.#root.host, "aria-busy", busy);
    // Which parts show (closed, the element shows its launcher instead: element/launcher.js);
    // a game opened from a link is read only: the sheet shows it, no form to enter into.
    setHidden(this.ui.root, state === "closed");
    const wasReadOnly = this.#readOnly;
    this.#readOnly = Boolean(view.readOnly);
    // A game from a link just kept: its sheet (the rows' buttons on, the banner gone)
    // shows in this frame, the form in the next. In one frame, with 100 rows, they took
    // over 200 ms of a slow phone's thread.
    if (wasReadOnly && !view.readOnly && this.ui.form.hidden) this.#formAfterKeep ??= this.#showFormLater();
    if (!this.#formAfterKeep) this.#showForm(view);
    this.#setStates(state);
    context.errors.render(view.errors, view.lang);
    for (const section of this.#sections) section.render(view);
  }

  /** The form and the result, unless there is no form to enter into. @param {FormView} view */
  #showForm(view) {
    // Read only (a game opened from a link), or closed (the sheet's game is over): no form.
    const noForm = view.state === "closed" || view.readOnly || Boolean(view.formClosed);
    setHidden(this.ui.form, noForm);
    setHidden(this.result.element, noForm);
  }

  /** The form as the latest render has it, after the next frame. */
  async #showFormLater() {
    await afterNextFrame();
    this.#formAfterKeep = null;
    const view = this.#context.rendered;
    if (view) this.#showForm(view);
  }

  /**
   * Custom states (`:state(loading)` …) on the element's internals, when the browser has them.
   * @param {CalculatorState} state
   */
  #setStates(state) {
    const states = this.#internals?.states;
    if (!states) return;
    for (const name of STATES) {
      try {
        if (name === state) states.add(name);
        else states.delete(name);
      } catch {
        return; // very old CustomStateSet syntax: skip
      }
    }
  }
}
