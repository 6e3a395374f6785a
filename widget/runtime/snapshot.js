// The worker's start-up snapshot (see runtime/worker.js): Pyodide's (private) memory
// snapshot, the wasm memory after Python has started and imported belot_core.
//
// It is 31.5 MB, kept in Cache Storage as one entry, keyed by the build
// of manifest.json (our wheel, the runtime and the stdlib archive all belong to a
// build), so a new build never restores an old snapshot. The files of the wheel are
// not in the snapshot (Emscripten's file system lives in JS), but every module of the
// core is imported before it is taken, and the core imports nothing lazily.
//
// The entry carries the SHA-256 of its bytes (header x-belot-sha256), checked before
// anything is restored: a snapshot changed or cut short in storage is deleted, never
// run. (A script that can write this origin's storage can also write the hash; what
// keeps such a script out is the same-origin rule and the Content Security Policy.)

import { snapshotCacheName } from "./caches.js";

const SNAPSHOT_HASH = "x-belot-sha256";

/**
 * @param {BufferSource} bytes
 * @returns {Promise<string>}
 */
async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** @typedef {{ loadedPackages: Record<string, unknown>, makeMemorySnapshot(): Uint8Array<ArrayBuffer> }} SnapshotSource What saving reads of a Pyodide instance. */

/**
 * The snapshot of `build` for the site of `manifestURL`: load, save, remove.
 * @param {string | URL} manifestURL
 * @param {string | null} build
 * @param {string | null | undefined} pyodideVersion
 */
export function snapshotStore(manifestURL, build, pyodideVersion) {
  const usable = Boolean(build) && typeof caches === "object" && caches !== null && Boolean(crypto?.subtle);
  const cacheName = snapshotCacheName(manifestURL);
  const key = new URL(`__belot-snapshot__/${encodeURIComponent(String(build))}-${encodeURIComponent(pyodideVersion ?? "")}`, manifestURL).href;
  const store = {
    available: usable,
    /** @returns {Promise<Uint8Array<ArrayBuffer> | null>} the snapshot's bytes, checked, or null */
    async load() {
      if (!usable) return null;
      /** @type {Uint8Array<ArrayBuffer>} */
      let bytes;
      /** @type {string | null} */
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
    /** @param {SnapshotSource} pyodide */
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
    /** @returns {Promise<void>} */
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
