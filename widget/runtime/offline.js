// Offline use of <belot-calculator>: the build's service worker (sw.js next to
// manifest.json, written by build.py) and the "new version ready" notice.
//
// - register(manifestURL, build) is called once the runtime has loaded (the open button
//   on an article, or the standalone calculator page), never before: an article whose
//   calculator is not opened downloads no runtime. On a first visit (`firstInstall`), the
//   runtime's worker has put copies of its downloads into the offline copy's cache, and
//   the service worker's install checks and keeps them instead of fetching them twice
//   (the rest it revalidates: a 304 for what the browser's HTTP cache still has).
// - It registers only a same-origin sw.js (a page of another site cannot) and never
//   replaces another service worker already registered for the same scope.
// - `updateReady` turns true (with an "updateready" event) when a newer build is
//   installed and waiting while this page runs an older one. The page keeps its build;
//   the new one takes over on the next open, once every page of the old one is closed.
// - `offlineLost` turns true (with an "offlinechange" event) when the offline copy of a
//   page the service worker serves lost files (storage cleared while the page was open)
//   and could not be restored yet; it is checked when the page starts and whenever it
//   becomes visible again, and the service worker restores the copy as soon as it can.
//
// One status per page (kept on globalThis, so a second copy of the module shares it).

import { offlineCacheName } from "./caches.js";
import { scriptURL } from "./origin.js";

const KEY = Symbol.for("belot-calculator.offline");
/** How long a check waits for the service worker (restoring the copy takes a download). */
const CHECK_TIMEOUT_MS = 120_000;

export class OfflineStatus extends EventTarget {
  /** true once a newer build waits to take over on the next open. */
  updateReady = false;
  /** true while this page's offline copy is incomplete and could not be restored. */
  offlineLost = false;
  /** @type {Map<string, Promise<ServiceWorkerRegistration | null>>} */ #registrations = new Map(); // sw.js URL → its registration
  /** @type {WeakSet<ServiceWorkerRegistration>} */ #watched = new WeakSet();

  constructor() {
    super();
    // A page the service worker already serves (offline use was set up before) hears
    // about updates even before its calculator is opened. No network is touched here.
    const container = globalThis.navigator?.serviceWorker;
    if (container?.controller) {
      container.getRegistration().then(
        (registration) => registration && this.#watch(registration),
        () => {},
      );
      this.#check();
      globalThis.document?.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") this.#check();
      });
    }
  }

  /** Ask the service worker whether its copy is complete (it restores a lost one first). */
  async #check() {
    const controller = globalThis.navigator?.serviceWorker?.controller;
    if (!controller) return;
    const channel = new MessageChannel();
    const answer = new Promise((resolve) => {
      channel.port1.onmessage = (event) => resolve(event.data);
      // Another site's worker, or an older build's, does not answer.
      setTimeout(() => resolve(null), CHECK_TIMEOUT_MS);
    });
    controller.postMessage({ type: "check" }, [channel.port2]);
    const reply = await answer;
    channel.port1.close();
    if (reply?.type !== "check") return;
    const lost = reply.complete === false;
    if (lost === this.offlineLost) return;
    this.offlineLost = lost;
    this.dispatchEvent(new Event("offlinechange"));
  }

  /**
   * Whether this start is the one that sets offline use up: the page can register the
   * build's service worker and none serves it yet. Then the runtime's worker copies its
   * downloads into the offline copy's cache for the install (runtime/caches.js).
   * @param {string | URL} manifestURL
   * @returns {boolean}
   */
  firstInstall(manifestURL) {
    const container = globalThis.navigator?.serviceWorker;
    if (!container || !globalThis.isSecureContext || container.controller) return false;
    return new URL(manifestURL, location.href).origin === location.origin;
  }

  /**
   * Register the build's sw.js for offline use (once per URL); resolves to the
   * registration or null. `build`: the runtime's, whose copies a refused registration
   * (another service worker holds the scope) leaves behind, so they are deleted.
   * @param {string | URL} manifestURL
   * @param {string | null} [build]
   * @returns {Promise<ServiceWorkerRegistration | null>}
   */
  register(manifestURL, build = null) {
    const script = new URL("sw.js", manifestURL).href;
    let registered = this.#registrations.get(script);
    if (!registered) {
      registered = this.#register(script).catch((error) => {
        console.warn("[belot-calculator] offline use is not available:", error?.message ?? error);
        return null;
      });
      this.#registrations.set(script, registered);
      registered.then((registration) => {
        if (!registration && build && this.firstInstall(manifestURL)) {
          caches.delete(offlineCacheName(manifestURL, build)).catch(() => {});
        }
      });
    }
    return registered;
  }

  /**
   * @param {string} script the href of sw.js
   * @returns {Promise<ServiceWorkerRegistration | null>}
   */
  async #register(script) {
    const container = globalThis.navigator?.serviceWorker;
    if (!container || !globalThis.isSecureContext) return null;
    if (new URL(script).origin !== location.origin) return null; // embedded from another site
    const scope = new URL("./", script).href;
    const existing = await container.getRegistration(scope);
    if (existing?.scope === scope) {
      const worker = existing.active ?? existing.waiting ?? existing.installing;
      if (worker && worker.scriptURL !== script) return null; // the host's own worker: leave it
    }
    const registration = await container.register(scriptURL(script, "the service worker"), { scope, updateViaCache: "none" });
    this.#watch(registration);
    // A long-lived page (an installed app left open) checks for a new build on each start.
    if (existing && container.controller) registration.update().catch(() => {});
    return registration;
  }

  /** @param {ServiceWorkerRegistration} registration */
  #watch(registration) {
    if (this.#watched.has(registration)) return;
    this.#watched.add(registration);
    const check = () => {
      if (this.updateReady || !registration.waiting || !navigator.serviceWorker.controller) return;
      this.updateReady = true;
      this.dispatchEvent(new Event("updateready"));
    };
    /** @param {ServiceWorker | null} worker */
    const follow = (worker) => worker?.addEventListener("statechange", check);
    follow(registration.installing);
    registration.addEventListener("updatefound", () => follow(registration.installing));
    check();
  }
}

/** The page-wide offline status. */
const pageWide = /** @type {{ [KEY]?: OfflineStatus }} */ (globalThis);
export const offline = (pageWide[KEY] ??= new OfflineStatus());
