// widget/sheet/keep-both.js: a game arriving with the id of a game here but other deals
// is kept beside it only after the player says so, asked in the sheet (issue 30, "What
// to build" 2), never in the browser's blocking confirm(): a group with a heading that
// names both games in players' words, two buttons, the focus on the question and back,
// the answer said in the live region, and travel.ask still an async yes/no.
import assert from "node:assert/strict";
import { test } from "node:test";

import { container, installDom } from "../dom.mjs";

installDom();
const { KeepBothQuestion, askInSheet, gameWords } = await import("../../../widget/sheet/keep-both.js");
const { TRAVEL_WORDS } = await import("../../../widget/i18n/travel-strings.js");

const PLAYED = "2026-01-02T18:00:00.000Z";
const QUESTION = {
  key: "keepBoth",
  params: {
    file: "",
    date: PLAYED,
    here: { names: { us: "Иван и Петър", them: "Мария и Ана" }, deals: 7, us: 82, them: 64 },
    arriving: { names: { us: "Иван и Петър", them: "Мария и Ана" }, deals: 1, us: 10, them: 0 },
  },
};

function mount() {
  const place = container();
  const said = [];
  const asker = document.createElement("button");
  place.append(asker);
  const question = new KeepBothQuestion({ announce: (text) => said.push(text) });
  place.append(question.element);
  return { question, said, asker };
}

test("hidden until asked; asked, it is a labelled group naming both games", async () => {
  const { question } = mount();
  const ui = question.ui;
  assert.equal(ui.element.hidden, true);
  const answer = question.ask(QUESTION, "bg");
  assert.equal(ui.element.hidden, false);
  assert.equal(ui.element.getAttribute("role"), "group");
  assert.equal(ui.element.getAttribute("aria-labelledby"), ui.title.id);
  assert.equal(ui.title.localName, "h3");
  assert.equal(ui.title.textContent, TRAVEL_WORDS.bg.keepBothTitle);
  assert.match(ui.text.textContent, /2026/, "the day the game began");
  assert.equal(ui.here.textContent, "Иван и Петър 82 : 64 Мария и Ана · 7\u00a0раздавания");
  assert.equal(ui.arriving.textContent, "Иван и Петър 10 : 0 Мария и Ана · 1\u00a0раздаване");
  assert.equal(ui.both.textContent, "Запази и двете");
  assert.equal(ui.mine.textContent, "Остави тази тук");
  ui.both.click();
  assert.equal(await answer, true);
  assert.equal(ui.element.hidden, true);
});

test("each answer resolves travel.ask and is said in the live region, in the player's language", async () => {
  for (const [lang, button, expected, said] of [
    ["en", "both", true, TRAVEL_WORDS.en.keptBoth],
    ["en", "mine", false, TRAVEL_WORDS.en.keptHere],
    ["bg", "mine", false, TRAVEL_WORDS.bg.keptHere],
  ]) {
    const { question, said: announced } = mount();
    const answer = question.ask(QUESTION, lang);
    if (lang === "en") assert.equal(question.ui.both.textContent, "Keep both");
    question.ui[button].click();
    assert.equal(await answer, expected);
    assert.deepEqual(announced, [said]);
  }
});

test("Escape keeps the one here", async () => {
  const { question } = mount();
  const answer = question.ask(QUESTION, "en");
  question.ui.element.dispatchEvent(Object.assign(new window.Event("keydown", { bubbles: true, cancelable: true }), { key: "Escape" }));
  assert.equal(await answer, false);
});

test("the focus goes to the question's heading, and back to what had it after the answer", async () => {
  const { question, asker } = mount();
  const focused = [];
  for (const element of [asker, question.ui.title]) element.focus = () => focused.push(element);
  Object.defineProperty(document, "activeElement", { value: asker, configurable: true });
  const answer = question.ask(QUESTION, "en");
  assert.deepEqual(focused, [question.ui.title]);
  question.ui.mine.click();
  await answer;
  assert.deepEqual(focused, [question.ui.title, asker]);
  delete document.activeElement;
});

test("a second question waits for the first answer", async () => {
  const { question } = mount();
  const first = question.ask(QUESTION, "en");
  const second = question.ask({ key: "keepBoth", params: { ...QUESTION.params, file: "game.json" } }, "en");
  assert.equal(question.ui.text.textContent.includes("game.json"), false);
  question.ui.both.click();
  assert.equal(await first, true);
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.match(question.ui.text.textContent, /“game\.json”/);
  assert.equal(question.ui.arrivingLabel.textContent, "From “game.json”");
  question.ui.mine.click();
  assert.equal(await second, false);
});

test("a team without a name is the core's Us / Them", () => {
  const words = gameWords({ names: {}, deals: 2, us: 5, them: 9 }, TRAVEL_WORDS.en, "en");
  assert.equal(words, "Us 5 : 9 Them · 2\u00a0deals");
});

test("askInSheet places the question after the given part and gives the book an async ask", async () => {
  const place = container();
  const notices = document.createElement("div");
  place.append(notices);
  const ask = askInSheet(
    notices,
    () => {},
    () => "bg",
  );
  const question = notices.nextElementSibling;
  assert.equal(question.className, "keep-both");
  const answer = ask(QUESTION);
  assert.equal(question.hidden, false);
  question.querySelector(".keep-both-yes").click();
  assert.equal(await answer, true);
});
