// The shapes of the game book (book/), for JSDoc: a game as stored, its deals, the
// core's answers the book reads, the operations it saves, the changes it announces and
// its notices. Types only: nothing here runs. The views import them with
// `/** @import { Game } from "../book/types.js" */`.

/** A team: "us" (this device's) or "them". */
export type Team = "us" | "them";

/** A pair of numbers, one per team. */
export type Pair = { us: number; them: number };

/** Text in both of the core's languages. */
export type Words = { bg: string; en: string };

/** House rules: the core's JSON (`{}` is the rule book); the core checks them. */
export type Rules = Record<string, unknown>;

/**
 * One deal of a game, exactly as the core's game format has it (docs/json-contract.md,
 * "A game"): a deal all four passed, or a played one. The fields the widget reads are
 * named; the core checks every one of them.
 */
export interface Deal {
  passed?: boolean;
  contract?: string;
  bidder?: Team;
  doubling?: string;
  cards?: { team: Team; points?: number; [field: string]: unknown };
  last_trick?: Team;
  capot?: Team | null;
  /** Each team's declarations by kind, as counts (the core's game format). */
  declarations?: Partial<Record<Team, Record<string, number>>> | null;
  /** The house rules a deal was played under, when they are not the game's. */
  rules?: Rules;
  [field: string]: unknown;
}

/** The four players: `{us: [a, b], them: [c, d]}`, "" where a player is not named (book/seats.js). */
export type Seats = { us: string[]; them: string[] };

/** A game's match (book/matches.js): its id, and how many won games win it. */
export type Match = { id: string; to: number };

/**
 * A game as the book keeps it (book/records.js): the players' decisions only. Fields
 * this version does not know are kept as they were, hence the open index.
 */
export interface Game {
  id: string;
  /** When it was started (or played, for a game that came in): an ISO instant. */
  created: string;
  /** When it last changed: an ISO instant. */
  updated: string;
  names: { us: string; them: string; [field: string]: unknown };
  rules?: Rules;
  deals: Deal[];
  seats?: Seats;
  /** The seat that dealt the first deal (0 to 3). */
  dealer?: number;
  match?: Match;
  note?: string;
  [field: string]: unknown;
}

/** A game as a store holds it: with `rev`, the revision of the save it is (store/idb-store.js). */
export type StoredGame = Game & { rev: string };

/**
 * A game in the contract's game format, as a file, a link or a backup brings it (files/
 * export.js gameFile): read by the core, so only what the widget itself reads is named.
 */
export interface GameData {
  version?: number;
  id?: unknown;
  played?: unknown;
  names?: { us?: string; them?: string; [field: string]: unknown };
  rules?: Rules;
  deals: Deal[];
  seats?: Seats;
  dealer?: number;
  match?: Match;
  note?: string;
  [field: string]: unknown;
}

/** One of the core's errors (docs/json-contract.md, "Errors"). */
export interface CoreError {
  code: string;
  field?: string;
  params?: Record<string, unknown>;
  message?: Words;
}

/** The core's answer: its result, or its errors. */
export type Reply<T> =
  { ok: true; result: T; errors?: undefined } | { ok: false; errors: CoreError[]; result?: undefined };

/** Where a game stands, or why a row does not simply go on: a code, and for a game its words. */
export interface Status {
  code: string;
  params?: Record<string, unknown>;
  message?: Words;
}

/** One row of the core's game answer: a deal as it scored (docs/json-contract.md, "A game"). */
export interface GameRow {
  passed: boolean;
  record: Pair;
  hanging: number;
  totals: Pair;
  status?: Status;
  /** The seat that dealt it (with the players and the first dealer known). */
  dealer?: number;
  /** A played row's: the deal's capot and doubling, the outcome, what it left hanging. */
  capot?: Team | "none" | null;
  doubling?: string;
  outcome?: string;
  hanging_out?: number;
  /** The house rules that changed one of its numbers (only then). */
  applied_rules?: string[];
  /** The hanging points the deal's winner took (already in `record`). */
  collected?: { team: Team; points: number };
  accepted?: Record<Team, Record<string, number>>;
  pile?: { points?: number; [field: string]: unknown };
  [field: string]: unknown;
}

/** The core's answer for a game (score_game_json's result). */
export interface GameResult {
  rows: GameRow[];
  totals: Pair;
  hanging: number;
  winner: Team | null;
  finished: boolean;
  unclaimed: number;
  status: Status;
  /** The seat that deals next (null: no first dealer chosen). */
  next_dealer?: number | null;
  [field: string]: unknown;
}

/** What reading a game link answers: the game (with its id and when it was played) and its score. */
export type LinkRead = { game: GameData & { id?: string; played?: string }; score: GameResult };

/** The part of the scorer (runtime/pyodide-scorer.js) the book asks. */
export interface Scorer {
  scoreGame(request: unknown): Promise<Reply<GameResult>>;
  gameLink(game: GameData): Promise<Reply<{ link: string }>>;
  readGameLink(request: { version: number; link: string; we_are?: Team }): Promise<Reply<LinkRead>>;
  matchScores(request: unknown): Promise<Reply<{ matches: MatchScore[] }>>;
  statistics(request: unknown): Promise<Reply<Record<string, unknown>>>;
}

/**
 * A match's score as the core answers it (docs/game-book.md, "Matches"): `games` are
 * indexes into the request's games, `won` each team's games won.
 */
export interface MatchScore {
  games: number[];
  won: Pair;
  finished: boolean;
  winner: Team | null;
  status: { code: string; params?: Record<string, unknown>; message?: Words };
  [field: string]: unknown;
}

/** The timers the book uses (the page's, or a test's fake clock). */
export interface Timers {
  setTimeout(work: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * A change of one game as an operation (book/book-ops.js). `at`: when it was made;
 * `typing`: made while typing (the next letter replaces it).
 */
export type Op = (
  | { op: "create"; game: Game }
  | { op: "put"; game: Game }
  | { op: "append"; deal: Deal }
  | { op: "undo"; index: number; deal: Deal }
  | { op: "edit"; index: number; old: Deal; deal: Deal }
  | { op: "deleteDeal"; index: number; old: Deal }
  | { op: "rules"; rules: Rules; how: "all" | "next" }
  | { op: "set"; field: string; value: unknown } // "names.us", "names.them", "note", "match", "dealer"
  | { op: "player"; team: Team; index: number; value: string }
  | { op: "deals"; deals: Deal[] }
  | { op: "delete" }
  | { op: "drop" }
) & { at?: string; typing?: boolean };

/** What the form does after a change: cleared, `deal` loaded, put back as it was, or offered `deal`. */
export type FormAction = "clear" | "load" | "restore" | "offer";

/** The names of the changes (book/book-changes.js CHANGES). */
export type ChangeType = keyof typeof import("./book-changes.js").CHANGES;

/** A change the book announces: what happened, and the details some changes carry. */
export interface Change {
  type: ChangeType;
  form?: FormAction;
  /** The deal for the form ("load", "offer"). */
  deal?: Deal | null;
  /** The number of the deal recorded, taken back or brought back. */
  n?: number;
  /** The index of the deal edited or deleted. */
  index?: number;
  passed?: boolean;
  /** A game's id (opened, restored) and its start. */
  id?: string;
  created?: string;
  /** The file's name, for a file's change. */
  file?: string | null;
  seat?: number;
  weAre?: Team;
  added?: number;
  same?: number;
  refused?: number;
}

/**
 * A notice (book/notices.js): the widget's words `key` in group `words`, filled with
 * `params`; `errors` the core's.
 */
export interface Notice {
  /** The group of the widget's words its text is in. */
  words: "sheet" | "store" | "travel" | "keep" | "seats";
  key: string;
  params?: Record<string, unknown>;
  errors?: CoreError[];
  kind?: string;
  info?: boolean;
  about?: string;
  aside?: boolean;
  reason?: string | null;
}

/** The deal loaded into the form: its index, the deal, and whether it is fixed for the house rules. */
export type Editing = { index: number; deal: Deal; fixing: boolean };

/** The deals Undo took back from game `id`, the last one first to come back. */
export type Undone = { id: string; deals: Deal[] };

/** A game opened from a link, read only. */
export interface Viewing {
  game: Game;
  result: GameResult;
  link: { hash: string; version: number };
  weAre: Team;
  sender: { us: string; them: string };
  origin: { id?: unknown; played?: unknown };
}

/** A deleted game whose Undo stands: where it was, and the revision it was based on. */
export interface Deleted {
  game: Game;
  index: number;
  current: boolean;
  result: GameResult | undefined;
  rev: string | null;
}
