// widget/deal/request.js: attribute values → the core's JSON request, without a browser.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  ANSWERS,
  CARRES,
  CONTRACTS,
  DECK_POINTS,
  DECLARATIONS,
  HAS_DECLARATIONS,
  MAX_BELOTS,
  MAX_HANGING,
  MAX_SHOWN,
  MESSAGES,
  VERSION,
} from "../../widget/core-tables.js";
import {
  buildRequest,
  countLimit,
  dealAttributes,
  FACTS,
  formatDeclarations,
  gameDeal,
  gameRequest,
  MAX_COUNT,
  parseDeclarations,
  piles,
  questionsAsked,
  readDeal,
  sameRequest,
  wholeNumber,
} from "../../widget/deal/request.js";
import { format } from "../../widget/i18n/strings.js";

const none = Object.fromEntries(DECLARATIONS.map((kind) => [kind, 0]));
const request = (attributes, options) => buildRequest(readDeal(attributes), options);
/** A deal with every fact given, for the tests about one field. */
const given = { contract: "clubs", bidder: "us", "last-trick": "us" };
const complete = (attributes, options) => request({ ...given, ...attributes }, options);

test("prefilled attributes become the core's request", () => {
  const {
    request: sent,
    problems,
    incomplete,
  } = request({
    contract: "hearts",
    bidder: "them",
    doubling: "recontra",
    "pile-team": "them",
    "pile-points": "82",
    "last-trick": "them",
    "declarations-us": "tierce:1,belot",
    "declarations-them": "carre_jacks:1",
    "hanging-in": "9",
  });
  assert.deepEqual(problems, []);
  assert.equal(incomplete, false);
  assert.deepEqual(sent, {
    version: VERSION,
    contract: "hearts",
    bidder: "them",
    doubling: "recontra",
    cards: { team: "them", points: 82 },
    last_trick: "them",
    capot: null,
    announced: {
      us: { ...none, tierce: 1, belot: 1 },
      them: { ...none, carre_jacks: 1 },
    },
    hanging_in: 9,
  });
  assert.deepEqual(Object.keys(sent.announced.us), DECLARATIONS, "in the core's order");
});

test("the game and the last trick have no default: unknown or missing values are not chosen", () => {
  const deal = readDeal({ contract: "trumps", bidder: null, doubling: "triple", capot: "both", "last-trick": "we" });
  assert.deepEqual([deal.contract, deal.bidder, deal.doubling, deal.pileTeam, deal.lastTrick, deal.capot], [null, null, "none", "us", null, "none"]);
  assert.deepEqual(deal.higher, { sequence: null, carre: null });
  assert.deepEqual(readDeal({}), readDeal(null));
});

test("what is missing is named in the form's order, and its fields are left out", () => {
  assert.deepEqual(FACTS, ["game", "points", "last_trick"]);
  const empty = request({});
  assert.deepEqual([empty.incomplete, empty.missing, empty.problems], [true, FACTS, []]);
  assert.deepEqual(Object.keys(empty.request), ["version", "doubling", "capot", "announced", "hanging_in"]);
  // A contract without a bidder is no game yet (the grid chooses both at once).
  assert.deepEqual(request({ contract: "hearts", "pile-points": "82", "last-trick": "us" }).missing, ["game"]);
  const noLast = request({ contract: "hearts", bidder: "them", "pile-points": "82" });
  assert.deepEqual([noLast.missing, noLast.request.last_trick], [["last_trick"], undefined]);
  assert.deepEqual(complete({ "pile-points": "0" }).missing, []);
  // A capot needs no points and no last trick: the capot team has them all.
  assert.deepEqual(request({ contract: "hearts", bidder: "us", capot: "them" }).missing, []);
  assert.deepEqual(request({ capot: "them" }).missing, ["game"]);
});

test("declarations: a bare name counts 1, counts stop at MAX_COUNT, unknown names are ignored", () => {
  assert.deepEqual(parseDeclarations(" quint , carre:2, bogus:3, quarte:x, tierce:-1, belot:99"), {
    ...none,
    quint: 1,
    carre: 2,
    belot: MAX_COUNT,
  });
  assert.equal(formatDeclarations({ belot: 1, carre: 2, tierce: 0, quint: 1 }), "quint:1,carre:2,belot:1");
  assert.equal(formatDeclarations(undefined), "");
  assert.deepEqual(parseDeclarations(formatDeclarations({ ...none, quarte: 3 })), { ...none, quarte: 3 });
});

test("a capot fills in the deck's card points and the last trick, for every contract", () => {
  for (const contract of CONTRACTS) {
    const { request: sent, problems, incomplete } = complete({ contract, capot: "them", "pile-points": "30" });
    assert.deepEqual(sent.cards, { team: "them", points: DECK_POINTS[contract] }, contract);
    assert.equal(sent.last_trick, "them");
    assert.equal(sent.capot, "them");
    assert.deepEqual([problems, incomplete], [[], false]);
  }
  // The pile's own text does not matter then, not even when it is no number.
  const typed = complete({ capot: "us", "pile-points": "abc" }, { badInput: { "pile-points": true } });
  assert.deepEqual([typed.problems, typed.incomplete], [[], false]);
});

test("contracts without declarations send none, and the attributes keep them", () => {
  for (const contract of CONTRACTS) {
    const attributes = { contract, "pile-points": "50", "declarations-us": "tierce:1", "higher-sequence": "us" };
    const { request: sent } = complete(attributes);
    const expected = HAS_DECLARATIONS[contract] ? { us: { ...none, tierce: 1 }, them: none } : undefined;
    assert.deepEqual(sent.announced, expected, contract);
    assert.equal("declarations" in sent, false);
    assert.deepEqual(sent.higher, HAS_DECLARATIONS[contract] ? { sequence: "us" } : undefined, contract);
    assert.equal(readDeal(attributes).declarations.us.tierce, 1);
  }
  assert.equal(HAS_DECLARATIONS.no_trumps, false);
});

test("announced declarations go with the answers given, unanswered questions left out", () => {
  const { request: sent } = complete({
    "declarations-us": "quarte",
    "declarations-them": "quarte",
    "higher-sequence": "equal",
    "higher-carre": "sideways",
  });
  assert.deepEqual(sent.higher, { sequence: "equal" });
  assert.equal("higher" in complete({ "declarations-us": "quarte" }).request, false);
  for (const [question, answers] of Object.entries(ANSWERS)) {
    for (const answer of answers) {
      assert.equal(readDeal({ [`higher-${question}`]: answer }).higher[question], answer);
    }
  }
  assert.equal(readDeal({ "higher-carre": "equal" }).higher.carre, null, "carrés never tie");
});

test("a deal recorded with accepted declarations sends them back as accepted", () => {
  const { request: sent } = complete({ "declarations-us": "quarte", "declarations-them": "tierce" }, { accepted: true });
  assert.deepEqual(sent.declarations, { us: { ...none, quarte: 1 }, them: { ...none, tierce: 1 } });
  assert.equal("announced" in sent || "higher" in sent, false);
});

test("an incomplete deal is a probe when both teams announced: the core may have a question", () => {
  const both = { "declarations-us": "quarte", "declarations-them": "quarte:1,belot" };
  const probe = request({ contract: "hearts", ...both });
  assert.deepEqual([probe.incomplete, probe.probe, probe.missing], [true, true, ["game", "points", "last_trick"]]);
  assert.equal(request({ "declarations-us": "quarte" }).probe, false, "one team: nothing to compare");
  assert.equal(request({ contract: "no_trumps", bidder: "us", ...both }).probe, false, "none sent");
  assert.equal(complete({ "pile-points": "82", ...both }).probe, false, "complete: a plain request");
  assert.equal(request({ ...both, "pile-points": "x" }).probe, false, "a problem of its own first");
  const reply = [
    { code: "missing_field", field: "cards" },
    { code: "needs_answer", field: "higher.sequence", params: { question: "sequence", kind: "quarte", choices: ["us", "them", "equal"] } },
  ];
  assert.deepEqual(
    questionsAsked(reply).map((error) => error.field),
    ["higher.sequence"],
  );
  assert.deepEqual(questionsAsked(undefined), []);
});

test("no card points yet: incomplete, not a problem", () => {
  const { problems, incomplete, missing } = complete({ "pile-points": "  " });
  assert.deepEqual(problems, []);
  assert.equal(incomplete, true);
  assert.deepEqual(missing, ["points"]);
});

test("the other pile is the deck less the one entered, from the core's deck points", () => {
  for (const contract of CONTRACTS) {
    const deck = DECK_POINTS[contract];
    assert.deepEqual(piles(readDeal({ contract, "pile-points": "50" })), { us: 50, them: deck - 50 });
    assert.deepEqual(piles(readDeal({ contract, "pile-team": "them", "pile-points": "0" })), { us: deck, them: 0 });
    assert.deepEqual(piles(readDeal({ contract, capot: "them", "pile-points": "7" })), { us: 0, them: deck });
    assert.equal(piles(readDeal({ contract, "pile-points": String(deck + 1) })), null, "out of range: the core says so");
  }
  assert.equal(piles(readDeal({ "pile-points": "50" })), null, "no contract, no deck");
  assert.equal(piles(readDeal({ contract: "hearts", "pile-points": "5x" })), null);
});

test("a team announces at most what the deck holds (the core's tables), belots by contract", () => {
  for (const [kind, inDeck] of Object.entries(CARRES)) assert.equal(countLimit(kind, "hearts"), inDeck);
  for (const contract of CONTRACTS) assert.equal(countLimit("belot", contract), MAX_BELOTS[contract]);
  assert.equal(countLimit("belot", null), Math.max(...Object.values(MAX_BELOTS)));
  assert.equal(countLimit("tierce", "hearts"), MAX_COUNT);
});

test("text that is no whole number is the core's not_integer, in the core's words", () => {
  const { problems, incomplete } = complete({ "pile-points": "7.5", "hanging-in": "1e3" });
  assert.equal(incomplete, false);
  assert.deepEqual(
    problems.map(({ code, field, params }) => [code, field, params]),
    [
      ["not_integer", "cards.points", { value: '"7.5"' }],
      ["not_integer", "hanging_in", { value: '"1e3"' }],
    ],
  );
  assert.deepEqual(problems[1].message, {
    bg: format(MESSAGES.not_integer.bg, { value: '"1e3"' }),
    en: 'Enter a whole number (got "1e3").',
  });
  // The core shows at most MAX_SHOWN (40) characters of a bad value, cut with "…".
  assert.equal(MAX_SHOWN, 40);
  const [long] = complete({ "pile-points": "x".repeat(60) }).problems;
  assert.equal(long.params.value, `"${"x".repeat(MAX_SHOWN - 2)}…`);
  assert.equal(long.params.value.length, MAX_SHOWN);
  const [edge] = complete({ "pile-points": "x".repeat(MAX_SHOWN - 2) }).problems;
  assert.equal(edge.params.value, `"${"x".repeat(MAX_SHOWN - 2)}"`, "exactly MAX_SHOWN: not cut");
});

test("text the browser rejects (bad input) is not_integer with the value unknown", () => {
  const { problems, incomplete } = complete({ "pile-points": "", "hanging-in": "" }, { badInput: { "pile-points": true, "hanging-in": true } });
  assert.equal(incomplete, false);
  assert.deepEqual(
    problems.map(({ field, params }) => [field, params.value]),
    [
      ["cards.points", "?"],
      ["hanging_in", "?"],
    ],
  );
  assert.equal(problems[0].message.en, "Enter a whole number (got ?).");
});

test("hanging points: empty is 0, a whole number as typed", () => {
  assert.equal(complete({ "pile-points": "1" }).request.hanging_in, 0);
  assert.equal(complete({ "pile-points": "1", "hanging-in": " 17 " }).request.hanging_in, 17);
  // Negative numbers are the core's to refuse (hanging_out_of_range).
  assert.equal(complete({ "pile-points": "-3", "hanging-in": "-1" }).request.hanging_in, -1);
  assert.equal(wholeNumber(" -3 "), -3);
  assert.equal(wholeNumber("3.0"), null);
});

test("a recorded deal loads back into the same attributes and request", () => {
  const deal = {
    contract: "all_trumps",
    bidder: "them",
    doubling: "contra",
    cards: { team: "them", points: 100 },
    last_trick: "us",
    capot: null,
    announced: { us: { ...none, quarte: 1 }, them: { ...none, quarte: 1, belot: 2 } },
    higher: { sequence: "them" },
  };
  const { attributes, accepted } = dealAttributes(deal);
  assert.equal(attributes["pile-points"], "100");
  assert.equal(attributes.capot, "none");
  assert.equal(attributes["higher-sequence"], "them");
  assert.equal(accepted, false);
  assert.deepEqual(gameDeal(request(attributes).request), deal);
  // Recorded before announcements: accepted declarations, sent back as accepted.
  const old = { ...deal, declarations: deal.announced };
  delete old.announced;
  delete old.higher;
  const loaded = dealAttributes(old);
  assert.equal(loaded.accepted, true);
  assert.deepEqual(gameDeal(request(loaded.attributes, { accepted: loaded.accepted }).request), old);
  const passed = dealAttributes({ passed: true }).attributes;
  assert.deepEqual([passed["pile-points"], passed.contract, passed["last-trick"]], [null, null, null]);
});

test("a game deal is the request without version and hanging_in", () => {
  const { request: sent } = complete({ "pile-points": "82", "hanging-in": "5" });
  const deal = gameDeal(sent);
  assert.equal("version" in deal || "hanging_in" in deal, false);
  assert.deepEqual({ ...deal, version: VERSION, hanging_in: 5 }, sent);
  assert.ok(sameRequest(sent, structuredClone(sent)));
  assert.ok(!sameRequest(sent, { ...sent, hanging_in: 6 }));
});

test("team names go to the core only when a team has its own", () => {
  const named = complete({ "pile-points": "82" }, { names: { us: " Иван и Петър ", them: "" } });
  assert.deepEqual(named.request.names, { us: "Иван и Петър", them: "" });
  assert.equal("names" in gameDeal(named.request), false, "a game's deals carry no names");
  for (const names of [null, undefined, { us: "", them: "  " }]) {
    assert.equal("names" in request({ "pile-points": "82" }, { names }).request, false);
  }
  const deals = [{ passed: true }];
  assert.deepEqual(gameRequest(deals, { us: "", them: "Ivo" }), { version: VERSION, names: { us: "", them: "Ivo" }, deals });
  assert.deepEqual(gameRequest(deals, { us: "", them: "" }), { version: VERSION, deals });
});

test("a game request asks for the explanations the sheet shows, and only when told", () => {
  const deals = [{ passed: true }, { passed: true }];
  assert.equal("explain" in gameRequest(deals, null), false, "absent: every row, as before");
  assert.deepEqual(gameRequest(deals, null, null, { explain: "none" }), { version: VERSION, deals, explain: "none" });
  assert.deepEqual(gameRequest(deals, { us: "Ivo", them: "" }, null, { explain: [1] }), {
    version: VERSION,
    names: { us: "Ivo", them: "" },
    deals,
    explain: [1],
  });
});

// Issue 12 §8: what JavaScript cannot carry exactly, and counts that are no counts.

const message = (code, params) => Object.fromEntries(Object.entries(MESSAGES[code]).map(([lang, template]) => [lang, format(template, params)]));

test("a whole number beyond what a float holds is out of range, shown exactly as typed", () => {
  const { problems } = request({ contract: "hearts", "pile-points": "99999999999999999999999" });
  assert.deepEqual(problems, [
    {
      code: "points_out_of_range",
      field: "cards.points",
      params: { value: "99999999999999999999999", max: DECK_POINTS.hearts },
      message: message("points_out_of_range", { value: "99999999999999999999999", max: DECK_POINTS.hearts }),
    },
  ]);
  assert.match(problems[0].message.en, /got 99999999999999999999999\.$/);
  assert.doesNotMatch(JSON.stringify(problems), /99999999999999991611392|e\+|null/);
});

test("a 400-digit number is shown cut, never as null", () => {
  const digits = "0012" + "3".repeat(400);
  const { problems } = request({ contract: "no_trumps", "pile-points": digits });
  const shown = "12" + "3".repeat(37) + "…";
  assert.deepEqual(
    problems.map((p) => [p.code, p.params]),
    [["points_out_of_range", { value: shown, max: DECK_POINTS.no_trumps }]],
  );
  assert.ok(problems[0].message.bg.endsWith(`${shown}.`));
  const hanging = request({ "pile-points": "82", "hanging-in": "-" + "9".repeat(30) }).problems;
  assert.deepEqual(
    hanging.map((p) => [p.code, p.field, p.params]),
    [["hanging_out_of_range", "hanging_in", { value: "-" + "9".repeat(30), max: MAX_HANGING }]],
  );
  assert.equal(request({ "pile-points": String(Number.MAX_SAFE_INTEGER) }).problems.length, 0, "the core says it");
});

test("a declaration count that is not a whole number is flagged, never read as another", () => {
  assert.equal(parseDeclarations("tierce:1e3").tierce, 0, "not 1");
  const { problems, request: sent } = complete({ "pile-points": "82", "declarations-us": "tierce:1e3,belot", "declarations-them": "quarte:-1,quint:x" });
  assert.deepEqual(
    problems.map((p) => [p.code, p.field, p.params]),
    [
      ["not_integer", "announced.us.tierce", { value: '"1e3"' }],
      ["negative_count", "announced.them.quarte", { value: "-1" }],
      ["not_integer", "announced.them.quint", { value: '"x"' }],
    ],
  );
  assert.deepEqual(problems[0].message, message("not_integer", { value: '"1e3"' }));
  assert.deepEqual(problems[1].message, message("negative_count", { value: "-1" }));
  assert.equal(sent.announced.us.belot, 1);
  // Recorded with accepted declarations, the field is where they are sent.
  const accepted = complete({ "pile-points": "82", "declarations-us": "tierce:1e3" }, { accepted: true });
  assert.deepEqual(
    accepted.problems.map((p) => p.field),
    ["declarations.us.tierce"],
  );
  // In No trumps no declarations are sent, so none is flagged.
  assert.deepEqual(complete({ contract: "no_trumps", "pile-points": "60", "declarations-us": "tierce:1e3" }).problems, []);
  // Unknown names stay ignored (attributes fall back to the default), as before.
  assert.deepEqual(complete({ "pile-points": "82", "declarations-us": "sextet:2" }).problems, []);
});
