// Import in the game book: a file's game is said when it comes in (and an earlier file's
// error goes), a game already here is opened instead of copied, and the sheet's own CSV
// comes back as the game it was (files/csv-import.js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { gameFromCsv, csvRows, looksLikeCsv } from "../../../widget/files/csv-import.js";
import { gameCsv } from "../../../widget/files/export.js";
import { DECK_POINTS } from "../../../widget/core-tables.js";
import { teamNames, rowNotes } from "../../../widget/sheet/summary.js";
import { STRINGS } from "../../../widget/i18n/strings.js";
import { TRAVEL_WORDS } from "../../../widget/i18n/travel-strings.js";
import { STORE_WORDS } from "../../../widget/i18n/store-strings.js";
import { openBook } from "./fakes.mjs";

const deal = (us, them) => ({ fake: [us, them] });
const texts = (book) => book.notices.list.map((notice) => `${notice.key} ${notice.params?.file ?? ""}`.trim());

test("an import is said, and it takes away the error of the file before it", async () => {
  const book = await openBook();
  await book.travel.importGame({ version: 1, deals: [{ bad: true }] }, "bad.json");
  assert.deepEqual(texts(book), ["badFile bad.json"]);
  await book.travel.importGame({ version: 1, names: { us: "X" }, deals: [deal(3, 3)] }, "g.json");
  assert.deepEqual(texts(book), ["imported g.json"]);
  assert.equal(book.notices.list[0].info, true);
});

test("a game already on the device is opened, not copied", async () => {
  const book = await openBook();
  const game = { version: 1, names: { us: "X", them: "Y" }, deals: [deal(3, 3), { passed: true }] };
  await book.travel.importGame(game, "one.json");
  const first = book.current;
  await book.newGame();
  await book.record(deal(9, 9));
  assert.equal(book.games.size, 2);
  await book.travel.importGame(structuredClone(game), "again.json");
  assert.equal(book.games.size, 2, "no second copy");
  assert.equal(book.current, first, "the game that was already here is open");
  assert.deepEqual(texts(book), ["alreadyHere again.json"]);
  // The same game as the CSV brings it (other deals, the same rows) is recognised too.
  await book.travel.importGame({ version: 1, names: { us: " X", them: "Y" }, deals: [{ fake: [3, 3], other: 1 }, { passed: true }] }, "g.csv");
  assert.equal(book.games.size, 2);
  assert.equal(book.changes.at(-1).type, "alreadyHere");
});

test("two different games of the same names and deals are two games: one's file brings it beside the other", async () => {
  // Known by its id (issue 30): the content names a game only when it has no id (issue 31, the model).
  const book = await openBook();
  const game = { version: 1, names: { us: "X", them: "Y" }, deals: [deal(3, 3)] };
  await book.travel.importGame({ ...game, id: "g-one" }, "one.json");
  await book.travel.importGame({ ...game, id: "g-two" }, "two.json");
  assert.deepEqual([...book.games.keys()].sort(), ["g-one", "g-two"]);
  assert.deepEqual(texts(book), ["imported two.json"]);
  await book.travel.importGame({ ...game, id: "g-two" }, "two.json");
  assert.equal(book.games.size, 2, "and the same one again adds nothing");
});

test("a game here brought up to date by a file without a dealer keeps its own, and who deals next goes on from it (issue 31, the model)", async () => {
  const book = await openBook();
  const game = { version: 1, id: "g-one", deals: [deal(3, 3)] };
  await book.travel.importGame(game, "one.json");
  await book.table.chooseDealer(2);
  await book.travel.importGame({ ...game, deals: [deal(3, 3), { passed: true }] }, "two.json");
  assert.equal(book.game.deals.length, 2, "brought up to date");
  assert.equal(book.game.dealer, 1);
  assert.equal(book.result.next_dealer, 3, "one seat on for each deal from the game's first dealer");
});

test("a CSV whose totals do not come out again is refused with them", async () => {
  const book = await openBook();
  await book.travel.importGame({ version: 1, deals: [deal(3, 3)] }, "t.csv", { totals: { us: 4, them: 3 } });
  assert.equal(book.game?.deals.length ?? 0, 0);
  assert.equal(book.notices.list[0].reason, "csvTotals");
  assert.deepEqual(book.notices.list[0].params, { us: 4, them: 3, file: "t.csv" });
});

// A game as the sheet keeps it and the core's rows for it (what gameCsv writes from).
const NAMES = { us: '=HYPERLINK("x","y"), Ivo', them: "Ана; -2+3" };
const GAME = {
  names: NAMES,
  deals: [
    {
      contract: "hearts",
      bidder: "us",
      doubling: "contra",
      cards: { team: "them", points: 81 },
      last_trick: "us",
      capot: null,
      announced: { us: { tierce: 1, belot: 1 }, them: {} },
    },
    { passed: true },
    { contract: "all_trumps", bidder: "them", doubling: "none", capot: "them", announced: { us: {}, them: { carre_jacks: 1, quarte: 2 } } },
  ],
};
const RESULT = {
  rows: [
    { passed: false, record: { us: 26, them: 0 }, totals: { us: 26, them: 0 }, accepted: { us: { tierce: 1, belot: 1 }, them: {} } },
    { passed: true, record: { us: 0, them: 0 }, totals: { us: 26, them: 0 } },
    { passed: false, record: { us: 0, them: 80 }, totals: { us: 26, them: 80 }, accepted: { us: {}, them: { carre_jacks: 1, quarte: 2 } } },
  ],
};

for (const lang of ["bg", "en"]) {
  test(`the sheet's CSV (${lang}) comes back as the game, declarations as counted`, () => {
    const s = { ...STRINGS[lang], travel: TRAVEL_WORDS[lang], store: STORE_WORDS[lang] };
    const csv = `\ufeff${gameCsv(GAME, RESULT, s, lang, teamNames(GAME, s), (row) => rowNotes(row, s.sheet, lang).join(", "))}`;
    assert.equal(looksLikeCsv(csv), true);
    const read = gameFromCsv(csv);
    assert.deepEqual(read.totals, { us: 26, them: 80 });
    assert.deepEqual(read.data, {
      version: 1,
      names: NAMES,
      deals: [
        {
          contract: "hearts",
          bidder: "us",
          doubling: "contra",
          capot: null,
          cards: { team: "them", points: 81 },
          last_trick: "us",
          declarations: { us: { tierce: 1, belot: 1 }, them: {} },
        },
        { passed: true },
        // A capot: the capot team's pile and last trick, as the form enters them (issue 30:
        // „Липсва поле „cards“.“ refused the app's own CSV).
        {
          contract: "all_trumps",
          bidder: "them",
          doubling: "none",
          capot: "them",
          cards: { team: "them", points: DECK_POINTS.all_trumps },
          last_trick: "them",
          declarations: { us: {}, them: { carre_jacks: 1, quarte: 2 } },
        },
      ],
    });
  });

  test(`the sheet's CSV (${lang}) with the game's link comes back as that very game, by its link`, () => {
    const s = { ...STRINGS[lang], travel: TRAVEL_WORDS[lang], store: STORE_WORDS[lang] };
    const link = "https://belot.example/calculator/#game=3ABC";
    const csv = `\ufeff${gameCsv(GAME, RESULT, s, lang, teamNames(GAME, s), () => "", link)}`;
    assert.deepEqual(gameFromCsv(csv), { link, totals: { us: 26, them: 80 } });
  });

  test(`the sheet's CSV (${lang}) of a game whose two teams have one name comes back by its link`, () => {
    // The columns cannot be told apart by name: the link says everything (issue 31, the model).
    const s = { ...STRINGS[lang], travel: TRAVEL_WORDS[lang], store: STORE_WORDS[lang] };
    const game = { ...GAME, names: { us: "Иван и Петър", them: "Иван и Петър" } };
    const link = "#game=3ABC";
    const csv = `\ufeff${gameCsv(game, RESULT, s, lang, teamNames(game, s), () => "", link)}`;
    assert.deepEqual(gameFromCsv(csv), { link, totals: { us: 26, them: 80 } });
    const bare = gameCsv(game, RESULT, s, lang, teamNames(game, s), () => "");
    assert.deepEqual(gameFromCsv(bare), { refused: "notCsv", params: {} }, "without the link its rows cannot say which team is which");
  });
}

test("a CSV without names gives a game without names; other tables are refused", () => {
  const lang = "en";
  const s = { ...STRINGS[lang], travel: TRAVEL_WORDS[lang], store: STORE_WORDS[lang] };
  const game = { ...GAME, names: { us: "", them: "" } };
  const csv = gameCsv(game, RESULT, s, lang, teamNames(game, s), () => "");
  assert.equal(gameFromCsv(csv).data.names, undefined);
  assert.deepEqual(gameFromCsv("a,b\r\n1,2\r\n"), { refused: "notCsv", params: {} });
  const broken = csv.replace("hearts", "trumps of a kind");
  assert.deepEqual(gameFromCsv(broken), { refused: "csvRow", params: { line: 2 } });
  assert.equal(looksLikeCsv('{"version": 1}'), false);
});

test("RFC 4180: quotes, doubled quotes, commas and line breaks inside a field", () => {
  assert.deepEqual(csvRows('a,"b ""c"", d"\r\n"x\ny",z\n'), [
    ["a", 'b "c", d'],
    ["x\ny", "z"],
  ]);
});

test("a shared game asks which team this is: read again from that side, kept as shown, with its table", async () => {
  const book = await openBook();
  await book.travel.openLink("#game=XYZ", 1);
  assert.deepEqual(book.snapshot().side, { weAre: "us", sender: { us: "A", them: "B" } });
  assert.equal(book.changes.at(-1).type, "linkOpened");
  await book.travel.chooseSide("them");
  const side = book.snapshot().side;
  assert.deepEqual(side, { weAre: "them", sender: { us: "A", them: "B" } }, "the buttons keep the sender's names");
  assert.deepEqual(book.changes.at(-1), { type: "sideChosen", weAre: "them" });
  assert.deepEqual(book.viewing.game.names, { us: "B", them: "A" });
  assert.deepEqual(book.viewing.result.totals, { us: 0, them: 20 });
  assert.equal(await book.travel.chooseSide("them"), null, "the side already shown: nothing to read");
  await book.travel.keepShared();
  assert.deepEqual(book.game.names, { us: "B", them: "A" });
  assert.deepEqual(book.game.seats, { us: ["b1", "b2"], them: ["a2", "a1"] });
  assert.equal(book.game.dealer, 0);
  assert.equal(book.snapshot().side, null);
});

test("a game whose deals were undone here, then imported again, is stored with them under its id (issue 31, the model)", async () => {
  const book = await openBook();
  await book.travel.importGame({ version: 1, id: "g-one", names: { us: "X" }, deals: [deal(3, 3)] }, "one.json");
  await book.saver.settled();
  await book.edits.undo();
  await book.saver.settled();
  assert.equal(book.games.get("g-one").deals.length, 0, "its one deal undone: the game is empty, and current");
  await book.travel.importGame({ version: 1, id: "g-one", names: { us: "X" }, deals: [deal(3, 3)] }, "one.json");
  await book.saver.settled();
  assert.equal(book.current, "g-one", "it comes back under its id");
  const stored = await book.store.get(["g-one"]);
  assert.equal(stored.get("g-one")?.deals.length, 1, "and the store has its deal (it kept the empty game before)");
});

test("a file is looked for only among the games of its length: beside 1,000 games it costs what it does beside 10 (issue 32)", async () => {
  const book = await openBook();
  await book.travel.importGame({ version: 1, names: { us: "A" }, deals: [deal(3, 3), deal(1, 1)] }, "a.json");
  const [kept] = book.games.values();
  // Reads of the game here as text (its content key) are counted: toJSON, unseen by the store's copies.
  let read = 0;
  Object.defineProperty(kept.deals[0], "toJSON", {
    enumerable: false,
    value() {
      read += 1;
      return { fake: this.fake };
    },
  });
  await book.travel.importGame({ version: 1, names: { us: "B" }, deals: [deal(5, 5)] }, "b.json");
  await book.travel.importGame({ version: 1, names: { us: "B" }, deals: [deal(5, 5), deal(2, 2), deal(4, 4)] }, "b3.json");
  assert.equal(read, 0, "games of one and three deals are not compared with a game of two");
  assert.equal(book.games.size, 3);
  // One of its length is, and the same game is still found where it is.
  await book.travel.importGame({ version: 1, names: { us: "A" }, deals: [deal(3, 3), deal(1, 1)] }, "a-again.json");
  assert.ok(read > 0);
  assert.equal(book.games.size, 3);
  assert.deepEqual(texts(book), ["alreadyHere a-again.json"]);
});
