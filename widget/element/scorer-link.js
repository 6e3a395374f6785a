// The element's hold on its scorer (the Pyodide bridge, or a page's own): it hears one
// scorer at a time — its state (a ready scorer scores at once) and its download progress —
// and lets go of a scorer that was replaced or of the element that left the page.

/** @import { Scorer } from "./types.js"; */

/** `ready()`: the scorer is ready (score now); `changed()`: something to show. */
export class ScorerLink {
  /** @type {Required<Pick<Scorer, "addEventListener" | "removeEventListener">> | null} */ #scorer = null;
  /** @type {() => void} */ #ready;
  /** @type {() => void} */ #changed;

  /** @param {{ ready: () => void, changed: () => void }} callbacks */
  constructor({ ready, changed }) {
    this.#ready = ready;
    this.#changed = changed;
  }

  /** @param {Event} event a "statechange": its detail has the state */
  #onState = (event) => {
    if (/** @type {CustomEvent<{ state?: string } | null>} */ (event).detail?.state === "ready") this.#ready();
    this.#changed();
  };

  #onProgress = () => this.#changed();

  /**
   * Hear `scorer` (and no other); a scorer without events is simply not heard.
   * @param {Scorer | null | undefined} scorer
   */
  hear(scorer) {
    if (this.#scorer === scorer) return;
    this.stop();
    if (typeof scorer?.addEventListener !== "function") return;
    scorer.addEventListener("statechange", this.#onState);
    scorer.addEventListener("progress", this.#onProgress);
    this.#scorer = /** @type {Required<Pick<Scorer, "addEventListener" | "removeEventListener">>} */ (scorer); // a scorer with events is an EventTarget (docs/embedding.md)
  }

  stop() {
    this.#scorer?.removeEventListener("statechange", this.#onState);
    this.#scorer?.removeEventListener("progress", this.#onProgress);
    this.#scorer = null;
  }
}
