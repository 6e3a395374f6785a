// widget/sheet/score-sheet.js in Node: the whole sheet — game book, memory store, views —
// on a DOM (linkedom), with a fake scorer and a fake form. A whole game is recorded,
// edited, undone and restarted through the sheet's own buttons, and what the view shows
// is read back from its DOM; the browser tests only check that a real page shows it too.
import assert from "node:assert/strict";
import { test } from "node:test";

import { frames, installDom } from "../dom.mjs";
import { mountSheet, press } from "./mount.mjs";

installDom();
const { STRINGS } = await import("../../../widget/i18n/strings.js");
const { MemoryStore } = await import("../../../widget/store/memory-store.js");

const settle = () => frames(5);

const text = (element) => element.textContent.replace(/\s+/g, " ").trim();

test("a deal recorded: its row, the totals, the form cleared and focused, the row said", async () => {
  const { form, $, $$, events } = await mountSheet();
  assert.equal(text($(".sheet-empty")), STRINGS.bg.sheet.empty);
  await press($("button.record"));
  assert.equal($$(".sheet-table tbody tr").length, 1);
  assert.equal(text($(".sheet-table tfoot td.us")), "10");
  assert.equal(text($(".bar-totals")), "Общо Ние 10 : 6 Вие");
  assert.ok(form.calls.includes("clear"));
  assert.ok(form.calls.includes("focus"), "the focus goes back to the form");
  assert.deepEqual(form.said, ["Раздаване 1 е записано: Ние 10, Вие 6. Общо 10 : 6."]);
  assert.equal(events.length, 1, "the element's event for a changed game");
  assert.equal(events[0].game.deals.length, 1);
  assert.equal($(".sheet-empty").hidden, true);
});

test("nothing in the form: Record is off; all passed is one press", async () => {
  const { form, $, $$ } = await mountSheet({ lang: "en" });
  form.next = null;
  await press($("button.passed"));
  assert.equal($("button.record").disabled, true);
  assert.equal(text($$(".sheet-table tbody tr")[0].querySelector(".note")), STRINGS.en.sheet.rowPassed);
});

test("a row opens its deal in the form; Save changes puts the form back", async () => {
  const { form, $, $$ } = await mountSheet({ lang: "en" });
  await press($("button.record"));
  form.next = { fake: [20, 0] };
  await press($("button.record"));
  form.calls.length = 0;
  await press($$(".sheet-table tbody tr")[0].querySelector("button"));
  assert.deepEqual(form.calls.slice(0, 2), ["save", ["load", { fake: [10, 6] }]]);
  assert.match(text($(".action-hint")), /Editing deal 1/);
  assert.equal($("button.record").hidden, true);
  assert.equal($("button.save").hidden, false);
  form.next = { fake: [1, 1] };
  await press($("button.save"));
  assert.deepEqual(
    form.calls.find((call) => call[0] === "restore"),
    ["restore", { saved: true }],
  );
  assert.equal(text($(".sheet-table tfoot td.us")), "21");
  assert.equal($(".editing-note").hidden, true);
});

test("undo takes the last deal back; new game asks first, next to what asked", async () => {
  const { form, $, $$, target } = await mountSheet({ lang: "en" });
  await press($("button.record"));
  await press($("button.record"));
  await press($("button.undo"));
  assert.equal($$(".sheet-table tbody tr").length, 1);
  assert.equal(form.said.at(-1), "The last deal was undone. Totals 10 : 6.");
  await press($(".sheet-toolbar button.new-game"));
  const question = $(".confirm");
  assert.equal(question.hidden, false);
  assert.equal(question.previousElementSibling, $(".sheet-toolbar"));
  let refuse = true;
  target.addEventListener("belot-calculator-before-new-game", (event) => refuse && event.preventDefault());
  await press($(".confirm button.confirm-yes"));
  assert.equal($$(".sheet-table tbody tr").length, 1, "a 'before' event may refuse it");
  refuse = false;
  await press($(".sheet-toolbar button.new-game"));
  await press($(".confirm button.confirm-yes"));
  assert.equal($$(".sheet-table tbody tr").length, 0);
  assert.equal($(".confirm").hidden, true);
  // The new game, empty and unnamed, is not listed until something is in it (issue 30).
  assert.match(text($(".games summary")), /\(1\)/);
});

test("a refused deal changes nothing: the core's reason in the bar, in the reader's language", async () => {
  const { form, $, $$ } = await mountSheet();
  form.next = { bad: true };
  await press($("button.record"));
  assert.equal($$(".sheet-table tbody tr").length, 0);
  assert.equal(text($(".sheet-error")), "лошо 1");
});

test("a stored game the core refuses is said in a notice with a way to download it", async () => {
  const store = new MemoryStore();
  await store.put({ id: "g-bad", created: "2026-01-01T00:00:00.000Z", updated: "2026-01-01T00:00:00.000Z", names: {}, deals: [{ bad: true }] }, null);
  const { $ } = await mountSheet({ lang: "en", store });
  assert.equal($(".notices").hidden, false);
  assert.match(text($(".notices li")), /failed the check \(“bad 1”\)/);
  assert.equal($(".notices button.download-aside").hidden, false);
  await press($(".notices button.dismiss"));
  assert.equal($(".notices").hidden, true);
});

test("a game from a link is shown read only with Keep and Close; kept, it is a game of this device", async () => {
  const { sheet, $, $$ } = await mountSheet({ lang: "en" });
  sheet.openLink("#game=ok");
  await settle();
  assert.equal($(".shared").hidden, false);
  assert.match(text($(".shared-text")), /A 20 : 0 B/);
  assert.equal(sheet.viewing, true);
  assert.ok(
    $$(".sheet-table tbody button").every((button) => button.disabled),
    "rows are read only",
  );
  await press($(".shared button.keep-game"));
  assert.equal(sheet.viewing, false);
  assert.equal($(".shared").hidden, true);
  assert.equal($$(".sheet-table tbody tr").length, 2);
});

test("team names typed go into the table's heads and the bar", async () => {
  const { $ } = await mountSheet({ lang: "en" });
  const input = $('input[name="name-us"]');
  input.value = "Ann & Ivo";
  input.dispatchEvent(new window.Event("input"));
  await settle();
  assert.equal(text($(".sheet-table thead th.us")), "Ann & Ivo");
});

test("a name the players typed is isolated wherever it sits in a sentence", async () => {
  const { $, $$ } = await mountSheet({ lang: "en" });
  const input = $('input[name="name-us"]');
  input.value = "مريم";
  input.dispatchEvent(new window.Event("input"));
  await settle();
  await press($("button.record"));
  assert.deepEqual(
    $$(".bar-totals bdi").map((bdi) => bdi.textContent),
    ["مريم", "Them"],
  );
  assert.equal($(".bar-totals").textContent, "Total مريم 10\u00a0:\u00a06 Them");
  assert.deepEqual(
    $$(".games li .game-text bdi").map((bdi) => bdi.textContent),
    ["مريم", "Them"],
  );
  assert.equal($(".sheet-table thead th.us").getAttribute("dir"), "auto");
});

/** A File as the import hands it over: a name, a size in bytes and its text. */
function file(name, text, size = new Blob([text]).size) {
  return { name, size, text: async () => text };
}

test("a file too large for a game says so with the limit; a file that is no JSON says so", async () => {
  const { sheet, $ } = await mountSheet({ lang: "en" });
  await sheet.importFile(file("big.json", "{}", 5_000_000));
  assert.match(text($(".notices")), /“big\.json” is not a game the calculator can read\. The file is too large for a game: 5,000 KB, and 250 KB is the most\./);
  await sheet.importFile(file("long.json", `{"deals": "${"x".repeat(300_000)}"}`));
  assert.match(text($(".notices")), /too large for a game: 30\d KB/);
  await sheet.importFile(file("notes.txt", "hello"));
  assert.match(text($(".notices")), /“notes\.txt” is not a game .* The file is neither JSON nor a CSV from the calculator\./);
});

test("a game from a file becomes the current game; the deal being typed stays in the form", async () => {
  const { sheet, form, $, $$ } = await mountSheet({ lang: "en" });
  form.calls.length = 0;
  await sheet.importFile(file("g.json", JSON.stringify({ version: 1, names: { us: "Ann" }, deals: [{ fake: [3, 3] }] })));
  assert.equal($$(".sheet-table tbody tr").length, 1);
  assert.equal(text($(".sheet-table thead th.us")), "Ann");
  assert.equal(form.calls.includes("clear"), false, "the form is not cleared");
  assert.match(form.said.at(-1), /imported/);
});

test("a link during an edit: Keep is off and says why; the banner names the game's house rules", async () => {
  const { sheet, form, $, $$ } = await mountSheet({ lang: "en" });
  await press($("button.record"));
  await press($$(".sheet-table tbody tr")[0].querySelector("button"));
  form.calls.length = 0;
  sheet.openLink("#game=ok");
  await settle();
  assert.equal($(".shared").hidden, false);
  assert.equal($(".shared button.keep-game").disabled, true);
  assert.equal(text($(".shared-blocked")), "First save or cancel your change to deal 1.");
  assert.match(text($(".shared-rules")), /rule book|house rules/i);
  assert.equal(
    form.calls.some((call) => call === "clear" || call[0] === "restore"),
    false,
    "the edit's form is untouched",
  );
  await press($(".shared button.close-shared"));
  assert.match(text($(".action-hint")), /Editing deal 1/);
});

test("a kept game leaves the address only once it is saved", async () => {
  const replaced = [];
  globalThis.location = { hash: "#game=ok", pathname: "/calculator/", search: "" };
  globalThis.history = { state: null, replaceState: (state, title, url) => replaced.push(url) };
  const full = await mountSheet({ lang: "en" });
  const { MemoryBackend, MemoryStore: Store } = await import("../../../widget/store/memory-store.js");
  void Store;
  const backend = new MemoryBackend();
  const { sheet, $ } = await mountSheet({ lang: "en", store: backend.store() });
  backend.failure = "full";
  sheet.openLink("#game=ok");
  await settle();
  await press($(".shared button.keep-game"));
  await settle();
  assert.deepEqual(replaced, [], "not saved: the link stays in the address");
  backend.failure = null;
  await press($("button.record")); // the next change saves the kept game too
  assert.deepEqual(replaced, ["/calculator/"], "saved at last: the link is done");
  replaced.length = 0;
  full.sheet.openLink("#game=ok");
  await settle();
  await press(full.$(".shared button.keep-game"));
  await settle();
  assert.deepEqual(replaced, ["/calculator/"]);
  delete globalThis.location;
  delete globalThis.history;
});

test("all passed over a typed deal asks first; undo offers the deal back only to an empty form", async () => {
  const { form, $, $$ } = await mountSheet({ lang: "en" });
  await press($("button.record"));
  await press($("button.passed"));
  assert.equal($(".confirm").hidden, false, "a deal is typed: asked first");
  assert.equal($$(".sheet-table tbody tr").length, 1);
  await press($(".confirm button.confirm-yes"));
  assert.equal($$(".sheet-table tbody tr").length, 2);
  form.empty = true;
  form.calls.length = 0;
  await press($("button.undo"));
  assert.deepEqual(
    form.calls.find((call) => call[0] === "load"),
    ["load", { passed: true }],
  );
  assert.equal($("button.redo").hidden, false);
  form.empty = false;
  form.calls.length = 0;
  await press($("button.undo"));
  assert.equal(
    form.calls.some((call) => call[0] === "load"),
    false,
    "something is typed: the form keeps it",
  );
  await press($("button.redo"));
  assert.equal($$(".sheet-table tbody tr").length, 1);
  assert.match(form.said.at(-1), /Deal 1 recorded again/);
});

test("a deal just recorded is seen in the bar with its own Undo; the latest two rows stay there", async () => {
  const { form, sheet, render, $ } = await mountSheet({ lang: "en" });
  await press($("button.record"));
  form.next = null; // the form is clear: Undo stands where Record stands
  form.empty = true;
  render();
  assert.equal(text($(".bar-recent .recent-rows")), "✓ 1. 10 : 6");
  assert.equal($("button.undo-recorded").hidden, false);
  assert.equal($("button.record").hidden, true);
  form.next = { fake: [0, 8], hang: 8 }; // the next deal begun: Record is back
  form.empty = false;
  render();
  assert.equal($("button.undo-recorded").hidden, true);
  assert.equal($("button.record").hidden, false);
  assert.equal($(".bar-recent").hidden, true, "the next deal is being entered: the bar says what it lacks");
  await press($("button.record"));
  form.next = null;
  form.empty = true;
  render();
  assert.equal(text($(".bar-recent .recent-rows")), "1. 10 : 6 · ✓ 2. 0 : 8 (8 hanging)");
  await press($("button.undo-recorded"));
  assert.equal(text($(".bar-recent .recent-rows")), "1. 10 : 6");
  assert.equal($("button.undo-recorded").hidden, true, "an Undo of the bar only for a deal just recorded");
  void sheet;
});

test("a row says what was played: the contract's symbol and who bid, then its notes", async () => {
  const { form, $$ } = await mountSheet({ lang: "bg" });
  form.next = { fake: [0, 8], hang: 8, contract: "hearts", bidder: "them" };
  await press($$("button.record")[0]);
  form.next = { fake: [20, 0], contract: "no_trumps", bidder: "us" };
  await press($$("button.record")[0]);
  const notes = $$(".sheet-table tbody td.note");
  assert.equal(text(notes[0].querySelector(".what")), "♥ Вие (купа)");
  assert.ok(notes[0].querySelector(".suit.red"));
  assert.equal(text(notes[0].querySelector(".notes")), "висят 8");
  assert.match(text(notes[1].querySelector(".what")), /^БК Ние/);
});

test("a team renamed letter by letter: the bidders' names change in the rows, no row is built again", async () => {
  const { form, $, $$ } = await mountSheet({ lang: "bg" });
  form.next = { fake: [0, 8], hang: 8, contract: "hearts", bidder: "them" };
  await press($$("button.record")[0]);
  form.next = { fake: [20, 0], contract: "no_trumps", bidder: "us" };
  await press($$("button.record")[0]);
  const rows = $$(".sheet-table tbody tr");
  const input = $('input[name="name-us"]');
  for (const typed of ["И", "Ив", "Иван"]) {
    input.value = typed;
    input.dispatchEvent(new window.Event("input"));
    await settle();
  }
  const after = $$(".sheet-table tbody tr");
  assert.ok(after.length === rows.length && after.every((row, i) => row === rows[i]), "the same rows");
  const notes = $$(".sheet-table tbody td.note");
  assert.equal(text(notes[0].querySelector(".what")), "♥ Вие (купа)", "the other team's bid keeps its name");
  assert.match(text(notes[1].querySelector(".what")), /^БК Иван/);
  assert.equal(text($(".sheet-table thead th.us")), "Иван");
  form.next = { fake: [10, 6], contract: "spades", bidder: "us" };
  await press($$("button.record")[0]);
  assert.match(text($$(".sheet-table tbody td.note")[2].querySelector(".what")), /^♠ Иван/, "a row built later takes the new name");
});

test("who deals: one tap on a seat, then in the bar between deals and beside the row just recorded", async () => {
  const { sheet, form, render, $, $$ } = await mountSheet();
  assert.equal($(".dealer-chooser").hidden, false, "no dealer yet: the seats are offered above the form");
  assert.equal(text($(".dealer-question")), "Кой раздава първи?");
  assert.deepEqual($$(".dealer-seats .seat").map(text), ["Ние (1)", "Вие (1)", "Ние (2)", "Вие (2)"]);
  assert.equal($(".bar-dealer").hidden, true);
  form.next = null; // nothing entered
  await press($$(".dealer-seats .seat")[1]);
  assert.equal($(".dealer-chooser").hidden, true);
  assert.equal($(".bar-dealer").hidden, false, "in the bar, where 'what is missing' stands");
  assert.equal(text($(".bar-dealer")), "Раздава: Вие (1)");
  assert.equal(form.said.at(-1), "Раздава Вие (1).");
  form.next = { fake: [10, 6] };
  render();
  await settle();
  assert.equal($(".bar-dealer").hidden, true, "a deal being entered takes the line");
  const input = $('input[name="player-us-1"]');
  input.value = "Петър";
  input.dispatchEvent(new window.Event("input"));
  await settle();
  await press($("button.record"));
  form.next = null; // the form cleared
  render();
  await settle();
  assert.equal(text($(".bar-recent")), "✓ 1. 10 : 6 · Раздава: Петър", "seat 1 dealt: seat 2 (us[1]) deals next");
  assert.equal($(".bar-dealer").hidden, true, "beside the row, not twice");
  await press($("button.passed"));
  assert.equal(text($(".recent-dealer")), "Раздава: Вие (2)", "a pass passes the deal too");
  await press($(".bar-dealer"));
  assert.equal($(".dealer-chooser").hidden, false, "the line tapped: the seats again");
  assert.equal(text($(".dealer-question")), "Кой раздава сега?");
  await press($$(".dealer-seats .seat")[0]);
  assert.equal(text($(".recent-dealer")), "Раздава: Ние (1)");
  assert.equal(sheet.snapshot().game.dealer, 2, "the first deal was dealt two seats before");
});

test("the game's end closes the form; New game (same teams) at once, the rotation going on", async () => {
  const { sheet, form, target, render, $, $$ } = await mountSheet({ lang: "en" });
  let asked = 0;
  target.addEventListener("belot-calculator-before-new-game", () => asked++);
  await press($$(".dealer-seats .seat")[3]);
  form.next = { fake: [100, 10] };
  await press($("button.record"));
  assert.equal(sheet.formClosed, false);
  form.next = { fake: [60, 0] };
  await press($("button.record"));
  assert.equal(sheet.formClosed, true, "over: the form is closed");
  assert.equal(form.calls.at(-1), "clear", "and not focused: the focus goes to New game");
  assert.equal($(".dealer-chooser").hidden, true);
  assert.equal($(".bar-dealer").hidden, true);
  assert.equal($("button.record").hidden, true);
  assert.equal($("button.passed").hidden, true);
  const next = $("button.bar-new-game");
  assert.equal(next.hidden, false);
  assert.equal(text(next), "New game (same teams)");
  assert.match($(".bar-totals").textContent, /Winners: Us \(160\u00a0:\u00a010\)/);
  await press($$(".sheet-table .row-button")[0]);
  assert.equal(sheet.formClosed, false, "a row of the finished game opens in the form, for correcting");
  await press($("button.cancel"));
  assert.equal(sheet.formClosed, true);
  const old = sheet.snapshot().game.id;
  await press(next);
  assert.equal($(".sheet-question")?.hidden ?? true, true, "no question asked");
  assert.equal(asked, 1, "the before event still goes out");
  assert.notEqual(sheet.snapshot().game.id, old);
  assert.equal(sheet.formClosed, false);
  assert.equal(sheet.snapshot().game.dealer, 1, "seat 3 and seat 0 dealt: seat 1 deals first");
  form.next = null;
  render();
  await settle();
  assert.equal(text($(".bar-dealer")), "Dealer: Them (1)");
});

test("the game as text is written when its folded field opens, and kept up while it is open", async () => {
  const { $ } = await mountSheet({ lang: "en" });
  await press($("button.record"));
  const field = $("textarea.summary-text");
  assert.equal(field.value, "", "folded: not written on every change");
  const details = $("details.text");
  details.open = true;
  details.dispatchEvent(new window.Event("toggle"));
  assert.match(field.value, /\n1\. 10 : 6\n/);
  await press($("button.record"));
  assert.match(field.value, /\n2\. 10 : 6\n/, "open: follows the game");
});
