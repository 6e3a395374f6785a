// The bar at the bottom of the screen: the deal in one line — the first thing still
// missing, the core's question or first error, or the score of the form as it is now,
// never of an earlier state — and, with a score sheet, its totals and Record. Without a
// sheet it shows while the full result is out of view, with a way to it. Beside it the
// one live region: the bar's sentence once a change has settled, or what the sheet says.

import { format } from "../i18n/strings.js";
import { BAR_SPACE_REM } from "../styles/base.js";
import { setBarSpace } from "../styles/calculator.js";
import { h, setAttribute, setHidden, setText } from "../ui/dom.js";
import { messageText } from "../ui/kit.js";
import { questionText } from "./questions.js";

/** @import { FormContext } from "./fields.js"; */
/** @import { CoreResult, FormError, FormView } from "./types.js"; */

/**
 * Who gains by a deal, from this device's side: "us", "them", or "" when it is even.
 * @param {Pick<CoreResult, "record"> | null | undefined} result
 * @returns {"us" | "them" | ""}
 */
export function gainOf(result) {
  const { us = 0, them = 0 } = result?.record ?? {};
  return us > them ? "us" : them > us ? "them" : "";
}

/**
 * The room kept for a bar `height` px tall ("": the styles' default), with `rem` px to
 * the rem: none while the bar fits in the default, as the bar of a deal being entered
 * does at the usual text size (36, 59, 75 px at 360 and 390 px wide, bg and en); above
 * it, the height rounded up to a whole 2 rem, so the bar growing by a line changes
 * nothing; and 0 for a bar that no longer sticks (`loose`).
 * @param {number} height
 * @param {boolean} loose
 * @param {number} rem
 * @returns {string}
 */
export function barSpace(height, loose, rem) {
  if (loose) return "0px";
  if (height <= BAR_SPACE_REM * rem) return "";
  return `${Math.ceil(height / (2 * rem)) * 2}rem`;
}

/** The page's rem in px (16 where no style can be read). */
function rootFontSize() {
  const size = typeof getComputedStyle === "function" ? parseFloat(getComputedStyle(document.documentElement).fontSize) : NaN;
  return size > 0 ? size : 16;
}

export class BarSection {
  /** @type {FormContext} */
  #context;
  #resultInView = true;
  #space = -1; // the room the sticky bar takes at the bottom of the screen (px)
  /** @type {ShadowRoot | null} */
  #root = null; // the calculator's shadow root, whose margins for the bar it sets
  #margin = ""; // the bar's room set ("": none, the styles' default)
  /** @type {{ deal: HTMLElement, text: HTMLElement, details: HTMLButtonElement, actions: HTMLElement, bar: HTMLElement, live: HTMLElement }} */
  ui;

  /** @param {FormContext} context */
  constructor(context) {
    this.#context = context;
    const deal = h("p", { class: "bar-deal", part: "bar-deal" });
    const text = h("div", { class: "bar-text" }, deal);
    const details = context.label(h("button", { type: "button", class: "bar-details" }), (s) => s.toDetails);
    details.addEventListener("click", () => context.actions.details());
    const actions = h("div", { class: "bar-actions" }, details);
    const bar = h("div", { class: "bar", part: "bar", "data-sticky": "" }, text, actions);
    const live = h("p", { class: "visually-hidden live", part: "announcement", role: "status", "aria-live": "polite" });
    const ui = { deal, text, details, actions, bar, live };
    this.ui = ui;
    // Measured in the next frame, not in the observer's callback: the measure may restyle
    // the bar ("loose"), and a change inside the callback is reported by WebKit as an
    // uncaught "ResizeObserver loop completed with undelivered notifications".
    if (typeof ResizeObserver === "function") {
      new ResizeObserver(() => requestAnimationFrame(() => this.measure())).observe(ui.bar);
    }
  }

  get element() {
    return this.ui.bar;
  }

  /**
   * Follow whether `result` (the full result) is in view: the bar without a sheet shows while it is not.
   * @param {Element} result
   * @param {ShadowRoot} root the calculator's, whose margins for the bar it sets
   */
  watch(result, root) {
    this.#root = root;
    if (typeof IntersectionObserver !== "function") return;
    new IntersectionObserver((entries) => {
      // The latest entry: one callback may carry several crossings of a fast scroll.
      const latest = entries.at(-1);
      if (latest) this.#resultInView = latest.isIntersecting;
      if (this.#context.rendered) this.#renderVisibility(this.#context.rendered);
    }).observe(result);
  }

  /** The room the bar takes (px), -1 before it was measured. */
  get space() {
    return this.#space;
  }

  /**
   * The sticky bar keeps the focused control clear of itself: every focusable part scrolls
   * with a bottom margin of at least the bar's height (styles/calculator.js setBarSpace).
   * A bar that would cover more than a quarter of the screen (400% zoom, a phone held
   * sideways, large text) stops sticking and stays in the flow, under the form. `space` is the tallest the bar has been
   * on this screen (measured again when the window's size changes). The margin changes far
   * less often (barSpace): a new margin restyles every focusable part (a row's button
   * each in a long sheet), and the bar grows by a line as a deal is entered (36, 59, 75 px).
   * @param {Event} [event] the window's resize, if that is why
   */
  measure = (event) => {
    const bar = this.ui.bar;
    const height = bar.hidden ? 0 : bar.offsetHeight;
    const loose = height > innerHeight / 4;
    if (bar.classList.contains("loose") !== loose) bar.classList.toggle("loose", loose);
    const resized = event?.type === "resize";
    this.#space = loose ? 0 : resized || this.#space < 0 ? height : Math.max(height, this.#space);
    const margin = barSpace(this.#space, loose, rootFontSize());
    if (margin === this.#margin) return;
    this.#margin = margin;
    if (this.#root) setBarSpace(this.#root, margin);
  };

  /**
   * Say `text` in the one live region (the same words again are still news).
   * @param {string} text
   */
  announce(text) {
    this.#context.announce = false;
    const live = this.ui.live;
    if (live.textContent === text) live.textContent = "";
    setText(live, text);
  }

  /** A typed number is settled: say the bar's text now if the result for it is in, else once it is. */
  settled() {
    const context = this.#context;
    context.announce = true;
    const view = context.rendered;
    if (view?.settled && view.state === "ready") {
      context.announce = false;
      // Enter and then leaving the field settle the same number: say it once.
      const said = this.ui.deal.textContent ?? "";
      if (this.ui.live.textContent !== said) this.announce(said);
    }
  }

  /**
   * The bar's sentence; `short`: the score without the team names (the sheet's totals line above names them).
   * @param {FormView} view
   * @param {boolean} [short]
   * @returns {string}
   */
  #text(view, short = false) {
    const { s, lang, state, missing, errors, questions, result, current, failure } = view;
    if (state === "failed") return failure?.code === "unsupported" ? s.failedUnsupported : s.failedShort;
    /** @param {readonly FormError[]} list */
    const first = (list) => list[0] && messageText(list[0].message, lang, list[0].code);
    const pointsProblem = errors.find((error) => error.field === "cards.points");
    for (const fact of missing) {
      if (fact === "last_trick" && pointsProblem) return first([pointsProblem]);
      return s.missing[fact];
    }
    if (questions.length) return questionText(s, questions[0], lang);
    if (errors.length) return first(errors);
    // A result for the form as it is shows even while the runtime loads: the page's
    // worked example, scored by the build, is one.
    if (!result || !current) return state === "loading" ? s.waiting : "…";
    const outcome = s.outcomes[result.outcome] ?? result.outcome;
    const parts = [
      format(short ? s.summaryShort : s.summary, { usName: s.teams.us, themName: s.teams.them, us: result.record?.us, them: result.record?.them, outcome }),
    ];
    if (result.hanging_out > 0) parts.push(format(s.barHanging, { points: result.hanging_out }));
    return parts.join(" · ");
  }

  /** @param {FormView} view */
  render(view) {
    const ui = this.ui;
    // With a sheet, the totals line above names the teams: the deal's score fits one line
    // (the bar stays low on a phone); what is announced names them.
    const text = this.#text(view);
    setText(ui.deal, view.sheet ? this.#text(view, true) : text);
    const missing = view.missing.length > 0 && view.state !== "failed";
    if (ui.deal.classList.contains("missing") !== missing) ui.deal.classList.toggle("missing", missing);
    // The result for the form as it is, once nothing is on its way to the core.
    const scored = view.current && view.settled ? view.result : null;
    const score = Boolean(scored);
    if (ui.deal.classList.contains("scored") !== score) ui.deal.classList.toggle("scored", score);
    setAttribute(ui.deal, "data-outcome", scored ? scored.outcome : "");
    setAttribute(ui.deal, "data-gain", scored ? gainOf(scored) : "");
    setHidden(ui.details, view.sheet);
    // A closed form (the sheet's game is over) has no deal to describe.
    setHidden(ui.deal, Boolean(view.formClosed));
    this.#renderVisibility(view);
    // Announce once per settled change: the sentence the bar shows, not its fragments.
    if (this.#context.announce && view.settled && view.state === "ready") this.announce(text);
  }

  /** @param {FormView} view */
  #renderVisibility(view) {
    const bar = this.ui.bar;
    // With a sheet the bar is the Record action: always there. Without one it shows the
    // score while the full result is out of view.
    const hidden = view.state === "closed" || view.readOnly || (!view.sheet && (!(view.current && view.result) || this.#resultInView));
    setHidden(bar, hidden);
    if (bar.classList.contains("with-sheet") !== view.sheet) bar.classList.toggle("with-sheet", view.sheet);
  }
}
