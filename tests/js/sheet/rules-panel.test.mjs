// widget/sheet/rules-panel.js on a DOM (linkedom): a house rule ticked on a game with deals
// asks what to do with them; a rescore the core refuses says why and offers the fix.
import assert from "node:assert/strict";
import { test } from "node:test";

import { container, frames, installDom } from "../dom.mjs";

installDom();
const { STRINGS } = await import("../../../widget/i18n/strings.js");
const { RulesPanel, fixableDeal, refusalText } = await import("../../../widget/sheet/rules-panel.js");

const game = (deals, rules = {}) => ({ id: "g", rules, deals });
const PLAYED = { contract: "hearts", bidder: "us", cards: { team: "us", points: 82 }, last_trick: "us" };

function mount({ deals = [PLAYED, PLAYED], answer = null } = {}) {
  const calls = [];
  let shown = game(deals);
  const panel = new RulesPanel({
    apply: async (rules, how) => {
      calls.push(["apply", rules, how]);
      if (!answer) shown = { ...shown, rules };
      return answer;
    },
    fix: (index) => calls.push(["fix", index]),
    announce: (text) => calls.push(["say", text]),
    totals: () => ({ us: 20, them: 12 }),
    changed: () => render(),
  });
  const root = container();
  root.append(panel.ui.summary, panel.ui.panel);
  const render = () =>
    panel.render({ s: STRINGS.en, lang: "en", game: shown, result: { finished: false }, busy: false, ready: true, validated: true, viewing: false });
  render();
  const tick = (id) => {
    const box = root.querySelector(`input[value="${id}"]`);
    box.checked = !box.checked;
    box.dispatchEvent(new window.Event("change"));
  };
  return { panel, calls, root, tick, $: (selector) => root.querySelector(selector), game: () => shown };
}

test("a rule ticked on a game with deals asks: rescore them all, or from the next deal on", async () => {
  const { calls, tick, $, game: shown } = mount();
  tick("round_before_multiply");
  assert.equal($(".rules-question").hidden, false);
  assert.equal(calls.length, 0, "nothing changes before the answer");
  $(".rules-all").click();
  await frames();
  assert.deepEqual(calls[0], ["apply", { round_before_multiply: true }, "all"]);
  assert.equal($(".rules-question").hidden, true);
  assert.match(calls[1][1], /20 : 12/);
  assert.deepEqual(shown().rules, { round_before_multiply: true });
});

test("from the next deal on: the deals so far keep their rules", async () => {
  const { calls, tick, $ } = mount();
  tick("capot_cancels_contra");
  $(".rules-next").click();
  await frames();
  assert.deepEqual(calls[0], ["apply", { capot_cancels_contra: true }, "next"]);
  assert.match(calls[1][1], /deal 3/i);
});

test("a game with no deal takes the rule at once; cancel leaves the rules as they were", async () => {
  const empty = mount({ deals: [] });
  empty.tick("hanging_rounds_down");
  await frames();
  assert.deepEqual(empty.calls[0], ["apply", { hanging_rounds_down: true }, "all"]);
  const { calls, tick, $ } = mount();
  tick("hanging_rounds_down");
  $(".rules-cancel").click();
  await frames();
  assert.equal(calls.length, 0);
  assert.equal($('input[value="hanging_rounds_down"]').checked, false);
});

test("a rescore the core refuses: its reason naming the deal, and the deal offered to fix", async () => {
  const refusal = [{ code: "needs_answer", deal: 1, message: { bg: "?", en: "Whose quarte ends higher?" } }];
  const { calls, tick, $ } = mount({ answer: refusal });
  tick("one_declaration_contest");
  $(".rules-all").click();
  await frames();
  assert.equal($(".rules-refused").hidden, false);
  assert.match($(".rules-refused").textContent, /Deal 2.*Whose quarte ends higher\?/);
  assert.equal($(".rules-fix").hidden, false);
  assert.equal($(".rules-all").hidden, true, "the same answer would be refused again");
  $(".rules-fix").click();
  assert.deepEqual(calls.at(-1), ["fix", 1]);
});

test("the refusal's words: each error naming its deal; the deal a question can fix", () => {
  const errors = [
    { code: "needs_answer", deal: 0, message: { en: "Which carré is higher?" } },
    { code: "deals_after_end", deal: 3, message: { en: "The game ends with deal 2; deal 3 comes after the end." } },
  ];
  assert.equal(refusalText(errors, "en", STRINGS.en.houseRules), "Deal 1: Which carré is higher? The game ends with deal 2; deal 3 comes after the end.");
  assert.equal(fixableDeal(errors), 0);
  assert.equal(fixableDeal([errors[1]]), null);
});
