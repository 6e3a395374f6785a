// widget/element/form-model.js: what a tap does to the form (the element's attributes),
// with the attributes in a Map — no element, no DOM.
import assert from "node:assert/strict";
import { test } from "node:test";

import { VERSION } from "../../widget/core-tables.js";
import { ANSWER_ATTRIBUTES, FormModel, NEXT_DEAL } from "../../widget/element/form-model.js";

/** A form on attributes in a Map; `sheet` as the element passes it. */
function form(initial = {}, { sheet = null, rules = {} } = {}) {
  const map = new Map(Object.entries(initial));
  const model = new FormModel({
    attributes: { get: (name) => map.get(name) ?? null, set: (name, value) => map.set(name, String(value)), remove: (name) => map.delete(name) },
    sheet: () => sheet,
    rules: () => rules,
  });
  return { model, map, actions: model.actions() };
}

const HEARTS = { contract: "hearts", bidder: "us", "pile-team": "us", "pile-points": "82", "last-trick": "us" };

test("the game is chosen as one pair; a toggle pressed again is none", () => {
  const { map, actions } = form();
  actions.game("them", "spades");
  assert.equal(map.get("contract"), "spades");
  assert.equal(map.get("bidder"), "them");
  actions.toggle("doubling", "contra");
  assert.equal(map.get("doubling"), "contra");
  actions.toggle("doubling", "recontra");
  assert.equal(map.get("doubling"), "recontra");
  actions.toggle("doubling", "recontra");
  assert.equal(map.has("doubling"), false);
});

test("points typed into a team's box make that team's pile; an empty box is no points", () => {
  const { map, actions } = form();
  actions.pile("them", "70");
  assert.deepEqual([map.get("pile-team"), map.get("pile-points")], ["them", "70"]);
  actions.pile("them", "");
  assert.equal(map.has("pile-points"), false);
});

test("a declaration counts up to what the deck holds, never below zero, and clears the answers", () => {
  const { model, map, actions } = form({ contract: "hearts", "higher-sequence": "us" });
  actions.count("us", "belot", +1);
  actions.count("us", "belot", +1); // one belot in a suit contract
  assert.equal(map.get("declarations-us"), "belot:1");
  assert.equal(map.has("higher-sequence"), false, "an answer to the old declarations is not kept");
  actions.count("us", "belot", -1);
  actions.count("us", "belot", -1);
  assert.equal(map.has("declarations-us"), false);
  map.set("contract", "all_trumps");
  for (let i = 0; i < 6; i++) actions.count("them", "belot", +1);
  assert.equal(model.deal().declarations.them.belot, 4, "one in each suit in All trumps");
});

test("the request: incomplete until the game, the points and the last trick are given", () => {
  const { model, map } = form();
  assert.deepEqual(model.build().missing, ["game", "points", "last_trick"]);
  for (const [name, value] of Object.entries(HEARTS)) map.set(name, value);
  const built = model.build();
  assert.equal(built.incomplete, false);
  assert.deepEqual(built.request.cards, { team: "us", points: 82 });
  assert.equal(built.request.version, VERSION);
});

test("with a score sheet the hanging points are the sheet's pot, its names and rules are sent", () => {
  const sheet = { pot: 9, teamNames: { us: "Ана", them: "" }, formRules: { round_before_multiply: true } };
  const { model } = form({ ...HEARTS, "hanging-in": "70" }, { sheet });
  const { request } = model.build();
  assert.equal(request.hanging_in, 9);
  assert.equal(request.names.us, "Ана");
  assert.deepEqual(request.rules, { round_before_multiply: true });
});

test("clear readies the next deal: every fact gone, only whose pile is counted stays", () => {
  const { model, map } = form({ ...HEARTS, "pile-team": "them", doubling: "contra", capot: "us", "declarations-us": "belot:1" });
  model.accepted = true;
  model.clear();
  for (const name of Object.keys(NEXT_DEAL)) assert.equal(map.has(name), false, name);
  assert.equal(map.get("pile-team"), "them");
  assert.equal(model.accepted, false);
});

test("save and restore put the form back as it was; load fills it with a recorded deal", () => {
  const { model, map } = form({ ...HEARTS, "declarations-us": "tierce:1" });
  const saved = model.save();
  model.load({
    contract: "spades",
    bidder: "them",
    doubling: "none",
    cards: { team: "them", points: 60 },
    last_trick: "them",
    capot: null,
    declarations: { us: {}, them: { belot: 1 } },
  });
  assert.equal(map.get("contract"), "spades");
  assert.equal(model.accepted, true, "a deal recorded with accepted declarations is sent back as such");
  model.restore(saved);
  assert.equal(map.get("contract"), "hearts");
  assert.equal(map.get("declarations-us"), "tierce:1");
  assert.equal(model.accepted, false);
});

test("problems: only the core's questions while incomplete; a stale reply answers nothing", () => {
  const { model, map } = form({ contract: "hearts", bidder: "us", "declarations-us": "quarte:1", "declarations-them": "quarte:1" });
  const built = model.build();
  assert.equal(built.probe, true, "both teams announced: the core may ask already");
  const question = { code: "needs_answer", field: "higher.sequence" };
  const reply = { ok: false, errors: [question, { code: "missing_field", field: "cards" }] };
  const asked = FormModel.problems(built, { reply, answered: built.request, failure: null });
  assert.deepEqual(asked.questions, [question]);
  assert.deepEqual(asked.errors, []);
  assert.equal(asked.settled, true);
  map.set("pile-points", "90");
  const stale = FormModel.problems(model.build(), { reply, answered: built.request, failure: null });
  assert.equal(stale.current, false);
  assert.deepEqual(stale.questions, []);
});

test("the form's game deal exists once the core answered exactly this request", () => {
  const { model } = form(HEARTS);
  const built = model.build();
  assert.equal(
    FormModel.gameDeal(built, () => false),
    null,
  );
  const deal = FormModel.gameDeal(built, () => true);
  assert.equal(deal.contract, "hearts");
  assert.equal("hanging_in" in deal, false, "the sheet carries the hanging points");
});

test("a page's worked example is the result only if it answers exactly this request", () => {
  const { model } = form(HEARTS);
  const built = model.build();
  const reply = { ok: true, result: { record: { us: 11, them: 5 } } };
  assert.deepEqual(FormModel.example(JSON.stringify({ request: built.request, reply }), built), { request: built.request, reply });
  assert.equal(FormModel.example(JSON.stringify({ request: { ...built.request, contract: "clubs" }, reply }), built), null);
  assert.equal(FormModel.example("{not json", built), null);
  assert.equal(FormModel.example(JSON.stringify({ request: built.request, reply: { ok: false } }), built), null);
});

test("the view's part of the snapshot: the deal, the text as typed, the two piles", () => {
  const { model } = form({ ...HEARTS, "pile-points": "70" });
  const built = model.build();
  const view = model.view(built, FormModel.problems(built, { reply: null, answered: null, failure: null }));
  assert.equal(view.texts["pile-points"], "70");
  assert.deepEqual(view.piles, { us: 70, them: 82 });
  assert.equal(view.deal.contract, "hearts");
  assert.equal(ANSWER_ATTRIBUTES.length, 2);
});

test("the sheet's form: load reveals the whole form first; focus and announce go to the view", () => {
  const calls = [];
  const view = {
    revealForm: (gradually) => calls.push(["reveal", gradually]),
    focusForm: () => calls.push(["focus"]),
    announce: (text) => calls.push(["say", text]),
  };
  const { model, map } = form(HEARTS);
  const sheetForm = model.sheetForm({ deal: () => "the deal", view: () => view });
  assert.equal(sheetForm.deal(), "the deal");
  sheetForm.load({ contract: "clubs", bidder: "us", cards: { team: "us", points: 1 }, last_trick: "us" });
  sheetForm.focus();
  sheetForm.announce("Раздаване 1 е записано");
  assert.deepEqual(calls, [["reveal", false], ["focus"], ["say", "Раздаване 1 е записано"]]);
  assert.equal(map.get("contract"), "clubs");
});
