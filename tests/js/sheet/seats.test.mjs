// widget/book/seats.js and book-table.js: the players, the first dealer, who deals now,
// the next game's dealer, and an old game without one — with a fake scorer that passes
// the deal as the core does (tests/js/sheet/fakes.mjs).
import assert from "node:assert/strict";
import { test } from "node:test";

import { SEAT_ORDER } from "../../../widget/core-tables.js";
import { SEAT_WORDS } from "../../../widget/i18n/seat-strings.js";
import { dealerNow, firstDealerFor, nextTable, playerNames, seatChoices, seatName, withPlayer } from "../../../widget/book/seats.js";
import { MemoryBackend } from "../../../widget/store/memory-store.js";
import { openBook } from "./fakes.mjs";

const teams = { us: "Ние", them: "Вие" };
const t = SEAT_WORDS.bg;
const named = { seats: { us: ["Иван", "Петър"], them: ["Мария", "Георги"] } };

test("the seats are the core's: us[0], them[0], us[1], them[1] in the order the deal passes", () => {
  assert.deepEqual(SEAT_ORDER, [
    ["us", 0],
    ["them", 0],
    ["us", 1],
    ["them", 1],
  ]);
  assert.deepEqual(
    seatChoices(named, teams, t).map((choice) => choice.label),
    ["Иван", "Мария", "Петър", "Георги"],
  );
});

test("the table's words in both languages; who deals is the core's word", () => {
  assert.deepEqual(Object.keys(SEAT_WORDS.en).sort(), Object.keys(SEAT_WORDS.bg).sort());
  assert.equal(SEAT_WORDS.bg.dealer, "Раздава: {dealer}");
  assert.equal(SEAT_WORDS.en.dealer, "Dealer: {dealer}");
});

test("a player without a name is the team and place; names are read defensively", () => {
  assert.deepEqual(
    seatChoices({}, teams, t).map((choice) => choice.label),
    ["Ние (1)", "Вие (1)", "Ние (2)", "Вие (2)"],
  );
  assert.equal(seatName({ seats: { us: ["", "Петър"], them: null } }, 1, teams, SEAT_WORDS.en), "Вие (1)");
  assert.deepEqual(playerNames({ seats: { us: [1, null] } }), { us: ["", ""], them: ["", ""] });
});

test("who deals now: the first dealer before any deal, then the core's next_dealer; none until chosen", () => {
  assert.equal(dealerNow({ deals: [] }, {}), null, "an old game without a dealer shows none");
  assert.equal(dealerNow({ dealer: 3, deals: [] }, {}), 3);
  assert.equal(dealerNow({ dealer: 3, deals: [{}] }, { next_dealer: 0 }), 0);
  assert.equal(dealerNow({ dealer: 9, deals: [] }, {}), null, "no such seat");
});

test("choosing who deals now in a game under way keeps the seat that dealt the first deal", () => {
  assert.equal(firstDealerFor(2, 0), 2);
  assert.equal(firstDealerFor(2, 5), 1); // 1 → 2 → 3 → 0 → 1 → 2
  assert.equal(firstDealerFor(0, 3), 1);
});

test("a player's name in the seats; nobody named: no seats at all", () => {
  assert.deepEqual(withPlayer({}, "them", 1, "Георги"), { us: ["", ""], them: ["", "Георги"] });
  assert.equal(withPlayer({ seats: { us: ["A", ""], them: ["", ""] } }, "us", 0, ""), null);
});

test("the next game: same players, its first dealer the seat after the last deal's", () => {
  const game = { ...named, dealer: 1, deals: [{}, {}] };
  assert.deepEqual(nextTable(game, { next_dealer: 3 }), { ...named, dealer: 3 });
  assert.deepEqual(nextTable({ deals: [{}] }, { next_dealer: null }), {}, "no dealer: none in the next game");
});

test("one tap chooses the first dealer; every deal, a pass included, moves it; edit and undo keep it right", async () => {
  const book = await openBook();
  assert.equal(dealerNow(book.game, book.result), null);
  await book.table.chooseDealer(2);
  assert.equal(book.game.dealer, 2);
  assert.equal(dealerNow(book.game, book.result), 2);
  assert.equal(book.changes.at(-1).type, "dealerChosen");
  await book.record({ fake: [10, 6] });
  assert.equal(dealerNow(book.game, book.result), 3);
  await book.passed();
  assert.equal(dealerNow(book.game, book.result), 0, "a passed deal passes the deal too");
  assert.equal(book.core.calls.at(-1).dealer, 2, "the core is asked with the first dealer");
  book.edits.edit(0);
  await book.edits.saveEdit({ fake: [20, 0] });
  assert.equal(dealerNow(book.game, book.result), 0, "an edit changes no dealer");
  await book.edits.undo();
  assert.equal(dealerNow(book.game, book.result), 3, "Undo gives the deal back to who dealt it");
  await book.edits.redo();
  assert.equal(dealerNow(book.game, book.result), 0);
  await book.saver.settled();
  const { games } = await book.store.load();
  assert.equal(games[0].dealer, 2, "saved with the game");
});

test("an old game without a dealer: none shown, then 'who deals now' in one tap", async () => {
  const backend = new MemoryBackend();
  const first = await openBook({ store: backend.store() });
  for (let i = 0; i < 3; i++) await first.record({ fake: [10, 6] });
  await first.saver.settled();
  const book = await openBook({ store: backend.store() });
  assert.equal(dealerNow(book.game, book.result), null);
  await book.table.chooseDealer(1);
  assert.equal(dealerNow(book.game, book.result), 1, "the seat tapped deals now");
  assert.equal(book.game.dealer, 2, "the first deal was dealt three seats before");
});

test("players' names go through the core: two alike are refused and nothing changes", async () => {
  const book = await openBook();
  await book.table.setPlayer("us", 0, "Иван");
  assert.deepEqual(book.game.seats, { us: ["Иван", ""], them: ["", ""] });
  assert.equal(await book.table.setPlayer("them", 1, "иван"), false);
  assert.equal(book.error[0].code, "player_twice");
  assert.deepEqual(book.game.seats.them, ["", ""]);
  await book.table.setPlayer("us", 0, "");
  assert.equal(book.game.seats, undefined, "nobody named: no seats");
});

test("New game (same teams) keeps the teams, players and rules; the rotation goes on", async () => {
  const book = await openBook();
  book.setName("us", "Ние двамата");
  await book.table.setPlayer("them", 0, "Мария");
  await book.table.chooseDealer(3);
  await book.record({ fake: [100, 10] });
  await book.passed();
  await book.record({ fake: [60, 10] }); // 160: the game is over; deals dealt by 3, 0, 1
  assert.equal(book.result.finished, true);
  assert.equal(dealerNow(book.game, book.result), 2);
  const old = book.current;
  book.newGame();
  assert.notEqual(book.current, old);
  assert.equal(book.game.names.us, "Ние двамата");
  assert.deepEqual(book.game.seats, { us: ["", ""], them: ["Мария", ""] });
  assert.equal(book.game.dealer, 2, "the seat after the last deal's dealer deals first");
  assert.equal(dealerNow(book.game, book.result), 2);
  assert.deepEqual(book.changes.at(-1), { type: "newGame", form: "clear" });
});
