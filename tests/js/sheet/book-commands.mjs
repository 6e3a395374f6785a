// The steps of the model-based tests of the game book (book-model.test.mjs), as
// fast-check commands: what a player does in one tab (record, all passed, undo, redo,
// edit or delete a deal, a new game, open another, choose the dealer, delete a game),
// two tabs of one phone pressing at the same moment, and games travelling between the
// two phones (a link kept as either team, a JSON file, the sheet's CSV, a backup; an
// earlier file picked again; the player's answer if asked to keep both of two copies).
// Each step acts on the world (book-model.mjs), says in the model what the players did,
// lets everything settle and checks the world against the model.

import assert from "node:assert/strict";

import fc from "fast-check";

import { gameFile } from "../../../widget/files/export.js";
import { bookRequest, nextMatch } from "../../../widget/book/matches.js";
import { turn } from "./book-arrival.mjs";
import { CAPOT, DEALS, dealText, gist } from "./book-model.mjs";

const NAMES = { us: "Иван и Петър", them: "Мария и Ана" };
const seat = (n) => ((n % 4) + 4) % 4;

/** One step: `act(world)` does it and says it in the model; then the world settles and is checked. */
class Step {
  constructor(name, text, act) {
    this.name = name;
    this.text = text;
    this.act = act;
  }

  check() {
    return true;
  }

  async run(_model, world) {
    await this.act(world);
    await world.settle();
    await world.verify();
  }

  toString() {
    return this.text;
  }
}

/** What tab `t` shows, with its phone and the model's game for it. */
function at(world, t) {
  const [phone, book] = world.tabs[t];
  return { phone, book, game: world.modelGame(phone, book) };
}

/** A change of the game in this tab ends what Undo took back for Redo (the book's rule). */
const changed = (world, t) => (world.undone[t] = null);

async function record(world, t, d, press = null) {
  const { book, game } = at(world, t);
  const deal = press ? (d < 0 ? { passed: true } : DEALS[d]) : d < 0 ? CAPOT : DEALS[d];
  const over = book.result.finished; // after the game's end nothing more is recorded (the core refuses)
  await (press ? press(book, d) : book.record(deal));
  if (over) return;
  game.deals = [...game.deals, deal];
  changed(world, t);
}

/** The big deal recorded until the game is won (a game of a match played out). */
async function winGame(world, t) {
  const big = DEALS.length - 1;
  for (let i = 0; i < 4 && !at(world, t).book.result.finished; i++) await record(world, t, big);
}

async function passed(world, t) {
  const { book, game } = at(world, t);
  const over = book.result.finished;
  await book.passed();
  if (over) return;
  game.deals = [...game.deals, { passed: true }];
  changed(world, t);
}

async function undo(world, t) {
  const { book, game } = at(world, t);
  if (!game.deals.length) return;
  await book.edits.undo();
  const deal = game.deals.at(-1);
  game.deals = game.deals.slice(0, -1);
  const kept = world.undone[t]?.id === book.current ? world.undone[t].deals : [];
  world.undone[t] = { id: book.current, deals: [...kept, deal] };
}

async function redo(world, t) {
  const { book, game } = at(world, t);
  const kept = world.undone[t];
  const offered = Boolean(kept && kept.id === book.current);
  assert.equal(book.snapshot().redo, offered, "Redo is offered exactly while the deals taken back can come back");
  if (!offered) return;
  const over = book.result.finished;
  await book.edits.redo();
  if (over) return;
  game.deals = [...game.deals, kept.deals.at(-1)];
  world.undone[t] = kept.deals.length > 1 ? { id: kept.id, deals: kept.deals.slice(0, -1) } : null;
}

/**
 * Whether the core takes `deals` as a game: a change that would end the game before its
 * last deal is refused (the game stays as it was, and the player leaves the form).
 */
async function takes(world, deals) {
  return (await world.scorer.scoreGame({ version: 1, deals })).ok;
}

async function edit(world, t, i, d) {
  const { book, game } = at(world, t);
  if (!game.deals.length) return;
  const index = i % game.deals.length;
  if (game.deals[index].passed) return; // a passed deal can only be deleted
  const deals = game.deals.map((deal, k) => (k === index ? DEALS[d] : deal));
  book.edits.edit(index);
  await book.edits.saveEdit(DEALS[d]);
  if (!(await takes(world, deals))) return book.stopEditing();
  game.deals = deals;
  changed(world, t);
}

async function deleteDeal(world, t, i) {
  const { book, game } = at(world, t);
  if (!game.deals.length) return;
  const index = i % game.deals.length;
  const deals = game.deals.filter((_, k) => k !== index);
  book.edits.edit(index);
  await book.edits.deleteDeal();
  if (!(await takes(world, deals))) return book.stopEditing();
  game.deals = deals;
  changed(world, t);
}

/** A new game at the same table: the same names, and the rotation going on from the last deal. */
async function newGame(world, t) {
  const { phone, book, game } = at(world, t);
  const dealer = game.dealer == null ? null : seat(game.dealer + game.deals.length);
  const names = { ...game.names };
  book.newGame();
  phone.games.set(book.current, { deals: [], names, dealer });
}

/**
 * The next game at this table as the sheet's match choice makes it: "continue" (the next
 * game of the match while it goes on) or a game on its own / a new match to 2 or 3 won
 * games; the rotation goes on as for any new game.
 */
async function nextMatchGame(world, t, choice) {
  const { phone, book, game } = at(world, t);
  const current = book.game;
  let score = null;
  if (current.match) {
    const { request, ids } = bookRequest([...book.games.values()]);
    const reply = await book.scorer().matchScores(request);
    assert.equal(reply.ok, true, "the match scores of the phone");
    score = reply.result.matches.find((match) => match.games.some((index) => ids[index] === current.id)) ?? null;
  }
  const dealer = game.dealer == null ? null : seat(game.dealer + game.deals.length);
  const names = { ...game.names };
  book.newGame(nextMatch(current, score, choice, book.now()));
  phone.games.set(book.current, { deals: [], names, dealer });
}

/** A whole match to `to` won games played out at tab `t`, then the next game (the sheet's first choice) and a deal of it. */
async function playMatch(world, t, to) {
  await nextMatchGame(world, t, String(to));
  for (let game = 0; game < to; game++) {
    await winGame(world, t);
    await world.settle();
    await nextMatchGame(world, t, "continue");
  }
  await record(world, t, 0);
}

async function openGame(world, t, i) {
  const { book } = at(world, t);
  const ids = [...book.games.keys()];
  book.openGame(ids[i % ids.length]);
}

async function setName(world, t, team, name) {
  const { book, game } = at(world, t);
  book.setName(team, name);
  book.saveTyping(); // the field is left
  game.names = { ...game.names, [team]: name };
}

/** Both teams given one name (a slip of the finger). */
async function sameNames(world, t) {
  await setName(world, t, "us", NAMES.us);
  await setName(world, t, "them", NAMES.us);
}

/** "This seat deals now": the game's first dealer is the one that makes it so. */
async function chooseDealer(world, t, s) {
  const { book, game } = at(world, t);
  await book.table.chooseDealer(s);
  game.dealer = seat(s - game.deals.length);
  assert.equal(book.result.next_dealer, s, "the seat chosen deals the next deal");
}

async function removeGame(world, t, thenUndo) {
  const { phone, book } = at(world, t);
  const id = book.current;
  book.removeGame(id);
  if (thenUndo) book.undoDelete();
  else {
    book.timers.run();
    phone.games.delete(id);
  }
}

/**
 * Tabs 0 and 1 (phone A) on one game (tab 1 opens the game tab 0 shows, if it has it:
 * an empty game is not saved, so not there), each pressing at the same moment: both
 * deals kept, in either order.
 */
async function together(world, one, two) {
  const [, first] = world.tabs[0];
  const [, second] = world.tabs[1];
  second.openGame(first.current);
  await world.settle();
  const press = (book, d) => (d < 0 ? book.passed() : book.record(DEALS[d]));
  const dealOf = (d) => (d < 0 ? { passed: true } : DEALS[d]);
  if (second.current !== first.current) {
    await Promise.all([record(world, 0, one, press), record(world, 1, two, press)]);
    return;
  }
  const { phone, game } = at(world, 0);
  const over = first.result.finished;
  await Promise.all([press(first, one), press(second, two)]);
  if (over) return;
  await world.settle();
  const stored = (await phone.stored()).find((g) => g.id === first.current);
  const orders = [
    [...game.deals, dealOf(one), dealOf(two)],
    [...game.deals, dealOf(two), dealOf(one)],
  ];
  // The first deal may end the game: the core then refuses the other.
  if (first.result.finished) orders.push([...game.deals, dealOf(one)], [...game.deals, dealOf(two)]);
  game.deals = orders.find((deals) => JSON.stringify(deals) === JSON.stringify(stored?.deals)) ?? orders[0];
  changed(world, 0);
  changed(world, 1);
}

/** Tab 0 types a team's name letter by letter while tab 1 records a deal into the same game. */
async function typeWhileRecording(world, name, d) {
  const [, first] = world.tabs[0];
  const [, second] = world.tabs[1];
  second.openGame(first.current);
  await world.settle();
  const named = at(world, 0).game; // the same game, unless tab 0's is empty (not saved, so not in tab 1)
  const { game } = at(world, 1);
  const typing = (async () => {
    for (let n = 1; n <= name.length; n++) {
      first.setName("us", name.slice(0, n));
      await new Promise((resolve) => setImmediate(resolve));
    }
    first.saveTyping(); // the field is left
  })();
  const over = second.result.finished;
  await Promise.all([typing, second.record(DEALS[d])]);
  named.names = { ...named.names, us: name };
  if (over) return; // refused after the game's end: nothing changed in tab 1, its Redo stays (as record)
  game.deals = [...game.deals, DEALS[d]];
  changed(world, 1);
}

/**
 * The game tab `from` shows, kept on tab `to` from its link, read as `side` ("them": the
 * other team keeps it, names, deals and seats turned); `answer`: the player's, if asked
 * to keep both of two differing copies.
 */
async function keepLink(world, from, to, side, answer) {
  const { book: source } = at(world, from);
  const game = source.game;
  if (!game.deals.length) return;
  const reply = await source.scorer().gameLink(gameFile(game));
  assert.equal(reply.ok, true, "every game has a link");
  const { book } = at(world, to);
  const sent = { ...gist(game), id: game.id };
  const incoming = side === "them" ? { ...(await turn(world.scorer, sent)), id: game.id } : sent;
  await world.arrive(to, "link", [incoming], answer, async () => {
    await book.travel.openLink(`#game=${reply.result.link}`, 1, { weAre: side });
    await book.travel.keepShared();
  });
}

/**
 * A file of the game tab `from` shows (or, `again`, the last file of that kind), imported
 * on tab `to`; `answer`: the player's, if asked to keep both of two differing copies.
 */
async function importFile(world, route, from, to, again, answer) {
  const earlier = world.files.findLast((file) => file.route === route);
  const file = again && earlier ? earlier : await world.exportFile(route, from);
  if (!file) return;
  const { book } = at(world, to);
  await world.arrive(to, route, file.games, answer, () => world.importFile(book, file));
}

const TAB = fc.integer({ min: 0, max: 2 });
const DEAL = fc.integer({ min: 0, max: DEALS.length - 1 });
const PRESS = fc.integer({ min: -1, max: DEALS.length - 2 }); // -1: all passed; not the big deal (its end would refuse the other press)
const INDEX = fc.nat({ max: 20 });
const d = (n) => dealText(DEALS[n]);
const p = (n) => (n < 0 ? "pass" : d(n));

const keepBoth = (yes) => (yes ? "" : ", not both");

/** A file exported and imported: from tab `f` (or the last of its kind) to tab `t`, the player's answer `yes`. */
function fileStep(name, route, last, source) {
  return fc
    .tuple(TAB, TAB, fc.boolean(), fc.boolean())
    .map(([f, t, a, yes]) => new Step(name, `${name}(${a ? last : source(f)} → tab ${t}${keepBoth(yes)})`, (w) => importFile(w, route, f, t, a, yes)));
}

/** Every kind of step, by name: the arbitrary of its commands. */
export const STEPS = {
  record: fc.tuple(TAB, DEAL).map(([t, n]) => new Step("record", `record(tab ${t}, ${d(n)})`, (w) => record(w, t, n))),
  recordCapot: TAB.map((t) => new Step("recordCapot", `record(tab ${t}, ${dealText(CAPOT)})`, (w) => record(w, t, -1))),
  winGame: TAB.map((t) => new Step("winGame", `winGame(tab ${t})`, (w) => winGame(w, t))),
  passed: TAB.map((t) => new Step("passed", `passed(tab ${t})`, (w) => passed(w, t))),
  undo: TAB.map((t) => new Step("undo", `undo(tab ${t})`, (w) => undo(w, t))),
  redo: TAB.map((t) => new Step("redo", `redo(tab ${t})`, (w) => redo(w, t))),
  edit: fc.tuple(TAB, INDEX, DEAL).map(([t, i, n]) => new Step("edit", `edit(tab ${t}, deal ${i}, ${d(n)})`, (w) => edit(w, t, i, n))),
  deleteDeal: fc.tuple(TAB, INDEX).map(([t, i]) => new Step("deleteDeal", `deleteDeal(tab ${t}, deal ${i})`, (w) => deleteDeal(w, t, i))),
  newGame: TAB.map((t) => new Step("newGame", `newGame(tab ${t})`, (w) => newGame(w, t))),
  nextMatchGame: fc
    .tuple(TAB, fc.constantFrom("continue", "1", "2", "3"))
    .map(([t, c]) => new Step("nextMatchGame", `nextMatchGame(tab ${t}, ${c})`, (w) => nextMatchGame(w, t, c))),
  playMatch: fc.tuple(TAB, fc.constantFrom(2, 3)).map(([t, to]) => new Step("playMatch", `playMatch(tab ${t}, to ${to})`, (w) => playMatch(w, t, to))),
  setName: fc.tuple(TAB, fc.constantFrom("us", "them"), fc.boolean()).map(([t, team, named]) => {
    const name = named ? NAMES[team] : "";
    return new Step("setName", `setName(tab ${t}, ${team}, "${name}")`, (w) => setName(w, t, team, name));
  }),
  sameNames: TAB.map((t) => new Step("sameNames", `sameNames(tab ${t}, "${NAMES.us}")`, (w) => sameNames(w, t))),
  openGame: fc.tuple(TAB, INDEX).map(([t, i]) => new Step("openGame", `openGame(tab ${t}, game ${i})`, (w) => openGame(w, t, i))),
  chooseDealer: fc.tuple(TAB, fc.nat({ max: 3 })).map(([t, s]) => new Step("chooseDealer", `chooseDealer(tab ${t}, seat ${s})`, (w) => chooseDealer(w, t, s))),
  removeGame: fc.tuple(TAB, fc.boolean()).map(([t, u]) => new Step("removeGame", `removeGame(tab ${t}${u ? ", then undo" : ""})`, (w) => removeGame(w, t, u))),
  importJson: fileStep("importJson", "json", "the last file", (f) => `tab ${f}`),
  importCsv: fileStep("importCsv", "csv", "the last file", (f) => `tab ${f}`),
  restoreBackup: fileStep("restoreBackup", "backup", "the last backup", (f) => `phone of tab ${f}`),
  keepLink: fc
    .tuple(TAB, TAB, fc.constantFrom("us", "them"), fc.boolean())
    .map(([f, t, side, yes]) => new Step("keepLink", `keepLink(tab ${f} → tab ${t} as ${side}${keepBoth(yes)})`, (w) => keepLink(w, f, t, side, yes))),
  together: fc.tuple(PRESS, PRESS).map(([a, b]) => new Step("together", `together(tab 0 ${p(a)}, tab 1 ${p(b)})`, (w) => together(w, a, b))),
  typeWhileRecording: fc
    .tuple(fc.constantFrom("Иван и Петър", "Petar"), DEAL)
    .map(([name, n]) => new Step("typeWhileRecording", `typeWhileRecording(tab 0 "${name}", tab 1 ${d(n)})`, (w) => typeWhileRecording(w, name, n))),
};

/** The commands of the steps named, for fc.asyncModelRun. */
export function steps(names, { maxCommands }) {
  return fc.commands(
    names.map((name) => STEPS[name]),
    { maxCommands },
  );
}
