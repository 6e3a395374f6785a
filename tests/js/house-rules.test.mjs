// widget/deal/house-rules.js, widget/i18n/rule-words.js and the house rules in requests: pure, without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";

import { HOUSE_RULES, VERSION } from "../../widget/core-tables.js";
import { activeRules, dealsForAll, dealsFromNext, parseRules, playedDeals, RULE_IDS, rulesFrom, rulesOf, sameRules } from "../../widget/deal/house-rules.js";
import { rowRuleNote, rulesSummary } from "../../widget/i18n/rule-words.js";
import { buildRequest, gameDeal, gameRequest, readDeal } from "../../widget/deal/request.js";
import { STRINGS } from "../../widget/i18n/strings.js";
import { fixableDeal, refusalText } from "../../widget/sheet/rules-panel.js";

const DEAL = { contract: "spades", bidder: "us", doubling: "recontra", cards: { team: "us", points: 100 }, last_trick: "us" };
const complete = { contract: "spades", bidder: "us", doubling: "recontra", "pile-points": "100", "last-trick": "us" };

test("the options are the core's, in its order", () => {
  assert.deepEqual(
    RULE_IDS,
    HOUSE_RULES.map((option) => option.id),
  );
  assert.ok(RULE_IDS.includes("round_before_multiply"));
});

test("the rules attribute: ids as given, each once; white space or commas between", () => {
  assert.deepEqual(parseRules("round_before_multiply capot_cancels_contra"), ["round_before_multiply", "capot_cancels_contra"]);
  assert.deepEqual(parseRules("  capot_cancels_contra,\n round_before_multiply capot_cancels_contra "), ["capot_cancels_contra", "round_before_multiply"]);
  assert.deepEqual(parseRules(""), []);
  assert.deepEqual(parseRules(null), []);
  // An id the core does not know is kept as written: the core's own error says so.
  assert.deepEqual(parseRules("round-before"), ["round-before"]);
  assert.deepEqual(parseRules("round_before zzz"), ["round_before", "zzz"]);
});

test("the rules attribute: the core's ids in kebab-case too, as HTML attributes are written", () => {
  // The example of issue 14.
  assert.deepEqual(parseRules("round-before-multiply capot-cancels-contra"), ["round_before_multiply", "capot_cancels_contra"]);
  for (const id of RULE_IDS) {
    assert.deepEqual(parseRules(id.replaceAll("_", "-")), [id]);
    assert.deepEqual(parseRules(id), [id]);
  }
  // Both spellings of one rule are one rule; the spellings may be mixed.
  assert.deepEqual(parseRules("no-trumps-capot-44, no_trumps_capot_44 hanging-rounds_down"), ["no_trumps_capot_44", "hanging_rounds_down"]);
  // What goes to the core is its own ids (the JSON contract is unchanged).
  const ids = parseRules("round-before-multiply one-declaration-contest");
  assert.deepEqual(buildRequest(readDeal(complete), { rules: rulesOf(ids) }).request.rules, {
    round_before_multiply: true,
    one_declaration_contest: true,
  });
});

test("rule sets: the ids switched on, in the core's order, unknown ones after", () => {
  const rules = { capot_cancels_contra: true, zzz: true, round_before_multiply: true, hanging_rounds_down: false };
  assert.deepEqual(activeRules(rules), ["round_before_multiply", "capot_cancels_contra", "zzz"]);
  assert.deepEqual(activeRules(null), []);
  assert.deepEqual(rulesOf(["a", "b"]), { a: true, b: true });
  assert.deepEqual(rulesOf([]), {});
  assert.ok(sameRules({ a: true, b: false }, { a: true }));
  assert.ok(sameRules({}, undefined));
  assert.ok(!sameRules({ a: true }, { b: true }));
  assert.ok(!sameRules({ a: true }, {}));
});

test("the summary names the rules in the core's words, or says the rule book", () => {
  const name = (id, lang) => HOUSE_RULES.find((option) => option.id === id).name[lang];
  assert.equal(rulesSummary({}, "bg"), STRINGS.bg.houseRules.book);
  assert.equal(rulesSummary(undefined, "en"), "No house rules");
  const lower = (text) => text.charAt(0).toLowerCase() + text.slice(1);
  assert.equal(rulesSummary({ round_before_multiply: true }, "bg"), `Домашни правила: ${lower(name("round_before_multiply", "bg"))}`);
  assert.equal(
    rulesSummary({ capot_cancels_contra: true, round_before_multiply: true }, "en"),
    `House rules: ${lower(name("round_before_multiply", "en"))}, ${lower(name("capot_cancels_contra", "en"))}`,
  );
  // Unknown ids are the core's error to show, not a rule to name.
  assert.equal(rulesSummary({ zzz: true }, "en"), "No house rules");
  assert.equal(rulesSummary({}, "en", 4), "No house rules (from deal 4)");
});

test("where the game's rules start: after the last deal that keeps its own", () => {
  assert.equal(rulesFrom([]), null);
  assert.equal(rulesFrom([DEAL, { passed: true }]), null);
  assert.equal(rulesFrom([{ ...DEAL, rules: {} }, { passed: true }, { ...DEAL, rules: { a: true } }, DEAL]), 4);
  assert.equal(rulesFrom([{ ...DEAL, rules: null }]), null, "null is the game's rules");
  assert.equal(playedDeals([DEAL, { passed: true }, DEAL]), 2);
  assert.equal(playedDeals([{ passed: true }]), 0);
});

test("rescoring all: every deal takes the game's rules", () => {
  const deals = [{ ...DEAL, rules: {} }, { passed: true }, DEAL, { ...DEAL, rules: { capot_cancels_contra: true } }];
  assert.deepEqual(dealsForAll(deals), [DEAL, { passed: true }, DEAL, DEAL]);
  assert.deepEqual(deals[0], { ...DEAL, rules: {} }, "the deals given are not changed");
});

test("from the next deal on: each deal so far keeps the rules it was played under", () => {
  const own = { capot_cancels_contra: true };
  const deals = [DEAL, { passed: true }, { ...DEAL, rules: own }, { ...DEAL, rules: null }];
  assert.deepEqual(dealsFromNext(deals, { round_before_multiply: true, hanging_rounds_down: false }), [
    { ...DEAL, rules: { round_before_multiply: true } },
    { passed: true },
    { ...DEAL, rules: own },
    { ...DEAL, rules: { round_before_multiply: true } },
  ]);
  // A game of the rule book (or saved before house rules): its deals keep the rule book, {}.
  assert.deepEqual(dealsFromNext([DEAL], undefined), [{ ...DEAL, rules: {} }]);
});

test("a row a house rule changed says so", () => {
  assert.equal(rowRuleNote({ applied_rules: [] }, "bg"), "");
  assert.equal(rowRuleNote({ passed: true }, "bg"), "");
  assert.equal(rowRuleNote({ applied_rules: ["round_before_multiply"] }, "bg"), "домашно правило");
  assert.equal(rowRuleNote({ applied_rules: ["a", "b"] }, "en"), "house rules");
});

test("the deal's request carries the house rules; a game deal leaves them to the game", () => {
  const { request } = buildRequest(readDeal(complete), { rules: { round_before_multiply: true, capot_cancels_contra: false } });
  assert.deepEqual(request.rules, { round_before_multiply: true });
  assert.equal("rules" in gameDeal(request), false);
  for (const rules of [null, undefined, {}, { round_before_multiply: false }]) {
    assert.equal("rules" in buildRequest(readDeal(complete), { rules }).request, false, JSON.stringify(rules));
  }
  // Unknown ids go to the core, which answers with its unknown_rule error.
  assert.deepEqual(buildRequest(readDeal(complete), { rules: { "round-before": true } }).request.rules, { "round-before": true });
  // An incomplete deal keeps its rules too (the core's questions depend on them).
  const incomplete = buildRequest(readDeal({ ...complete, "last-trick": null }), { rules: { one_declaration_contest: true } });
  assert.equal(incomplete.incomplete, true);
  assert.deepEqual(incomplete.request.rules, { one_declaration_contest: true });
});

test("every game request carries the game's rules (none for the rule book)", () => {
  const deals = [DEAL, { ...DEAL, rules: {} }];
  assert.deepEqual(gameRequest(deals, null, { round_before_multiply: true }), { version: VERSION, deals, rules: { round_before_multiply: true } });
  assert.deepEqual(gameRequest(deals, { us: "Ann", them: "" }, { capot_cancels_contra: true, round_before_multiply: false }), {
    version: VERSION,
    names: { us: "Ann", them: "" },
    deals,
    rules: { capot_cancels_contra: true },
  });
  assert.deepEqual(gameRequest(deals, null, {}), { version: VERSION, deals });
  assert.deepEqual(gameRequest(deals), { version: VERSION, deals });
});

test("a refused rescore says which deal, and which deal can be fixed", () => {
  const words = STRINGS.en.houseRules;
  const asked = {
    code: "needs_answer",
    field: "deals[3].higher.sequence",
    deal: 3,
    message: { bg: "И двата отбора имат кварта: чия е по-висока?", en: "Both teams have a quarte: whose is higher?" },
  };
  const ended = { code: "deals_after_end", field: "deals[2]", deal: 2, message: { en: "The game ends with deal 2; deal 3 comes after the end." } };
  assert.equal(refusalText([asked], "en", words), "Deal 4: Both teams have a quarte: whose is higher?");
  assert.equal(refusalText([asked], "bg", STRINGS.bg.houseRules), "Раздаване 4: И двата отбора имат кварта: чия е по-висока?");
  assert.equal(refusalText([ended], "en", words), "The game ends with deal 2; deal 3 comes after the end.");
  assert.equal(fixableDeal([ended]), null);
  assert.equal(fixableDeal([ended, asked]), 3);
  assert.equal(fixableDeal([]), null);
});
