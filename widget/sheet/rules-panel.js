// The Rules panel of <belot-calculator sheet>: the table's house rules, kept with the
// game, a short summary of them by the sheet's title, and what happens to the deals
// already recorded when the rules of a game in progress change.
//
// The options, their names and descriptions are the core's (core-tables.js
// HOUSE_RULES); the rule book is nothing ticked. Ticking or unticking a rule of a game
// that has deals asks, in the panel, whether to rescore them all with the new rules
// or to keep them as they are and play the new rules from the next deal on (each
// deal so far then keeps the rules it was played under, as its own: the core's game
// contract). A rescore the core refuses — a deal that now needs an answer the cards
// give (`needs_answer`), or a game that would now end before its last deal
// (`deals_after_end`) — changes nothing: the panel says why, naming the deal, and
// offers to fix that deal, to change the rules only from the next deal on, or to
// cancel.
//
// The panel owns only its DOM and the question it is asking; the game and every
// change to it are the score sheet's, reached through a RulesHost (below). Loaded
// with sheet/score-sheet.js, so an article never downloads it.

import { HOUSE_RULES } from "../core-tables.js";
import { h, setAttribute, setHidden, setText } from "../ui/dom.js";
import { DeferredFocus, messageText } from "../ui/kit.js";
import { activeRules, playedDeals, rulesFrom, rulesOf, sameRules } from "../deal/house-rules.js";
import { rulesSummary } from "../i18n/rule-words.js";
import { format } from "../i18n/strings.js";

/**
 * @typedef {import("./table-mode.js").Lang} Lang
 * @typedef {import("./table-mode.js").Team} Team
 * @typedef {Record<string, unknown>} Rules house rules: the core's JSON (`{}` is the rule book)
 * @typedef {"all" | "next"} How rescore every deal, or keep the deals so far as they are
 * @typedef {{ code: string, deal?: number | null, message?: Partial<Record<string, string>> | null }} Refusal
 *   one of the core's errors for a refused rescore (docs/json-contract.md, "Errors")
 */

/**
 * What the panel may do with the score sheet:
 * `apply(rules, how)` changes the current game's rules — `how` "all" rescores every
 * deal, "next" keeps the deals so far as they are — and resolves to null, or to the
 * core's errors when it refused (then nothing changed);
 * `fix(index, rules)` loads deal `index` into the form, scored by `rules`, so the
 * core can ask what it needs; `announce(text)` says `text` in the form's live
 * region; `totals()` → the current game's totals `{us, them}`; `changed()`: the
 * panel's state changed (the sheet renders again, and so does the panel).
 * @typedef {object} RulesHost
 * @property {(rules: Rules, how: How) => Promise<Refusal[] | null>} apply
 * @property {(index: number, rules: Rules) => void} fix
 * @property {(text: string) => void} announce
 * @property {() => Record<Team, number>} totals
 * @property {() => void} changed
 */

/**
 * What the panel reads of the sheet's render (its strings, the current game, the core's result).
 * @typedef {Record<"panel" | "legend" | "lead" | "reset" | "question" | "questionOne" | "all" | "allOne" | "next" | "nextHint" | "fix" | "failed" | "failedDeal" | "changed" | "changedNext", string>} RulesWords
 * @typedef {{ id: string, rules?: Rules, deals: readonly { passed?: unknown, rules?: Rules | null }[] }} RulesGame
 * @typedef {object} RulesView
 * @property {{ houseRules: RulesWords, sheet: { cancel: string } }} s
 * @property {Lang} lang
 * @property {RulesGame | null} [game]
 * @property {{ finished?: boolean } | null} [result]
 * @property {boolean} validated whether the games are checked
 * @property {boolean} ready whether the core can be asked
 * @property {boolean} busy whether a change is on its way
 * @property {boolean} viewing whether the game is one opened from a link
 * @typedef {{ id: string, name: Record<Lang, string>, description: Record<Lang, string> }} HouseRule an option, as core-tables.js has it
 * @typedef {{ questionText: HTMLElement, refused: HTMLElement, fix: HTMLButtonElement, all: HTMLButtonElement, next: HTMLButtonElement, nextHint: HTMLElement, cancel: HTMLButtonElement, question: HTMLElement }} QuestionUi
 * @typedef {QuestionUi & { summary: HTMLElement, boxes: Record<string, HTMLInputElement>, names: Record<string, HTMLElement>, descriptions: Record<string, HTMLElement>, legend: HTMLElement, lead: HTMLElement, now: HTMLElement, reset: HTMLButtonElement, fieldset: HTMLElement, summaryToggle: HTMLElement, panel: HTMLDetailsElement }} RulesUi
 */

/** The house rules the panel offers (core-tables.js, as read here). */
const RULES = /** @type {readonly HouseRule[]} */ (HOUSE_RULES);

/** A <button type="button"> (a cast: h() is typed for any tag). */
const button = (/** @type {Record<string, string>} */ attributes) => /** @type {HTMLButtonElement} */ (h("button", { type: "button", ...attributes }));

/**
 * The text of the core's errors for a refused rescore in `lang`, each naming its deal.
 * @param {Refusal[] | null | undefined} errors
 * @param {Lang} lang
 * @param {Pick<RulesWords, "failedDeal">} words
 */
export function refusalText(errors, lang, words) {
  return (errors ?? [])
    .map((error) => {
      const message = messageText(error.message, lang, error.code);
      // deals_after_end names its deals itself; the others say which deal they are about.
      if (error.deal == null || error.code === "deals_after_end") return message;
      return format(words.failedDeal, { n: error.deal + 1, message });
    })
    .join(" ");
}

/**
 * The deal a refused rescore can be fixed in (a question the core asks of it), or null.
 * @param {Refusal[] | null | undefined} errors
 * @returns {number | null}
 */
export function fixableDeal(errors) {
  const asked = (errors ?? []).find((error) => error.code === "needs_answer" && error.deal != null);
  return asked?.deal ?? null; // (found: its deal is there)
}

export class RulesPanel {
  /** @type {RulesHost} */ #host;
  /** @type {Lang} */ #lang = "bg";
  /** @type {RulesView | null} */ #view = null; // the last render's {game, result, busy, ready, validated}
  /** @type {string | null} */ #gameId = null;
  /** @type {Rules | null} */ #pending = null; // the rules ticked, not applied yet (the question is open)
  /** @type {Refusal[] | null} */ #refused = null; // the core's errors for the pending rules ("all"), or null
  /** @type {HTMLInputElement | HTMLButtonElement | null} */ #lastBox = null; // the checkbox last changed (focus goes back to it)
  /** @type {(() => HTMLElement | undefined) | null} */ #focus = null; // the element to focus once the panel is on screen
  #focusing = new DeferredFocus();
  /** @type {RulesUi} */ ui;

  /** @param {RulesHost} host */
  constructor(host) {
    this.#host = host;
    this.ui = this.#build();
  }

  /** The rules ticked but not applied yet (a question is open), or null. */
  get pending() {
    return this.#pending;
  }

  /** After a deal was fixed (`fix`): try the pending rules again on every deal. */
  retry() {
    if (this.#pending) this.#apply("all");
  }

  // --- actions -----------------------------------------------------------------

  /**
   * The reader ticked or unticked a rule (or chose the rule book only).
   * @param {Rules} rules
   */
  #choose(rules) {
    const game = this.#view?.game;
    if (!game) return;
    this.#refused = null;
    if (sameRules(rules, game.rules)) {
      this.#pending = null;
      this.#host.changed();
      return;
    }
    this.#pending = rules;
    // Nothing recorded that a rule scores: nothing to ask.
    if (!playedDeals(game.deals)) {
      this.#apply("all");
      return;
    }
    this.#focus = () => this.ui.all;
    this.#host.changed();
  }

  /** @param {How} how */
  async #apply(how) {
    const rules = this.#pending;
    const game = this.#view?.game;
    if (!rules || !game) return;
    const from = game.deals.length + 1;
    const errors = await this.#host.apply(rules, how);
    if (this.#pending !== rules) return; // the reader moved on meanwhile
    if (errors) {
      this.#refused = errors;
      this.#focus = () => (fixableDeal(errors) !== null ? this.ui.fix : this.#answerButtons()[0]);
      this.#host.changed();
      return;
    }
    this.#pending = null;
    this.#refused = null;
    const words = this.#words;
    if (!words) return; // (never: the question is asked only after a render)
    const summary = rulesSummary(rules, this.#lang);
    const totals = this.#host.totals();
    this.#host.announce(
      how === "next" && playedDeals(game.deals)
        ? format(words.changedNext, { n: from, rules: summary })
        : format(words.changed, { rules: summary, totalUs: totals.us, totalThem: totals.them }),
    );
    this.#focus = () => this.#back();
    this.#host.changed();
  }

  #cancel() {
    if (!this.#pending) return;
    this.#pending = null;
    this.#refused = null;
    this.#focus = () => this.#back();
    this.#host.changed();
  }

  /** The control that opened the question (or, if it is disabled now, the panel's summary). */
  #back() {
    const control = this.#lastBox;
    return control && !control.disabled && control.isConnected ? control : this.ui.summaryToggle;
  }

  #fix() {
    const index = fixableDeal(this.#refused);
    if (index === null || !this.#pending) return;
    this.#host.fix(index, this.#pending);
  }

  // --- building (once) -----------------------------------------------------------

  get #words() {
    return this.#view?.s.houseRules;
  }

  #answerButtons() {
    return [this.ui.fix, this.ui.all, this.ui.next].filter((button) => !button.hidden);
  }

  /** @returns {RulesUi} */
  #build() {
    // By the sheet's title: the rules in a few words.
    const summary = h("span", { class: "rules-summary", part: "sheet-rules-summary" });

    // The options: a checkbox per house rule, its name and the core's one-line description.
    /** @type {Pick<RulesUi, "boxes" | "names" | "descriptions">} */
    const ui = { boxes: {}, names: {}, descriptions: {} };
    const options = RULES.map(({ id }) => {
      // Named by the rule's name alone, described by its description (both in the label, to tap).
      const box = /** @type {HTMLInputElement} */ (
        h("input", {
          type: "checkbox",
          name: "house-rule",
          value: id,
          "aria-labelledby": `rule-${id}-name`,
          "aria-describedby": `rule-${id}-description`,
        })
      );
      box.addEventListener("change", () => {
        this.#lastBox = box;
        this.#choose(this.#ticked());
      });
      ui.boxes[id] = box;
      ui.names[id] = h("span", { class: "rule-name", id: `rule-${id}-name` });
      ui.descriptions[id] = h("span", { class: "hint rule-description", id: `rule-${id}-description` });
      return h("label", { class: "rule-option", part: "sheet-rule" }, box, h("span", { class: "rule-text" }, ui.names[id], ui.descriptions[id]));
    });
    const legend = h("legend", { class: "visually-hidden" });
    const lead = h("p", { class: "hint rules-lead" });
    const now = h("p", { class: "rules-now" });
    const reset = button({ class: "rules-reset" });
    reset.addEventListener("click", () => {
      this.#lastBox = reset;
      this.#choose({});
    });
    const fieldset = h("fieldset", { class: "rule-options" }, legend, ...options);

    const question = this.#buildQuestion();

    const summaryToggle = h("summary", {});
    const panel = /** @type {HTMLDetailsElement} */ (
      h("details", { class: "rules", part: "sheet-rules" }, summaryToggle, h("div", { class: "rules-body" }, lead, now, fieldset, question.question, reset))
    );
    return { ...ui, ...question, summary, legend, lead, now, reset, fieldset, summaryToggle, panel };
  }

  /**
   * The question (and, after a refused rescore, why and what can be done).
   * @returns {QuestionUi}
   */
  #buildQuestion() {
    const questionText = h("p", { id: "rules-question-text" });
    const refused = h("p", { class: "error rules-refused", role: "alert" });
    const fix = button({ class: "primary rules-fix" });
    fix.addEventListener("click", () => this.#fix());
    const all = button({ class: "primary rules-all" });
    all.addEventListener("click", () => this.#apply("all"));
    const next = button({ class: "rules-next", "aria-describedby": "rules-next-hint" });
    next.addEventListener("click", () => this.#apply("next"));
    const nextHint = h("p", { class: "hint", id: "rules-next-hint" });
    const cancel = button({ class: "rules-cancel" });
    cancel.addEventListener("click", () => this.#cancel());
    /** @type {HTMLElement} */
    const question = h(
      "div",
      { class: "rules-question", part: "sheet-rules-question", role: "group", "aria-labelledby": "rules-question-text", hidden: true },
      questionText,
      refused,
      h("div", { class: "sheet-actions" }, fix, all, next, cancel),
      nextHint,
    );
    question.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.#cancel();
    });
    return { questionText, refused, fix, all, next, nextHint, cancel, question };
  }

  /**
   * The rules the checkboxes tick now.
   * @returns {Rules}
   */
  #ticked() {
    return rulesOf(RULES.map(({ id }) => id).filter((id) => this.ui.boxes[id].checked));
  }

  // --- rendering -----------------------------------------------------------------

  /**
   * Called by the sheet's render: `s` the strings, `game` the current game (its
   * `rules` and `deals`), `result` the core's game result, `validated` whether the
   * games are checked, `ready` whether the core can be asked, `busy` whether a change
   * is on its way, `viewing` whether the game is one opened from a link (the panel hides).
   * @param {RulesView} view
   */
  render(view) {
    this.#view = view;
    this.#lang = view.lang;
    if (view.game?.id !== this.#gameId) {
      // Another game: a question about the last one no longer stands.
      this.#gameId = view.game?.id ?? null;
      this.#pending = null;
      this.#refused = null;
    }
    this.#render();
  }

  #render() {
    const view = this.#view;
    if (!view) return;
    const ui = this.ui;
    const { s, lang, game, busy, ready, validated, viewing } = view;
    const words = s.houseRules;
    // A game opened from a link: its rules are the sender's, summed up by the title, not to be changed here.
    setHidden(ui.panel, !validated || !game || viewing);
    setHidden(ui.summary, !validated || !game);
    if (!validated || !game) return;

    const rules = game.rules ?? {};
    const summary = rulesSummary(rules, lang, rulesFrom(game.deals));
    setText(ui.summary, summary);
    setText(ui.summaryToggle, words.panel);
    setText(ui.legend, words.legend);
    setText(ui.lead, words.lead);
    setText(ui.now, summary);
    setText(ui.reset, words.reset);
    const shown = this.#pending ?? rules;
    const on = activeRules(shown);
    for (const { id, name, description } of RULES) {
      const box = ui.boxes[id];
      setText(ui.names[id], name[lang]);
      setText(ui.descriptions[id], description[lang]);
      if (box.checked !== on.includes(id)) box.checked = on.includes(id);
      if (box.disabled !== (busy || !ready)) box.disabled = busy || !ready;
    }
    ui.reset.disabled = busy || !ready || !activeRules(rules).length;

    this.#renderQuestion(view, game);
    setAttribute(ui.panel, "data-rules", activeRules(rules).join(" "));

    const focus = this.#focus;
    this.#focus = null;
    if (focus) this.#focusing.request(focus);
  }

  /**
   * The question, while the ticked rules are not the game's (`game`: the view's, there).
   * @param {RulesView} view
   * @param {RulesGame} game
   */
  #renderQuestion({ s, lang, result, busy, ready }, game) {
    const ui = this.ui;
    const words = s.houseRules;
    const pending = Boolean(this.#pending);
    setHidden(ui.question, !pending);
    if (pending) {
      const count = game.deals.length;
      const finished = Boolean(result?.finished);
      setText(ui.questionText, count === 1 ? words.questionOne : words.question);
      setText(ui.all, count === 1 ? words.allOne : format(words.all, { n: count }));
      setText(ui.next, words.next);
      setText(ui.nextHint, words.nextHint);
      setText(ui.cancel, s.sheet.cancel);
      const refused = this.#refused;
      setText(ui.refused, refused ? format(words.failed, { reason: refusalText(refused, lang, words) }) : "");
      setHidden(ui.refused, !refused);
      const fixable = refused ? fixableDeal(refused) : null;
      setHidden(ui.fix, fixable === null);
      if (fixable !== null) setText(ui.fix, format(words.fix, { n: fixable + 1 }));
      // Refused for every deal, the same answer would be refused again.
      setHidden(ui.all, Boolean(refused));
      // A finished game has no next deal.
      setHidden(ui.next, finished);
      setHidden(ui.nextHint, finished);
      for (const button of [ui.fix, ui.all, ui.next]) button.disabled = busy || !ready;
      if (!ui.panel.open) ui.panel.open = true;
    }
  }
}
