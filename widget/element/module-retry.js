// A lazily imported module that failed to load is fetched again before the page gives up
// on it (issue 32: a link page opened while the same tab's previous page was torn down
// saw a module fetch aborted, and the sheet stayed away until a reload by hand).
//
// A failed import stays failed for the page under its URL (the module map keeps the
// failure), so, in turn:
// 1. the same module under a fresh URL (`?again=…`): enough when the module itself was
//    the one dropped;
// 2. one reload of the page, when a module it imports failed (that one stays failed
//    under its own URL) — at most one in RELOAD_WINDOW_MS for the page, remembered in
//    sessionStorage, so a real outage ends on the page's alert instead of a loop;
// 3. the failure, for the caller to show.

const RELOAD_KEY = "belot-calculator.module-reload";
export const RELOAD_WINDOW_MS = 60_000;

/**
 * Reload the page once for a module that failed: true if it does (the page is leaving),
 * false if this page already did within RELOAD_WINDOW_MS (or cannot say, or reload).
 * @param {number} [now]
 * @returns {boolean}
 */
export function reloadOnce(now = Date.now()) {
  try {
    const storage = globalThis.sessionStorage;
    const key = `${RELOAD_KEY} ${globalThis.location.pathname}`;
    const last = Number(storage.getItem(key));
    if (last && now - last < RELOAD_WINDOW_MS) return false;
    storage.setItem(key, String(now));
    globalThis.location.reload();
    return true;
  } catch {
    return false;
  }
}

/**
 * `load()`, then `again()` (the same module under a fresh URL), then `reload()` (true:
 * the page reloads, and the promise never settles, so no alert flashes before it goes);
 * rejects with the first error when none helped.
 * @template T
 * @param {() => Promise<T>} load
 * @param {() => Promise<T>} again
 * @param {() => boolean} [reload]
 * @returns {Promise<T>}
 */
export async function importWithRetry(load, again, reload = reloadOnce) {
  try {
    return await load();
  } catch (error) {
    try {
      return await again();
    } catch {
      if (reload()) return new Promise(() => {});
      throw error;
    }
  }
}

/**
 * `url` (absolute) under a URL the page has not imported before.
 * @param {string | URL} url
 * @returns {string}
 */
export function freshURL(url) {
  const fresh = new URL(url);
  fresh.searchParams.set("again", `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`);
  return fresh.href;
}
