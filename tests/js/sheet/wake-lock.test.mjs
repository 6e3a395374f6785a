// widget/sheet/wake-lock.js: the screen kept on in table mode, with a fake navigator
// (its wakeLock) and a fake document (visibility): asked for, held, given back by the
// browser when the page is hidden and asked for again when it is shown, refused, absent.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ScreenKeeper } from "../../../widget/sheet/wake-lock.js";

/** A browser's wake lock: `requests` counts the asks; `refuse` makes the next one fail. */
function fakeBrowser({ wakeLock = true } = {}) {
  const document = new EventTarget();
  document.visibilityState = "visible";
  const browser = { document, requests: 0, refuse: false, held: [] };
  const sentinel = () => {
    const lock = new EventTarget();
    lock.released = false;
    lock.release = async () => {
      if (lock.released) return;
      lock.released = true;
      lock.dispatchEvent(new Event("release"));
    };
    return lock;
  };
  browser.navigator = wakeLock
    ? {
        wakeLock: {
          async request(type) {
            assert.equal(type, "screen");
            browser.requests += 1;
            if (browser.refuse || document.visibilityState !== "visible") throw Object.assign(new Error("not allowed"), { name: "NotAllowedError" });
            const lock = sentinel();
            browser.held.push(lock);
            return lock;
          },
        },
      }
    : {};
  /** The page hidden (the browser releases every lock) or shown. */
  browser.show = async (visible) => {
    document.visibilityState = visible ? "visible" : "hidden";
    if (!visible) for (const lock of browser.held.splice(0)) await lock.release();
    document.dispatchEvent(new Event("visibilitychange"));
    await new Promise((resolve) => setImmediate(resolve));
  };
  return browser;
}

test("table mode keeps the screen on, and lets it go when it ends", async () => {
  const browser = fakeBrowser();
  const keeper = new ScreenKeeper(browser);
  const states = [];
  keeper.addEventListener("change", () => states.push(keeper.state));
  assert.equal(keeper.supported, true);
  await keeper.start();
  assert.equal(keeper.state, "on");
  assert.deepEqual(states, ["pending", "on"]);
  await keeper.start(); // a second press asks nothing more
  assert.equal(browser.requests, 1);
  const [lock] = browser.held;
  keeper.stop();
  assert.equal(keeper.state, "off");
  assert.equal(lock.released, true);
});

test("the lock the browser gives back when the page is hidden is asked for again when it is shown", async () => {
  const browser = fakeBrowser();
  const keeper = new ScreenKeeper(browser);
  await keeper.start();
  await browser.show(false);
  assert.equal(keeper.state, "hidden");
  assert.equal(browser.requests, 1, "nothing is asked of a hidden page");
  await browser.show(true);
  assert.equal(keeper.state, "on");
  assert.equal(browser.requests, 2);
  // Once table mode is over, showing the page asks for nothing.
  keeper.stop();
  await browser.show(false);
  await browser.show(true);
  assert.equal(browser.requests, 2);
  assert.equal(keeper.state, "off");
});

test("a browser without the API, and one that refuses, are said as such", async () => {
  const none = new ScreenKeeper(fakeBrowser({ wakeLock: false }));
  assert.equal(none.supported, false);
  await none.start();
  assert.equal(none.state, "unsupported");
  none.stop();
  assert.equal(none.state, "off");

  const browser = fakeBrowser();
  browser.refuse = true;
  const keeper = new ScreenKeeper(browser);
  await keeper.start();
  assert.equal(keeper.state, "refused");
  // Refused now, allowed later (the battery saver off): the next time the page is shown.
  browser.refuse = false;
  await browser.show(false);
  await browser.show(true);
  assert.equal(keeper.state, "on");
});

test("a lock that arrives after table mode ended is given back at once", async () => {
  const browser = fakeBrowser();
  const keeper = new ScreenKeeper(browser);
  const asking = keeper.start();
  keeper.stop();
  await asking;
  assert.equal(keeper.state, "off");
  assert.equal(browser.held[0].released, true);
});
