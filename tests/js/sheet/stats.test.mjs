// The statistics view in Node: asked of the (fake) core from the saved games over a range
// of days, each pair's figures with the games they came from, and the CSV, every cell
// safe for a spreadsheet (a team name typed as a formula stays text).
import assert from "node:assert/strict";
import { test } from "node:test";

import { TARGET } from "../../../widget/core-tables.js";
import { frames, installDom } from "../dom.mjs";
import { fakeScorer } from "./fakes.mjs";
import { fakeForm, mountSheet } from "./mount.mjs";

installDom();
const { MemoryStore } = await import("../../../widget/store/memory-store.js");
const { Statistics, statisticsCsv, whoText } = await import("../../../widget/book/stats.js");
const { localDay } = await import("../../../widget/book/matches.js");

const stored = (id, created, deals, names = { us: "", them: "" }) => ({ id, created, updated: created, names, rules: {}, deals });

test("the statistics are the core's, over the saved games that were played, within the days asked", async () => {
  const scorer = fakeScorer();
  const stats = new Statistics(() => scorer);
  const games = [
    stored("b", "2026-05-20T18:00:00.000Z", [{ fake: [TARGET, 0] }]),
    stored("a", "2026-05-10T18:00:00.000Z", [{ fake: [0, TARGET] }]),
    stored("empty", "2026-05-21T18:00:00.000Z", []),
  ].map((game) => ({ game, result: { totals: { us: game.deals[0]?.fake[0] ?? 0, them: game.deals[0]?.fake[1] ?? 0 }, winner: null } }));
  await stats.compute(games, { from: "2026-05-15", to: "" });
  const [request] = scorer.calls;
  assert.deepEqual(
    request.games.map((entry) => entry.date),
    [localDay("2026-05-10T18:00:00.000Z"), localDay("2026-05-20T18:00:00.000Z")],
    "played order; a game without a deal is none",
  );
  assert.deepEqual([request.from, request.to], ["2026-05-15", null]);
  assert.equal(stats.state, "ready");
  assert.equal(stats.result.games, 1);
  const us = stats.result.pairs.find((pair) => pair.team === "us");
  assert.deepEqual([us.played, us.won_games], [[1], [1]]);
  assert.equal(stats.games[1].id, "b", "the answer's indices lead back to the games");
});

test("the CSV: a header in the reader's language, a row per pair, names never a formula", () => {
  const result = {
    pairs: [
      {
        name: '=HYPERLINK("x")',
        games: 2,
        won: 1,
        lost: 1,
        matches: 0,
        matches_won: 0,
        deals: 20,
        average_deals: 10,
        biggest: { points: 25, game: 0, deal: 3 },
        capots: 1,
        bids: 3,
        made: 2,
        inside: 1,
        hanging: 0,
        by_contract: { hearts: { bids: 3, made: 2, inside: 1, hanging: 0 } },
      },
    ],
    players: [
      {
        player: "Иван",
        games: 1,
        won: 1,
        lost: 0,
        matches: 0,
        matches_won: 0,
        deals: 10,
        average_deals: 10,
        biggest: null,
        capots: 0,
        bids: 0,
        made: 0,
        inside: 0,
        hanging: 0,
        by_contract: {},
      },
    ],
  };
  const lines = statisticsCsv(result, "bg", { us: "Ние", them: "Вие" }).split("\r\n");
  assert.match(lines[0], /^,,Игри,Спечелени,Загубени,/);
  assert.ok(lines[1].startsWith(`Двойки,"'=HYPERLINK(""x"")",2,1,1,0,0,20,10,25,1,3,2,1,0`), lines[1]);
  assert.ok(lines[2].startsWith("Играчи,Иван,1,1,0,0,0,10,10,,0"), lines[2]);
  assert.equal(lines.at(-1), "", "lines end with CRLF");
  assert.equal(whoText({ players: ["Иван", "Петър"] }, {}), "Иван & Петър");
  assert.equal(whoText({ team: "them" }, { us: "Ние", them: "Вие" }), "Вие");
});

test("the sheet's statistics: opened, each pair with the games it is counted from", async () => {
  const store = new MemoryStore();
  await store.put(stored("g-1", "2026-05-14T18:00:00.000Z", [{ fake: [TARGET, 0] }], { us: "Иван и Петър", them: "" }), null);
  const scorer = fakeScorer();
  const { $, root } = await mountSheet({
    lang: "en",
    store,
    scorer,
    form: fakeForm(null),
    wait: 8,
    linkBase: "https://example.test/",
    placed: (parts) => [parts.section],
  });
  assert.equal($("details.stats summary").textContent, "Statistics");
  assert.equal($("button.stats-csv").disabled, true, "nothing to save before it is worked out");
  $("button.stats-show").click();
  await frames(8);
  const entries = root.querySelectorAll(".stats-pairs .stats-entry");
  assert.equal(entries.length, 2);
  const us = [...entries].find((entry) => entry.querySelector(".stats-who").textContent === "Us");
  assert.equal(us.querySelector('dd[data-count="games"]').textContent, "1");
  assert.equal(us.querySelector('dd[data-count="won"]').textContent, "1");
  const gamesOf = us.querySelector("details.stats-games");
  assert.equal(gamesOf.querySelectorAll("li").length, 0, "listed only when opened");
  gamesOf.open = true;
  gamesOf.dispatchEvent(new window.Event("toggle"));
  const [game] = us.querySelectorAll(".stats-games li");
  assert.match(game.textContent, new RegExp(`Иван и Петър ${TARGET} : 0 Them · won$`));
  assert.equal(game.dataset.game, "g-1");
  assert.equal($("button.stats-csv").disabled, false);
});

test("more games than the core reads at once: the latest are counted, the others said (issue 32)", async () => {
  const { MAX_BOOK_GAMES } = await import("../../../widget/core-tables.js");
  const asked = [];
  const stats = new Statistics(() => ({
    statistics: async (request) => (asked.push(request), { ok: true, result: { games: request.games.length, pairs: [], players: [] } }),
  }));
  const entries = Array.from({ length: MAX_BOOK_GAMES + 2 }, (_, i) => ({
    game: { ...stored(`g-${i}`, new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), [{ fake: [1, 1] }]) },
    result: { totals: { us: 1, them: 1 }, winner: null },
  }));
  await stats.compute(entries);
  assert.equal(asked[0].games.length, MAX_BOOK_GAMES);
  assert.equal(stats.left, 2);
  assert.equal(
    stats.games.some((game) => game.id === "g-0" || game.id === "g-1"),
    false,
    "the two oldest are left out",
  );
});
