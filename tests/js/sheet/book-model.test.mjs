// Model-based tests of the game book (fast-check): random sequences of what players do —
// record, all passed, undo, redo, edit, delete a deal, a new game, choose the dealer,
// delete a game, two tabs pressing at once, a game kept from a link, a JSON file, the
// sheet's CSV, a backup, each exported and imported again — over two tabs of one phone
// and a second phone, every book on the real core. After every step the phones hold
// exactly the deals the model says were played (none lost, none doubled, no copy), every
// tab agrees with its phone, the dealer goes round from the game's first dealer, a file
// or backup picked again adds nothing, export → import is the identity, and the core's
// statistics and match scores of whatever a phone holds never refuse.
//
// BELOT_FC_RUNS sets the runs (build.py check: the default; build.py test: thousands);
// BELOT_FC_SEED replays a failure. docs/development.md, "The game book's model".
import { after, test } from "node:test";

import fc from "fast-check";

import { steps } from "./book-commands.mjs";
import { World } from "./book-model.mjs";
import { coreScorer } from "./core-scorer.mjs";

const RUNS = Number(process.env.BELOT_FC_RUNS ?? 200);
const SEED = process.env.BELOT_FC_SEED ? Number(process.env.BELOT_FC_SEED) : undefined;
const PATH = process.env.BELOT_FC_PATH || undefined;

/** The steps that hold on main today. */
const HOLDING = [
  ...["record", "winGame", "passed", "undo", "redo", "edit", "deleteDeal", "setName", "chooseDealer"],
  ...["newGame", "nextMatchGame", "playMatch", "openGame", "removeGame", "importJson", "importCsv", "restoreBackup"],
  ...["together", "typeWhileRecording"], // two tabs at once: held since main has `tabs` (issue 32 point 4)
];

/**
 * Steps held back until main has the fix they wait for (the property fails on them
 * today; the closing note of issue 31 gives each counterexample). Widen HOLDING as
 * the fixes land:
 * - keepLink: a game kept from a link twice, or kept and then imported, is two games
 *   (issue 30 point 5; branch `identity`).
 * - IDENTITY_TRAVELS: the routes by which a game keeps its identity, so that it coming
 *   back in an earlier state (a file picked again after more deals were played) adds
 *   nothing; today only a backup carries it, and a game that came by a JSON file, a CSV
 *   or a link is a game of its own (issue 30 points 4 and 5; branch `identity`).
 * - sameNames: the sheet's CSV of a game whose two teams have one name is refused on
 *   import ("not the sheet's CSV"; csv-import.js tells the teams' columns by name).
 * - recordCapot: the sheet's CSV of a game with a capot is refused on import ("the
 *   field cards is missing"; issue 30 point 3; branch `identity`).
 */
export const HELD_BACK = ["keepLink", "recordCapot", "sameNames"];
export const IDENTITY_TRAVELS = ["backup"];
const ALL_ROUTES = ["backup", "json", "csv", "link"];

// BELOT_FC_JITTER=5: the core answers up to 5 ms late, at random (a busy machine).
const scorer = coreScorer({ jitter: Number(process.env.BELOT_FC_JITTER ?? 0) });
after(() => scorer.close());

/** Run `names`' steps `runs` times, each sequence on a new world. */
async function property(names, { runs = RUNS, maxCommands = 16 } = {}) {
  await fc.assert(
    fc.asyncProperty(steps(names, { maxCommands }), async (commands) => {
      const world = await new World(scorer, { carried }).open();
      try {
        await fc.asyncModelRun(() => ({ model: world, real: world }), commands);
      } finally {
        world.close();
      }
    }),
    { numRuns: runs, seed: SEED, path: PATH, includeErrorInReport: true },
  );
}

// BELOT_FC_STEPS=keepLink,record (or "all") runs other steps than those that hold.
const chosen = process.env.BELOT_FC_STEPS;
const NAMES = chosen === "all" ? [...HOLDING, ...HELD_BACK] : chosen ? chosen.split(",") : HOLDING;
const carried = chosen === "all" ? ALL_ROUTES : (process.env.BELOT_FC_CARRIED?.split(",") ?? IDENTITY_TRAVELS);

test("one phone, two tabs, a second phone: every deal played is kept once, and the rest holds", async () => {
  await property(NAMES);
});
