// The Python side of <belot-calculator>: a module Web Worker that loads Pyodide and
// belot_core (bytecode in the build's library zip), then answers scoring requests. One worker serves every
// calculator on the page (see runtime/pyodide-scorer.js).
//
// Protocol (all plain, structured-cloneable objects):
//   page → worker  {id, type: "init", payload: {manifestURL, build, offline, manifest}}   build: the
//                                 page's (build.js); offline: the page will register the service
//                                 worker; manifest: its text as the page read it, or null
//                  {id, type: "score", payload: {request: "<JSON text>"}}
//                  {id, type: "score_game", payload: {request: "<JSON text>"}}
//                  {id, type: "game_link", payload: {request: "<JSON text>"}}       a game → its link text
//                  {id, type: "read_game_link", payload: {request: "<JSON text>"}}  a link → the game
//                  {id, type: "match_scores", payload: {request: "<JSON text>"}}    a book → its matches
//                  {id, type: "statistics", payload: {request: "<JSON text>"}}      a book → its statistics
//                  {id, type: "stats"}    → {wasmMemoryBytes}: the size of Pyodide's
//                                           WebAssembly memory (diagnostics; null if unknown)
//   worker → page  {id, ok: true, result}          result of "init" or the core's reply object
//                  {id, ok: false, error: {code, message}}
//                  {type: "progress", loaded, total, phase, file}   while starting: bytes so far,
//                                 the phase ("manifest", "download", "snapshot") and the file on its way
//                  {type: "ready", build, pyodide, snapshot, steps}  snapshot: started from a saved
//                                 one; steps: {step: time (ms since the epoch)}, where the start went
//                  {type: "seeded"}  after "ready" and the first answer (or a second of quiet):
//                                 this start's downloads are in the offline copy's cache
//                                 (runtime/caches.js), or failed to get there; the page registers
//                                 the service worker only now, so its install finds them and
//                                 never competes with the start
//                  {type: "failed", error: {code, message}}
// The core's own validation errors are a successful call: result = {ok: false, errors}.
// `ok: false` at the protocol level means the runtime itself failed.
//
// Nothing here names a version or a file of the runtime: everything comes from the
// build's manifest.json, and only from this origin (runtime/origin.js): a manifest, runtime,
// lock file, standard library or any other download of another origin is refused.
//
// A start that goes wrong says so at once, as {type: "failed"} with a code the page
// words for the reader: "http_error" (a file answered 404 or the like), "cut_off" (a
// download broke off or came short), "corrupt" (a file is not what the manifest says, or
// the wasm does not compile), "wasm_blocked" (the page's policy forbids WebAssembly:
// script-src needs 'wasm-unsafe-eval'), "foreign_origin", "build_mismatch" (the page, this
// worker and the manifest are not one build), else "load_failed". Pyodide itself
// swallows a failed wasm instantiation and never settles, so the worker watches the
// downloads and the compile instead of waiting; a start that simply stops moving is
// the page's to notice (runtime/pyodide-scorer.js: no progress message for `stallTimeout`).

import { BUILD } from "../build.js";
import { offlineCacheName, offlineSeeder } from "./caches.js";
import { reportProgress, watchDownloads } from "./downloads.js";
import { sameOriginURL } from "./origin.js";
import { snapshotStore } from "./snapshot.js";

/** @import { Failure } from "./downloads.js"; */
/** @import { LoadOptions, PageMessage, Pyodide, PyModule, PyodideModule, RuntimeEntry, RuntimeManifest } from "./types.js"; */
/** @typedef {ReturnType<typeof coreApi> & { info: { build: string | null, pyodide: string, snapshot: boolean } }} Api The core, started */

/** @type {Promise<Api> | null} */
let ready = null; // Promise<{scoreDeal, scoreGame}> once "init" arrived
/** @type {(() => void) | null} */
let saveSnapshot = null; // after a cold start: (re)arms the idle timer of the snapshot
const SNAPSHOT_IDLE_MS = 3000;
const START_QUIET_MS = 1000; // no request this long after "ready": the start is over
let answered = () => {};
/** @type {Promise<void>} */
const firstAnswer = new Promise((resolve) => {
  answered = resolve;
});

/**
 * What an error says of itself (its code, its message), where it says it: `error?.code`
 * for any value thrown, typed.
 * @param {unknown} error
 * @returns {{ code?: unknown, message?: unknown }}
 */
function about(error) {
  return Object(error);
}

/**
 * Where the start went: step → ms since the epoch (comparable with the page's clock).
 * @type {Record<string, number>}
 */
const steps = {};
/** @param {string} step */
const mark = (step) => {
  steps[step] ??= performance.timeOrigin + performance.now();
};
mark("worker running");

self.addEventListener("message", async (event) => {
  const { id, type, payload } = /** @type {PageMessage} */ (/** @type {MessageEvent} */ (event).data ?? {}); // the page's, as the protocol says
  try {
    if (type === "init") {
      const manifestText = typeof payload?.manifest === "string" ? payload.manifest : null;
      ready ??= init(String(payload?.manifestURL), payload?.build ?? null, payload?.offline === true, manifestText);
      const { info } = await ready;
      self.postMessage({ id, ok: true, result: info });
      return;
    }
    if (!ready) throw new ProtocolError("not_initialised", "send an init message first");
    const api = await ready;
    if (type === "score") {
      self.postMessage({ id, ok: true, result: JSON.parse(api.scoreDeal(payload.request)) });
    } else if (type === "stats") {
      self.postMessage({ id, ok: true, result: { wasmMemoryBytes: api.wasmMemoryBytes() } });
      return;
    } else if (type === "score_game") {
      if (!api.scoreGame) throw new ProtocolError("unsupported", "score_game_json is not in this core");
      self.postMessage({ id, ok: true, result: JSON.parse(api.scoreGame(payload.request)) });
    } else if (type === "game_link" || type === "read_game_link") {
      // belot_core.link is imported on the first link, not at start-up.
      const link = api.link();
      const call = type === "game_link" ? link.game_link_json : link.read_game_link_json;
      self.postMessage({ id, ok: true, result: JSON.parse(call(payload.request)) });
    } else if (BOOK_CALLS[type]) {
      // belot_core.matches / .stats are imported on the first such call, not at start-up.
      const [module, name] = BOOK_CALLS[type];
      self.postMessage({ id, ok: true, result: JSON.parse(api.module(module)[name](payload.request)) });
    } else {
      throw new ProtocolError("unknown_type", `unknown message type: ${JSON.stringify(type)}`);
    }
    answered();
    saveSnapshot?.();
  } catch (error) {
    self.postMessage({ id, ok: false, error: describe(error) });
  }
});

/**
 * The calls on a book of games: message type → [the core's module, its JSON function].
 * @type {Partial<Record<string, [string, string]>>}
 */
const BOOK_CALLS = {
  match_scores: ["belot_core.matches", "match_scores_json"],
  statistics: ["belot_core.stats", "statistics_json"],
};

class ProtocolError extends Error {
  /**
   * @param {string} code
   * @param {string} message
   */
  constructor(code, message) {
    super(message);
    /** @type {string} */
    this.code = code;
  }
}

/**
 * @param {unknown} error
 * @returns {Failure}
 */
function describe(error) {
  return {
    code: about(error).code ?? "runtime_error",
    message: String(about(error).message ?? error),
  };
}

/**
 * @param {string} pageManifestURL
 * @param {string | null} pageBuild
 * @param {boolean} offline
 * @param {string | null} pageManifest
 * @returns {Promise<Api>}
 */
async function init(pageManifestURL, pageBuild, offline, pageManifest) {
  try {
    const manifestURL = sameOriginURL(pageManifestURL, self.location.href, "the manifest");
    guardFetches();
    reportProgress(true, "manifest");
    // The manifest as the page read it while this worker started, else fetched here.
    const manifestResponse =
      pageManifest !== null ? new Response(pageManifest, { headers: { "content-type": "application/json" } }) : await fetch(manifestURL, { cache: "no-cache" });
    if (!manifestResponse.ok) {
      throw new ProtocolError("http_error", `HTTP ${manifestResponse.status} for ${manifestURL}`);
    }
    /** @type {RuntimeManifest} */
    const manifest = await manifestResponse.clone().json();
    mark("manifest read");
    const build = manifest.build ?? null;
    checkBuild(pageBuild, build);
    // This start's downloads, copied into the offline copy's cache as they arrive.
    const seeder = offlineSeeder(offline && build ? offlineCacheName(manifestURL, build) : null);
    seeder.put(manifestURL, manifestResponse.body, manifestResponse.headers);
    const runtime = manifest.runtime ?? {};
    const options = pyodideOptions(runtime, manifestURL);
    const loader = importModules(manifest, manifestURL, options.indexURL);
    const snapshots = snapshotStore(manifestURL, build, runtime.pyodide);
    const wheels = options.packages.length > 0;
    const cold = () => watchDownloads(manifest, manifestURL, { fail, mark, seeder, wheels }).prefetch(options.indexURL);
    const { pyodide, fromSnapshot } = await startPython(loader, options, snapshots, cold, offline);
    const api = coreApi(pyodide);
    mark("core imported");
    const info = { build, pyodide: runtime.pyodide ?? pyodide.version, snapshot: fromSnapshot };
    reportProgress(true);
    self.postMessage({ type: "ready", ...info, steps });
    // The offline copy's install waits until the start is over: the copies stored, and
    // the first answer given (or a second of quiet), so it never competes with it.
    const startOver = Promise.race([firstAnswer, new Promise((resolve) => setTimeout(resolve, START_QUIET_MS))]);
    Promise.all([seeder.settled(), startOver]).then(() => self.postMessage({ type: "seeded" }));
    if (!fromSnapshot && snapshots.available) armSnapshot(pyodide, snapshots);
    return { info, ...api };
  } catch (error) {
    const reported = failure ?? describe(error);
    if (reported.code === "runtime_error") reported.code = "load_failed";
    fail(reported);
    throw Object.assign(new Error(reported.message), { code: reported.code });
  }
}

/**
 * loadPyodide's options for the manifest's runtime: every URL absolute and of this origin.
 * @param {RuntimeEntry} runtime
 * @param {string} manifestURL
 * @returns {LoadOptions}
 */
function pyodideOptions(runtime, manifestURL) {
  // Pyodide needs absolute URLs: a relative lockFileURL fails silently.
  let indexURL = sameOriginURL(runtime.indexURL ?? "runtime/", manifestURL, "the runtime (indexURL)");
  if (!indexURL.endsWith("/")) indexURL += "/";
  const lockFileURL = runtime.lockFile ? sameOriginURL(runtime.lockFile, manifestURL, "the lock file") : new URL("pyodide-lock.json", indexURL).href;
  // The build's trimmed standard library (only what start-up and the core import);
  // without the entry, Pyodide's default next to indexURL.
  const stdLibURL = runtime.stdLib ? sameOriginURL(runtime.stdLib, manifestURL, "the standard library") : undefined;
  // Packages bundled into the library zip (the core, as bytecode) are imported from
  // there: no wheel to fetch and unpack.
  const bundled = new Set(runtime.bundled ?? []);
  return {
    indexURL,
    lockFileURL,
    stdLibURL,
    packages: (runtime.packages ?? ["belot-core"]).filter((name) => !bundled.has(name)),
    stdout: () => {},
    stderr: (line) => console.warn("[belot-calculator]", line),
  };
}

/**
 * The runtime's ES modules (the manifest's .mjs files under indexURL: Pyodide's loader
 * and its JS glue), imported now, all at once, while the rest is decided and fetched:
 * Pyodide's own import of the glue later finds it in the module map. Resolves to the
 * loader's module.
 * @param {RuntimeManifest} manifest
 * @param {string} manifestURL
 * @param {string} indexURL
 * @returns {Promise<PyodideModule>}
 */
function importModules(manifest, manifestURL, indexURL) {
  const loaderURL = new URL("pyodide.mjs", indexURL).href;
  const loader = import(loaderURL).then((module) => {
    mark("loader imported");
    return module;
  });
  for (const name of Object.keys(manifest.files ?? {})) {
    const url = new URL(name, manifestURL).href;
    if (url.startsWith(indexURL) && url.endsWith(".mjs") && url !== loaderURL) {
      import(url).catch(() => {}); // a failure is Pyodide's to report, when it imports it
    }
  }
  return loader;
}

/**
 * Python started, with the core: from this build's start-up snapshot when there is a
 * usable one (an earlier visit took it after Python started and imported the core:
 * it skips Python's start-up and imports), else the cold way (`cold()` first: every
 * download watched and started). Any failure of a snapshot: drop it, start the cold way.
 * `firstVisit`: the page sets offline use up now, so there is no snapshot to expect and
 * the downloads start before the snapshot store has even been opened.
 * @param {Promise<PyodideModule>} loader
 * @param {LoadOptions} options
 * @param {ReturnType<typeof snapshotStore>} snapshots
 * @param {() => void} cold
 * @param {boolean} firstVisit
 * @returns {Promise<{ pyodide: Pyodide, fromSnapshot: boolean }>}
 */
async function startPython(loader, options, snapshots, cold, firstVisit) {
  const restoreWasm = watchWasm();
  let started = false;
  const start = () => {
    if (!started) cold();
    started = true;
  };
  try {
    if (firstVisit) start();
    const snapshot = await snapshots.load();
    if (!snapshot) start(); // the downloads start now, while the loader is still on its way
    const { loadPyodide } = await loader;
    if (snapshot) {
      reportProgress(true, "snapshot");
      try {
        // No download to count (everything is local), and an unwrapped fetch keeps
        // the browser's compiled-wasm cache usable.
        const pyodide = await untilUncaughtError(loadPyodide({ ...options, packages: [], _loadSnapshot: snapshot }));
        // A restored Python that cannot answer would fail every start of this build.
        JSON.parse(pyodide.pyimport("belot_core.json_api").score_deal_json("{}"));
        mark("python started");
        return { pyodide, fromSnapshot: true };
      } catch (error) {
        if (failure) throw error; // the wasm itself failed: no normal start will do better
        console.warn("[belot-calculator] start-up snapshot unusable, starting without it:", error);
        await snapshots.remove();
        start();
      }
    }
    const pyodide = await untilUncaughtError(loadPyodide({ ...options, _makeSnapshot: snapshots.available }));
    mark("python started");
    return { pyodide, fromSnapshot: false };
  } finally {
    restoreWasm();
  }
}

/**
 * The core's JSON functions, imported; and the worker's diagnostics.
 * @param {Pyodide} pyodide
 */
function coreApi(pyodide) {
  const api = pyodide.pyimport("belot_core.json_api");
  let scoreGame;
  try {
    scoreGame = api.score_game_json ?? null;
  } catch {
    scoreGame = null;
  }
  // Pyodide has no public API for its memory size; Emscripten's heap view is stable
  // across Pyodide releases, and null is an acceptable answer if it ever goes.
  const wasmMemoryBytes = () => pyodide._module?.HEAPU8?.byteLength ?? null;
  /** @type {PyModule | null} */
  let link = null;
  const linkApi = () => (link ??= pyodide.pyimport("belot_core.link"));
  /** @type {Map<string, PyModule>} */
  const modules = new Map();
  /** @param {string} name */
  const module = (name) => modules.get(name) ?? /** @type {PyModule} */ (modules.set(name, pyodide.pyimport(name)).get(name)); // just set
  return { scoreDeal: api.score_deal_json, scoreGame, wasmMemoryBytes, link: linkApi, module };
}

/**
 * After a cold start, the snapshot is taken once, when the worker has been idle for
 * SNAPSHOT_IDLE_MS (after start-up or after the last request): making it copies the
 * whole wasm memory (~31 MB) for about a second, so it waits until the reader has
 * stopped entering and never competes with a result.
 * @param {Pyodide} pyodide
 * @param {ReturnType<typeof snapshotStore>} snapshots
 */
function armSnapshot(pyodide, snapshots) {
  let timer = 0;
  const save = () => {
    saveSnapshot = null;
    snapshots.save(pyodide).catch((error) => {
      console.warn("[belot-calculator] could not save a start-up snapshot:", error);
    });
  };
  saveSnapshot = () => {
    clearTimeout(timer);
    timer = setTimeout(save, SNAPSHOT_IDLE_MS);
  };
  saveSnapshot();
}

// --- failures while starting ------------------------------------------------------

/** @type {Failure | null} */
let failure = null; // the first {code, message} that doomed the start

/**
 * Report the first failure to the page at once (later ones only follow from it).
 * @param {Failure} error
 */
function fail(error) {
  if (failure) return;
  failure = error;
  self.postMessage({ type: "failed", error });
  onFailure?.(error);
  // The page ends this worker now; what still goes wrong in it until then (Pyodide's
  // own promises rejecting one by one) only follows from this failure.
  /** @param {Event} event */
  const quiet = (event) => event.preventDefault();
  self.addEventListener("unhandledrejection", quiet);
  self.addEventListener("error", quiet);
}

/** @type {((failure: Failure) => void) | null} */
let onFailure = null; // while loadPyodide runs: ends the wait on it

/**
 * The page, this worker and the manifest must be one build (each null = not stamped: a source tree).
 * @param {string | null} pageBuild
 * @param {string | null} manifestBuild
 */
function checkBuild(pageBuild, manifestBuild) {
  const builds = [pageBuild, BUILD, manifestBuild];
  if (builds.includes(null) || new Set(builds).size === 1) return;
  throw new ProtocolError(
    "build_mismatch",
    `this page is build ${pageBuild}, its calculator worker build ${BUILD}, and the site now serves build ${manifestBuild}`,
  );
}

/** Every fetch of this worker goes to this origin only: a lock file cannot send Pyodide elsewhere. */
function guardFetches() {
  const realFetch = self.fetch.bind(self);
  self.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, self.location.href);
    if (url.origin !== self.location.origin) {
      const error = new ProtocolError("foreign_origin", `a download from another origin refused: ${url.href}`);
      fail(describe(error));
      return Promise.reject(error);
    }
    return realFetch(input, init);
  };
}

/**
 * While Pyodide starts, a wasm that does not compile (damaged, or forbidden by the
 * page's policy) is a failure at once: Pyodide only logs it and waits forever. Only
 * instantiation is watched; Pyodide's own probe of optional wasm features compiles a
 * tiny module of its own and may fail on purpose. Returns the function that unwatches.
 * @typedef {"instantiateStreaming" | "instantiate"} WasmStart
 * @typedef {(...args: unknown[]) => Promise<unknown>} WasmStartFunction
 */
function watchWasm() {
  // WebAssembly's two ways to instantiate, as far as this wraps them.
  const wasm = /** @type {Record<WasmStart, WasmStartFunction>} */ (/** @type {unknown} */ (WebAssembly));
  /** @type {Partial<Record<WasmStart, WasmStartFunction>>} */
  const originals = {};
  for (const name of /** @type {const} */ (["instantiateStreaming", "instantiate"])) {
    const original = wasm[name];
    if (typeof original !== "function") continue;
    originals[name] = original;
    /** @this {unknown} */
    wasm[name] = function (...args) {
      const result = original.apply(this, args);
      result.then(
        () => mark(`wasm ${name}`),
        () => {},
      );
      return result.catch((error) => {
        if (error instanceof WebAssembly.CompileError || error instanceof WebAssembly.LinkError) {
          const blocked = /Content.Security.Policy|unsafe-eval|wasm-eval/i.test(String(error?.message));
          fail({
            code: blocked ? "wasm_blocked" : "corrupt",
            message: blocked
              ? `the page's Content-Security-Policy forbids WebAssembly (script-src needs 'wasm-unsafe-eval'): ${error.message}`
              : `the runtime's wasm does not compile: ${error.message}`,
          });
        }
        throw error;
      });
    };
  }
  return () => Object.assign(WebAssembly, originals);
}

// Some download failures inside Emscripten surface only as an uncaught error or an
// unhandled rejection while loadPyodide() never settles: turn those into a failure,
// and so is a failure the watchers above reported.
/**
 * @template T
 * @param {Promise<T>} promise
 * @returns {Promise<T>}
 */
function untilUncaughtError(promise) {
  let stop = () => {};
  /** @type {Promise<never>} */
  const failed = new Promise((_, reject) => {
    onFailure = (error) => reject(Object.assign(new Error(error.message), { code: error.code }));
    if (failure) onFailure(failure);
    /** @param {PromiseRejectionEvent} event */
    const onRejection = (event) => {
      event.preventDefault();
      reject(event.reason instanceof Error ? event.reason : new Error(String(event.reason)));
    };
    /** @param {ErrorEvent} event */
    const onError = (event) => {
      event.preventDefault();
      reject(event.error instanceof Error ? event.error : new Error(event.message));
    };
    self.addEventListener("unhandledrejection", onRejection);
    self.addEventListener("error", onError);
    stop = () => {
      onFailure = null;
      self.removeEventListener("unhandledrejection", onRejection);
      self.removeEventListener("error", onError);
    };
  });
  return Promise.race([promise, failed]).finally(stop);
}
