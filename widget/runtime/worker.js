// The Python side of <belot-calculator>: a module Web Worker that loads Pyodide and
// the belot_core wheel, then answers scoring requests. One worker serves every
// calculator on the page (see runtime/pyodide-scorer.js).
//
// Protocol (all plain, structured-cloneable objects):
//   page → worker  {id, type: "init", payload: {manifestURL, build}}   build: the page's (build.js)
//                  {id, type: "score", payload: {request: "<JSON text>"}}
//                  {id, type: "score_game", payload: {request: "<JSON text>"}}
//                  {id, type: "game_link", payload: {request: "<JSON text>"}}       a game → its link text
//                  {id, type: "read_game_link", payload: {request: "<JSON text>"}}  a link → the game
//                  {id, type: "stats"}    → {wasmMemoryBytes}: the size of Pyodide's
//                                           WebAssembly memory (diagnostics; null if unknown)
//   worker → page  {id, ok: true, result}          result of "init" or the core's reply object
//                  {id, ok: false, error: {code, message}}
//                  {type: "progress", loaded, total, phase, file}   while starting: bytes so far,
//                                 the phase ("manifest", "download", "snapshot") and the file on its way
//                  {type: "ready", build, pyodide, snapshot}  snapshot: started from a saved one
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
import { sameOriginURL } from "./origin.js";

let ready = null; // Promise<{scoreDeal, scoreGame}> once "init" arrived
let saveSnapshot = null; // after a cold start: (re)arms the idle timer of the snapshot
const SNAPSHOT_IDLE_MS = 3000;

self.addEventListener("message", async (event) => {
  const { id, type, payload } = event.data ?? {};
  try {
    if (type === "init") {
      ready ??= init(String(payload?.manifestURL), payload?.build ?? null);
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
    } else {
      throw new ProtocolError("unknown_type", `unknown message type: ${JSON.stringify(type)}`);
    }
    saveSnapshot?.();
  } catch (error) {
    self.postMessage({ id, ok: false, error: describe(error) });
  }
});

class ProtocolError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

function describe(error) {
  return {
    code: error?.code ?? "runtime_error",
    message: String(error?.message ?? error),
  };
}

async function init(pageManifestURL, pageBuild) {
  try {
    const manifestURL = sameOriginURL(pageManifestURL, self.location.href, "the manifest");
    guardFetches();
    reportProgress(true, "manifest");
    const manifestResponse = await fetch(manifestURL, { cache: "no-cache" });
    if (!manifestResponse.ok) {
      throw new ProtocolError("http_error", `HTTP ${manifestResponse.status} for ${manifestURL}`);
    }
    const manifest = await manifestResponse.json();
    const build = manifest.build ?? null;
    checkBuild(pageBuild, build);
    const runtime = manifest.runtime ?? {};
    // Pyodide needs absolute URLs: a relative lockFileURL fails silently.
    let indexURL = sameOriginURL(runtime.indexURL ?? "runtime/", manifestURL, "the runtime (indexURL)");
    if (!indexURL.endsWith("/")) indexURL += "/";
    const lockFileURL = runtime.lockFile
      ? sameOriginURL(runtime.lockFile, manifestURL, "the lock file")
      : new URL("pyodide-lock.json", indexURL).href;
    // The build's trimmed standard library (only what start-up and the core import);
    // without the entry, Pyodide's default next to indexURL.
    const stdLibURL = runtime.stdLib ? sameOriginURL(runtime.stdLib, manifestURL, "the standard library") : undefined;

    const options = {
      indexURL,
      lockFileURL,
      stdLibURL,
      packages: runtime.packages ?? ["belot-core"],
      stdout: () => {},
      stderr: (line) => console.warn("[belot-calculator]", line),
    };
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    const snapshots = snapshotStore(manifestURL, build, runtime.pyodide);
    const restoreWasm = watchWasm();
    // Warm start: a memory snapshot of this build, taken on an earlier visit after
    // Python started and imported the core, skips Python's start-up and imports.
    // Any failure: drop the snapshot and start the normal way.
    let pyodide = null;
    let fromSnapshot = false;
    try {
      const snapshot = await snapshots.load();
      if (snapshot) {
        reportProgress(true, "snapshot");
        try {
          // No download to count (everything is local), and an unwrapped fetch keeps
          // the browser's compiled-wasm cache usable.
          pyodide = await untilUncaughtError(loadPyodide({ ...options, packages: [], _loadSnapshot: snapshot }));
          // A restored Python that cannot answer would fail every start of this build.
          JSON.parse(pyodide.pyimport("belot_core.json_api").score_deal_json("{}"));
          fromSnapshot = true;
        } catch (error) {
          if (failure) throw error; // the wasm itself failed: no normal start will do better
          console.warn("[belot-calculator] start-up snapshot unusable, starting without it:", error);
          pyodide = null;
          await snapshots.remove();
        }
      }
      if (!pyodide) {
        countDownloads(manifest, manifestURL);
        pyodide = await untilUncaughtError(loadPyodide({ ...options, _makeSnapshot: snapshots.available }));
      }
    } finally {
      restoreWasm();
    }
    const api = pyodide.pyimport("belot_core.json_api");
    const scoreDeal = api.score_deal_json;
    let scoreGame = null;
    try {
      scoreGame = api.score_game_json ?? null;
    } catch {
      scoreGame = null;
    }
    const info = { build, pyodide: runtime.pyodide ?? pyodide.version, snapshot: fromSnapshot };
    reportProgress(true);
    self.postMessage({ type: "ready", ...info });
    if (!fromSnapshot && snapshots.available) {
      // Taken once, when the worker has been idle for SNAPSHOT_IDLE_MS (after start-up
      // or after the last request): making it copies the whole wasm memory (~31 MB)
      // for about a second, so it waits until the reader has stopped entering and
      // never competes with a result.
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
    // Pyodide has no public API for its memory size; Emscripten's heap view is stable
    // across Pyodide releases, and null is an acceptable answer if it ever goes.
    const wasmMemoryBytes = () => pyodide._module?.HEAPU8?.byteLength ?? null;
    let link = null;
    const linkApi = () => (link ??= pyodide.pyimport("belot_core.link"));
    return { info, scoreDeal, scoreGame, wasmMemoryBytes, link: linkApi };
  } catch (error) {
    const reported = failure ?? describe(error);
    if (reported.code === "runtime_error") reported.code = "load_failed";
    fail(reported);
    throw Object.assign(new Error(reported.message), { code: reported.code });
  }
}

// --- failures while starting ------------------------------------------------------

let failure = null; // the first {code, message} that doomed the start

/** Report the first failure to the page at once (later ones only follow from it). */
function fail(error) {
  if (failure) return;
  failure = error;
  self.postMessage({ type: "failed", error });
  onFailure?.(error);
  // The page ends this worker now; what still goes wrong in it until then (Pyodide's
  // own promises rejecting one by one) only follows from this failure.
  const quiet = (event) => event.preventDefault();
  self.addEventListener("unhandledrejection", quiet);
  self.addEventListener("error", quiet);
}

let onFailure = null; // while loadPyodide runs: ends the wait on it

/** The page, this worker and the manifest must be one build (each null = not stamped: a source tree). */
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
 */
function watchWasm() {
  const originals = {};
  for (const name of ["instantiateStreaming", "instantiate"]) {
    const original = WebAssembly[name];
    if (typeof original !== "function") continue;
    originals[name] = original;
    WebAssembly[name] = function (...args) {
      return original.apply(this, args).catch((error) => {
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
function untilUncaughtError(promise) {
  let stop = () => {};
  const failed = new Promise((_, reject) => {
    onFailure = (error) => reject(Object.assign(new Error(error.message), { code: error.code }));
    if (failure) onFailure(failure);
    const onRejection = (event) => {
      event.preventDefault();
      reject(event.reason instanceof Error ? event.reason : new Error(String(event.reason)));
    };
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

// --- start-up snapshot ----------------------------------------------------------
// Pyodide's (private) memory snapshot: the wasm memory after Python has started and
// imported belot_core (31.5 MB). Kept in Cache Storage, one entry, keyed by the build
// of manifest.json (our wheel, the runtime and the stdlib archive all belong to a
// build), so a new build never restores an old snapshot. The files of the wheel are
// not in the snapshot (Emscripten's file system lives in JS), but every module of the
// core is imported before it is taken, and the core imports nothing lazily.
//
// The entry carries the SHA-256 of its bytes (header x-belot-sha256), checked before
// anything is restored: a snapshot changed or cut short in storage is deleted, never
// run. (A script that can write this origin's storage can also write the hash; what
// keeps such a script out is the same-origin rule and the Content Security Policy.)

const SNAPSHOT_HASH = "x-belot-sha256";

async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function snapshotStore(manifestURL, build, pyodideVersion) {
  const usable = Boolean(build) && typeof caches === "object" && caches !== null && Boolean(crypto?.subtle);
  const cacheName = `belot-calculator-snapshot ${new URL("./", manifestURL).pathname}`;
  const key = new URL(`__belot-snapshot__/${encodeURIComponent(build)}-${encodeURIComponent(pyodideVersion ?? "")}`, manifestURL).href;
  const store = {
    available: usable,
    async load() {
      if (!usable) return null;
      let bytes;
      let expected;
      try {
        const cache = await caches.open(cacheName);
        const hit = await cache.match(key);
        if (!hit) return null;
        expected = hit.headers.get(SNAPSHOT_HASH);
        bytes = new Uint8Array(await hit.arrayBuffer());
      } catch {
        return null;
      }
      if (!expected || (await sha256Hex(bytes)) !== expected) {
        console.warn("[belot-calculator] start-up snapshot failed its check (SHA-256); deleted, starting without it");
        await store.remove();
        return null;
      }
      return bytes;
    },
    async save(pyodide) {
      // Packages loaded through loadPyodide are listed in a JS object that the
      // snapshot checks against its start-up value ({}); the restored instance loads
      // no packages, so the list is empty while the snapshot is taken.
      const loadedPackages = pyodide.loadedPackages;
      const listed = { ...loadedPackages };
      for (const name of Object.keys(listed)) delete loadedPackages[name];
      let bytes;
      try {
        bytes = pyodide.makeMemorySnapshot();
      } finally {
        Object.assign(loadedPackages, listed);
      }
      const headers = { "content-type": "application/octet-stream", [SNAPSHOT_HASH]: await sha256Hex(bytes) };
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) if (request.url !== key) await cache.delete(request);
      await cache.put(key, new Response(bytes, { headers }));
    },
    async remove() {
      try {
        await (await caches.open(cacheName)).delete(key);
      } catch {
        // nothing to remove
      }
    },
  };
  return store;
}

// --- downloads: progress and what went wrong -------------------------------------
// Pyodide fetches the wasm, the standard library, the lock file and the wheel with the
// global fetch(); we wrap it to count the bytes as they arrive and to catch what
// Pyodide would only log: a file answered with an HTTP error, or one whose download
// broke off or does not have the manifest's size. The expected total comes from the
// manifest's file sizes when it has them, else from Content-Length.

let loaded = 0;
let total = 0;
let lastReport = 0;
let phase = "manifest";
let pending = null; // the name of a file on its way, for a stalled download's message

/** Absolute URL → {name, bytes} of every file the manifest lists. */
function manifestFiles(manifest, manifestURL) {
  const byURL = new Map();
  const files = manifest.files;
  if (!files || typeof files !== "object") return byURL;
  for (const [name, entry] of Object.entries(files)) {
    const size = typeof entry === "object" && entry ? (entry.size ?? entry.bytes) : null;
    byURL.set(new URL(name, manifestURL).href, { name, bytes: typeof size === "number" ? size : null });
  }
  return byURL;
}

function expectedBytes(files) {
  let sum = 0;
  for (const { name, bytes } of files.values()) {
    if (bytes !== null && /\.(wasm|zip|whl)$|pyodide-lock\.json$/.test(name)) sum += bytes;
  }
  return sum;
}

function countDownloads(manifest, manifestURL) {
  const files = manifestFiles(manifest, manifestURL);
  const expected = expectedBytes(files);
  total = expected;
  phase = "download";
  const realFetch = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, self.location.href).href;
    const known = files.get(url);
    const name = known?.name ?? url;
    pending = name;
    reportProgress(true);
    let response;
    try {
      response = await realFetch(input, init);
    } catch (error) {
      fail({ code: error?.code ?? "load_failed", message: `${name}: ${error?.message ?? error}` });
      throw error;
    }
    if (!response.ok) {
      fail({ code: "http_error", status: response.status, message: `HTTP ${response.status} for ${name}` });
      return response;
    }
    if (!response.body) return response;
    if (!expected) {
      const length = Number(response.headers.get("content-length"));
      if (length > 0) total += length;
    }
    let received = 0;
    const reader = response.body.getReader();
    const counted = new ReadableStream({
      async pull(controller) {
        let chunk;
        try {
          chunk = await reader.read();
        } catch (error) {
          fail({ code: "cut_off", message: `the download of ${name} broke off after ${received} bytes: ${error?.message ?? error}` });
          controller.error(error);
          return;
        }
        if (chunk.done) {
          const size = known?.bytes ?? null;
          if (size !== null && received !== size) {
            fail({
              code: received < size ? "cut_off" : "corrupt",
              message: `${name} arrived with ${received} bytes; this build's has ${size}`,
            });
          }
          controller.close();
          return;
        }
        received += chunk.value.byteLength;
        loaded += chunk.value.byteLength;
        reportProgress(false);
        controller.enqueue(chunk.value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    const copy = new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(copy, "url", { value: response.url });
    return copy;
  };
  reportProgress(true);
}

function reportProgress(force, newPhase = phase) {
  phase = newPhase;
  const now = Date.now();
  if (!force && now - lastReport < 80) return;
  lastReport = now;
  self.postMessage({ type: "progress", loaded, total: Math.max(total, loaded), phase, file: pending });
}
