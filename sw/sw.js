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
//   (revalidated: a file the browser's HTTP cache still has costs a 304, not its bytes).
//   On the first visit, the calculator's worker has already put copies of the runtime
//   it downloaded into this cache (widget/runtime/caches.js): each is kept once its
//   bytes match the build's hash, so the runtime crosses the network once, also in a
//   browser without an HTTP cache. Files whose hash did not change since an older
//   complete cache are copied from it, after the same check: no copy is ever trusted.
// - activate: delete this scope's caches of other builds (and the calculator worker's
//   start-up snapshots of other builds). No skipWaiting(), no
//   clients.claim(): a page stays with the worker (and so the build) it was loaded
//   with; a waiting new version takes over once every page of the old one is closed.
//   That keeps every response of a page load from one build.
// - fetch: a GET for a precached URL (query ignored, "dir/" = "dir/index.html") is
//   answered from this build's cache, once its bytes match the build's hash; anything
//   else goes to the network untouched. Cache Storage belongs to the whole origin, so a
//   script of this origin could have changed an entry: a changed entry is deleted and
//   fetched again with `integrity`, and without a network it is refused (a page says so
//   in Bulgarian and English), never served.
// - repair: a cache that lost its files (the browser or the reader cleared storage while
//   the worker stayed registered) is filled again on the next request that misses, or
//   when a page asks ({type: "check"}, on start and whenever it becomes visible); the
//   page hears whether offline use is complete.

const PRECACHE = self.__BELOT_PRECACHE__;

const BUILD = PRECACHE.build;
/** absolute URL → "sha256-<base64>" */
const REVISIONS = new Map(PRECACHE.files.map(([path, sha]) => [new URL(path, self.location).href, sha]));
// The same names as widget/runtime/caches.js gives them (sw.js sits next to manifest.json).
const PREFIX = `belot-calculator ${new URL("./", self.location).pathname} `;
const CACHE = PREFIX + BUILD;
/** A synthetic entry of each complete cache: {url: revision} of what it holds. */
const INDEX = new URL("__belot-precache-index__", self.location).href;
/** The worker's start-up snapshot cache for this scope (see widget/runtime/worker.js). */
const SNAPSHOTS = `belot-calculator-snapshot ${new URL("./", self.location).pathname}`;

self.addEventListener("install", (event) => {
  event.waitUntil(install());
});

self.addEventListener("activate", (event) => {
  event.waitUntil(removeOtherBuilds());
});

self.addEventListener("message", (event) => {
  // {type: "build"} → {type: "build", build}; {type: "check"} → {type: "check", complete}
  // once a lost cache has been repaired (or could not be): through the port, or to the sender.
  const answer = (reply) => {
    if (event.ports?.[0]) event.ports[0].postMessage(reply);
    else event.source?.postMessage(reply);
  };
  if (event.data?.type === "build") answer({ type: "build", build: BUILD });
  if (event.data?.type === "check") {
    event.waitUntil(repair().then((complete) => answer({ type: "check", build: BUILD, complete })));
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const key = cacheKey(url);
  if (REVISIONS.has(key)) {
    event.respondWith(fromCache(event, key));
  } else if (request.mode === "navigate" && REVISIONS.has(`${key}/index.html`)) {
    // "/calculator" → "/calculator/", as the server would answer, but offline too.
    event.respondWith(Response.redirect(`${url.origin}${url.pathname}/${url.search}`, 301));
  }
});

function cacheKey(url) {
  const path = url.pathname.endsWith("/") ? `${url.pathname}index.html` : url.pathname;
  return url.origin + path;
}

async function fromCache(event, key) {
  const revision = REVISIONS.get(key);
  const cache = await caches.open(CACHE);
  const check = await cache.match(key, { ignoreVary: true });
  if (check && (await holds(check, revision))) {
    // Served as a fresh match, not the body just read: the browser keeps its compiled
    // code (the wasm's included) with a cache entry it is handed whole.
    const hit = await cache.match(key, { ignoreVary: true });
    if (hit) return hit;
  }
  if (check) {
    console.warn(`[belot-calculator] ${key} in the offline cache is not this build's file: deleted`);
    await cache.delete(key, { ignoreVary: true });
  } else {
    event.waitUntil(repair()); // the cache lost files: fill it again in the background
  }
  try {
    const response = await fetch(key, { cache: "no-cache", credentials: "same-origin", integrity: revision });
    if (response.ok) {
      event.waitUntil(cache.put(key, response.clone()));
      return response;
    }
  } catch {
    // no network, or the server's file is not this build's either
  }
  return unavailable(event.request);
}

/** What is answered for a file the cache has lost or that was changed, without a network. */
function unavailable(request) {
  if (request.mode !== "navigate") return Response.error();
  // The site's own style sheet, from this cache if it is still there (checked like any file).
  const style = new URL("style.css", self.location).href;
  const page = `<!doctype html>
<html lang="bg"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Калкулаторът не е наличен офлайн · The calculator is not available offline</title>
<link rel="stylesheet" href="${style}"></head>
<body><main>
<h1>Калкулаторът не е наличен офлайн</h1>
<p>Копието му на това устройство липсва или е повредено, затова не е показано. Свържете се с интернет и заредете страницата отново: копието ще се възстанови само.</p>
<h2 lang="en">The calculator is not available offline</h2>
<p lang="en">Its copy on this device is missing or damaged, so it is not shown. Connect to the internet and load the page again: the copy restores itself.</p>
</main></body></html>`;
  return new Response(page, {
    status: 503,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

/** Whether `response` holds exactly the bytes of `revision` ("sha256-<base64>"). */
async function holds(response, revision) {
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}` === revision;
}

let repairing = null;

/** Fill this build's cache again if it lost anything; resolves to whether it is complete. */
function repair() {
  repairing ??= (async () => {
    try {
      const cache = await caches.open(CACHE);
      const held = new Set((await cache.keys()).map((request) => request.url));
      if (held.has(INDEX) && [...REVISIONS.keys()].every((url) => held.has(url))) return true;
      await install();
      return true;
    } catch (error) {
      console.warn("[belot-calculator] the offline copy could not be restored now:", error?.message ?? error);
      return false;
    } finally {
      repairing = null;
    }
  })();
  return repairing;
}

async function install() {
  const cache = await caches.open(CACHE);
  const reusable = await unchangedInOlderBuilds();
  let fetched = 0;
  let copied = 0;
  let kept = 0;
  await Promise.all(
    [...REVISIONS].map(async ([url, revision]) => {
      // What the cache has (the runtime worker's copies, or a retried install's files)
      // is kept once checked; an older build's copy of an unchanged file is taken only
      // if its bytes are this build's.
      const there = await cache.match(url, { ignoreVary: true });
      if (there && (await holds(there, revision))) {
        kept += 1;
        return;
      }
      const older = reusable.get(url);
      const old = older && (await (await caches.open(older)).match(url, { ignoreVary: true }));
      if (old && (await holds(old, revision))) {
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
  console.info(`[belot-calculator] build ${BUILD} cached: ${fetched} fetched, ${kept} kept, ${copied} copied from older builds`);
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
  // The calculator worker's start-up snapshots (widget/runtime/worker.js) of other builds.
  if (names.includes(SNAPSHOTS)) {
    const snapshots = await caches.open(SNAPSHOTS);
    const current = new URL(`__belot-snapshot__/${encodeURIComponent(BUILD)}-`, self.location).href;
    for (const request of await snapshots.keys()) {
      if (!request.url.startsWith(current)) await snapshots.delete(request);
    }
  }
}
