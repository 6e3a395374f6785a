// The default scorer of <belot-calculator>: a client for runtime/worker.js.
//
// A scorer is any object with `score(request) -> Promise<reply>`, where `request`
// and `reply` are the core's JSON contract as plain objects. This one may also
// `start()` (resolves once Python is ready), `retry()` after a failure, and it is an
// EventTarget that dispatches "statechange" and "progress" events, so the element
// can show a progress bar and a retry button. The UI thread never waits on Python:
// every call is a message to the worker and a promise.
//
// One worker per page: sharedPyodideScorer() keeps one client per manifest URL in
// a registry on globalThis, so every calculator on the page shares it, even if the
// module were loaded twice from different URLs.
//
// Once the runtime is ready, it registers the build's service worker for offline use
// (runtime/offline.js): never before, so an article whose calculator is not opened loads
// none of it, and only for this scorer, never for an injected one. On a first visit it
// waits until the worker has stored copies of its downloads in the offline copy's cache
// (the worker's "seeded"), so the runtime crosses the network once.
//
// A start never hangs: the worker reports a failed download or compile at once, and a
// start that stops moving — no byte downloaded, no step begun for `stallTimeout` ms
// (progress, not the total time, so a slow phone on a slow line is never cut off) —
// fails as "stalled". retry() ends the worker in any state but "ready" and starts
// again. The worker only loads files of the page's origin (runtime/origin.js) and refuses to
// start when the page, the worker and manifest.json are not one build (build.js).

import { BUILD } from "../build.js";
import { yieldToBrowser } from "../tasks.js";
import { offline } from "./offline.js";
import { sameOriginURL, scriptURL } from "./origin.js";

const REGISTRY = Symbol.for("belot-calculator.scorers");

/** @import { DealReply } from "../deal/types.js"; */

/** @typedef {"idle" | "loading" | "ready" | "failed"} ScorerState */
/** @typedef {{ code: unknown, message: string }} ScorerFailure A failure: a code (the worker's, an error's own, or the widget's) and words. */
/** @typedef {{ loaded: number, total: number, phase?: string | null, file?: string | null }} ScorerProgress */
/** @typedef {{ resolve: (value: unknown) => void, reject: (reason: unknown) => void }} Settle */
/** @typedef {{ code?: unknown, message?: string }} WorkerError The worker's words for a failure (runtime/worker.js describe). */
/**
 * What the worker posts: progress, a failure, "ready", "seeded", or the answer to a call (no type).
 * @typedef {({ type: "progress" } & ScorerProgress) | { type: "failed", error?: WorkerError | null } | { type: "ready" } | { type: "seeded" } | { type?: undefined, id: number, ok: boolean, result?: unknown, error?: WorkerError | null }} WorkerMessage
 */

/**
 * What an error says of itself (its code, name, message), where it says it: `error?.code`
 * for any value thrown, typed.
 * @param {unknown} error
 * @returns {{ code?: unknown, name?: unknown, message?: unknown }}
 */
function about(error) {
  return Object(error);
}

/**
 * The page-wide scorer for `manifestURL` (created on first use, not started).
 * @param {string | URL} manifestURL
 * @returns {PyodideScorer}
 */
export function sharedPyodideScorer(manifestURL) {
  const shared = /** @type {{ [REGISTRY]?: Map<string, PyodideScorer> }} */ (globalThis);
  const registry = (shared[REGISTRY] ??= new Map());
  const key = String(manifestURL);
  let scorer = registry.get(key);
  if (!scorer) {
    scorer = new PyodideScorer(key);
    registry.set(key, scorer);
  }
  return scorer;
}

/** The manifest next to the widget folder: `<widget>/../manifest.json`. */
export const DEFAULT_MANIFEST_URL = new URL("../../manifest.json", import.meta.url).href;

export class PyodideScorer extends EventTarget {
  /** @type {string} */ #manifestURL;
  /** @type {string | URL} */ #workerURL;
  /** @type {Worker | null} */ #worker = null;
  /** @type {Promise<unknown> | null} */ #ready = null;
  /** @type {Settle | null} */ #settle = null; // {resolve, reject} of the start under way
  #nextId = 1;
  /** @type {Map<number, Settle>} */ #pending = new Map();
  /** @type {ReturnType<typeof setTimeout> | undefined} */ #watchdog = undefined;

  /** @type {ScorerState} */
  state = "idle";
  /** @type {ScorerProgress} {loaded, total} bytes of the runtime download so far (total 0 = unknown); also `phase` and `file` while starting. */
  progress = { loaded: 0, total: 0 };
  /** @type {ScorerFailure | null} {code, message} of the last failure, or null. */
  error = null;
  /** @type {{ build?: string | null, pyodide?: string } | null} {build, pyodide} once ready. */
  info = null;
  /**
   * Milliseconds a start may go without any progress (a byte downloaded, a step
   * begun) before it fails as "stalled". Not a limit on the whole start.
   */
  stallTimeout = 30_000;

  /**
   * @param {string | URL} [manifestURL]
   * @param {string | URL} [workerURL]
   */
  constructor(manifestURL = DEFAULT_MANIFEST_URL, workerURL = new URL("./worker.js", import.meta.url)) {
    super();
    this.#manifestURL = String(manifestURL);
    this.#workerURL = workerURL;
  }

  get manifestURL() {
    return this.#manifestURL;
  }

  /**
   * Start the worker and load the runtime (once); resolves when ready.
   * @returns {Promise<unknown>} the worker's `{build, pyodide}`
   */
  start() {
    if (this.#ready) return this.#ready;
    this.error = null;
    this.progress = { loaded: 0, total: 0 };
    /** @type {Promise<unknown>} */
    const ready = new Promise((resolve, reject) => {
      this.#settle = { resolve, reject };
    });
    ready.catch(() => {});
    this.#ready = ready;
    this.#setState("loading");
    if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
      this.#fail({ code: "unsupported", message: "this browser has no WebAssembly or no Web Workers" });
      return ready;
    }
    try {
      sameOriginURL(this.#manifestURL, globalThis.location?.href, "the manifest");
    } catch (error) {
      this.#fail({ code: about(error).code ?? "load_failed", message: about(error).message });
      return ready;
    }
    // The manifest is read here while the worker starts (its modules load, its thread
    // starts), so the worker has it at once; on any failure the worker fetches it
    // itself, and reports what is wrong.
    const manifest = fetch(this.#manifestURL, { cache: "no-cache" })
      .then((response) => (response.ok ? response.text() : null))
      .catch(() => null);
    // The worker is made in a task of its own (~10 ms on a slow phone), not in the
    // one that handles the press or the pointer that asked for it.
    yieldToBrowser().then(() => {
      if (this.#ready === ready && this.state === "loading") this.#spawn(manifest);
    });
    return ready;
  }

  /** @param {Promise<string | null>} manifest the manifest's text, or null: the worker fetches it */
  #spawn(manifest) {
    /** @type {Worker} */
    let worker;
    try {
      worker = new Worker(scriptURL(this.#workerURL, "the calculator's worker"), { type: "module", name: "belot-calculator" });
    } catch (error) {
      // A Trusted Types or other page policy refusing the worker, or a foreign URL.
      const { code: own, name, message } = about(error);
      const code = own ?? (name === "TypeError" || name === "SecurityError" ? "policy_blocked" : "unsupported");
      this.#fail({ code, message: `the worker could not be started: ${message ?? error}` });
      return;
    }
    this.#worker = worker;
    worker.addEventListener("message", (event) => {
      if (worker === this.#worker) this.#onMessage(event.data);
    });
    worker.addEventListener("error", (event) => {
      event.preventDefault?.();
      if (worker !== this.#worker) return;
      if (this.state === "ready") this.#fail({ code: "runtime_error", message: event.message || "the worker stopped" });
      else this.#workerDidNotStart(event.message);
    });
    this.#armWatchdog();
    // On a first visit, the worker copies what it downloads into the offline copy's
    // cache, and says "seeded" once they are stored: the service worker is registered
    // then (#onMessage), so its install finds them instead of downloading them again.
    const offlineCopy = offline.firstInstall(this.#manifestURL);
    const init = manifest.then((text) => {
      if (worker !== this.#worker) throw Object.assign(new Error("restarted"), { code: "retried" });
      return this.#call("init", { manifestURL: this.#manifestURL, build: BUILD, offline: offlineCopy, manifest: text });
    });
    init.then(
      (info) => {
        if (worker !== this.#worker) return;
        clearTimeout(this.#watchdog);
        this.info = /** @type {{ build?: string | null, pyodide?: string }} */ (info);
        this.#setState("ready");
        this.#settle?.resolve(info);
      },
      (error) => {
        if (worker === this.#worker) this.#fail({ code: about(error).code ?? "load_failed", message: about(error).message });
      },
    );
  }

  /**
   * The worker script itself did not run: missing (an HTTP error), or not runnable here.
   * @param {string} message the error event's, maybe ""
   */
  async #workerDidNotStart(message) {
    const worker = this.#worker;
    let failure = { code: "load_failed", message: message || "the worker did not start" };
    try {
      const response = await fetch(this.#workerURL, { cache: "no-store" });
      if (!response.ok) failure = { code: "http_error", message: `HTTP ${response.status} for ${this.#workerURL}` };
    } catch (error) {
      failure = { code: "load_failed", message: `the worker could not be downloaded: ${about(error).message ?? error}` };
    }
    if (worker === this.#worker) this.#fail(failure);
  }

  /** No progress for stallTimeout ms while loading: the start has stalled. */
  #armWatchdog() {
    clearTimeout(this.#watchdog);
    if (this.state !== "loading") return;
    this.#watchdog = setTimeout(() => {
      if (this.state !== "loading") return;
      const { loaded = 0, total = 0, phase, file } = this.progress;
      const where = phase === "download" && file ? ` while downloading ${file} (${loaded} of ${total} bytes)` : phase ? ` (${phase})` : "";
      this.#fail({ code: "stalled", message: `no progress for ${Math.round(this.stallTimeout / 1000)} s${where}` });
    }, this.stallTimeout);
  }

  /** Load the runtime again: after a failure, or to end a start that is stuck (never once ready). */
  retry() {
    if (this.state !== "ready") {
      this.#stop();
      this.#ready = null;
    }
    return this.start();
  }
  /**
   * Score one deal: the core's `score_deal_json`, as objects.
   * @param {unknown} request
   * @returns {Promise<DealReply>} the core's reply (docs/json-contract.md)
   */
  async score(request) {
    await this.start();
    return /** @type {Promise<DealReply>} */ (this.#call("score", { request: JSON.stringify(request) }));
  }

  /**
   * Score a whole game: the core's `score_game_json`, as objects.
   * @param {unknown} request
   * @returns {Promise<unknown>}
   */
  async scoreGame(request) {
    await this.start();
    return this.#call("score_game", { request: JSON.stringify(request) });
  }

  /**
   * A game's link text: the core's `game_link_json`, as objects.
   * @param {unknown} request
   * @returns {Promise<unknown>}
   */
  async gameLink(request) {
    await this.start();
    return this.#call("game_link", { request: JSON.stringify(request) });
  }

  /**
   * The game a link carries: the core's `read_game_link_json`, as objects.
   * @param {unknown} request
   * @returns {Promise<unknown>}
   */
  async readGameLink(request) {
    await this.start();
    return this.#call("read_game_link", { request: JSON.stringify(request) });
  }

  /**
   * Every match's score in a book of games: the core's `match_scores_json`, as objects.
   * @param {unknown} request
   * @returns {Promise<unknown>}
   */
  async matchScores(request) {
    await this.start();
    return this.#call("match_scores", { request: JSON.stringify(request) });
  }

  /**
   * The statistics of a book of games: the core's `statistics_json`, as objects.
   * @param {unknown} request
   * @returns {Promise<unknown>}
   */
  async statistics(request) {
    await this.start();
    return this.#call("statistics", { request: JSON.stringify(request) });
  }

  /**
   * Diagnostics: {wasmMemoryBytes} of the running Python (null if unknown).
   * @returns {Promise<unknown>}
   */
  async stats() {
    await this.start();
    return this.#call("stats", {});
  }

  /**
   * @param {string} type
   * @param {object} payload
   * @returns {Promise<unknown>}
   */
  #call(type, payload) {
    const worker = this.#worker;
    // A worker that failed once ready is gone, and the start's promise stays resolved:
    // until retry(), a call fails with that failure (not a TypeError on the missing worker).
    if (!worker) return Promise.reject(Object.assign(new Error(this.error?.message), { code: this.error?.code }));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, type, payload });
    });
  }

  /** @param {WorkerMessage | null} message */
  #onMessage(message) {
    if (!message || typeof message !== "object") return;
    if (message.type === "progress") {
      const { loaded, total, phase = null, file = null } = message;
      this.progress = { loaded, total, phase, file };
      this.#armWatchdog();
      this.dispatchEvent(new CustomEvent("progress", { detail: this.progress }));
      return;
    }
    if (message.type === "failed") {
      // The worker knows what went wrong before its init reply (which may never come).
      if (this.state === "loading") this.#fail(message.error ?? { code: "load_failed", message: "" });
      return;
    }
    if (message.type === "ready") return; // the init reply settles it
    if (message.type === "seeded") {
      offline.register(this.#manifestURL, this.info?.build ?? null);
      return;
    }
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (message.ok) pending.resolve(message.result);
    else pending.reject(Object.assign(new Error(message.error?.message), { code: message.error?.code }));
  }

  /**
   * End the worker and every call waiting on it.
   * @param {ScorerFailure} [error]
   */
  #stop(error = { code: "retried", message: "the calculator was restarted" }) {
    clearTimeout(this.#watchdog);
    for (const { reject } of this.#pending.values()) {
      reject(Object.assign(new Error(error.message), { code: error.code }));
    }
    this.#pending.clear();
    this.#worker?.terminate();
    this.#worker = null;
    this.#settle?.reject(Object.assign(new Error(error.message), { code: error.code }));
  }

  /** @param {{ code?: unknown, message?: unknown }} error */
  #fail(error) {
    if (this.state === "failed") return;
    const failure = { code: error.code ?? "load_failed", message: String(error.message ?? "") };
    this.error = failure;
    // Until retry(), every call fails at once with this error (the start's promise is rejected).
    this.#stop(failure);
    this.#setState("failed");
  }

  /** @param {ScorerState} state */
  #setState(state) {
    this.state = state;
    this.dispatchEvent(new CustomEvent("statechange", { detail: { state, error: this.error } }));
  }
}
