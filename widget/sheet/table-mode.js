// Table mode: while a game is open, the phone lies on the table with the totals large
// enough to read from a metre or two, what each team still needs to win, and the screen
// kept on (sheet/wake-lock.js). No DOM: the mode is a small state (on or off, the lock's
// state) and `tableSnapshot` the plain data its view (sheet/table-view.js) renders.
// The number a game is played to is the core's (TARGET), never written here.

import { TARGET, TEAMS } from "../core-tables.js";
import { ScreenKeeper } from "./wake-lock.js";

/**
 * @typedef {"bg" | "en"} Lang a language of the calculator
 * @typedef {"us" | "them"} Team a team, as the core names it
 * @typedef {{ totals?: Record<Team, number>, finished?: boolean, hanging?: number, winner?: Team | null }} GameResult
 *   what the sheet's parts read of the core's game result (docs/json-contract.md)
 * @typedef {Pick<ScreenKeeper, "state" | "start" | "stop" | "addEventListener">} Keeper
 *   what table mode uses of a ScreenKeeper (a test gives one without a browser)
 */

/**
 * What table mode shows of a game: per team its name, total and the points it still
 * needs to reach the target (0 once reached); what hangs; the winner, if any.
 * `names`: the team names to show; `result`: the core's game result.
 * @param {GameResult | null | undefined} result
 * @param {Record<Team, string>} names
 */
export function tableSnapshot(result, names) {
  const teams = /** @type {readonly Team[]} */ (TEAMS).map((team) => {
    const total = result?.totals?.[team] ?? 0;
    return { team, name: names[team], total, needs: Math.max(0, TARGET - total) };
  });
  return { teams, target: TARGET, hanging: result?.finished ? 0 : (result?.hanging ?? 0), winner: result?.winner ?? null };
}

export class TableMode extends EventTarget {
  /** @type {Keeper} */ #keeper;
  on = false;

  /**
   * `keeper`: a ScreenKeeper (default: this page's navigator and document).
   * @param {{ keeper?: Keeper }} [options]
   */
  constructor({ keeper = new ScreenKeeper() } = {}) {
    super();
    this.#keeper = keeper;
    keeper.addEventListener("change", () => this.dispatchEvent(new Event("change")));
  }

  /** The wake lock's state (sheet/wake-lock.js LOCK_STATES). */
  get lock() {
    return this.#keeper.state;
  }

  /** Table mode on (the screen kept on) or off (let go). */
  toggle(on = !this.on) {
    if (on === this.on) return;
    this.on = on;
    if (on) this.#keeper.start();
    else this.#keeper.stop();
    this.dispatchEvent(new Event("change"));
  }

  /** The game was closed (or the sheet turned off): the mode ends, the screen is let go. */
  close() {
    this.toggle(false);
  }
}

/** The word for the lock's state: a key of the table words (i18n/table-strings.js). */
export const LOCK_WORDS = Object.freeze({
  off: null,
  pending: "lockPending",
  on: "lockOn",
  hidden: "lockHidden",
  unsupported: "lockUnsupported",
  refused: "lockRefused",
});
