// The default scorer of <belot-calculator>: a client for worker.js.
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

import { yieldToBrowser } from "./dom.js";

const REGISTRY = Symbol.for("belot-calculator.scorers");

/** The page-wide scorer for `manifestURL` (created on first use, not started). */
export function sharedPyodideScorer(manifestURL) {
  const registry = (globalThis[REGISTRY] ??= new Map());
  const key = String(manifestURL);
  let scorer = registry.get(key);
  if (!scorer) {
    scorer = new PyodideScorer(key);
    registry.set(key, scorer);
  }
  return scorer;
}

/** The manifest next to the widget folder: `<widget>/../manifest.json`. */
export const DEFAULT_MANIFEST_URL = new URL("../manifest.json", import.meta.url).href;

export class PyodideScorer extends EventTarget {
  #manifestURL;
  #workerURL;
  #worker = null;
  #ready = null;
  #nextId = 1;
  #pending = new Map();

  /** "idle" | "loading" | "ready" | "failed" */
  state = "idle";
  /** {loaded, total} bytes of the runtime download so far (total 0 = unknown). */
  progress = { loaded: 0, total: 0 };
  /** {code, message} of the last failure, or null. */
  error = null;
  /** {build, pyodide} once ready. */
  info = null;

  constructor(manifestURL = DEFAULT_MANIFEST_URL, workerURL = new URL("./worker.js", import.meta.url)) {
    super();
    this.#manifestURL = String(manifestURL);
    this.#workerURL = workerURL;
  }

  get manifestURL() {
    return this.#manifestURL;
  }

  /** Start the worker and load the runtime (once); resolves when ready. */
  start() {
    if (this.#ready) return this.#ready;
    this.error = null;
    this.progress = { loaded: 0, total: 0 };
    this.#setState("loading");
    this.#ready = new Promise((resolve, reject) => {
      const fail = (code, message) => {
        this.#fail({ code, message });
        reject(Object.assign(new Error(message), { code }));
      };
      if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
        fail("unsupported", "this browser has no WebAssembly or no Web Workers");
        return;
      }
      // The worker is made in a task of its own (~10 ms on a slow phone), not in the
      // one that handles the press or the pointer that asked for it.
      yieldToBrowser().then(() => this.#spawn(resolve, fail));
    });
    this.#ready.catch(() => {});
    return this.#ready;
  }

  #spawn(resolve, fail) {
    let worker;
    try {
      worker = new Worker(this.#workerURL, { type: "module", name: "belot-calculator" });
    } catch (error) {
      fail("unsupported", `module workers are not supported: ${error?.message ?? error}`);
      return;
    }
    this.#worker = worker;
    worker.addEventListener("message", (event) => this.#onMessage(event.data));
    worker.addEventListener("error", (event) => {
      event.preventDefault?.();
      // A classic-only browser fails to parse the module worker; so does a missing file.
      fail(this.state === "ready" ? "runtime_error" : "unsupported", event.message || "the worker failed to start");
    });
    this.#call("init", { manifestURL: this.#manifestURL }).then(
      (info) => {
        this.info = info;
        this.#setState("ready");
        resolve(info);
      },
      (error) => fail(error.code ?? "load_failed", error.message),
    );
  }

  /** After a failure: throw the old worker away and load again. */
  retry() {
    if (this.state === "failed") this.#ready = null;
    return this.start();
  }

  /** Score one deal: the core's `score_deal_json`, as objects. */
  async score(request) {
    await this.start();
    return this.#call("score", { request: JSON.stringify(request) });
  }

  /** Score a whole game: the core's `score_game_json`, as objects. */
  async scoreGame(request) {
    await this.start();
    return this.#call("score_game", { request: JSON.stringify(request) });
  }

  /** Diagnostics: {wasmMemoryBytes} of the running Python (null if unknown). */
  async stats() {
    await this.start();
    return this.#call("stats", {});
  }

  #call(type, payload) {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, type, payload });
    });
  }

  #onMessage(message) {
    if (!message || typeof message !== "object") return;
    if (message.type === "progress") {
      this.progress = { loaded: message.loaded, total: message.total };
      this.dispatchEvent(new CustomEvent("progress", { detail: this.progress }));
      return;
    }
    if (message.type === "ready" || message.type === "failed") return; // the init reply settles it
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (message.ok) pending.resolve(message.result);
    else pending.reject(Object.assign(new Error(message.error?.message), { code: message.error?.code }));
  }

  #fail(error) {
    if (this.state === "failed") return;
    this.error = error;
    for (const { reject } of this.#pending.values()) {
      reject(Object.assign(new Error(error.message), { code: error.code }));
    }
    this.#pending.clear();
    this.#worker?.terminate();
    this.#worker = null;
    // Until retry(), every call fails at once with this error.
    this.#ready = Promise.reject(Object.assign(new Error(error.message), { code: error.code }));
    this.#ready.catch(() => {});
    this.#setState("failed");
  }

  #setState(state) {
    this.state = state;
    this.dispatchEvent(new CustomEvent("statechange", { detail: { state, error: this.error } }));
  }
}
