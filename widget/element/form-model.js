// What a tap does to the calculator's form, with no DOM: the form is the element's
// attributes (the source of truth), read and written through a small adapter, so Node
// tests every action with a Map (tests/js/form-model.test.mjs). The element hands the view
// `actions()` and the score sheet `sheetForm()`; the request the core gets, and what the
// core's last reply says about the form as it is now, are worked out here too.

import {
  buildRequest,
  countLimit,
  DEAL_ATTRIBUTES,
  dealAttributes,
  formatDeclarations,
  gameDeal,
  parseDeclarations,
  piles,
  QUESTIONS,
  questionsAsked,
  readDeal,
  sameRequest,
} from "../deal/request.js";
import { formatCards } from "../deal/pile-cards.js";

/** @import { BuiltRequest, DealReply, RecordedDeal } from "../deal/types.js"; */
/** @import { Deal } from "../book/types.js"; */
/** @import { RuleSet } from "../deal/house-rules.js"; */
/** @import { AttributeStore, CountedPile, FormProblems, FormSheet, FormViewPart, SavedForm, Scored } from "./types.js"; */

/** The form's fields a recorded deal fills in (the sheet carries the hanging points). */
export const FORM_ATTRIBUTES = Object.freeze(DEAL_ATTRIBUTES.filter((name) => name !== "hanging-in"));
/** The answers to the core's questions, as attributes. */
export const ANSWER_ATTRIBUTES = Object.freeze(QUESTIONS.map((question) => `higher-${question}`));
/**
 * The form for the next deal: every fact of the deal cleared, the game and the last trick
 * unset (nothing is scored with a value left from the deal before). Only whose pile is
 * counted stays: the scorekeeper's habit, shown next to the number.
 */
/** @type {Readonly<Record<string, null>>} */
export const NEXT_DEAL = Object.freeze({
  contract: null,
  bidder: null,
  "pile-points": null,
  "pile-cards": null,
  "pile-tricks": null,
  "last-trick": null,
  capot: null,
  doubling: null,
  "declarations-us": null,
  "declarations-them": null,
  ...Object.fromEntries(ANSWER_ATTRIBUTES.map((name) => [name, null])),
});

/**
 * The form on the element's attributes. `attributes`: `{get(name) → text or null,
 * set(name, text), remove(name)}`; `sheet()` → the score sheet's `{pot, teamNames,
 * formRules}` while it keeps the game, else null; `rules()` → the rules of a form without
 * a sheet.
 */
export class FormModel {
  /** @type {AttributeStore} */ #attributes;
  /** @type {() => FormSheet | null} */ #sheet;
  /** @type {() => RuleSet | null} */ #rules;
  /** @type {Record<string, boolean>} A number field holds text the browser rejects (it reads as empty). */
  badInput = { "pile-points": false, "hanging-in": false };
  /** The form holds a deal recorded with accepted declarations (sent back as such). */
  accepted = false;

  /** @param {{ attributes: AttributeStore, sheet?: () => FormSheet | null, rules?: () => RuleSet | null }} options */
  constructor({ attributes, sheet = () => null, rules = () => ({}) }) {
    this.#attributes = attributes;
    this.#sheet = sheet;
    this.#rules = rules;
  }

  /** The deal's attribute values; with a sheet, the hanging points are the sheet's pot. */
  values() {
    /** @type {Record<string, string | null>} */
    const values = Object.fromEntries(DEAL_ATTRIBUTES.map((name) => [name, this.#attributes.get(name)]));
    const sheet = this.#sheet();
    if (sheet) values["hanging-in"] = String(sheet.pot ?? 0);
    return values;
  }

  deal() {
    return readDeal(this.values());
  }

  /**
   * The house rules of the deal in the form: the sheet's (the game's, or an edited deal's own), else the element's.
   * @returns {RuleSet | null}
   */
  rules() {
    const sheet = this.#sheet();
    return sheet ? sheet.formRules : this.#rules();
  }

  /**
   * The core's request for the form as it is (deal/request.js buildRequest).
   * @returns {BuiltRequest}
   */
  build() {
    const sheet = this.#sheet();
    const badInput = sheet ? { ...this.badInput, "hanging-in": false } : this.badInput;
    return buildRequest(this.deal(), { badInput, names: sheet?.teamNames, accepted: this.accepted, rules: this.rules() });
  }

  /**
   * What the core and the widget say about the form as it is now, given `built` and the
   * scheduler's last `reply`, the request it `answered` and its `failure`: `errors` (not
   * the questions), `questions` (the core's needs_answer), `current` (the last reply
   * answers the form as it is), `settled` (nothing is on its way for it), `missing`.
   * @param {BuiltRequest} built
   * @param {Scored} scored
   * @returns {FormProblems}
   */
  static problems({ request, problems, incomplete, probe, missing }, { reply, answered, failure }) {
    if (problems.length) return { errors: problems, questions: [], current: false, settled: true, missing };
    const current = Boolean(reply) && sameRequest(request, answered);
    const settled = (incomplete && !probe) || current || Boolean(failure);
    const errors = current && reply && !reply.ok ? reply.errors : []; // current: there is a reply
    const questions = questionsAsked(errors);
    return {
      errors: incomplete ? [] : errors.filter((error) => !questions.includes(error)),
      questions,
      current: current && Boolean(reply?.ok),
      settled,
      missing,
    };
  }

  /**
   * The form's deal as the core's game deal, once `answers(request)` (scored) and valid; else null.
   * @param {BuiltRequest} built
   * @param {(request: BuiltRequest["request"]) => boolean} answers
   * @returns {Deal | null}
   */
  static gameDeal({ request, problems, incomplete }, answers) {
    // Scored: the core took it, its teams and contract among them, as a game's deal.
    return problems.length || incomplete || !answers(request) ? null : /** @type {Deal} */ (gameDeal(request));
  }

  /**
   * The page's worked example (the JSON text of a `data-belot-example` child: `{request,
   * reply}`, scored by the site's build), if it answers exactly the request `built` makes
   * and was scored successfully; else null (anything else there is ignored).
   * @param {string | null} text a script's textContent (null reads as JSON null)
   * @param {BuiltRequest} built
   * @returns {{ request: BuiltRequest["request"], reply: DealReply } | null}
   */
  static example(text, { request, problems, incomplete }) {
    /** @type {{ request?: unknown, reply?: DealReply | null } | null} the page's JSON: only `reply.ok === true` is checked */
    let example;
    try {
      example = JSON.parse(String(text));
    } catch {
      return null;
    }
    if (problems.length || incomplete || example?.reply?.ok !== true || !sameRequest(request, example.request)) return null;
    return { request, reply: /** @type {DealReply} */ (example.reply) }; // ok is true: a reply
  }

  /**
   * The form's part of the view's snapshot (form/view.js render): the deal, the number
   * fields' text as typed, what the browser rejected, the two piles, and `problems`
   * (FormModel.problems) of `built`.
   * @param {BuiltRequest} built
   * @param {FormProblems} problems
   */
  view(built, { errors, questions, current, settled, missing }) {
    const values = this.values();
    const deal = readDeal(values);
    return {
      deal,
      texts: { "pile-points": deal.pileCards ? deal.pilePoints : (values["pile-points"] ?? ""), "hanging-in": values["hanging-in"] ?? "" },
      badInput: this.badInput,
      piles: piles(deal),
      errors,
      questions,
      current,
      settled,
      missing,
    };
  }

  /**
   * Set (or, for null, remove) attributes; what the reader typed into a number field is replaced.
   * @param {Readonly<Record<string, string | null>>} values
   */
  set(values) {
    this.badInput["pile-points"] = false;
    for (const [name, value] of Object.entries(values)) {
      if (value === null) this.#attributes.remove(name);
      else this.#attributes.set(name, value);
    }
  }

  /** What the form's view reports (form/view.js ViewActions, but for retry and details). */
  actions() {
    return {
      /** @type {(name: string, value: string) => void} */
      set: (name, value) => this.#attributes.set(name, value),
      /** @type {(bidder: string, contract: string) => void} */
      game: (bidder, contract) => this.set({ bidder, contract }),
      /** @type {(name: string, value: string) => void} */
      toggle: (name, value) => this.set({ [name]: this.#attributes.get(name) === value ? null : value }),
      // Points typed replace a pile counted by its cards.
      /** @type {(team: string, text: string) => void} */
      pile: (team, text) => this.set({ "pile-team": team, "pile-points": text === "" ? null : text, "pile-cards": null, "pile-tricks": null }),
      /** @type {(counted: CountedPile) => void} */
      cards: (counted) => this.#cards(counted),
      /** @type {(name: string, flag: boolean) => void} */
      badInput: (name, flag) => {
        this.badInput[name] = flag;
      },
      /** @type {(team: string, kind: string, delta: number) => void} */
      count: (team, kind, delta) => this.#count(team, kind, delta),
    };
  }

  /**
   * A pile counted by its cards (deal/pile-cards.js CardCount.done(): `{team, cards,
   * tricks, points}`): the form keeps the cards (the core counts and checks them, a
   * saved game keeps them) and shows their points in the team's box.
   * @param {CountedPile} counted
   */
  #cards({ team, cards, tricks, points }) {
    this.set({
      "pile-team": team,
      "pile-cards": formatCards(cards),
      "pile-tricks": tricks === null || tricks === undefined ? null : String(tricks),
      "pile-points": points === null || points === undefined ? null : String(points),
    });
  }

  /**
   * One more (or fewer) of a team's declarations, within what the deck holds.
   * @param {string} team
   * @param {string} kind
   * @param {number} delta
   */
  #count(team, kind, delta) {
    const counts = parseDeclarations(this.#attributes.get(`declarations-${team}`));
    const limit = countLimit(kind, this.deal().contract);
    const count = Math.max(0, Math.min(limit, counts[kind] + delta));
    if (count === counts[kind]) return;
    counts[kind] = count;
    // Other declarations may raise another question: an answer given for the old ones
    // must not answer it unasked.
    this.set({
      [`declarations-${team}`]: formatDeclarations(counts) || null,
      ...Object.fromEntries(ANSWER_ATTRIBUTES.map((name) => [name, null])),
    });
  }

  /**
   * The form's values, to put back later (restore).
   * @returns {SavedForm}
   */
  save() {
    return { attributes: Object.fromEntries(FORM_ATTRIBUTES.map((name) => [name, this.#attributes.get(name)])), accepted: this.accepted };
  }

  /** @param {SavedForm} saved */
  restore({ attributes, accepted }) {
    this.accepted = accepted;
    this.set(attributes);
  }

  /**
   * Fill the form with a recorded game deal.
   * @param {RecordedDeal | null | undefined} deal
   */
  load(deal) {
    const { attributes, accepted } = dealAttributes(deal);
    this.accepted = accepted;
    this.set(attributes);
  }

  /**
   * What the score sheet may do with the form (sheet/score-sheet.js SheetForm): `deal()`
   * → the form's game deal once scored, and the form's `view()` to show it.
   * @param {{ deal: () => Deal | null, view: () => FormViewPart }} parts
   */
  sheetForm({ deal, view }) {
    return {
      deal,
      save: () => this.save(),
      /** @param {SavedForm} saved */
      restore: (saved) => this.restore(saved),
      /** @param {RecordedDeal | null | undefined} recorded */
      load: (recorded) => {
        view().revealForm(false);
        this.load(recorded);
      },
      clear: () => this.clear(),
      isEmpty: () => this.isEmpty(),
      focus: () => view().focusForm(),
      /** @param {string} text */
      announce: (text) => view().announce(text),
    };
  }

  /** Whether nothing of a deal is in the form (as after clear: only whose pile is counted stays). */
  isEmpty() {
    return Object.keys(NEXT_DEAL).every(
      (name) =>
        this.#attributes.get(name) === null ||
        (name === "doubling" && this.#attributes.get(name) === "none") ||
        (name === "capot" && this.#attributes.get(name) === "none"),
    );
  }

  /** Ready the form for the next deal (NEXT_DEAL). */
  clear() {
    this.accepted = false;
    this.set(NEXT_DEAL);
  }
}
