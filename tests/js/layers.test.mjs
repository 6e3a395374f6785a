// The widget's folders are its layers (docs/architecture.md, issue 31 point 4). The pure
// ones — the game book, its storage, its files, the deal's request, the words, the shared
// text and tables — never import a view (ui/, sheet/, form/, element/, styles/) and never
// touch the page; the runtime, which talks to the worker, imports no view either. So the
// logic a tap runs is testable in Node, and a view is replaceable without touching it.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const WIDGET = fileURLToPath(new URL("../../widget/", import.meta.url));
const PURE = ["book", "store", "files", "deal", "i18n", "text.js", "core-tables.js", "core-words.js", "tasks.js", "build.js"];
const NO_VIEWS = [...PURE, "runtime"];
const VIEWS = ["ui", "sheet", "form", "element", "styles"];
// `document` and `window` are the page; a pure module gets what it needs passed in.
const PAGE = /\b(?:document|window|customElements|HTMLElement)\b(?!["'])/;

function files(folder) {
  const full = path.join(WIDGET, folder);
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full).flatMap((name) => files(path.join(folder, name)));
}

/** Every module `file` names: static imports, re-exports, import() and new URL(…). */
export function importsOf(file) {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/\b(?:from|import)\s*\(?\s*["'](\.\.?\/[^"']+)["']|new URL\(\s*["'](\.\.?\/[^"']+\.m?js)["']/g)];
  return specs.map((match) =>
    path
      .relative(WIDGET, path.resolve(path.dirname(file), match[1] ?? match[2]))
      .split(path.sep)
      .join("/"),
  );
}

const layerOf = (relative) => relative.split("/")[0];
const code = (text) => text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");

test("pure folders and the runtime import no view", () => {
  const found = [];
  for (const layer of NO_VIEWS) {
    for (const file of files(layer).filter((name) => name.endsWith(".js"))) {
      for (const target of importsOf(file)) {
        if (VIEWS.includes(layerOf(target))) found.push(`${path.relative(WIDGET, file)} → ${target}`);
      }
    }
  }
  assert.deepEqual(found, []);
});

test("pure folders never touch the page", () => {
  const found = [];
  for (const layer of PURE) {
    for (const file of files(layer).filter((name) => name.endsWith(".js"))) {
      const lines = code(readFileSync(file, "utf8")).split("\n");
      lines.forEach((line, index) => PAGE.test(line) && found.push(`${path.relative(WIDGET, file)}:${index + 1}: ${line.trim()}`));
    }
  }
  assert.deepEqual(found, []);
});

test("the layers' folders are the widget's folders: a new one is placed on purpose", () => {
  const folders = readdirSync(WIDGET).filter((name) => statSync(path.join(WIDGET, name)).isDirectory() && name !== "vendor");
  assert.deepEqual(
    folders.filter((name) => !NO_VIEWS.includes(name) && !VIEWS.includes(name)),
    [],
  );
});

test("the check sees a view imported where one is", () => {
  const here = fileURLToPath(import.meta.url);
  assert.ok(importsOf(here).length === 0);
  const sample = path.join(WIDGET, "book", "game-book.js");
  assert.ok(
    importsOf(sample).some((target) => layerOf(target) === "book"),
    "reads the book's own imports",
  );
  assert.ok(PAGE.test("const x = document.createElement('p');"));
  assert.ok(!PAGE.test("// no document here".replace(/\/\/.*$/, "")));
});
