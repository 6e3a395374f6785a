// What a change does apart from what it shows, decided in one place: where the focus
// goes and what the live region says. A pure function of the change (book/game-book.js)
// and the state after it, so Node tests it; the sheet's view only carries it out.
//
// Focus targets: "form" (its first field), "row" (`index`), "undo" (the table when Undo
// is off after it), "deleteDeal", "newGame" (the bar's, once the game is over), "table", "notices", "gamesUndo", "game" (`id`),
// "sharedTitle". An announcement is `{words, key, params}` in the widget's words
// ("sheet" or "travel"); `{row: n}` in params asks the view to add row n's record, and
// the totals and team names are always added.

/** @import { Change } from "./types.js"; */

/**
 * Where the focus goes: `to` a target, and for some which row or game.
 * @typedef {{to: string, index?: number, id?: string, preventScroll?: boolean}} Focus
 */
/**
 * What the live region says: `key` of the widget's words `words`, filled with `params`.
 * @typedef {{words: string, key: string, params: Record<string, unknown>}} Announcement
 */

/**
 * `{focus, announce}` for `change`; `undoFocused`: a deleted game's Undo had the focus;
 * `finished`: the game is over after it (the form is closed: the focus goes to New game);
 * `fromBar`: the bar's Undo took the deal back (the player is at the form: it stays).
 * @param {Change} change
 * @param {{undoFocused?: boolean, finished?: boolean, fromBar?: boolean}} [context]
 * @returns {{focus?: Focus, announce?: Announcement}}
 */
export function effectsOf(change, { undoFocused = false, finished = false, fromBar = false } = {}) {
  /** @type {(key: string, params?: Record<string, unknown>, words?: string) => Announcement} */
  const say = (key, params = {}, words = "sheet") => ({ words, key, params });
  const next = { to: finished ? "newGame" : "form" };
  switch (change.type) {
    case "recorded":
      return { focus: next, announce: say("recorded", { row: change.n }) };
    case "recordedPassed":
      return { focus: next, announce: say("recordedPassed", { row: change.n }) };
    case "redone":
      return { focus: next, announce: say("redone", { row: change.n }) };
    case "dealerChosen":
      return { focus: { to: "form" }, announce: say("dealerChosen", {}, "seats") };
    case "undone":
      // The bar's Undo is pressed at the form, where the deal comes back to be fixed: the
      // player stays there; the sheet's Undo keeps the player at the sheet.
      return { focus: { to: fromBar ? "form" : "undo" }, announce: say("undone") };
    case "editing":
      return { focus: { to: change.passed ? "deleteDeal" : "form" } };
    case "edited":
    case "editCancelled":
      // Saved (or left) at the form, where the player is: the form stays on screen, and the
      // bar shows the changed row, marked (sheet/bar-view.js), instead of a jump to the sheet.
      return { focus: { to: "form" } };
    case "dealDeleted":
      return { focus: { to: "row", index: change.index } };
    case "newGame":
      return { focus: { to: "form" }, announce: say("newGameStarted") };
    case "gameOpened":
      return { focus: { to: "table" } };
    case "gameRemoved":
      return { focus: { to: "gamesUndo" }, announce: say("deleted", { date: change.created }, "travel") };
    case "undoExpired":
      // The Undo it was on is gone: the focus goes to the games list, not to the page's top.
      return undoFocused ? { focus: { to: "gamesUndo" } } : {};
    case "gameRestored":
      return { focus: { to: "game", id: change.id }, announce: say("restored", { date: change.created }, "travel") };
    case "imported":
      return { focus: { to: "form" }, announce: say("imported", { file: change.file }, "travel") };
    case "backupRestored":
      return { focus: { to: "table" }, announce: say("restored", { file: change.file, added: change.added, same: change.same }, "keep") };
    case "alreadyHere":
      return { focus: { to: "table" }, announce: say("alreadyHere", { file: change.file }, "travel") };
    case "fileRefused":
    case "linkRefused":
      return { focus: { to: "notices" } };
    case "linkOpened":
      return { focus: { to: "sharedTitle", preventScroll: true }, announce: say("opened", {}, "travel") };
    case "sideChosen":
      return { announce: say("sideChosen", {}, "travel") };
    case "kept":
      return { focus: { to: "form" }, announce: say("kept", {}, "travel") };
    case "sharedClosed":
      return { focus: { to: "table" }, announce: say("closed", {}, "travel") };
    default:
      return {};
  }
}
