// The questions only the cards decide ("Чия кварта е по-старша?"), each shown only while
// the core asks it (or its answer was used), and under them the core's steps that say
// which declarations counted and why. While a request is on its way nothing moves.

import { ANSWERS } from "../core-tables.js";
import { QUESTIONS } from "../deal/request.js";
import { format } from "../i18n/strings.js";
import { afterNextFrame } from "../tasks.js";
import { h, setHidden, setText } from "../ui/dom.js";
import { messageText } from "../ui/kit.js";
import { check } from "./fields.js";

/** @import { FormContext } from "./fields.js"; */
/** @import { FormError, FormStrings, FormView } from "./types.js"; */

/** The core's explanation steps that say which declarations counted and why (a house rule's too). */
const WHY_STEPS = new Set([
  "contest_won",
  "contest_higher",
  "contest_equal",
  "belot_counts",
  "house_one_declaration_contest",
  "house_one_declaration_contest_unasked",
]);
/**
 * The contest of the core's explanation (`contest_higher` params) each question decides.
 * @type {Readonly<Record<string, string>>}
 */
const ASKED_IN = { sequences: "sequence", carres: "carre" };
/** The answers of each question (the core's ANSWERS). @type {Readonly<Record<string, readonly string[]>>} */
const ANSWERS_OF = ANSWERS;

/**
 * The core's question (a needs_answer error) in a few words, in the strings `s`.
 * @param {FormStrings} s
 * @param {Pick<FormError, "params" | "field" | "message">} asked
 * @param {string} [lang]
 * @returns {string}
 */
export function questionText(s, asked, lang = "en") {
  const question = asked.params?.question ?? asked.field?.split(".")[1];
  const named = asked.params?.kind;
  // A question or a kind not named has no words (as a lookup of "undefined" finds none).
  const kind = named === undefined ? "" : (s.declarationWords[named] ?? "");
  const words = question === undefined ? "" : (s.questions[question] ?? "");
  return format(words, { kind }) || messageText(asked.message, lang);
}

/** Scroll smoothly unless the reader asked for less motion. */
function motion() {
  return globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth";
}

export class QuestionsSection {
  /** @type {Record<string, string>} */
  #asked = {}; // question → the core's words for it, while it stays on screen
  /** @type {Record<string, { fieldset: HTMLElement, legend: HTMLElement, hint: HTMLElement, inputs: HTMLInputElement[] }>} */
  #sets = {};

  /** @param {FormContext} context */
  constructor(context) {
    const sets = QUESTIONS.map((question) => {
      const name = `higher-${question}`;
      const legend = h("p", { class: "question-text legend", id: `${name}-legend` });
      // A hint under the question where the cards need naming (the carrés' ranks).
      const hint = h("p", { class: "hint question-hint", id: `${name}-hint`, hidden: true });
      const { element, inputs } = context.radioOptions(name, ANSWERS_OF[question], (answer, s) => (answer === "equal" ? s.equal : s.teams[answer]));
      const fieldset = h(
        "div",
        {
          class: `question ${name}`,
          part: `fieldset question ${name}`,
          role: "radiogroup",
          hidden: true,
          "aria-labelledby": legend.id,
          "aria-describedby": `${hint.id} ${name}-error`,
        },
        legend,
        hint,
        element,
        context.errors.add(`${name}-error`, `higher.${question}`),
      );
      this.#sets[question] = { fieldset, legend, hint, inputs };
      return fieldset;
    });
    // Which declarations counted and why, in the core's words, under the question.
    this.why = h("ul", { class: "why", part: "declarations-why" });
    this.element = h("div", { class: "questions" }, ...sets, this.why);
  }

  /** @param {FormView} view */
  render(view) {
    const { s, lang, deal, questions, result, current, settled } = view;
    for (const question of QUESTIONS) {
      const { fieldset, legend, hint, inputs } = this.#sets[question];
      for (const input of inputs) check(input, input.value === deal.higher[question]);
      const asked = questions.find((error) => error.field === `higher.${question}`);
      if (asked) this.#asked[question] = questionText(s, asked, lang);
      const used = current && result?.questions?.[question];
      if (used && !this.#asked[question]) {
        // Loaded with its answer: the core's explanation says which kind it was about.
        const step = result.explanation?.find((step) => step.params?.contest && step.params?.kind && ASKED_IN[step.params.contest] === question);
        if (step) this.#asked[question] = questionText(s, { params: { question, kind: step.params?.kind } }, lang);
      }
      let show = Boolean(asked || used);
      if (!settled) show = !fieldset.hidden;
      else if (!show) delete this.#asked[question];
      // A question the core has just asked comes into view, clear of the sticky bar: its
      // answers are the next thing to tap (it appears under the chip that raised it).
      const arriving = Boolean(asked) && fieldset.hidden && show;
      setHidden(fieldset, !show);
      setText(legend, this.#asked[question] ?? "");
      if (arriving) afterNextFrame().then(() => !fieldset.hidden && fieldset.scrollIntoView?.({ block: "nearest", behavior: motion() }));
      const hinted = s.questionHints[question];
      setText(hint, hinted ?? "");
      setHidden(hint, !hinted);
    }
    this.#renderWhy(view);
  }

  /**
   * Under the chips: the core's steps that say which declarations counted and why.
   * @param {FormView} view
   */
  #renderWhy({ lang, result, current, settled }) {
    if (!settled) return;
    const steps = current && result ? (result.explanation ?? []).filter((step) => WHY_STEPS.has(step.code)) : [];
    const texts = steps.map((step) => messageText(step.message, lang, step.code));
    const list = this.why;
    if (list.children.length === texts.length && texts.every((text, i) => list.children[i].textContent === text)) return;
    list.replaceChildren(...texts.map((text) => h("li", {}, text)));
  }
}
