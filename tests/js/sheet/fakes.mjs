// A fake scorer and helpers for the game book's Node tests: the core's game answers in
// the shape the book reads (rows, totals, hanging, winner, finished), from deals that
// carry their own record — `{fake: [us, them]}` — so a test says what each deal scores.
// A deal `{bad: true}` is refused as the core refuses a deal; `{hang: n}` leaves n hanging.

import { GameBook } from "../../../widget/book/game-book.js";
import { MemoryBackend, MemoryStore } from "../../../widget/store/memory-store.js";

export const TARGET = 151;

export function fakeResult(deals, dealer = null) {
  const totals = { us: 0, them: 0 };
  let hanging = 0;
  const rows = deals.map((deal, i) => {
    const [us, them] = deal.passed ? [0, 0] : (deal.fake ?? [10, 6]);
    totals.us += us;
    totals.them += them;
    hanging = deal.hang ?? (deal.passed ? hanging : 0);
    const row = { passed: Boolean(deal.passed), record: { us, them }, totals: { ...totals }, hanging, hanging_out: deal.hang ?? 0 };
    if (dealer != null) row.dealer = (dealer + i) % 4;
    return row;
  });
  const finished = totals.us >= TARGET || totals.them >= TARGET;
  const winner = finished ? (totals.us > totals.them ? "us" : "them") : null;
  // As the core: the deal passes one seat on after every deal, passed deals included.
  const next_dealer = dealer == null ? null : (dealer + deals.length) % 4;
  return {
    rows,
    totals,
    hanging,
    winner,
    finished,
    unclaimed: finished ? hanging : 0,
    next_dealer,
    status: { code: "status_playing", params: {}, message: { bg: "", en: "" } },
  };
}

/** A scorer whose scoreGame answers like the core (after `delay()` resolves, if given). */
export function fakeScorer({ delay = null } = {}) {
  const calls = [];
  return {
    calls,
    async scoreGame(request) {
      calls.push(request);
      if (delay) await delay();
      if (!Array.isArray(request?.deals)) return { ok: false, errors: [{ code: "not_a_game", message: { bg: "не е игра", en: "not a game" } }] };
      const bad = request.deals.findIndex((deal) => deal.bad);
      if (bad >= 0) return { ok: false, errors: [{ code: "bad_deal", deal: bad, message: { bg: `лошо ${bad + 1}`, en: `bad ${bad + 1}` } }] };
      const names = Object.values(request.seats ?? {})
        .flat()
        .filter(Boolean)
        .map((name) => name.toLowerCase());
      if (new Set(names).size < names.length) return { ok: false, errors: [{ code: "player_twice", message: { bg: "двама", en: "twice" } }] };
      return { ok: true, result: fakeResult(request.deals, request.dealer ?? null) };
    },
    async readGameLink({ link, we_are: weAre }) {
      if (link === "#game=bad") return { ok: false, errors: [{ code: "link_damaged", message: { bg: "повреден", en: "damaged" } }] };
      // As the core: from the other team's side the names, the records and the seats turn.
      const mirror = weAre === "them";
      const deals = [{ fake: mirror ? [0, 20] : [20, 0] }, { passed: true }];
      const names = mirror ? { us: "B", them: "A" } : { us: "A", them: "B" };
      const game = {
        names,
        seats: mirror ? { us: ["b1", "b2"], them: ["a2", "a1"] } : { us: ["a1", "a2"], them: ["b1", "b2"] },
        dealer: mirror ? 0 : 1,
        deals,
      };
      return { ok: true, result: { game, score: fakeResult(deals) } };
    },
    async gameLink() {
      return { ok: true, result: { link: "XYZ" } };
    },
    matchScores: async (request) => (calls.push(request), { ok: true, result: { matches: fakeMatches(request.games) } }),
    statistics: async (request) => (calls.push(request), { ok: true, result: fakeStatistics(request) }),
  };
}

/** The core's match scores of a book (belot_core.matches), from the fake games' winners. */
export function fakeMatches(games) {
  const matches = new Map();
  games.forEach(({ game }, index) => {
    if (!game.match) return;
    const match = matches.get(game.match.id) ?? { id: game.match.id, to: game.match.to, games: [], won: { us: 0, them: 0 }, finished: false, winner: null };
    const { winner } = fakeResult(game.deals);
    match.games.push(index);
    if (winner) match.won[winner] += 1;
    match.winner ??= ["us", "them"].find((team) => match.won[team] === match.to) ?? null;
    match.finished = match.winner !== null;
    const status = match.winner
      ? { code: "match_won", params: { ...match.won, winner: match.winner } }
      : { code: "match_playing", params: { ...match.won, to: match.to } };
    matches.set(match.id, {
      ...match,
      status: { ...status, message: { bg: `мач ${match.won.us} : ${match.won.them}`, en: `match ${match.won.us} : ${match.won.them}` } },
    });
  });
  return [...matches.values()];
}

/** The core's statistics of a book (belot_core.stats), per column only: games and won, within the range. */
export function fakeStatistics({ games, from = null, to = null }) {
  const chosen = games.map((entry, index) => ({ ...entry, index })).filter(({ date }) => (!from || date >= from) && (!to || date <= to));
  const pairs = ["us", "them"].map((team) => {
    const won = chosen.filter(({ game }) => fakeResult(game.deals).winner === team);
    return {
      team,
      games: chosen.length,
      won: won.length,
      lost: chosen.length - won.length,
      played: chosen.map(({ index }) => index),
      won_games: won.map(({ index }) => index),
    };
  });
  return { from, to, games: chosen.length, matches: 0, pairs, players: [] };
}

/** Fake timers: `run()` fires what is due. */
export function fakeTimers() {
  const timers = new Map();
  let next = 1;
  return {
    setTimeout(fn) {
      timers.set(next, fn);
      return next++;
    },
    clearTimeout(id) {
      timers.delete(id);
    },
    run() {
      for (const [id, fn] of [...timers]) {
        timers.delete(id);
        fn();
      }
    },
    get size() {
      return timers.size;
    },
  };
}

let tick = 0;
/** A clock that moves a second per call, so every game has its own stamps. */
export const clock = () => new Date(Date.UTC(2026, 0, 2, 20, 0, tick++));

/** A book on a fresh store (or `store`), opened; its changes in `book.changes`. */
export async function openBook({ store = new MemoryStore(), scorer = fakeScorer(), timers = fakeTimers() } = {}) {
  const book = new GameBook({ scorer: () => scorer, store, clock, timers });
  book.changes = [];
  book.addEventListener("change", (event) => book.changes.push(event.detail));
  await book.open();
  await book.saver.settled();
  return Object.assign(book, { core: scorer, timers, store });
}

/** Two tabs on one device: two books on one memory backend. */
export async function twoTabs({ manual = false } = {}) {
  const backend = new MemoryBackend({ manual });
  const one = await openBook({ store: backend.store() });
  const two = await openBook({ store: backend.store() });
  return { backend, one, two };
}

/** Let every promise and microtask run (the follower, the saver). */
export async function idle() {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}
