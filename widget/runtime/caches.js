// The Cache Storage caches the calculator keeps for one copy of the site (the folder of
// its manifest.json), and the worker's copies of what it downloaded into the offline one.
//
// - The offline copy, "belot-calculator <folder> <build>": sw.js (next to manifest.json)
//   fills it with every file of its build, each checked against the build's SHA-256,
//   and serves the site from it (sw/sw.js names it the same way).
// - The start-up snapshot, "belot-calculator-snapshot <folder>": the worker's (snapshot.js).
//
// No DOM and no worker state here: the page (offline.js) and the worker both use it.

/**
 * The folder of the site's manifest.json, as a path: "/" or "/belot/".
 * @param {string | URL} manifestURL
 */
function folder(manifestURL) {
  return new URL("./", manifestURL).pathname;
}

/**
 * The offline copy's cache of `build` for the site whose manifest is `manifestURL`.
 * @param {string | URL} manifestURL
 * @param {string} build
 * @returns {string}
 */
export function offlineCacheName(manifestURL, build) {
  return `belot-calculator ${folder(manifestURL)} ${build}`;
}

/**
 * The worker's start-up snapshot cache for the site whose manifest is `manifestURL`.
 * @param {string | URL} manifestURL
 * @returns {string}
 */
export function snapshotCacheName(manifestURL) {
  return `belot-calculator-snapshot ${folder(manifestURL)}`;
}

/**
 * Puts copies of the runtime's downloads into the offline copy's cache as they stream
 * in, so the service worker's install (registered once the runtime is ready) finds
 * them there instead of downloading them a second time. The install checks each copy
 * against the build's SHA-256 before it keeps it, so a copy never needs trusting; one
 * that failed to arrive or to be stored is simply fetched by the install.
 * `cacheName` null: copies nothing (the page registers no service worker).
 * @param {string | null} cacheName
 */
export function offlineSeeder(cacheName) {
  /** @type {Promise<void>[]} */
  const puts = [];
  const opened = cacheName && typeof caches === "object" && caches ? caches.open(cacheName) : null;
  return {
    /** Whether `put` stores anything. */
    active: Boolean(opened),
    /**
     * Store `body` (a stream, read as it arrives) as the file at `url`, with `headers`.
     * @param {string} url
     * @param {BodyInit | null} body
     * @param {HeadersInit} [headers]
     */
    put(url, body, headers) {
      if (!opened) return;
      // The body is stored decoded: no Content-Encoding, and the length is the stream's.
      const kept = new Headers(headers);
      kept.delete("content-encoding");
      kept.delete("content-length");
      const stored = opened.then((cache) => cache.put(url, new Response(body, { headers: kept })));
      puts.push(stored.catch(() => {}));
    },
    /**
     * Resolves once every copy is stored or has failed.
     * @returns {Promise<void>}
     */
    settled() {
      return Promise.all(puts).then(() => undefined);
    },
  };
}
