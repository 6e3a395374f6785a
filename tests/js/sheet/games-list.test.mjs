// widget/sheet/games-list.js: a tap costs the same with a thousand games as with ten
// (issue 32 point 2: after restoring 999 games every tap rebuilt the whole list and
// re-stringified every game, 3.4-4.0 s at 4× CPU). The newest page is listed, older ones
// behind a button; a game's line is kept while nothing it shows changed.
import assert from "node:assert/strict";
import { test } from "node:test";

import { container, installDom } from "../dom.mjs";

installDom();
const { STRINGS } = await import("../../../widget/i18n/strings.js");
const { GamesList, PAGE } = await import("../../../widget/sheet/games-list.js");

const s = { ...STRINGS.en, travel: (await import("../../../widget/i18n/travel-strings.js")).TRAVEL_WORDS.en };
const RESULT = { totals: { us: 10, them: 6 }, winner: null };

function book(count) {
  return Array.from({ length: count }, (_, i) => ({
    game: { id: `g-${i}`, created: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), names: { us: `Us ${i}`, them: "" }, deals: [{}] },
    result: RESULT,
    current: i === count - 1,
  }));
}

function mount() {
  const list = new GamesList({ open() {}, remove() {}, undo() {}, import() {} });
  container().append(list.element);
  return list;
}

test("a thousand games: the newest page is listed, each older page behind a button", () => {
  const list = mount();
  const entries = book(1_000);
  list.render(s, "en", entries);
  const items = () => [...list.ui.list.querySelectorAll("li")];
  assert.equal(list.ui.summary.textContent, "Games on this device (1,000)");
  assert.equal(items().length, PAGE);
  assert.equal(items()[0].dataset.game, "g-999", "newest first");
  assert.equal(list.ui.more.hidden, false);
  assert.equal(list.ui.more.textContent, `Show ${PAGE} older`);
  list.ui.more.click();
  assert.equal(items().length, 2 * PAGE);
  assert.equal(items().at(-1).dataset.game, `g-${1_000 - 2 * PAGE}`);
});

test("a change rebuilds the line of the game it changed, and no other", () => {
  const list = mount();
  const entries = book(1_000);
  list.render(s, "en", entries);
  const before = [...list.ui.list.children];
  // The current game got a deal: the book replaced its record and its result.
  const changed = { ...entries.at(-1), game: { ...entries.at(-1).game, deals: [{}, {}] }, result: { totals: { us: 20, them: 6 }, winner: null } };
  list.render(s, "en", [...entries.slice(0, -1), changed]);
  const after = [...list.ui.list.children];
  assert.notEqual(after[0], before[0]);
  assert.match(after[0].textContent, /20 : 6/);
  assert.deepEqual(after.slice(1), before.slice(1), "the other lines are the very same elements");
  // Nothing changed: nothing is rebuilt or moved.
  list.render(s, "en", [...entries.slice(0, -1), changed]);
  assert.deepEqual([...list.ui.list.children], after);
});

test("a new language, or busy, makes new lines", () => {
  const list = mount();
  const entries = book(3);
  list.render(s, "en", entries);
  const first = list.ui.list.children[0];
  list.render(s, "en", entries, { busy: true });
  assert.notEqual(list.ui.list.children[0], first);
  assert.equal(list.ui.list.children[0].querySelector("button.delete-game").disabled, true);
});

test("a game nobody has played or named is neither listed nor counted (issue 30)", () => {
  const list = mount();
  const fresh = {
    game: { id: "g-new", created: "2026-01-02T20:00:00.000Z", names: { us: "", them: "" }, deals: [] },
    result: { totals: { us: 0, them: 0 }, winner: null },
    current: true,
  };
  list.render(s, "en", [fresh]);
  assert.equal(list.ui.summary.textContent, "Games on this device (0)");
  assert.equal(list.ui.list.children.length, 0);
  const named = { ...fresh, game: { ...fresh.game, names: { us: "Ann", them: "" } } };
  list.render(s, "en", [named]);
  assert.equal(list.ui.summary.textContent, "Games on this device (1)", "a name typed: listed");
  const seated = { ...fresh, game: { ...fresh.game, seats: { us: ["", "Ivo"], them: ["", ""] } } };
  list.render(s, "en", [seated]);
  assert.equal(list.ui.list.children.length, 1, "a player named: listed");
  const played = { ...fresh, game: { ...fresh.game, deals: [{}] } };
  list.render(s, "en", [...book(2), played]);
  assert.equal(list.ui.summary.textContent, "Games on this device (3)", "a deal: listed");
});
