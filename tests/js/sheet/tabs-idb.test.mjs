// Two tabs' game books over one IndexedDB (fake-indexeddb, as two tabs share the browser's:
// two connections, two BroadcastChannels, the store's lock across them): they keep one
// game — every press a deal, in order, no copy — and a tab whose database another page
// upgrades or deletes says at once that the game is not saved, keeping it on screen.
import assert from "node:assert/strict";
import { after, test } from "node:test";

import { IDBFactory } from "fake-indexeddb";

import { GameBook } from "../../../widget/book/game-book.js";
import { IdbStore } from "../../../widget/store/idb-store.js";
import { clock, fakeScorer, fakeTimers } from "./fakes.mjs";

const opened = [];
after(() => {
  for (const book of opened) book.saver.store.close();
});

async function tab(indexedDB, name = "belot-calculator") {
  const store = new IdbStore(name, { indexedDB, legacy: null, BroadcastChannel });
  const book = new GameBook({ scorer: () => fakeScorer(), store, clock, timers: fakeTimers() });
  opened.push(book);
  await book.saver.prepare();
  await book.open();
  await book.saver.settled();
  return book;
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wait until `done()` holds (the news between tabs is a BroadcastChannel message away). */
async function until(done, what) {
  for (let i = 0; i < 400; i++) {
    if (done()) return;
    await wait(5);
  }
  assert.fail(`never: ${what}`);
}

/** The games as stored now. */
async function stored(indexedDB, name = "belot-calculator") {
  const reader = new IdbStore(name, { indexedDB, legacy: null, BroadcastChannel: null });
  const { games } = await reader.load();
  reader.close();
  return games;
}

async function twoTabs() {
  const device = new IDBFactory();
  const one = await tab(device);
  const two = await tab(device);
  return { device, one, two };
}

const settle = (...books) => Promise.all(books.map((book) => book.saver.settled()));

test("two tabs press Record (and All passed) in the same moment, 20 rounds each: one game, every deal in order, no copy", async () => {
  const { device, one, two } = await twoTabs();
  assert.equal(two.current, one.current);
  for (let round = 0; round < 20; round++) {
    await Promise.all([one.record({ fake: [1, 0], n: round }), two.record({ fake: [0, 1], n: round })]);
  }
  for (let round = 0; round < 20; round++) await Promise.all([one.passed(), two.passed()]);
  await settle(one, two);
  const games = await stored(device);
  assert.equal(games.length, 1, "no copy game");
  const deals = games[0].deals;
  assert.equal(deals.length, 80, "every press a deal, two same presses two deals");
  assert.deepEqual(
    deals.filter((d) => d.fake?.[0] === 1).map((d) => d.n),
    [...Array(20).keys()],
    "one tab's deals in order",
  );
  assert.deepEqual(
    deals.filter((d) => d.fake?.[1] === 1).map((d) => d.n),
    [...Array(20).keys()],
    "the other's in order",
  );
  assert.equal(deals.filter((d) => d.passed).length, 40);
  await until(() => one.game.deals.length === 80 && two.game.deals.length === 80, "both tabs show all 80");
  assert.deepEqual(one.game.deals, deals);
  assert.deepEqual(two.game.deals, deals);
});

test("one tab types a name letter by letter while the other records 12 deals: the whole name and every deal", async () => {
  const { device, one, two } = await twoTabs();
  const name = "Иван и Петър";
  for (let i = 1; i <= name.length; i++) {
    one.setName("us", name.slice(0, i));
    await two.record({ fake: [i, 0] });
  }
  await one.saveTyping(); // the field left
  await settle(one, two);
  const games = await stored(device);
  assert.equal(games.length, 1, "no copy game");
  assert.equal(games[0].names.us, name);
  assert.deepEqual(
    games[0].deals.map((d) => d.fake[0]),
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  );
  await until(() => two.game.names.us === name && one.game.deals.length === 12, "both tabs agree");
});

test("another page opens the database at a higher version: the tab says so at once, and the next Record is not saved", async () => {
  const { device, one } = await twoTabs();
  await one.record({ fake: [10, 6] });
  await one.record({ fake: [5, 5] });
  await settle(one);
  const upgrade = device.open("belot-calculator", 2);
  const newer = await new Promise((resolve, reject) => {
    upgrade.onsuccess = () => resolve(upgrade.result);
    upgrade.onerror = () => reject(upgrade.error);
  });
  newer.close();
  assert.equal(one.saver.saving, "locked", "said at once, before any deal");
  assert.equal(one.notices.list.at(-1).key, "otherVersion");
  assert.equal(one.snapshot().saving, "locked");
  await one.record({ fake: [1, 1] });
  await settle(one);
  assert.equal(one.game.deals.length, 3, "what is on screen stays");
  assert.equal(one.snapshot().saving, "locked", "the bar says not saved");
  assert.equal(one.notices.list.filter((notice) => notice.kind === "saving").length, 1);
});

test("another page deletes the database: the tab says so at once, and keeps the game on screen", async () => {
  const { device, one, two } = await twoTabs();
  await one.record({ fake: [10, 6] });
  await settle(one);
  await new Promise((resolve, reject) => {
    const request = device.deleteDatabase("belot-calculator");
    request.onsuccess = resolve;
    request.onerror = () => reject(request.error);
  });
  for (const book of [one, two]) {
    assert.equal(book.saver.saving, "deleted");
    assert.equal(book.notices.list.at(-1).key, "storeDeleted");
  }
  await one.record({ fake: [5, 5] });
  await settle(one);
  assert.equal(one.game.deals.length, 2);
  assert.equal(one.snapshot().saving, "deleted");
});
