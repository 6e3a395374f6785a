// widget/files/backup.js and book-backup.js: every game as one file and back, through
// game books on memory stores (two "devices") and the fake core. Every game of a backup
// goes through the core before it is added; a game already here (its id; its content
// only for an entry without an id) is not added twice; no game here is replaced; fields
// a newer version wrote are kept.
import assert from "node:assert/strict";
import { test } from "node:test";

import { backupFile, backupText, contentKey, isBackup, placeOf, readBackup } from "../../../widget/files/backup.js";
import { BookBackup } from "../../../widget/book/book-backup.js";
import { MemoryBackend } from "../../../widget/store/memory-store.js";
import { openBook } from "./fakes.mjs";

const deal = (us = 10, them = 6) => ({ fake: [us, them] });

/** A book with three games: one finished, two going on (the last one current). */
async function bookOfThree() {
  const book = await openBook({ store: new MemoryBackend().store() });
  await book.record(deal(160, 0));
  book.newGame();
  await book.record(deal(10, 6));
  book.setName("us", "Иван и Петър");
  book.newGame();
  await book.applyRules({ round_before_multiply: true }, "all");
  await book.record(deal(20, 0));
  await book.passed();
  await book.saver.settled();
  return book;
}

test("the file: every game with deals, revisions aside, every field kept; its text reads back as it was", async () => {
  const book = await bookOfThree();
  const current = book.games.get(book.current);
  book.replace({ ...current, seats: { dealer: "us" }, names: { ...current.names, color: "red" } });
  book.newGame(); // an empty game: never in a backup
  await book.saver.settled();
  const file = new BookBackup(book).file();
  assert.equal(file.belot_backup, 1);
  assert.ok(!Number.isNaN(Date.parse(file.saved)), "when it was made");
  assert.equal(file.games.length, 3);
  assert.ok(file.games.every((game) => !("rev" in game) && game.deals.length > 0));
  const withSeats = file.games.find((game) => game.seats);
  assert.deepEqual(withSeats.seats, { dealer: "us" }, "a field this version does not know is kept");
  assert.equal(withSeats.names.color, "red");
  assert.deepEqual(withSeats.rules, { round_before_multiply: true });
  const text = backupText(file);
  assert.deepEqual(JSON.parse(text), file);
  assert.equal(text.split("\n").length, file.games.length + 3, "a game a line");
  assert.ok(isBackup(JSON.parse(text)));
});

test("reading a backup: a newer format, a file that is none, and entries that are no game", () => {
  assert.deepEqual(readBackup({ belot_backup: 2, games: [] }), { problem: "newer" });
  for (const data of [{ belot_backup: "1", games: [] }, { belot_backup: 1 }, { belot_backup: 1, games: {} }, { version: 1, deals: [] }, null]) {
    assert.deepEqual(readBackup(data), { problem: "unreadable" }, JSON.stringify(data));
  }
  const game = {
    id: "g-1",
    created: "2026-01-02T20:00:00.000Z",
    updated: "2026-01-02T20:00:00.000Z",
    names: { us: "", them: "" },
    rules: {},
    deals: [deal()],
    rev: "r",
  };
  const read = readBackup({ belot_backup: 1, saved: "x", games: [game, { id: 3 }, "text", { ...game }] });
  assert.equal(read.bad, 3, "not a game, text, and the same id twice");
  const { rev: _rev, ...plain } = game;
  assert.deepEqual(read.games, [plain], "the game, without the revision of the store it came from");
  assert.equal(isBackup({ version: 1, deals: [] }), false);
});

test("what a backup's game is to the games here: the same, an older version, new, or new under a taken id", () => {
  const here = { id: "a", names: { us: "", them: "" }, rules: {}, deals: [deal(), deal(20, 0)] };
  const games = new Map([["a", here]]);
  const contents = new Set([contentKey(here)]);
  assert.equal(placeOf({ ...here, updated: "another day" }, games, contents), "same", "the game here, as it was");
  assert.equal(placeOf({ ...here, id: "elsewhere" }, games, contents), "add", "the same names and deals under another id: another game");
  assert.equal(placeOf({ ...here, id: undefined }, games, contents), "same", "an entry without an id: known by its content");
  assert.equal(placeOf({ ...here, deals: [deal()] }, games, contents), "older", "every deal of it is here, and more");
  assert.equal(placeOf({ ...here, deals: [deal(), deal(1, 1)] }, games, contents), "copy", "its id is a different game's here");
  assert.equal(placeOf({ ...here, id: "b", deals: [deal(3, 3)] }, games, contents), "add");
  assert.equal(contentKey({ ...here, names: { them: "", us: "" } }), contentKey(here), "field order aside");
});

test("two different games with the same names and deals: a backup brings both back (issue 31, the model)", async () => {
  const from = await openBook({ store: new MemoryBackend().store() });
  await from.record(deal(10, 6));
  from.newGame();
  await from.record(deal(10, 6));
  await from.saver.settled();
  const data = JSON.parse(backupText(new BookBackup(from).file()));
  assert.equal(data.games.length, 2);
  const book = await openBook({ store: new MemoryBackend().store() });
  assert.deepEqual(await new BookBackup(book).restore(data, "b.json"), { added: 2, same: 0, refused: 0 });
  assert.deepEqual(await new BookBackup(book).restore(data, "b.json"), { added: 0, same: 2, refused: 0 }, "and brought back again, nothing more");
  assert.equal([...book.games.values()].filter((game) => game.deals.length).length, 2);
});

test("a game here brought up to date by a backup keeps its dealer, and who deals next goes on from it (issue 31, the model)", async () => {
  const from = await openBook({ store: new MemoryBackend().store() });
  await from.record(deal(10, 6));
  await from.saver.settled();
  const data = JSON.parse(backupText(new BookBackup(from).file()));
  const book = await openBook({ store: new MemoryBackend().store() });
  await new BookBackup(book).restore(data, "b.json");
  const id = data.games[0].id;
  book.openGame(id);
  await book.table.chooseDealer(2); // this phone says who deals: the game's first dealer is seat 1
  await from.passed();
  await from.saver.settled();
  await new BookBackup(book).restore(JSON.parse(backupText(new BookBackup(from).file())), "b.json");
  assert.equal(book.games.get(id).deals.length, 2, "brought up to date");
  assert.equal(book.games.get(id).dealer, 1);
  assert.equal(book.results.get(id).next_dealer, 3, "one seat on for each deal from the game's first dealer");
});

test("a backup of several games, brought back on a device that lost them: each checked by the core, ids and fields kept", async () => {
  const from = await bookOfThree();
  const data = JSON.parse(backupText(new BookBackup(from).file()));
  const book = await openBook({ store: new MemoryBackend().store() });
  const calls = book.core.calls.length;
  const outcome = await new BookBackup(book).restore(data, "belot-backup.json");
  assert.deepEqual(outcome, { added: 3, same: 0, refused: 0 });
  assert.equal(book.core.calls.length - calls, 3, "every game went to the core");
  await book.saver.settled();
  const stored = [...(await book.store.load()).games].map(({ rev, ...game }) => game);
  for (const game of data.games)
    assert.deepEqual(
      stored.find((one) => one.id === game.id),
      game,
      "as it was, id and all",
    );
  assert.equal(book.games.size, 3, "the empty game the sheet opened with gave way");
  assert.equal(book.game.deals.length, 2, "the latest unfinished game is the current one");
  assert.equal(book.changes.at(-1).type, "backupRestored");
  assert.deepEqual(book.changes.at(-1), { type: "backupRestored", file: "belot-backup.json", added: 3, same: 0, refused: 0 });

  const again = await new BookBackup(book).restore(data, "belot-backup.json");
  assert.deepEqual(again, { added: 0, same: 3, refused: 0 }, "brought back twice: nothing added the second time");
  assert.equal(book.games.size, 3);
});

test("brought back where the games are: nothing doubled, a later version kept, a different game under a taken id added as a copy", async () => {
  const book = await bookOfThree();
  const backup = new BookBackup(book);
  const data = JSON.parse(backupText(backup.file()));
  await book.record(deal(1, 1)); // the current game goes on after the backup
  const before = new Map(book.games);
  assert.deepEqual(await backup.restore(data, "b.json"), { added: 0, same: 3, refused: 0 });
  assert.deepEqual(book.games, before, "the game here, later than its backup, is not replaced");
  const changed = structuredClone(data);
  changed.games[0].deals = [deal(5, 5)];
  const outcome = await backup.restore(changed, "b.json");
  assert.deepEqual(outcome, { added: 1, same: 2, refused: 0 });
  const copy = [...book.games.values()].find((game) => !before.has(game.id));
  assert.deepEqual(copy.deals, [deal(5, 5)]);
  assert.deepEqual(book.games.get(data.games[0].id), before.get(data.games[0].id), "the game with that id is untouched");
});

test("what the core refuses is not added and is said; the rest comes in", async () => {
  const book = await openBook({ store: new MemoryBackend().store() });
  const game = (id, deals) => ({ id, created: "2026-01-02T20:00:00.000Z", updated: "2026-01-02T21:00:00.000Z", names: { us: "", them: "" }, deals });
  const data = { belot_backup: 1, saved: "2026-01-03T10:00:00.000Z", games: [game("g-ok", [deal()]), game("g-bad", [deal(), { bad: true }]), { id: 7 }] };
  const outcome = await new BookBackup(book).restore(data, "mixed.json");
  assert.deepEqual(outcome, { added: 1, same: 0, refused: 2 });
  assert.ok(book.games.has("g-ok"));
  assert.ok(!book.games.has("g-bad"));
  const notice = book.notices.list.at(-1);
  assert.equal(notice.key, "backupSomeRefused");
  assert.deepEqual(notice.params, { file: "mixed.json", count: 2 });
  assert.equal(notice.errors[0].code, "bad_deal", "the core's reason is given");
});

test("a file that is no backup this version reads changes nothing, and says why", async () => {
  const book = await bookOfThree();
  const before = new Map(book.games);
  assert.deepEqual(await new BookBackup(book).restore({ belot_backup: 9, games: [] }, "new.json"), { problem: "newer" });
  assert.equal(book.notices.list.at(-1).key, "backupNewer");
  assert.deepEqual(await new BookBackup(book).restore({ belot_backup: 1, games: "x" }, "odd.json"), { problem: "unreadable" });
  assert.equal(book.notices.list.at(-1).key, "backupUnreadable");
  assert.deepEqual(book.games, before);
  assert.equal(book.changes.at(-1).type, "fileRefused");
});

test("the empty file of a device with no games", () => {
  const file = backupFile([{ id: "e", deals: [] }], new Date("2026-01-01T00:00:00.000Z"));
  assert.deepEqual(file, { belot_backup: 1, saved: "2026-01-01T00:00:00.000Z", games: [] });
  assert.deepEqual(JSON.parse(backupText(file)), file);
});

test("a backup of many games is saved a few games at a time: a tap after it waits for none of them (issue 32)", async () => {
  const from = await openBook({ store: new MemoryBackend().store() });
  for (let i = 0; i < 40; i++) {
    if (i) from.newGame();
    await from.record(deal(10 + i, 6));
  }
  await from.saver.settled();
  const data = JSON.parse(backupText(new BookBackup(from).file()));
  const store = new MemoryBackend().store();
  const put = store.put.bind(store);
  let writes = 0;
  store.put = async (game, base) => (await new Promise((resolve) => setImmediate(resolve)), writes++, put(game, base));
  const book = await openBook({ store });
  assert.deepEqual(await new BookBackup(book).restore(data, "b.json"), { added: 40, same: 0, refused: 0 });
  const before = writes;
  await book.passed(); // a tap, while the forty are being saved
  assert.ok(writes - before <= 8, `the tap waited for ${writes - before} writes, not for all forty`);
  assert.ok(writes < 40, "some of the backup's games were still to be written when the tap was shown");
  await book.saver.settled();
  const stored = await store.get([...book.games.keys()]);
  assert.equal([...stored.values()].filter(Boolean).length, book.games.size, "and then every game is saved");
});
