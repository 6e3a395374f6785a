// widget/sheet/export.js: a game as the contract's JSON file and as CSV for a spreadsheet.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fileName, gameCsv, gameFile } from "../../widget/sheet/export.js";
import { STRINGS as WORDS } from "../../widget/i18n/strings.js";
import { TRAVEL_WORDS } from "../../widget/i18n/travel-strings.js";

const STRINGS = { bg: { ...WORDS.bg, travel: TRAVEL_WORDS.bg }, en: { ...WORDS.en, travel: TRAVEL_WORDS.en } };

const DEAL = {
  contract: "hearts",
  bidder: "us",
  doubling: "contra",
  cards: { team: "them", points: 70 },
  last_trick: "us",
  capot: null,
  announced: { us: { belot: 1, tierce: 0 }, them: { tierce: 2 } },
  higher: {},
};
const GAME = {
  id: "g-1",
  created: "2025-05-14T18:30:00.000Z",
  updated: "2025-05-14T19:00:00.000Z",
  names: { us: "Иван, Петър", them: "" },
  deals: [DEAL, { passed: true }],
};
// What the core answers for it (the parts the CSV reads).
const RESULT = {
  rows: [
    {
      passed: false,
      record: { us: 0, them: 46 },
      totals: { us: 0, them: 46 },
      accepted: { us: { belot: 1 }, them: { tierce: 2 } },
      outcome: "inside",
      doubling: "contra",
      capot: null,
      hanging_out: 0,
    },
    { passed: true, record: { us: 0, them: 0 }, totals: { us: 0, them: 46 }, hanging_out: 0 },
  ],
};

test("the JSON file is the contract's game: version, names, deals; rules only when some are on", () => {
  assert.deepEqual(gameFile(GAME), { version: 1, names: { us: "Иван, Петър", them: "" }, deals: GAME.deals });
  assert.deepEqual(gameFile({ ...GAME, names: { us: "", them: "" } }), { version: 1, deals: GAME.deals });
  assert.deepEqual(gameFile({ ...GAME, rules: { capot_cancels_contra: true } }).rules, { capot_cancels_contra: true });
  assert.equal("rules" in gameFile({ ...GAME, rules: {} }), false);
  assert.deepEqual(Object.keys(gameFile({ ...GAME, rules: { round_before_multiply: true } })), ["version", "names", "rules", "deals"]);
});

test("file names carry the game's start", () => {
  assert.match(fileName(GAME, "json"), /^belot-2025-05-1[45]-\d{4}\.json$/);
  assert.equal(fileName({ ...GAME, created: "nonsense" }, "csv"), "belot-game.csv");
});

function parseCsv(text) {
  // Enough of RFC 4180 for the test: quoted fields with commas and doubled quotes.
  const rows = [];
  for (const line of text.split("\r\n").filter(Boolean)) {
    const cells = [];
    let cell = "";
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const char = line[i];
      if (quoted && char === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = !quoted;
      else if (char === "," && !quoted) {
        cells.push(cell);
        cell = "";
      } else cell += char;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}

test("CSV: a header row in the UI's language, a row per deal, fields quoted when they must be", () => {
  for (const [lang, names, header, row] of [
    [
      "bg",
      { us: "Иван, Петър", them: "Вие" },
      ["№", "Игра", "Обявил", "Контра", "Купчина (точки)", "Последна ръка", "Капо", "Зачетени обяви", "Иван, Петър", "Вие", "Общо Иван, Петър", "Общо Вие", "Бележка"],
      ["1", "купа", "Иван, Петър", "контра", "Вие 70", "Иван, Петър", "", "Иван, Петър: белот; Вие: 2 × терца", "0", "46", "0", "46", "контра, вътре"],
    ],
    [
      "en",
      { us: "Иван, Петър", them: "Them" },
      ["No.", "Contract", "Bidder", "Doubling", "Pile (card points)", "Last trick", "Capot", "Declarations counted", "Иван, Петър", "Them", "Total Иван, Петър", "Total Them", "Note"],
      ["1", "hearts", "Иван, Петър", "contra", "Them 70", "Иван, Петър", "", "Иван, Петър: belot; Them: 2 × tierce", "0", "46", "0", "46", "contra, failed (inside)"],
    ],
  ]) {
    const notes = (r) => (r.passed ? STRINGS[lang].sheet.rowPassed : lang === "bg" ? "контра, вътре" : "contra, failed (inside)");
    const text = gameCsv(GAME, RESULT, STRINGS[lang], lang, names, notes);
    assert.ok(text.endsWith("\r\n"));
    assert.ok(text.includes('"Иван, Петър"'), "a name with a comma is quoted");
    const rows = parseCsv(text);
    assert.deepEqual(rows[0], header);
    assert.deepEqual(rows[1], row);
    assert.deepEqual(rows[2], ["2", STRINGS[lang].sheet.rowPassed, "", "", "", "", "", "", "0", "0", "0", "46", STRINGS[lang].sheet.rowPassed]);
    assert.equal(rows.length, 3);
    assert.ok(rows.every((cells) => cells.length === 13));
  }
});

test("CSV: quotes inside a field are doubled", () => {
  const text = gameCsv(GAME, { rows: [] }, STRINGS.en, "en", { us: 'The "Aces"', them: "Them" }, () => "");
  assert.ok(text.startsWith('No.,Contract,Bidder,Doubling,Pile (card points),Last trick,Capot,Declarations counted,"The ""Aces""",Them,'));
});
