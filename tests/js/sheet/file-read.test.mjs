// widget/files/file-read.js and files.js readFile: a picked file is measured and refused
// by its size before it is read, its nesting counted before it is parsed, and read in a
// worker (issue 32 point 1: a 19 MB file of brackets froze the page 9-11 s at 4× CPU).
import assert from "node:assert/strict";
import { test } from "node:test";

import { MAX_DEPTH } from "../../../widget/core-tables.js";
import { MAX_BACKUP_BYTES, MAX_BACKUP_GAMES } from "../../../widget/files/backup.js";
import { nesting, readPicked } from "../../../widget/files/file-read.js";
import { readFile, readGameFile } from "../../../widget/sheet/files.js";

/** A File as the picker hands it over; `read` counts the reads of its text. */
function file(name, text, size = new Blob([text]).size) {
  const picked = { name, size, reads: 0 };
  picked.text = async () => {
    picked.reads += 1;
    return text;
  };
  return picked;
}
const nested = (depth) => "[".repeat(depth) + "]".repeat(depth);
const GAME = { id: "g-1", created: "2026-01-01T10:00:00.000Z", updated: "2026-01-01T10:00:00.000Z", names: { us: "", them: "" }, deals: [{ passed: true }] };

test("a file over the largest read is refused by its size, its text never read", async () => {
  const big = file("brackets.json", "", 19_000_000);
  assert.deepEqual(await readPicked(big), { refused: "tooLargeBackup", params: { size: 19_000, max: MAX_BACKUP_BYTES / 1000 } });
  assert.deepEqual(await readFile(big, { Worker: null }), { refused: "tooLargeBackup", params: { size: 19_000, max: MAX_BACKUP_BYTES / 1000 } });
  assert.equal(big.reads, 0);
});

test("a 250 KB file of valid but deeply nested JSON is called too deeply nested, not 'not JSON'", async () => {
  const text = nested(125_000);
  assert.equal(text.length, 250_000); // valid JSON: an array in an array … 125,000 deep
  assert.deepEqual(await readGameFile(file("deep.json", text)), { refused: "tooDeep", params: { max: MAX_DEPTH } });
});

test("nesting is counted outside strings, escapes included, and stops once past the limit", () => {
  assert.equal(nesting('{"a": [1, {"b": "[[[[\\"[["}]}'), 3);
  assert.equal(nesting(nested(MAX_DEPTH)), MAX_DEPTH);
  assert.equal(nesting(nested(1_000_000)), MAX_DEPTH + 1);
  assert.equal(nesting('"\\\\"[['), 2, "an escaped backslash ends no string");
});

test("a game, a backup and a CSV are told apart; a game over the core's size is too large", async () => {
  assert.deepEqual(await readPicked(file("g.json", JSON.stringify({ version: 1, deals: [] }))), { game: { data: { version: 1, deals: [] } } });
  const backup = await readPicked(file("b.json", JSON.stringify({ belot_backup: 1, saved: "x", games: [GAME] })));
  assert.equal(backup.backup.games.length, 1);
  const long = await readPicked(file("long.json", JSON.stringify({ deals: "x".repeat(300_000) })));
  assert.equal(long.refused, "tooLarge");
  assert.equal((await readPicked(file("t.csv", "a,b\r\n"))).refused, "notCsv");
});

test("a backup of more games than one brings back is refused with its count and the limit", async () => {
  const games = Array.from({ length: MAX_BACKUP_GAMES + 1 }, (_, i) => ({ ...GAME, id: `g-${i}` }));
  const read = await readPicked(file("many.json", JSON.stringify({ belot_backup: 1, saved: "x", games })));
  assert.deepEqual(read, { backup: { problem: "tooMany", params: { count: MAX_BACKUP_GAMES + 1, max: MAX_BACKUP_GAMES } } });
});

test("the file goes to a worker, which is ended with its answer", async () => {
  const made = [];
  class FakeWorker extends EventTarget {
    constructor(url, options) {
      super();
      this.url = String(url);
      this.options = options;
      made.push(this);
    }
    postMessage({ file: picked }) {
      this.posted = picked;
      queueMicrotask(() => this.dispatchEvent(Object.assign(new Event("message"), { data: { refused: "notJson", params: {} } })));
    }
    terminate() {
      this.ended = true;
    }
  }
  const picked = file("x.json", "{");
  const workerURL = new URL("../../../widget/files/file-worker.js", import.meta.url);
  try {
    // The worker's URL goes through the widget's same-origin check (runtime/origin.js): a page here.
    globalThis.location = { href: workerURL.href, origin: workerURL.origin };
    assert.deepEqual(await readFile(picked, { Worker: FakeWorker }), { refused: "notJson", params: {} });
  } finally {
    delete globalThis.location;
  }
  assert.equal(made.length, 1);
  assert.match(made[0].url, /\/widget\/files\/file-worker\.js$/);
  assert.equal(made[0].options.type, "module");
  assert.equal(made[0].posted, picked, "the File itself is sent, not its text");
  assert.equal(picked.reads, 0, "the page never read it");
  assert.equal(made[0].ended, true);
});

test("a worker that cannot start leaves the file read here, nesting counted first", async () => {
  class Broken extends EventTarget {
    postMessage() {
      queueMicrotask(() => this.dispatchEvent(new Event("error")));
    }
    terminate() {}
  }
  assert.deepEqual(await readFile(file("deep.json", nested(10_000)), { Worker: Broken }), { refused: "tooDeep", params: { max: MAX_DEPTH } });
});
