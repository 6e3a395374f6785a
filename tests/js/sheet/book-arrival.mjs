// The model's rule for a game arriving on a phone (book-model.mjs): by a kept link, a
// JSON file, the sheet's CSV (its first row holds the game's link) or a backup, a game
// keeps its identity — its id — and is known again by it, from either team's side:
//
// - a game here with its id has everything it brings (the same deals recording the
//   same, or more; as this phone keeps it or from the other team's side): nothing
//   changes;
// - it is the game here plus more deals: the game here is brought up to date, kept on
//   this phone's side (its deals; by a link or a file, the names it gives and its dealer
//   too: a team it leaves unnamed keeps the name it has here);
// - it differs from the game here: by a link or a file the player is asked, and both are
//   kept (the new one under an id of its own) only if the answer is yes; a backup keeps
//   both without asking;
// - no game here has its id: it comes in under its id (another id if this tab holds an
//   empty game under it, unless that is the tab's current game, which it leaves for the
//   one arriving). Two games of the same names and deals are two games.
//
// What "recording the same" means and which side a game is seen from come from the core
// (the records of its deals, a link read as the other team), never from the book.

import assert from "node:assert/strict";

const swap = (rows) => rows.map((row) => (row === "p" ? row : row.split(":").reverse().join(":")));
const startsWith = (rows, head) => head.length <= rows.length && head.every((row, i) => rows[i] === row);

/** A model game as the contract's game, for the core. */
export function asData(game) {
  return { version: 1, names: game.names, deals: game.deals, ...(game.dealer != null ? { dealer: game.dealer } : {}) };
}

/** What each of `deals` records, as the core scores it: "us:them", "p" for all passed. */
async function records(scorer, deals) {
  const reply = await scorer.scoreGame({ version: 1, deals });
  assert.equal(reply.ok, true, `the model's deals score: ${JSON.stringify(reply.errors)}`);
  return reply.result.rows.map((row) => (row.passed ? "p" : `${row.record.us}:${row.record.them}`));
}

/** `game` as the other team keeps it (the core reads its link from their side): {deals, names, dealer}. */
export async function turn(scorer, game) {
  const link = await scorer.gameLink(asData(game));
  assert.equal(link.ok, true, "every game has a link");
  const read = await scorer.readGameLink({ version: 1, link: link.result.link, we_are: "them" });
  assert.equal(read.ok, true, "a link reads from the other side");
  const { deals, names, dealer } = read.result.game;
  return { deals, names: { us: names?.us ?? "", them: names?.them ?? "" }, dealer: dealer ?? null };
}

/** What `incoming` is to `mine` (a game here with its id): "same", "update" or "differs", and from which side. */
async function compare(scorer, mine, incoming) {
  const here = await records(scorer, mine.deals);
  const theirs = await records(scorer, incoming.deals);
  for (const turned of [false, true]) {
    const rows = turned ? swap(here) : here;
    if (startsWith(rows, theirs)) return { place: "same", turned };
    if (startsWith(theirs, rows)) return { place: "update", turned };
  }
  return { place: "differs", turned: false };
}

/**
 * What the model expects of `incoming` ([{id, deals, names, dealer}]) arriving on a phone
 * whose model games are `games` (id → game), by `route`, into `book`, the player
 * answering `answer` to "keep both?": the model games changed in place, and returned
 * `{fresh, asked}` — the games to come in ({game, id}: id null when under a new id, else
 * already in the model) and how many times the player is asked.
 */
export async function expectArrival(scorer, games, route, incoming, book, answer) {
  const fresh = [];
  let asked = 0;
  for (const game of incoming) {
    if (!game.deals.length) continue;
    const mine = games.get(game.id);
    const empty = book.games.get(game.id);
    if (mine?.deals.length) {
      const { place, turned } = await compare(scorer, mine, game);
      if (place === "same") continue;
      if (place === "update") {
        const update = turned ? await turn(scorer, game) : game;
        mine.deals = update.deals;
        if (route !== "backup") {
          // Its names: a file or link that names a team brings both its names (a team it
          // leaves unnamed is unnamed here too: a name that moved to the other team is not
          // kept on both); one that names no team leaves the names here.
          const { us = "", them = "" } = update.names ?? {};
          if (us || them) mine.names = { us, them };
          if (update.dealer != null) mine.dealer = update.dealer;
        }
        continue;
      }
      if (route !== "backup" && (asked++, !answer)) continue;
      fresh.push({ game, id: null });
    } else if (empty && route !== "backup" && book.current === game.id) {
      // The tab's own game, emptied (its deals undone): the tab leaves an empty current
      // game for the one arriving, which so comes in under its id, as it was sent.
      games.set(game.id, { deals: game.deals, names: game.names, dealer: game.dealer });
    } else if (empty && route === "backup") {
      // A backup brings the deals into this tab's empty game under that id.
      const kept = { deals: game.deals, names: { us: empty.names?.us ?? "", them: empty.names?.them ?? "" }, dealer: empty.dealer ?? null };
      games.set(game.id, kept);
    } else {
      fresh.push({ game, id: empty ? null : game.id });
      if (!empty) games.set(game.id, { deals: game.deals, names: game.names, dealer: game.dealer });
    }
  }
  return { fresh, asked };
}
