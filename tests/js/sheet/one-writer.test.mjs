// The game book is the only writer of its state (issue 31): no other module of the
// widget assigns one of its fields or changes its maps of games and results; its parts
// ask it through narrow methods (GameBook: "what the parts ask"). And no module of the
// widget imports itself back through others (no import circle).
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const WIDGET = fileURLToPath(new URL("../../../widget/", import.meta.url));
// Its state (a write to a field of one counts too: `book.editing.index = 2`) and its parts
// (replaced only by the book; a part's own settings, as `travel.ask`, are the part's).
const STATE = ["current", "viewing", "editing", "deleted", "error", "undone", "busy", "validated", "games", "results"];
const PARTS = ["notices", "saver", "travel", "edits", "table", "deletes"];
const BOOK = String.raw`(?:\bbook|this\.#book)`;
const ASSIGNED = new RegExp(String.raw`${BOOK}\.(?:(?:${STATE.join("|")})(?:\.[A-Za-z]+)*|${PARTS.join("|")})\s*(?:=(?!=)|\+=|-=|\+\+|--)`, "g");
const MAP_WRITE = new RegExp(String.raw`${BOOK}\.(games|results)\.(set|delete|clear)\(`, "g");

function files(folder = WIDGET) {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return files(full);
    return name.endsWith(".js") ? [full] : [];
  });
}

const relative = (file) => path.relative(WIDGET, file).split(path.sep).join("/");

test("only the game book writes its state: its parts ask it", () => {
  const found = [];
  for (const file of files()) {
    if (relative(file) === "book/game-book.js") continue;
    const text = readFileSync(file, "utf8");
    for (const match of [...text.matchAll(ASSIGNED), ...text.matchAll(MAP_WRITE)]) {
      const line = text.slice(0, match.index).split("\n").length;
      found.push(`${relative(file)}:${line}: ${match[0]}`);
    }
  }
  assert.deepEqual(found, []);
});

test("the check sees a write where there is one", () => {
  const text = "book.error = null; this.#book.editing.fixing = true; book.games.set(id, game); book.saver = x; book.error === null; book.travel.ask = f;";
  assert.equal([...text.matchAll(ASSIGNED)].length, 3);
  assert.equal([...text.matchAll(MAP_WRITE)].length, 1);
});

test("no import circle in widget/", () => {
  const graph = new Map();
  for (const file of files()) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*["'](\.\.?\/[^"']+)["']|^\s*import\s*["'](\.\.?\/[^"']+)["']/gm)].map((match) =>
      path.resolve(path.dirname(file), match[1] ?? match[2]),
    );
    graph.set(file, targets);
  }
  const circles = [];
  const state = new Map(); // file → "open" | "done"
  const visit = (file, trail) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open") {
      circles.push([...trail.slice(trail.indexOf(file)), file].map(relative).join(" → "));
      return;
    }
    state.set(file, "open");
    for (const next of graph.get(file) ?? []) visit(next, [...trail, file]);
    state.set(file, "done");
  };
  for (const file of graph.keys()) visit(file, []);
  assert.deepEqual(circles, []);
});

test("every change the book announces, and every one the view reacts to, is named in book-changes.js", async () => {
  const { CHANGES, changesGame, registered } = await import("../../../widget/book/book-changes.js");
  const read = (name) => readFileSync(path.join(WIDGET, name), "utf8");
  const book = ["game-book.js", "book-edits.js", "book-table.js", "book-travel.js", "book-backup.js", "book-deletes.js", "book-saver.js", "tab-follower.js"]
    .map((name) => `book/${name}`)
    .concat("sheet/match-part.js");
  const announced = new Set(book.flatMap((name) => [...read(name).matchAll(/\btype: "([A-Za-z]+)"/g)].map((match) => match[1])));
  // What the view reacts to: effects.js's cases, the bar's marks, the sheet's lists.
  const reacted = new Set([
    ...[...read("book/effects.js").matchAll(/case "([A-Za-z]+)":/g)].map((match) => match[1]),
    ...["sheet/bar-marks.js", "sheet/score-sheet.js"]
      .flatMap((name) => [...read(name).matchAll(/type === "([A-Za-z]+)"|\[((?:"[A-Za-z]+",? ?)+)\]\.includes\(change\.type\)/g)])
      .flatMap((match) => (match[1] ? [match[1]] : [...match[2].matchAll(/"([A-Za-z]+)"/g)].map((inner) => inner[1]))),
  ]);
  const unnamed = [...announced, ...reacted].filter((type) => !Object.hasOwn(CHANGES, type));
  assert.deepEqual(unnamed, []);
  assert.deepEqual(
    Object.keys(CHANGES).filter((type) => !announced.has(type)),
    [],
    "every named change is announced somewhere",
  );
  assert.ok(reacted.size > 20, `the view's reactions were read (${reacted.size})`);
  assert.equal(changesGame("recorded"), true);
  assert.equal(changesGame("refused"), false);
  assert.throws(() => registered({ type: "recordd" }), /not a change of the game book: recordd/);
});
