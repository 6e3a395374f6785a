// A game's identity on its travels (book/book-travel.js, book/book-backup.js): the same
// game arriving twice — by a link (from either team's side), a JSON file or a backup, in
// any order — leaves one game, brought up to date when the later one has more deals; a
// game that differs from the one here with its id is kept beside it only if the player
// says so; and a game keeps the instant it was played.
import assert from "node:assert/strict";
import { test } from "node:test";

import { BookBackup } from "../../../widget/book/book-backup.js";
import { compareArriving } from "../../../widget/book/book-travel.js";
import { gameFile } from "../../../widget/files/export.js";
import { fakeResult, fakeScorer, openBook } from "./fakes.mjs";

const PLAYED = "2026-05-14T19:00:00.000Z";
const ID = "g-mf3x9k2a-1a2b3c4d";

/** The fake core, whose links carry the whole game (id and date too), read from either side. */
function travellingScorer() {
  const scorer = fakeScorer();
  const turn = (game) => ({
    ...game,
    names: { us: game.names?.them ?? "", them: game.names?.us ?? "" },
    deals: game.deals.map((deal) => (deal.fake ? { fake: [...deal.fake].reverse() } : deal)),
  });
  // As the core: only the contract's game has a link (a stored record is refused; issue 31, the model).
  const record = (data) => data?.version == null || "created" in data || "updated" in data;
  const refused = { ok: false, errors: [{ code: "unknown_field", message: { bg: "непознато поле", en: "unknown field" } }] };
  scorer.gameLink = async (data) => (record(data) ? refused : { ok: true, result: { link: `#game=${encodeURIComponent(JSON.stringify(data))}` } });
  scorer.readGameLink = async ({ link, we_are: weAre }) => {
    const sent = JSON.parse(decodeURIComponent(link.slice("#game=".length)));
    const game = weAre === "them" ? turn(sent) : sent;
    return { ok: true, result: { game, score: fakeResult(game.deals) } };
  };
  return scorer;
}

/** The sender's game after `count` deals: what travels. */
function sent(count) {
  const deals = Array.from({ length: count }, (_, i) => ({ fake: [10 + i, i % 3] }));
  return { id: ID, created: PLAYED, updated: PLAYED, names: { us: "Иван и Петър", them: "Мария и Ана" }, rules: {}, deals };
}

/** Each way a game arrives at a book: `{game}` the sender's stored game. */
const ROUTES = {
  async linkUs(book, game) {
    const { result } = await book.core.gameLink(gameFile(game));
    await book.travel.openLink(result.link, 1);
    await book.travel.keepShared();
  },
  async linkThem(book, game) {
    const { result } = await book.core.gameLink(gameFile(game));
    await book.travel.openLink(result.link, 1, { weAre: "them" });
    await book.travel.keepShared();
  },
  async json(book, game) {
    await book.travel.importGame(JSON.parse(JSON.stringify(gameFile(game))), "game.json");
  },
  async backup(book, game) {
    await new BookBackup(book).restore({ belot_backup: 1, saved: PLAYED, games: [structuredClone(game)] }, "backup.json");
  },
};

const played = (book) => [...book.games.values()].filter((game) => game.deals.length);

for (const [first, arrive] of Object.entries(ROUTES)) {
  for (const [second, again] of Object.entries(ROUTES)) {
    test(`the same game by ${first}, then by ${second} (with more deals or not): one game, up to date, its date kept`, async () => {
      for (const [before, after] of [
        [3, 3],
        [3, 5],
        [5, 3],
      ]) {
        const book = await openBook({ scorer: travellingScorer() });
        let asked = 0;
        book.travel.ask = async () => (asked++, true);
        await arrive(book, sent(before));
        await again(book, sent(after));
        const games = played(book);
        assert.equal(games.length, 1, `${first} ${before} → ${second} ${after}: ${games.map((game) => game.id)}`);
        assert.equal(games[0].deals.length, Math.max(before, after), "brought up to date");
        assert.equal(games[0].created, PLAYED, "the day it was played, not the day it arrived");
        assert.equal(asked, 0, "nothing to ask: it is the same game");
        // The columns stay as this device first kept them.
        const turned = first === "linkThem";
        assert.deepEqual(book.results.get(games[0].id).rows[0].record, turned ? { us: 0, them: 10 } : { us: 10, them: 0 });
      }
    });
  }
}

test("a game that differs from the one here with its id is kept beside it only if the player says so", async () => {
  for (const answer of [false, true]) {
    const book = await openBook({ scorer: travellingScorer() });
    const questions = [];
    book.travel.ask = async (question) => (questions.push(question), answer);
    await ROUTES.json(book, sent(3));
    const other = { ...sent(3), deals: [{ fake: [1, 1] }, { fake: [2, 2] }] };
    await ROUTES.linkUs(book, other);
    assert.equal(questions.length, 1);
    assert.equal(questions[0].key, "keepBoth");
    assert.equal(questions[0].params.date, PLAYED);
    assert.deepEqual([questions[0].params.here.deals, questions[0].params.arriving.deals], [3, 2], "both games named");
    assert.equal(played(book).length, answer ? 2 : 1);
    assert.equal(book.game.deals.length, answer ? 2 : 3, "the kept copy, or the game that was here, is open");
  }
});

test("a game arriving keeps its own id and lists as the one game played", async () => {
  const book = await openBook({ scorer: travellingScorer() });
  assert.equal(played(book).length, 0);
  await ROUTES.json(book, sent(2));
  assert.equal(book.game.id, ID);
});

test("compareArriving: the same, more deals, from either side, or different", () => {
  const rows = (...records) => fakeResult(records.map((fake) => ({ fake })));
  const here = rows([10, 0], [0, 5]);
  assert.deepEqual(compareArriving(rows([10, 0]), here), { place: "same", turned: false });
  assert.deepEqual(compareArriving(rows([10, 0], [0, 5], [3, 3]), here), { place: "update", turned: false });
  assert.deepEqual(compareArriving(rows([0, 10], [5, 0]), here), { place: "same", turned: true });
  assert.deepEqual(compareArriving(rows([0, 10], [5, 0], [1, 2]), here), { place: "update", turned: true });
  assert.deepEqual(compareArriving(rows([9, 0]), here), { place: "differs", turned: false });
});

/** A seeded random game as the calculator keeps one: names, players, dealer, match, note, rules, deals. */
function randomGame(seed) {
  let state = seed * 7919 + 17;
  const next = (n) => ((state = (state * 1103515245 + 12345) % 2147483648), state % n);
  const deals = Array.from({ length: 1 + next(20) }, () => (next(6) === 0 ? { passed: true } : { fake: [next(40), next(40)] }));
  const game = {
    id: `g-${(1_700_000_000_000 + next(1e9)).toString(36)}-${next(0xffffffff).toString(16).padStart(8, "0")}`,
    created: new Date(1_700_000_000_000 + next(1e9) * 1000).toISOString(),
    updated: PLAYED,
    names: next(2) ? { us: "Иван и Петър", them: "Мария и Ана" } : { us: "", them: "" },
    rules: next(2) ? { capot_cancels_contra: true } : {},
    deals,
  };
  if (next(2)) Object.assign(game, { seats: { us: ["Иван", "Петър"], them: ["Мария", "Ана"] }, dealer: next(4) });
  if (next(2)) game.match = { id: `m-${seed}`, to: 1 + next(4) };
  if (next(2)) game.note = "контра, вътре, +8 висящи";
  return game;
}

const KEPT = ["id", "created", "names", "rules", "seats", "dealer", "match", "note", "deals"];
const kept = (game) => Object.fromEntries(KEPT.filter((key) => game[key] !== undefined).map((key) => [key, game[key]]));

test("every game exported as JSON or CSV imports back as the same game, its id and date included", async () => {
  const { gameCsv } = await import("../../../widget/files/export.js");
  const { gameFromCsv } = await import("../../../widget/files/csv-import.js");
  const { STRINGS } = await import("../../../widget/i18n/strings.js");
  const { TRAVEL_WORDS } = await import("../../../widget/i18n/travel-strings.js");
  for (let seed = 1; seed <= 40; seed++) {
    const game = randomGame(seed);
    for (const kind of ["json", "csv-bg", "csv-en"]) {
      const book = await openBook({ scorer: travellingScorer() });
      if (kind === "json") await book.travel.importGame(JSON.parse(JSON.stringify(gameFile(game))), "g.json");
      else {
        const lang = kind.slice(4);
        const s = { ...STRINGS[lang], travel: TRAVEL_WORDS[lang] };
        const { result } = await book.core.gameLink(gameFile(game));
        const text = gameCsv(game, fakeResult(game.deals), s, lang, { us: "A", them: "B" }, () => "", result.link);
        const read = gameFromCsv(`\ufeff${text}`);
        assert.ok(read.link, JSON.stringify(read));
        await book.travel.importGame(null, "g.csv", { totals: read.totals, link: read.link });
      }
      assert.deepEqual(kept(book.game), kept(game), `${kind}, seed ${seed}`);
    }
  }
});
