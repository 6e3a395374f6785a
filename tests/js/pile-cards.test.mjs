// widget/deal/pile-cards.js and the form's hooks: which cards the grid shows in each
// contract, what a tap does, the live sums (the core's numbers), what Done gives the
// form, and the request and the recorded deal that follow from it. The view (form/
// cards-view.js) runs here on a DOM too; the browser tests check it in Chromium.
import assert from "node:assert/strict";
import { test } from "node:test";

import { CARD_POINTS, CONTRACTS, DECK, DECK_POINTS, VERSION } from "../../widget/core-tables.js";
import { NOUNS } from "../../widget/core-words.js";
import { CardCount, cardCode, cardsPoints, formatCards, gridRows, inDeckOrder, moveInGrid, parseCards } from "../../widget/deal/pile-cards.js";
import { buildRequest, dealAttributes, gameDeal, piles, readDeal } from "../../widget/deal/request.js";
import { FormModel, NEXT_DEAL } from "../../widget/element/form-model.js";
import { container, installDom } from "./dom.mjs";

const ranks = (contract, lang = "en") => gridRows(contract).map((row) => row.cards.map((card) => NOUNS[lang].ranks[card.rank]).join(" "));
const value = (contract, code) => CARD_POINTS[contract][DECK.indexOf(code)];

test("a suit contract: the trump row first (J 9 A 10 K Q), then the others (A 10 K Q J)", () => {
  const rows = gridRows("hearts");
  assert.deepEqual(
    rows.map((row) => [row.suit, row.trump]),
    [
      ["hearts", true],
      ["clubs", false],
      ["diamonds", false],
      ["spades", false],
    ],
  );
  assert.deepEqual(ranks("hearts"), ["J 9 A 10 K Q", "A 10 K Q J", "A 10 K Q J", "A 10 K Q J"]);
  assert.deepEqual(ranks("spades", "bg")[0].split(" "), ["вале", "9", "асо", "10", "поп", "дама"]);
  assert.deepEqual(
    gridRows("clubs")[0].cards.map((card) => card.code),
    ["JC", "9C", "AC", "10C", "KC", "QC"],
  );
});

test("All trumps: every row a trump row; No trumps: none is; nothing without a contract", () => {
  assert.ok(gridRows("all_trumps").every((row) => row.trump && row.cards.length === 6));
  assert.deepEqual(
    gridRows("all_trumps").map((row) => row.suit),
    ["clubs", "diamonds", "hearts", "spades"],
  );
  assert.ok(gridRows("no_trumps").every((row) => !row.trump && row.cards.length === 5));
  assert.deepEqual(gridRows(null), []);
});

test("every contract's grid holds exactly the cards with points, and they add up to the deck", () => {
  for (const contract of CONTRACTS) {
    const shown = gridRows(contract).flatMap((row) => row.cards);
    const withPoints = DECK.filter((code) => value(contract, code) > 0);
    assert.deepEqual(shown.map((card) => card.code).sort(), withPoints.sort(), contract);
    assert.equal(
      cardsPoints(
        shown.map((card) => card.code),
        contract,
      ),
      DECK_POINTS[contract],
      contract,
    );
    for (const card of shown) assert.equal(card.points, value(contract, card.code));
  }
});

test("a tap chooses a card, a second puts it back: no card counts twice", () => {
  const count = new CardCount({ contract: "hearts", team: "us" });
  assert.equal(count.toggle("JH"), true);
  count.toggle("9H");
  count.toggle("AS");
  let shown = count.snapshot();
  assert.equal(shown.points, value("hearts", "JH") + value("hearts", "9H") + value("hearts", "AS"));
  assert.equal(shown.otherPoints, DECK_POINTS.hearts - shown.points);
  assert.equal(shown.count, 3);
  assert.equal(shown.other, "them");
  count.toggle("9H");
  shown = count.snapshot();
  assert.equal(shown.count, 2);
  assert.equal(shown.rows[0].cards.find((card) => card.code === "9H").chosen, false);
  assert.equal(shown.rows[0].cards.find((card) => card.code === "JH").chosen, true);
  // A card the grid does not show (no points here) is no tap at all.
  assert.equal(count.toggle("7H"), false);
  assert.equal(count.toggle("9S"), false);
  assert.equal(count.toggle("XX"), false);
  assert.equal(count.snapshot().count, 2);
  count.clear();
  assert.equal(count.snapshot().points, 0);
  assert.equal(count.snapshot().otherPoints, DECK_POINTS.hearts);
});

test("the tricks, and what Done gives the form for either team's pile", () => {
  const count = new CardCount({ contract: "all_trumps", team: "them", cards: ["AS", "JC", "TS", "JC"], tricks: "3" });
  assert.deepEqual(count.cards(), ["JC", "10S", "AS"]);
  assert.equal(count.snapshot().tricks, 3);
  assert.equal(count.snapshot().holds, 12);
  count.setTricks(9);
  assert.equal(count.done().team, "them");
  assert.equal(count.done("nobody").team, "them");
  assert.deepEqual(count.done("us"), {
    team: "us",
    cards: ["JC", "10S", "AS"],
    tricks: null,
    points: value("all_trumps", "JC") + value("all_trumps", "10S") + value("all_trumps", "AS"),
  });
  count.setTricks(0);
  assert.equal(count.done().tricks, 0);
  assert.throws(() => new CardCount({ contract: null }), RangeError);
});

test("the arrows move along a row and between rows; Home and End to a row's ends", () => {
  const rows = gridRows("hearts"); // JH 9H AH 10H KH QH / AC 10C KC QC JC / …
  assert.equal(moveInGrid(rows, "JH", "ArrowRight"), "9H");
  assert.equal(moveInGrid(rows, "JH", "ArrowLeft"), "QH");
  assert.equal(moveInGrid(rows, "9H", "ArrowDown"), "10C");
  assert.equal(moveInGrid(rows, "QH", "ArrowDown"), "JC"); // the sixth place: the row's last
  assert.equal(moveInGrid(rows, "JH", "ArrowUp"), "AS");
  assert.equal(moveInGrid(rows, "KC", "Home"), "AC");
  assert.equal(moveInGrid(rows, "KC", "End"), "JC");
  assert.equal(moveInGrid(rows, "KC", "Enter"), null);
  assert.equal(moveInGrid(rows, "7H", "ArrowRight"), null);
});

test("card codes as the core spells them; an attribute's text and back", () => {
  assert.equal(cardCode("TS"), "10S");
  assert.equal(cardCode(" JH "), "JH");
  assert.equal(cardCode("jh"), null);
  assert.deepEqual(parseCards("JH 9H,AS"), ["JH", "9H", "AS"]);
  assert.deepEqual(parseCards(""), []);
  assert.equal(parseCards(null), null);
  assert.equal(formatCards(["AS", "XX", "JH", "9H"]), "JH 9H AS XX".replace("JH 9H", "9H JH"));
  assert.deepEqual(inDeckOrder(["AS", "7C"]), ["7C", "AS"]);
});

const deal = { contract: "hearts", bidder: "us", "last-trick": "us" };

test("a counted pile is sent as its cards, shown as its points, and the other pile is the rest", () => {
  const read = readDeal({ ...deal, "pile-team": "them", "pile-cards": "JH 9H AS", "pile-tricks": "2", "pile-points": "999" });
  const points = value("hearts", "JH") + value("hearts", "9H") + value("hearts", "AS");
  assert.equal(read.pilePoints, String(points));
  assert.deepEqual(piles(read), { them: points, us: DECK_POINTS.hearts - points });
  const { request, problems, incomplete } = buildRequest(read);
  assert.deepEqual(problems, []);
  assert.equal(incomplete, false);
  assert.deepEqual(request.cards, { team: "them", cards: ["JH", "9H", "AS"], tricks: 2 });
  assert.equal(request.version, VERSION);
  // A capot still holds the whole deck, whatever cards were counted.
  const capot = buildRequest(readDeal({ ...deal, capot: "us", "pile-cards": "JH" })).request;
  assert.deepEqual(capot.cards, { team: "us", points: DECK_POINTS.hearts });
  // Zero cards counted is a pile too (no points), not a missing one.
  assert.deepEqual(buildRequest(readDeal({ ...deal, "pile-cards": "" })).request.cards, { team: "us", cards: [] });
});

test("a recorded deal with cards fills the form with its cards, and builds the same deal again", () => {
  const recorded = {
    contract: "spades",
    bidder: "them",
    doubling: "none",
    cards: { team: "them", cards: ["9S", "JS", "AH"], tricks: 2 },
    last_trick: "us",
    capot: null,
    announced: { us: {}, them: {} },
  };
  const { attributes } = dealAttributes(recorded);
  assert.equal(attributes["pile-cards"], "9S JS AH".replace("9S JS AH", "AH 9S JS"));
  assert.equal(attributes["pile-tricks"], "2");
  assert.equal(attributes["pile-points"], String(cardsPoints(["9S", "JS", "AH"], "spades")));
  const again = gameDeal(buildRequest(readDeal(attributes)).request);
  assert.deepEqual(again.cards, { team: "them", cards: ["AH", "9S", "JS"], tricks: 2 });
  // A deal with typed points stays typed.
  assert.equal(dealAttributes({ ...recorded, cards: { team: "us", points: 70 } }).attributes["pile-cards"], null);
});

function model(initial = {}) {
  const map = new Map(Object.entries(initial));
  const form = new FormModel({
    attributes: { get: (name) => map.get(name) ?? null, set: (name, text) => map.set(name, String(text)), remove: (name) => map.delete(name) },
  });
  return { map, form, actions: form.actions() };
}

test("Done fills the pile with the cards; typing points replaces them; the next deal clears them", () => {
  const { map, form, actions } = model(deal);
  actions.cards({ team: "them", cards: ["JH", "AS"], tricks: 1, points: 31 });
  assert.equal(map.get("pile-team"), "them");
  assert.equal(map.get("pile-cards"), "JH AS");
  assert.equal(map.get("pile-tricks"), "1");
  assert.equal(form.build().request.cards.cards.length, 2);
  assert.equal(
    form.view(form.build(), { errors: [], questions: [], current: false, settled: true, missing: [] }).texts["pile-points"],
    String(value("hearts", "JH") + value("hearts", "AS")),
  );
  actions.pile("us", "70");
  assert.equal(map.has("pile-cards"), false);
  assert.equal(map.has("pile-tricks"), false);
  assert.deepEqual(form.build().request.cards, { team: "us", points: 70 });
  actions.cards({ team: "us", cards: ["JH"], tricks: null, points: 20 });
  assert.equal(map.has("pile-tricks"), false);
  assert.ok("pile-cards" in NEXT_DEAL && "pile-tricks" in NEXT_DEAL);
  form.clear();
  assert.equal(map.has("pile-cards"), false);
  assert.equal(form.isEmpty(), true);
});

test("the grid's view: rows of toggle buttons, the live sums, Done and Cancel", async () => {
  installDom();
  const { STRINGS } = await import("../../widget/i18n/strings.js");
  const { CardsDialog } = await import("../../widget/form/cards-view.js");
  const host = container();
  const root = host.attachShadow({ mode: "open" });
  const done = [];
  const dialog = new CardsDialog(root, (counted) => done.push(counted));
  root.append(dialog.element);
  const opener = host.ownerDocument.createElement("button");
  dialog.open({ contract: "spades", team: "us", cards: ["AS"], lang: "bg", teams: STRINGS.bg.teams, headingLevel: 3 }, opener);
  const $$ = (selector) => [...root.querySelectorAll(selector)];
  assert.equal(dialog.isOpen, true);
  assert.deepEqual(
    $$(".cards-row").map((row) => row.getAttribute("data-suit")),
    ["spades", "clubs", "diamonds", "hearts"],
  );
  assert.deepEqual(
    $$(".cards-row").map((row) => row.querySelectorAll("button").length),
    [6, 5, 5, 5],
  );
  assert.equal($$(".cards-row")[0].getAttribute("aria-label"), "пика ♠ – коз");
  const jack = root.querySelector('[data-card="JS"]');
  // Its name: the core's card name and its points, its visible words in it.
  assert.equal(jack.textContent, `${NOUNS.bg.cards[DECK.indexOf("JS")]}: ${value("spades", "JS")}`);
  assert.equal(jack.querySelector(".rank").textContent, NOUNS.bg.ranks.jack);
  assert.equal(root.querySelector('[data-card="AS"]').getAttribute("aria-pressed"), "true");
  jack.click();
  assert.equal(jack.getAttribute("aria-pressed"), "true");
  // One Tab stop for the grid: the first card; an arrow moves it.
  assert.deepEqual(
    $$("button.card")
      .filter((b) => b.getAttribute("tabindex") === "0")
      .map((b) => b.dataset.card),
    ["JS"],
  );
  jack.dispatchEvent(Object.assign(new host.ownerDocument.defaultView.Event("keydown", { bubbles: true }), { key: "ArrowDown" }));
  assert.deepEqual(
    $$("button.card")
      .filter((b) => b.getAttribute("tabindex") === "0")
      .map((b) => b.dataset.card),
    ["AC"],
  );
  const points = value("spades", "AS") + value("spades", "JS");
  assert.equal(root.querySelector(".cards-sum .mine").textContent, `Тази купчина: ${points} точки, 2 карти`);
  assert.equal(root.querySelector(".cards-sum .rest").textContent, `Другата: ${DECK_POINTS.spades - points} точки`);
  assert.equal(root.querySelector(".cards-title").tagName, "H3");
  assert.equal(root.querySelector(".cards-title").textContent, `Преброй картите · ${NOUNS.bg.contracts.spades} ♠`);
  assert.deepEqual(
    $$(".cards-done button").map((button) => button.textContent),
    ["Готово: Ние", "Готово: Вие"],
  );
  root.querySelector(".cards-actions .done-us").click();
  assert.deepEqual(done, [{ team: "us", cards: ["JS", "AS"], tricks: null, points }]);
  assert.equal(dialog.isOpen, false);
  dialog.open({ contract: "no_trumps", team: "them", lang: "en", teams: STRINGS.en.teams }, opener);
  assert.ok($$(".cards-row").every((row) => row.querySelectorAll("button").length === 5));
  root.querySelector('[data-card="AH"]').click();
  root.querySelector(".cards-actions .cancel").click();
  assert.equal(done.length, 1);
});

test("the form: Count the cards waits for the game, then says how many cards were counted", async () => {
  installDom();
  const { STRINGS } = await import("../../widget/i18n/strings.js");
  const { CalculatorView } = await import("../../widget/form/view.js");
  const { map, form, actions } = model({ bidder: "us" });
  const root = container().attachShadow({ mode: "open" });
  const view = new CalculatorView(root, { ...actions, details() {}, retry() {} }, null);
  view.revealForm(false);
  const show = (lang = "bg") => {
    const built = form.build();
    const problems = FormModel.problems(built, { reply: null, answered: null, failure: null });
    view.render({
      s: STRINGS[lang],
      lang,
      state: "ready",
      ...form.view(built, problems),
      sheet: false,
      readOnly: false,
      progress: null,
      failure: null,
      incomplete: built.incomplete,
      result: null,
      rulesNote: "",
      headingLevel: 3,
    });
  };
  show();
  const button = root.querySelector("button.count-cards");
  assert.equal(button.textContent, STRINGS.bg.countCards);
  assert.equal(button.disabled, true); // no contract yet: no grid
  map.set("contract", "hearts");
  show();
  assert.equal(button.disabled, false);
  actions.cards({ team: "them", cards: ["JH", "9H"], tricks: null, points: 34 });
  show();
  assert.equal(button.textContent, "Картите: 2");
  const points = String(value("hearts", "JH") + value("hearts", "9H"));
  assert.equal(root.querySelector('input[name="points-them"]').value, points);
  assert.equal(root.querySelector("#points-them-note").textContent, "преброено от 2 карти");
  show("en");
  assert.equal(button.textContent, "Cards: 2");
  map.set("capot", "us");
  show();
  assert.equal(button.disabled, true); // a capot holds the whole deck
});
