// The element's hold on its scorer (the Pyodide bridge, or a page's own): it hears one
// scorer at a time — its state (a ready scorer scores at once) and its download progress —
// and lets go of a scorer that was replaced or of the element that left the page.

/** `ready()`: the scorer is ready (score now); `changed()`: something to show. */
export class ScorerLink {
  #scorer = null;
  #ready;
  #changed;

  constructor({ ready, changed }) {
    this.#ready = ready;
    this.#changed = changed;
  }

  #onState = (event) => {
    if (event.detail?.state === "ready") this.#ready();
    this.#changed();
  };

  #onProgress = () => this.#changed();

  /** Hear `scorer` (and no other); a scorer without events is simply not heard. */
  hear(scorer) {
    if (this.#scorer === scorer) return;
    this.stop();
    if (typeof scorer?.addEventListener !== "function") return;
    scorer.addEventListener("statechange", this.#onState);
    scorer.addEventListener("progress", this.#onProgress);
    this.#scorer = scorer;
  }

  stop() {
    this.#scorer?.removeEventListener("statechange", this.#onState);
    this.#scorer?.removeEventListener("progress", this.#onProgress);
    this.#scorer = null;
  }
}
