// widget/i18n/strings.js and widget/i18n/travel-strings.js: the game's words are the core's
// (core-tables.js NOUNS), the game's numbers too; the widget writes only its own words.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { LAST_TRICK_POINTS, OUTCOMES } from "../../widget/core-tables.js";
import { NOUNS } from "../../widget/core-words.js";
import { capitalize, format, LANGUAGES, STRINGS } from "../../widget/i18n/strings.js";
import { TRAVEL_WORDS } from "../../widget/i18n/travel-strings.js";
import { formatParts } from "../../widget/i18n/format.js";

const source = (name) => readFileSync(new URL(`../../widget/${name}`, import.meta.url), "utf8");

test("a result's outcome is the core's word", () => {
  for (const lang of LANGUAGES) {
    assert.deepEqual(Object.keys(STRINGS[lang].outcomes), OUTCOMES);
    for (const outcome of OUTCOMES) assert.equal(STRINGS[lang].outcomes[outcome], capitalize(NOUNS[lang].outcomes[outcome]));
  }
  // The words players see stay as they were.
  assert.deepEqual(STRINGS.bg.outcomes, { made: "Изкарана", inside: "Вътре", hanging: "Висяща" });
  assert.deepEqual(STRINGS.en.outcomes, { made: "Made", inside: "Failed (inside)", hanging: "Hanging" });
});

test("a capot, all passed and what hangs are the core's words, on the form and the sheet", () => {
  for (const lang of LANGUAGES) {
    const s = STRINGS[lang];
    const words = NOUNS[lang].words;
    assert.equal(s.capot, capitalize(words.capot));
    assert.equal(s.sheet.passed, capitalize(words.passed));
    for (const key of ["rowPassed", "textPassed"]) assert.equal(s.sheet[key], words.passed_short, key);
    for (const key of ["rowCapot", "textCapot"]) assert.equal(s.sheet[key], words.capot_short, key);
    assert.equal(s.sheet.rowInside, NOUNS[lang].outcomes.inside);
    for (const template of [s.barHanging, s.sheet.rowHanging, s.sheet.textHanging, s.sheet.totalsHanging]) {
      assert.equal(template, words.hang);
    }
    assert.equal(format(s.capotOption, { team: s.teams.us }), `${capitalize(words.capot_short)}: ${s.teams.us}`);
    assert.equal(s.capotLead, `${capitalize(words.capot_short)}:`);
    assert.equal(TRAVEL_WORDS[lang].csvCapot, capitalize(words.capot_short));
  }
  assert.equal(STRINGS.bg.capot, "Капо (валат)");
  assert.equal(format(STRINGS.bg.sheet.rowHanging, { points: 8 }), "висят 8");
  assert.equal(format(STRINGS.en.sheet.rowHanging, { points: 8 }), "8 hanging");
  assert.equal(format(STRINGS.bg.capotOption, { team: "Ние" }), "Капо: Ние");
  assert.equal(STRINGS.en.sheet.rowInside, "failed (inside)");
});

test("the last trick's points are the core's number", () => {
  assert.equal(STRINGS.en.pointsHint, `without the ${LAST_TRICK_POINTS} for the last trick`);
  assert.equal(STRINGS.bg.pointsHint, `без ${LAST_TRICK_POINTS}-те от последната ръка`);
});

test("the widget's word files write no game word of the core's, nor the last trick's ten", () => {
  const words = new Set();
  for (const lang of LANGUAGES) {
    const nouns = NOUNS[lang];
    for (const word of [...Object.values(nouns.outcomes), ...Object.values(nouns.words)]) {
      words.add(word);
      words.add(capitalize(word));
    }
  }
  for (const name of ["i18n/strings.js", "i18n/travel-strings.js"]) {
    const text = source(name);
    for (const word of words) assert.ok(!text.includes(`"${word}"`), `${name} writes "${word}": take it from core-tables.js`);
    for (const ten of ["десетте", "the ten"]) assert.ok(!text.includes(ten), `${name} writes "${ten}": LAST_TRICK_POINTS`);
  }
});

test("a number of deals is said as players say it: 1 deal, 2 deals", async () => {
  const { plural } = await import("../../widget/i18n/format.js");
  const forms = (lang) => STRINGS[lang].sheet.gameDeals;
  assert.equal(plural(forms("en"), 1, "en"), "1\u00a0deal");
  assert.equal(plural(forms("en"), 2, "en"), "2\u00a0deals");
  assert.equal(plural(forms("bg"), 1, "bg"), "1\u00a0раздаване");
  assert.equal(plural(forms("bg"), 40, "bg"), "40\u00a0раздавания");
  assert.equal(plural("{count} x", 3, "en"), "3 x"); // a plain template still works
  for (const lang of LANGUAGES) {
    assert.match(format(TRAVEL_WORDS[lang].sharedText, { deals: plural(forms(lang), 1, lang) }), /1\u00a0(deal|раздаване)\./);
  }
});

test("formatParts: a template's filled placeholders as pieces of their own, the rest as text", () => {
  const params = { usName: "Ivan\u202e", themName: "مريم", us: 11, them: 7, deals: "1 deal" };
  for (const lang of LANGUAGES) {
    const template = TRAVEL_WORDS[lang].sharedText;
    const parts = formatParts(template, params);
    assert.equal(parts.map((part) => (typeof part === "string" ? part : part.text)).join(""), format(template, params));
    assert.deepEqual(
      parts.filter((part) => typeof part !== "string").map((part) => part.name),
      ["usName", "us", "them", "themName", "deals"],
    );
  }
  assert.deepEqual(formatParts("{a} and {b}, {c}", { a: "x", c: 0 }), [{ name: "a", text: "x" }, " and ", "{b}", ", ", { name: "c", text: "0" }]);
  assert.deepEqual(formatParts("", {}), []);
});
