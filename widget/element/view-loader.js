// The open calculator's view, loaded at the first sign of intent: its modules (the form's
// view, its styles, the widget's words) are imported once — again after a failed import,
// on the next press — so an article whose calculator is never opened downloads none.

import { yieldToBrowser } from "../tasks.js";

/** @import { CalculatorView } from "../form/view.js"; */
/** @import { Lang, STRINGS } from "../i18n/strings.js"; */
/** @import { rulesSummary } from "../i18n/rule-words.js"; */

/** @typedef {{ STRINGS: typeof STRINGS, rulesSummary: typeof rulesSummary }} ViewWords The words loaded with the view. */
/**
 * What the loader asks of the element.
 * @typedef {object} ViewHost
 * @property {ShadowRoot} root
 * @property {ElementInternals | null} internals
 * @property {() => ConstructorParameters<typeof CalculatorView>[1]} actions the view's actions
 * @property {() => boolean} connected
 * @property {() => boolean} lazy
 * @property {() => Parameters<CalculatorView["attachSheet"]>[0] | null} sheetParts the score sheet's parts, or null
 * @property {() => void} changed
 */

/**
 * `host`: {root, internals, actions() → ViewActions, connected(), lazy(), sheetParts()
 * → the score sheet's parts or null, changed()}.
 */
export class ViewLoader {
  /** @type {ViewHost} */ #host;
  /** @type {Promise<CalculatorView> | null} */ #load = null;
  /** @type {CalculatorView | null} The CalculatorView, once its modules are in. */
  view = null;
  /** @type {ViewWords | null} {STRINGS, rulesSummary}, with the view. */
  words = null;
  /** The modules could not be loaded (a press tries again). */
  failed = false;
  /** The form is revealed a part per frame (opened from lazy). */
  gradual = false;

  /** @param {ViewHost} host */
  constructor(host) {
    this.#host = host;
  }

  /**
   * The widget's words in `lang`, the game's team names (`names`, or null) in place of Ние/Вие.
   * Asked once the view is loaded (its words with it).
   * @param {Lang} lang
   * @param {{ us: string, them: string } | null | undefined} names
   */
  strings(lang, names) {
    const base = /** @type {ViewWords} */ (this.words).STRINGS[lang];
    if (!names || (names.us === base.teams.us && names.them === base.teams.them)) return base;
    return { ...base, teams: names };
  }

  /**
   * Import the modules and build the view, once; resolves to the view.
   * @returns {Promise<CalculatorView>}
   */
  load() {
    this.#load ??= Promise.all([
      import("../form/view.js"),
      import("../styles/calculator.js"),
      import("../i18n/strings.js"),
      import("../i18n/rule-words.js"),
    ]).then(
      // The styles in one task, the view in the next: together they went over 50 ms of a
      // slow phone's thread (parsing the styles is a fifth of it).
      async ([{ CalculatorView }, { adoptStyles }, { STRINGS }, { rulesSummary }]) => {
        adoptStyles(this.#host.root);
        await yieldToBrowser();
        return this.#built(CalculatorView, { STRINGS, rulesSummary });
      },
      (error) => {
        this.#load = null;
        this.failed = true;
        this.#host.changed();
        console.warn("[belot-calculator] the calculator could not be loaded:", error?.message ?? error);
        throw error;
      },
    );
    return this.#load;
  }

  /**
   * @param {typeof CalculatorView} CalculatorView
   * @param {ViewWords} words
   */
  #built(CalculatorView, words) {
    const host = this.#host;
    this.failed = false;
    this.words = words;
    const view = new CalculatorView(host.root, host.actions(), host.internals);
    this.view = view;
    if (host.connected()) view.watchViewport(true);
    if (!host.lazy()) view.revealForm(this.gradual);
    const parts = host.sheetParts();
    if (parts) view.attachSheet(parts);
    host.changed();
    return view;
  }
}
