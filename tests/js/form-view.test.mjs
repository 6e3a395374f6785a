// widget/form/ in Node: the calculator's form view on a DOM (linkedom), rendered from
// snapshots as the element makes them — what the bar says, the piles, the chips, the
// questions, where each error goes, and what a press reports. The browser tests check
// the same view in real engines, with layout and focus.
import assert from "node:assert/strict";
import { test } from "node:test";

import { container, frames, installDom } from "./dom.mjs";

installDom();
const { STRINGS } = await import("../../widget/i18n/strings.js");
const { CalculatorView } = await import("../../widget/form/view.js");
const { FormModel } = await import("../../widget/element/form-model.js");

/** A view over a form model on a Map of attributes; `show(reply)` renders it as the element does. */
function mount(attributes = {}, lang = "bg", { gradually = false } = {}) {
  const map = new Map(Object.entries(attributes));
  const model = new FormModel({
    attributes: { get: (name) => map.get(name) ?? null, set: (name, value) => map.set(name, String(value)), remove: (name) => map.delete(name) },
  });
  const reported = [];
  const actions = { ...model.actions(), details: () => reported.push("details"), retry: () => reported.push("retry") };
  const host = container();
  const root = host.attachShadow({ mode: "open" });
  const view = new CalculatorView(root, actions, null);
  view.revealForm(gradually);
  const show = ({ reply = null, state = "ready", sheet = false, readOnly = false } = {}) => {
    const built = model.build();
    const problems = FormModel.problems(built, { reply, answered: reply ? built.request : null, failure: null });
    view.render({
      s: STRINGS[lang],
      lang,
      state,
      ...model.view(built, problems),
      sheet,
      readOnly,
      progress: null,
      failure: null,
      incomplete: built.incomplete,
      result: reply?.ok ? reply.result : null,
      rulesNote: "",
      headingLevel: 3,
    });
    return built;
  };
  show();
  return { view, map, model, show, reported, $: (selector) => root.querySelector(selector), $$: (selector) => [...root.querySelectorAll(selector)] };
}

const HEARTS = { contract: "hearts", bidder: "us", "pile-team": "us", "pile-points": "82", "last-trick": "us" };
const RESULT = {
  outcome: "made",
  raw: { us: 92, them: 70 },
  record: { us: 9, them: 7 },
  hanging_out: 0,
  explanation: [{ code: "made", message: { bg: "Изкарана.", en: "Made." } }],
};

test("the bar names the first thing still missing, in the form's order", () => {
  const { map, show, $ } = mount();
  assert.equal($(".bar-deal").textContent, STRINGS.bg.missing.game);
  map.set("contract", "hearts");
  map.set("bidder", "us");
  show();
  assert.equal($(".bar-deal").textContent, STRINGS.bg.missing.points);
  map.set("pile-points", "82");
  show();
  assert.equal($(".bar-deal").textContent, STRINGS.bg.missing.last_trick);
});

test("a scored deal: the bar's one line, the result in full, the explanation step by step", async () => {
  const { show, $, $$ } = mount(HEARTS, "en");
  show({ reply: { ok: true, result: RESULT } });
  assert.equal($(".bar-deal").textContent, "Us 9 : 7 Them · Made");
  assert.equal($(".bar-deal").getAttribute("data-outcome"), "made");
  assert.equal($("td.record-us").textContent, "9");
  assert.equal($("td.raw-them").textContent, "70");
  await frames();
  assert.deepEqual(
    $$(".explanation li").map((item) => item.textContent),
    ["Made."],
  );
});

test("the piles: the one typed, the other worked out from the deck; a capot fills and locks both", () => {
  const { map, show, $ } = mount(HEARTS);
  assert.equal($('input[name="points-us"]').value, "82");
  assert.equal($('input[name="points-them"]').value, "70");
  assert.ok($('input[name="points-them"]').classList.contains("other"));
  map.set("capot", "them");
  show();
  assert.equal($('input[name="points-them"]').value, "152");
  assert.equal($('input[name="points-us"]').disabled, true);
  assert.equal($("fieldset.last-trick").disabled, true);
});

test("the game's grid and the last trick show the attributes; a press on them writes them", () => {
  const { map, show, $ } = mount(HEARTS);
  assert.equal($('input[name="game"][value="us:hearts"]').checked, true);
  const spades = $('input[name="game"][value="them:spades"]');
  spades.checked = true;
  spades.dispatchEvent(new window.Event("change"));
  assert.deepEqual([map.get("bidder"), map.get("contract")], ["them", "spades"]);
  show();
  assert.equal($('input[name="game"][value="us:hearts"]').checked, false);
});

test("chips: a tap counts one more, the badge and the − show; none in No trumps", () => {
  const { map, show, $ } = mount(HEARTS);
  $(".declarations-us .chip.tierce").click();
  assert.equal(map.get("declarations-us"), "tierce:1");
  show();
  assert.equal($(".declarations-us .chip.tierce .badge").textContent, "1");
  assert.equal($(".declarations-us .chip.tierce").getAttribute("aria-pressed"), "true");
  assert.equal($(".declarations-us .chip.tierce + .chip-minus").hidden, false);
  map.set("contract", "no_trumps");
  show();
  assert.equal($(".declarations-us .chip.tierce").disabled, true);
  assert.equal($("#declarations-hint").textContent, STRINGS.bg.declarationsNone);
});

test("the core's errors go under the part they are about; the rest under the result", () => {
  const { show, $ } = mount(HEARTS, "en");
  const error = (code, field) => ({ code, field, message: { bg: code, en: `${code}!` } });
  show({ reply: { ok: false, errors: [error("points_out_of_range", "cards.points"), error("too_many_belots", "announced.us"), error("odd", "whatever")] } });
  assert.equal($("#cards-error").textContent, "points_out_of_range!");
  assert.equal($("#declarations-us-error").textContent, "too_many_belots!");
  assert.equal($(".general-error").textContent, "odd!");
  assert.equal($('input[name="points-us"]').getAttribute("aria-invalid"), "true");
  assert.equal($(".declarations-us").getAttribute("aria-invalid"), "true");
  assert.equal($(".bar-deal").textContent, "points_out_of_range!");
});

test("a question shows only while the core asks it, in the players' words", () => {
  const { show, $ } = mount({ contract: "hearts", bidder: "us", "declarations-us": "quarte:1", "declarations-them": "quarte:1" });
  const asked = { code: "needs_answer", field: "higher.sequence", params: { question: "sequence", kind: "quarte" }, message: { bg: "?", en: "?" } };
  show({ reply: { ok: false, errors: [asked] } });
  const question = $(".question.higher-sequence");
  assert.equal(question.hidden, false);
  assert.match($("#higher-sequence-legend").textContent, /кварта/);
  assert.equal($(".bar-deal").textContent, STRINGS.bg.missing.points, "what is missing comes first in the bar");
  show({ reply: { ok: true, result: { ...RESULT, questions: {} } } });
  assert.equal(question.hidden, true);
});

test("the carré question names the ranks, highest first, from the core's words", () => {
  const { show, $ } = mount({ contract: "all_trumps", bidder: "us", "declarations-us": "carre:1", "declarations-them": "carre:1" });
  const asked = { code: "needs_answer", field: "higher.carre", params: { question: "carre", kind: "carre" }, message: { bg: "?", en: "?" } };
  show({ reply: { ok: false, errors: [asked] } });
  assert.equal($(".question.higher-carre").hidden, false);
  assert.match($("#higher-carre-legend").textContent, /Чие каре е по-старшо\?/);
  const hint = $("#higher-carre-hint");
  assert.equal(hint.hidden, false);
  assert.equal(hint.textContent, "Старшинство: асо > 10 > поп > дама");
  assert.match($(".question.higher-carre").getAttribute("aria-describedby"), /higher-carre-hint/);
  assert.equal($("#higher-sequence-hint").hidden, true, "a sequence needs no naming");
});

test("loading, then a failure with its retry; the sheet's bar is always there", () => {
  const { view, show, reported, $ } = mount(HEARTS, "en");
  show({ state: "loading" });
  assert.equal($(".status").hidden, false);
  assert.equal($(".failure").hidden, true);
  view.render({
    ...{
      s: STRINGS.en,
      lang: "en",
      state: "failed",
      deal: { ...new FormModel({ attributes: { get: () => null, set() {}, remove() {} } }).deal() },
      texts: {},
      badInput: {},
      piles: null,
    },
    errors: [],
    questions: [],
    current: false,
    settled: true,
    missing: ["game"],
    sheet: true,
    readOnly: false,
    failure: { code: "http_error", message: "HTTP 404", started: false },
    result: null,
    incomplete: true,
    rulesNote: "",
  });
  assert.equal($(".failure").hidden, false);
  assert.equal($(".failure-text").textContent, STRINGS.en.failures.http_error);
  assert.equal($(".failure .detail").textContent, "Details: HTTP 404");
  $(".failure button.retry").click();
  assert.deepEqual(reported, ["retry"]);
  assert.equal($(".bar").hidden, false, "with a sheet the bar holds Record");
});

test("an article's opened calculator: Close in the top row with the loading status, once", () => {
  const { view, show, $, $$ } = mount(HEARTS, "en");
  const close = document.createElement("button");
  view.attachClose(close);
  view.attachClose(close);
  const fold = $(".fold");
  assert.deepEqual(
    [...fold.children].map((child) => child.className),
    ["status", ""],
  );
  assert.equal(fold.children[1], close);
  assert.equal($(".root").firstElementChild.nextElementSibling, fold, "where the status was: after the update notice");
  show({ state: "loading" });
  assert.equal($(".status").hidden, false);
  show({ state: "ready" });
  assert.equal($(".status").hidden, true, "hidden; its room is kept by the styles");
  assert.equal($$(".status").length, 1);
});

test("the live region says the bar's sentence once a change has settled, and the same words again", () => {
  const { view, show, $ } = mount(HEARTS, "en");
  const spades = $('input[name="game"][value="us:spades"]');
  spades.checked = true;
  spades.dispatchEvent(new window.Event("change"));
  show({ reply: { ok: true, result: RESULT } });
  assert.equal($('[part="announcement"]').textContent, "Us 9 : 7 Them · Made");
  view.announce("Deal 1 recorded.");
  view.announce("Deal 1 recorded.");
  assert.equal($('[part="announcement"]').textContent, "Deal 1 recorded.");
});

test("a result's colour is who gained, from this device's side: their deal inside is ours", () => {
  const { show, $ } = mount({ ...HEARTS, bidder: "them" }, "en");
  show({ reply: { ok: true, result: { ...RESULT, outcome: "inside", record: { us: 16, them: 0 } } } });
  assert.equal($(".bar-deal").getAttribute("data-gain"), "us");
  assert.equal($(".outcome").getAttribute("data-gain"), "us");
  show({ reply: { ok: true, result: { ...RESULT, outcome: "made", record: { us: 4, them: 12 } } } });
  assert.equal($(".bar-deal").getAttribute("data-gain"), "them");
});

test("an opened calculator builds its form a part per frame, each shown as the form is now; a bidder picked brings the rest", async () => {
  const { view, map, show, $, $$ } = mount({ ...HEARTS, "pile-points": "100" }, "en", { gradually: true });
  assert.equal($$("form > *").length, 1, "the press builds the game only");
  assert.equal($('input[name="points-us"]'), null, "the piles are not built yet");
  assert.ok($('input[name="game"][value="us:hearts"]').checked, "the game shows the form as it is");
  await frames(2);
  const pile = $('input[name="points-us"]');
  assert.ok(pile, "the piles, a frame later");
  assert.equal(pile.value, "100", "rendered with the snapshot it missed");
  assert.ok($(".piles").textContent.includes("Us"), "its labels in the words of the moment");
  await frames(20);
  const parts = $$("form > *").length;
  assert.equal(parts, 7, "every part, in the end");
  show();
  assert.equal($$("form > *").length, parts);
  // A second view, picking the bidder before the rest is built: the piles come at once.
  const second = mount({}, "en", { gradually: true });
  second.$(".game-grid").dispatchEvent(new window.Event("pointerdown"));
  second.$('input[name="game"][value="them:spades"]').click();
  assert.equal(second.$$("form > *").length, 7, "the whole form, so the focus can go to the pile");
  void view;
  void map;
});

test("the bar's margin for a focused control changes only for a bar taller than the styles' default", async () => {
  const { barSpace } = await import("../../widget/form/bar.js");
  const { BAR_SPACE_REM } = await import("../../widget/styles/base.js");
  // The bar's heights as a deal is entered at the usual text size (36, 59, 75 px): none set.
  for (const height of [0, 36, 59, 75, BAR_SPACE_REM * 16]) assert.equal(barSpace(height, false, 16), "", `${height}`);
  // Large text (24 px to the rem): 110 fits, 148 and 177 are rounded up to a whole 2 rem (8rem = 192 px).
  assert.equal(barSpace(110, false, 24), "");
  assert.equal(barSpace(148, false, 24), "8rem");
  assert.equal(barSpace(177, false, 24), "8rem");
  assert.equal(barSpace(190, false, 24), "8rem");
  assert.equal(barSpace(177, true, 24), "0px"); // a bar that no longer sticks takes no room

  const { view, $ } = mount();
  const bar = $(".bar");
  const root = $(".root");
  const shadow = root.parentNode; // the calculator's shadow root, where the bar's sheet goes
  const margins = []; // the room the bar's own sheet keeps, after each change of it
  const measure = (height, event) => {
    bar.hidden = false; // shown (with a sheet, or the result out of view)
    Object.defineProperty(bar, "offsetHeight", { value: height, configurable: true });
    view.bar.measure(event);
    // Never an inherited property on the root: that restyles every element under it.
    assert.equal(root.getAttribute("style") ?? "", "");
    const sheets = [...shadow.querySelectorAll("style")].filter((style) => style.textContent.includes("scroll-margin"));
    assert.ok(sheets.length <= 1, "one sheet of the bar's, changed in place");
    const margin = sheets[0]?.textContent.match(/calc\(([^ ]+) \+ 1\.5rem\)/)?.[1] ?? "";
    if (margin !== (margins.at(-1) ?? "")) margins.push(margin);
  };
  // A deal entered line by line: the whole calculator is never restyled for the margin.
  for (const height of [36, 59, 75, 59]) measure(height);
  assert.deepEqual(margins, []);
  assert.equal(view.bar.space, 75, "the tallest the bar has been, for scrolling the opened form");
  measure(150); // taller than 5 rem (80 px at 16 px to the rem): once, rounded up
  measure(160);
  assert.deepEqual(margins, ["10rem"]);
  measure(250); // over a quarter of the 800 px screen: it stops sticking
  assert.equal(bar.classList.contains("loose"), true);
  measure(59, new Event("resize")); // the phone turned back: the default again
  assert.deepEqual(margins, ["10rem", "0px", ""]);
  assert.equal(view.bar.space, 59);
});

test("a kept link's form comes a frame after its sheet, and the focus waits for it", async () => {
  const { view, show, $ } = mount();
  const form = $("form");
  const result = $(".result");
  show({ sheet: true, readOnly: true }); // a game opened from a link: no form
  assert.equal(form.hidden, true);
  assert.equal(result.hidden, true);
  show({ sheet: true }); // kept: the sheet's change has this frame to itself
  assert.equal(form.hidden, true);
  const field = view.game.firstField();
  const focused = []; // whether the form showed when its first field took the focus
  field.focus = () => focused.push(!form.hidden);
  field.getBoundingClientRect = () => ({ top: 0, bottom: 10 });
  view.focusForm(); // the sheet moves the focus to the form after its frame
  show({ sheet: true }); // another render meanwhile keeps it waiting
  assert.equal(form.hidden, true);
  assert.deepEqual(focused, []);
  await frames();
  assert.equal(form.hidden, false);
  assert.equal(result.hidden, false);
  assert.deepEqual(focused, [true]);
  // Opened again from a link and closed before its frame: no form after all.
  show({ sheet: true, readOnly: true });
  show({ sheet: true });
  show({ sheet: true, readOnly: true });
  await frames();
  assert.equal(form.hidden, true);
  // A calculator that was never read only shows its form at once.
  const other = mount();
  other.show({ sheet: true });
  assert.equal(other.$("form").hidden, false);
});
