// The score sheet's place in the element: sheet/score-sheet.js is imported when the
// `sheet` attribute is set (never for an article's calculator), given the element's form
// (a SheetForm), its scorer and its storage key, and put into the view; a game link in
// the page's address goes to it. Turned off or re-keyed, the sheet is taken out again.

import { freshURL, importWithRetry, reloadOnce } from "./module-retry.js";

/**
 * `host`: {element, storageKey(), manifest(), scorer(), loadView() → Promise<view>, view(),
 * form(), changed(), importSheet?(), importSheetAgain?() → Promise<module>, reloadOnce?()
 * → boolean} (the last three for tests: the import, the import under a fresh URL, the
 * page's one reload; module-retry.js).
 */
/** @import { ScoreSheet } from "../sheet/score-sheet.js"; */
/** @import { CalculatorView } from "../form/view.js"; */
/** @import { Scorer } from "./types.js"; */
/** @typedef {typeof import("../sheet/score-sheet.js")} SheetModule */
/** @import { FormModel } from "./form-model.js"; */
/**
 * What the sheet's place asks of the element.
 * @typedef {object} SheetHostParts
 * @property {HTMLElement} element
 * @property {() => string} storageKey
 * @property {() => string} manifest
 * @property {() => Scorer} scorer
 * @property {() => Promise<unknown>} loadView
 * @property {() => CalculatorView | null} view
 * @property {() => ReturnType<FormModel["sheetForm"]>} form the form as the sheet uses it (a SheetForm)
 * @property {() => void} changed
 * @property {() => Promise<SheetModule>} [importSheet]
 * @property {() => Promise<SheetModule>} [importSheetAgain]
 * @property {() => boolean} [reloadOnce]
 */

/** @returns {Promise<SheetModule>} */
const importSheet = () => import("../sheet/score-sheet.js");
/** @returns {Promise<SheetModule>} */
const importSheetAgain = () => import(freshURL(new URL("../sheet/score-sheet.js", import.meta.url).href));

export class SheetHost {
  /** @type {SheetHostParts} */ #host;
  /** @type {Promise<void> | null} */ #load = null; // the import of the sheet's module under way
  /** @type {ScoreSheet | null} */ sheet = null; // the ScoreSheet, once loaded
  /**
   * True when the sheet's modules could not be loaded, fetched again under a fresh URL
   * and after one reload of the page (module-retry.js): a real outage. The view offers
   * a reload: the saved games are on the device, untouched.
   */
  failed = false;

  /** @param {SheetHostParts} host */
  constructor(host) {
    this.#host = host;
  }

  /**
   * The sheet, loaded (once) if `on`; taken out if not.
   * @param {boolean} on
   */
  setup(on) {
    if (!on) {
      this.teardown();
      return;
    }
    if (this.sheet || this.#load) return;
    const host = this.#host;
    const sheetModule = importWithRetry(host.importSheet ?? importSheet, host.importSheetAgain ?? importSheetAgain, host.reloadOnce ?? reloadOnce);
    const load = Promise.all([sheetModule, host.loadView()]).then(
      ([{ ScoreSheet }]) => {
        if (this.#load !== load) return; // turned off or re-keyed meanwhile
        this.#load = null;
        this.failed = false;
        const sheet = new ScoreSheet({
          storageKey: host.storageKey(),
          form: host.form(),
          // The sheet asks games of it too (scoreGame, links, matches, statistics): docs/embedding.md.
          scorer: () => /** @type {import("../book/types.js").Scorer} */ (host.scorer()),
          target: host.element,
          // A game's link points at the standalone calculator next to the manifest.
          linkBase: () => new URL("calculator/", host.manifest()).href,
        });
        this.sheet = sheet;
        sheet.addEventListener("change", host.changed);
        host.view()?.attachSheet(sheet.parts);
        this.followAddress();
        host.changed();
      },
      (error) => {
        if (this.#load !== load) return;
        this.#load = null;
        this.failed = true;
        this.#host.changed();
        console.warn("[belot-calculator] the score sheet could not be loaded:", error?.message ?? error);
      },
    );
    this.#load = load;
  }

  teardown() {
    this.#load = null;
    this.failed = false;
    const sheet = this.sheet;
    if (!sheet) return;
    sheet.removeEventListener("change", this.#host.changed);
    sheet.close();
    this.#host.view()?.detachSheet(sheet.parts);
    this.sheet = null;
    this.#host.changed();
  }

  /** The page's address carries a game link (`#game=…`): the sheet shows it. */
  followAddress = () => {
    this.sheet?.openLink(globalThis.location.hash);
  };
}
