// widget/sheet/summary.js: the words of a row, from the core's answer and tables.
import assert from "node:assert/strict";
import { test } from "node:test";

import { rowWhy } from "../../widget/sheet/summary.js";

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
  assert.equal(rowWhy({ status: { code: "status_passed" }, totals }, "en"), "");
  assert.equal(rowWhy({ status: { code: "status_won" }, totals }, "en"), "");
});
