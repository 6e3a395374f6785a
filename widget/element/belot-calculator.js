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
// the open button. The open calculator's view, styles and words (form/view.js, styles/calculator.js,
// i18n/strings.js, i18n/rule-words.js) are imported at the first sign of intent, so an article
// whose calculator is never opened downloads none of them.

import { adoptBaseStyles } from "../styles/base.js";
import { activeRules, parseRules, RULE_IDS, rulesOf } from "../deal/house-rules.js";
import { Launcher } from "./launcher.js";
import { offline } from "../runtime/offline.js";
import { DEFAULT_MANIFEST_URL, sharedPyodideScorer } from "../runtime/pyodide-scorer.js";
import {
  buildRequest,
  countLimit,
  DEAL_ATTRIBUTES,
  dealAttributes,
  formatDeclarations,
  gameDeal,
  parseDeclarations,
  piles,
  QUESTIONS,
  questionsAsked,
  readDeal,
  sameRequest,
  wholeNumber,
} from "../deal/request.js";
import { LatestWins } from "../deal/scheduler.js";

/** The localStorage key of the sheet's games when `storage-key` is not set. */
export const DEFAULT_STORAGE_KEY = "belot-calculator";

/** The form's fields a recorded deal fills in (the sheet carries the hanging points). */
const FORM_ATTRIBUTES = DEAL_ATTRIBUTES.filter((name) => name !== "hanging-in");
/** The answers to the core's questions, as attributes. */
const ANSWER_ATTRIBUTES = QUESTIONS.map((question) => `higher-${question}`);
/**
 * The form for the next deal: every fact of the deal cleared, the game and the last
 * trick unset (nothing is scored with a value left from the deal before). Only whose
 * pile is counted stays: the scorekeeper's habit, shown next to the number.
 */
const NEXT_DEAL = Object.freeze({
  contract: null,
  bidder: null,
  "pile-points": null,
  "last-trick": null,
  capot: null,
  doubling: null,
  "declarations-us": null,
  "declarations-them": null,
  ...Object.fromEntries(ANSWER_ATTRIBUTES.map((name) => [name, null])),
});

// One MutationObserver for the whole page re-renders the calculators when a `lang`
// attribute changes on any ancestor.
const languageListeners = new Map();
let languageObserver = null;
function watchLanguage(element, callback) {
  languageListeners.set(element, callback);
  if (!languageObserver && typeof MutationObserver === "function") {
    languageObserver = new MutationObserver(() => {
      for (const listener of languageListeners.values()) listener();
    });
    languageObserver.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"], subtree: true });
  }
}

export class BelotCalculatorElement extends HTMLElement {
  static observedAttributes = ["lang", "lazy", "manifest", "sheet", "storage-key", "rules", "heading-level", ...DEAL_ATTRIBUTES];

  /** Register the element; returns the class. Throws if `tag` is taken (see define.js). */
  static define(tag = "belot-calculator", registry = customElements) {
    registry.define(tag, this);
    return this;
  }

  #root;
  #view = null; // the CalculatorView, once its modules are in (#loadView)
  #viewLoad = null; // the import of the view's modules, once begun
  #viewFailed = false; // those modules could not be loaded (a press tries again)
  #words = null; // {STRINGS, rulesSummary}, with the view
  #gradual = false; // the form is revealed a part per frame (opened from lazy)
  #launcher = null; // the closed calculator's launcher, once shown
  #scheduler;
  #internals = null;
  #renderQueued = false;
  #scorer = null;
  #listeningTo = null;
  #badInput = { "pile-points": false, "hanging-in": false };
  #accepted = false; // the form holds a deal recorded with accepted declarations (sent back as such)
  #sheet = null; // the ScoreSheet while `sheet` is on, once its module is loaded
  #sheetLoad = null; // the import of score-sheet.js under way

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: "open", delegatesFocus: false });
    adoptBaseStyles(this.#root);
    try {
      this.#internals = this.attachInternals();
    } catch {
      this.#internals = null;
    }
    this.#scheduler = new LatestWins({
      input: () => this.#build(),
      scorer: () => this.scorer,
      active: () => this.isConnected && !this.lazy,
    });
    this.#scheduler.addEventListener("change", () => this.#invalidate());
    this.#scheduler.addEventListener("result", ({ detail }) => {
      this.dispatchEvent(new CustomEvent("belot-calculator-result", { bubbles: true, composed: true, detail }));
    });
  }

  // --- attributes as properties (defaults and closed sets: deal/request.js) -------------
  // The contract, the bidder and the last trick have no default: null until chosen.

  get contract() {
    return this.#deal().contract;
  }
  set contract(value) {
    this.#setAttributes({ contract: value ?? null });
  }
  get bidder() {
    return this.#deal().bidder;
  }
  set bidder(value) {
    this.#setAttributes({ bidder: value ?? null });
  }
  get doubling() {
    return this.#deal().doubling;
  }
  set doubling(value) {
    this.setAttribute("doubling", value);
  }
  get pileTeam() {
    return this.#deal().pileTeam;
  }
  set pileTeam(value) {
    this.setAttribute("pile-team", value);
  }
  /** The card points of the entered pile as a number, or null while empty or not a whole number. */
  get pilePoints() {
    return wholeNumber(this.getAttribute("pile-points"));
  }
  set pilePoints(value) {
    this.#setAttributes({ "pile-points": value == null || value === "" ? null : String(value) });
  }
  get lastTrick() {
    return this.#deal().lastTrick;
  }
  set lastTrick(value) {
    this.#setAttributes({ "last-trick": value ?? null });
  }
  get capot() {
    return this.#deal().capot;
  }
  set capot(value) {
    this.setAttribute("capot", value ?? "none");
  }
  /** The `hanging-in` attribute as a number (0 when empty); with `sheet` the sheet's pot is used instead. */
  get hangingIn() {
    return wholeNumber(this.getAttribute("hanging-in")) ?? 0;
  }
  set hangingIn(value) {
    this.setAttribute("hanging-in", String(value ?? 0));
  }
  /** `{us: {tierce: n, …}, them: {…}}`, from the declarations-us/-them attributes. */
  get declarations() {
    return this.#deal().declarations;
  }
  set declarations(value) {
    this.setAttribute("declarations-us", formatDeclarations(value?.us));
    this.setAttribute("declarations-them", formatDeclarations(value?.them));
  }
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

  /** The scorer: `{score(request) → Promise<reply>}`, optionally with start/retry/state and events. */
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
    const { request, problems, incomplete } = this.#build();
    return problems.length || incomplete ? null : request;
  }
  /** The last successful result for the current input, or null. */
  get result() {
    const reply = this.#scheduler.reply;
    return reply?.ok ? reply.result : null;
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
    for (let node = this; node; node = node.parentNode ?? node.host ?? null) {
      if (node.nodeType === Node.ELEMENT_NODE && node.hasAttribute("lang")) {
        const lang = node.getAttribute("lang").trim().toLowerCase();
        if (lang) return lang === "bg" || lang.startsWith("bg-") ? "bg" : "en";
      }
    }
    return "bg";
  }

  /** Leave lazy mode: load the runtime and show the calculator. */
  open() {
    this.lazy = false;
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
    globalThis.addEventListener("hashchange", this.#onHashChange);
    this.#setupSheet();
    this.#prefill();
    this.#connectScorer();
    this.#invalidate();
  }

  disconnectedCallback() {
    languageListeners.delete(this);
    this.#view?.watchViewport(false);
    offline.removeEventListener("updateready", this.#invalidate);
    offline.removeEventListener("offlinechange", this.#invalidate);
    globalThis.removeEventListener("hashchange", this.#onHashChange);
    this.#unlisten();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (!this.isConnected) return;
    if (name === "manifest" && !this.#scorer) this.#connectScorer();
    if (name === "lazy" && newValue === null && oldValue !== null) {
      this.#gradual = true;
      this.#view?.revealForm(true);
      this.#loadView();
      this.#start();
      this.#scheduler.schedule(true);
    }
    if (DEAL_ATTRIBUTES.includes(name) || name === "rules") this.#scheduler.schedule();
    if (name === "storage-key" && oldValue !== newValue) this.#teardownSheet();
    if (name === "sheet" || name === "storage-key") this.#setupSheet();
    this.#invalidate();
  }

  // --- the deal -----------------------------------------------------------------------

  /** The deal's attribute values; with a sheet, the hanging points are the sheet's pot. */
  #attributes() {
    const values = Object.fromEntries(DEAL_ATTRIBUTES.map((name) => [name, this.getAttribute(name)]));
    if (this.sheet) values["hanging-in"] = String(this.#sheet?.pot ?? 0);
    return values;
  }

  #deal() {
    return readDeal(this.#attributes());
  }

  /** The house rules of the deal in the form: the sheet's (the game's, or an edited deal's own), else the attribute's. */
  #rules() {
    return this.sheet ? this.#sheet?.formRules : rulesOf(this.rules);
  }

  #build() {
    const badInput = this.sheet ? { ...this.#badInput, "hanging-in": false } : this.#badInput;
    return buildRequest(this.#deal(), { badInput, names: this.#sheet?.teamNames, accepted: this.#accepted, rules: this.#rules() });
  }

  /**
   * What the core and the widget say about the form as it is now: `errors` (not the
   * questions), `questions` (the core's needs_answer), `current` (the last reply
   * answers the form as it is), `settled` (nothing is on its way for it).
   */
  #problems(built = this.#build()) {
    const { request, problems, incomplete, probe, missing } = built;
    if (problems.length) return { errors: problems, questions: [], current: false, settled: true, missing };
    const reply = this.#scheduler.reply;
    const current = Boolean(reply) && sameRequest(request, this.#scheduler.answered);
    const settled = (incomplete && !probe) || current || Boolean(this.#scheduler.failure);
    const errors = current && !reply.ok ? reply.errors : [];
    const questions = questionsAsked(errors);
    return {
      errors: incomplete ? [] : errors.filter((error) => !questions.includes(error)),
      questions,
      current: current && Boolean(reply.ok),
      settled,
      missing,
    };
  }

  /** Set (or, for null, remove) attributes; what the reader typed into a number field is replaced. */
  #setAttributes(values) {
    this.#badInput["pile-points"] = false;
    for (const [name, value] of Object.entries(values)) {
      if (value === null) this.removeAttribute(name);
      else this.setAttribute(name, value);
    }
  }

  /** The deal in the form as the core's game deal, once scored and valid; else null. */
  #currentDeal(built = this.#build()) {
    if (this.lazy) return null;
    const { request, problems, incomplete } = built;
    return problems.length || incomplete || !this.#scheduler.answers(request) ? null : gameDeal(request);
  }

  #viewActions() {
    return {
      set: (name, value) => this.setAttribute(name, value),
      game: (bidder, contract) => this.#setAttributes({ bidder, contract }),
      toggle: (name, value) => {
        const current = this.getAttribute(name);
        this.#setAttributes({ [name]: current === value ? null : value });
      },
      pile: (team, text) => this.#setAttributes({ "pile-team": team, "pile-points": text === "" ? null : text }),
      badInput: (name, flag) => {
        this.#badInput[name] = flag;
      },
      count: (team, kind, delta) => {
        const counts = parseDeclarations(this.getAttribute(`declarations-${team}`));
        const limit = countLimit(kind, this.#deal().contract);
        const count = Math.max(0, Math.min(limit, counts[kind] + delta));
        if (count === counts[kind]) return;
        counts[kind] = count;
        // Other declarations may raise another question: an answer given for the old
        // ones must not answer it unasked.
        this.#setAttributes({
          [`declarations-${team}`]: formatDeclarations(counts) || null,
          ...Object.fromEntries(ANSWER_ATTRIBUTES.map((name) => [name, null])),
        });
      },
      details: () => this.#view.showDetails(),
      retry: () => this.retry(),
    };
  }

  // --- the closed calculator and the view (loaded at the first sign of intent) ------

  /** What the launcher reports: intent (start loading) and the press (open). */
  #launcherActions() {
    return {
      warm: () => {
        this.#start();
        this.#loadView();
      },
      open: () => {
        const stillOpen = () => this.isConnected && !this.lazy;
        this.open();
        this.#loadView().then(
          (view) => {
            this.#render();
            view.focusAfterOpening(stillOpen);
          },
          () => {},
        );
      },
    };
  }

  /**
   * Import the open calculator's modules and build its view, once (again after a
   * failed import). Resolves to the view.
   */
  #loadView() {
    this.#viewLoad ??= Promise.all([import("../form/view.js"), import("../styles/calculator.js"), import("../i18n/strings.js"), import("../i18n/rule-words.js")]).then(
      ([{ CalculatorView }, { adoptStyles }, { STRINGS }, { rulesSummary }]) => {
        this.#viewFailed = false;
        adoptStyles(this.#root);
        this.#words = { STRINGS, rulesSummary };
        const view = new CalculatorView(this.#root, this.#viewActions(), this.#internals);
        this.#view = view;
        if (this.isConnected) view.watchViewport(true);
        if (!this.lazy) view.revealForm(this.#gradual);
        if (this.#sheet) view.attachSheet(this.#sheet.parts);
        this.#invalidate();
        return view;
      },
      (error) => {
        this.#viewLoad = null;
        this.#viewFailed = true;
        this.#invalidate();
        console.warn("[belot-calculator] the calculator could not be loaded:", error?.message ?? error);
        throw error;
      },
    );
    return this.#viewLoad;
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
    if (!data) return;
    let example;
    try {
      example = JSON.parse(data.textContent);
    } catch {
      return;
    }
    const { request, problems, incomplete } = this.#build();
    if (problems.length || incomplete || example?.reply?.ok !== true || !sameRequest(request, example.request)) return;
    this.#scheduler.prefill(request, example.reply);
  }

  // --- the score sheet (sheet/score-sheet.js, loaded on first use) ----------------------

  #setupSheet() {
    if (!this.sheet) {
      this.#teardownSheet();
      return;
    }
    if (this.#sheet || this.#sheetLoad) return;
    const load = Promise.all([import("../sheet/score-sheet.js"), this.#loadView()]).then(
      ([{ ScoreSheet }]) => {
        if (this.#sheetLoad !== load) return; // turned off or re-keyed meanwhile
        this.#sheetLoad = null;
        this.#sheet = new ScoreSheet({
          storageKey: this.storageKey,
          form: this.#sheetForm(),
          scorer: () => this.scorer,
          target: this,
          // A game's link points at the standalone calculator next to the manifest.
          linkBase: () => new URL("calculator/", this.manifest).href,
        });
        this.#sheet.addEventListener("change", this.#onSheetChange);
        this.#view?.attachSheet(this.#sheet.parts);
        this.#onHashChange();
        this.#onSheetChange();
      },
      (error) => {
        if (this.#sheetLoad === load) this.#sheetLoad = null;
        console.warn("[belot-calculator] the score sheet could not be loaded:", error?.message ?? error);
      },
    );
    this.#sheetLoad = load;
  }

  #teardownSheet() {
    this.#sheetLoad = null;
    const sheet = this.#sheet;
    if (!sheet) return;
    sheet.removeEventListener("change", this.#onSheetChange);
    sheet.close();
    this.#view?.detachSheet(sheet.parts);
    this.#sheet = null;
    this.#onSheetChange();
  }

  /** The page's address carries a game link (`#game=…`): the sheet shows it. */
  #onHashChange = () => {
    this.#sheet?.openLink(globalThis.location.hash);
  };

  /** The sheet changed: its pot may be the deal's new hanging points. */
  #onSheetChange = () => {
    this.#invalidate();
    this.#scheduler.schedule();
  };

  /** What the score sheet may do with the form: the SheetForm of sheet/score-sheet.js. */
  #sheetForm() {
    return {
      deal: () => this.#currentDeal(),
      save: () => ({
        attributes: Object.fromEntries(FORM_ATTRIBUTES.map((name) => [name, this.getAttribute(name)])),
        accepted: this.#accepted,
      }),
      restore: ({ attributes, accepted }) => {
        this.#accepted = accepted;
        this.#setAttributes(attributes);
      },
      load: (deal) => {
        this.#view.revealForm(false);
        const { attributes, accepted } = dealAttributes(deal);
        this.#accepted = accepted;
        this.#setAttributes(attributes);
      },
      clear: () => {
        this.#accepted = false;
        this.#setAttributes(NEXT_DEAL);
      },
      focus: () => this.#view.focusForm(),
      announce: (text) => this.#view.announce(text),
    };
  }

  // --- the scorer -------------------------------------------------------------------

  #start() {
    this.scorer.start?.()?.catch?.(() => {});
  }

  /** Listen to the (new) scorer, start it unless closed, and score with it at once. */
  #connectScorer() {
    this.#listen();
    if (!this.lazy) this.#start();
    this.#scheduler.schedule(true);
  }

  #onScorerState = (event) => {
    if (event.detail?.state === "ready") this.#scheduler.schedule(true);
    this.#invalidate();
  };

  #listen() {
    const scorer = this.scorer;
    if (this.#listeningTo === scorer) return;
    this.#unlisten();
    if (typeof scorer.addEventListener === "function") {
      scorer.addEventListener("statechange", this.#onScorerState);
      scorer.addEventListener("progress", this.#invalidate);
      this.#listeningTo = scorer;
    }
  }

  #unlisten() {
    const scorer = this.#listeningTo;
    if (!scorer) return;
    scorer.removeEventListener("statechange", this.#onScorerState);
    scorer.removeEventListener("progress", this.#invalidate);
    this.#listeningTo = null;
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

  /** The strings of `lang`, with the sheet's team names in place of the default ones. */
  #strings(lang) {
    const base = this.#words.STRINGS[lang];
    const names = this.#sheet?.names(lang);
    if (!names || (names.us === base.teams.us && names.them === base.teams.them)) return base;
    return { ...base, teams: names };
  }

  #render() {
    const lang = this.language;
    const state = this.state;
    // Closed, or opened while the view's modules are still on their way (or failed to
    // come: a press tries again), the launcher shows.
    const launcher = state === "closed" || (!this.#view && (this.#gradual || this.#viewFailed));
    if (launcher || this.#launcher) {
      this.#launcher ??= new Launcher(this.#root, this.#launcherActions());
      this.#launcher.render(lang, { shown: launcher, busy: state !== "closed" && !this.#viewFailed });
    }
    if (!this.#view) return;
    const s = this.#strings(lang);
    const scorer = this.scorer;
    const failure = scorer.error ?? this.#scheduler.failure;
    const attributes = this.#attributes();
    const deal = readDeal(attributes);
    const built = this.#build(); // once per render: the problems and the sheet's deal read it
    const { errors, questions, current, settled, missing } = this.#problems(built);
    this.#view.render({
      s,
      lang,
      state,
      deal,
      texts: { "pile-points": attributes["pile-points"] ?? "", "hanging-in": attributes["hanging-in"] ?? "" },
      badInput: this.#badInput,
      sheet: this.sheet,
      readOnly: Boolean(this.#sheet?.viewing),
      progress: scorer.progress,
      failure: failure && { code: failure.code, message: failure.message, started: Boolean(scorer.info) },
      updateReady: offline.updateReady,
      offlineLost: offline.offlineLost,
      errors,
      questions,
      result: this.result,
      current,
      settled,
      missing,
      piles: piles(deal),
      incomplete: this.#scheduler.incomplete,
      // The house rules the result follows, in a few words (none: nothing to say).
      rulesNote: activeRules(this.#rules()).some((id) => RULE_IDS.includes(id)) ? this.#words.rulesSummary(this.#rules(), lang) : "",
      headingLevel: this.headingLevel,
    });
    this.#sheet?.render(s, lang, state, this.#currentDeal(built), this.headingLevel);
  }
}
