// widget/book/effects.js: the focus and the announcement that follow each change, in one place.
import assert from "node:assert/strict";
import { test } from "node:test";

import { effectsOf } from "../../../widget/book/effects.js";

test("a recorded deal: the form's first field, and the row said with the totals", () => {
  assert.deepEqual(effectsOf({ type: "recorded", n: 4 }), { focus: { to: "form" }, announce: { words: "sheet", key: "recorded", params: { row: 4 } } });
  assert.deepEqual(effectsOf({ type: "recordedPassed", n: 5 }).announce, { words: "sheet", key: "recordedPassed", params: { row: 5 } });
});

test("editing: a played deal to the form, a passed one to its Delete; after it, back to its row", () => {
  assert.deepEqual(effectsOf({ type: "editing", index: 2, passed: false }), { focus: { to: "form" } });
  assert.deepEqual(effectsOf({ type: "editing", index: 2, passed: true }), { focus: { to: "deleteDeal" } });
  // Saved or left at the form: the player stays at the form (the bar marks the row).
  for (const type of ["edited", "editCancelled"]) assert.deepEqual(effectsOf({ type, index: 1 }), { focus: { to: "form" } }, type);
  assert.deepEqual(effectsOf({ type: "dealDeleted", index: 1 }), { focus: { to: "row", index: 1 } });
});

test("games: undo, new, opened, removed and restored", () => {
  assert.deepEqual(effectsOf({ type: "undone" }), { focus: { to: "undo" }, announce: { words: "sheet", key: "undone", params: {} } });
  // The bar's Undo, pressed at the form: the deal comes back there, and so does the focus.
  assert.deepEqual(effectsOf({ type: "undone" }, { fromBar: true }).focus, { to: "form" });
  assert.equal(effectsOf({ type: "newGame" }).focus.to, "form");
  assert.deepEqual(effectsOf({ type: "gameOpened", id: "g" }), { focus: { to: "table" } });
  assert.deepEqual(effectsOf({ type: "gameRemoved", created: "c" }), {
    focus: { to: "gamesUndo" },
    announce: { words: "travel", key: "deleted", params: { date: "c" } },
  });
  assert.deepEqual(effectsOf({ type: "gameRestored", id: "g", created: "c" }).focus, { to: "game", id: "g" });
});

test("a deleted game's Undo that times out hands the focus on only if it had it", () => {
  assert.deepEqual(effectsOf({ type: "undoExpired" }), {});
  assert.deepEqual(effectsOf({ type: "undoExpired" }, { undoFocused: true }), { focus: { to: "gamesUndo" } });
});

test("games that travel: files and links", () => {
  assert.equal(effectsOf({ type: "imported", file: "g.json" }).announce.params.file, "g.json");
  assert.deepEqual(effectsOf({ type: "fileRefused" }), { focus: { to: "notices" } });
  assert.deepEqual(effectsOf({ type: "linkRefused" }), { focus: { to: "notices" } });
  assert.deepEqual(effectsOf({ type: "linkOpened" }).focus, { to: "sharedTitle", preventScroll: true });
  assert.equal(effectsOf({ type: "kept" }).focus.to, "form");
  assert.equal(effectsOf({ type: "sharedClosed" }).focus.to, "table");
});

test("changes the player did not make move nothing and say nothing", () => {
  for (const type of ["opened", "busy", "refused", "followed", "saving", "named", "rulesChanged", "fixing", "noticesDismissed"]) {
    assert.deepEqual(effectsOf({ type }), {}, type);
  }
});

test("a deal that ends the game sends the focus to New game (the form is closed); a dealer chosen, to the form", () => {
  assert.deepEqual(effectsOf({ type: "recorded", n: 9 }, { finished: true }).focus, { to: "newGame" });
  assert.deepEqual(effectsOf({ type: "recordedPassed", n: 9 }, { finished: false }).focus, { to: "form" });
  assert.deepEqual(effectsOf({ type: "dealerChosen", seat: 2 }), { focus: { to: "form" }, announce: { words: "seats", key: "dealerChosen", params: {} } });
});
