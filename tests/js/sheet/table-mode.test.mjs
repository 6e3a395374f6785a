// Table mode in Node: tableSnapshot's numbers (the target is the core's), and the sheet's
// "Маса / Table" toggle on a DOM (linkedom) with a fake wake lock: the large totals, what
// each team needs, the screen kept on and let go, the word where the browser cannot.
import assert from "node:assert/strict";
import { test } from "node:test";

import { TARGET } from "../../../widget/core-tables.js";
import { installDom } from "../dom.mjs";
import { mountSheet } from "./mount.mjs";

installDom();
const { countsText, TABLE_WORDS } = await import("../../../widget/i18n/table-strings.js");
const { tableSnapshot } = await import("../../../widget/sheet/table-mode.js");

/** A wake lock as sheet/wake-lock.js's ScreenKeeper, without a browser: `supported` or not. */
function fakeKeeper(supported = true) {
  const keeper = new EventTarget();
  keeper.state = "off";
  keeper.starts = 0;
  const set = (state) => {
    keeper.state = state;
    keeper.dispatchEvent(new Event("change"));
  };
  keeper.start = async () => {
    keeper.starts += 1;
    set(supported ? "on" : "unsupported");
  };
  keeper.stop = () => set("off");
  return keeper;
}

async function mount({ lang = "bg", keeper = fakeKeeper() } = {}) {
  const mounted = await mountSheet({ lang, keeper, linkBase: "https://example.test/", placed: (parts) => [parts.section, ...parts.actions] });
  return { ...mounted, keeper };
}

const text = (element) => element.textContent.replace(/\s+/g, " ").trim();

test("what each team needs is the core's target less its total, never below 0", () => {
  const snapshot = tableSnapshot({ totals: { us: 40, them: TARGET + 3 }, hanging: 8, winner: null, finished: false }, { us: "Ние", them: "Вие" });
  assert.deepEqual(
    snapshot.teams.map(({ team, total, needs }) => [team, total, needs]),
    [
      ["us", 40, TARGET - 40],
      ["them", TARGET + 3, 0],
    ],
  );
  assert.equal(snapshot.target, TARGET);
  assert.equal(snapshot.hanging, 8);
  assert.equal(tableSnapshot({ totals: { us: 0, them: 0 }, hanging: 8, finished: true, winner: "us" }, {}).hanging, 0, "after the end nothing hangs");
});

test("the Table toggle shows the large totals, keeps the screen on, and lets it go", async () => {
  const { keeper, $, press } = await mount();
  const t = TABLE_WORDS.bg;
  const toggle = $(".sheet-toolbar .table-toggle");
  assert.equal(text(toggle), t.tableMode);
  assert.equal(toggle.getAttribute("aria-pressed"), "false");
  assert.equal($("dialog.table-mode").hasAttribute("open"), false);
  await press($("button.record"));
  await press(toggle);
  assert.equal(keeper.starts, 1);
  assert.equal(toggle.getAttribute("aria-pressed"), "true");
  const dialog = $("dialog.table-mode");
  assert.equal(dialog.hasAttribute("open"), true);
  assert.equal(text(dialog.querySelector(".table-team.us .table-total")), "10");
  assert.equal(text(dialog.querySelector(".table-team.them .table-total")), "6");
  assert.equal(text(dialog.querySelector(".table-team.us .table-needs")), `Остават ${TARGET - 10} до ${TARGET}`);
  assert.equal(text(dialog.querySelector(".table-team.them .table-name")), "Вие");
  assert.equal(text(dialog.querySelector(".table-lock")), t.lockOn);
  await press(dialog.querySelector("button.table-close"));
  assert.equal(keeper.state, "off");
  assert.equal(dialog.hasAttribute("open"), false);
  assert.equal(toggle.getAttribute("aria-pressed"), "false");
});

test("where the browser has no wake lock, table mode says the screen may turn off", async () => {
  const { $, press } = await mount({ lang: "en", keeper: fakeKeeper(false) });
  await press($(".table-toggle"));
  const lock = $("dialog.table-mode .table-lock");
  assert.equal(text(lock), "The screen may turn off — this browser cannot keep it on.");
  assert.ok(lock.classList.contains("warning"));
  assert.equal(text($(".table-team.us .table-needs")), `Needs ${TARGET} to ${TARGET}`);
});

test("closing the sheet ends table mode and lets the screen go", async () => {
  const { sheet, keeper, $, press } = await mount();
  await press($(".table-toggle"));
  assert.equal(keeper.state, "on");
  sheet.close();
  assert.equal(keeper.state, "off");
});

test("a contract's statistics line: each number agrees with its word (issue 30)", () => {
  assert.equal(countsText(TABLE_WORDS.bg, { bids: 1, made: 1, inside: 0, hanging: 0 }, "bg"), "1 казана: 1 изкарана, 0 вътре, 0 висящи");
  assert.equal(countsText(TABLE_WORDS.bg, { bids: 3, made: 2, inside: 1, hanging: 1 }, "bg"), "3 казани: 2 изкарани, 1 вътре, 1 висяща");
  assert.equal(countsText(TABLE_WORDS.en, { bids: 2, made: 1, inside: 1, hanging: 0 }, "en"), "2 bid: 1 made, 1 inside, 0 hanging");
});

test("the table words are in both languages, with the same placeholders", () => {
  const keys = (lang) => Object.keys(TABLE_WORDS[lang]).sort();
  assert.deepEqual(keys("bg"), keys("en"));
  // A word with forms by number ({one, other}, or one per count of a line) has the holes of all its forms.
  const holes = (text) =>
    [...JSON.stringify(text).matchAll(/\{(\w+)\}/g)]
      .map((match) => match[1])
      .sort()
      .filter((hole, i, all) => hole !== all[i - 1]);
  for (const key of keys("bg")) {
    assert.ok(TABLE_WORDS.bg[key] && TABLE_WORDS.en[key], key);
    assert.deepEqual(holes(TABLE_WORDS.bg[key]), holes(TABLE_WORDS.en[key]), key);
  }
});
