// <belot-calculator>: a Bulgarian belot score calculator for one deal. See README.md.
//
// The element holds the attributes (the source of truth: every input the reader
// touches is written back to its attribute), the lifecycle and the events; the work
// is done by plain modules it hands plain data: deal/request.js turns the attributes into
// the core's request, deal/scheduler.js sends it to the injected scorer (latest wins;
// the UI thread never waits on Python), form/view.js builds and renders the shadow DOM
// (renders are batched on a microtask), and sheet/score-sheet.js, loaded only when the
// `sheet` attribute is set, keeps a whole game.
//
// A closed calculator (`lazy`) shows only element/launcher.js: the page's worked example and
// the open button (opened from there, the launcher's Close button folds it back). The open
// calculator's view, styles and words (form/view.js, styles/calculator.js, i18n/strings.js,
// i18n/rule-words.js) are imported at the first sign of intent, so an article whose
// calculator is never opened downloads none of them.

import { adoptBaseStyles } from "../styles/base.js";
import { activeRules, parseRules, RULE_IDS, rulesOf } from "../deal/house-rules.js";
import { Launcher } from "./launcher.js";
import { offline } from "../runtime/offline.js";
import { DEFAULT_MANIFEST_URL, sharedPyodideScorer } from "../runtime/pyodide-scorer.js";
import { DEAL_ATTRIBUTES } from "../deal/request.js";
import { LatestWins } from "../deal/scheduler.js";
import { defineDealProperties } from "./deal-properties.js";
import { FormModel } from "./form-model.js";
import { languageOf, unwatchLanguage, watchLanguage } from "./language.js";
import { ScorerLink } from "./scorer-link.js";
import { SheetHost } from "./sheet-host.js";
import { ViewLoader } from "./view-loader.js";

/** @import { Scorer } from "./types.js"; */
/** @import { ViewWords } from "./view-loader.js"; */
/** @import { CalculatorView } from "../form/view.js"; */
/** @import { CoreResult } from "../form/types.js"; */

/** The localStorage key of the sheet's games when `storage-key` is not set. */
export const DEFAULT_STORAGE_KEY = "belot-calculator";

/**
 * What the form's view shows of the scorer: its progress, and a failure (the scorer's or a call's).
 * @param {Scorer} scorer
 * @param {LatestWins} scheduler
 */
function scorerView(scorer, scheduler) {
  const textOf = (/** @type {unknown} */ value) => (value == null ? undefined : String(value)); // as the view writes it
  const failure = /** @type {{ code?: unknown, message?: unknown } | null | undefined} */ (scorer.error ?? scheduler.failure); // what is read of any value thrown
  return {
    progress: scorer.progress,
    failure: failure && { code: textOf(failure.code), message: textOf(failure.message), started: Boolean(scorer.info) },
    incomplete: scheduler.incomplete,
  };
}

/** The element's "belot-calculator-result" event for the scheduler's result `event` (its detail: {request, result}). @param {Event} event */
const resultEvent = (event) =>
  new CustomEvent("belot-calculator-result", { bubbles: true, composed: true, detail: /** @type {CustomEvent<unknown>} */ (event).detail });

export class BelotCalculatorElement extends HTMLElement {
  static observedAttributes = ["lang", "lazy", "manifest", "sheet", "storage-key", "rules", "heading-level", ...DEAL_ATTRIBUTES];

  /** Register the element; returns the class. Throws if `tag` is taken (see define.js). */
  static define(tag = "belot-calculator", registry = customElements) {
    registry.define(tag, this);
    return this;
  }

  /** @type {ShadowRoot} */ #root;
  /** @type {ViewLoader} */ #views; // the open calculator's view, loaded at the first sign of intent (element/view-loader.js)
  /** @type {Launcher | null} */ #launcher = null; // the closed calculator's launcher, once shown
  /** @type {LatestWins} */ #scheduler;
  /** @type {ElementInternals | null} */ #internals = null;
  #renderQueued = false;
  /** @type {Scorer | null} */ #scorer = null;
  #scorerLink = new ScorerLink({ ready: () => this.#scheduler.schedule(true), changed: () => this.#invalidate() });
  /** @type {FormModel} */ #form; // the form on the attributes (element/form-model.js)
  /** @type {SheetHost} */ #sheets; // the score sheet, while `sheet` is on (element/sheet-host.js)
  #connected = false; // connectedCallback has run (attributes set while upgrading come before)
  #foldFocus = false; // the next fold was asked for by the Close button: the focus goes back

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: "open", delegatesFocus: false });
    adoptBaseStyles(this.#root);
    try {
      this.#internals = this.attachInternals();
    } catch {
      this.#internals = null;
    }
    this.#form = new FormModel({
      attributes: {
        get: (name) => this.getAttribute(name),
        set: (name, value) => this.setAttribute(name, value),
        remove: (name) => this.removeAttribute(name),
      },
      sheet: () => (this.sheet ? { pot: this.#sheet?.pot ?? 0, teamNames: this.#sheet?.teamNames, formRules: this.#sheet?.formRules ?? null } : null),
      rules: () => rulesOf(this.rules),
    });
    this.#views = new ViewLoader({
      root: this.#root,
      internals: this.#internals,
      actions: () => this.#viewActions(),
      connected: () => this.isConnected,
      lazy: () => this.lazy,
      sheetParts: () => this.#sheet?.parts ?? null,
      changed: this.#invalidate,
    });
    this.#sheets = new SheetHost({
      element: this,
      storageKey: () => this.storageKey,
      manifest: () => this.manifest,
      scorer: () => this.scorer,
      loadView: () => this.#loadView(),
      view: () => this.#view,
      form: () => this.#sheetForm(),
      changed: this.#onSheetChange,
    });
    this.#scheduler = new LatestWins({
      input: () => this.#form.build(),
      scorer: () => this.scorer,
      active: () => this.isConnected && !this.lazy,
    });
    this.#scheduler.addEventListener("change", () => this.#invalidate());
    this.#scheduler.addEventListener("result", (event) => this.dispatchEvent(resultEvent(event)));
  }

  // --- attributes as properties ------------------------------------------------------
  // The deal's (contract, bidder, doubling, pileTeam, pilePoints, lastTrick, capot,
  // hangingIn, declarations): element/deal-properties.js, below the class.

  /**
   * The house rules the deal is scored by: the core's ids of the `rules` attribute
   * ("round-before-multiply capot-cancels-contra", or in the core's spelling
   * "round_before_multiply"), in the core's spelling (an id the core does not know
   * stays as given and shows the core's error). Set an array of ids or a string; []
   * or "" = the rule book. With `sheet`, the sheet's Rules panel decides instead.
   */
  get rules() {
    return parseRules(this.getAttribute("rules"));
  }
  set rules(value) {
    const ids = Array.isArray(value) ? value.map(String) : parseRules(value);
    if (ids.length) this.setAttribute("rules", ids.join(" "));
    else this.removeAttribute("rules");
  }
  get lazy() {
    return this.hasAttribute("lazy");
  }
  set lazy(value) {
    this.toggleAttribute("lazy", Boolean(value));
  }
  /** Boolean: keep a score sheet of the whole game under the calculator. */
  get sheet() {
    return this.hasAttribute("sheet");
  }
  set sheet(value) {
    this.toggleAttribute("sheet", Boolean(value));
  }
  /** The localStorage key the sheet's games are kept under (default "belot-calculator"). */
  get storageKey() {
    return this.getAttribute("storage-key")?.trim() || DEFAULT_STORAGE_KEY;
  }
  set storageKey(value) {
    if (value) this.setAttribute("storage-key", value);
    else this.removeAttribute("storage-key");
  }
  /** The level of the result's heading, 1–5 (its explanation's is one more); default 3. */
  get headingLevel() {
    const level = Number(this.getAttribute("heading-level"));
    return Number.isInteger(level) && level >= 1 && level <= 5 ? level : 3;
  }
  set headingLevel(value) {
    this.setAttribute("heading-level", String(value));
  }
  /** URL of the build's manifest.json (default: ../manifest.json next to the widget folder). */
  get manifest() {
    const value = this.getAttribute("manifest");
    return value ? new URL(value, document.baseURI).href : DEFAULT_MANIFEST_URL;
  }
  set manifest(value) {
    if (value) this.setAttribute("manifest", value);
    else this.removeAttribute("manifest");
  }

  // --- rich properties ----------------------------------------------------------------

  /** The scorer: `{score(request) → Promise<reply>}`, optionally with start/retry/state and events. @returns {Scorer} */
  get scorer() {
    return this.#scorer ?? sharedPyodideScorer(this.manifest);
  }
  set scorer(value) {
    this.#scorer = value ?? null;
    if (this.isConnected) this.#connectScorer();
    this.#invalidate();
  }
  /** The request the current attributes describe (the core's JSON contract), or null while incomplete. */
  get request() {
    const { request, problems, incomplete } = this.#form.build();
    return problems.length || incomplete ? null : request;
  }
  /** @returns {CoreResult | null} The last successful result for the current input (the core's answer for a deal), or null. */
  get result() {
    const reply = this.#scheduler.reply;
    return reply?.ok ? /** @type {CoreResult} */ (reply.result) : null;
  }
  /**
   * The errors for the current input (core and local), or an empty array. While the
   * deal is incomplete, only the core's questions (`needs_answer`) are errors.
   */
  get errors() {
    const { errors, questions } = this.#problems();
    return [...errors, ...questions];
  }
  /** "closed" (lazy), "loading", "ready" or "failed". */
  get state() {
    if (this.lazy) return "closed";
    const state = this.scorer.state;
    if (state === "failed") return "failed";
    if (state === "loading" || state === "idle") return "loading";
    return this.#scheduler.failure ? "failed" : "ready";
  }
  /** The score sheet: `{game: {id, created, updated, names, deals}, result}` (copies), or null without `sheet`. */
  get game() {
    return this.#sheet?.snapshot() ?? null;
  }
  /** "bg" or "en": from the element's lang or the nearest [lang] ancestor (Bulgarian by default). */
  get language() {
    return languageOf(this);
  }

  /** Leave lazy mode: load the runtime and show the calculator. */
  open() {
    this.lazy = false;
  }

  /**
   * Fold back into lazy mode, as the Close button does: the open button (and the page's
   * example) again, the focus on it if it was in the calculator, and the page where it
   * was when the reader opened it. The deal and the runtime are kept for the next open.
   */
  close() {
    this.lazy = true;
  }

  /** After a failure: load the runtime again (or, when the site now serves another build, reload the page). */
  retry() {
    this.#scheduler.failure = null;
    const scorer = this.scorer;
    // A page of one build cannot work with the site's next one: only a reload helps.
    if (scorer.error?.code === "build_mismatch") {
      globalThis.location.reload();
      return;
    }
    const started = scorer.retry ? scorer.retry() : scorer.start?.();
    started?.catch?.(() => {});
    this.#invalidate();
    this.#scheduler.schedule(true);
  }

  // --- lifecycle ------------------------------------------------------------------------

  connectedCallback() {
    if (!this.lazy) this.#loadView();
    this.#view?.watchViewport(true);
    watchLanguage(this, this.#invalidate);
    offline.addEventListener("updateready", this.#invalidate);
    offline.addEventListener("offlinechange", this.#invalidate);
    globalThis.addEventListener("hashchange", this.#sheets.followAddress);
    this.#sheets.setup(this.sheet);
    this.#prefill();
    this.#connectScorer();
    this.#connected = true;
    this.#invalidate();
  }

  disconnectedCallback() {
    this.#connected = false;
    unwatchLanguage(this);
    this.#view?.watchViewport(false);
    offline.removeEventListener("updateready", this.#invalidate);
    offline.removeEventListener("offlinechange", this.#invalidate);
    globalThis.removeEventListener("hashchange", this.#sheets.followAddress);
    this.#scorerLink.stop();
  }

  /** @param {string} name @param {string | null} oldValue @param {string | null} newValue */
  attributeChangedCallback(name, oldValue, newValue) {
    if (!this.isConnected) return;
    if (name === "manifest" && !this.#scorer) this.#connectScorer();
    if (name === "lazy" && this.#connected && (newValue === null) !== (oldValue === null)) this.#toggled(newValue === null);
    if (DEAL_ATTRIBUTES.includes(name) || name === "rules") this.#scheduler.schedule();
    if (name === "storage-key" && oldValue !== newValue) this.#sheets.teardown();
    if (name === "sheet" || name === "storage-key") this.#sheets.setup(this.sheet);
    this.#invalidate();
  }

  // --- the deal -----------------------------------------------------------------------

  /** The score sheet, once loaded while `sheet` is on. */
  get #sheet() {
    return this.#sheets.sheet;
  }

  /** What the core and the widget say about the form as it is now (element/form-model.js). */
  #problems(built = this.#form.build()) {
    const scheduler = this.#scheduler;
    return FormModel.problems(built, { reply: scheduler.reply, answered: scheduler.answered, failure: scheduler.failure });
  }

  /** The deal in the form as the core's game deal, once scored and valid; else null. */
  #currentDeal(built = this.#form.build()) {
    return this.lazy ? null : FormModel.gameDeal(built, (request) => this.#scheduler.answers(request));
  }

  #viewActions() {
    return { ...this.#form.actions(), details: () => this.#view?.showDetails(), retry: () => this.retry(), reload: () => globalThis.location.reload() };
  }

  // --- the closed calculator and the view (loaded at the first sign of intent) ------

  /** `lazy` was removed (`open`) or set again (folded back); said in one event. @param {boolean} open */
  #toggled(open) {
    if (open) {
      this.#views.gradual = true;
      this.#view?.revealForm(true);
      this.#loadView();
      this.#start();
      this.#scheduler.schedule(true);
    } else {
      const focus = this.#foldFocus || this.matches(":focus-within");
      this.#foldFocus = false;
      this.#render(); // at once: the launcher is back before the focus and the scroll go to it
      this.#launcher?.folded(this, { focus });
    }
    this.dispatchEvent(new CustomEvent("belot-calculator-toggle", { bubbles: true, composed: true, detail: { open } }));
  }

  /** What the launcher reports: intent (start loading) and the press (open). */
  #launcherActions() {
    return {
      warm: () => {
        this.#start();
        this.#loadView();
      },
      open: () => {
        const stillOpen = () => this.isConnected && !this.lazy;
        this.#launcher?.remember(this);
        this.open();
        this.#loadView().then(
          (view) => {
            this.#render();
            view.focusAfterOpening(stillOpen);
          },
          () => {},
        );
      },
      close: () => {
        this.#foldFocus = true;
        this.close();
      },
    };
  }

  #loadView() {
    return this.#views.load();
  }

  get #view() {
    return this.#views.view;
  }

  /**
   * The page's worked example, scored by the site's build with the same core (a
   * `<script type="application/json" data-belot-example>` child: `{request, reply}`),
   * is the result of the form until the runtime has scored it again, if it is the
   * request the attributes make. So an opened article's example shows its result at
   * once. Anything else there is ignored.
   */
  #prefill() {
    if (this.sheet || this.#scheduler.reply) return;
    const data = this.querySelector(":scope > script[type='application/json'][data-belot-example]");
    const example = data && FormModel.example(data.textContent, this.#form.build());
    if (example) this.#scheduler.prefill(example.request, example.reply);
  }

  // --- the score sheet (element/sheet-host.js) ------------------------------------

  /** The sheet changed: its pot may be the deal's new hanging points. */
  #onSheetChange = () => {
    this.#invalidate();
    this.#scheduler.schedule();
  };

  /** What the score sheet may do with the form: the SheetForm of sheet/score-sheet.js. */
  #sheetForm() {
    return this.#form.sheetForm({ deal: () => this.#currentDeal(), view: () => /** @type {CalculatorView} */ (this.#view) }); // the sheet loads with the view
  }

  // --- the scorer -------------------------------------------------------------------

  #start() {
    this.scorer.start?.()?.catch?.(() => {});
  }

  /** Listen to the (new) scorer, start it unless closed, and score with it at once. */
  #connectScorer() {
    this.#scorerLink.hear(this.scorer);
    if (!this.lazy) this.#start();
    this.#scheduler.schedule(true);
  }

  // --- rendering --------------------------------------------------------------------

  #invalidate = () => {
    if (this.#renderQueued) return;
    this.#renderQueued = true;
    queueMicrotask(() => {
      this.#renderQueued = false;
      this.#render();
    });
  };

  #render() {
    const lang = this.language;
    const state = this.state;
    // Closed, or opened while the view's modules are still on their way (or failed to
    // come: a press tries again), the launcher shows.
    const launcher = state === "closed" || (!this.#view && (this.#views.gradual || this.#views.failed));
    if (launcher || this.#launcher) {
      this.#launcher ??= new Launcher(this.#root, this.#launcherActions());
      this.#launcher.render(lang, { shown: launcher, busy: state !== "closed" && !this.#views.failed, closable: !this.sheet });
    }
    if (!this.#view) return;
    if (this.#launcher && !this.sheet) this.#view.attachClose(this.#launcher.closeButton);
    const s = this.#views.strings(lang, this.#sheet?.names(lang));
    const built = this.#form.build(); // once per render: the problems and the sheet's deal read it
    const rules = this.#form.rules();
    this.#view.render({
      s,
      lang,
      state,
      ...this.#form.view(built, this.#problems(built)),
      ...scorerView(this.scorer, this.#scheduler),
      sheet: this.sheet,
      sheetFailed: this.sheet && this.#sheets.failed,
      readOnly: Boolean(this.#sheet?.viewing),
      formClosed: Boolean(this.#sheet?.formClosed),
      updateReady: offline.updateReady,
      offlineLost: offline.offlineLost,
      result: this.result,
      // The house rules the result follows, in a few words (none: nothing to say).
      rulesNote: activeRules(rules).some((id) => RULE_IDS.includes(id)) ? /** @type {ViewWords} */ (this.#views.words).rulesSummary(rules, lang) : "", // loaded with the view
      headingLevel: this.headingLevel,
    });
    this.#sheet?.render(s, lang, state, this.#currentDeal(built), this.headingLevel);
  }
}

defineDealProperties(BelotCalculatorElement);
