// widget/store/persistence.js through a game book on a memory store, with the browser's
// Storage API as each engine answers it: the state shown is the browser's answer; the
// browser is asked to keep the games once, when the first game with a deal is saved (or
// as an installed app); Safari's engine in a tab hears once about the Home Screen; the
// mark that games existed follows what is saved, and games gone on the next open are
// said; a reminder to back up comes at most once a month.
import assert from "node:assert/strict";
import { test } from "node:test";

import { readMark, writeMark } from "../../../widget/store/kept-mark.js";
import { MemoryBackend } from "../../../widget/store/memory-store.js";
import { META_KEY, REMIND_DAYS, browserEnvironment } from "../../../widget/store/persistence.js";
import { fakeEnv, fakeLocal, fakeStorage, keptBook, settle, testClock } from "./keep-fakes.mjs";

const deal = (us = 10, them = 6) => ({ fake: [us, them] });

async function record(kept, ...deals) {
  for (const one of deals) await kept.book.record(one);
  await settle(kept.book, kept.persistence);
}

test("the state shown is the browser's answer: kept, may clear, or no Storage API at all", async () => {
  const kept = await keptBook({ env: fakeEnv({ storage: fakeStorage({ persisted: true }) }) });
  assert.equal(kept.persistence.snapshot().state, "persisted");
  const best = await keptBook({ env: fakeEnv({ storage: fakeStorage({ persisted: false }) }) });
  assert.equal(best.persistence.snapshot().state, "best_effort");
  const none = await keptBook({ env: fakeEnv({ storage: null }) });
  assert.equal(none.persistence.snapshot().state, "unsupported");
  const blocked = await keptBook({ available: false });
  assert.equal(blocked.persistence.snapshot().state, "not_saved");
  assert.equal(blocked.env.storage.asked, 0, "nothing is asked where nothing is saved");
});

test("the browser is asked once, when the first game with a deal is saved, and its answer is shown", async () => {
  const backend = new MemoryBackend();
  const env = fakeEnv({ storage: fakeStorage({ grant: false }) });
  const kept = await keptBook({ backend, env });
  assert.equal(env.storage.asked, 0, "not on opening: the player has saved nothing yet");
  await record(kept, deal());
  assert.equal(env.storage.asked, 1);
  assert.equal(kept.persistence.snapshot().state, "best_effort", "refused: the browser may clear them");
  await record(kept, deal());
  assert.equal(env.storage.asked, 1, "never asked again on the next deal");
  assert.ok((await backend.store().readMeta(META_KEY)).asked.date, "remembered in the store's meta");
  await keptBook({ backend, env });
  assert.equal(env.storage.asked, 1, "nor on the next open");
});

test("granted: the state says the games are kept", async () => {
  const env = fakeEnv({ storage: fakeStorage({ grant: true }) });
  const kept = await keptBook({ env });
  await record(kept, deal());
  assert.equal(env.storage.asked, 1);
  assert.equal(kept.persistence.snapshot().state, "persisted");
});

test("a question the browser leaves to the player (Firefox): asking until answered, then the answer", async () => {
  const env = fakeEnv({ storage: fakeStorage({ pending: true }) });
  const kept = await keptBook({ env });
  await record(kept, deal());
  assert.equal(kept.persistence.snapshot().state, "asking");
  await record(kept, deal());
  assert.equal(kept.book.games.get(kept.book.current).deals.length, 2, "the sheet goes on while the question is open");
  env.storage.answer(true);
  await settle(kept.book, kept.persistence);
  assert.equal(kept.persistence.snapshot().state, "persisted");
  assert.equal(env.storage.asked, 1);
});

test("as an installed app it asks on opening, once; installing it asks again", async () => {
  const backend = new MemoryBackend();
  const env = fakeEnv({ standalone: true });
  await keptBook({ backend, env });
  assert.equal(env.storage.asked, 1, "running installed: the moment to ask");
  await keptBook({ backend, env });
  assert.equal(env.storage.asked, 1, "once");
  const tab = fakeEnv();
  const kept = await keptBook({ env: tab });
  tab.install();
  await settle(kept.book, kept.persistence);
  assert.equal(tab.storage.asked, 1, "the app was just installed");
});

test("a permission already granted is taken on opening (it asks the player nothing)", async () => {
  const env = fakeEnv({ storage: fakeStorage({ grant: true }), permission: "granted" });
  const kept = await keptBook({ env });
  assert.equal(env.storage.asked, 1);
  assert.equal(kept.persistence.snapshot().state, "persisted");
});

test("Safari's engine in a tab: the Home Screen is said once, when the first game is saved; never again", async () => {
  const backend = new MemoryBackend();
  const env = fakeEnv({ webkit: true });
  const kept = await keptBook({ backend, env });
  assert.equal(kept.persistence.snapshot().message, null, "nothing saved yet: nothing to say");
  await record(kept, deal());
  assert.deepEqual(kept.persistence.snapshot().message, { kind: "install" });
  kept.persistence.dismiss();
  assert.equal(kept.persistence.snapshot().message, null);
  const again = await keptBook({ backend, env });
  assert.equal(again.persistence.snapshot().message, null, "never a second time");
  for (const other of [
    fakeEnv({ webkit: true, standalone: true }),
    fakeEnv({ webkit: false }),
    fakeEnv({ webkit: true, storage: fakeStorage({ persisted: true }) }),
  ]) {
    const one = await keptBook({ env: other });
    await record(one, deal());
    assert.equal(one.persistence.snapshot().message, null, "installed, another engine, or kept already: not said");
  }
});

test("the mark follows the games saved: more once saved, fewer at once; none while nothing was kept", async () => {
  const local = fakeLocal();
  const now = testClock();
  const kept = await keptBook({ env: fakeEnv({ local }), now });
  assert.equal(readMark(local, "k"), null);
  await record(kept, deal());
  assert.deepEqual(readMark(local, "k"), { games: 1, saved: now().toISOString(), backup: null });
  kept.book.newGame();
  await record(kept, deal());
  assert.equal(readMark(local, "k").games, 2);
  kept.book.removeGame(kept.book.current);
  assert.equal(readMark(local, "k").games, 1, "a deleted game lowers the mark at once, before the store is written");
  kept.book.undoDelete();
  await settle(kept.book, kept.persistence);
  assert.equal(readMark(local, "k").games, 2);
});

test("a save the device refuses does not raise the mark", async () => {
  const local = fakeLocal();
  const backend = new MemoryBackend();
  const kept = await keptBook({ backend, env: fakeEnv({ local }) });
  backend.failure = "full";
  await record(kept, deal());
  assert.equal(readMark(local, "k"), null, "not saved: not marked");
  backend.failure = null;
  await record(kept, deal());
  assert.equal(readMark(local, "k").games, 1, "saved again: marked");
});

test("games cleared while the page was closed: the next open says how many and when, until answered", async () => {
  const local = fakeLocal();
  const now = testClock();
  const first = await keptBook({ env: fakeEnv({ local }), now });
  await record(first, deal());
  first.book.newGame();
  await record(first, deal(20, 0));
  const saved = readMark(local, "k").saved;
  now.days(9);
  // The browser deleted the database (a new backend) and left localStorage.
  const gone = await keptBook({ env: fakeEnv({ local }), now });
  assert.deepEqual(gone.persistence.snapshot().message, { kind: "cleared", games: 2, saved, backup: null });
  const again = await keptBook({ env: fakeEnv({ local }), now });
  assert.equal(again.persistence.snapshot().message.kind, "cleared", "said on every open until answered");
  again.persistence.dismiss();
  assert.equal(readMark(local, "k").games, 0);
  const after = await keptBook({ env: fakeEnv({ local }), now });
  assert.equal(after.persistence.snapshot().message, null, "answered: not said again");
});

test("games brought back answer the notice; games deleted by the player are no clearing", async () => {
  const local = fakeLocal();
  writeMark(local, "k", { games: 3, saved: "2026-02-01T10:00:00.000Z" });
  const gone = await keptBook({ env: fakeEnv({ local }) });
  assert.equal(gone.persistence.snapshot().message.kind, "cleared");
  await gone.book.travel.importGame({ version: 1, deals: [deal()] }, "g.json");
  await settle(gone.book, gone.persistence);
  assert.equal(gone.persistence.snapshot().message, null);
  assert.equal(readMark(local, "k").games, 1);

  const mine = fakeLocal();
  const kept = await keptBook({ env: fakeEnv({ local: mine }) });
  await record(kept, deal());
  kept.book.removeGame(kept.book.current);
  await settle(kept.book, kept.persistence);
  const next = await keptBook({ env: fakeEnv({ local: mine }) });
  assert.equal(next.persistence.snapshot().message, null);
});

test("a reminder to back up: not in the first month, then at most once a month; a backup answers it", async () => {
  const backend = new MemoryBackend();
  const env = fakeEnv();
  const now = testClock();
  const kept = await keptBook({ backend, env, now });
  await record(kept, deal());
  now.days(REMIND_DAYS - 1);
  assert.equal((await keptBook({ backend, env, now })).persistence.snapshot().message, null);
  now.days(2);
  const due = await keptBook({ backend, env, now });
  assert.deepEqual(due.persistence.snapshot().message, { kind: "remind", count: 1 });
  assert.equal(due.persistence.snapshot().unbacked, 1);
  now.days(1);
  assert.equal((await keptBook({ backend, env, now })).persistence.snapshot().message, null, "once a month at most");
  now.days(REMIND_DAYS);
  const again = await keptBook({ backend, env, now });
  assert.equal(again.persistence.snapshot().message.kind, "remind");
  await again.persistence.backedUp();
  assert.equal(again.persistence.snapshot().message, null);
  assert.equal(again.persistence.snapshot().unbacked, 0);
  assert.equal(again.persistence.snapshot().backup, now().toISOString());
  assert.equal(readMark(env.local, "k").backup, now().toISOString(), "the mark keeps the last backup too");
  now.days(REMIND_DAYS + 1);
  assert.equal((await keptBook({ backend, env, now })).persistence.snapshot().message, null, "nothing changed since the backup");
});

test("the page's browser: no Storage API, WebKit by its vendor, an installed app by its display mode", () => {
  const page = {
    navigator: { vendor: "Apple Computer, Inc.", storage: {}, standalone: false },
    matchMedia: (query) => ({ matches: query === "(display-mode: standalone)" }),
    get localStorage() {
      throw new DOMException("denied", "SecurityError");
    },
  };
  const env = browserEnvironment(page);
  assert.equal(env.storage, null, "no persist(): the browser does not say");
  assert.equal(env.webkit, true);
  assert.equal(env.standalone(), true);
  assert.equal(env.local, null);
  const chromium = browserEnvironment({
    navigator: { vendor: "Google Inc.", storage: { persist() {}, persisted() {} } },
    matchMedia: () => ({ matches: false }),
  });
  assert.equal(chromium.webkit, false);
  assert.equal(chromium.standalone(), false);
  assert.notEqual(chromium.storage, null);
});
