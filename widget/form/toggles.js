// The form's last trick (a row of two), contra/recontra and capot (toggle buttons, at most
// one of each pressed: pressed again, none), and the hanging points carried in (an
// article's "what if"; a score sheet carries them itself).

import { CAPOT_BONUS, TEAMS } from "../core-tables.js";
import { format } from "../i18n/strings.js";
import { h, setAttribute, setHidden, setText } from "../ui/dom.js";
import { check, markInvalid } from "./fields.js";

/** @import { FormContext } from "./fields.js"; */
/** @import { FormStrings, FormView } from "./types.js"; */

export class LastTrickSection {
  /** @param {FormContext} context */
  constructor(context) {
    const { element, inputs } = context.radioOptions("last-trick", TEAMS, (value, s) => s.teams[value]);
    this.inputs = inputs;
    this.element = h(
      "fieldset",
      { class: "inline last-trick", part: "fieldset last-trick", "aria-describedby": "last-trick-error" },
      context.label(h("legend"), (s) => s.lastTrick),
      element,
      context.errors.add("last-trick-error", "last_trick"),
    );
  }

  /** @param {FormView} view */
  render({ deal }) {
    const capot = deal.capot !== "none";
    const lastTrick = capot ? deal.capot : deal.lastTrick;
    for (const input of this.inputs) check(input, input.value === lastTrick);
    if (this.element.disabled !== capot) this.element.disabled = capot;
  }
}

export class TogglesSection {
  /** @type {FormContext} */
  #context;
  /** @type {Record<"doubling" | "capot", Record<string, HTMLButtonElement>>} each group's buttons by value */
  buttons = { doubling: {}, capot: {} };

  /** @param {FormContext} context */
  constructor(context) {
    this.#context = context;
    // What a capot does, for a screen reader (the boxes and the last trick show it).
    this.capotHint = h("p", { class: "visually-hidden capot-hint", id: "capot-hint" });
    this.element = h(
      "div",
      { class: "group toggles" },
      h(
        "div",
        { class: "toggle-row" },
        this.#group(
          "doubling",
          ["contra", "recontra"],
          (s) => s.doubling,
          (value, s) => s.doublings[value],
        ),
        this.#group(
          "capot",
          TEAMS,
          (s) => s.capot,
          (value, s) => s.teams[value],
          (value, s) => format(s.capotOption, { team: s.teams[value] }),
        ),
      ),
      this.capotHint,
      context.errors.add("doubling-error", "doubling"),
      context.errors.add("capot-error", "capot"),
    );
  }

  /**
   * A group of toggle buttons: `label(s)` names the group, `text(value, s)` a button,
   * `full(value, s)` its name in full where the button shows it short.
   * @param {"doubling" | "capot"} name
   * @param {readonly string[]} values
   * @param {(s: FormStrings) => string} label
   * @param {(value: string, s: FormStrings) => string} text
   * @param {((value: string, s: FormStrings) => string) | null} [full]
   */
  #group(name, values, label, text, full = null) {
    const context = this.#context;
    const buttons = values.map((value) => {
      const button = context.label(
        h("button", { type: "button", class: `toggle ${name}-${value}`, part: `toggle ${name}-${value}`, "aria-pressed": "false" }),
        (s) => text(value, s),
      );
      // Shown short ("Капо: [Ние] [Вие]"), named in full ("Капо: Ние").
      if (full) {
        context.label(button, (s) => full(value, s), "aria-label");
        button.setAttribute("aria-describedby", "capot-hint");
      }
      button.addEventListener("click", () => {
        context.changed();
        context.actions.toggle(name, value);
      });
      this.buttons[name][value] = button;
      return button;
    });
    const lead = full ? context.label(h("span", { class: "toggle-lead", "aria-hidden": "true" }), (s) => s.capotLead) : "";
    return context.label(h("div", { class: `toggle-group ${name}`, part: `fieldset ${name}`, role: "group" }, lead, ...buttons), label, "aria-label");
  }

  /** @param {FormView} view */
  render({ s, deal }) {
    for (const [value, button] of Object.entries(this.buttons.doubling)) setAttribute(button, "aria-pressed", deal.doubling === value);
    for (const [value, button] of Object.entries(this.buttons.capot)) setAttribute(button, "aria-pressed", deal.capot === value);
    setText(this.capotHint, format(s.capotHint, { bonus: CAPOT_BONUS }));
  }
}

export class HangingSection {
  /** @type {FormContext} */
  #context;

  /** @param {FormContext} context */
  constructor(context) {
    this.#context = context;
    const input = h("input", {
      type: "number",
      inputmode: "numeric",
      enterkeyhint: "done",
      min: "0",
      step: "1",
      name: "hanging-in",
      id: "hanging-in-input",
      part: "input hanging-in",
      autocomplete: "off",
      placeholder: "0",
      "aria-describedby": "hanging-in-error hanging-in-hint",
    });
    input.addEventListener("input", () => {
      context.actions.badInput("hanging-in", input.validity.badInput);
      context.actions.set("hanging-in", input.value);
    });
    input.addEventListener("change", () => context.settled());
    this.input = input;
    this.hint = h("p", { class: "hint", id: "hanging-in-hint" });
    this.element = h(
      "div",
      { class: "group hanging-in", part: "hanging-in" },
      h(
        "div",
        { class: "field" },
        context.label(h("label", { for: "hanging-in-input" }), (s) => s.hangingIn),
        this.hint,
        input,
      ),
      context.errors.add("hanging-in-error", "hanging_in"),
    );
  }

  /** @param {FormView} view */
  render({ s, texts, badInput, sheet }) {
    const input = this.input;
    const value = texts["hanging-in"] ?? "";
    if (input.value !== value && !(badInput["hanging-in"] && value === "")) input.value = value;
    if (input.readOnly !== sheet) input.readOnly = sheet;
    setHidden(this.element, sheet);
    setText(this.hint, s.hangingInHint);
    markInvalid(input, this.#context.errors.invalid("hanging_in"));
  }
}
