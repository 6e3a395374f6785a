// What a tap did to a game, as an operation: the game book records each change it makes
// (a deal recorded, All passed, Undo, deal i edited or deleted, the rules changed, a
// name, a player, the note…) and the saver applies the operations not saved yet, in
// order, to the game as it is stored now — which another tab may have changed since.
// So two tabs keep one game: two presses are two deals, a name typed here and deals
// recorded there both stay, and nothing is copied or written over.
//
//   {op: "create", game}              the game, if the store has none under its id
//   {op: "put", game}                 the game as a whole (a backup's newer version)
//   {op: "append", deal}              one more deal (Record, All passed, Redo)
//   {op: "undo", index, deal}         the deal taken back, where it is now
//   {op: "edit", index, old, deal}    deal `old` (index `index` when made) saved as `deal`
//   {op: "deleteDeal", index, old}    deal `old` deleted
//   {op: "rules", rules, how}         new house rules, for every deal ("all") or from the next
//   {op: "set", field, value}         "names.us", "names.them", "note", "match", "dealer"
//   {op: "player", team, index, value} a player's name (book/seats.js withPlayer)
//   {op: "delete"}                    the game deleted
//   {op: "drop"}                      an empty game left: deleted if it is still empty
//
// Every operation carries `at`, when it was made (the game's `updated`). A deal is found
// by its value near where it was: a deal the other tab deleted or changed meanwhile is
// not found, and that operation is skipped (and counted: the sheet says so). An
// operation on a game deleted meanwhile (no "create" before it) is skipped the same way.
// Pure functions of plain data: Node tests them with the book (tests/js/sheet).

import { dealsForAll, dealsFromNext } from "../deal/house-rules.js";
import { sameValue } from "./records.js";
import { withPlayer } from "./seats.js";

/** @import { Deal, Game, Op } from "./types.js"; */

const FIELDS = new Set(["names.us", "names.them", "note", "match", "dealer"]);

/**
 * Where deal `deal` is now: at `index` if it is still there, else the nearest equal one, else -1.
 * @param {Deal[]} deals
 * @param {number} index
 * @param {Deal} deal
 */
function find(deals, index, deal) {
  if (sameValue(deals[index], deal)) return index;
  let best = -1;
  deals.forEach((other, i) => {
    if (sameValue(other, deal) && (best < 0 || Math.abs(i - index) < Math.abs(best - index))) best = i;
  });
  return best;
}

/**
 * `game` with `field` ("names.us", "note"…) set to `value` (none: taken away).
 * @param {Game} game
 * @param {string} field
 * @param {unknown} value
 * @returns {Game}
 */
function setField(game, field, value) {
  if (field.startsWith("names.")) return { ...game, names: { ...game.names, [field.slice(6)]: value ?? "" } };
  const next = { ...game };
  if (value === undefined || value === null) delete next[field];
  else next[field] = value;
  return next;
}

/**
 * `game` (or null: none) after `op`; `skipped` true if it could not be applied.
 * @param {Game | null} game
 * @param {Op} op
 * @returns {{game: Game | null, skipped: boolean}}
 */
export function applyOp(game, op) {
  if (op.op === "create") return { game: game ?? plain(op.game), skipped: false };
  if (op.op === "put") return { game: plain(op.game), skipped: false };
  if (!game) return { game: null, skipped: op.op !== "drop" && op.op !== "delete" };
  const stamped = (/** @type {Game} */ next) => ({ game: { ...next, updated: op.at ?? next.updated }, skipped: false });
  const deals = game.deals;
  switch (op.op) {
    case "delete":
      return { game: null, skipped: false };
    case "drop":
      return { game: deals.length ? game : null, skipped: false };
    case "append":
      return stamped({ ...game, deals: [...deals, op.deal] });
    case "undo":
    case "deleteDeal": {
      const at = find(deals, op.index, op.op === "undo" ? op.deal : op.old);
      if (at < 0) return { game, skipped: true };
      return stamped({ ...game, deals: deals.filter((_, i) => i !== at) });
    }
    case "edit": {
      const at = find(deals, op.index, op.old);
      if (at < 0) return { game, skipped: true };
      return stamped({ ...game, deals: deals.map((old, i) => (i === at ? op.deal : old)) });
    }
    case "rules": {
      const next = op.how === "next" ? dealsFromNext(deals, game.rules ?? {}) : dealsForAll(deals);
      return stamped({ ...game, rules: { ...op.rules }, deals: next });
    }
    case "set":
      if (!FIELDS.has(op.field)) return { game, skipped: true };
      return stamped(setField(game, op.field, op.value));
    case "player": {
      const seats = withPlayer(game, op.team, op.index, op.value);
      const next = { ...game };
      if (seats) next.seats = seats;
      else delete next.seats;
      return stamped(next);
    }
    case "deals":
      return stamped({ ...game, deals: op.deals });
    default:
      return { game, skipped: true };
  }
}

/**
 * `game` after every one of `ops`, in order: `{game, ops, skipped, removed}` — `ops` the
 * operations applied, `skipped` how many could not be, `removed` the game a "delete" took away.
 * @param {Game | null} game
 * @param {Op[]} ops
 */
export function applyOps(game, ops) {
  let now = game ? plain(game) : null;
  let skipped = 0;
  /** @type {Game | null} */
  let removed = null;
  /** @type {Op[]} */
  const applied = [];
  for (const op of ops) {
    if (op.op === "delete" && now) removed = now;
    const next = applyOp(now, op);
    if (next.skipped) skipped++;
    else applied.push(op);
    now = next.game;
  }
  return { game: now, ops: applied, skipped, removed };
}

/**
 * A stored record as a game of the book (no revision).
 * @param {(Game & {rev?: string | null}) | null | undefined} game
 * @returns {Game | null}
 */
export function plain(game) {
  if (!game) return null;
  const { rev: _rev, ...rest } = game;
  return rest;
}

/**
 * Typing the same field again replaces the operation not saved yet: one save per pause, not per letter.
 * @param {Op[]} ops
 * @param {Op} op
 */
export function addOp(ops, op) {
  const last = ops.at(-1);
  /** @param {Op} of */
  const key = (of) => [of.op, "field" in of ? of.field : undefined, "team" in of ? of.team : undefined, "index" in of ? of.index : undefined];
  const same = last && op.typing && last.typing && key(last).every((part, i) => part === key(op)[i]);
  if (same) ops[ops.length - 1] = op;
  else ops.push(op);
  return ops;
}
