// widget/runtime/origin.js: the widget loads code and data only from its own origin, and
// hands a script URL to a sink only through its Trusted Types policy.
import assert from "node:assert/strict";
import { test } from "node:test";

const page = "https://belot.example/bg/visyashta.html";
globalThis.location = new URL(page);
const { ForeignOriginError, sameOriginURL, scriptURL, TRUSTED_TYPES_POLICY } = await import("../../widget/runtime/origin.js");

test("a relative or same-origin URL resolves against its base", () => {
  assert.equal(sameOriginURL("../manifest.json", page), "https://belot.example/manifest.json");
  assert.equal(sameOriginURL("https://belot.example/runtime/pyodide.mjs", page), "https://belot.example/runtime/pyodide.mjs");
});

test("another origin is refused, by scheme, host or port, with the code the page words", () => {
  for (const url of [
    "https://cdn.example/pyodide.mjs",
    "http://belot.example/manifest.json",
    "https://belot.example:8443/x.js",
    "//evil.example/x.js",
    "data:text/javascript,1",
  ]) {
    assert.throws(
      () => sameOriginURL(url, page, "the runtime"),
      (error) => error instanceof ForeignOriginError && error.code === "foreign_origin" && /the runtime from another origin refused/.test(error.message),
      url,
    );
  }
});

test("without Trusted Types a script URL is the checked href", () => {
  delete globalThis.trustedTypes;
  assert.equal(scriptURL("../widget/runtime/worker.js"), "https://belot.example/widget/runtime/worker.js");
  assert.throws(() => scriptURL("https://cdn.example/worker.js"), ForeignOriginError);
});

test("with Trusted Types the widget's one policy makes the URL, and checks it again", () => {
  const made = [];
  globalThis.trustedTypes = {
    createPolicy(name, rules) {
      made.push(name);
      return { createScriptURL: (input) => ({ trusted: rules.createScriptURL(input) }) };
    },
  };
  assert.deepEqual(scriptURL("/sw.js"), { trusted: "https://belot.example/sw.js" });
  assert.deepEqual(scriptURL("/widget/runtime/worker.js"), { trusted: "https://belot.example/widget/runtime/worker.js" });
  assert.deepEqual(made, [TRUSTED_TYPES_POLICY], "one policy for the page, made once");
});
