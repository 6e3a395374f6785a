// The shapes the form's views read: the snapshot the element renders (CalculatorView
// render()), the words in it, the core's result and errors, and the actions the views
// report. Only what form/ reads is described; the element builds them
// (element/belot-calculator.js, element/form-model.js, deal/request.js readDeal).

import type { CardCount } from "../deal/pile-cards.js";
import type { CoreError, CoreMessage } from "../ui/kit.js";

export type CalculatorState = "closed" | "loading" | "ready" | "failed";

/** Words by key (a team, a contract, a declaration, an outcome…). */
export type Words = Readonly<Record<string, string>>;
/** A template with `{count}`, or one per CLDR plural category, `other` always (i18n/format.js plural). */
export type Plural = string | { readonly other: string; readonly [category: string]: string };

/** The words of the moment the form shows (i18n/strings.js STRINGS[lang], with the teams' names in). */
export interface FormStrings {
  readonly teams: Words;
  readonly contractWords: Words;
  readonly contractsShort: Words;
  readonly doublings: Words;
  readonly outcomes: Words;
  readonly declarationNames: Words;
  readonly declarationPoints: Words;
  readonly declarationWords: Words;
  readonly declarationsShort: Words;
  /** The first thing still missing, by fact (deal/request.js FACTS). */
  readonly missing: Words;
  /** A core's question in a few words, by question (`{kind}` to fill). */
  readonly questions: Words;
  /** Why the runtime did not start, by the scorer's error code (only some codes have words). */
  readonly failures: Readonly<Partial<Record<string, string>>>;
  /** A hint under a question, where the cards need naming (only some questions). */
  readonly questionHints: Readonly<Partial<Record<string, string>>>;
  readonly countedCards: Plural;
  readonly pointsCounted: Plural;
  // The form's own words: labels, hints and templates.
  readonly barHanging: string;
  readonly capot: string;
  readonly capotHint: string;
  readonly capotLead: string;
  readonly capotOption: string;
  readonly chip: string;
  readonly chipsHelp: string;
  readonly countCards: string;
  readonly declarations: string;
  readonly declarationsHint: string;
  readonly declarationsNone: string;
  readonly declarationsTeam: string;
  readonly details: string;
  readonly doubling: string;
  readonly equal: string;
  readonly explanation: string;
  readonly failedLoad: string;
  readonly failedScore: string;
  readonly failedShort: string;
  readonly failedUnsupported: string;
  readonly game: string;
  readonly gameHint: string;
  readonly gameOption: string;
  readonly hangingIn: string;
  readonly hangingInHint: string;
  readonly hangingOut: string;
  readonly incomplete: string;
  readonly invalid: string;
  readonly lastTrick: string;
  readonly loading: string;
  readonly loadingBytes: string;
  readonly offlineLost: string;
  readonly points: string;
  readonly pointsHint: string;
  readonly pointsWorkedOut: string;
  readonly raw: string;
  readonly record: string;
  readonly reload: string;
  readonly remove: string;
  readonly result: string;
  readonly retry: string;
  readonly sheetFailed: string;
  readonly summary: string;
  readonly summaryShort: string;
  readonly teamsHead: string;
  readonly toDetails: string;
  readonly updateReady: string;
  readonly waiting: string;
}

/** The deal in the form: deal/request.js readDeal's (its fields are described there). */
export type FormDeal = import("../deal/types.js").Deal;

/** What the form reads of an explanation's step of the core. */
export interface CoreStep {
  code: string;
  message?: CoreMessage | null;
  params?: { contest?: string; kind?: string } | null;
}

/** What the form reads of the core's result of a deal (docs/json-contract.md). */
export interface CoreResult {
  outcome: string;
  raw?: Readonly<Partial<Record<string, number>>> | null;
  record?: Readonly<Partial<Record<string, number>>> | null;
  hanging_out: number;
  /** The answers the core used: question → answer. */
  questions?: Readonly<Record<string, unknown>> | null;
  explanation?: readonly CoreStep[] | null;
}

/** A core error as the form reads it; a question (`needs_answer`) has `params.question`. */
export interface FormError extends CoreError {
  field?: string | null;
  params?: { question?: string; kind?: string } | null;
}

/** What stopped the runtime: the scorer's error, `started` if it had started. */
export interface Failure {
  code?: string;
  message?: string;
  started?: boolean;
}

/** The snapshot the form renders (CalculatorView render() says what each is). */
export interface FormView {
  s: FormStrings;
  lang: string;
  state: CalculatorState;
  deal: FormDeal;
  /** The number fields' text by attribute name ("pile-points", "hanging-in"). */
  texts: Readonly<Partial<Record<string, string>>>;
  /** Whether a number field holds text the browser rejects, by attribute name. */
  badInput: Readonly<Partial<Record<string, boolean>>>;
  /** The two piles' points by team, or null while unknown (deal/request.js piles). */
  piles: Readonly<Record<string, number>> | null;
  errors: readonly FormError[];
  questions: readonly FormError[];
  result: CoreResult | null;
  current: boolean;
  settled: boolean;
  incomplete: boolean;
  missing: readonly string[];
  progress?: { loaded?: number; total?: number } | null;
  failure?: Failure | null;
  sheet: boolean;
  sheetFailed?: boolean;
  readOnly?: boolean;
  formClosed?: boolean;
  updateReady?: boolean;
  offlineLost?: boolean;
  rulesNote?: string;
  headingLevel?: number;
}

/** A pile counted by its cards, as the grid's Done gives it (CardCount.done()). */
export type Counted = ReturnType<CardCount["done"]>;

/**
 * What the reader can do, as the view reports it: `set(name, value)` (a choice or a
 * number field, by attribute name), `game(bidder, contract)`, `toggle(name, value)`
 * (doubling, capot: pressed again = none), `pile(team, text)` (points typed into a
 * team's box), `cards(counted)` (a pile counted by its cards: deal/pile-cards.js
 * CardCount.done()), `badInput(name, flag)` (a number field holds text the browser
 * rejects), `count(team, kind, delta)`, `retry()`, `reload()` (the page), `details()`
 * (show the result).
 */
export interface ViewActions {
  set(name: string, value: string): void;
  game(bidder: string, contract: string): void;
  toggle(name: string, value: string): void;
  pile(team: string, text: string): void;
  cards(counted: Counted): void;
  badInput(name: string, flag: boolean): void;
  count(team: string, kind: string, delta: number): void;
  retry(): void;
  reload(): void;
  details(): void;
}

/**
 * The score sheet's parts the form's view places (CalculatorView attachSheet): its
 * `section`, its `news` (notices) if any, its `note` at the top of the form, the
 * `gameAction` beside the game's legend, and in the bar its `totals`, `error` and `actions`.
 */
export interface SheetParts {
  section: Element;
  news?: Element | null;
  note: Element;
  gameAction: Element;
  totals: Element;
  error: Element;
  actions: readonly Element[];
}
