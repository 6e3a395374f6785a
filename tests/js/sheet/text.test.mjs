// widget/text.js: the core's cleaning of names, players and notes on every route the
// widget takes (tests/agreement/test_text_js.py compares it with the core over many texts).
import assert from "node:assert/strict";
import { test } from "node:test";

import { MAX_NAME_LENGTH, MAX_NOTE_LENGTH } from "../../../widget/core-tables.js";
import { readBackup } from "../../../widget/files/backup.js";
import { readRecords } from "../../../widget/book/records.js";
import { cleanGame, cleanName, typedField, typedName } from "../../../widget/text.js";

const GAME = { id: "g-1", created: "2025-05-14T18:30:00.000Z", updated: "2025-05-14T19:00:00.000Z", deals: [{ passed: true }] };

test("a name is cleaned as the core cleans it, and cut to its longest", () => {
  assert.equal(cleanName("Ivan\u202eKeep"), "IvanKeep");
  assert.equal(cleanName("\u2067  Мария \u200b и\tАна "), "Мария и Ана");
  assert.equal(cleanName("\u0000\u0007ctl"), "ctl");
  assert.equal([...cleanName("Щ".repeat(MAX_NAME_LENGTH + 5))].length, MAX_NAME_LENGTH);
  assert.equal(cleanName(`${"a".repeat(MAX_NAME_LENGTH - 1)} b`), "a".repeat(MAX_NAME_LENGTH - 1), "cut at a space: no space left at the end");
});

test("while typing, a space stays for the next letter; what nobody sees goes at once", () => {
  assert.equal(typedName("Ivan "), "Ivan ");
  assert.equal(typedName("Iv\u202ean"), "Ivan");
  assert.equal([...typedName("я".repeat(60))].length, MAX_NAME_LENGTH);
});

test("a typed field sends what is kept on each key and the cleaned name when it is left", () => {
  const listeners = {};
  const input = { value: "", addEventListener: (type, listener) => (listeners[type] = listener) };
  const sent = [];
  typedField(input, (value) => sent.push(value));
  for (const value of ["I", "Iv", "Iv\u202e", "Iv\u202ea ", "Iv\u202ea  n "]) {
    input.value = value;
    listeners.input();
  }
  listeners.change();
  assert.deepEqual(sent, ["I", "Iv", "Iv", "Iva ", "Iva  n ", "Iva n"]);
  assert.equal(input.value, "Iva n");
});

test("a note is cut to the note's longest, not a name's", () => {
  const listeners = {};
  const input = { value: "", addEventListener: (type, listener) => (listeners[type] = listener) };
  const sent = [];
  typedField(input, (value) => sent.push(value), MAX_NOTE_LENGTH);
  input.value = "x".repeat(MAX_NOTE_LENGTH + 10);
  listeners.change();
  assert.equal(sent.at(-1).length, MAX_NOTE_LENGTH);
});

test("a game's names, players and note are cleaned; what is no string is left to the core", () => {
  const game = cleanGame({
    ...GAME,
    names: { us: " Ivan\u202eKeep ", them: 7 },
    seats: { us: ["\u200bАна", "Петър\u0000"], them: ["Мария", null] },
    note: "\u2066На вилата\u2069 ",
  });
  assert.deepEqual(game.names, { us: "IvanKeep", them: 7 });
  assert.deepEqual(game.seats, { us: ["Ана", "Петър"], them: ["Мария", null] });
  assert.equal(game.note, "На вилата");
});

test("a backup's and the store's games come in with clean names (issue 32: a team named U+0000 U+0007 ctl)", () => {
  const raw = { ...GAME, names: { us: "\u0000\u0007ctl", them: "Ivan\u202eKeep" }, seats: { us: ["\u2067Ана", "Б"], them: ["В", "Г"] } };
  const read = readBackup({ belot_backup: 1, saved: "2026-01-01T00:00:00.000Z", games: [raw] });
  assert.deepEqual(read.games[0].names, { us: "ctl", them: "IvanKeep" });
  assert.deepEqual(read.games[0].seats.us, ["Ана", "Б"]);
  const stored = readRecords([raw]);
  assert.deepEqual(stored.games[0].names, { us: "ctl", them: "IvanKeep" });
  assert.deepEqual(stored.cut, [], "a cleaned name is no cut name: nothing kept aside");
});
