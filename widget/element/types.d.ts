// The shapes the element's modules share: its scorer, as the element uses one.

import type { CoreError, DealReply, DealRequest } from "../deal/types.js";
import type { RuleSet } from "../deal/house-rules.js";

/** A failure a scorer reports: a code and words. */
export interface ScorerError {
  code: unknown;
  message: string;
}

/** The bytes of the runtime downloaded so far (total 0 = unknown), and where the start is. */
export interface ScorerProgress {
  loaded: number;
  total: number;
  phase?: string | null;
  file?: string | null;
}

/**
 * The element's scorer (docs/embedding.md): anything that scores a deal; the page-wide
 * Pyodide scorer also starts, retries, says its state and progress, and is an EventTarget
 * ("statechange", "progress").
 */
export interface Scorer {
  score(request: DealRequest): Promise<DealReply>;
  /** Whatever it returns, a promise's failure is caught (the state says it). */
  start?(): { catch?(onRejected: (reason: unknown) => void): unknown } | null | undefined;
  retry?(): { catch?(onRejected: (reason: unknown) => void): unknown } | null | undefined;
  /** The Pyodide scorer's `{build, pyodide}` once it has started. */
  readonly info?: unknown;
  readonly state?: string;
  readonly progress?: ScorerProgress;
  readonly error?: ScorerError | null;
  addEventListener?: EventTarget["addEventListener"];
  removeEventListener?: EventTarget["removeEventListener"];
  /** What the sheet asks too (book/types.d.ts Scorer): games, links, matches, statistics. */
  scoreGame?(request: unknown): Promise<unknown>;
  gameLink?(request: unknown): Promise<unknown>;
  readGameLink?(request: unknown): Promise<unknown>;
  matchScores?(request: unknown): Promise<unknown>;
  statistics?(request: unknown): Promise<unknown>;
}

/** The form's attributes, read and written (the element's, or a Map in the tests). */
export interface AttributeStore {
  get(name: string): string | null;
  set(name: string, value: string): void;
  remove(name: string): void;
}

/** What the form asks of the score sheet while it keeps the game. */
export interface FormSheet {
  /** The game points hanging from earlier deals. */
  pot?: number | null;
  teamNames?: { us?: unknown; them?: unknown } | null;
  /** The rules of the deal in the form (the game's, or an edited deal's own). */
  formRules: RuleSet | null;
}

/** The scheduler's last answer, as FormModel.problems reads it. */
export interface Scored {
  reply: DealReply | null;
  answered: DealRequest | null;
  failure: unknown;
}

/** What the core and the widget say about the form as it is now (FormModel.problems). */
export interface FormProblems {
  errors: CoreError[];
  questions: CoreError[];
  current: boolean;
  settled: boolean;
  missing: string[];
}

/** The form's values, to put back later. */
export interface SavedForm {
  attributes: Record<string, string | null>;
  accepted: boolean;
}

/** A pile counted by its cards, as Done gives it (deal/pile-cards.js CardCount.done). */
export interface CountedPile {
  team: string;
  cards: readonly string[];
  tricks?: number | null;
  points?: number | null;
}

/** What the score sheet's form asks of the form's view. */
export interface FormViewPart {
  revealForm(gradual: boolean): void;
  focusForm(): void;
  announce(text: string): void;
}
