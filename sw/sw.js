// The service worker of the belot calculator: the whole calculator offline, one build
// at a time.
//
// build.py writes dist/sw.js from this file, replacing the placeholder below with the
// precache list of one build: every file of that build's manifest.json (and
// manifest.json itself) with the base64 SHA-256 of its content. So a new build is a
// new sw.js byte for byte, which is how the browser notices an update.
//
// - install: fill the cache "belot-calculator <scope path> <build>" with every file,
//   each fetched with `integrity` (a file that is not exactly this build's bytes fails
//   the install, so a half-deployed site never becomes a cache) and `cache: "no-cache"`
//   (revalidated: a file the page has just downloaded costs a 304, not its bytes).
//   Files whose hash did not change since an older complete cache are copied from it.
// - activate: delete this scope's caches of other builds (and the calculator worker's
//   start-up snapshots of other builds). No skipWaiting(), no
//   clients.claim(): a page stays with the worker (and so the build) it was loaded
//   with; a waiting new version takes over once every page of the old one is closed.
//   That keeps every response of a page load from one build.
// - fetch: a GET for a precached URL (query ignored, "dir/" = "dir/index.html") is
//   answered from this build's cache; anything else goes to the network untouched.

const PRECACHE = self.__BELOT_PRECACHE__;

const BUILD = PRECACHE.build;
/** absolute URL → "sha256-<base64>" */
const REVISIONS = new Map(PRECACHE.files.map(([path, sha]) => [new URL(path, self.location).href, sha]));
const PREFIX = `belot-calculator ${new URL("./", self.location).pathname} `;
const CACHE = PREFIX + BUILD;
/** A synthetic entry of each complete cache: {url: revision} of what it holds. */
const INDEX = new URL("__belot-precache-index__", self.location).href;
/** The worker's start-up snapshot cache for this scope (see widget/worker.js). */
const SNAPSHOTS = `belot-calculator-snapshot ${new URL("./", self.location).pathname}`;

self.addEventListener("install", (event) => {
  event.waitUntil(install());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(removeOtherBuilds());
});

self.addEventListener("message", (event) => {
  // {type: "build"} → {type: "build", build} through the port, or to the sender.
  if (event.data?.type !== "build") return;
  const reply = { type: "build", build: BUILD };
  if (event.ports?.[0]) event.ports[0].postMessage(reply);
  else event.source?.postMessage(reply);
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const key = cacheKey(url);
  if (REVISIONS.has(key)) {
    event.respondWith(fromCache(request, key));
  } else if (request.mode === "navigate" && REVISIONS.has(`${key}/index.html`)) {
    // "/calculator" → "/calculator/", as the server would answer, but offline too.
    event.respondWith(Response.redirect(`${url.origin}${url.pathname}/${url.search}`, 301));
  }
});

function cacheKey(url) {
  const path = url.pathname.endsWith("/") ? `${url.pathname}index.html` : url.pathname;
  return url.origin + path;
}

async function fromCache(request, key) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(key, { ignoreVary: true });
  // Only an incomplete cache (storage evicted under us) misses: then the network.
  return hit ?? fetch(request);
}

async function install() {
  const cache = await caches.open(CACHE);
  const reusable = await unchangedInOlderBuilds();
  const done = new Set((await cache.keys()).map((request) => request.url));
  let fetched = 0;
  let copied = 0;
  await Promise.all(
    [...REVISIONS].map(async ([url, revision]) => {
      if (done.has(url)) return; // a retried install keeps what it verified
      const older = reusable.get(url);
      const old = older && (await (await caches.open(older)).match(url, { ignoreVary: true }));
      if (old) {
        await cache.put(url, old);
        copied += 1;
        return;
      }
      const response = await fetch(url, { cache: "no-cache", credentials: "same-origin", integrity: revision });
      if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
      await cache.put(url, response);
      fetched += 1;
    }),
  );
  // Written last: a cache with an index is complete.
  const index = Object.fromEntries(REVISIONS);
  await cache.put(INDEX, new Response(JSON.stringify(index), { headers: { "content-type": "application/json" } }));
  console.info(`[belot-calculator] build ${BUILD} cached: ${fetched} fetched, ${copied} copied from older builds`);
}

/** url → the name of an older complete cache holding exactly this build's revision. */
async function unchangedInOlderBuilds() {
  const found = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const index = await (await caches.open(name)).match(INDEX);
    if (!index) continue;
    let revisions;
    try {
      revisions = await index.json();
    } catch {
      continue;
    }
    for (const [url, revision] of REVISIONS) {
      if (revisions[url] === revision && !found.has(url)) found.set(url, name);
    }
  }
  return found;
}

async function removeOtherBuilds() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name)));
  // The calculator worker's start-up snapshots (widget/worker.js) of other builds.
  if (names.includes(SNAPSHOTS)) {
    const snapshots = await caches.open(SNAPSHOTS);
    const current = new URL(`__belot-snapshot__/${encodeURIComponent(BUILD)}-`, self.location).href;
    for (const request of await snapshots.keys()) {
      if (!request.url.startsWith(current)) await snapshots.delete(request);
    }
  }
}
