// Every change the game book announces (GameBook.emit: its "change" event's detail,
// `{type, ...}`), named once, here. `game`: it changed a game on this device (the
// element's "belot-calculator-sheet" event follows, and the bar marks what it did);
// `says`: what it is. The view's reactions (book/effects.js: focus and what is said;
// bar-marks.js; score-sheet.js) name only these, and tests/js/sheet/one-writer.test.mjs
// checks every name used anywhere is one of them. Pure data.

const change = (/** @type {string} */ says, game = false) => Object.freeze({ says, game });

export const CHANGES = Object.freeze({
  // the deals of the current game
  recorded: change("a deal recorded", true),
  recordedPassed: change("a deal all passed, recorded", true),
  undone: change("the last deal taken back (offered to the form)", true),
  redone: change("the deal taken back recorded again", true),
  editing: change("a recorded deal loaded into the form"),
  fixing: change("a deal loaded to be fixed for the house rules"),
  edited: change("the deal edited, saved", true),
  editCancelled: change("the edit given up: the form as it was"),
  dealDeleted: change("a recorded deal deleted", true),
  refused: change("the core refused a change: its errors in the bar"),
  busy: change("a change is with the core (an old error goes)"),
  // the table around the game
  rulesChanged: change("the house rules changed", true),
  named: change("a team's or a player's name", true),
  dealerChosen: change("who deals chosen", true),
  noted: change("the game's note", true),
  matchChosen: change("the game's match", true),
  // the games on this device
  opened: change("the stored games read and checked"),
  newGame: change("a new game at the table", true),
  gameOpened: change("another game of this device opened", true),
  gameRemoved: change("a game deleted (its Undo stands)", true),
  gameRestored: change("the deleted game back", true),
  undoExpired: change("the deleted game's Undo is over"),
  followed: change("another tab's change taken in"),
  saving: change("what is saved changed (saved, saving, not saved)"),
  noticesDismissed: change("the notices dismissed"),
  // games that travel
  imported: change("a game from a file, new here", true),
  backupRestored: change("a backup's games brought in", true),
  kept: change("the game of a link kept, new here", true),
  updated: change("a game here brought up to date by a file or a link", true),
  alreadyHere: change("a file's or a link's game is here already: opened"),
  fileRefused: change("a file refused"),
  linkOpened: change("a game link shown, read only"),
  linkRefused: change("a game link refused"),
  sideChosen: change("which team this phone is, for a shared game"),
  sharedClosed: change("the shared game closed"),
});

/**
 * True if `type` names a change that changed a game on this device.
 * @param {string} type
 */
export function changesGame(type) {
  return Object.hasOwn(CHANGES, type) && CHANGES[/** @type {keyof typeof CHANGES} */ (type)].game === true;
}

/**
 * `change` as announced: its type must be one of CHANGES (a misspelt one fails at once).
 * @template {{type: string}} C
 * @param {C} change
 * @returns {C}
 */
export function registered(change) {
  if (!Object.hasOwn(CHANGES, change?.type)) throw new Error(`not a change of the game book: ${change?.type}`);
  return change;
}
