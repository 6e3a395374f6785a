// The page side of the runtime (runtime/pyodide-scorer.js) with a fake worker: what a
// call does after the worker failed once the scorer was ready.

import assert from "node:assert/strict";
import test from "node:test";

// The page the scorer runs on, and a worker that answers every call at once.
globalThis.location = new URL("https://calc.example/belot/");
class FakeWorker extends EventTarget {
  static last = null;
  constructor() {
    super();
    FakeWorker.last = this;
  }
  postMessage({ id, type }) {
    const result = type === "init" ? { build: null, pyodide: "test" } : { ok: true, result: { type } };
    queueMicrotask(() => this.dispatchEvent(new MessageEvent("message", { data: { id, ok: true, result } })));
  }
  terminate() {}
}
globalThis.Worker = FakeWorker;
globalThis.fetch = async () => new Response("{}");

const { PyodideScorer } = await import("../../widget/runtime/pyodide-scorer.js");

test("a worker that fails once ready: every call fails with that failure (it used to throw a TypeError)", async () => {
  const scorer = new PyodideScorer("https://calc.example/belot/manifest.json", "https://calc.example/belot/widget/runtime/worker.js");
  await scorer.start();
  assert.equal(scorer.state, "ready");
  assert.deepEqual(await scorer.score({}), { ok: true, result: { type: "score" } });
  FakeWorker.last.dispatchEvent(Object.assign(new Event("error"), { message: "the worker crashed" }));
  assert.equal(scorer.state, "failed");
  await assert.rejects(scorer.score({}), { code: "runtime_error", message: "the worker crashed" });
  await assert.rejects(scorer.scoreGame({}), { code: "runtime_error", message: "the worker crashed" });
});

test("after retry() the scorer answers again", async () => {
  const scorer = new PyodideScorer("https://calc.example/belot/manifest.json", "https://calc.example/belot/widget/runtime/worker.js");
  await scorer.start();
  FakeWorker.last.dispatchEvent(Object.assign(new Event("error"), { message: "the worker crashed" }));
  await scorer.retry();
  assert.equal(scorer.state, "ready");
  assert.deepEqual(await scorer.score({}), { ok: true, result: { type: "score" } });
});
