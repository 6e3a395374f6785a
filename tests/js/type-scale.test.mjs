// The calculator's type scale (styles/base.js): every font size is a step of the scale,
// every weight normal, 600 or 700. Each new size or weight is a font lookup of its own
// the first time a page uses it; 25 of them made a slow phone's first frame of the
// opened calculator over 100 ms longer (issue 33).
import assert from "node:assert/strict";
import { test } from "node:test";

import { BASE_CSS } from "../../widget/styles/base.js";
import { CARDS_CSS } from "../../widget/styles/cards.js";
import { CSS } from "../../widget/styles/calculator.js";
import { KEEP_CSS } from "../../widget/styles/keep.js";
import { SHEET_CSS } from "../../widget/styles/sheet.js";
import { TABLE_CSS } from "../../widget/styles/table.js";

const SHEETS = { BASE_CSS, CARDS_CSS, CSS, KEEP_CSS, SHEET_CSS, TABLE_CSS };
const STEPS = ["xs", "s", "l", "xl"];

/**
 * Every value of `property` in `css`.
 * @param {string} css
 * @param {string} property
 */
function values(css, property) {
  return [...css.matchAll(new RegExp(`(?<![\\w-])${property}:\\s*([^;}]+)`, "g"))].map((m) => m[1].trim());
}

test("the scale's steps are defined once, on the host, in em (they follow --belot-font)", () => {
  for (const step of STEPS) {
    const defined = Object.values(SHEETS).flatMap((css) => values(css, `--_text-${step}`));
    assert.equal(defined.length, 1, step);
    assert.match(defined[0], /^\d*\.?\d+em$/, step);
  }
});

test("every font size is a step of the scale (the table mode's screen-sized figures aside)", () => {
  for (const [name, css] of Object.entries(SHEETS)) {
    for (const value of values(css, "font-size")) {
      const onScale = /^var\(--_text-(xs|s|l|xl)\)$/.test(value) || value === "1em" || value === "inherit";
      const screenSized = name === "TABLE_CSS" && value.startsWith("clamp(");
      assert.ok(onScale || screenSized, `${name}: font-size: ${value}`);
    }
  }
});

test("every font weight is normal, 600 or 700", () => {
  for (const [name, css] of Object.entries(SHEETS)) {
    for (const value of values(css, "font-weight")) assert.ok(["normal", "600", "700"].includes(value), `${name}: font-weight: ${value}`);
  }
});
