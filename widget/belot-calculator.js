// <belot-calculator>: a Bulgarian belot score calculator for one deal.
//
// Attributes are the source of truth: every input the user touches is written back
// to its attribute, and every render reads the attributes. Renders are batched on a
// microtask, and write only what changed. Every change is scored at once (latest
// wins: while one request is on its way, later changes only mark the input as
// changed, and the newest request goes when the reply is back) through an injected
// scorer (by default the page-wide Pyodide worker), so the UI thread never waits on
// Python. Text goes into the DOM only through textContent. See README.md.

import { afterNextFrame, h, setAttribute, setHidden, setText } from "./dom.js";
import { offline } from "./offline.js";
import { DEFAULT_MANIFEST_URL, sharedPyodideScorer } from "./pyodide-scorer.js";
import { ScoreSheet } from "./score-sheet.js";
import { DEFAULT_STORAGE_KEY } from "./sheet-store.js";
import { format, STRINGS } from "./strings.js";
import { adoptStyles } from "./styles.js";

export const TEAMS = Object.freeze(["us", "them"]);
export const CONTRACTS = Object.freeze(["clubs", "diamonds", "hearts", "spades", "no_trumps", "all_trumps"]);
export const DOUBLINGS = Object.freeze(["none", "contra", "recontra"]);
export const CAPOTS = Object.freeze(["none", "us", "them"]);
/** Declarations in the order of the counters, with the points shown beside each. */
export const DECLARATIONS = Object.freeze([
  { key: "tierce", points: "+20" },
  { key: "quarte", points: "+50" },
  { key: "quint", points: "+100" },
  { key: "carre", points: "100" },
  { key: "carre_nines", points: "150" },
  { key: "carre_jacks", points: "200" },
  { key: "belot", points: "+20" },
]);
/** What each declaration is worth (before any doubling), for the counters' summaries. */
const DECLARATION_VALUES = { tierce: 20, quarte: 50, quint: 100, carre: 100, carre_nines: 150, carre_jacks: 200, belot: 20 };
const SUITS = { clubs: ["♣", false], diamonds: ["♦", true], hearts: ["♥", true], spades: ["♠", false] };
/** Card points of the whole deck at face value: what a capot team holds. */
const DECK_POINTS = { no_trumps: 120, all_trumps: 248 };
const SUIT_DECK_POINTS = 152;
const MAX_COUNT = 9;

/** Attributes that change the deal (and so trigger scoring). */
const DEAL_ATTRIBUTES = Object.freeze([
  "contract",
  "bidder",
  "doubling",
  "pile-team",
  "pile-points",
  "last-trick",
  "capot",
  "hanging-in",
  "declarations-us",
  "declarations-them",
]);

/** `"tierce:1,belot:1"` → `{tierce: 1, quarte: 0, …, belot: 1}`; a bare name counts 1. */
export function parseDeclarations(text) {
  const counts = Object.fromEntries(DECLARATIONS.map(({ key }) => [key, 0]));
  for (const item of String(text ?? "").split(",")) {
    const [name, value = ""] = item.split(":").map((part) => part.trim());
    if (!Object.hasOwn(counts, name)) continue;
    const count = value === "" ? 1 : Number.parseInt(value, 10);
    if (Number.isInteger(count) && count >= 0) counts[name] = Math.min(count, MAX_COUNT);
  }
  return counts;
}

/** The inverse of parseDeclarations: only the non-zero counts, in counter order. */
export function formatDeclarations(counts) {
  return DECLARATIONS.filter(({ key }) => counts?.[key] > 0)
    .map(({ key }) => `${key}:${counts[key]}`)
    .join(",");
}

function oneOf(value, allowed, fallback) {
  return allowed.includes(value) ? value : fallback;
}

function sameRequest(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}


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
    languageObserver.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ["lang"],
      subtree: true,
    });
  }
}
function unwatchLanguage(element) {
  languageListeners.delete(element);
}

export class BelotCalculatorElement extends HTMLElement {
  static observedAttributes = ["lang", "lazy", "manifest", "sheet", "storage-key", ...DEAL_ATTRIBUTES];

  /** Register the element; returns the class. Throws if `tag` is taken (see define.js). */
  static define(tag = "belot-calculator", registry = customElements) {
    registry.define(tag, this);
    return this;
  }

  #root;
  #ui = {};
  #labels = []; // [(strings) => void] run on every render
  #renderQueued = false;
  #scoreQueued = false; // a microtask will score the current input
  #forceScore = false; // ... even while a request is on its way (new scorer, retry)
  #sequence = 0; // bumped by every request sent and every local result: older replies are stale
  #inFlight = null; // the request on its way to the scorer, if any
  #changedInFlight = false; // the input changed while #inFlight was on its way
  #formParts = []; // the form's fieldsets not yet in the form (an opened calculator shows them a few frames apart)
  #revealing = false;
  #steps = []; // the explanation shown: [code, text] per step
  #stepsQueued = false;
  #scorer = null;
  #listeningTo = null;
  #badInput = { "pile-points": false, "hanging-in": false };
  #reply = null; // the core's reply for the current input, or local errors
  #request = null;
  #incomplete = false;
  #scoreFailure = null;
  #internals = null;
  #resultInView = true;
  #replyRequest = null; // the request #reply answers
  #sheet = null; // the ScoreSheet while the `sheet` attribute is on

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: "open", delegatesFocus: false });
    adoptStyles(this.#root);
    try {
      this.#internals = this.attachInternals();
    } catch {
      this.#internals = null;
    }
    this.#build();
  }

  // --- attributes as properties ---------------------------------------------------

  get contract() {
    return oneOf(this.getAttribute("contract"), CONTRACTS, "clubs");
  }
  set contract(value) {
    this.setAttribute("contract", value);
  }
  get bidder() {
    return oneOf(this.getAttribute("bidder"), TEAMS, "us");
  }
  set bidder(value) {
    this.setAttribute("bidder", value);
  }
  get doubling() {
    return oneOf(this.getAttribute("doubling"), DOUBLINGS, "none");
  }
  set doubling(value) {
    this.setAttribute("doubling", value);
  }
  get pileTeam() {
    return oneOf(this.getAttribute("pile-team"), TEAMS, "us");
  }
  set pileTeam(value) {
    this.setAttribute("pile-team", value);
  }
  /** The card points of the entered pile as a number, or null while empty or not a whole number. */
  get pilePoints() {
    const text = (this.getAttribute("pile-points") ?? "").trim();
    return /^-?\d+$/.test(text) ? Number(text) : null;
  }
  set pilePoints(value) {
    if (value == null || value === "") this.removeAttribute("pile-points");
    else this.setAttribute("pile-points", String(value));
  }
  get lastTrick() {
    return oneOf(this.getAttribute("last-trick"), TEAMS, "us");
  }
  set lastTrick(value) {
    this.setAttribute("last-trick", value);
  }
  get capot() {
    return oneOf(this.getAttribute("capot"), CAPOTS, "none");
  }
  set capot(value) {
    this.setAttribute("capot", value ?? "none");
  }
  get hangingIn() {
    const text = (this.getAttribute("hanging-in") ?? "").trim();
    return /^-?\d+$/.test(text) ? Number(text) : 0;
  }
  set hangingIn(value) {
    this.setAttribute("hanging-in", String(value ?? 0));
  }
  /** `{us: {tierce: n, …}, them: {…}}`, from the declarations-us/-them attributes. */
  get declarations() {
    return {
      us: parseDeclarations(this.getAttribute("declarations-us")),
      them: parseDeclarations(this.getAttribute("declarations-them")),
    };
  }
  set declarations(value) {
    for (const team of TEAMS) this.setAttribute(`declarations-${team}`, formatDeclarations(value?.[team]));
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
    if (this.isConnected) {
      this.#listen();
      if (!this.lazy) this.#start();
      this.#scheduleScore(true);
    }
    this.#invalidate();
  }
  /** The request the current attributes describe (the core's JSON contract), or null while incomplete. */
  get request() {
    const { request, errors, incomplete } = this.#buildRequest();
    return errors.length || incomplete ? null : request;
  }
  /** The last successful result for the current input, or null. */
  get result() {
    return this.#reply?.ok ? this.#reply.result : null;
  }
  /** The errors for the current input (core and local), or an empty array. */
  get errors() {
    return this.#reply && !this.#reply.ok ? this.#reply.errors : [];
  }
  /** "closed" (lazy), "loading", "ready" or "failed". */
  get state() {
    if (this.lazy) return "closed";
    const state = this.scorer.state;
    if (state === "failed") return "failed";
    if (state === "loading" || state === "idle") return "loading";
    return this.#scoreFailure ? "failed" : "ready";
  }

  /** The score sheet: `{game: {id, created, updated, names, deals}, result}` (copies), or null without `sheet`. */
  get game() {
    return this.#sheet?.snapshot() ?? null;
  }

  /** Leave lazy mode: load the runtime and show the calculator. */
  open() {
    this.lazy = false;
  }

  /** After a failure: load the runtime again. */
  retry() {
    this.#scoreFailure = null;
    const scorer = this.scorer;
    const started = scorer.retry ? scorer.retry() : scorer.start?.();
    started?.catch?.(() => {});
    this.#invalidate();
    this.#scheduleScore(true);
  }

  // --- lifecycle ------------------------------------------------------------------------

  connectedCallback() {
    if (!this.lazy) this.#revealForm(false);
    watchLanguage(this, () => this.#invalidate());
    offline.addEventListener("updateready", this.#onOfflineUpdate);
    this.#setupSheet();
    this.#listen();
    if (!this.lazy) this.#start();
    this.#invalidate();
    this.#scheduleScore(true);
  }

  disconnectedCallback() {
    unwatchLanguage(this);
    offline.removeEventListener("updateready", this.#onOfflineUpdate);
    this.#unlisten();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (!this.isConnected) return;
    if (name === "manifest" && !this.#scorer) {
      this.#listen();
      if (!this.lazy) this.#start();
      this.#scheduleScore(true);
    }
    if (name === "lazy" && newValue === null && oldValue !== null) {
      this.#revealForm(true);
      this.#start();
      this.#scheduleScore(true);
    }
    if (DEAL_ATTRIBUTES.includes(name)) {
      this.#scheduleScore(false);
    }
    if (name === "sheet" || (name === "storage-key" && oldValue !== newValue)) {
      if (name === "storage-key") this.#teardownSheet();
      this.#setupSheet();
    }
    this.#invalidate();
  }

  // --- the score sheet ------------------------------------------------------------

  #setupSheet() {
    if (!this.sheet) {
      this.#teardownSheet();
      return;
    }
    if (this.#sheet) return;
    this.#sheet = new ScoreSheet(this.#sheetHost(), this.storageKey);
    this.#ui.root.append(this.#sheet.dom);
    this.#ui.form.prepend(this.#sheet.formNote);
  }

  #teardownSheet() {
    if (!this.#sheet) return;
    this.#sheet.dom.remove();
    this.#sheet.formNote.remove();
    this.#sheet = null;
    this.#ui.hangingIn.readOnly = false;
  }

  /** What the sheet may see and do of the element: read the deal, fill the form. */
  #sheetHost() {
    const dealAttributes = DEAL_ATTRIBUTES.filter((name) => name !== "hanging-in");
    return {
      element: this,
      scorer: () => this.scorer,
      language: () => this.language,
      invalidate: () => this.#invalidate(),
      activeElement: () => this.#root.activeElement,
      currentDeal: () => this.#currentDeal(),
      setHanging: (points) => {
        if (this.getAttribute("hanging-in") !== String(points)) this.setAttribute("hanging-in", String(points));
      },
      snapshot: () => Object.fromEntries(dealAttributes.map((name) => [name, this.getAttribute(name)])),
      restore: (snapshot) => {
        this.#badInput["pile-points"] = false;
        for (const [name, value] of Object.entries(snapshot)) {
          if (value === null) this.removeAttribute(name);
          else this.setAttribute(name, value);
        }
      },
      loadDeal: (deal) => {
        this.#revealForm(false);
        this.#badInput["pile-points"] = false;
        this.contract = oneOf(deal.contract, CONTRACTS, "clubs");
        this.bidder = oneOf(deal.bidder, TEAMS, "us");
        this.doubling = oneOf(deal.doubling, DOUBLINGS, "none");
        this.capot = oneOf(deal.capot ?? "none", CAPOTS, "none");
        this.pileTeam = oneOf(deal.cards?.team, TEAMS, "us");
        this.pilePoints = deal.cards?.points ?? null;
        this.lastTrick = oneOf(deal.last_trick, TEAMS, "us");
        this.declarations = deal.declarations ?? {};
        for (const team of TEAMS) {
          if (formatDeclarations(deal.declarations?.[team])) this.#ui.declarationDetails[team].open = true;
        }
      },
      resetDeal: () => {
        this.#badInput["pile-points"] = false;
        this.pilePoints = null;
        this.capot = "none";
        this.doubling = "none";
        this.declarations = {};
      },
      focusForm: () => {
        this.#revealForm(false);
        const smooth = !globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
        this.#ui.form.scrollIntoView({ block: "start", behavior: smooth ? "smooth" : "auto" });
        const checked = this.#ui.radios.contract.find((input) => input.checked) ?? this.#ui.radios.contract[0];
        checked.focus({ preventScroll: true });
      },
    };
  }

  /** The deal in the form as the core's game deal (no version, no hanging_in), once scored and valid. */
  #currentDeal() {
    if (!this.#reply?.ok || this.lazy) return null;
    const { request, errors, incomplete } = this.#buildRequest();
    if (errors.length || incomplete) return null;
    if (JSON.stringify(request) !== JSON.stringify(this.#replyRequest)) return null;
    const { version, hanging_in, ...deal } = request;
    return deal;
  }

  /** The strings of `lang`, with the sheet's team names in place of Ние/Вие. */
  #strings(lang) {
    const base = STRINGS[lang];
    const names = this.#sheet?.names(lang);
    if (!names || (names.us === base.teams.us && names.them === base.teams.them)) return base;
    return { ...base, teams: names, capots: { ...base.capots, ...names } };
  }

  // --- scorer plumbing ------------------------------------------------------------

  #start() {
    this.scorer.start?.()?.catch?.(() => {});
  }

  #onScorerState = (event) => {
    if (event.detail?.state === "ready") {
      this.#scheduleScore(true);
      // Offline use is set up once the runtime is here (so an unopened article loads
      // none of it); only for our own Pyodide scorer, not an injected one.
      if (!this.#scorer) offline.register(this.manifest);
    }
    this.#invalidate();
  };
  #onOfflineUpdate = () => this.#invalidate();
  #onScorerProgress = () => this.#invalidate();

  #listen() {
    const scorer = this.scorer;
    if (this.#listeningTo === scorer) return;
    this.#unlisten();
    if (typeof scorer.addEventListener === "function") {
      scorer.addEventListener("statechange", this.#onScorerState);
      scorer.addEventListener("progress", this.#onScorerProgress);
      this.#listeningTo = scorer;
    }
  }

  #unlisten() {
    const scorer = this.#listeningTo;
    if (!scorer) return;
    scorer.removeEventListener("statechange", this.#onScorerState);
    scorer.removeEventListener("progress", this.#onScorerProgress);
    this.#listeningTo = null;
  }

  /**
   * Score the current input at once: on a microtask, so the attributes one action
   * sets together (a loaded deal, a reset) make one request. `force` sends even while
   * a request is on its way (a new scorer, a retry); otherwise latest wins (#score).
   */
  #scheduleScore(force) {
    this.#forceScore ||= force;
    if (this.#scoreQueued) return;
    this.#scoreQueued = true;
    queueMicrotask(() => {
      this.#scoreQueued = false;
      const forced = this.#forceScore;
      this.#forceScore = false;
      this.#score(forced);
    });
  }

  #localError(code, field, key) {
    return { code, field, params: {}, message: { bg: STRINGS.bg[key], en: STRINGS.en[key] } };
  }

  /** The request for the current attributes, plus problems the widget finds itself. */
  #buildRequest() {
    const errors = [];
    let incomplete = false;
    const contract = this.contract;
    const capot = this.capot === "none" ? null : this.capot;
    let cards = { team: this.pileTeam, points: this.pilePoints };
    let lastTrick = this.lastTrick;
    if (capot) {
      // A capot team holds every card and the last trick: no need to type them.
      cards = { team: capot, points: DECK_POINTS[contract] ?? SUIT_DECK_POINTS };
      lastTrick = capot;
    } else {
      const text = (this.getAttribute("pile-points") ?? "").trim();
      if (this.#badInput["pile-points"] || (text !== "" && cards.points === null)) {
        errors.push(this.#localError("not_a_whole_number", "cards.points", "notWholeNumber"));
      } else if (text === "") {
        incomplete = true;
      }
    }
    const hangingText = (this.getAttribute("hanging-in") ?? "").trim();
    if (this.#badInput["hanging-in"] || (hangingText !== "" && !/^-?\d+$/.test(hangingText))) {
      errors.push(this.#localError("not_a_whole_number", "hanging_in", "notWholeNumber"));
    }
    const declarations =
      contract === "no_trumps" ? { us: {}, them: {} } : this.declarations;
    const request = {
      version: 1,
      contract,
      bidder: this.bidder,
      doubling: this.doubling,
      cards,
      last_trick: lastTrick,
      capot,
      declarations,
      hanging_in: this.hangingIn,
    };
    return { request, errors, incomplete };
  }

  /**
   * Latest wins, never a queue: at most one request is on its way; changes meanwhile
   * only set #changedInFlight, and when the reply is back the newest input is sent
   * (unless it is the same request). A reply for an input that is no longer the
   * current one is dropped, so a stale result never replaces a newer one.
   */
  async #score(force = false) {
    if (!this.isConnected || this.lazy) return;
    const { request, errors, incomplete } = this.#buildRequest();
    this.#request = request;
    this.#incomplete = incomplete && !errors.length;
    if (errors.length || incomplete) {
      ++this.#sequence; // a reply still on its way is for an older input
      this.#reply = errors.length ? { ok: false, errors } : null;
      this.#replyRequest = request;
      this.#invalidate();
      return;
    }
    if (this.#inFlight && !force) {
      this.#changedInFlight = true;
      return;
    }
    const sequence = ++this.#sequence;
    const call = { request };
    this.#inFlight = call;
    this.#changedInFlight = false;
    let reply;
    let failure = null;
    try {
      reply = await this.scorer.score(request);
    } catch (error) {
      failure = error ?? new Error("score failed");
    }
    if (this.#inFlight !== call) return; // a forced request replaced this one
    this.#inFlight = null;
    const current = sequence === this.#sequence;
    if (this.#changedInFlight) {
      this.#changedInFlight = false;
      const now = this.#buildRequest();
      const same = current && !now.errors.length && !now.incomplete && sameRequest(now.request, request);
      if (!same) {
        this.#score(); // send the newest input; this reply is stale
        return;
      }
    }
    if (!current || !this.isConnected) return;
    if (failure) {
      this.#scoreFailure = failure;
      this.#reply = null;
      this.#replyRequest = null;
      this.#invalidate();
      return;
    }
    this.#scoreFailure = null;
    this.#reply = reply;
    this.#replyRequest = request;
    this.#invalidate();
    if (reply?.ok) {
      this.dispatchEvent(
        new CustomEvent("belot-calculator-result", {
          bubbles: true,
          composed: true,
          detail: { request, result: reply.result },
        }),
      );
    }
  }

  // --- language -------------------------------------------------------------------

  /** "bg" or "en": from the element's lang or the nearest [lang] ancestor (Bulgarian by default). */
  get language() {
    let node = this;
    while (node) {
      if (node.nodeType === Node.ELEMENT_NODE && node.hasAttribute("lang")) {
        const lang = node.getAttribute("lang").trim().toLowerCase();
        if (lang) return lang === "bg" || lang.startsWith("bg-") ? "bg" : "en";
      }
      node = node.parentNode ?? node.host ?? null;
    }
    return "bg";
  }

  // --- building the shadow DOM (once) -------------------------------------------

  #label(element, text, attribute = null) {
    this.#labels.push((strings) => {
      const value = text(strings);
      if (attribute) setAttribute(element, attribute, value);
      else setText(element, value);
    });
    return element;
  }

  #build() {
    const ui = this.#ui;
    const t = (element, text, attribute) => this.#label(element, text, attribute);

    // Lazy launcher.
    ui.open = t(h("button", { type: "button", class: "primary open", part: "open-button" }), (s) => s.open);
    ui.open.addEventListener("pointerenter", () => this.#start());
    ui.open.addEventListener("focus", () => this.#start());
    ui.open.addEventListener("click", () => this.#openAndFocus());
    ui.launcher = h(
      "div",
      { class: "launcher", part: "launcher" },
      ui.open,
      t(h("p"), (s) => s.openHint),
    );

    // Loading and failure.
    ui.progress = h("progress", { part: "progress", max: "1" });
    ui.loadingText = h("p", { class: "loading-text" });
    ui.status = h("div", { class: "status", part: "status", role: "status" }, ui.loadingText, ui.progress);
    ui.failureText = h("p", { class: "failure-text" });
    ui.failureDetail = h("p", { class: "detail" });
    ui.retry = t(h("button", { type: "button", class: "primary retry", part: "retry-button" }), (s) => s.retry);
    ui.retry.addEventListener("click", () => this.retry());
    ui.failure = h("div", { class: "failure", part: "failure", role: "alert" }, ui.failureText, ui.failureDetail, ui.retry);

    // The form.
    ui.radios = {};
    ui.errors = {};
    ui.form = h("form", { part: "form", novalidate: true });
    ui.form.addEventListener("submit", (event) => event.preventDefault());

    const contract = this.#radioGroup("contract", CONTRACTS, (s) => s.contract, (value, s) => s.contracts[value], "contracts");
    for (const input of ui.radios.contract) {
      const suit = SUITS[input.value];
      if (suit) {
        const span = input.nextElementSibling;
        span.prepend(h("span", { class: suit[1] ? "suit red" : "suit", "aria-hidden": "true" }, suit[0]));
      }
    }
    const bidder = this.#radioGroup("bidder", TEAMS, (s) => s.bidder, (value, s) => s.teams[value]);
    const doubling = this.#radioGroup("doubling", DOUBLINGS, (s) => s.doubling, (value, s) => s.doublings[value]);

    // Card points: whose pile + the points.
    ui.pilePoints = this.#numberInput("pile-points", "cards-error pile-points-hint");
    const pileTeamOptions = this.#radioOptions("pile-team", TEAMS, (value, s) => s.teams[value]);
    ui.errors.cards = h("p", { class: "error", part: "error", id: "cards-error" });
    ui.cards = h(
      "fieldset",
      { class: "cards", part: "fieldset cards", "aria-describedby": "cards-error" },
      t(h("legend"), (s) => s.cards),
      h(
        "div",
        { class: "row" },
        h("div", { role: "radiogroup", "aria-labelledby": "pile-team-label", class: "row" },
          t(h("span", { id: "pile-team-label" }), (s) => s.pileTeam),
          pileTeamOptions),
        // The hint goes between the label and the input, so the sticky result bar at
        // the bottom of a phone's screen never covers it while the reader types.
        h(
          "div",
          { class: "field" },
          t(h("label", { for: "pile-points-input" }), (s) => s.pilePoints),
          t(h("p", { class: "hint", id: "pile-points-hint" }), (s) => s.pilePointsHint),
          ui.pilePoints,
        ),
      ),
      ui.errors.cards,
    );
    const lastTrick = this.#radioGroup("last-trick", TEAMS, (s) => s.lastTrick, (value, s) => s.teams[value]);
    ui.lastTrick = lastTrick;
    const capot = this.#radioGroup("capot", CAPOTS, (s) => s.capot, (value, s) => s.capots[value]);
    ui.capotHint = t(h("p", { class: "hint" }), (s) => s.capotHint);
    capot.insertBefore(ui.capotHint, ui.errors.capot);

    // Declarations, one fieldset per team.
    ui.counters = {};
    ui.declarationSets = {};
    const declarationSets = TEAMS.map((team) => this.#declarations(team));
    ui.noDeclarations = t(h("p", { class: "message no-declarations" }), (s) => s.declarationsNone);
    const declarations = h("div", { class: "declarations" }, ...declarationSets, ui.noDeclarations);

    // Hanging points carried in.
    ui.hangingIn = this.#numberInput("hanging-in", "hanging-in-error hanging-in-hint");
    ui.hangingIn.placeholder = "0";
    ui.errors.hanging_in = h("p", { class: "error", part: "error", id: "hanging-in-error" });
    const hanging = h(
      "div",
      { class: "row hanging-in", part: "hanging-in" },
      h(
        "div",
        { class: "field" },
        t(h("label", { for: "hanging-in-input" }), (s) => s.hangingIn),
        t(h("p", { class: "hint", id: "hanging-in-hint" }), (s) => (this.#sheet ? s.hangingInSheet : s.hangingInHint)),
        ui.hangingIn,
      ),
      ui.errors.hanging_in,
    );

    ui.errors[""] = h("p", { class: "error general-error", part: "error" });
    // Into the form at connect, or, when a lazy calculator opens, one per frame (#revealForm).
    this.#formParts = [contract, bidder, doubling, ui.cards, lastTrick, capot, declarations, hanging];

    // The result.
    ui.resultTitle = t(h("h3", { class: "title" }), (s) => s.result);
    ui.message = h("p", { class: "message result-message" });
    ui.outcome = h("p", { class: "outcome", part: "outcome" });
    ui.cells = {};
    const headRow = h("tr", {}, h("td"));
    const rawRow = h("tr", { class: "raw" }, t(h("th", { scope: "row" }), (s) => s.raw));
    const recordRow = h("tr", { class: "record" }, t(h("th", { scope: "row" }), (s) => s.record));
    for (const team of TEAMS) {
      headRow.append(t(h("th", { scope: "col" }), (s) => s.teams[team]));
      ui.cells[`raw-${team}`] = h("td", { class: `raw-${team}` });
      ui.cells[`record-${team}`] = h("td", { class: `record-${team}`, part: `record record-${team}` });
      rawRow.append(ui.cells[`raw-${team}`]);
      recordRow.append(ui.cells[`record-${team}`]);
    }
    ui.table = h("table", { part: "scores" }, h("thead", {}, headRow), h("tbody", {}, rawRow, recordRow));
    ui.hangingOut = h("p", { class: "hanging-out", part: "hanging-out" });
    ui.explanation = h("ol", { class: "explanation", part: "explanation" });
    ui.details = h(
      "div",
      { class: "details" },
      ui.outcome,
      ui.table,
      ui.hangingOut,
      t(h("h4", { class: "title" }), (s) => s.explanation),
      ui.explanation,
    );
    ui.result = h(
      "section",
      { class: "result", part: "result", "aria-live": "polite" },
      ui.resultTitle,
      ui.errors[""],
      ui.message,
      ui.details,
    );

    // On a phone the result is below a long form: a sticky summary at the bottom of the
    // screen shows it while the full result is out of view; pressing it scrolls there.
    ui.summary = h("button", { type: "button", class: "summary", part: "summary", hidden: true });
    ui.summary.addEventListener("click", () => ui.result.scrollIntoView({ behavior: "smooth", block: "nearest" }));
    if (typeof IntersectionObserver === "function") {
      new IntersectionObserver((entries) => {
        this.#resultInView = entries.some((entry) => entry.isIntersecting);
        this.#invalidate();
      }).observe(ui.result);
    }
    ui.root = h("div", { class: "root", part: "root" }, ui.launcher, ui.status, ui.failure, ui.form, ui.summary, ui.result);
    this.#root.append(ui.root);
    // "A new version is ready": shown once a newer build waits for the next open.
    ui.update = h("p", { class: "hint update", part: "update", role: "status", hidden: true });
    ui.launcher.before(ui.update);
  }

  /**
   * Put the form's fieldsets in. At once, or `gradually`: the first now and one more
   * after each frame, so the browser lays the opened form out in steps, none of which
   * blocks the page for long (on a slow phone the whole form at once takes ~50 ms).
   */
  #revealForm(gradually) {
    const parts = this.#formParts;
    if (!gradually) {
      this.#ui.form.append(...parts.splice(0));
      return;
    }
    if (parts.length) this.#ui.form.append(parts.shift());
    if (this.#revealing || !parts.length) return;
    this.#revealing = true;
    (async () => {
      while (parts.length) {
        await afterNextFrame();
        if (parts.length) this.#ui.form.append(parts.shift());
      }
      this.#revealing = false;
    })();
  }

  #openAndFocus() {
    this.open();
    this.#render();
    // Focus once the opened form has had its frame: focus() in the press itself made
    // the browser lay the form out then and there, ~15–20 ms of a slow phone's press
    // task (which went over 50 ms); after the frame the layout is already done.
    afterNextFrame().then(() => {
      if (!this.isConnected || this.lazy) return;
      const checked = this.#ui.radios.contract.find((input) => input.checked) ?? this.#ui.radios.contract[0];
      checked.focus();
    });
  }

  #radioOptions(name, values, text) {
    const inputs = [];
    const options = h("div", { class: "options" });
    for (const value of values) {
      const input = h("input", { type: "radio", name, value });
      input.addEventListener("change", () => {
        if (input.checked) this.setAttribute(name, value);
      });
      inputs.push(input);
      const face = h("span", { class: "face" }, this.#label(h("span", { class: "text" }), (s) => text(value, s)));
      options.append(h("label", { class: "opt", part: "option" }, input, face));
    }
    this.#ui.radios[name] = inputs;
    return options;
  }

  #radioGroup(name, values, legend, text, extraClass = "") {
    const options = this.#radioOptions(name, values, text);
    if (extraClass) options.classList.add(extraClass);
    const key = name.replace("-", "_");
    const error = h("p", { class: "error", part: "error", id: `${name}-error` });
    this.#ui.errors[key] = error;
    return h(
      "fieldset",
      { class: name, part: `fieldset ${name}`, "aria-describedby": `${name}-error` },
      this.#label(h("legend"), legend),
      options,
      error,
    );
  }

  #numberInput(name, describedBy) {
    const input = h("input", {
      type: "number",
      inputmode: "numeric",
      min: "0",
      step: "1",
      name,
      id: `${name}-input`,
      part: `input ${name}`,
      autocomplete: "off",
      "aria-describedby": describedBy,
    });
    input.addEventListener("input", () => {
      this.#badInput[name] = input.validity.badInput;
      this.setAttribute(name, input.value);
    });
    return input;
  }

  #declarations(team) {
    const counters = h("div", { class: "counters" });
    this.#ui.counters[team] = {};
    const attribute = `declarations-${team}`;
    for (const { key, points } of DECLARATIONS) {
      const name = (s) => s.declarationNames[key];
      const params = (s) => ({ name: name(s), team: s.teams[team] });
      const minus = this.#label(h("button", { type: "button", class: "minus" }, "−"), (s) => format(s.remove, params(s)), "aria-label");
      const plus = this.#label(h("button", { type: "button", class: "plus" }, "+"), (s) => format(s.add, params(s)), "aria-label");
      const value = h("output", { class: "value" });
      const change = (delta) => {
        const counts = parseDeclarations(this.getAttribute(attribute));
        counts[key] = Math.max(0, Math.min(MAX_COUNT, counts[key] + delta));
        this.setAttribute(attribute, formatDeclarations(counts));
      };
      minus.addEventListener("click", () => change(-1));
      plus.addEventListener("click", () => change(+1));
      this.#label(value, (s) => format(s.count, { ...params(s), count: value.textContent }), "aria-label");
      const row = h(
        "div",
        { class: `counter ${key}`, part: `counter counter-${key}` },
        h("span", { class: "name" }, this.#label(h("span"), name), " ", h("span", { class: "points" }, points)),
        minus,
        value,
        plus,
      );
      counters.append(row);
      this.#ui.counters[team][key] = { minus, plus, value };
    }
    const error = h("p", { class: "error", part: "error", id: `declarations-${team}-error` });
    this.#ui.errors[`declarations.${team}`] = error;
    // Folded, the summary still says what is declared ("Tierce, Belot · 40 pts").
    const summary = h("summary", { class: "declarations-summary", part: "declarations-summary" });
    const details = h("details", { class: "declarations-details", open: true }, summary, counters);
    this.#ui.declarationSummaries ??= {};
    this.#ui.declarationSummaries[team] = summary;
    this.#ui.declarationDetails ??= {};
    this.#ui.declarationDetails[team] = details;
    const fieldset = h(
      "fieldset",
      { class: `declarations-${team}`, part: `fieldset declarations declarations-${team}`, "aria-describedby": error.id },
      this.#label(h("legend"), (s) => format(s.declarations, { team: s.teams[team] })),
      details,
      error,
    );
    this.#ui.declarationSets[team] = fieldset;
    return fieldset;
  }

  // --- rendering --------------------------------------------------------------------

  #invalidate() {
    if (this.#renderQueued) return;
    this.#renderQueued = true;
    queueMicrotask(() => {
      this.#renderQueued = false;
      this.#render();
    });
  }

  #render() {
    const ui = this.#ui;
    const lang = this.language;
    const s = this.#strings(lang);
    const state = this.state;

    // Counters first, so their aria-labels (which quote the count) see the new value.
    const contract = this.contract;
    const noTrumps = contract === "no_trumps";
    const declarations = this.declarations;
    for (const team of TEAMS) {
      for (const { key } of DECLARATIONS) {
        const counter = ui.counters[team][key];
        const count = declarations[team][key];
        setText(counter.value, count);
        if (counter.minus.disabled !== count <= 0) counter.minus.disabled = count <= 0;
        if (counter.plus.disabled !== count >= MAX_COUNT) counter.plus.disabled = count >= MAX_COUNT;
      }
      setHidden(ui.declarationSets[team], noTrumps);
      if (ui.declarationSets[team].disabled !== noTrumps) ui.declarationSets[team].disabled = noTrumps;
      const declared = DECLARATIONS.filter(({ key }) => declarations[team][key] > 0);
      const points = declared.reduce((sum, { key }) => sum + DECLARATION_VALUES[key] * declarations[team][key], 0);
      const list = declared
        .map(({ key }) => s.declarationNames[key] + (declarations[team][key] > 1 ? ` ×${declarations[team][key]}` : ""))
        .join(", ");
      setText(
        ui.declarationSummaries[team],
        declared.length ? format(s.declarationsSummary, { list, points }) : s.declarationsSummaryNone,
      );
    }
    setHidden(ui.noDeclarations, !noTrumps);
    for (const label of this.#labels) label(s);
    setAttribute(this.#root.host, "aria-busy", state === "loading");

    // Which parts show.
    setHidden(ui.launcher, state !== "closed");
    setHidden(ui.form, state === "closed");
    setHidden(ui.result, state === "closed");
    setHidden(ui.status, state !== "loading");
    setHidden(ui.failure, state !== "failed");
    setHidden(ui.update, !offline.updateReady || state === "closed");
    setText(ui.update, s.updateReady);
    this.#setStates(state);

    if (state === "loading") {
      const { loaded = 0, total = 0 } = this.scorer.progress ?? {};
      if (total > 0) {
        const fraction = Math.min(1, loaded / total);
        if (ui.progress.value !== fraction) ui.progress.value = fraction;
        setText(ui.loadingText, format(s.loadingBytes, {
          loaded: (loaded / 1e6).toFixed(1),
          total: (total / 1e6).toFixed(1),
        }));
      } else {
        if (ui.progress.hasAttribute("value")) ui.progress.removeAttribute("value");
        setText(ui.loadingText, s.loading);
      }
    }
    if (state === "failed") {
      const error = this.scorer.error ?? this.#scoreFailure ?? {};
      setText(
        ui.failureText,
        error.code === "unsupported" ? s.failedUnsupported : this.scorer.info ? s.failedScore : s.failedLoad,
      );
      setText(ui.failureDetail, error.message ? `${s.details}: ${error.message}` : "");
    }

    // Inputs follow the attributes.
    const values = {
      contract,
      bidder: this.bidder,
      doubling: this.doubling,
      "pile-team": this.pileTeam,
      "last-trick": this.lastTrick,
      capot: this.capot,
    };
    for (const [name, value] of Object.entries(values)) {
      for (const input of ui.radios[name]) {
        if (input.checked !== (input.value === value)) input.checked = input.value === value;
      }
    }
    for (const [name, input] of [["pile-points", ui.pilePoints], ["hanging-in", ui.hangingIn]]) {
      const value = this.getAttribute(name) ?? "";
      if (input.value !== value && !(this.#badInput[name] && value === "")) input.value = value;
    }
    const capot = this.capot !== "none";
    if (ui.cards.disabled !== capot) ui.cards.disabled = capot;
    if (ui.lastTrick.disabled !== capot) ui.lastTrick.disabled = capot;
    setHidden(ui.capotHint, !capot);

    if (ui.hangingIn.readOnly !== Boolean(this.#sheet)) ui.hangingIn.readOnly = Boolean(this.#sheet);
    this.#renderErrors(lang);
    this.#renderResult(s, lang, state);
    this.#sheet?.render(s, lang, state);
  }

  #setStates(state) {
    const states = this.#internals?.states;
    if (!states) return;
    for (const name of ["closed", "loading", "ready", "failed"]) {
      try {
        if (name === state) states.add(name);
        else states.delete(name);
      } catch {
        return; // very old CustomStateSet syntax: skip
      }
    }
  }

  /** Where an error goes: the slot of the longest matching field prefix ("" = general). */
  #errorSlot(field) {
    let key = String(field ?? "");
    while (key) {
      if (this.#ui.errors[key]) return key;
      key = key.includes(".") ? key.slice(0, key.lastIndexOf(".")) : "";
    }
    return "";
  }

  #renderErrors(lang) {
    const ui = this.#ui;
    const grouped = new Map();
    for (const error of this.errors) {
      const slot = this.#errorSlot(error.field);
      const text = error.message?.[lang] ?? error.message?.en ?? error.code;
      grouped.set(slot, [...(grouped.get(slot) ?? []), text]);
    }
    for (const [slot, element] of Object.entries(ui.errors)) {
      setText(element, (grouped.get(slot) ?? []).join(" "));
    }
    const invalid = (slot) => grouped.has(slot);
    setAttribute(ui.pilePoints, "aria-invalid", invalid("cards"));
    setAttribute(ui.hangingIn, "aria-invalid", invalid("hanging_in"));
    for (const team of TEAMS) {
      setAttribute(ui.declarationSets[team], "aria-invalid", invalid(`declarations.${team}`));
    }
  }

  /** The result: only what changed is written (no new nodes but for a longer explanation). */
  #renderResult(s, lang, state) {
    const ui = this.#ui;
    const result = this.result;
    // While the runtime loads, the empty details are laid out but not shown (and take
    // their room), so the frame that shows the first result only changes text.
    const waiting = !result && state === "loading" && !this.errors.length && !this.#incomplete;
    setHidden(ui.details, !result && !waiting);
    if (ui.details.classList.contains("pending") !== waiting) ui.details.classList.toggle("pending", waiting);
    if (!result) {
      setHidden(ui.summary, true);
      if (this.errors.length) setText(ui.message, s.invalid);
      else if (this.#incomplete) setText(ui.message, s.incomplete);
      else if (state === "loading") setText(ui.message, s.waiting);
      else setText(ui.message, "");
      return;
    }
    setText(ui.message, "");
    setHidden(ui.summary, this.#resultInView);
    setText(ui.summary, format(s.summary, {
      usName: s.teams.us,
      themName: s.teams.them,
      us: result.record?.us,
      them: result.record?.them,
      outcome: s.outcomes[result.outcome] ?? result.outcome,
    }));
    setAttribute(ui.outcome, "class", `outcome ${result.outcome}`);
    setText(ui.outcome, s.outcomes[result.outcome] ?? result.outcome);
    for (const team of TEAMS) {
      setText(ui.cells[`raw-${team}`], result.raw?.[team] ?? "");
      setText(ui.cells[`record-${team}`], result.record?.[team] ?? "");
    }
    setHidden(ui.hangingOut, !(result.hanging_out > 0));
    setText(ui.hangingOut, format(s.hangingOut, { points: result.hanging_out }));
    // The steps of the explanation: in place, or, when it needs more list items than it
    // has, one frame after the headline numbers, so no single frame lays out both.
    this.#steps = (result.explanation ?? []).map((step) => [step.code, step.message?.[lang] ?? step.message?.en ?? step.code]);
    if (this.#steps.length <= ui.explanation.children.length) this.#renderSteps();
    else if (!this.#stepsQueued) {
      this.#stepsQueued = true;
      afterNextFrame().then(() => {
        this.#stepsQueued = false;
        this.#renderSteps();
      });
    }
  }

  #renderSteps() {
    const list = this.#ui.explanation;
    const items = list.children;
    this.#steps.forEach(([code, text], index) => {
      const item = items[index] ?? list.appendChild(h("li"));
      setAttribute(item, "data-code", code);
      setText(item, text);
    });
    while (items.length > this.#steps.length) list.lastElementChild.remove();
  }
}
