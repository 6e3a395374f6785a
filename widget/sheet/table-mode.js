// Table mode: while a game is open, the phone lies on the table with the totals large
// enough to read from a metre or two, what each team still needs to win, and the screen
// kept on (sheet/wake-lock.js). No DOM: the mode is a small state (on or off, the lock's
// state) and `tableSnapshot` the plain data its view (sheet/table-view.js) renders.
// The number a game is played to is the core's (TARGET), never written here.

import { TARGET, TEAMS } from "../core-tables.js";
import { ScreenKeeper } from "./wake-lock.js";

/**
 * What table mode shows of a game: per team its name, total and the points it still
 * needs to reach the target (0 once reached); what hangs; the winner, if any.
 * `names`: the team names to show; `result`: the core's game result.
 */
export function tableSnapshot(result, names) {
  const teams = TEAMS.map((team) => {
    const total = result?.totals?.[team] ?? 0;
    return { team, name: names[team], total, needs: Math.max(0, TARGET - total) };
  });
  return { teams, target: TARGET, hanging: result?.finished ? 0 : (result?.hanging ?? 0), winner: result?.winner ?? null };
}

export class TableMode extends EventTarget {
  #keeper;
  on = false;

  /** `keeper`: a ScreenKeeper (default: this page's navigator and document). */
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
