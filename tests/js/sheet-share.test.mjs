// widget/sheet/share.js: which addresses carry a game, and the link to the calculator.
import assert from "node:assert/strict";
import { test } from "node:test";

import { LINK_KEY } from "../../widget/core-tables.js";
import { isGameLink, linkURL } from "../../widget/sheet/share.js";

test("a game link is the fragment #game=…", () => {
  assert.equal(LINK_KEY, "game");
  assert.equal(isGameLink("#game=1ABC"), true);
  assert.equal(isGameLink("#game="), true); // the core says it is damaged
  for (const hash of ["", "#", "#games=1", "#x=1&game=1", null, undefined]) assert.equal(isGameLink(hash), false);
});

test("the link points at the calculator, with the text as its fragment", () => {
  assert.equal(linkURL("https://belot.example/calculator/", "1ABC"), "https://belot.example/calculator/#game=1ABC");
  assert.equal(linkURL("https://belot.example/calculator/?lang=en#old", "1AB"), "https://belot.example/calculator/?lang=en#game=1AB");
});
