// Types of <belot-calculator> and of widget/index.js, for an embedder's TypeScript (or a
// JavaScript editor). Written by hand from docs/embedding.md, which says what each does;
// tests/build/test_types.py type-checks an embedder's file against it with tsc.
// The JSON contract's requests and results are the core's (docs/json-contract.md):
// typed here as far as an embedder reads them.

export type Team = "us" | "them";
export type Contract = "clubs" | "diamonds" | "hearts" | "spades" | "no_trumps" | "all_trumps";
export type Doubling = "none" | "contra" | "recontra";
export type Capot = "none" | Team;
export type CalculatorState = "closed" | "loading" | "ready" | "failed";
export type Language = "bg" | "en";

/** House rules as the core's JSON: `{"round_before_multiply": true, ...}`; `{}` = the rule book. */
export type Rules = Record<string, boolean>;

/** What a team announced: kind → count (`tierce`, `quarte`, `quint`, `carre_jacks`, `carre_nines`, `carre`, `belot`). */
export type Declarations = Partial<Record<string, number>>;

/** A request of the core's JSON contract (docs/json-contract.md). */
export interface ScoreRequest {
  version: number;
  contract: Contract;
  bidder: Team;
  doubling?: Doubling;
  cards?: { team: Team; points?: number; cards?: string[]; tricks?: number };
  last_trick?: Team;
  capot?: Team | null;
  announced?: { us: Declarations; them: Declarations };
  hanging_in?: number;
  rules?: Rules;
  [more: string]: unknown;
}

/** A result of the core (docs/json-contract.md). */
export interface ScoreResult {
  raw: { us: number; them: number };
  outcome: string;
  record: { us: number; them: number };
  hanging_out: number;
  accepted: unknown;
  /** The answers used, for the questions that arose (`{"carre": "them"}`). */
  questions: Record<string, string>;
  /** The house rules the deal was scored by (`{}`: the rule book). */
  rules: Rules;
  applied_rules: string[];
  explanation?: unknown[];
  [more: string]: unknown;
}

export interface CalculatorError {
  code: string;
  field: string | null;
  params: Record<string, unknown>;
  message: { bg: string; en: string };
}

/** A game of the sheet: `{id, created, updated, names, rules, deals}` (docs/game-book.md). */
export interface Game {
  id: string;
  created: string;
  updated: string;
  names: { us: string; them: string };
  rules: Rules;
  deals: unknown[];
  [more: string]: unknown;
}

export interface GameState {
  game: Game;
  result: { rows: unknown[]; totals: { us: number; them: number }; [more: string]: unknown };
}

/** The scoring back end (`scorer`): the default is the page-wide Pyodide worker. */
export interface Scorer {
  score(request: ScoreRequest): Promise<unknown>;
  start?(): void;
  retry?(): void;
  readonly state?: "idle" | "loading" | "ready" | "failed";
  readonly progress?: { loaded: number; total: number };
  readonly error?: { code: string; message: string } | null;
  scoreGame?(request: unknown): Promise<unknown>;
  gameLink?(request: unknown): Promise<unknown>;
  readGameLink?(request: unknown): Promise<unknown>;
}

export interface BelotCalculatorEventMap {
  "belot-calculator-result": CustomEvent<{ request: ScoreRequest; result: ScoreResult }>;
  "belot-calculator-sheet": CustomEvent<GameState>;
  "belot-calculator-before-new-game": CustomEvent<GameState>;
  "belot-calculator-toggle": CustomEvent<{ open: boolean }>;
}

/** `<belot-calculator>`: attributes are the source of truth; these reflect them. */
export declare class BelotCalculatorElement extends HTMLElement {
  static readonly observedAttributes: string[];
  /** Register the element as `tag` (in `registry`, default customElements). */
  static define(tag?: string, registry?: CustomElementRegistry): typeof BelotCalculatorElement;

  /** `lazy`: only an "Open the calculator" button until pressed. */
  lazy: boolean;
  /** `sheet`: keep a score sheet of the whole game. */
  sheet: boolean;
  /** `storage-key`: the IndexedDB database of the sheet's games. */
  storageKey: string;
  /** `heading-level`: 1–5, the level of the result's heading. */
  headingLevel: number;
  /** `manifest`: the URL of the build's manifest.json (same origin). */
  manifest: string;
  /** `rules`: the house rules' ids (set an array or a string). */
  get rules(): string[];
  set rules(value: string[] | string);
  contract: Contract | null;
  bidder: Team | null;
  doubling: Doubling;
  pileTeam: Team;
  pilePoints: number | null;
  lastTrick: Team | null;
  capot: Capot;
  declarations: { us: Declarations; them: Declarations };
  hangingIn: number;
  /** The scoring back end; set it before the element is connected. */
  scorer: Scorer;

  /** The request the attributes describe, or null while incomplete or invalid. */
  readonly request: ScoreRequest | null;
  /** The last successful result, or null. */
  readonly result: ScoreResult | null;
  readonly errors: CalculatorError[];
  readonly state: CalculatorState;
  readonly language: Language;
  /** With `sheet`: the current game and the core's game result (copies); else null. */
  readonly game: GameState | null;

  /** Leave lazy mode and start the runtime. */
  open(): void;
  /** Fold back into lazy mode, as the Close button does. */
  close(): void;
  /** After a failure, load the runtime again. */
  retry(): void;

  addEventListener<K extends keyof BelotCalculatorEventMap>(
    type: K,
    listener: (this: BelotCalculatorElement, event: BelotCalculatorEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: BelotCalculatorElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof BelotCalculatorEventMap>(
    type: K,
    listener: (this: BelotCalculatorElement, event: BelotCalculatorEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: BelotCalculatorElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
}

export default BelotCalculatorElement;

export declare const TAG: "belot-calculator";
export declare const DEFAULT_STORAGE_KEY: string;
export declare const DEFAULT_MANIFEST_URL: string;
export declare const TEAMS: readonly Team[];
export declare const CONTRACTS: readonly Contract[];
export declare const DOUBLINGS: readonly Doubling[];
export declare const CAPOTS: readonly Capot[];
export declare const DECLARATIONS: readonly string[];

export declare class PyodideScorer implements Scorer {
  constructor(manifestURL?: string, workerURL?: string | URL);
  score(request: ScoreRequest): Promise<unknown>;
  start(): void;
  retry(): void;
  stallTimeout: number;
}
export declare function sharedPyodideScorer(manifestURL?: string): PyodideScorer;
export declare function readDeal(attributes: Record<string, string | null | undefined>): unknown;
/** What buildRequest gives: the request (complete once `incomplete` is false and there are no `problems`), and what the widget tells without the core. */
export interface BuiltRequest {
  request: Partial<ScoreRequest> & { version: number };
  problems: CalculatorError[];
  incomplete: boolean;
  missing: string[];
  probe: boolean;
}
export declare function buildRequest(
  deal: unknown,
  options?: {
    badInput?: Record<string, boolean>;
    names?: { us?: string; them?: string } | null;
    accepted?: boolean;
    rules?: Rules | null;
  },
): BuiltRequest;
export declare function parseDeclarations(text: string | null): Declarations;
export declare function formatDeclarations(counts: Declarations): string;

declare global {
  interface HTMLElementTagNameMap {
    "belot-calculator": BelotCalculatorElement;
  }
  // The events bubble and are composed: elements, the document and the window hear them.
  interface GlobalEventHandlersEventMap {
    "belot-calculator-result": BelotCalculatorEventMap["belot-calculator-result"];
    "belot-calculator-sheet": BelotCalculatorEventMap["belot-calculator-sheet"];
    "belot-calculator-before-new-game": BelotCalculatorEventMap["belot-calculator-before-new-game"];
    "belot-calculator-toggle": BelotCalculatorEventMap["belot-calculator-toggle"];
  }
}
