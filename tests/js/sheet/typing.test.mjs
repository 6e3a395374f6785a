// Typing a team name, letter by letter, with the statistics open (issue 32): a letter
// changes the name where it shows, and nothing else is built again — the statistics'
// entries (a thousand games' worth on a full device) stay the very same nodes, and the
// focus is never moved. Counted in the DOM, not timed: bench/stranger_page.py times it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { frames, installDom } from "../dom.mjs";
import { mountSheet as mountSheet_ } from "./mount.mjs";

installDom();

/** A sheet rendered as the element renders it: with the game's team names in its words. */
async function mountSheet(lang) {
  const mounted = await mountSheet_({ lang, named: true });
  const focusCalls = () => mounted.form.calls.filter((call) => call === "focus");
  return { ...mounted, focusCalls };
}

test("a typed letter rebuilds no statistics and moves no focus", async () => {
  const { focusCalls, $, $$ } = await mountSheet("bg");
  $("button.record").click();
  await frames(5);
  const stats = $("details.stats");
  stats.open = true;
  stats.dispatchEvent(new window.Event("toggle"));
  await frames(5);
  const entries = $$(".stats-entry");
  assert.equal(entries.length, 2, "a pair per column");
  const focused = focusCalls().length;
  const input = $('input[name="name-us"]');
  for (const typed of ["И", "Ив", "Ива", "Иван"]) {
    input.value = typed;
    input.dispatchEvent(new window.Event("input"));
    await frames(5);
  }
  assert.equal($(".sheet-table thead th.us").textContent.trim(), "Иван", "the name shows where it belongs");
  const after = $$(".stats-entry");
  assert.equal(after.length, entries.length);
  assert.ok(
    after.every((entry, i) => entry === entries[i]),
    "the statistics' entries are the same nodes",
  );
  assert.match(after[0].textContent, /Ние/, "a team without a name is the language's own word, not the name typed now");
  assert.equal(focusCalls().length, focused, "typing never moves the focus");
});
