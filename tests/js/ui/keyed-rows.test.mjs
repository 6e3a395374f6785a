// KeyedRows: rows built again only when their key changed, at most `chunk` per task.
import assert from "node:assert/strict";
import { test } from "node:test";
import { container } from "../dom.mjs";
import { KeyedRows } from "../../../widget/ui/kit.js";

function rows({ chunk } = {}) {
  const box = container();
  const queued = [];
  const built = [];
  const keyed = new KeyedRows(box, {
    key: (item) => String(item),
    build: (item, index) => {
      built.push(index);
      const row = document.createElement("p");
      row.textContent = String(item);
      return row;
    },
    chunk,
    later: (run) => queued.push(run),
  });
  const texts = () => [...box.children].map((row) => row.textContent);
  const runQueued = () => {
    while (queued.length) queued.shift()();
  };
  return { keyed, box, built, queued, texts, runQueued };
}

test("a row is built again only when its key changed", () => {
  const { keyed, built, texts } = rows();
  keyed.render([1, 2, 3]);
  assert.deepEqual(texts(), ["1", "2", "3"]);
  built.length = 0;
  keyed.render([1, 5, 3, 4]);
  assert.deepEqual(texts(), ["1", "5", "3", "4"]);
  assert.deepEqual(built, [1, 3]);
  keyed.render([1]);
  assert.deepEqual(texts(), ["1"]);
});

test("changed rows count as new ones: past a chunk, the rest go at once and come back built anew", () => {
  const { keyed, queued, texts, built, runQueued } = rows({ chunk: 2 });
  keyed.render([1, 2, 3, 4, 5]);
  runQueued();
  built.length = 0;
  keyed.render([6, 7, 8, 9, 10, 11]);
  assert.deepEqual(texts(), ["6", "7"], "two replaced; the old 3, 4, 5 are not left showing old numbers");
  assert.deepEqual(built, [0, 1]);
  runQueued();
  assert.deepEqual(texts(), ["6", "7", "8", "9", "10", "11"]);
  keyed.render([6, 7, 8, 9, 10, 11, 12]);
  assert.deepEqual(texts(), ["6", "7", "8", "9", "10", "11", "12"], "one new row: at once");
  keyed.render([6, 0, 8, 9, 10, 11, 12]);
  assert.deepEqual(texts(), ["6", "0", "8", "9", "10", "11", "12"], "one changed row: replaced where it is");
  assert.equal(queued.length, 0);
});

test("a long list is built a chunk per task, in order, and settles once all are built", async () => {
  const { keyed, built, queued, texts, runQueued } = rows({ chunk: 2 });
  let settled = false;
  keyed.render([1, 2, 3, 4, 5]);
  keyed.settled.then(() => (settled = true));
  assert.deepEqual(texts(), ["1", "2"]);
  assert.equal(queued.length, 1);
  queued.shift()();
  assert.deepEqual(texts(), ["1", "2", "3", "4"]);
  await Promise.resolve();
  assert.equal(settled, false);
  runQueued();
  assert.deepEqual(texts(), ["1", "2", "3", "4", "5"]);
  assert.deepEqual(built, [0, 1, 2, 3, 4]);
  await keyed.settled;
  assert.equal(settled, true);
});

test("a newer render takes over from an unfinished one", () => {
  const { keyed, queued, texts, runQueued } = rows({ chunk: 2 });
  keyed.render([1, 2, 3, 4, 5]);
  keyed.render([1, 2, 3, 9]); // before the second chunk ran
  runQueued();
  assert.deepEqual(texts(), ["1", "2", "3", "9"]);
  assert.equal(queued.length, 0);
  keyed.render([7]);
  assert.deepEqual(texts(), ["7"]);
});

test("by default the next chunk waits for a frame to be rendered (or a second, if none comes)", async () => {
  const box = container();
  const frames = [];
  const realFrame = globalThis.requestAnimationFrame;
  globalThis.requestAnimationFrame = (callback) => frames.push(callback);
  try {
    const keyed = new KeyedRows(box, { key: String, build: (item) => Object.assign(document.createElement("p"), { textContent: String(item) }), chunk: 2 });
    keyed.render([1, 2, 3, 4, 5]);
    assert.equal(box.children.length, 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(box.children.length, 2, "no frame yet: no more rows");
    frames.shift()(); // the frame: the chunk follows in the task after it
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(box.children.length, 4);
    // No frame again (a hidden tab): the rows still come, a second later.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    assert.equal(box.children.length, 5);
    await keyed.settled;
  } finally {
    if (realFrame) globalThis.requestAnimationFrame = realFrame;
    else delete globalThis.requestAnimationFrame;
  }
});

test("no more rows a task once the budget is spent, the first new one always: a slow phone builds fewer", () => {
  const box = container();
  const queued = [];
  let clock = 0;
  const keyed = new KeyedRows(box, {
    key: (item) => String(item),
    build: (item) => {
      clock += item; // each row costs `item` ms
      const row = document.createElement("p");
      row.textContent = String(item);
      return row;
    },
    chunk: 30,
    budget: 8,
    later: (run) => queued.push(run),
    now: () => clock,
  });
  const texts = () => [...box.children].map((row) => row.textContent);
  keyed.render([3, 3, 3, 3, 20, 1, 1]);
  assert.deepEqual(texts(), ["3", "3", "3"], "3 + 3 + 3 ms: the budget of 8 is spent after the third");
  queued.shift()();
  assert.deepEqual(texts(), ["3", "3", "3", "3", "20"], "checked before each row: the slow one (20 ms) is built, then the task ends");
  queued.shift()();
  assert.deepEqual(texts(), ["3", "3", "3", "3", "20", "1", "1"]);
  assert.equal(queued.length, 0);
});

/** Rows of at most 30 a task, each chunk after a frame it is told the length of (`queued`), no script time counted. */
function timedRows() {
  const box = container();
  const queued = [];
  const keyed = new KeyedRows(box, {
    key: (item) => String(item),
    build: (item) => Object.assign(document.createElement("p"), { textContent: String(item) }),
    chunk: 30,
    frame: 40,
    later: (run) => queued.push(run),
    now: () => 0,
  });
  return { box, queued, keyed };
}

test("a frame that took long makes the next chunk smaller in proportion, a quick one larger again", () => {
  const { box, queued, keyed } = timedRows();
  const items = Array.from({ length: 100 }, (_, index) => index);
  keyed.render(items);
  assert.equal(box.children.length, 30, "the first chunk: no frame measured yet");
  queued.shift()(120); // 30 rows took a 120 ms frame: 10 rows fit in 40 ms
  assert.equal(box.children.length, 40);
  queued.shift()(400); // far over: never fewer than 4 a frame
  assert.equal(box.children.length, 44);
  queued.shift()(10); // 4 rows in 10 ms: 16 fit
  assert.equal(box.children.length, 60);
  queued.shift()(5); // quick: back to the chunk, never over it
  assert.equal(box.children.length, 90);
  queued.shift()(); // no frame came (a hidden tab): the chunk
  assert.equal(box.children.length, 100);
  assert.equal(queued.length, 0);
  // A new render starts at the cost last timed (30 rows in a 5 ms frame): the chunk.
  keyed.render([...items, ...Array.from({ length: 40 }, (_, index) => 100 + index)]);
  assert.equal(box.children.length, 130);
});

test("a new render starts with the chunk the last timed frame allowed: a long list replaced is not laid out in one frame", () => {
  const { box, queued, keyed } = timedRows();
  const items = Array.from({ length: 38 }, (_, index) => index);
  keyed.render(items);
  assert.equal(box.children.length, 30, "never timed: the whole chunk");
  queued.shift()(150); // 30 heavy rows took a 150 ms frame: 8 fit in 40 ms
  assert.equal(box.children.length, 38);
  assert.equal(queued.length, 0, "all built");
  // Another game of heavy rows over it (every key changed): 8 now, the rest go at once.
  keyed.render(items.map((item) => `other ${item}`));
  assert.deepEqual(
    [...box.children].map((row) => row.textContent),
    items.slice(0, 8).map((item) => `other ${item}`),
  );
  queued.shift()(20); // 8 rows in 20 ms: 16 fit
  assert.equal(box.children.length, 24);
});

test("by default the frame is timed from its start to the task after it", async () => {
  const box = container();
  const frames = [];
  const realFrame = globalThis.requestAnimationFrame;
  globalThis.requestAnimationFrame = (callback) => frames.push(callback);
  let clock = 0;
  try {
    const keyed = new KeyedRows(box, {
      key: String,
      build: (item) => Object.assign(document.createElement("p"), { textContent: String(item) }),
      chunk: 20,
      frame: 40,
      now: () => clock,
    });
    keyed.render(Array.from({ length: 50 }, (_, index) => index));
    assert.equal(box.children.length, 20);
    frames.shift()(); // the frame starts at 0 ...
    clock = 80; // ... and its style, layout and paint take 80 ms before the next task
    await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(box.children.length, 30, "20 rows in an 80 ms frame: 10 in the next");
  } finally {
    if (realFrame) globalThis.requestAnimationFrame = realFrame;
    else delete globalThis.requestAnimationFrame;
  }
});
