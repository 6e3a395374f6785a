// The Python side of <belot-calculator>: a module Web Worker that loads Pyodide and
// the belot_core wheel, then answers scoring requests. One worker serves every
// calculator on the page (see pyodide-scorer.js).
//
// Protocol (all plain, structured-cloneable objects):
//   page → worker  {id, type: "init", payload: {manifestURL}}
//                  {id, type: "score", payload: {request: "<JSON text>"}}
//                  {id, type: "score_game", payload: {request: "<JSON text>"}}
//                  {id, type: "stats"}    → {wasmMemoryBytes}: the size of Pyodide's
//                                           WebAssembly memory (diagnostics; null if unknown)
//   worker → page  {id, ok: true, result}          result of "init" or the core's reply object
//                  {id, ok: false, error: {code, message}}
//                  {type: "progress", loaded, total}   bytes while the runtime downloads
//                  {type: "ready", build, pyodide, snapshot}  snapshot: started from a saved one
//                  {type: "failed", error: {code, message}}
// The core's own validation errors are a successful call: result = {ok: false, errors}.
// `ok: false` at the protocol level means the runtime itself failed.
//
// Nothing here names a version or a file of the runtime: everything comes from the
// build's manifest.json.

let ready = null; // Promise<{scoreDeal, scoreGame}> once "init" arrived
let saveSnapshot = null; // after a cold start: (re)arms the idle timer of the snapshot
const SNAPSHOT_IDLE_MS = 3000;

self.addEventListener("message", async (event) => {
  const { id, type, payload } = event.data ?? {};
  try {
    if (type === "init") {
      ready ??= init(String(payload?.manifestURL));
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

async function init(manifestURL) {
  try {
    const manifestResponse = await fetch(manifestURL, { cache: "no-cache" });
    if (!manifestResponse.ok) {
      throw new ProtocolError("load_failed", `manifest: HTTP ${manifestResponse.status} for ${manifestURL}`);
    }
    const manifest = await manifestResponse.json();
    const runtime = manifest.runtime ?? {};
    // Pyodide needs absolute URLs: a relative lockFileURL fails silently.
    let indexURL = new URL(runtime.indexURL ?? "runtime/", manifestURL).href;
    if (!indexURL.endsWith("/")) indexURL += "/";
    const lockFileURL = runtime.lockFile
      ? new URL(runtime.lockFile, manifestURL).href
      : new URL("pyodide-lock.json", indexURL).href;
    // The build's trimmed standard library (only what start-up and the core import);
    // without the entry, Pyodide's default next to indexURL.
    const stdLibURL = runtime.stdLib ? new URL(runtime.stdLib, manifestURL).href : undefined;

    const options = {
      indexURL,
      lockFileURL,
      stdLibURL,
      packages: runtime.packages ?? ["belot-core"],
      stdout: () => {},
      stderr: (line) => console.warn("[belot-calculator]", line),
    };
    const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
    const build = manifest.build ?? null;
    const snapshots = snapshotStore(manifestURL, build, runtime.pyodide);
    // Warm start: a memory snapshot of this build, taken on an earlier visit after
    // Python started and imported the core, skips Python's start-up and imports.
    // Any failure: drop the snapshot and start the normal way.
    let pyodide = null;
    let fromSnapshot = false;
    const snapshot = await snapshots.load();
    if (snapshot) {
      try {
        // No download to count (everything is local), and an unwrapped fetch keeps
        // the browser's compiled-wasm cache usable.
        pyodide = await untilUncaughtError(loadPyodide({ ...options, packages: [], _loadSnapshot: snapshot }));
        // A restored Python that cannot answer would fail every start of this build.
        JSON.parse(pyodide.pyimport("belot_core.json_api").score_deal_json("{}"));
        fromSnapshot = true;
      } catch (error) {
        console.warn("[belot-calculator] start-up snapshot unusable, starting without it:", error);
        pyodide = null;
        await snapshots.remove();
      }
    }
    if (!pyodide) {
      countDownloads(expectedBytes(manifest));
      pyodide = await untilUncaughtError(
        loadPyodide({ ...options, _makeSnapshot: snapshots.available }),
      );
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
    return { info, scoreDeal, scoreGame, wasmMemoryBytes };
  } catch (error) {
    const failure = describe(error);
    if (failure.code === "runtime_error") failure.code = "load_failed";
    self.postMessage({ type: "failed", error: failure });
    throw Object.assign(new Error(failure.message), { code: failure.code });
  }
}

// Some download failures inside Emscripten surface only as an uncaught error or an
// unhandled rejection while loadPyodide() never settles: turn those into a failure.
function untilUncaughtError(promise) {
  let stop = () => {};
  const failed = new Promise((_, reject) => {
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

function snapshotStore(manifestURL, build, pyodideVersion) {
  const usable = Boolean(build) && typeof caches === "object" && caches !== null;
  const cacheName = `belot-calculator-snapshot ${new URL("./", manifestURL).pathname}`;
  const key = new URL(`__belot-snapshot__/${encodeURIComponent(build)}-${encodeURIComponent(pyodideVersion ?? "")}`, manifestURL).href;
  return {
    available: usable,
    async load() {
      if (!usable) return null;
      try {
        const cache = await caches.open(cacheName);
        const hit = await cache.match(key);
        if (!hit) return null;
        return new Uint8Array(await hit.arrayBuffer());
      } catch {
        return null;
      }
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
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) if (request.url !== key) await cache.delete(request);
      await cache.put(key, new Response(bytes, { headers: { "content-type": "application/octet-stream" } }));
    },
    async remove() {
      try {
        await (await caches.open(cacheName)).delete(key);
      } catch {
        // nothing to remove
      }
    },
  };
}

// --- download progress --------------------------------------------------------
// Pyodide fetches the wasm, the standard library and the wheels with the global
// fetch(); we wrap it to count the bytes as they arrive. The expected total comes
// from the manifest's file sizes when it has them, else from Content-Length.

let loaded = 0;
let total = 0;
let lastReport = 0;

function expectedBytes(manifest) {
  let sum = 0;
  const files = manifest.files;
  if (!files || typeof files !== "object") return 0;
  for (const [name, entry] of Object.entries(files)) {
    const size = typeof entry === "object" && entry ? (entry.size ?? entry.bytes) : null;
    if (typeof size !== "number") continue;
    if (/\.(wasm|zip|whl)$|pyodide-lock\.json$/.test(name)) sum += size;
  }
  return sum;
}

function countDownloads(expected) {
  total = expected;
  const realFetch = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    if (!response.ok || !response.body) return response;
    if (!expected) {
      const length = Number(response.headers.get("content-length"));
      if (length > 0) total += length;
    }
    const counted = response.body.pipeThrough(
      new TransformStream({
        transform(chunk, controller) {
          loaded += chunk.byteLength;
          reportProgress(false);
          controller.enqueue(chunk);
        },
      }),
    );
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

function reportProgress(force) {
  const now = Date.now();
  if (!force && now - lastReport < 80) return;
  lastReport = now;
  self.postMessage({ type: "progress", loaded, total: Math.max(total, loaded) });
}
