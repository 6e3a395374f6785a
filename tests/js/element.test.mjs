// widget/element/: the pieces of <belot-calculator> that need no browser — the deal's
// properties over its attributes, the language of the nearest [lang], the closed
// calculator's launcher, and the score sheet's and the view's loading.
import assert from "node:assert/strict";
import { test } from "node:test";

import { container, frames, installDom } from "./dom.mjs";

installDom();
const { defineDealProperties } = await import("../../widget/element/deal-properties.js");
const { languageOf } = await import("../../widget/element/language.js");
const { Launcher, LAUNCHER_WORDS } = await import("../../widget/element/launcher.js");
const { SheetHost } = await import("../../widget/element/sheet-host.js");

/** Attributes as an element keeps them, with the deal's properties defined over them. */
class Attributes {
  #map = new Map();
  getAttribute(name) {
    return this.#map.get(name) ?? null;
  }
  setAttribute(name, value) {
    this.#map.set(name, String(value));
  }
  removeAttribute(name) {
    this.#map.delete(name);
  }
  hasAttribute(name) {
    return this.#map.has(name);
  }
}
defineDealProperties(Attributes);

test("the deal's properties read their attributes through the form's closed sets and defaults", () => {
  const element = new Attributes();
  assert.equal(element.contract, null, "no default: not chosen");
  assert.equal(element.doubling, "none");
  assert.equal(element.pileTeam, "us");
  assert.equal(element.capot, "none");
  element.setAttribute("contract", "no such contract");
  assert.equal(element.contract, null);
  element.contract = "hearts";
  element.lastTrick = "them";
  element.pilePoints = 82;
  element.declarations = { us: { belot: 1 }, them: {} };
  assert.equal(element.getAttribute("contract"), "hearts");
  assert.equal(element.getAttribute("pile-points"), "82");
  assert.equal(element.pilePoints, 82);
  assert.equal(element.getAttribute("declarations-us"), "belot:1");
  assert.equal(element.declarations.us.belot, 1);
  element.contract = null;
  element.pilePoints = "";
  assert.equal(element.hasAttribute("contract"), false);
  assert.equal(element.hasAttribute("pile-points"), false);
  element.capot = null;
  assert.equal(element.getAttribute("capot"), "none");
  element.hangingIn = 9;
  assert.equal(element.hangingIn, 9);
  element.setAttribute("hanging-in", "x");
  assert.equal(element.hangingIn, 0, "not a number: none");
});

test("the language is the nearest [lang]'s, through shadow roots; Bulgarian by default", () => {
  const outer = container();
  outer.setAttribute("lang", "en-GB");
  const host = document.createElement("div");
  outer.append(host);
  const inner = document.createElement("span");
  host.attachShadow({ mode: "open" }).append(inner);
  assert.equal(languageOf(inner), "en");
  host.setAttribute("lang", "bg-BG");
  assert.equal(languageOf(inner), "bg");
  assert.equal(languageOf(container()), "bg");
});

test("the launcher: the open button in the page's language; intent warms up, the press opens", () => {
  const root = container().attachShadow({ mode: "open" });
  const calls = [];
  const launcher = new Launcher(root, { warm: () => calls.push("warm"), open: () => calls.push("open") });
  launcher.render("en", { shown: true });
  const button = root.querySelector("button");
  assert.equal(button.textContent.trim(), LAUNCHER_WORDS.en.open);
  launcher.render("bg", { shown: true, busy: true });
  assert.equal(button.textContent.trim(), LAUNCHER_WORDS.bg.open);
  button.dispatchEvent(new window.Event("pointerenter"));
  button.dispatchEvent(new window.Event("focus"));
  button.click();
  assert.ok(calls.includes("open"));
  launcher.render("bg", { shown: false });
  assert.equal(root.querySelector(".launcher")?.hidden ?? true, true);
});

test("the sheet is loaded when asked for, put into the view, and taken out when turned off", async () => {
  const attached = [];
  const view = { attachSheet: (parts) => attached.push(["in", parts]), detachSheet: (parts) => attached.push(["out", parts]) };
  let changes = 0;
  const host = new SheetHost({
    element: new EventTarget(),
    storageKey: () => "k",
    manifest: () => "https://belot.example/manifest.json",
    scorer: () => ({}),
    loadView: async () => view,
    view: () => view,
    form: () => ({}),
    changed: () => changes++,
  });
  globalThis.location ??= new URL("https://belot.example/calculator/");
  host.setup(true);
  host.setup(true); // once
  for (let waited = 0; !host.sheet && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(host.sheet, "loaded");
  assert.equal(attached.length, 1);
  assert.equal(attached[0][0], "in");
  assert.ok(changes >= 1);
  host.setup(false);
  assert.equal(host.sheet, null);
  assert.equal(attached.at(-1)[0], "out");
});
