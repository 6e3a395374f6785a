// The whole score sheet on a DOM (linkedom), as the element mounts it: one fixture for
// every test of the sheet's views (score-sheet, keep-sheet, set-up step, typing, table
// mode, matches, statistics), so a change in how the element mounts the sheet is made once.
import assert from "node:assert/strict";

import { container, frames, installDom } from "../dom.mjs";
import { fakeScorer } from "./fakes.mjs";

installDom(); // before the widget's modules, which read the page's globals

const { STRINGS } = await import("../../../widget/i18n/strings.js");
const { MemoryStore } = await import("../../../widget/store/memory-store.js");
const { ScoreSheet } = await import("../../../widget/sheet/score-sheet.js");

/** A form whose deal is `next` (null: nothing entered); what the sheet does to it, in `calls`. */
export function fakeForm(next = { fake: [10, 6] }) {
  const form = {
    next,
    calls: [],
    said: [],
    empty: undefined,
    deal: () => form.next,
    save: () => (form.calls.push("save"), { saved: true }),
    restore: (saved) => form.calls.push(["restore", saved]),
    load: (deal) => form.calls.push(["load", deal]),
    clear: () => form.calls.push("clear"),
    isEmpty: () => form.empty ?? form.next === null,
    focus: () => form.calls.push("focus"),
    announce: (text) => form.said.push(text),
  };
  return form;
}

/** A tap on `element`, which must be there and enabled, then `wait` frames for the sheet. */
export async function press(element, wait = 5) {
  assert.ok(element, "the button is there");
  assert.equal(element.disabled, false, `${element.className} is enabled`);
  element.click();
  await frames(wait);
}

/** Every part of the sheet the element places, in its order. */
const ALL_PARTS = (parts) => [parts.note, parts.gameAction, parts.totals, parts.error, ...parts.actions, parts.news, parts.section];

/**
 * A sheet in a container, rendered in `lang` after every change (as the element does).
 * `named`: rendered with the game's team names in its words, as the element renders it;
 * `placed(parts)`: the parts placed (all by default); `wait`: frames to let it settle;
 * the rest goes to ScoreSheet (keepEnv, keeper, …).
 */
export async function mountSheet({
  lang = "bg",
  store = new MemoryStore(),
  scorer = fakeScorer(),
  form = fakeForm(),
  named = false,
  placed = ALL_PARTS,
  wait = 5,
  linkBase = "https://example.test/calculator/",
  ...options
} = {}) {
  const target = new EventTarget();
  const events = [];
  target.addEventListener("belot-calculator-sheet", (event) => events.push(event.detail));
  const sheet = new ScoreSheet({ storageKey: "k", form, scorer: () => scorer, target, linkBase: () => linkBase, store, ...options });
  const root = container();
  root.append(...placed(sheet.parts));
  const render = () => {
    const names = named ? sheet.names(lang) : null;
    sheet.render(names ? { ...STRINGS[lang], teams: names } : STRINGS[lang], lang, "ready", form.deal(), 3);
  };
  sheet.addEventListener("change", () => queueMicrotask(render));
  render();
  await frames(wait);
  return {
    sheet,
    form,
    root,
    target,
    events,
    render,
    store,
    settle: () => frames(wait),
    press: (element) => press(element, wait),
    $: (selector) => root.querySelector(selector),
    $$: (selector) => [...root.querySelectorAll(selector)],
  };
}
