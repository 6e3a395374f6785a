// The shapes the score sheet's main views read (score-sheet.js, sheet-view.js,
// sheet-table.js, bar-view.js, games-list.js, summary.js, dealer-view.js, setup-step.js):
// the core's game answer (docs/json-contract.md, "A game"), a game as the book keeps it,
// the book's snapshot (book/book-snapshot.js) and the widget's words (i18n/). Only the
// fields these views read are described; other modules may know more of each.

import type { CalculatorState, Language, Team } from "../index.js";

export type { CalculatorState, Language, Team };

/** A number for each team. */
export interface Points {
  us: number;
  them: number;
}

/** One of the core's errors (docs/json-contract.md, "Errors"). */
export interface CoreError {
  code: string;
  field?: string;
  params?: Readonly<Record<string, unknown>>;
  message: Readonly<Record<Language, string>>;
}

/** Where a game stands, or why a row does not simply go on: a code, and for a game its words. */
export interface Status {
  code: string;
  params?: Readonly<Record<string, unknown>>;
  message?: Readonly<Record<Language, string>>;
}

/** A row of the core's game answer: one deal as the sheet writes it. */
export interface Row {
  passed: boolean;
  record: Points;
  hanging: number;
  totals: Points;
  status?: Status;
  dealer?: number;
  /** A played row's: the deal's capot and doubling, the outcome, what it left hanging. */
  capot?: Team | "none" | null;
  doubling?: string;
  outcome?: string;
  hanging_out?: number;
  /** The house rules that changed one of its numbers (only then). */
  applied_rules?: readonly string[];
  /** The hanging points the deal's winner took (already in `record`). */
  collected?: { team: Team; points: number };
}

/** The core's answer for a whole game (or the book's EMPTY_RESULT). */
export interface GameResult {
  rows: readonly Row[];
  totals: Points;
  hanging: number;
  winner: Team | null;
  finished: boolean;
  unclaimed: number;
  status: Status;
}

/** A deal of a game, as the sheet reads it (a passed one is `{passed: true}`). */
export interface GameDeal {
  contract?: string;
  bidder?: Team;
  passed?: boolean;
}

/** A game as the book keeps it (book/records.js). */
export interface Game {
  id: string;
  created: string;
  updated?: string;
  /** The team names as typed ("" or absent: the language's default). */
  names: { us?: string; them?: string };
  rules?: Readonly<Record<string, unknown>>;
  deals: readonly GameDeal[];
  /** The four players, by team (optional). */
  seats?: Partial<Record<Team, readonly (string | null | undefined)[]>>;
  dealer?: number;
  note?: string;
}

/** A game of the book's list: its record, its result, whether it is the one shown. */
export interface GameEntry {
  game: Game;
  result: GameResult;
  current: boolean;
}

/** A notice of the book (book/notices.js), worded by the view. */
export interface Notice {
  /** The group of the widget's words its text is in. */
  words: WordGroupName;
  key: string;
  params?: NoticeParams;
  /** A word of `s.travel` said as its {reason}. */
  reason?: string;
  /** The core's errors, said as its {reason}. */
  errors?: readonly CoreError[];
  info?: boolean;
}

/** A notice's values for its words: a date is an ISO text, a file its name; counts are numbers. */
export interface NoticeParams {
  date?: string;
  file?: string;
  [name: string]: unknown;
}

/** The book's notices as the view reads them (book/notices.js Notices). */
export interface NoticeList {
  readonly list: readonly Notice[];
  readonly version: number;
  readonly aside: boolean;
  shown(): { shown: readonly Notice[]; earlier: number };
}

/** The snapshot's parts that are there whether or not the games are checked yet. */
interface SnapshotBase {
  busy: boolean;
  /** How the games are saved ("saved" once they are). */
  saving: string;
  viewing: boolean;
  /** A game opened from a link: which team this device is, and the sender's team names. */
  side: { weAre: Team; sender: { us?: string; them?: string } } | null;
  result: GameResult;
  /** The deal being edited. */
  editing: { index: number; fixing: boolean; passed: boolean } | null;
  error: readonly CoreError[] | null;
  notices: NoticeList;
  /** The game deleted whose Undo stands. */
  deleted: { created: string } | null;
  redo: boolean;
  games: readonly GameEntry[];
}

/** The book's snapshot (book/book-snapshot.js): once the games are checked, a game is shown. */
export type Snapshot = (SnapshotBase & { validated: false; game: Game | null }) | (SnapshotBase & { validated: true; game: Game });

/** A group of the widget's words, by key. */
export type WordGroup = Readonly<Record<string, string>>;

/** A count's words by plural category ({one, other}: i18n/format.js plural). */
export type PluralForms = Readonly<Record<string, string>>;

/** What a copy or a share of the game came to: a key of the sheet's words. */
export type ShareStatus = "shared" | "copied" | "copyFailed";

/**
 * The sheet's words (i18n/strings.js `sheet`) these views read: templates and labels, and
 * the count of deals as plural forms. (A type, not an interface: a notice reads one by its key.)
 */
export type SheetWords = { readonly [key in ShareStatus]: string } & {
  readonly cancel: string;
  readonly caption: string;
  readonly confirmNewGame: string;
  readonly confirmNewGameYes: string;
  readonly confirmPassed: string;
  readonly confirmPassedYes: string;
  readonly copy: string;
  readonly deleteDeal: string;
  readonly deleteGame: string;
  readonly deleteGameLabel: string;
  readonly dismiss: string;
  readonly downloadAside: string;
  readonly editingForm: string;
  readonly editingPassed: string;
  readonly editRow: string;
  readonly empty: string;
  readonly gameCurrent: string;
  readonly gameInProgress: string;
  readonly games: string;
  readonly gameWon: string;
  readonly loading: string;
  readonly moreGames: string;
  readonly names: string;
  readonly nameThem: string;
  readonly nameUs: string;
  readonly newGame: string;
  readonly note: string;
  readonly number: string;
  readonly openGame: string;
  readonly openGameLabel: string;
  readonly passed: string;
  readonly pot: string;
  readonly record: string;
  readonly redo: string;
  readonly rowCapot: string;
  readonly rowCollected: string;
  readonly rowHanging: string;
  readonly rowInside: string;
  readonly rowPassed: string;
  readonly save: string;
  readonly share: string;
  readonly text: string;
  readonly textCapot: string;
  readonly textHanging: string;
  readonly textPassed: string;
  readonly textPot: string;
  readonly textTitle: string;
  readonly textTotal: string;
  readonly textUnclaimed: string;
  readonly textWinner: string;
  readonly total: string;
  readonly totals: string;
  readonly totalsHanging: string;
  readonly unclaimed: string;
  readonly undo: string;
  readonly undoneInForm: string;
  readonly undoShort: string;
  readonly winner: string;
  readonly gameDeals: PluralForms;
};

/** The groups a notice or an announcement may name. */
export type WordGroupName = "sheet" | "store" | "travel" | "keep" | "seats";

/** The words the sheet's views read (i18n/strings.js STRINGS, with the sheet's own groups). */
export interface Words {
  sheet: SheetWords;
  seats: WordGroup;
  store: WordGroup;
  travel: WordGroup;
  /** The words of keeping the games (sheet/keep-sheet.js): a count's words are plural forms. */
  keep: Readonly<Record<string, string | PluralForms>>;
  houseRules: WordGroup;
  teams: Readonly<Record<Team, string>>;
  contractsShort: WordGroup;
  contractWords: WordGroup;
}

/** The element's words, before the sheet adds the groups it loads with it. */
export type ElementWords = Omit<Words, "seats" | "store" | "travel" | "keep"> & Partial<Pick<Words, "seats" | "store" | "travel" | "keep">>;

/** What the bar marks for a while (bar-marks.js): a row just saved from an edit, or a deal undone into the form. */
export type Mark = { kind: "edited"; n: number } | { kind: "undone"; n: number; deal: string | null };

/** What the sheet's views render: the words, the language, the book's snapshot and the bar's marks. */
export interface SheetModel {
  s: Words;
  lang: Language;
  state: CalculatorState;
  /** The form's deal, once scored and valid, else null. */
  deal: GameDeal | null;
  headingLevel: number;
  sheet: Snapshot;
  /** The copy or share status, or null. */
  status: ShareStatus | null;
  justRecorded: number | null;
  marked: Mark | null;
  formEmpty: boolean;
  setupOpen: boolean;
}

/** A focus to move to (book/effects.js): a target's name, a row's index, a game's id. */
export interface Focus {
  to: string;
  index?: number;
  id?: string;
  preventScroll?: boolean;
}

/** What is said after a change (book/effects.js): a key of a group of the widget's words and its values. */
export interface Announcement {
  words: string;
  key: string;
  params: { row?: number; date?: string; [name: string]: unknown };
}

/**
 * A change the game book announces (book/book-changes.js), as the sheet reads it: what
 * it asks of the form, the deal, its number (`n`) or index.
 */
export interface BookChange {
  type: string;
  form?: string;
  deal?: GameDeal | null;
  n?: number;
  index?: number;
}

/** A change's focus and announcement, kept until the change is on screen. */
export interface Effects {
  focus?: Focus;
  announce?: Announcement;
  change: BookChange;
}

/**
 * What the sheet may do with the element's form (element/form-model.js sheetForm). The
 * form's saved values are its own: the sheet only hands them back.
 */
export interface SheetForm {
  deal(): GameDeal | null;
  save(): unknown;
  restore(saved: unknown): void;
  load(deal: GameDeal | null | undefined): void;
  isEmpty(): boolean;
  clear(): void;
  focus(): void;
  announce(text: string): void;
}
