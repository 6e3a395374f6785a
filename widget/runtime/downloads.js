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
//
// Progress goes to the page as {type: "progress", loaded, total, phase, file}.

let loaded = 0;
let total = 0;
let lastReport = 0;
let phase = "manifest";
let pending = null; // the name of a file on its way, for a stalled download's message

/** Tell the page how far the start has got (at most every 80 ms unless `force`). */
export function reportProgress(force, newPhase = phase) {
  phase = newPhase;
  const now = Date.now();
  if (!force && now - lastReport < 80) return;
  lastReport = now;
  self.postMessage({ type: "progress", loaded, total: Math.max(total, loaded), phase, file: pending });
}

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

/**
 * From now on, every fetch of this worker is watched: counted, checked against the
 * manifest, and (files of the manifest) copied by `seeder`. `fail({code, message})`
 * reports what doomed the start; `mark(name)` notes when each file has arrived.
 */
export function watchDownloads(manifest, manifestURL, { fail, mark, seeder }) {
  const files = manifestFiles(manifest, manifestURL);
  const expected = expectedBytes(files);
  total = expected;
  phase = "download";
  const realFetch = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input, self.location.href).href;
    const known = files.get(url) ?? null;
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
    let body = counted(response.body, name, known?.bytes ?? null, { fail, mark });
    if (known && seeder.active) {
      const [kept, copy] = body.tee();
      seeder.put(url, copy, response.headers);
      body = kept;
    }
    const wrapped = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    Object.defineProperty(wrapped, "url", { value: response.url });
    return wrapped;
  };
  reportProgress(true);
}

/** `source` read through: its bytes counted, its end checked against `size` (null: unknown). */
function counted(source, name, size, { fail, mark }) {
  let received = 0;
  const reader = source.getReader();
  return new ReadableStream({
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
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
