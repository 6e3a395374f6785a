// The form's declarations: each team's announced declarations as chips — a tap counts one
// more, the "−" one less — one tab stop per team (a roving tabindex: arrows, Home, End;
// Delete counts one less). None in No trumps (the core's reason is said instead).

import { CARRES, DECLARATIONS, HAS_DECLARATIONS, SEQUENCES, TEAMS } from "../core-tables.js";
import { countLimit } from "../deal/request.js";
import { format } from "../i18n/strings.js";
import { h, setAttribute, setHidden, setText } from "../ui/dom.js";
import { markInvalid } from "./fields.js";

/** @import { FormContext } from "./fields.js"; */
/** @import { FormStrings, FormView } from "./types.js"; */

/** A chip's parts: the chip (one more), its − (one less) and the badge with the count. @typedef {{ add: HTMLButtonElement, minus: HTMLButtonElement, badge: HTMLElement }} Chip */

/**
 * The chips' order on screen: sequences from short to long and the belot (one row on a
 * phone), then the carrés from 100 up (the next row).
 * @type {string[]}
 */
const CHIPS = [
  ...Object.keys(SEQUENCES),
  ...DECLARATIONS.filter((/** @type {string} */ kind) => !(kind in SEQUENCES) && !(kind in CARRES)),
  ...Object.keys(CARRES).reverse(),
];
/** Whether a contract has declarations (the core's HAS_DECLARATIONS). @type {Readonly<Record<string, boolean>>} */
const DECLARING = HAS_DECLARATIONS;

export class DeclarationsSection {
  /** @type {FormContext} */
  #context;
  /** @type {Record<string, Record<string, Chip>>} team → kind → its chip */
  chips = {};
  /** @type {Record<string, HTMLElement>} each team's chips and error */
  #sets = {};

  /** @param {FormContext} context */
  constructor(context) {
    this.#context = context;
    /** @type {<E extends Element>(element: E, text: (s: FormStrings) => string) => E} */
    const label = (element, text) => context.label(element, text);
    this.hint = h("span", { class: "hint", id: "declarations-hint" });
    this.element = h(
      "div",
      {
        class: "group declarations",
        part: "fieldset declarations",
        role: "group",
        "aria-labelledby": "declarations-legend",
        "aria-describedby": "declarations-hint",
      },
      h(
        "div",
        { class: "head" },
        label(h("span", { class: "legend", id: "declarations-legend" }), (s) => s.declarations),
        this.hint,
      ),
      ...TEAMS.map((/** @type {string} */ team) => this.#team(team)),
      label(h("p", { class: "visually-hidden", id: "chips-help" }), (s) => s.chipsHelp),
    );
  }

  /**
   * One team's chips: a toolbar led by the team's name, its chips wrapping under it.
   * @param {string} team
   */
  #team(team) {
    const context = this.#context;
    this.chips[team] = {};
    const toolbar = h("div", { class: "chips", role: "toolbar", part: "chips", "aria-describedby": "chips-help" });
    context.label(toolbar, (s) => format(s.declarationsTeam, { team: s.teams[team] }), "aria-label");
    /** @type {HTMLButtonElement[]} */
    const buttons = [];
    CHIPS.forEach((kind, index) => toolbar.append(this.#chip(team, kind, index, buttons)));
    toolbar.prepend(context.label(h("span", { class: "row-team", "aria-hidden": "true", dir: "auto" }), (s) => s.teams[team]));
    const error = context.errors.add(`declarations-${team}-error`, `declarations.${team}`, `announced.${team}`);
    this.#sets[team] = h(
      "div",
      { class: `team-chips declarations-${team}`, part: `fieldset declarations-${team}`, "aria-describedby": error.id },
      toolbar,
      error,
    );
    return this.#sets[team];
  }

  /**
   * @param {string} team
   * @param {string} kind
   * @param {number} index the chip's place in the team's toolbar
   * @param {HTMLButtonElement[]} buttons the team's chips so far (this one joins them)
   */
  #chip(team, kind, index, buttons) {
    const context = this.#context;
    /** @param {number} delta */
    const count = (delta) => {
      context.changed();
      context.actions.count(team, kind, delta);
    };
    const name = h(
      "span",
      { class: "chip-name" },
      context.label(h("span", { class: "chip-word" }), (s) => s.declarationsShort[kind]),
    );
    // A carré's points under its name, small: the three carrés fit one row of a phone.
    if (kind in CARRES) name.append(context.label(h("span", { class: "chip-points" }), (s) => ` ${s.declarationPoints[kind]}`));
    const badge = h("span", { class: "badge", "aria-hidden": "true" });
    // Named by what it shows and its count ("Каре 9: 1", WCAG 2.5.3); the space keeps the
    // name and the badge two words for anything that reads the text.
    const add = h("button", { type: "button", class: `chip ${kind}`, part: `chip chip-${kind}`, tabindex: index === 0 ? "0" : "-1" }, name, " ", badge);
    const minus = h("button", { type: "button", class: "chip-minus", part: "chip-minus", tabindex: "-1", hidden: true }, "−");
    context.label(minus, (s) => format(s.remove, { name: s.declarationNames[kind], team: s.teams[team] }), "aria-label");
    add.addEventListener("click", () => count(+1));
    minus.addEventListener("click", () => {
      count(-1);
      add.focus();
    });
    add.addEventListener("focus", () => this.#rove(team, index));
    add.addEventListener("keydown", (event) => {
      /** @type {Partial<Record<string, number>>} */
      const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
      const step = steps[event.key];
      let to = null;
      if (step) to = (index + step + buttons.length) % buttons.length;
      else if (event.key === "Home") to = 0;
      else if (event.key === "End") to = buttons.length - 1;
      else if (event.key === "Delete" || event.key === "Backspace") {
        event.preventDefault();
        count(-1);
        return;
      }
      if (to === null) return;
      event.preventDefault();
      buttons[to].focus();
    });
    buttons.push(add);
    this.chips[team][kind] = { add, minus, badge };
    return h("span", { class: "chip-wrap" }, add, minus);
  }

  /**
   * The roving tab stop of a team's chips moves to the chip at `index`.
   * @param {string} team
   * @param {number} index
   */
  #rove(team, index) {
    CHIPS.forEach((kind, i) => setAttribute(this.chips[team][kind].add, "tabindex", i === index ? "0" : "-1"));
  }

  /**
   * A count badge and a − on a chip that has a count; none in No trumps.
   * @param {FormView} view
   */
  render({ s, deal }) {
    const none = deal.contract !== null && !DECLARING[deal.contract];
    for (const team of TEAMS) {
      const counts = deal.declarations[team];
      for (const kind of DECLARATIONS) {
        const { add, minus, badge } = this.chips[team][kind];
        const count = counts[kind];
        setText(badge, count > 0 ? count : "");
        const named = kind in CARRES ? `${s.declarationsShort[kind]} ${s.declarationPoints[kind]}` : s.declarationsShort[kind];
        setAttribute(add, "aria-label", format(s.chip, { name: named, count }));
        setAttribute(add, "aria-pressed", count > 0);
        const full = count >= countLimit(kind, deal.contract);
        if (add.disabled !== none) add.disabled = none;
        setAttribute(add, "aria-disabled", full && !none);
        setHidden(minus, count <= 0 || none);
      }
      const errors = this.#context.errors;
      markInvalid(this.#sets[team], errors.invalid(`declarations.${team}`) || errors.invalid(`announced.${team}`));
    }
    setText(this.hint, none ? s.declarationsNone : s.declarationsHint);
    if (this.element.classList.contains("none") !== none) this.element.classList.toggle("none", none);
  }
}
