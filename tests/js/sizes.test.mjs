// The widget's sizes, as the team holds them: no file over 500 lines, no class over 400,
// no function or method over 60 (generated and vendored files aside). Measured on the
// source as it is formatted (two-space indents): a class or function runs from its
// header to the closing brace at the header's indentation.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const WIDGET = fileURLToPath(new URL("../../widget/", import.meta.url));
const GENERATED = new Set(["core-tables.js", "core-words.js", "build.js"]);

export function widgetFiles(folder = WIDGET) {
  const files = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (name !== "vendor") files.push(...widgetFiles(path));
    } else if (name.endsWith(".js") && !GENERATED.has(name)) files.push(path);
  }
  return files.sort();
}

const HEADERS = [
  [/^(export )?(default )?class \w+/, "class"],
  [/^(export )?(async )?function\*? \w+\s*\(/, "function"],
  [/^ {2}(static )?(async )?(get |set )?#?\w+\s*\(.*\)\s*\{$/, "method"],
  [/^ {2}(static )?#?\w+ = (async )?\(.*\) => \{$/, "method"],
  [/^(export )?const \w+ = (async )?\(.*\) => \{$/, "function"],
];

/** [{kind, name, lines}] of `text`'s classes, functions and methods. */
export function blocks(text) {
  const lines = text.split("\n");
  const found = [];
  lines.forEach((line, start) => {
    for (const [pattern, kind] of HEADERS) {
      if (!pattern.test(line)) continue;
      const indent = line.match(/^ */)[0];
      if (line.trimEnd().endsWith("}")) return; // a one-line body
      const end = lines.findIndex((other, i) => i > start && other.startsWith(`${indent}}`) && other.slice(indent.length, indent.length + 1) === "}");
      if (end > 0) found.push({ kind, name: line.trim().slice(0, 60), lines: end - start + 1 });
      return;
    }
  });
  return found;
}

test("no widget file over 500 lines, no class over 400, no function over 60", () => {
  const problems = [];
  for (const file of widgetFiles()) {
    const text = readFileSync(file, "utf8");
    const name = relative(WIDGET, file);
    const count = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
    if (count > 500) problems.push(`${name}: ${count} lines`);
    for (const block of blocks(text)) {
      const limit = block.kind === "class" ? 400 : 60;
      if (block.lines > limit) problems.push(`${name}: ${block.kind} ${block.name} is ${block.lines} lines`);
    }
  }
  assert.deepEqual(problems, []);
});

test("the measure finds what it measures", () => {
  const text = "export class A {\n  b() {\n    x;\n  }\n  #c = () => {\n  };\n}\nfunction d() {\n}\n";
  assert.deepEqual(
    blocks(text).map((block) => [block.kind, block.lines]),
    [
      ["class", 7],
      ["method", 3],
      ["method", 2],
      ["function", 2],
    ],
  );
});

test("no widget module imports a name it does not use", () => {
  const unused = [];
  for (const file of widgetFiles()) {
    const text = readFileSync(file, "utf8");
    // Statements only, at a line's start: a JSDoc `@import { T } from "…"` names types.
    const names = [...text.matchAll(/^import \{([^}]+)\} from/gm)].flatMap((match) =>
      match[1]
        .split(",")
        .map((name) => name.trim().split(" as ").pop())
        .filter(Boolean),
    );
    const body = text.replace(/^import \{[^}]+\} from "[^"]+";/gm, "");
    for (const name of names) if (!new RegExp(`\\b${name}\\b`).test(body)) unused.push(`${relative(WIDGET, file)}: ${name}`);
  }
  assert.deepEqual(unused, []);
});
