// Matches in Node: the book the core reads (book/matches.js), what the next game carries,
// and through the whole sheet on a DOM (linkedom) with a fake scorer: a match to 2 chosen
// before the first deal, its score on the sheet, the next game of the match, a note.
import assert from "node:assert/strict";
import { test } from "node:test";

import { TARGET } from "../../../widget/core-tables.js";
import { frames, installDom } from "../dom.mjs";
import { fakeScorer } from "./fakes.mjs";
import { mountSheet } from "./mount.mjs";

installDom();
const { bookRequest, coreGame, localDay, nextMatch, nextChoices, defaultChoice } = await import("../../../widget/book/matches.js");

const game = (id, created, extra = {}) => ({ id, created, updated: created, names: { us: "", them: "" }, rules: {}, deals: [{ fake: [10, 6] }], ...extra });

test("the games as the core's book: played order, local days, the table around each game", () => {
  const later = game("b", "2026-05-15T19:00:00.000Z", {
    match: { id: "m-1", to: 2 },
    note: "реванш",
    seats: { us: ["Иван", "Петър"], them: ["", ""] },
    dealer: 1,
  });
  const first = game("a", "2026-05-14T19:00:00.000Z", { note: "" });
  const { request, ids } = bookRequest([later, first], { from: "2026-05-01", to: "" });
  assert.deepEqual(ids, ["a", "b"]);
  assert.equal(request.version, 1);
  assert.deepEqual(
    request.games.map((entry) => entry.date),
    [localDay(first.created), localDay(later.created)],
  );
  assert.deepEqual([request.from, request.to], ["2026-05-01", null]);
  assert.equal("note" in request.games[0].game, false, "an empty note is no note");
  assert.deepEqual(coreGame(later).match, { id: "m-1", to: 2 });
  assert.equal(coreGame(later).note, "реванш");
  assert.equal(coreGame(later).dealer, 1);
  assert.equal("created" in coreGame(later), false, "the core's game, not the stored record");
  assert.deepEqual([coreGame(later).id, coreGame(later).played], ["b", "2026-05-15T19:00:00.000Z"], "which game it is travels");
  assert.equal(bookRequest([first]).request.from, undefined, "no range: no from/to");
});

test("the next game: the match goes on until it is won (the seats and the dealer are seats.js nextTable's)", () => {
  const played = game("a", "2026-05-14T19:00:00.000Z", { match: { id: "m-1", to: 2 }, seats: { us: ["И", "П"], them: ["М", "Г"] }, dealer: 3 });
  const going = { finished: false, won: { us: 1, them: 0 } };
  assert.deepEqual(nextChoices(played, going), ["continue", "1", "2", "3", "4"]);
  assert.equal(defaultChoice(played, going), "continue");
  const next = nextMatch(played, going, "continue");
  assert.deepEqual(next, { match: { id: "m-1", to: 2 } });
  assert.notEqual(next.match, played.match, "a copy, never the same object");
  // A won match: the next game is a new match like it (or one game on its own).
  const won = { finished: true, won: { us: 2, them: 0 } };
  assert.deepEqual(nextChoices(played, won), ["1", "2", "3", "4"]);
  assert.equal(defaultChoice(played, won), "2");
  const fresh = nextMatch(played, won, "2");
  assert.notEqual(fresh.match.id, "m-1");
  assert.equal(fresh.match.to, 2);
  assert.deepEqual(nextMatch(played, won, "1"), {});
  assert.deepEqual(nextMatch(played, going, "1"), {}, "a game on its own leaves the match");
});

async function mount(lang = "bg") {
  const scorer = fakeScorer();
  const mounted = await mountSheet({ lang, scorer, wait: 8, linkBase: "https://example.test/", placed: (parts) => [parts.section, ...parts.actions] });
  const { $, press } = mounted;
  const choose = async (value) => {
    const select = $("select.next-game");
    [...select.children].find((option) => option.value === value).selected = true;
    select.dispatchEvent(new window.Event("change"));
    await frames(8);
  };
  const newGame = async () => {
    await press($(".sheet-toolbar button.new-game"));
    await press($(".confirm button.confirm-yes"));
  };
  return { ...mounted, scorer, choose, newGame };
}

const text = (element) => element.textContent.replace(/\s+/g, " ").trim();

test("a match to 2: chosen before the first deal, its score on the sheet, its next game", async () => {
  const { sheet, form, $, press, choose, newGame } = await mount();
  assert.equal(text($(".game-about .field:last-child span")), "Тази игра");
  assert.deepEqual(
    [...$("select.next-game").children].map((option) => option.textContent),
    ["Една игра", "Мач до 2 победи", "Мач до 3 победи", "Мач до 4 победи"],
  );
  await choose("2");
  assert.equal(sheet.snapshot().game.match.to, 2);
  form.next = { fake: [TARGET, 0] };
  await press($("button.record"));
  assert.equal(text($(".match-line")), "мач 1 : 0 · игра 1", "the core's words for the match, and which game");
  assert.equal(text($(".game-about .field:last-child span")), "Следващата игра");
  assert.equal([...$("select.next-game").children].find((option) => option.selected)?.value, "continue");
  const first = sheet.snapshot().game;
  await newGame();
  const second = sheet.snapshot().game;
  assert.notEqual(second.id, first.id);
  assert.deepEqual(second.match, first.match, "the next game of the match");
  assert.equal(text($(".match-line")), "мач 1 : 0 · игра 2");
  form.next = { fake: [0, TARGET] };
  await press($("button.record"));
  form.next = { fake: [0, 0] };
  assert.equal(text($(".match-line")), "мач 1 : 1 · игра 2");
  assert.equal(text($("dialog.table-mode .table-match")), "мач 1 : 1 · игра 2", "table mode shows the match too");
  // The match's games, one line each (on screen and on a printed match sheet); Print.
  const lines = [...$(".match-games").children].map(text);
  assert.equal(lines.length, 2);
  assert.match(lines[0], new RegExp(`^Игра 1 · .* · Ние ${TARGET} : 0 Вие · победител: Ние`));
  assert.match(lines[1], new RegExp(`^Игра 2 · .* · Ние 0 : ${TARGET} Вие · победител: Вие`));
  assert.equal($(".match-games").children[1].getAttribute("aria-current"), "true");
  let printed = 0;
  globalThis.print = () => printed++;
  await press($("button.match-print"));
  assert.equal(printed, 1, "Print the match: the browser's print");
});

test("a game on its own: no match line; a note is saved with the game and shown in the list", async () => {
  const { sheet, store, $ } = await mount("en");
  assert.equal($(".match-line").hidden, true);
  assert.match(text($(".game-date")), /^Played /);
  const note = $("input.game-note");
  note.value = "at the cabin";
  note.dispatchEvent(new window.Event("input"));
  await frames(8);
  assert.equal(sheet.snapshot().game.note, "at the cabin");
  note.dispatchEvent(new window.Event("change")); // the field left: saved, like a team name
  await frames(8);
  const { games } = await store.load();
  assert.equal(games.find((game) => game.id === sheet.snapshot().game.id).note, "at the cabin");
  assert.match(text($(".games-list")), /at the cabin/);
  note.value = "  ";
  note.dispatchEvent(new window.Event("input"));
  await frames(8);
  assert.equal("note" in sheet.snapshot().game, false, "a blank note is none");
});
