// widget/sheet/summary.js: the sheet's words for a game — names, dates, a row's note, the
// game as text — from plain data.
import assert from "node:assert/strict";
import { test } from "node:test";

import { format, STRINGS } from "../../../widget/i18n/strings.js";
import { STORE_WORDS } from "../../../widget/i18n/store-strings.js";
import { TRAVEL_WORDS } from "../../../widget/i18n/travel-strings.js";
import { formatDate, rowNotes, rowWhy, statusText, summaryText, teamNames, winnerParams } from "../../../widget/sheet/summary.js";

const words = (lang) => ({ ...STRINGS[lang], store: STORE_WORDS[lang], travel: TRAVEL_WORDS[lang] });

test("a game's own names, or the language's Ние/Вие when none is typed", () => {
  assert.deepEqual(teamNames({ names: { us: " Ана ", them: "" } }, STRINGS.bg), { us: "Ана", them: "Вие" });
  assert.deepEqual(teamNames(null, STRINGS.en), { us: "Us", them: "Them" });
});

test("the winners' line puts the winners' score first, whichever column won (issue 30 §8)", () => {
  const names = { us: "Иван и Петър", them: "Мария и Ана" };
  const line = (winner, totals) => format(STRINGS.bg.sheet.winner, winnerParams({ winner, totals }, names));
  assert.equal(line("them", { us: 130, them: 164 }), "Победители: Мария и Ана (164\u00a0:\u00a0130)");
  assert.equal(line("us", { us: 151, them: 90 }), "Победители: Иван и Петър (151\u00a0:\u00a090)");
});

test("a date as the reader's language writes it; a stamp that is no date stays as it is", () => {
  assert.match(formatDate("2026-01-02T20:00:00.000Z", "bg"), /2026/);
  assert.match(formatDate("2026-01-02T20:00:00.000Z", "en"), /Jan 2026/);
  assert.equal(formatDate("not a date", "en"), "not a date");
});

test("a row's note: passed, contra, capot, inside, what hangs", () => {
  const t = STRINGS.bg.sheet;
  assert.deepEqual(rowNotes({ passed: true }, t, "bg"), [t.rowPassed]);
  assert.deepEqual(rowNotes({ doubling: "contra", capot: "us", outcome: "inside", hanging_out: 8 }, t, "bg"), ["контра", t.rowCapot, t.rowInside, "висят 8"]);
});

test("a row says why the game goes on in the core's words, from its status code and totals", () => {
  const capot = { status: { code: "status_capot" }, totals: { us: 168, them: 65 } };
  assert.equal(rowWhy(capot, "bg"), "Капо – играта не свършва с капо; решава следващото раздаване.");
  assert.equal(rowWhy(capot, "en"), "Capot – a game never ends on a capot; one more deal decides.");
  const tied = { status: { code: "status_tied" }, totals: { us: 157, them: 157 } };
  assert.equal(rowWhy(tied, "bg"), "Равни на 157 – играе се още.");
  assert.equal(rowWhy(tied, "en"), "Tied at 157 – play on.");
});

test("a row where the game simply goes on, is passed or won says no why", () => {
  const totals = { us: 10, them: 0 };
  assert.equal(rowWhy({ totals }, "bg"), ""); // no status: the game goes on
  assert.equal(rowWhy({ status: { code: "status_playing" }, totals }, "bg"), "");
  assert.equal(rowWhy({ status: { code: "status_passed" }, totals }, "en"), "");
  assert.equal(rowWhy({ status: { code: "status_won" }, totals }, "en"), "");
});

test("the game as text: title, names, a line per deal, the totals and where it stands", () => {
  const game = { created: "2026-01-02T20:00:00.000Z", names: { us: "", them: "" } };
  const result = {
    rows: [{ passed: false, record: { us: 0, them: 8 }, hanging_out: 8 }, { passed: true }],
    totals: { us: 0, them: 8 },
    hanging: 8,
    winner: null,
    status: { code: "status_playing", message: { bg: "Играта продължава.", en: "The game goes on." } },
  };
  const lines = summaryText(game, result, words("en"), "en").split("\n");
  assert.match(lines[0], /^Belot · /);
  assert.deepEqual(lines.slice(1), [
    "Us : Them",
    "1. 0 : 8 (8 hanging)",
    `2. ${STRINGS.en.sheet.textPassed}`,
    "Total: Us 0 : 8 Them",
    "The game goes on.",
    "Hanging: 8",
  ]);
  assert.equal(statusText(result, "bg"), "Играта продължава.");
  const won = { ...result, winner: "them", unclaimed: 3 };
  assert.match(summaryText(game, won, words("bg"), "bg"), /Победители: Вие\nНеприбрани висящи: 3$/);
});
