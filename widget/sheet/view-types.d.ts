// The shapes the score sheet's main views read (score-sheet.js, sheet-view.js,
// sheet-table.js, bar-view.js, games-list.js, summary.js, dealer-view.js, setup-step.js):
// the core's game answer (docs/json-contract.md, "A game"), a game as the book keeps it,
// the book's snapshot (book/book-snapshot.js) and the widget's words (i18n/). Only the
// fields these views read are described; other modules may know more of each.

import type { CalculatorState, Language, Team } from "../index.js";
import type { Strings } from "../i18n/strings.js";
import type { KEEP_WORDS } from "../i18n/keep-strings.js";
import type { SEAT_WORDS } from "../i18n/seat-strings.js";
import type { STORE_WORDS } from "../i18n/store-strings.js";
import type { TRAVEL_WORDS } from "../i18n/travel-strings.js";

export type { CalculatorState, Language, Team };

// The game, its deals and the core's answer are the book's own types (book/types.d.ts):
// one description of each, whoever reads it.
import type { CoreError, Deal, Game, GameResult, GameRow, Pair, Status } from "../book/types.js";

export type { CoreError, Game, GameResult, Status };

/** A number for each team. */
export type Points = Pair;

/** A row of the core's game answer: one deal as the sheet writes it. */
export type Row = GameRow;

/** A deal of a game, as the sheet reads it (a passed one is `{passed: true}`). */
export type GameDeal = Deal;

/** A game of the book's list: its record, its result, whether it is the one shown. */
export interface GameEntry {
  game: Game;
  result: GameResult;
  current: boolean;
}

/** A notice of the book (book/notices.js), worded by the view. */
export type Notice = import("../book/types.js").Notice;

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
export type Snapshot =
  (SnapshotBase & { validated: false; game: Game | null }) | (SnapshotBase & { validated: true; game: Game });

/** A group of the widget's words, by key. */
export type WordGroup = Readonly<Record<string, string>>;

/** A count's words by plural category ({one, other}: i18n/format.js plural). */
export type PluralForms = import("../i18n/format.js").PluralForms;

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

/**
 * The words the sheet's views read: the widget's words in one language (i18n/strings.js
 * STRINGS), with the groups the sheet loads with it — exactly as i18n/ writes them.
 */
export type Words = Strings & {
  seats: (typeof SEAT_WORDS)[Language];
  store: (typeof STORE_WORDS)[Language];
  travel: (typeof TRAVEL_WORDS)[Language];
  keep: (typeof KEEP_WORDS)[Language];
};

/** The element's words, before the sheet adds the groups it loads with it. */
export type ElementWords = Omit<Words, "seats" | "store" | "travel" | "keep"> &
  Partial<Pick<Words, "seats" | "store" | "travel" | "keep">>;

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

/** A change the game book announces (book/book-changes.js names every one). */
export type BookChange = import("../book/types.js").Change;

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
