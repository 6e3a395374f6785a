// widget/sheet/store.js: the stored games, parsed defensively; nothing readable is dropped.
import assert from "node:assert/strict";
import { test } from "node:test";

import { MAX_NAME_LENGTH } from "../../widget/core-tables.js";
import { copyGame, emptyStore, mergeStores, newGame, parseStore, SheetStorage, STORE_VERSION } from "../../widget/sheet/store.js";
import { STORE_WORDS } from "../../widget/i18n/store-strings.js";

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

test("fields this version does not know are kept, and written back as they were", () => {
  const game = { ...GAME, notes: "table 3", names: { ...GAME.names, colour: "red" }, future: { a: [1, 2] } };
  const text = stored({ version: STORE_VERSION, current: "g-1", games: [game], device: "phone" });
  const { data, problem } = parseStore(text);
  assert.equal(problem, null);
  assert.deepEqual(data, { version: STORE_VERSION, current: "g-1", games: [game], device: "phone" });
  const device = memoryStorage();
  const storage = new SheetStorage("calc", device);
  storage.read();
  data.games[0].deals = [...data.games[0].deals, { passed: true }]; // a change, then the write
  assert.ok(storage.write(data));
  const written = JSON.parse(device.getItem("calc"));
  assert.equal(written.device, "phone");
  assert.deepEqual(written.games[0].future, { a: [1, 2] });
  assert.equal(written.games[0].notes, "table 3");
  assert.equal(written.games[0].names.colour, "red");
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

/** A localStorage stand-in; `full` makes every write throw, as a full device does. */
function memoryStorage() {
  const items = new Map();
  return {
    items,
    full: false,
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem(key, value) {
      if (this.full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      items.set(key, String(value));
    },
  };
}

test("storage: read, write, and copies aside under new keys", () => {
  const device = memoryStorage();
  const storage = new SheetStorage("calc", device);
  assert.equal(storage.read(), null);
  assert.ok(storage.write(emptyStore()));
  assert.deepEqual(JSON.parse(storage.read()), emptyStore());
  const now = new Date("2025-05-14T18:30:00Z");
  assert.equal(storage.keepAside("old", now), "calc.aside.2025-05-14T18:30:00.000Z");
  assert.equal(storage.keepAside("older", now), "calc.aside.2025-05-14T18:30:00.000Z-2");
  assert.equal(device.getItem("calc.aside.2025-05-14T18:30:00.000Z"), "old");
});

test("storage: nothing is ever overwritten after a failed copy aside", () => {
  const device = memoryStorage();
  device.setItem("calc", "{unreadable");
  const storage = new SheetStorage("calc", device);
  storage.read();
  device.full = true;
  assert.equal(storage.keepAside("{unreadable"), null);
  assert.equal(storage.writable, false);
  device.full = false;
  assert.equal(storage.write(emptyStore()), false);
  assert.equal(storage.problem, "locked");
  assert.equal(device.getItem("calc"), "{unreadable");
});

test("storage: a write the full device refused is tried again on the next change", () => {
  const device = memoryStorage();
  const storage = new SheetStorage("calc", device);
  storage.read();
  const data = { version: STORE_VERSION, current: "g-1", games: [GAME] };
  device.full = true;
  assert.equal(storage.write(data), false);
  const problem = storage.problem;
  assert.equal(device.getItem("calc"), null);
  device.full = false; // space was freed
  const more = { ...data, games: [{ ...GAME, deals: [...GAME.deals, { passed: true }] }] };
  assert.equal(storage.write(more), true, "a full device is no reason to stop trying");
  assert.deepEqual(JSON.parse(device.getItem("calc")), more);
  assert.equal(problem, "full");
  assert.equal(storage.problem, null);
});

test("storage: a save made by another tab since is never overwritten", () => {
  const device = memoryStorage();
  const mine = new SheetStorage("calc", device);
  const other = new SheetStorage("calc", device); // the same game in another tab
  mine.read();
  other.read();
  const theirs = { version: STORE_VERSION, current: "g-1", games: [{ ...GAME, deals: [{ passed: true }] }] };
  assert.equal(other.write(theirs), true);
  assert.equal(mine.write({ version: STORE_VERSION, current: "g-1", games: [GAME] }), false);
  assert.equal(device.getItem("calc"), stored(theirs), "their deals are still there");
  assert.equal(mine.problem, "newer");
  assert.equal(mine.changed(), stored(theirs));
  // Once this tab has joined their save (mergeStores), it writes again.
  mine.follow(mine.changed());
  assert.equal(mine.changed(), undefined);
  assert.equal(mine.write(theirs), true);
  assert.equal(other.changed(), undefined, "the same text: nothing new for them");
});

test("storage: without a device (no localStorage) it works in memory only", () => {
  const storage = new SheetStorage("calc", null);
  assert.equal(storage.available, false);
  assert.equal(storage.writable, false);
  assert.equal(storage.read(), null);
  assert.equal(storage.changed(), undefined);
  assert.equal(storage.keepAside("x"), null);
  assert.equal(storage.write(emptyStore()), false);
  assert.equal(storage.problem, "unavailable");
  assert.throws(() => new SheetStorage("", null), TypeError);
});

test("storage: site data blocked where every access throws a SecurityError: memory only", () => {
  const refuse = () => {
    throw new DOMException("Access is denied for this document.", "SecurityError");
  };
  const storage = new SheetStorage("calc", { getItem: refuse, setItem: refuse });
  assert.equal(storage.read(), null);
  assert.equal(storage.available, false);
  assert.equal(storage.write(emptyStore()), false);
  assert.equal(storage.problem, "unavailable");
});

// --- two tabs: mergeStores -----------------------------------------------------------

const deal = (points) => ({ contract: "hearts", bidder: "us", cards: { team: "us", points } });
const game = (id, deals, extra = {}) => ({ ...GAME, id, deals, ...extra });
const store = (games, current = games[0]?.id ?? null) => ({ version: STORE_VERSION, current, games });

test("merge: a game changed in one tab only takes that tab's deals", () => {
  const base = store([game("a", [deal(81)]), game("b", [deal(90)])]);
  const ours = store([game("a", [deal(81), deal(82)]), game("b", [deal(90)])]);
  const theirs = store([game("a", [deal(81)]), game("b", [deal(90), deal(91)])], "b");
  const { data, taken, conflicts, deleted, ahead } = mergeStores(base, ours, theirs);
  assert.deepEqual(data, store([game("a", [deal(81), deal(82)]), game("b", [deal(90), deal(91)])], "a"));
  assert.deepEqual(taken, ["b"]);
  assert.deepEqual(conflicts, []);
  assert.deepEqual(deleted, []);
  assert.equal(ahead, true, "our deal 82 is not in their save yet");
  // Nothing changed here: the join is their save, nothing to write.
  const followed = mergeStores(base, base, theirs);
  assert.deepEqual(followed.data.games, theirs.games);
  assert.equal(followed.ahead, false);
});

test("merge: a newer save is never overwritten; this tab's version of the same game comes back as a conflict", () => {
  const base = store([game("a", [deal(81)])]);
  const ours = store([game("a", [deal(81), deal(82)], { updated: "2025-05-14T19:05:00.000Z" })]);
  const theirs = store([game("a", [deal(81), deal(100)], { updated: "2025-05-14T19:04:00.000Z" })]);
  const { data, taken, conflicts } = mergeStores(base, ours, theirs);
  assert.deepEqual(data.games, theirs.games, "their save stays as it was, whatever the clocks say");
  assert.deepEqual(taken, ["a"]);
  assert.deepEqual(conflicts, ours.games);
  const copy = copyGame(conflicts[0], new Date("2025-05-14T19:06:00Z"));
  assert.notEqual(copy.id, "a");
  assert.deepEqual({ ...copy, id: "a", updated: "" }, { ...ours.games[0], updated: "" });
  assert.equal(copy.updated, "2025-05-14T19:06:00.000Z");
});

test("merge: new games of both tabs are kept; each tab keeps its own current game", () => {
  const base = store([game("a", [deal(81)])]);
  const ours = store([game("a", [deal(81)]), game("mine", [])], "mine");
  const theirs = store([game("a", [deal(81)]), game("theirs", [deal(70)])], "theirs");
  const { data, taken } = mergeStores(base, ours, theirs);
  assert.deepEqual(data.games.map((g) => g.id), ["a", "theirs", "mine"]);
  assert.equal(data.current, "mine");
  assert.deepEqual(taken, ["theirs"]);
});

test("merge: a deletion is followed unless the other side changed the game since", () => {
  const base = store([game("a", [deal(81)]), game("b", [deal(90)]), game("c", [deal(60)])]);
  // They deleted a and b; we recorded a deal in b. We deleted c; they recorded one in it.
  const ours = store([game("a", [deal(81)]), game("b", [deal(90), deal(91)])]);
  const theirs = store([game("c", [deal(60), deal(61)])], "c");
  const { data, taken, deleted } = mergeStores(base, ours, theirs);
  assert.deepEqual(data.games, [game("c", [deal(60), deal(61)]), game("b", [deal(90), deal(91)])]);
  assert.equal(data.current, null, "our current game a was deleted there");
  assert.deepEqual(taken, ["c"]);
  assert.deepEqual(deleted, [game("a", [deal(81)])]);
});

test("merge: the same game in another order of fields is the same game; unknown fields of theirs are kept", () => {
  const a = game("a", [deal(81)]);
  const reordered = Object.fromEntries(Object.entries(a).reverse());
  const base = store([a]);
  const { data, taken, conflicts, ahead } = mergeStores(base, store([a]), { ...store([reordered]), device: "tablet" });
  assert.deepEqual(taken, []);
  assert.deepEqual(conflicts, []);
  assert.equal(ahead, false);
  assert.equal(data.games[0], a);
  assert.equal(data.device, "tablet");
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
