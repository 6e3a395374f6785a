// widget/sheet/setup-step.js in the whole sheet (linkedom, a fake scorer and form): the
// table's set-up at a game's start gathers the sheet's own fields (one input per value),
// writes what is typed into the game, offers the seats whoever deals, gives every field
// back on Done, and goes with the first deal recorded.
import assert from "node:assert/strict";
import { test } from "node:test";

import { frames, installDom } from "../dom.mjs";
import { fakeForm, mountSheet as mountSheet_, press } from "./mount.mjs";

installDom();
const { SEAT_WORDS } = await import("../../../widget/i18n/seat-strings.js");
const { atStart } = await import("../../../widget/sheet/setup-step.js");

const mountSheet = (lang = "bg") => mountSheet_({ lang, form: fakeForm(null) });

async function type(input, value) {
  input.value = value;
  input.dispatchEvent(new window.Event("input"));
  input.dispatchEvent(new window.Event("change"));
  await frames(5);
}

const text = (element) => element.textContent.replace(/\s+/g, " ").trim();

test("a new game offers the set-up; opened, it holds the sheet's own fields, typed into the game", async () => {
  const { sheet, form, $, $$ } = await mountSheet();
  const t = SEAT_WORDS.bg;
  assert.equal($("button.setup-open").hidden, false, "a new table: the set-up is offered");
  assert.ok($(".dealer-head").contains($("button.setup-open")), "beside the first question, in its row");
  assert.equal($(".setup").hidden, true, "closed: nothing asked");
  assert.equal(text($("button.setup-open")), t.setupOpen);
  const names = $('input[name="name-us"]');
  assert.equal($$('input[name="name-us"]').length, 1, "one box for a team's name, wherever it stands");
  assert.ok($("details.names").contains(names), "closed: the names stay under the sheet");

  await press($("button.setup-open"));
  assert.equal($(".setup-panel").hidden, false);
  assert.equal($("button.setup-open").getAttribute("aria-expanded"), "true");
  for (const selector of ['input[name="name-us"]', 'input[name="player-them-1"]', ".dealer-chooser", 'input[name="game-note"]', 'select[name="next-game"]']) {
    assert.ok($(".setup-fields").querySelector(selector), `${selector} is in the set-up`);
  }
  assert.equal($("details.names").hidden, true, "the names' panel under the sheet is empty now: hidden");
  await type($('input[name="name-us"]'), "Иван и Петър");
  await type($('input[name="name-them"]'), "Мария и Ана");
  await type($('input[name="player-us-0"]'), "Иван");
  await type($('input[name="game-note"]'), "на вилата");
  const select = $('select[name="next-game"]');
  [...select.children].find((option) => option.value === "2").selected = true;
  select.dispatchEvent(new window.Event("change"));
  await frames(5);
  assert.equal($(".dealer-chooser").hidden, false, "who deals first, in the set-up");
  await press($$(".dealer-seats .seat")[0]);
  assert.equal($(".dealer-chooser").hidden, false, "a dealer chosen: the seats stay while the set-up is open");
  assert.equal(text($("button.setup-open")), `${t.setupTitle} · ${t.setupClose}`, "open: at the step's top");
  assert.equal($("button.setup-open").parentElement, $(".setup"));
  const game = sheet.snapshot().game;
  assert.deepEqual(game.names, { us: "Иван и Петър", them: "Мария и Ана" });
  assert.equal(game.seats.us[0], "Иван");
  assert.equal(game.note, "на вилата");
  assert.equal(game.match.to, 2);
  assert.equal(game.dealer, 0);

  await press($("button.setup-done"));
  assert.equal($(".setup-panel").hidden, true);
  assert.ok($("details.names").contains($('input[name="name-us"]')), "Done: every field back in its place");
  assert.ok($(".game-about").contains($('input[name="game-note"]')));
  assert.equal($("details.names").hidden, false);
  assert.equal($(".dealer-chooser").hidden, true, "a dealer chosen: the seats go, the bar says who deals");
  assert.equal(text($(".bar-dealer")), "Раздава: Иван");
  assert.ok(form.calls.includes("focus"), "Done: on to the deal");
  assert.equal($(".setup").hidden, true);
  assert.ok($(".dealer-head").contains($("button.setup-open")), "the button back beside the seats' question");
  await press($(".bar-dealer"));
  assert.equal($(".dealer-chooser").hidden, false, "who deals tapped: the seats again…");
  assert.equal($("button.setup-open").hidden, false, "…and the set-up beside them, until the first deal");
});

test("the first deal recorded ends the set-up, open or not; a new game offers it again", async () => {
  const { form, render, $ } = await mountSheet("en");
  await press($("button.setup-open"));
  form.next = { fake: [10, 6] };
  render();
  await frames(5);
  await press($("button.record"));
  assert.equal($(".setup").hidden, true, "a deal recorded: no set-up");
  assert.equal($("button.setup-open").hidden, true);
  assert.ok($("details.names").contains($('input[name="name-us"]')), "its fields given back");
  assert.ok($(".game-about").contains($('select[name="next-game"]')));
  form.next = null;
  render();
  await press($(".sheet-toolbar button.new-game"));
  await press($(".confirm button.confirm-yes"));
  assert.equal($("button.setup-open").hidden, false, "a new game without a dealer yet: offered again");
  assert.equal(text($("button.setup-open")), "Set up the table");
});

test("atStart: only a checked game of this device with no deal, none edited, not over", () => {
  const game = { id: "g", deals: [] };
  const ok = { validated: true, viewing: null, game, editing: null, result: { finished: false } };
  assert.equal(atStart(ok), true);
  assert.equal(atStart({ ...ok, validated: false }), false);
  assert.equal(atStart({ ...ok, viewing: { game } }), false);
  assert.equal(atStart({ ...ok, game: { id: "g", deals: [{}] } }), false);
  assert.equal(atStart({ ...ok, editing: { index: 0 } }), false);
  assert.equal(atStart({ ...ok, result: { finished: true } }), false);
});
