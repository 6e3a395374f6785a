// widget/book/game-book.js: every transition of the sheet, with a fake scorer and a memory store.
import assert from "node:assert/strict";
import { test } from "node:test";

import { EMPTY_RESULT, UNDO_MS } from "../../../widget/book/game-book.js";
import { MemoryBackend } from "../../../widget/store/memory-store.js";
import { idle, openBook } from "./fakes.mjs";

const deal = (us, them) => ({ fake: [us, them] });
const last = (book) => book.changes.at(-1);

test("a fresh book opens on a new empty game, nothing saved until it has something", async () => {
  const book = await openBook();
  assert.equal(book.validated, true);
  assert.equal(book.games.size, 1);
  assert.deepEqual(book.game.deals, []);
  assert.equal(book.result, EMPTY_RESULT);
  assert.deepEqual(last(book), { type: "opened" });
  assert.equal(book.saver.saving, "saved");
});

test("record: the deal goes through the core, is saved, and the form is cleared", async () => {
  const book = await openBook();
  await book.record(deal(10, 6));
  assert.deepEqual(book.game.deals, [deal(10, 6)]);
  assert.deepEqual(book.result.totals, { us: 10, them: 6 });
  assert.deepEqual(last(book), { type: "recorded", n: 1, form: "clear" });
  await book.saver.settled();
  const { games } = await book.store.load();
  assert.deepEqual(
    games.map((game) => game.deals),
    [[deal(10, 6)]],
  );
});

test("a deal the core refuses changes nothing; its errors are kept for the bar", async () => {
  const book = await openBook();
  await book.record(deal(10, 6));
  await book.record({ bad: true });
  assert.equal(book.game.deals.length, 1);
  assert.equal(book.error[0].code, "bad_deal");
  assert.deepEqual(last(book), { type: "refused" });
  await book.record(deal(1, 1));
  assert.equal(book.error, null, "the next accepted change takes the error away");
});

test("all passed, undo, and the pot of the form", async () => {
  const book = await openBook();
  await book.record({ fake: [0, 8], hang: 8 });
  assert.equal(book.pot, 8);
  await book.passed();
  assert.deepEqual(last(book), { type: "recordedPassed", n: 2, form: "clear" });
  assert.equal(book.pot, 8, "a passed deal leaves what hangs");
  await book.edits.undo();
  assert.equal(book.game.deals.length, 1);
  assert.equal(last(book).type, "undone");
});

test("edit: the deal is loaded, saved back with its own rules, the form restored", async () => {
  const book = await openBook();
  await book.record({ fake: [0, 8], hang: 8 });
  await book.record(deal(10, 6));
  book.edits.edit(1);
  assert.deepEqual(last(book), { type: "editing", index: 1, passed: false, form: "load", deal: deal(10, 6) });
  assert.equal(book.pot, 8, "the pot before the edited deal");
  await book.edits.saveEdit(deal(20, 0));
  assert.deepEqual(last(book), { type: "edited", index: 1, form: "restore" });
  assert.equal(book.editing, null);
  assert.deepEqual(book.result.totals, { us: 20, them: 8 });
});

test("a passed deal opens for deletion only; cancel and delete restore the form", async () => {
  const book = await openBook();
  await book.record(deal(10, 6));
  await book.passed();
  book.edits.edit(1);
  assert.deepEqual(last(book), { type: "editing", index: 1, passed: true });
  book.edits.cancelEdit();
  assert.deepEqual(last(book), { type: "editCancelled", index: 1, form: "restore" });
  book.edits.edit(1);
  await book.edits.deleteDeal();
  assert.deepEqual(last(book), { type: "dealDeleted", index: 0, form: "restore" });
  assert.equal(book.game.deals.length, 1);
});

test("the game's end: the winner and nothing more hangs into the form", async () => {
  const book = await openBook();
  await book.record({ fake: [160, 0] });
  assert.equal(book.result.winner, "us");
  assert.equal(book.pot, 0);
});

test("new game keeps the names and rules; an empty game is not kept when left", async () => {
  const book = await openBook();
  book.setName("us", "Ана");
  await book.record(deal(10, 6));
  const first = book.current;
  book.newGame();
  assert.notEqual(book.current, first);
  assert.equal(book.game.names.us, "Ана");
  assert.deepEqual(last(book), { type: "newGame", form: "clear" });
  book.openGame(first);
  assert.equal(book.games.size, 1, "the empty new game was dropped");
  assert.deepEqual(last(book), { type: "gameOpened", id: first, form: undefined });
});

test("remove a game, then undo within the time; after it, the game is gone for good", async () => {
  const book = await openBook();
  await book.record(deal(10, 6));
  const id = book.current;
  book.removeGame(id);
  assert.equal(book.games.has(id), false);
  assert.equal(last(book).type, "gameRemoved");
  book.undoDelete();
  assert.equal(book.current, id);
  assert.equal(book.game.deals.length, 1);
  await book.saver.settled();
  assert.equal((await book.store.get([id])).get(id)?.deals.length, 1);
  book.removeGame(id);
  assert.equal(book.timers.size, 1);
  book.timers.run();
  assert.equal(book.deleted, null);
  assert.equal(last(book).type, "undoExpired");
  await book.saver.settled();
  assert.equal((await book.store.get([id])).get(id), null);
  void UNDO_MS;
});

test("a stored game the core refuses is kept aside and said; the others open", async () => {
  const backend = new MemoryBackend();
  backend.records.set("g-bad", { id: "g-bad", created: "2026-01-01T00:00:00.000Z", names: {}, deals: [{ bad: true }], rev: "r1" });
  backend.records.set("g-ok", {
    id: "g-ok",
    created: "2026-01-01T00:00:00.000Z",
    updated: "2026-01-01T00:00:00.000Z",
    names: {},
    deals: [deal(1, 1)],
    rev: "r2",
  });
  const book = await openBook({ store: backend.store() });
  assert.deepEqual([...book.games.keys()], ["g-ok"]);
  assert.equal(book.notices.list[0].key, "noticeRejected");
  assert.equal(backend.aside[0].reason, "rejected");
  assert.equal(backend.records.has("g-bad"), false);
});

test("a stored current game that points nowhere opens the latest readable game, finished too (issue 32)", async () => {
  const backend = new MemoryBackend();
  const at = (day) => `2026-01-0${day}T20:00:00.000Z`;
  backend.records.set("g-old", { id: "g-old", created: at(1), updated: at(1), names: {}, deals: [deal(151, 0)], rev: "r1" });
  backend.records.set("g-new", { id: "g-new", created: at(2), updated: at(2), names: {}, deals: [deal(160, 2)], rev: "r2" });
  backend.current = "g-kept-aside";
  const book = await openBook({ store: backend.store() });
  assert.equal(book.current, "g-new");
  assert.equal(book.game.deals.length, 1, "the readable game, not an empty one");
});

test("a full device is said once; the next change saves again and says so", async () => {
  const backend = new MemoryBackend();
  const book = await openBook({ store: backend.store() });
  backend.failure = "full";
  await book.record(deal(1, 1));
  await book.saver.settled();
  assert.equal(book.saver.saving, "full");
  assert.deepEqual(
    book.notices.list.map((n) => n.key),
    ["full"],
  );
  backend.failure = null;
  await book.record(deal(2, 2));
  await book.saver.settled();
  assert.equal(book.saver.saving, "saved");
  assert.deepEqual(
    book.notices.list.map((n) => n.key),
    ["savedAgain"],
  );
  const { games } = await backend.store().load();
  assert.equal(games[0].deals.length, 2);
});

test("a link is shown read only once the games are checked; kept, it is a new game", async () => {
  const book = await openBook();
  await book.record(deal(1, 1));
  const reply = await book.travel.openLink("#game=ok", 1);
  assert.equal(reply.ok, true);
  assert.equal(book.game.id, "shared");
  await book.record(deal(1, 1));
  assert.equal(book.viewing.game.deals.length, 2, "read only: nothing recorded into it");
  await book.travel.keepShared();
  assert.equal(book.viewing, null);
  assert.equal(book.game.deals.length, 2);
  assert.equal(book.games.size, 2);
  assert.deepEqual(last(book), { type: "kept" }, "the form keeps the deal being typed");
  const refused = await book.travel.openLink("#game=bad", 1);
  assert.equal(refused.ok, false);
});

test("import: a checked game becomes the current one; a refused one changes nothing", async () => {
  const book = await openBook();
  const reply = await book.travel.importGame({ version: 1, names: { us: "X" }, deals: [deal(3, 3)] }, "g.json");
  assert.equal(reply.ok, true);
  assert.equal(book.game.names.us, "X");
  assert.deepEqual(last(book), { type: "imported", file: "g.json" }, "the form keeps the deal being typed");
  const refused = await book.travel.importGame({ version: 1, deals: [{ bad: true }] }, "bad.json");
  assert.equal(refused.ok, false);
  assert.equal(book.games.size, 1);
  void idle;
});

test("a link that arrives before the games are checked is opened once they are", async () => {
  const { GameBook } = await import("../../../widget/book/game-book.js");
  const { MemoryStore } = await import("../../../widget/store/memory-store.js");
  const { fakeScorer } = await import("./fakes.mjs");
  const scorer = fakeScorer();
  const calls = [];
  const read = scorer.readGameLink.bind(scorer);
  scorer.readGameLink = (request) => {
    calls.push(request);
    return read(request);
  };
  const book = new GameBook({ scorer: () => scorer, store: new MemoryStore() });
  assert.equal(await book.travel.openLink("#game=ok", 1), null);
  await book.open();
  assert.deepEqual(calls, [{ version: 1, link: "#game=ok" }]);
  assert.equal(book.game.id, "shared");
});

test("a link that arrives during an edit leaves the edit as it is; Keep waits until it is done", async () => {
  const book = await openBook();
  await book.record(deal(10, 6));
  book.edits.edit(0);
  await book.travel.openLink("#game=ok", 1);
  assert.equal(book.editing?.index, 0, "the edit stands");
  assert.equal(last(book).form, undefined, "the form is not touched");
  book.travel.keepShared();
  assert.ok(book.viewing, "not kept while a deal is being edited");
  book.travel.closeShared();
  assert.equal(book.editing?.index, 0, "back to the edit");
  await book.edits.saveEdit(deal(1, 1));
  await book.travel.openLink("#game=ok", 1);
  await book.travel.keepShared();
  assert.equal(book.viewing, null);
  assert.equal(book.games.size, 2);
});

test("a file that comes while a change is with the core waits for it, never dropped", async () => {
  let release;
  const book = await openBook();
  const score = book.core.scoreGame.bind(book.core);
  book.core.scoreGame = async (request) => {
    if (request.deals.some((d) => d.slow)) await new Promise((resolve) => (release = resolve));
    return score(request);
  };
  const recording = book.record({ fake: [1, 1], slow: true });
  const importing = book.travel.importGame({ version: 1, deals: [deal(3, 3)] }, "g.json");
  await idle();
  assert.equal(book.games.size, 1, "the import waits for the change under way");
  release();
  await recording;
  const reply = await importing;
  assert.equal(reply.ok, true);
  assert.equal(book.games.size, 2);
  assert.deepEqual(book.game.deals, [deal(3, 3)]);
});

test("undo offers the deal back to the form and keeps it for redo; redo records it again", async () => {
  const book = await openBook();
  await book.record(deal(10, 6));
  await book.record(deal(20, 0));
  await book.record(deal(1, 1));
  await book.edits.undo();
  assert.deepEqual(last(book), { type: "undone", n: 3, form: "offer", deal: deal(1, 1) });
  await book.edits.undo();
  assert.equal(book.game.deals.length, 1);
  assert.equal(book.snapshot().redo, true);
  await book.edits.redo();
  assert.deepEqual(last(book), { type: "redone", n: 2, form: "clear" });
  assert.deepEqual(book.game.deals, [deal(10, 6), deal(20, 0)]);
  await book.edits.redo();
  assert.deepEqual(book.game.deals, [deal(10, 6), deal(20, 0), deal(1, 1)], "redone in the order they were undone");
  assert.equal(book.snapshot().redo, false);
});

test("another change of the game ends redo: what was undone stays undone", async () => {
  const book = await openBook();
  await book.record(deal(10, 6));
  await book.edits.undo();
  await book.record(deal(5, 5));
  assert.equal(book.snapshot().redo, false);
  await book.edits.redo();
  assert.deepEqual(book.game.deals, [deal(5, 5)]);
  await book.edits.undo();
  book.newGame();
  assert.equal(book.snapshot().redo, false, "redo is the game's: another game has none");
});

test("a letter typed while the name is being written is saved too", async () => {
  const backend = new MemoryBackend();
  const store = backend.store();
  const book = await openBook({ store });
  await book.record(deal(10, 6));
  await book.saver.settled();
  const put = store.put.bind(store);
  /** @type {(() => void) | null} */ let release = null;
  let writes = 0;
  store.put = async (game, base) => {
    writes++;
    if (game.names.us === "И") await new Promise((resolve) => (release = resolve)); // a slow device
    return put(game, base);
  };
  book.setName("us", "И");
  book.saveTyping(); // the field left: written now, slowly
  await idle();
  assert.ok(release, "the first letter is being written");
  book.setName("us", "Ив"); // typed while it is
  release();
  await idle();
  book.timers.run(); // the pause after the letter
  await book.saver.settled();
  assert.equal(backend.records.get(book.current).names.us, "Ив");
  assert.equal(book.saver.isDirty(book.current), false);
  assert.equal(writes, 2);
});
