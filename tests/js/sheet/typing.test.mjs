// Typing a team name, letter by letter, with the statistics open (issue 32): a letter
// changes the name where it shows, and nothing else is built again — the statistics'
// entries (a thousand games' worth on a full device) stay the very same nodes, and the
// focus is never moved. Counted in the DOM, not timed: bench/stranger_page.py times it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { container, frames, installDom } from "../dom.mjs";
import { fakeScorer } from "./fakes.mjs";

installDom();
const { STRINGS } = await import("../../../widget/i18n/strings.js");
const { MemoryStore } = await import("../../../widget/store/memory-store.js");
const { ScoreSheet } = await import("../../../widget/sheet/score-sheet.js");

/** A sheet rendered as the element renders it: with the game's team names in its words. */
async function mountSheet(lang) {
  const calls = [];
  const form = { deal: () => ({ fake: [10, 6] }), save: () => ({}), restore() {}, load() {}, clear() {}, isEmpty: () => false, focus: () => calls.push("focus"), announce() {} };
  const sheet = new ScoreSheet({ storageKey: "k", form, scorer: () => fakeScorer(), target: new EventTarget(), linkBase: () => "https://example.test/calculator/", store: new MemoryStore() });
  const root = container();
  const parts = sheet.parts;
  root.append(parts.note, parts.gameAction, parts.totals, parts.error, ...parts.actions, parts.section);
  const render = () => {
    const names = sheet.names(lang);
    sheet.render(names ? { ...STRINGS[lang], teams: names } : STRINGS[lang], lang, "ready", form.deal(), 3);
  };
  sheet.addEventListener("change", () => queueMicrotask(render));
  render();
  await frames(5);
  return { calls, $: (selector) => root.querySelector(selector), $$: (selector) => [...root.querySelectorAll(selector)] };
}

test("a typed letter rebuilds no statistics and moves no focus", async () => {
  const { calls, $, $$ } = await mountSheet("bg");
  $("button.record").click();
  await frames(5);
  const stats = $("details.stats");
  stats.open = true;
  stats.dispatchEvent(new window.Event("toggle"));
  await frames(5);
  const entries = $$(".stats-entry");
  assert.equal(entries.length, 2, "a pair per column");
  const focused = calls.length;
  const input = $('input[name="name-us"]');
  for (const typed of ["И", "Ив", "Ива", "Иван"]) {
    input.value = typed;
    input.dispatchEvent(new window.Event("input"));
    await frames(5);
  }
  assert.equal($(".sheet-table thead th.us").textContent.trim(), "Иван", "the name shows where it belongs");
  const after = $$(".stats-entry");
  assert.equal(after.length, entries.length);
  assert.ok(after.every((entry, i) => entry === entries[i]), "the statistics' entries are the same nodes");
  assert.match(after[0].textContent, /Ние/, "a team without a name is the language's own word, not the name typed now");
  assert.equal(calls.length, focused, "typing never moves the focus");
});
