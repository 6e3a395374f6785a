// ui/dom.js: the writes that skip the DOM when nothing changes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { container } from "../dom.mjs";
import { setText } from "../../../widget/ui/dom.js";

test("setText changes the text node an element holds, never replaces it; empties and mixed content are written anew", () => {
  const figure = container();
  setText(figure, 16); // no node yet: one is made
  const node = figure.firstChild;
  assert.equal(figure.textContent, "16");
  setText(figure, 26); // a result's figure on the next edit: the same node, new data
  assert.equal(figure.firstChild, node);
  assert.equal(figure.textContent, "26");
  setText(figure, ""); // emptied: no node left (so :empty holds)
  assert.equal(figure.childNodes.length, 0);
  const mixed = container();
  mixed.append("Σ ", Object.assign(document.createElement("b"), { textContent: "9" }));
  setText(mixed, "12");
  assert.deepEqual(
    [...mixed.childNodes].map((child) => child.nodeType),
    [3],
  );
  assert.equal(mixed.textContent, "12");
});

test("in a live region setText writes a new text node, the change every screen reader announces", () => {
  const live = container();
  live.setAttribute("role", "status");
  const inner = document.createElement("span");
  live.append(inner);
  setText(live.firstChild, "Записано."); // a part of the region
  const node = inner.firstChild;
  setText(inner, "Изтрито.");
  assert.notEqual(inner.firstChild, node);
  assert.equal(live.textContent, "Изтрито.");
});
