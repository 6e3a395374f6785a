// The score sheet's place in the element: sheet/score-sheet.js is imported when the
// `sheet` attribute is set (never for an article's calculator), given the element's form
// (a SheetForm), its scorer and its storage key, and put into the view; a game link in
// the page's address goes to it. Turned off or re-keyed, the sheet is taken out again.

/**
 * `host`: {element, storageKey(), manifest(), scorer(), loadView() → Promise<view>, view(),
 * form(), changed(), importSheet?() → Promise<module>} (the last for tests: the import).
 */
const importSheet = () => import("../sheet/score-sheet.js");

export class SheetHost {
  #host;
  #load = null; // the import of the sheet's module under way
  sheet = null; // the ScoreSheet, once loaded
  /**
   * True when the sheet's modules could not be loaded. A module that failed stays failed
   * for the page (the browser keeps the failure in its module map), so the view offers
   * a reload: the saved games are on the device, untouched.
   */
  failed = false;

  constructor(host) {
    this.#host = host;
  }

  /** The sheet, loaded (once) if `on`; taken out if not. */
  setup(on) {
    if (!on) {
      this.teardown();
      return;
    }
    if (this.sheet || this.#load) return;
    const host = this.#host;
    const load = Promise.all([(host.importSheet ?? importSheet)(), host.loadView()]).then(
      ([{ ScoreSheet }]) => {
        if (this.#load !== load) return; // turned off or re-keyed meanwhile
        this.#load = null;
        this.failed = false;
        this.sheet = new ScoreSheet({
          storageKey: host.storageKey(),
          form: host.form(),
          scorer: () => host.scorer(),
          target: host.element,
          // A game's link points at the standalone calculator next to the manifest.
          linkBase: () => new URL("calculator/", host.manifest()).href,
        });
        this.sheet.addEventListener("change", host.changed);
        host.view()?.attachSheet(this.sheet.parts);
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
