// The calculator's result in full — what became of the contract, each team's raw and
// recorded points, what hangs, and the core's explanation step by step — and, above the
// form, the runtime's loading progress, a failure with its retry, and the update notice.

import { TEAMS } from "../core-tables.js";
import { format } from "../i18n/strings.js";
import { afterNextFrame } from "../tasks.js";
import { h, setAttribute, setHidden, setText } from "../ui/dom.js";
import { messageText } from "../ui/kit.js";
import { gainOf } from "./bar.js";

/** @import { FormContext } from "./fields.js"; */
/** @import { CoreResult, FormStrings, FormView } from "./types.js"; */

/**
 * `element`, or in its place a heading of `level` with the same class and text.
 * @param {HTMLElement} element
 * @param {number} level
 * @returns {HTMLElement}
 */
function heading(element, level) {
  if (element.localName === `h${level}`) return element;
  const replaced = h(`h${level}`, { class: element.className });
  replaced.append(...element.childNodes);
  element.replaceWith(replaced);
  return replaced;
}

export class ResultSection {
  /** @type {[string, string][]} */
  #steps = []; // the explanation shown: [code, text] per step
  #stepsQueued = false;
  /**
   * The parts it writes; `title` and `explanationTitle` are headings of the level asked
   * (replaced when it changes), `cells` the scores by "raw-us", "record-them"…
   * @type {{ title: HTMLElement, explanationTitle: HTMLElement, message: HTMLElement, outcome: HTMLElement, cells: Record<string, HTMLElement>, hangingOut: HTMLElement, explanation: HTMLElement, details: HTMLElement, rulesNote: HTMLElement }}
   */
  ui;

  /** @param {FormContext} context */
  constructor(context) {
    /** @type {(element: HTMLElement, text: (s: FormStrings) => string) => HTMLElement} */
    const label = (element, text) => context.label(element, text);
    /** @type {Record<string, HTMLElement>} */
    const cells = {};
    const headRow = h(
      "tr",
      {},
      label(h("td", { class: "corner" }), (s) => s.teamsHead),
    );
    const rawRow = h(
      "tr",
      { class: "raw" },
      label(h("th", { scope: "row" }), (s) => s.raw),
    );
    const recordRow = h(
      "tr",
      { class: "record" },
      label(h("th", { scope: "row" }), (s) => s.record),
    );
    for (const team of TEAMS) {
      headRow.append(label(h("th", { scope: "col" }), (s) => s.teams[team]));
      rawRow.append((cells[`raw-${team}`] = h("td", { class: `raw-${team}` })));
      recordRow.append((cells[`record-${team}`] = h("td", { class: `record-${team}`, part: `record record-${team}` })));
    }
    const table = h(
      "table",
      { part: "scores" },
      label(h("caption", { class: "visually-hidden" }), (s) => s.result),
      h("thead", {}, headRow),
      h("tbody", {}, rawRow, recordRow),
    );
    const title = h("h3", { class: "title" });
    const explanationTitle = h("h4", { class: "title" });
    const message = h("p", { class: "message result-message" });
    const outcome = h("p", { class: "outcome", part: "outcome" });
    const hangingOut = h("p", { class: "hanging-out", part: "hanging-out" });
    const explanation = h("ol", { class: "explanation", part: "explanation" });
    const details = h("div", { class: "details" }, outcome, table, hangingOut, explanationTitle, explanation);
    // The house rules the result follows ("Домашни правила: …"), when any.
    const rulesNote = h("p", { class: "hint rules-note", part: "rules-note", hidden: true });
    const ui = { title, explanationTitle, message, outcome, cells, hangingOut, explanation, details, rulesNote };
    this.ui = ui;
    this.element = h(
      "section",
      { class: "result", part: "result" },
      ui.title,
      ui.rulesNote,
      context.errors.general(h("p", { class: "error general-error", part: "error" })),
      ui.message,
      ui.details,
    );
  }

  /**
   * The result: only what changed is written (no new nodes but for a longer explanation).
   * @param {FormView} view
   */
  render({ s, lang, state, result: last, current, errors, incomplete, headingLevel = 3, rulesNote }) {
    const ui = this.ui;
    ui.title = heading(ui.title, headingLevel);
    ui.explanationTitle = heading(ui.explanationTitle, headingLevel + 1);
    setText(ui.title, s.result);
    setText(ui.explanationTitle, s.explanation);
    setText(ui.rulesNote, rulesNote ?? "");
    setHidden(ui.rulesNote, !rulesNote);
    // While the runtime loads, a result for an earlier form (the page's worked example,
    // then edited) is not shown: nothing can answer the new one yet.
    const result = state === "loading" && !current ? null : last;
    // While the runtime loads, the empty details are laid out but not shown (and take
    // their room), so the frame that shows the first result only changes text.
    const waiting = !result && state === "loading" && !errors.length && !incomplete;
    setHidden(ui.details, !result && !waiting);
    if (ui.details.classList.contains("pending") !== waiting) ui.details.classList.toggle("pending", waiting);
    if (!result) {
      setText(ui.message, errors.length ? s.invalid : incomplete ? s.incomplete : state === "loading" ? s.waiting : "");
      return;
    }
    setText(ui.message, "");
    setAttribute(ui.outcome, "class", `outcome ${result.outcome}`);
    setAttribute(ui.outcome, "data-gain", gainOf(result));
    setText(ui.outcome, s.outcomes[result.outcome] ?? result.outcome);
    for (const team of TEAMS) {
      setText(ui.cells[`raw-${team}`], result.raw?.[team] ?? "");
      setText(ui.cells[`record-${team}`], result.record?.[team] ?? "");
    }
    setHidden(ui.hangingOut, !(result.hanging_out > 0));
    setText(ui.hangingOut, format(s.hangingOut, { points: result.hanging_out }));
    this.#renderExplanation(result, lang);
  }

  /**
   * In place, or, when it needs more list items than it has, one frame after the numbers.
   * @param {CoreResult} result
   * @param {string} lang
   */
  #renderExplanation(result, lang) {
    this.#steps = (result.explanation ?? []).map((step) => [step.code, messageText(step.message, lang, step.code)]);
    if (this.#steps.length <= this.ui.explanation.children.length) this.#renderSteps();
    else if (!this.#stepsQueued) {
      this.#stepsQueued = true;
      afterNextFrame().then(() => {
        this.#stepsQueued = false;
        this.#renderSteps();
      });
    }
  }

  #renderSteps() {
    const list = this.ui.explanation;
    const items = list.children;
    this.#steps.forEach(([code, text], index) => {
      const item = items[index] ?? list.appendChild(h("li"));
      setAttribute(item, "data-code", code);
      setText(item, text);
    });
    while (items.length > this.#steps.length) /** @type {Element} */ (list.lastElementChild).remove(); // more items than steps: one is last
  }
}

export class StatusSection {
  /** @type {{ progress: HTMLProgressElement, loadingText: HTMLElement, loadingBytes: HTMLElement, status: HTMLElement, failureText: HTMLElement, failureDetail: HTMLElement, retry: HTMLButtonElement, failure: HTMLElement, sheetFailedText: HTMLElement, reload: HTMLButtonElement, sheetFailure: HTMLElement, update: HTMLElement }} */
  ui;

  /**
   * `context`: the form's; `retry()` and `retryLabel(s)` for the failure's button.
   * @param {FormContext} context
   * @param {(s: FormStrings) => string} retryLabel
   */
  constructor(context, retryLabel) {
    /** @type {<E extends Element>(element: E, text: (s: FormStrings) => string, attribute?: string) => E} */
    const label = (element, text, attribute) => context.label(element, text, attribute);
    const progress = h("progress", { part: "progress", max: "1" });
    // Said once (a live region), the byte count beside it is not: it would read out a
    // counter. The progress bar has the same name.
    const loadingText = label(h("span", { class: "loading-text", role: "status" }), (s) => s.loading);
    const loadingBytes = h("span", { class: "loading-bytes" });
    label(progress, (s) => s.loading, "aria-label");
    const status = h("div", { class: "status", part: "status" }, h("p", {}, loadingText, " ", loadingBytes), progress);
    const failureText = h("p", { class: "failure-text" });
    const failureDetail = h("p", { class: "detail" });
    // A page of an older build can only be reloaded (the element's retry() does that).
    const retry = label(h("button", { type: "button", class: "primary retry", part: "retry-button" }), retryLabel);
    retry.addEventListener("click", () => context.actions.retry());
    const failure = h("div", { class: "failure", part: "failure", role: "alert" }, failureText, failureDetail, retry);
    // The score sheet's modules did not come: the calculator works, the sheet needs a reload.
    const sheetFailedText = label(h("p", {}), (s) => s.sheetFailed);
    const reload = label(h("button", { type: "button", class: "primary reload", part: "reload-button" }), (s) => s.reload);
    reload.addEventListener("click", () => context.actions.reload());
    const sheetFailure = h("div", { class: "sheet-failure", part: "sheet-failure", role: "alert", hidden: true }, sheetFailedText, reload);
    // "A new version is ready": shown once a newer build waits for the next open.
    const update = h("p", { class: "hint update", part: "update", role: "status", hidden: true });
    this.ui = { progress, loadingText, loadingBytes, status, failureText, failureDetail, retry, failure, sheetFailedText, reload, sheetFailure, update };
  }

  /** @param {FormView} view */
  render({ s, state, progress, failure, updateReady, offlineLost, sheetFailed }) {
    const ui = this.ui;
    setHidden(ui.status, state !== "loading");
    setHidden(ui.failure, state !== "failed");
    setHidden(ui.sheetFailure, !sheetFailed || state === "failed");
    const notice = updateReady ? s.updateReady : offlineLost ? s.offlineLost : "";
    setHidden(ui.update, !notice || state === "closed");
    setText(ui.update, notice);
    if (state === "loading") {
      const { loaded = 0, total = 0 } = progress ?? {};
      if (total > 0) {
        const fraction = Math.min(1, loaded / total);
        if (ui.progress.value !== fraction) ui.progress.value = fraction;
        setText(ui.loadingBytes, format(s.loadingBytes, { loaded: (loaded / 1e6).toFixed(1), total: (total / 1e6).toFixed(1) }));
      } else {
        if (ui.progress.hasAttribute("value")) ui.progress.removeAttribute("value");
        setText(ui.loadingBytes, "");
      }
    }
    if (state === "failed") {
      const { code, started, message } = failure ?? {};
      const text = code === "unsupported" ? s.failedUnsupported : started ? s.failedScore : s.failures[String(code)]; // no code: none (as before, a lookup of "undefined")
      setText(ui.failureText, text ?? s.failedLoad);
      setText(ui.failureDetail, message ? `${s.details}: ${message}` : "");
    }
  }
}
