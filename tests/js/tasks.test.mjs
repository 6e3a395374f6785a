// Yielding to the browser must always go on: the runtime's start waits on it, and a
// yield that never resolves leaves the calculator "loading" for good (seen once in
// WebKit after a reload: no worker started, no watchdog armed).
import assert from "node:assert/strict";
import { test } from "node:test";
import { yieldToBrowser } from "../../widget/tasks.js";

test("a yield resolves in a new task through its message port", async () => {
  let later = false;
  const yielded = yieldToBrowser().then(() => later);
  later = true;
  assert.equal(await yielded, true);
});

test("a yield whose port message is lost still goes on, after a timer", async (t) => {
  const real = globalThis.MessageChannel;
  let posted = 0;
  globalThis.MessageChannel = class {
    port1 = { onmessage: null, close() {} };
    port2 = { postMessage: () => void posted++ }; // the message never arrives
  };
  t.after(() => {
    globalThis.MessageChannel = real;
  });
  const outcome = await Promise.race([yieldToBrowser().then(() => "resolved"), new Promise((resolve) => setTimeout(() => resolve("hung"), 1_000))]);
  assert.equal(posted, 1);
  assert.equal(outcome, "resolved");
});
