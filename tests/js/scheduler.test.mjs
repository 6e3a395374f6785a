// widget/deal/scheduler.js: latest wins, with a fake scorer whose replies the test holds
// and releases, oldest first (the scenarios of the element's scoring contract).
import assert from "node:assert/strict";
import { test } from "node:test";

import { LatestWins } from "../../widget/deal/scheduler.js";

/** A scorer that records requests; with `hold`, each reply waits for release(). */
function fakeScorer({ hold = false } = {}) {
  const scorer = {
    calls: [],
    held: [],
    fail: null,
    release() {
      scorer.held.shift()();
    },
    async score(request) {
      scorer.calls.push(structuredClone(request));
      if (hold) await new Promise((resolve) => scorer.held.push(resolve));
      if (scorer.fail) throw scorer.fail;
      return { ok: true, result: { record: { us: request.points, them: 0 } } };
    },
  };
  return scorer;
}

/**
 * A scheduler over a mutable input `{points}` (null = incomplete, NaN = a problem;
 * `probe`: an incomplete input is sent as a probe).
 */
function setup(options = {}) {
  const input = { points: 1, active: true, probe: false };
  let scorer = fakeScorer(options);
  const results = [];
  let changes = 0;
  const scheduler = new LatestWins({
    input: () => ({
      request: { points: input.points },
      problems: Number.isNaN(input.points) ? [{ code: "not_integer", field: "points" }] : [],
      incomplete: input.points === null,
      probe: input.points === null && input.probe,
    }),
    scorer: () => scorer,
    active: () => input.active,
  });
  scheduler.addEventListener("result", (event) => results.push(event.detail));
  scheduler.addEventListener("change", () => changes++);
  return {
    input,
    scheduler,
    results,
    get scorer() {
      return scorer;
    },
    set scorer(value) {
      scorer = value;
    },
    changes: () => changes,
    /** Set the input and schedule, as an attribute change does. */
    change(points) {
      input.points = points;
      scheduler.schedule();
    },
  };
}

/** Let every pending microtask and promise reaction run (no timers: none are used). */
async function settle() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

const points = (calls) => calls.map((call) => call.points);

test("a change is scored at once, on a microtask, without a timer", async () => {
  const t = setup();
  t.change(71);
  assert.deepEqual(t.scorer.calls, [], "batched: nothing sent synchronously");
  await Promise.resolve();
  assert.deepEqual(points(t.scorer.calls), [71]);
  await settle();
  assert.deepEqual(t.scheduler.reply.result.record, { us: 71, them: 0 });
  assert.deepEqual(t.results, [{ request: { points: 71 }, result: { record: { us: 71, them: 0 } } }]);
  assert.ok(t.scheduler.answers({ points: 71 }));
});

test("changes made together make one request", async () => {
  const t = setup();
  t.change(10);
  t.change(20);
  t.change(30);
  await settle();
  assert.deepEqual(points(t.scorer.calls), [30]);
});

test("changes while scoring are coalesced and the newest wins", async () => {
  const t = setup({ hold: true });
  t.change(1);
  await settle();
  assert.equal(t.scorer.held.length, 1);
  for (const typed of [12, 123, 1234, 12345]) {
    t.change(typed);
    await settle();
  }
  // One request on its way, none queued behind it.
  assert.deepEqual(points(t.scorer.calls), [1]);
  assert.equal(t.scorer.held.length, 1);
  t.scorer.release();
  await settle();
  // The reply for 1 is stale: dropped, and only the newest input is sent.
  assert.deepEqual(points(t.scorer.calls), [1, 12345]);
  assert.equal(t.scheduler.reply, null);
  assert.deepEqual(t.results, []);
  t.scorer.release();
  await settle();
  assert.deepEqual(t.scheduler.reply.result.record, { us: 12345, them: 0 });
  assert.deepEqual(points(t.results.map((r) => r.request)), [12345]);
  assert.equal(t.scorer.held.length, 0);
});

test("a stale reply never replaces a newer state", async () => {
  const t = setup({ hold: true });
  t.change(70);
  await settle();
  // The input becomes incomplete while its old request is on its way.
  t.change(null);
  await settle();
  assert.equal(t.scheduler.incomplete, true);
  assert.equal(t.scheduler.reply, null);
  t.scorer.release();
  await settle();
  assert.equal(t.scheduler.reply, null, "the reply for 70 is dropped");
  assert.deepEqual(t.results, []);
  assert.deepEqual(points(t.scorer.calls), [70]);
  // Typed back to the same input meanwhile: the reply is current and shown, once.
  t.change(80);
  await settle();
  t.change(8);
  await settle();
  t.change(80);
  await settle();
  t.scorer.release();
  await settle();
  assert.deepEqual(t.scheduler.reply.result.record, { us: 80, them: 0 });
  assert.deepEqual(points(t.scorer.calls), [70, 80]);
  assert.equal(t.results.length, 1);
});

test("the widget's own problems answer at once, and make a reply on its way stale", async () => {
  const t = setup({ hold: true });
  t.change(5);
  await settle();
  t.change(Number.NaN);
  await settle();
  assert.deepEqual(t.scheduler.reply, { ok: false, errors: [{ code: "not_integer", field: "points" }] });
  assert.equal(t.scheduler.incomplete, false);
  t.scorer.release();
  await settle();
  assert.equal(t.scheduler.reply.ok, false, "the reply for 5 never shows");
  assert.deepEqual(points(t.scorer.calls), [5]);
});

test("a forced schedule sends while a request is on its way; the replaced reply is dropped", async () => {
  const t = setup({ hold: true });
  t.change(1);
  await settle();
  const first = t.scorer;
  t.scorer = fakeScorer(); // a new scorer: answers at once
  t.scheduler.schedule(true);
  await settle();
  assert.deepEqual(points(t.scorer.calls), [1]);
  assert.deepEqual(t.scheduler.reply.result.record, { us: 1, them: 0 });
  first.release();
  await settle();
  assert.equal(t.results.length, 1, "the first scorer's late reply is not shown");
});

test("an input already answered is not sent again unless forced", async () => {
  const t = setup();
  t.change(40);
  await settle();
  t.change(40);
  await settle();
  assert.deepEqual(points(t.scorer.calls), [40]);
  t.scheduler.schedule(true); // e.g. the runtime became ready again
  await settle();
  assert.deepEqual(points(t.scorer.calls), [40, 40]);
});

test("a scorer that throws is a failure until a retry succeeds", async () => {
  const t = setup();
  t.change(70);
  await settle();
  t.scorer.fail = new Error("boom");
  t.change(71);
  await settle();
  assert.equal(t.scheduler.failure.message, "boom");
  assert.equal(t.scheduler.reply, null);
  // Incomplete input meanwhile keeps the failure shown.
  t.change(null);
  await settle();
  assert.equal(t.scheduler.failure.message, "boom");
  t.scorer.fail = null;
  t.input.points = 71;
  t.scheduler.schedule(true);
  await settle();
  assert.equal(t.scheduler.failure, null);
  assert.deepEqual(t.scheduler.reply.result.record, { us: 71, them: 0 });
});

test("nothing is sent while inactive, and a reply that lands then is not shown", async () => {
  const t = setup({ hold: true });
  t.input.active = false;
  t.change(3);
  await settle();
  assert.deepEqual(t.scorer.calls, []);
  t.input.active = true;
  t.change(4);
  await settle();
  t.input.active = false; // disconnected while scoring
  t.scorer.release();
  await settle();
  assert.equal(t.scheduler.reply, null);
  assert.deepEqual(t.results, []);
});

test("every state change is announced for a render", async () => {
  const t = setup();
  const before = t.changes();
  t.change(9);
  await settle();
  t.change(null);
  await settle();
  assert.equal(t.changes() - before, 2);
});

test("an incomplete input goes to the scorer only as a probe, and its reply is shown", async () => {
  const t = setup({ hold: true });
  t.change(null);
  await settle();
  assert.deepEqual(t.scorer.calls, [], "incomplete: not sent");
  t.input.probe = true; // both teams announced: the core may have a question
  t.scheduler.schedule();
  await settle();
  assert.deepEqual(points(t.scorer.calls), [null]);
  assert.equal(t.scheduler.incomplete, true);
  t.scorer.release();
  await settle();
  assert.ok(t.scheduler.answers({ points: null }), "the probe's reply is the current one");
  assert.equal(t.scheduler.incomplete, true, "and the input is still incomplete");
  // Completed while a probe is on its way: the probe's reply is stale.
  t.change(null);
  t.scheduler.schedule(true);
  await settle();
  t.change(62);
  await settle();
  t.scorer.release();
  await settle();
  assert.deepEqual(points(t.scorer.calls), [null, null, 62]);
  t.scorer.release();
  await settle();
  assert.deepEqual(t.scheduler.reply.result.record, { us: 62, them: 0 });
  assert.equal(t.scheduler.incomplete, false);
});

test("a prefilled answer shows at once and the scorer's own answer replaces it", async () => {
  const t = setup({ hold: true });
  t.input.points = 82;
  const example = { ok: true, result: { record: { us: 82, them: 0 }, from: "build" } };
  t.scheduler.prefill({ points: 82 }, example);
  assert.equal(t.scheduler.reply, example);
  assert.ok(t.scheduler.answers({ points: 82 }));
  assert.equal(t.changes(), 1);
  assert.deepEqual(t.results, [], "nothing was scored: no result event");
  // Not sent again unasked (it answers the input) ...
  t.scheduler.schedule();
  await settle();
  assert.deepEqual(t.scorer.calls, []);
  // ... but a forced schedule (the calculator opened, the runtime ready) scores it,
  // and the prefilled answer stays until the scorer's is in.
  t.scheduler.schedule(true);
  await settle();
  assert.deepEqual(points(t.scorer.calls), [82]);
  assert.equal(t.scheduler.reply, example);
  t.scorer.release();
  await settle();
  assert.deepEqual(t.scheduler.reply.result, { record: { us: 82, them: 0 } });
  assert.deepEqual(t.results, [{ request: { points: 82 }, result: { record: { us: 82, them: 0 } } }]);
});

test("a prefilled answer never replaces a reply, and stops answering once the input changes", async () => {
  const t = setup();
  t.change(5);
  await settle();
  const reply = t.scheduler.reply;
  t.scheduler.prefill({ points: 5 }, { ok: true, result: { record: { us: 99, them: 0 } } });
  assert.equal(t.scheduler.reply, reply);

  const u = setup({ hold: true });
  u.scheduler.prefill({ points: 1 }, { ok: true, result: { record: { us: 1, them: 0 } } });
  u.change(2);
  await settle();
  assert.ok(!u.scheduler.answers({ points: 2 }), "the example answers the old input only");
  assert.deepEqual(points(u.scorer.calls), [2]);
});
