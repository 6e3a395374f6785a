// widget/book/records.js: the stored games, parsed defensively; nothing readable is dropped.
import assert from "node:assert/strict";
import { test } from "node:test";

import { MAX_NAME_LENGTH } from "../../../widget/core-tables.js";
import { emptyStore, newGame, parseStore, readRecords, STORE_VERSION } from "../../../widget/book/records.js";
import { STORE_WORDS } from "../../../widget/i18n/store-strings.js";

const GAME = {
  id: "g-1",
  created: "2025-05-14T18:30:00.000Z",
  updated: "2025-05-14T19:00:00.000Z",
  names: { us: "Ann", them: "" },
  deals: [{ contract: "hearts", bidder: "us" }, { passed: true }],
};
const stored = (value) => JSON.stringify(value);

test("nothing stored: a fresh store, no problem", () => {
  for (const text of [null, undefined, ""]) {
    assert.deepEqual(parseStore(text), { data: emptyStore(), problem: null, cut: [] });
  }
  assert.deepEqual(emptyStore(), { version: STORE_VERSION, current: null, games: [] });
});

test("a valid store reads back as it was", () => {
  const { data, problem } = parseStore(stored({ version: STORE_VERSION, current: "g-1", games: [GAME] }));
  assert.equal(problem, null);
  assert.deepEqual(data, { version: STORE_VERSION, current: "g-1", games: [GAME] });
});

test("text that is not a store is unreadable", () => {
  for (const text of ["{not json", "[]", "42", '"text"', stored({ version: STORE_VERSION, games: {} })]) {
    const { data, problem } = parseStore(text);
    assert.deepEqual(problem, { code: "unreadable" }, text);
    assert.deepEqual(data, emptyStore());
  }
});

test("an unknown version is never read, only reported", () => {
  assert.deepEqual(parseStore(stored({ version: 2, games: [GAME] })).problem, { code: "unknown_version", version: "2" });
  assert.deepEqual(parseStore(stored({ games: [] })).problem, { code: "unknown_version", version: "?" });
});

test("damaged games and repeated ids go aside; the readable ones stay", () => {
  const bad = [
    null,
    { ...GAME, id: "" },
    { ...GAME, id: "g-2", deals: "none" },
    { ...GAME, id: "g-3", deals: [1] },
    { ...GAME }, // g-1 again
  ];
  const { data, problem } = parseStore(stored({ version: STORE_VERSION, current: "g-2", games: [GAME, ...bad] }));
  assert.deepEqual(data.games, [GAME]);
  assert.equal(data.current, null, "current names a game that was not kept");
  assert.deepEqual(problem, { code: "bad_games", games: JSON.parse(stored(bad)) });
});

test("names and dates are made whole", () => {
  const game = { id: "g-9", deals: [], names: { us: 5, them: "Ivo" }, created: "not a date", updated: "2025-01-01T00:00:00.000Z" };
  const { data } = parseStore(stored({ version: STORE_VERSION, current: "g-9", games: [game, { id: "g-8", deals: [] }] }));
  assert.deepEqual(data.games[0], { ...game, names: { us: "", them: "Ivo" }, created: game.updated });
  assert.deepEqual(data.games[1].names, { us: "", them: "" });
  assert.equal(data.games[1].created, new Date(0).toISOString());
  assert.equal(data.current, "g-9");
});

test("fields this version does not know are kept, and written back as they were", async () => {
  const game = { ...GAME, notes: "table 3", names: { ...GAME.names, colour: "red" }, future: { a: [1, 2] } };
  const text = stored({ version: STORE_VERSION, current: "g-1", games: [game], device: "phone" });
  const { data, problem } = parseStore(text);
  assert.equal(problem, null);
  assert.deepEqual(data, { version: STORE_VERSION, current: "g-1", games: [game], device: "phone" });
  // A record read, changed by the book (a new deal), and saved keeps what it does not know.
  const { MemoryStore } = await import("../../../widget/store/memory-store.js");
  const store = new MemoryStore();
  const [read] = readRecords([game]).games;
  const saved = await store.put({ ...read, deals: [...read.deals, { passed: true }] }, null);
  const written = (await store.get(["g-1"])).get("g-1");
  assert.equal(written.rev, saved.rev);
  assert.deepEqual(written.future, { a: [1, 2] });
  assert.equal(written.notes, "table 3");
  assert.equal(written.names.colour, "red");
});

test("a team name longer than the core allows is cut when read; the game as stored is handed back to keep aside", () => {
  const long = "Я".repeat(100_000);
  const emoji = "🂡".repeat(MAX_NAME_LENGTH + 1); // two UTF-16 units each: counted as characters
  const game = { ...GAME, id: "g-2", names: { us: long, them: emoji } };
  const { data, problem, cut } = parseStore(stored({ version: STORE_VERSION, games: [GAME, game] }));
  assert.equal(problem, null);
  assert.deepEqual(data.games[1].names, { us: "Я".repeat(MAX_NAME_LENGTH), them: "🂡".repeat(MAX_NAME_LENGTH) });
  assert.deepEqual(cut, [game]);
  const fits = { ...GAME, names: { us: "Я".repeat(MAX_NAME_LENGTH), them: "🂡".repeat(MAX_NAME_LENGTH) } };
  assert.deepEqual(parseStore(stored({ version: STORE_VERSION, games: [fits] })), {
    data: { version: STORE_VERSION, current: null, games: [fits] },
    problem: null,
    cut: [],
  });
});

test("a new game is empty, with its names as strings", () => {
  const now = new Date("2025-05-14T18:30:00Z");
  const game = newGame({ us: "Ann", them: undefined }, now);
  assert.match(game.id, /^g-[0-9a-z]+-[0-9a-z]{1,8}$/);
  assert.deepEqual(
    { ...game, id: "" },
    { id: "", created: now.toISOString(), updated: now.toISOString(), names: { us: "Ann", them: "" }, rules: {}, deals: [] },
  );
  assert.notEqual(newGame(undefined, now).id, game.id);
});

test("a new game takes the house rules it is given (a copy)", () => {
  const rules = { round_before_multiply: true };
  const game = newGame(undefined, new Date(), rules);
  assert.deepEqual(game.rules, { round_before_multiply: true });
  rules.capot_cancels_contra = true;
  assert.deepEqual(game.rules, { round_before_multiply: true });
});

test("house rules are kept with the game and its deals; a game saved before them has none", () => {
  const ruled = {
    ...GAME,
    id: "g-2",
    rules: { capot_cancels_contra: true },
    deals: [{ contract: "hearts", bidder: "us", rules: {} }, { passed: true }, { contract: "clubs", bidder: "them" }],
  };
  const { data, problem } = parseStore(stored({ version: STORE_VERSION, current: "g-2", games: [GAME, ruled] }));
  assert.equal(problem, null);
  assert.deepEqual(data.games, [GAME, ruled]);
  assert.equal("rules" in data.games[0], false, "an old game gets no rules field: it plays the rule book");
  // Whatever the ids, the core checks them when the game is loaded; a null is no rules.
  const unknown = { ...GAME, id: "g-3", rules: { round_after: true } };
  assert.deepEqual(parseStore(stored({ version: STORE_VERSION, games: [unknown] })).data.games, [unknown]);
  const nulled = parseStore(stored({ version: STORE_VERSION, games: [{ ...GAME, rules: null }] })).data.games;
  assert.deepEqual(nulled, [GAME]);
});

test("rules that are not an object are damage: that game goes aside", () => {
  for (const rules of ["round_before_multiply", ["round_before_multiply"], 1, true]) {
    const bad = { ...GAME, id: "g-4", rules };
    const { data, problem } = parseStore(stored({ version: STORE_VERSION, games: [GAME, bad] }));
    assert.deepEqual(data.games, [GAME], JSON.stringify(rules));
    assert.deepEqual(problem, { code: "bad_games", games: [bad] });
  }
});

test("what the sheet says about saving is said in both languages, with the same placeholders", () => {
  const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
  assert.deepEqual(Object.keys(STORE_WORDS.bg), Object.keys(STORE_WORDS.en));
  for (const [key, text] of Object.entries(STORE_WORDS.bg)) {
    assert.ok(text && STORE_WORDS.en[key], key);
    assert.deepEqual(placeholders(text), placeholders(STORE_WORDS.en[key]), key);
  }
  assert.match(STORE_WORDS.bg.blocked, /^Играта не може да се запази на това устройство: /);
});
