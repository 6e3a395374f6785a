// widget/store/idb-store.js on fake-indexeddb (IndexedDB in Node): each game saved only over
// the revision it is based on, the games of earlier versions moved in once, other tabs
// told, and a device that keeps nothing or a newer version's database said as such.
import assert from "node:assert/strict";
import { after, test } from "node:test";

import { IDBFactory } from "fake-indexeddb";

import { STORE_VERSION } from "../../../widget/book/records.js";
import { IdbStore } from "../../../widget/store/idb-store.js";

const GAME = { id: "g-1", created: "2025-05-14T18:30:00.000Z", updated: "2025-05-14T19:00:00.000Z", names: { us: "Ann", them: "" }, deals: [{ passed: true }] };

/** A localStorage of earlier versions (getItem only, as the store reads it). */
function legacy(items = {}) {
  return { getItem: (key) => items[key] ?? null, items };
}

function device() {
  return new IDBFactory();
}

const opened = [];
function store(indexedDB, name = "calc", options = {}) {
  const made = new IdbStore(name, { indexedDB, legacy: legacy(), BroadcastChannel, ...options });
  opened.push(made);
  return made;
}
// Every store's channel closed, or Node waits for news that never comes.
after(() => {
  for (const made of opened) made.close();
});

const wait = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

test("a game is saved over the revision it is based on, and read back with its new one", async () => {
  const db = device();
  const one = store(db);
  assert.deepEqual(await one.load(), { games: [], current: null, aside: [] });
  const first = await one.put(GAME, null);
  assert.equal(first.ok, true);
  const again = await one.put({ ...GAME, deals: [] }, first.rev);
  assert.equal(again.ok, true);
  const { games } = await store(db).load();
  assert.deepEqual(games, [{ ...GAME, deals: [], rev: again.rev }]);
  one.close();
});

test("a save over a revision that is no longer the stored one is refused, theirs handed back", async () => {
  const db = device();
  const one = store(db);
  const two = store(db);
  await one.load();
  await two.load();
  const base = (await one.put(GAME, null)).rev;
  const theirs = await two.put({ ...GAME, deals: [{ passed: true }, { passed: true }] }, base);
  assert.equal(theirs.ok, true);
  const mine = await one.put({ ...GAME, deals: [] }, base);
  assert.equal(mine.conflict, true);
  assert.equal(mine.theirs.deals.length, 2, "their deals are still there");
  assert.equal((await one.put(GAME, null)).conflict, true, "a new game never lands on a stored one");
  const gone = await one.remove(GAME.id, base);
  assert.equal(gone.conflict, true, "nor is a game removed that changed since");
  assert.equal((await one.remove(GAME.id, theirs.rev)).ok, true);
  assert.equal((await one.get([GAME.id])).get(GAME.id), null);
  one.close();
  two.close();
});

test("two saves in the same moment on one record: exactly one wins, the other is told", async () => {
  const db = device();
  const [one, two] = [store(db), store(db)];
  await one.load();
  await two.load();
  const base = (await one.put(GAME, null)).rev;
  for (let round = 0; round < 20; round++) {
    const rev = (await one.get([GAME.id])).get(GAME.id).rev;
    const answers = await Promise.all([one.put({ ...GAME, round, by: 1 }, rev), two.put({ ...GAME, round, by: 2 }, rev)]);
    assert.equal(answers.filter((answer) => answer.ok).length, 1, `round ${round}`);
    assert.equal(answers.filter((answer) => answer.conflict).length, 1, `round ${round}`);
  }
  assert.ok(base);
  one.close();
  two.close();
});

test("another connection hears which games changed, once the save has committed", async () => {
  const db = device();
  const [one, two] = [store(db), store(db)];
  await one.load();
  await two.load();
  const heard = [];
  two.subscribe(({ ids }) => heard.push(ids));
  await one.put(GAME, null);
  await wait();
  assert.deepEqual(heard, [["g-1"]]);
  one.close();
  two.close();
});

test("the games of an earlier version's localStorage are moved in once, its current one too", async () => {
  const db = device();
  const text = JSON.stringify({ version: STORE_VERSION, current: "g-2", games: [GAME, { ...GAME, id: "g-2" }] });
  const old = legacy({ calc: text });
  const first = await store(db, "calc", { legacy: old }).load();
  assert.deepEqual(first.games.map((game) => game.id).sort(), ["g-1", "g-2"]);
  assert.equal(first.current, "g-2");
  // Moved once: a game deleted here does not come back from the same text.
  const here = store(db, "calc", { legacy: old });
  await here.load();
  const rev = (await here.get(["g-1"])).get("g-1").rev;
  await here.remove("g-1", rev);
  assert.deepEqual(
    (await store(db, "calc", { legacy: old }).load()).games.map((game) => game.id),
    ["g-2"],
  );
  assert.equal(old.items.calc, text, "the old text is left as it was");
  // An earlier version still open saves again: its new game comes in, none here is replaced.
  old.items.calc = JSON.stringify({
    version: STORE_VERSION,
    current: "g-3",
    games: [
      { ...GAME, id: "g-2", deals: [] },
      { ...GAME, id: "g-3" },
    ],
  });
  const later = await store(db, "calc", { legacy: old }).load();
  assert.deepEqual(later.games.map((game) => [game.id, game.deals.length]).sort(), [
    ["g-2", 1],
    ["g-3", 1],
  ]);
});

test("what cannot be read is kept aside, never dropped: unreadable text, an unknown version, damaged games, cut names", async () => {
  const cases = [
    ["{not json", ["unreadable"]],
    [JSON.stringify({ version: 99, games: [] }), ["unknown_version"]],
    [JSON.stringify({ version: STORE_VERSION, games: [GAME, { id: 5 }] }), ["bad_game"]],
    [JSON.stringify({ version: STORE_VERSION, games: [{ ...GAME, names: { us: "Я".repeat(100), them: "" } }] }), ["names_cut"]],
  ];
  for (const [text, reasons] of cases) {
    const db = device();
    const one = store(db, "calc", { legacy: legacy({ calc: text }) });
    const { aside } = await one.load();
    assert.deepEqual(
      aside.map((item) => item.reason),
      reasons,
      text.slice(0, 30),
    );
    const kept = await one.asideRecords();
    assert.deepEqual(
      kept.map((item) => item.reason),
      reasons,
    );
    if (reasons[0] === "unreadable" || reasons[0] === "unknown_version") assert.equal(kept[0].value, text);
  }
});

test("a damaged record in the database goes aside, in the same transaction that removes it", async () => {
  const db = device();
  const one = store(db);
  await one.load();
  await one.put(GAME, null);
  await one.put({ id: "broken", deals: "none" }, null);
  const { games, aside } = await store(db).load();
  assert.deepEqual(
    games.map((game) => game.id),
    ["g-1"],
  );
  assert.deepEqual(aside, [{ reason: "bad_game" }]);
  assert.equal((await one.get(["broken"])).get("broken"), null);
  assert.deepEqual((await one.asideRecords())[0].value, { id: "broken", deals: "none", rev: (await one.asideRecords())[0].value.rev });
});

test("site data blocked: the store says it keeps nothing, and every save is refused, not thrown", async () => {
  const blocked = {
    open() {
      throw new DOMException("access to the Indexed Database API is denied in this context.", "SecurityError");
    },
  };
  const one = store(blocked);
  assert.equal(await one.open(), false);
  assert.equal(one.available, false);
  assert.equal(one.locked, false);
  assert.deepEqual(await one.load(), { games: [], current: null, aside: [] });
  assert.deepEqual(await one.put(GAME, null), { error: "failed" });
});

test("a database of a newer version is never opened or written: locked", async () => {
  const db = device();
  await new Promise((resolve) => {
    const request = db.open("calc", 7);
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
  });
  const one = store(db);
  assert.equal(await one.open(), false);
  assert.equal(one.locked, true);
});

test("a newer version opening the database while this one has it: this one stops writing", async () => {
  const db = device();
  const one = store(db);
  await one.load();
  await new Promise((resolve) => {
    const request = db.open("calc", 2);
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
  });
  assert.equal(one.locked, true);
  assert.deepEqual(await one.put(GAME, null), { error: "failed" });
});

test("what the sheet keeps beside the games (meta) is read back, and never read as a game", async () => {
  const db = device();
  const one = store(db);
  await one.load();
  assert.equal(await one.readMeta("keep"), undefined);
  assert.deepEqual(await one.writeMeta("keep", { backup: "2026-05-14T19:00:00.000Z" }), { ok: true });
  const other = store(db);
  assert.deepEqual((await other.load()).games, []);
  assert.deepEqual(await other.readMeta("keep"), { backup: "2026-05-14T19:00:00.000Z" });
  one.close();
  other.close();
});
