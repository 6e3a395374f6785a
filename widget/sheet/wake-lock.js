// Keeping the screen on while the sheet is in table mode: the Screen Wake Lock API
// (navigator.wakeLock.request("screen")), the web platform's own way to do exactly this,
// instead of the old trick of a hidden looping video. No DOM of ours: the navigator and
// the document are given, so Node runs every step with fakes.
//
// The browser releases the lock whenever the page is hidden (another app, the screen
// turned off by hand); it is asked for again when the page is visible once more, as long
// as it is still wanted. Its `state`, for the view's word:
//   "off"          not wanted
//   "pending"      asked for, no answer yet
//   "on"           held: the screen stays on
//   "hidden"       released while the page is hidden; asked for again when it is shown
//   "unsupported"  this browser has no wake lock (Firefox before 126, older Safari)
//   "refused"      the browser said no (a battery saver, a page policy, not allowed here)

/**
 * What the keeper reads of the browser: the real navigator and document, or a test's fakes.
 * @typedef {{ released?: boolean, release?: () => Promise<void>, addEventListener?: EventTarget["addEventListener"], removeEventListener?: EventTarget["removeEventListener"] }} Sentinel
 * @typedef {{ wakeLock?: { request(type: "screen"): Promise<Sentinel> } }} WakeNavigator
 * @typedef {{ visibilityState?: DocumentVisibilityState, addEventListener?: EventTarget["addEventListener"], removeEventListener?: EventTarget["removeEventListener"] }} WakeDocument
 * @typedef {"off" | "pending" | "on" | "hidden" | "unsupported" | "refused"} LockState
 */

export const LOCK_STATES = Object.freeze(["off", "pending", "on", "hidden", "unsupported", "refused"]);

export class ScreenKeeper extends EventTarget {
  /** @type {WakeNavigator | undefined} */ #navigator;
  /** @type {WakeDocument | undefined} */ #document;
  /** @type {Sentinel | null} */ #sentinel = null;
  #wanted = false;
  /** @type {Promise<void> | null} */ #asking = null; // the request under way
  /** @type {LockState} */ state = "off";

  /**
   * `navigator` (its `wakeLock`, if any) and `document` (its `visibilityState` and events).
   * @param {{ navigator?: WakeNavigator, document?: WakeDocument }} [browser]
   */
  constructor({ navigator = globalThis.navigator, document = globalThis.document } = {}) {
    super();
    this.#navigator = navigator;
    this.#document = document;
  }

  /** True where the browser has the Screen Wake Lock API. */
  get supported() {
    return typeof this.#navigator?.wakeLock?.request === "function";
  }

  /** Keep the screen on from now until stop(); resolves once the browser answered. */
  start() {
    if (this.#wanted) return this.#asking ?? Promise.resolve();
    this.#wanted = true;
    this.#document?.addEventListener?.("visibilitychange", this.#onVisibility);
    if (!this.supported) {
      this.#set("unsupported");
      return Promise.resolve();
    }
    return this.#request();
  }

  /** Let the screen turn off again (the lock released). */
  stop() {
    if (!this.#wanted) return;
    this.#wanted = false;
    this.#document?.removeEventListener?.("visibilitychange", this.#onVisibility);
    const sentinel = this.#sentinel;
    this.#sentinel = null;
    sentinel?.removeEventListener?.("release", this.#onRelease);
    sentinel?.release?.().catch?.(() => {});
    this.#set("off");
  }

  #request() {
    if (this.#asking) return this.#asking;
    if (this.#document?.visibilityState === "hidden") {
      this.#set("hidden"); // a request from a hidden page is refused: wait to be shown
      return Promise.resolve();
    }
    this.#set("pending");
    const asking = (async () => {
      try {
        const wakeLock = this.#navigator?.wakeLock;
        if (!wakeLock) throw new TypeError("no wake lock"); // (only asked where supported)
        const sentinel = await wakeLock.request("screen");
        if (!this.#wanted) {
          sentinel.release?.().catch?.(() => {});
          return;
        }
        this.#sentinel = sentinel;
        sentinel.addEventListener?.("release", this.#onRelease);
        this.#set("on");
      } catch {
        if (this.#wanted) this.#set(this.#document?.visibilityState === "hidden" ? "hidden" : "refused");
      } finally {
        this.#asking = null;
      }
    })();
    this.#asking = asking;
    return asking;
  }

  /** The browser let the lock go (the page was hidden): asked for again once it is shown. */
  #onRelease = () => {
    this.#sentinel = null;
    if (!this.#wanted) return;
    if (this.#document?.visibilityState === "visible") this.#request();
    else this.#set("hidden");
  };

  #onVisibility = () => {
    if (!this.#wanted || !this.supported || this.#document?.visibilityState !== "visible") return;
    if (!this.#sentinel || this.#sentinel.released) this.#request();
  };

  /** @param {LockState} state */
  #set(state) {
    if (state === this.state) return;
    this.state = state;
    this.dispatchEvent(new Event("change"));
  }
}
