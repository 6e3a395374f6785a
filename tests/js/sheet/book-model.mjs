// The world the model-based tests of the game book play in (book-model.test.mjs): two
// phones, each an IndexedDB database of its own (fake-indexeddb) holding the games, and
// on the first phone two tabs — two game books over that one database, told of each
// other's saves on a BroadcastChannel this module fakes, so a step says when news arrives.
// Every book scores through the real core (core-scorer.mjs). Beside the world, the model:
// what the players did, as a list of deals (and the teams' names and the first dealer)
// per game, per phone. `settle()` lets every save, every piece of news and every change
// under way finish; `verify()` then compares the phones with the model.

import assert from "node:assert/strict";

import { IDBFactory } from "fake-indexeddb";

import { backupFile, backupText } from "../../../widget/files/backup.js";
import { BookBackup } from "../../../widget/book/book-backup.js";
import { gameCsv, gameFile } from "../../../widget/files/export.js";
import { readGameFile } from "../../../widget/sheet/files.js";
import { GameBook } from "../../../widget/book/game-book.js";
import { IdbStore } from "../../../widget/store/idb-store.js";
import { bookRequest } from "../../../widget/book/matches.js";
import { linkURL } from "../../../widget/sheet/share.js";
import { rowNotes, teamNames } from "../../../widget/sheet/summary.js";
import { STRINGS } from "../../../widget/i18n/strings.js";
import { STORE_WORDS } from "../../../widget/i18n/store-strings.js";
import { TRAVEL_WORDS } from "../../../widget/i18n/travel-strings.js";
import { canonical } from "../../../widget/book/records.js";
import { expectArrival } from "./book-arrival.mjs";
import { fakeTimers } from "./fakes.mjs";

/**
 * Deals as the form records them (the core's deal format), in the form the sheet's CSV
 * brings them back (declarations as counted), so every route carries them unchanged;
 * small enough that a few never end a game. `CAPOT`: a capot (issue 30 point 3).
 */
const deal = (contract, bidder, team, points, last, extra = {}) => ({
  contract,
  bidder,
  doubling: "none",
  capot: null,
  cards: { team, points },
  last_trick: last,
  declarations: { us: {}, them: {} },
  ...extra,
});
export const DEALS = [
  deal("hearts", "us", "us", 82, "them"),
  deal("clubs", "them", "them", 100, "them", { declarations: { us: {}, them: { belot: 1 } } }),
  deal("no_trumps", "us", "us", 60, "us"),
  deal("all_trumps", "them", "us", 130, "us", { declarations: { us: { tierce: 1 }, them: {} } }),
  deal("spades", "us", "them", 130, "them", { doubling: "contra" }),
  deal("all_trumps", "us", "us", 200, "us", { doubling: "recontra" }), // 103 : 0, two end a game
];
export const CAPOT = deal("diamonds", "them", "them", 152, "them", { capot: "them" });

/** A BroadcastChannel whose messages wait in `hub` until `hub.deliver()`, as a busy browser may hold them. */
export function channelHub() {
  const channels = new Set();
  const queue = [];
  class FakeChannel {
    onmessage = null;
    constructor(name) {
      this.name = name;
      channels.add(this);
    }
    postMessage(data) {
      for (const other of channels) if (other !== this && other.name === this.name) queue.push([other, structuredClone(data)]);
    }
    close() {
      channels.delete(this);
    }
  }
  return {
    BroadcastChannel: FakeChannel,
    get pending() {
      return queue.length;
    },
    deliver() {
      for (const [channel, data] of queue.splice(0)) if (channels.has(channel)) channel.onmessage?.({ data });
    },
  };
}

let tick = 0;
/** A clock a second on per call: every game its own stamps, in the order things happened. */
const clock = () => new Date(Date.UTC(2026, 0, 2, 20, 0, tick++));

/** One phone: its database, its channel hub, and `tabs` game books open on it. */
class Phone {
  constructor(name, scorer) {
    this.name = name;
    this.scorer = scorer;
    this.indexedDB = new IDBFactory();
    this.hub = channelHub();
    this.tabs = [];
    this.stores = [];
    // The model: id → {deals, names, dealer} (dealer undefined: whatever the book chose).
    // A game is known by its id wherever it goes (book-arrival.mjs).
    this.games = new Map();
  }

  async openTab() {
    const store = new IdbStore("belot-calculator", { indexedDB: this.indexedDB, legacy: null, BroadcastChannel: this.hub.BroadcastChannel });
    const timers = fakeTimers();
    const book = new GameBook({ scorer: () => this.scorer, store, clock, timers });
    book.timers = timers;
    await book.open();
    this.stores.push(store);
    this.tabs.push(book);
    return book;
  }

  /** The records in the database now, read by a store of its own (no channel). */
  async stored() {
    const store = new IdbStore("belot-calculator", { indexedDB: this.indexedDB, legacy: null, BroadcastChannel: null });
    const { games } = await store.load();
    store.close();
    return games;
  }

  close() {
    for (const store of this.stores) store.close();
  }
}

/** What the model compares of a game: its deals, the teams' names, its first dealer. */
export function gist(game) {
  return { deals: game.deals, names: { us: game.names?.us ?? "", them: game.names?.them ?? "" }, dealer: game.dealer ?? null };
}

const macrotask = () => new Promise((resolve) => setImmediate(resolve));

export class World {
  /** Files saved so far: {route, name, text, games} — picked again by later steps. */
  files = [];
  /** Per tab, what Undo took back for Redo as the model sees it: {id, deals} or null. */
  undone = [null, null, null];

  constructor(scorer) {
    this.scorer = scorer;
    this.phones = [new Phone("A", scorer), new Phone("B", scorer)];
  }

  /** Phone A with two tabs, phone B with one; `tabs[i]` is [phone, book]. */
  async open() {
    const [a, b] = this.phones;
    await a.openTab();
    await a.openTab();
    await b.openTab();
    this.tabs = [
      [a, a.tabs[0]],
      [a, a.tabs[1]],
      [b, b.tabs[0]],
    ];
    await this.settle();
    return this;
  }

  close() {
    for (const phone of this.phones) phone.close();
  }

  /**
   * Everything under way finished: each book's changes and saves, the news between tabs,
   * every call to the core. Quiet twice in a row, so that work a round started (a save
   * refused, joined in turn) is not missed.
   */
  async settle() {
    let quiet = 0;
    for (let round = 0; round < 200 && quiet < 2; round++) {
      const news = this.phones.some((phone) => phone.hub.pending);
      for (const phone of this.phones) {
        phone.hub.deliver();
        for (const book of phone.tabs) {
          await book.serial(() => {});
          await book.saver.settled();
        }
      }
      await this.scorer.idle();
      for (let i = 0; i < 5; i++) await macrotask(); // fake-indexeddb answers on later tasks
      quiet = news || this.scorer.inFlight || this.phones.some((phone) => phone.hub.pending) ? 0 : quiet + 1;
    }
    if (quiet < 2) throw new Error("the tabs never settled");
  }

  /** The model's game `id` on `phone`, made from the book's game the first time it is touched. */
  modelGame(phone, book, id = book.current) {
    if (!phone.games.has(id)) {
      const game = book.games.get(id);
      phone.games.set(id, { ...gist(game), dealer: game.dealer ?? undefined });
    }
    return phone.games.get(id);
  }

  /** The ids of the games in `phone`'s database now. */
  async ids(phone) {
    return new Set((await phone.stored()).map((game) => game.id));
  }

  /**
   * A file as the sheet saves it, kept in `files`: "json" or "csv" (with the game's link
   * in its first row) of the game tab `t` shows (null if it has no deals), or "backup" of
   * every game on its phone. `games`: what the model expects the file to bring.
   */
  async exportFile(route, t) {
    const [, book] = this.tabs[t];
    const arriving = (game) => ({ ...gist(game), id: game.id });
    let file;
    if (route === "backup") {
      const backup = backupFile([...book.games.values()], book.now());
      file = { route, name: "belot-backup.json", text: backupText(backup), games: backup.games.map(arriving) };
      if (!file.games.length) return null;
    } else {
      const game = book.game;
      if (!game?.deals.length) return null;
      if (route === "json") file = { route, name: "belot.json", text: `${JSON.stringify(gameFile(game), null, 1)}\n` };
      else {
        const lang = this.files.length % 2 ? "en" : "bg";
        const s = { ...STRINGS[lang], travel: TRAVEL_WORDS[lang], store: STORE_WORDS[lang] };
        const link = await this.scorer.gameLink(gameFile(game));
        assert.equal(link.ok, true, "every game has a link");
        const url = linkURL("https://belot.example/calculator/", link.result.link);
        const csv = gameCsv(game, book.results.get(game.id), s, lang, teamNames(game, s), (row) => rowNotes(row, s.sheet, lang).join(", "), url);
        file = { route, name: "belot.csv", text: `\ufeff${csv}` };
      }
      file.games = [arriving(game)];
    }
    this.files.push(file);
    return file;
  }

  /** `file` picked on `book` (as the sheet's Import reads it: a backup, else one game). */
  async importFile(book, file) {
    if (file.route === "backup") return new BookBackup(book).restore(JSON.parse(file.text), file.name);
    const read = await readGameFile(new File([file.text], file.name));
    assert.equal(read.refused, undefined, `the sheet's own ${file.route} is read back: ${JSON.stringify(read)}`);
    // Export → import is the identity: the file reads back as the game it was saved from.
    if (file.route === "json") assert.deepEqual(read.data, JSON.parse(file.text));
    return book.travel.importGame(read.data ?? null, file.name, { totals: read.totals, link: read.link });
  }

  /**
   * Let `act()` bring `incoming` (as the model sees them: [{id, deals, names, dealer}])
   * onto tab `t` by `route`, the player answering `answer` if asked to keep both of two
   * differing copies; then check that what came in is what the model says
   * (book-arrival.mjs).
   */
  async arrive(t, route, incoming, answer, act) {
    const [phone, book] = this.tabs[t];
    // The games the phone stores, and the tab's own: an empty game left in another tab is
    // dropped from the store, yet still this tab's, and a backup fills it under its id.
    const before = new Set([...(await this.ids(phone)), ...book.games.keys()]);
    const questions = [];
    book.travel.ask = async (question) => (questions.push(question.key), answer);
    const { fresh, asked } = await expectArrival(this.scorer, phone.games, route, incoming, book, answer);
    await act();
    await this.settle();
    assert.equal(questions.length, asked, `phone ${phone.name}: asked to keep both ${questions.length} time(s), not ${asked}`);
    const key = (game) => canonical({ deals: game.deals, names: game.names });
    const added = (await phone.stored()).filter((game) => !before.has(game.id) && game.deals.length);
    assert.equal(added.length, fresh.length, `phone ${phone.name}: ${fresh.length} game(s) should have come in, ${added.length} did`);
    for (const { game, id } of fresh) {
      if (id !== null) {
        assert.ok(
          added.some((stored) => stored.id === id),
          `phone ${phone.name}: ${id} came in under its id`,
        );
        continue;
      }
      const match = added.find((stored) => key(gist(stored)) === key(game) && !phone.games.has(stored.id));
      assert.ok(match, `phone ${phone.name}: a game came in other than it was sent`);
      phone.games.set(match.id, { deals: game.deals, names: game.names, dealer: game.dealer });
    }
  }

  // --- after every step ------------------------------------------------------------

  /** Every phone holds what the model says; every tab agrees with its phone; the dealer; the statistics. */
  async verify() {
    for (const phone of this.phones) {
      const stored = (await phone.stored()).filter((game) => game.deals.length);
      const model = [...phone.games].filter(([, game]) => game.deals.length);
      const exact = (games) => games.map(([id, game]) => `${id} ${canonical(game.deals)}`).sort();
      const shown = (games) =>
        games
          .map(([id, game]) => `${id.slice(-4)}: ${game.deals.map(dealText).join(" ")}`)
          .sort()
          .join(" | ");
      const found = stored.map((game) => [game.id, game]);
      assert.deepEqual(
        exact(found),
        exact(model),
        `phone ${phone.name}: the stored games are not the deals played (lost, doubled or forked): stored ${shown(found)}; played ${shown(model)}`,
      );
      for (const game of stored) {
        const expected = phone.games.get(game.id);
        assert.deepEqual(gist(game).names, expected.names, `phone ${phone.name}: the names of ${game.id}`);
        if (expected.dealer !== undefined) assert.equal(game.dealer ?? null, expected.dealer, `phone ${phone.name}: the first dealer of ${game.id}`);
      }
      for (const book of phone.tabs) {
        const mine = [...book.games.values()]
          .filter((game) => game.deals.length)
          .map((game) => `${game.id} ${canonical(game.deals)}`)
          .sort();
        const there = stored.map((game) => `${game.id} ${canonical(game.deals)}`).sort();
        assert.deepEqual(mine, there, `phone ${phone.name}: a tab and the database disagree`);
      }
      await this.#dealers(phone, stored);
      const { request } = bookRequest(stored);
      const stats = await this.scorer.statistics(request);
      assert.equal(stats.ok, true, `phone ${phone.name}: the statistics refuse: ${JSON.stringify(stats.errors)}`);
      const matches = await this.scorer.matchScores(request);
      assert.equal(matches.ok, true, `phone ${phone.name}: the match scores refuse: ${JSON.stringify(matches.errors)}`);
    }
  }

  /** The dealer moves one seat on after every deal, passed ones too, from the game's first dealer. */
  async #dealers(phone, stored) {
    const book = phone.tabs[0];
    for (const game of stored) {
      if (game.dealer == null) continue;
      const result = book.results.get(game.id);
      assert.equal(result.next_dealer, (game.dealer + game.deals.length) % 4, `phone ${phone.name}: who deals next in ${game.id}`);
      result.rows.forEach((row, i) => assert.equal(row.dealer, (game.dealer + i) % 4, `phone ${phone.name}: the dealer of deal ${i + 1} in ${game.id}`));
    }
  }
}

/** A deal in a few letters, for the failure messages: "h82", "pass". */
export function dealText(deal) {
  if (deal.passed) return "pass";
  if (deal.capot) return `${deal.contract.slice(0, 2)} capot`;
  const doubled = { contra: "x", recontra: "xx" }[deal.doubling] ?? "";
  return `${deal.contract.slice(0, 2)}${deal.cards.team === "us" ? "+" : "-"}${deal.cards.points ?? "?"}${doubled}`;
}
