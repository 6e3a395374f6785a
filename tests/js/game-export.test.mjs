// widget/files/export.js: a game as the contract's JSON file and as CSV for a spreadsheet.
import assert from "node:assert/strict";
import { test } from "node:test";

import { csvRows } from "../../widget/files/csv-import.js";
import { csvCell, csvCellText, fileName, gameCsv, gameFile } from "../../widget/files/export.js";
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

test("the JSON file is the contract's game: version, id and date, names, deals; rules only when some are on", () => {
  const identity = { id: "g-1", played: "2025-05-14T18:30:00.000Z" };
  assert.deepEqual(gameFile(GAME), { version: 1, ...identity, names: { us: "Иван, Петър", them: "" }, deals: GAME.deals });
  assert.deepEqual(gameFile({ ...GAME, names: { us: "", them: "" } }), { version: 1, ...identity, deals: GAME.deals });
  assert.deepEqual(gameFile({ ...GAME, id: "no such id!", created: "nonsense" }), { version: 1, names: GAME.names, deals: GAME.deals });
  assert.deepEqual(gameFile({ ...GAME, rules: { capot_cancels_contra: true } }).rules, { capot_cancels_contra: true });
  assert.equal("rules" in gameFile({ ...GAME, rules: {} }), false);
  assert.deepEqual(Object.keys(gameFile({ ...GAME, rules: { round_before_multiply: true } })), ["version", "id", "played", "names", "rules", "deals"]);
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
      [
        "№",
        "Игра",
        "Обявил",
        "Контра",
        "Купчина (точки)",
        "Последна ръка",
        "Капо",
        "Зачетени обяви",
        "Иван, Петър",
        "Вие",
        "Общо Иван, Петър",
        "Общо Вие",
        "Бележка",
        "Връзка към играта",
      ],
      ["1", "купа", "Иван, Петър", "контра", "Вие 70", "Иван, Петър", "", "Иван, Петър: белот; Вие: 2 × терца", "0", "46", "0", "46", "контра, вътре", ""],
    ],
    [
      "en",
      { us: "Иван, Петър", them: "Them" },
      [
        "No.",
        "Contract",
        "Bidder",
        "Doubling",
        "Pile (card points)",
        "Last trick",
        "Capot",
        "Declarations counted",
        "Иван, Петър",
        "Them",
        "Total Иван, Петър",
        "Total Them",
        "Note",
        "Game link",
      ],
      [
        "1",
        "hearts",
        "Иван, Петър",
        "contra",
        "Them 70",
        "Иван, Петър",
        "",
        "Иван, Петър: belot; Them: 2 × tierce",
        "0",
        "46",
        "0",
        "46",
        "contra, failed (inside)",
        "",
      ],
    ],
  ]) {
    const notes = (r) => (r.passed ? STRINGS[lang].sheet.rowPassed : lang === "bg" ? "контра, вътре" : "contra, failed (inside)");
    const text = gameCsv(GAME, RESULT, STRINGS[lang], lang, names, notes);
    assert.ok(text.endsWith("\r\n"));
    assert.ok(text.includes('"Иван, Петър"'), "a name with a comma is quoted");
    const rows = parseCsv(text);
    assert.deepEqual(rows[0], header);
    assert.deepEqual(rows[1], row);
    assert.deepEqual(rows[2], ["2", STRINGS[lang].sheet.rowPassed, "", "", "", "", "", "", "0", "0", "0", "46", STRINGS[lang].sheet.rowPassed, ""]);
    assert.equal(rows.length, 3);
    assert.ok(rows.every((cells) => cells.length === 14));
  }
});

test("CSV: quotes inside a field are doubled", () => {
  const text = gameCsv(GAME, { rows: [] }, STRINGS.en, "en", { us: 'The "Aces"', them: "Them" }, () => "");
  assert.ok(text.startsWith('No.,Contract,Bidder,Doubling,Pile (card points),Last trick,Capot,Declarations counted,"The ""Aces""",Them,'));
});

test("CSV: a normal export is byte for byte what it was before cells were neutralised", () => {
  const notes = (r) => (r.passed ? STRINGS.en.sheet.rowPassed : "contra, failed (inside)");
  const names = { us: 'The "Aces"', them: "Them" };
  assert.equal(
    gameCsv(GAME, RESULT, STRINGS.en, "en", names, notes),
    'No.,Contract,Bidder,Doubling,Pile (card points),Last trick,Capot,Declarations counted,"The ""Aces""",Them,"Total The ""Aces""",Total Them,Note,Game link\r\n' +
      '1,hearts,"The ""Aces""",contra,Them 70,"The ""Aces""",,"The ""Aces"": belot; Them: 2 × tierce",0,46,0,46,"contra, failed (inside)",\r\n' +
      "2,passed,,,,,,,0,0,0,46,passed,\r\n",
  );
  const bg = gameCsv(GAME, RESULT, STRINGS.bg, "bg", { us: "Иван, Петър", them: "Вие" }, notes);
  assert.ok(bg.includes('1,купа,"Иван, Петър",контра,Вие 70,"Иван, Петър",,"Иван, Петър: белот; Вие: 2 × терца",0,46,0,46,'));
});

// What a stranger's link can put into a team name (issue 22), and every character OWASP
// lists for a cell's start, with the mark itself and a quote.
const HOSTILE = ['=HYPERLINK("http://x","y")', "@SUM(1)", "+cmd|' /C calc'!A0", "-2+3", "=1+1", "\t=1+1", "\r=1+1", "\n=1+1", "'=1+1", '"=1+1"', "  =1+1"];
// A cell start as either reader sees one, spaces and quotes skipped: a comma reader
// (RFC 4180, honouring quotes), and a semicolon reader (Excel in Bulgarian) that starts
// a cell at every semicolon, tab and line break, quotes ignored.
const FORMULA = /^[=+\-@\t\r\n]/;
function naiveCellStarts(text) {
  const semicolon = text.split(/[;\t\r\n]/);
  return [...semicolon, ...csvRows(text).flat()].map((piece) => piece.replace(/^[ "]*/, ""));
}

test("csvCell marks text that a spreadsheet would read as a formula, and keeps numbers numbers", () => {
  assert.equal(csvCell('=HYPERLINK("http://x","y")'), `"'=HYPERLINK(""http://x"",""y"")"`);
  assert.equal(csvCell("@SUM(1)"), "'@SUM(1)");
  assert.equal(csvCell("+cmd|' /C calc'!A0"), "'+cmd|' /C calc'!A0");
  assert.equal(csvCell("-2+3"), "'-2+3");
  assert.equal(csvCell("\tx"), `"'\tx"`);
  assert.equal(csvCell("\rx"), `"'\rx"`);
  assert.equal(csvCell("\nx"), `"'\nx"`);
  assert.equal(csvCell("'x"), "''x");
  assert.equal(csvCell("  =x"), "'  =x");
  assert.equal(csvCell("Ivan;=1+1"), `"Ivan;'=1+1"`, "a cell Excel starts at a semicolon");
  assert.equal(csvCell("Ivan; -1"), `"Ivan;' -1"`);
  assert.equal(csvCell("Ivan, Maria"), '"Ivan, Maria"');
  // A comma inside a quoted cell starts nothing: no apostrophe in the middle of a note.
  assert.equal(csvCell("контра, вътре, +8 висящи"), '"контра, вътре, +8 висящи"');
  assert.equal(csvCell("=контра, +8"), `"'=контра, +8"`, "only the cell's first character is marked");
  assert.equal(csvCell("Ivan-Maria = 2 @ home"), "Ivan-Maria = 2 @ home", "only where a cell may start");
  assert.equal(csvCell(""), "");
  assert.equal(csvCell(null), "");
  assert.equal(csvCell(undefined), "");
  for (const [number, text] of [
    [0, "0"],
    [162, "162"],
    [-5, "-5"],
    [2.5, "2.5"],
  ])
    assert.equal(csvCell(number), text);
  assert.equal(csvCell("-5"), "'-5", "text that looks like a number is still text");
  assert.equal(csvCell(Number.NaN), "NaN");
});

test("CSV: every dangerous start in a team name is marked in every cell that shows it", () => {
  for (const name of HOSTILE) {
    for (const team of ["us", "them"]) {
      const names = { us: "Us", them: "Them", [team]: name };
      const game = { ...GAME, deals: [{ ...DEAL, capot: team }, { passed: true }] };
      const text = gameCsv(game, RESULT, STRINGS.en, "en", names, () => "");
      for (const start of naiveCellStarts(text)) assert.doesNotMatch(start, FORMULA, `${JSON.stringify(name)}: ${JSON.stringify(start)}`);
      const rows = parseCsv(text);
      const named = team === "us" ? [rows[0][8], rows[1][2], rows[1][5], rows[1][6]] : [rows[0][9], rows[1][4].replace(/ 70$/, ""), rows[1][6]];
      for (const cell of named) {
        if (name.includes("\r") || name.includes("\n")) continue; // the test's parser splits lines first
        assert.ok(cell.startsWith("'"), `${JSON.stringify(name)} in ${JSON.stringify(cell)}`);
        assert.equal(csvCellText(cell), name);
      }
      assert.deepEqual(
        rows.slice(1).map((cells) => cells.slice(8, 12)),
        [
          ["0", "46", "0", "46"],
          ["0", "0", "0", "46"],
        ],
      );
    }
  }
});

test("CSV: any text cell is marked too — headers, words, declarations and notes", () => {
  const hostile = {
    ...STRINGS.en,
    sheet: { ...STRINGS.en.sheet, rowPassed: "-passed" },
    travel: { ...STRINGS.en.travel, csvNumber: "=No", csvNote: "@Note", csvTotal: "+{team}", csvPile: "\tPile" },
  };
  const text = gameCsv(GAME, RESULT, hostile, "en", { us: "Us", them: "-Them" }, (row) => (row.passed ? "=note" : "x;@note"));
  for (const start of naiveCellStarts(text)) assert.doesNotMatch(start, FORMULA, JSON.stringify(start));
  const rows = parseCsv(text);
  assert.deepEqual(rows[0].slice(0, 1), ["'=No"]);
  assert.deepEqual(rows[0].slice(9), ["'-Them", "'+Us", "'+-Them", "'@Note", "Game link"]);
  assert.equal(rows[0][4], "'\tPile");
  assert.deepEqual(rows[1].slice(4, 5), ["'-Them 70"]);
  assert.equal(rows[1][7], "Us: belot;' -Them: 2 × tierce");
  assert.equal(rows[1][12], "x;'@note");
  assert.deepEqual(rows[2], ["2", "'-passed", "", "", "", "", "", "", "0", "0", "0", "46", "'=note", ""]);
  assert.equal(csvCellText(rows[1][7]), "Us: belot; -Them: 2 × tierce");
});

test("csvCellText undoes csvCell exactly, and no cell start is left unmarked (2,000 random texts)", () => {
  const alphabet = ["=", "+", "-", "@", "\t", "\r", "\n", "'", '"', ",", ";", " ", "a", "Я", "1"];
  let seed = 22;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 2000; i++) {
    const text = Array.from({ length: Math.floor(next() * 12) }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
    const field = csvCell(text);
    const unquoted = field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field;
    assert.equal(csvCellText(unquoted), text, JSON.stringify(text));
    for (const start of naiveCellStarts(field)) assert.doesNotMatch(start, FORMULA, `${JSON.stringify(text)} → ${JSON.stringify(field)}`);
  }
});

test("CSV: a pile counted by its cards shows the points the core counted (issue 24)", () => {
  const counted = { ...GAME, deals: [{ ...DEAL, cards: { team: "them", cards: ["JH", "9H", "AS"] } }] };
  const rows = [{ ...RESULT.rows[0], pile: { team: "them", cards: 3, points: 45 } }];
  const text = gameCsv(counted, { rows }, STRINGS.en, "en", { us: "Us", them: "Them" }, () => "");
  assert.match(text.split("\r\n")[1], /,Them 45,/);
});
