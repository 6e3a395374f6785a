// The runtime's downloads, as the worker (runtime/worker.js) sees them: progress, what
// went wrong, and a copy of each file for the offline copy.
//
// Pyodide fetches the wasm, the standard library, the lock file and the wheel with the
// global fetch(); `watchDownloads` wraps it to count the bytes as they arrive and to
// catch what Pyodide would only log: a file answered with an HTTP error, or one whose
// download broke off or does not have the manifest's size. The expected total comes
// from the manifest's file sizes when it has them, else from Content-Length. Each file
// of the manifest is also handed, as it streams in, to the offline seeder
// (runtime/caches.js), so the service worker's install does not download it again.
// And the downloads can start before Pyodide asks for them (`prefetch`): all at once,
// as soon as the manifest is read, instead of one by one as Pyodide gets to each (the
// wheel only once Python runs).
//
// Progress goes to the page as {type: "progress", loaded, total, phase, file}.

/** @import { offlineSeeder } from "./caches.js"; */

/** @typedef {{ files?: Record<string, { size?: unknown, bytes?: unknown, sha256?: unknown } | null> | null }} Manifest What is read here of manifest.json. */
/** @typedef {{ name: string, bytes: number | null, sha256: string | null }} ManifestFile A file the manifest lists: its name, size and hash where it gives them. */
/** @typedef {{ code: unknown, message: string, status?: number }} Failure What doomed the start: a code (an error's own where it has one) and words. */
/** @typedef {{ fail: (failure: Failure) => void, mark: (step: string) => void }} Reporting */
/** @typedef {ReturnType<typeof offlineSeeder>} Seeder */

let loaded = 0;
let total = 0;
let lastReport = 0;
let phase = "manifest";
/** @type {string | null} */
let pending = null; // the name of a file on its way, for a stalled download's message

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
 * Tell the page how far the start has got (at most every 80 ms unless `force`).
 * @param {boolean} force
 * @param {string} [newPhase]
 */
export function reportProgress(force, newPhase = phase) {
  phase = newPhase;
  const now = Date.now();
  if (!force && now - lastReport < 80) return;
  lastReport = now;
  self.postMessage({ type: "progress", loaded, total: Math.max(total, loaded), phase, file: pending });
}

/**
 * Absolute URL → {name, bytes, sha256} of every file the manifest lists.
 * @param {Manifest} manifest
 * @param {string | URL} manifestURL
 */
function manifestFiles(manifest, manifestURL) {
  /** @type {Map<string, ManifestFile>} */
  const byURL = new Map();
  const files = manifest.files;
  if (!files || typeof files !== "object") return byURL;
  for (const [name, entry] of Object.entries(files)) {
    const size = typeof entry === "object" && entry ? (entry.size ?? entry.bytes) : null;
    const sha256 = typeof entry?.sha256 === "string" ? entry.sha256 : null;
    byURL.set(new URL(name, manifestURL).href, { name, bytes: typeof size === "number" ? size : null, sha256 });
  }
  return byURL;
}

/** The runtime's data files: what Pyodide fetches (the wasm, the library zip, wheels, the lock file). */
const RUNTIME_DATA = /\.(wasm|zip|whl)$|pyodide-lock\.json$/;

/**
 * Whether a file of the manifest is one this start downloads (wheels only if it loads packages).
 * @param {string} name
 * @param {boolean} wheels
 */
function downloaded(name, wheels) {
  return RUNTIME_DATA.test(name) && (wheels || !name.endsWith(".whl"));
}

/**
 * @param {Map<string, ManifestFile>} files
 * @param {boolean} wheels
 */
function expectedBytes(files, wheels) {
  let sum = 0;
  for (const { name, bytes } of files.values()) {
    if (bytes !== null && downloaded(name, wheels)) sum += bytes;
  }
  return sum;
}

/**
 * Subresource Integrity for a hex SHA-256: what Pyodide asks a wheel's fetch for, from its lock.
 * @param {string} hex
 */
function integrityOf(hex) {
  const bytes = /** @type {RegExpMatchArray} */ (hex.match(/../g)).map((pair) => Number.parseInt(pair, 16));
  return `sha256-${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * From now on, every fetch of this worker is watched: counted, checked against the
 * manifest, and (files of the manifest) copied by `seeder`. `fail({code, message})`
 * reports what doomed the start; `mark(name)` notes when each file has arrived;
 * `wheels`: whether this start loads packages (else no wheel is expected or fetched).
 * Returns {prefetch(folderURL)}: start every runtime data file under folderURL now,
 * before Pyodide asks for it; Pyodide's own fetch of it then takes the one under way.
 * @param {Manifest} manifest
 * @param {string | URL} manifestURL
 * @param {Reporting & { seeder: Seeder, wheels: boolean }} options
 */
export function watchDownloads(manifest, manifestURL, { fail, mark, seeder, wheels }) {
  const files = manifestFiles(manifest, manifestURL);
  const expected = expectedBytes(files, wheels);
  total = expected;
  phase = "download";
  const watched = watchedFetch(self.fetch.bind(self), files, expected, { fail, mark, seeder });
  /** @type {Map<string, { integrity: string, response: Promise<Response> }>} */
  const early = new Map(); // URL → {integrity, response}: started by prefetch, not yet asked for
  self.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, self.location.href).href;
    const started = early.get(url);
    // Handed over only as asked: with the integrity Pyodide asks for (a wheel's), or none.
    if (started && (init?.integrity ?? "") === started.integrity) {
      early.delete(url);
      return started.response;
    }
    return watched(input, init);
  };
  reportProgress(true);
  return {
    /** @param {string} folderURL */
    prefetch(folderURL) {
      for (const [url, file] of files) {
        if (!url.startsWith(folderURL) || !downloaded(file.name, wheels)) continue;
        const integrity = file.name.endsWith(".whl") && file.sha256 ? integrityOf(file.sha256) : "";
        const response = watched(url, integrity ? { integrity } : undefined);
        response.catch(() => {}); // a failure is reported by the watch, and again when asked for
        early.set(url, { integrity, response });
      }
    },
  };
}

/**
 * fetch, counted, checked and copied: the wrapper `watchDownloads` installs.
 * @param {typeof fetch} realFetch
 * @param {Map<string, ManifestFile>} files
 * @param {number} expected
 * @param {Reporting & { seeder: Seeder }} options
 * @returns {(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>}
 */
function watchedFetch(realFetch, files, expected, { fail, mark, seeder }) {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, self.location.href).href;
    const known = files.get(url) ?? null;
    const name = known?.name ?? url;
    pending = name;
    reportProgress(true);
    let response;
    try {
      response = await realFetch(input, init);
    } catch (error) {
      fail({ code: about(error).code ?? "load_failed", message: `${name}: ${about(error).message ?? error}` });
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
    // Pyodide gets the response itself, untouched (so the engine can compile the wasm
    // as it streams in); a clone of it is counted, checked and copied for the offline
    // copy, or read to its end and dropped.
    const body = counted(/** @type {ReadableStream<Uint8Array>} */ (response.clone().body), name, known?.bytes ?? null, { fail, mark });
    if (known && seeder.active) seeder.put(url, body, response.headers);
    else body.pipeTo(new WritableStream()).catch(() => {});
    return response;
  };
}

/**
 * `source` read through as fast as the network gives it (not as fast as its reader
 * takes it: a file started early keeps arriving while Pyodide gets to it), its bytes
 * counted, its end checked against `size` (null: unknown).
 * @param {ReadableStream<Uint8Array>} source
 * @param {string} name
 * @param {number | null} size
 * @param {Reporting} reporting
 * @returns {ReadableStream<Uint8Array>}
 */
function counted(source, name, size, { fail, mark }) {
  let received = 0;
  let cancelled = false;
  const reader = source.getReader();
  /** @param {ReadableStreamDefaultController<Uint8Array>} controller */
  const pump = async (controller) => {
    for (;;) {
      /** @type {ReadableStreamReadResult<Uint8Array>} */
      let chunk;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (cancelled) return;
        fail({ code: "cut_off", message: `the download of ${name} broke off after ${received} bytes: ${about(error).message ?? error}` });
        controller.error(error);
        return;
      }
      if (cancelled) return;
      if (chunk.done) {
        if (size !== null && received !== size) {
          fail({ code: received < size ? "cut_off" : "corrupt", message: `${name} arrived with ${received} bytes; this build's has ${size}` });
        }
        mark(`${name} downloaded`);
        controller.close();
        return;
      }
      received += chunk.value.byteLength;
      loaded += chunk.value.byteLength;
      reportProgress(false);
      controller.enqueue(chunk.value);
    }
  };
  return new ReadableStream({
    start(controller) {
      pump(controller);
    },
    cancel(reason) {
      cancelled = true;
      return reader.cancel(reason);
    },
  });
}
