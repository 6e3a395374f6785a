// widget/element/: the pieces of <belot-calculator> that need no browser — the deal's
// properties over its attributes, the language of the nearest [lang], the closed
// calculator's launcher and its Close, and the score sheet's and the view's loading.
import assert from "node:assert/strict";
import { test } from "node:test";

import { container, installDom } from "./dom.mjs";

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
  const launcher = new Launcher(root, { warm: () => calls.push("warm"), open: () => calls.push("open"), close() {} });
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

test("the fold: Close is a named button, shown only opened and not for a sheet; a press folds", () => {
  const root = container().attachShadow({ mode: "open" });
  const calls = [];
  const launcher = new Launcher(root, { warm() {}, open() {}, close: () => calls.push("close") });
  const close = launcher.closeButton;
  assert.equal(close.localName, "button");
  assert.equal(close.getAttribute("type"), "button");
  launcher.render("bg", { shown: true, closable: true });
  assert.equal(close.hidden, true, "closed: nothing to close");
  launcher.render("bg", { shown: false, closable: true });
  assert.equal(close.hidden, false);
  assert.equal(close.textContent, LAUNCHER_WORDS.bg.close);
  assert.equal(close.getAttribute("aria-label"), "Затвори калкулатора");
  assert.ok(close.getAttribute("aria-label").startsWith(close.textContent), "the name holds the words shown");
  launcher.render("en", { shown: false, closable: true });
  assert.equal(close.textContent, "Close");
  assert.equal(close.getAttribute("aria-label"), "Close the calculator");
  launcher.render("en", { shown: false, closable: false });
  assert.equal(close.hidden, true, "a score sheet has no Close");
  close.click();
  assert.deepEqual(calls, ["close"]);
  for (const lang of ["bg", "en"]) for (const key of ["open", "openHint", "close", "closeName"]) assert.ok(LAUNCHER_WORDS[lang][key], `${lang}.${key}`);
});

test("the fold sends the reader back: the focus on the open button, the calculator where it was", () => {
  const host = container();
  const root = host.attachShadow({ mode: "open" });
  const launcher = new Launcher(root, { warm() {}, open() {}, close() {} });
  let top = 300;
  host.getBoundingClientRect = () => ({ top });
  const scrolled = [];
  globalThis.scrollBy = (options) => scrolled.push(options);
  launcher.remember(host);
  top = -420; // opened, then the reader scrolled down the form; folded, it is 720 px higher
  let focused = null;
  root.querySelector("button.open").focus = (options) => (focused = options);
  launcher.folded(host, { focus: true });
  assert.deepEqual(focused, { preventScroll: true });
  assert.deepEqual(scrolled, [{ top: -720, behavior: "instant" }]);
  launcher.folded(host, { focus: false }); // once: a fold with nothing remembered scrolls nowhere
  assert.equal(scrolled.length, 1);
  delete globalThis.scrollBy;
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

test("a sheet whose modules did not load says so (failed) until it is turned off", async () => {
  let changes = 0;
  const host = new SheetHost({
    element: new EventTarget(),
    storageKey: () => "k",
    manifest: () => "https://belot.example/manifest.json",
    scorer: () => ({}),
    loadView: async () => ({ attachSheet() {}, detachSheet() {} }),
    view: () => null,
    form: () => ({}),
    changed: () => changes++,
    importSheet: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
    importSheetAgain: () => Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
    reloadOnce: () => false, // this page reloaded for it already: a real outage
  });
  const warn = console.warn;
  const warned = [];
  console.warn = (...args) => warned.push(args.join(" "));
  try {
    host.setup(true);
    for (let waited = 0; !host.failed && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
  } finally {
    console.warn = warn;
  }
  assert.equal(host.failed, true);
  assert.equal(host.sheet, null);
  assert.equal(changes, 1, "the view is told, to show the alert");
  assert.match(warned.join("\n"), /score sheet could not be loaded/);
  host.setup(false);
  assert.equal(host.failed, false);
});

test("a sheet module that failed is fetched again under a fresh URL, then once by a reload, before the alert", async () => {
  const { importWithRetry, freshURL, reloadOnce, RELOAD_WINDOW_MS } = await import("../../widget/element/module-retry.js");
  const failed = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
  const module = { ScoreSheet: class {} };
  // The module itself was dropped: its fresh URL brings it, no reload.
  let reloads = 0;
  assert.equal(
    await importWithRetry(
      failed,
      async () => module,
      () => ++reloads > 0,
    ),
    module,
  );
  assert.equal(reloads, 0);
  // A module it imports stays failed: one reload, and no alert before the page goes.
  const pending = importWithRetry(failed, failed, () => true);
  const settled = await Promise.race([
    pending.then(
      () => "settled",
      () => "settled",
    ),
    new Promise((resolve) => setTimeout(() => resolve("pending"), 50)),
  ]);
  assert.equal(settled, "pending");
  // After that one reload, a real outage: the failure, for the alert.
  await assert.rejects(
    importWithRetry(failed, failed, () => false),
    /Failed to fetch/,
  );
  // A fresh URL each time, the path kept.
  const a = freshURL("https://belot.example/widget/sheet/score-sheet.js");
  assert.match(a, /^https:\/\/belot\.example\/widget\/sheet\/score-sheet\.js\?again=/);
  assert.notEqual(a, freshURL("https://belot.example/widget/sheet/score-sheet.js"));
  // The page reloads once in RELOAD_WINDOW_MS, then not again.
  const stored = new Map();
  const saved = { sessionStorage: globalThis.sessionStorage, location: globalThis.location };
  let reloaded = 0;
  globalThis.sessionStorage = { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => stored.set(key, value) };
  globalThis.location = { pathname: "/calculator/", reload: () => reloaded++ };
  try {
    assert.equal(reloadOnce(1_000_000), true);
    assert.equal(reloadOnce(1_000_000 + RELOAD_WINDOW_MS - 1), false);
    assert.equal(reloaded, 1);
    assert.equal(reloadOnce(1_000_000 + RELOAD_WINDOW_MS + 1), true);
    assert.equal(reloaded, 2);
  } finally {
    globalThis.sessionStorage = saved.sessionStorage;
    globalThis.location = saved.location;
  }
});
