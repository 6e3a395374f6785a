// What every section of the calculator's form shares: the labels bound to the words of
// the moment, the error slots by field of the core's errors, rows of radio options, and
// how a reader's change is reported (so the bar's text is announced once it settles).
// Each section (form/game.js, points.js, toggles.js, declarations.js, questions.js,
// result.js, bar.js) builds its DOM once from this context and renders a snapshot.

import { h, setAttribute, setText } from "../ui/dom.js";
import { Labels, messageText } from "../ui/kit.js";

/** @import { FormError, FormStrings, FormView, ViewActions } from "./types.js"; */

/** Error slots: the core's errors shown under the part they are about (by field prefix). */
export class ErrorSlots {
  /** @type {Record<string, HTMLElement>} */
  #slots = {};
  /** @type {Map<HTMLElement, string[]>} */
  #shown = new Map();

  /**
   * A slot for the core's fields `keys` (a field "cards.points" goes to "cards").
   * @param {string} id
   * @param {...string} keys
   */
  add(id, ...keys) {
    const error = h("p", { class: "error", part: "error", id });
    for (const key of keys) this.#slots[key] = error;
    return error;
  }

  /**
   * The general slot (errors of no part): `element`.
   * @template {HTMLElement} E
   * @param {E} element
   * @returns {E}
   */
  general(element) {
    this.#slots[""] = element;
    return element;
  }

  /**
   * Where an error goes: the slot of the longest matching field prefix ("" = general).
   * @param {string | null | undefined} field
   */
  #slotOf(field) {
    let key = String(field ?? "");
    while (key) {
      if (this.#slots[key]) return key;
      key = key.includes(".") ? key.slice(0, key.lastIndexOf(".")) : "";
    }
    return "";
  }

  /**
   * @param {readonly FormError[]} errors
   * @param {string} lang
   */
  render(errors, lang) {
    /** @type {Map<HTMLElement, string[]>} */
    const grouped = new Map();
    for (const error of errors) {
      const slot = this.#slots[this.#slotOf(error.field)];
      grouped.set(slot, [...(grouped.get(slot) ?? []), messageText(error.message, lang, error.code)]);
    }
    for (const element of new Set(Object.values(this.#slots))) setText(element, (grouped.get(element) ?? []).join(" "));
    this.#shown = grouped;
  }

  /**
   * Whether the slot of `key` shows an error now.
   * @param {string} key
   */
  invalid(key) {
    return this.#shown.has(this.#slots[key]);
  }
}

export class FormContext {
  /** @type {Labels<FormStrings>} */
  labels = new Labels();
  errors = new ErrorSlots();
  /** @type {FormView | null} The last snapshot rendered (sections read it in their event handlers). */
  rendered = null;
  /** The reader changed something: the bar's text is said once the result for it is in. */
  announce = false;

  /**
   * `actions`: the element's ViewActions; `settled()`: a typed number was settled.
   * @param {ViewActions} actions
   * @param {() => void} settled
   */
  constructor(actions, settled) {
    this.actions = actions;
    this.settled = settled;
  }

  /**
   * Bind `element`'s text (or `attribute`) to the words of the moment (ui/kit.js Labels).
   * @template {Element} E
   * @param {E} element
   * @param {(s: FormStrings) => string} text
   * @param {string | null} [attribute]
   * @returns {E}
   */
  label(element, text, attribute = null) {
    return this.labels.bind(element, text, attribute);
  }

  changed() {
    this.announce = true;
  }

  /**
   * Radio options in a row: `text(value, strings)` labels each; returns {element, inputs}.
   * @param {string} name
   * @param {readonly string[]} values
   * @param {(value: string, s: FormStrings) => string} text
   */
  radioOptions(name, values, text) {
    /** @type {HTMLInputElement[]} */
    const inputs = [];
    const element = h("div", { class: "options" });
    for (const value of values) {
      const input = h("input", { type: "radio", name, value });
      input.addEventListener("change", () => {
        if (!input.checked) return;
        this.changed();
        this.actions.set(name, value);
      });
      inputs.push(input);
      const face = h(
        "span",
        { class: "face" },
        this.label(h("span", { class: "text" }), (s) => text(value, s)),
      );
      element.append(h("label", { class: "opt", part: "option" }, input, face));
    }
    return { element, inputs };
  }
}

/**
 * Check or uncheck `input` unless it already is.
 * @param {HTMLInputElement} input
 * @param {boolean} on
 */
export function check(input, on) {
  if (input.checked !== on) input.checked = on;
}

/**
 * aria-invalid on `element` as `invalid` says.
 * @param {Element} element
 * @param {boolean} invalid
 */
export function markInvalid(element, invalid) {
  setAttribute(element, "aria-invalid", invalid);
}
