// The shapes the deal's modules share: the form's deal (readDeal), the core's request
// and its errors (docs/json-contract.md), as far as the widget reads or writes them.

import type { RuleSet } from "./house-rules.js";

/** Counts of each declaration kind (`{tierce: 1, belot: 0, …}`), the core's kinds as keys. */
export type DeclarationCounts = Record<string, number>;

/** One count per team (a type, not an interface: it is read as a record of teams too). */
export type TeamCounts = {
  us: DeclarationCounts;
  them: DeclarationCounts;
};

/** An error in the core's shape: a code, the field it is about, its parameters and its message in every language. */
export interface CoreError {
  code: string;
  field: string;
  params: Record<string, unknown>;
  message: Record<string, string>;
}

/** The deal the form describes (readDeal): choices from their closed sets, numbers still as text. */
export interface Deal {
  contract: string | null;
  bidder: string | null;
  doubling: string;
  pileTeam: string;
  pilePoints: string;
  pileCards: string[] | null;
  pileTricks: number | null;
  lastTrick: string | null;
  capot: string;
  declarations: TeamCounts;
  /** readDeal's; a deal made elsewhere may have none. */
  declarationProblems?: CoreError[];
  /** The answers to the core's questions (`{sequence: "us" | null, …}`), each null until answered. */
  higher: Record<string, string | null>;
  hangingIn: string;
}

/** One pile as the request gives it: its points, or its cards (and tricks). */
export interface PileRequest {
  team: string;
  points?: number;
  cards?: string[];
  tricks?: number;
}

/** The teams' own names in a request ("" = the default name). */
export type TeamNames = {
  us: string;
  them: string;
};

/** The core's request for one deal (score_deal_json), as buildRequest writes it. */
export interface DealRequest {
  version: number;
  contract?: string;
  bidder?: string;
  doubling?: string;
  cards?: PileRequest;
  last_trick?: string;
  capot?: string | null;
  declarations?: TeamCounts;
  announced?: TeamCounts;
  higher?: Record<string, string | null>;
  hanging_in?: number;
  names?: TeamNames;
  rules?: RuleSet;
}

/** A deal of the core's game: a deal request without what the game has (gameDeal). */
export type GameDeal = Omit<DealRequest, "version" | "hanging_in" | "names" | "rules">;

/** What buildRequest gives: the request, and what the widget can tell without the core. */
export interface BuiltRequest {
  request: DealRequest;
  problems: CoreError[];
  incomplete: boolean;
  missing: string[];
  probe: boolean;
}

/** A deal as a game keeps it (the core's JSON): what dealAttributes reads of it. */
export interface RecordedDeal {
  contract?: string | null;
  bidder?: string | null;
  doubling?: string | null;
  capot?: string | null;
  cards?: { team?: string | null; points?: number | null; cards?: unknown; tricks?: unknown } | null;
  last_trick?: string | null;
  announced?: Partial<TeamCounts> | null;
  declarations?: Partial<TeamCounts> | null;
  higher?: Record<string, string | null> | null;
}

/** The core's request for a whole game (score_game_json). */
export interface GameRequest<D = unknown> {
  version: number;
  names?: TeamNames;
  rules?: RuleSet;
  seats?: unknown;
  dealer?: unknown;
  deals: D[];
  explain?: unknown;
}

/** The core's answer for a deal (score_deal_json), or the widget's own problems in its shape. */
export type DealReply = { ok: true; result: unknown } | { ok: false; errors: CoreError[] };

/** What the scheduler needs of a scorer. */
export interface DealScorer {
  score(request: DealRequest): Promise<DealReply>;
}

/** The scheduler's view of the current input: buildRequest's answer (a probe is optional). */
export interface ScheduledInput {
  request: DealRequest;
  problems: CoreError[];
  incomplete: boolean;
  probe?: boolean;
}
