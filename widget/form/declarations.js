// The form's declarations: each team's announced declarations as chips — a tap counts one
// more, the "−" one less — one tab stop per team (a roving tabindex: arrows, Home, End;
// Delete counts one less). None in No trumps (the core's reason is said instead).

import { CARRES, DECLARATIONS, HAS_DECLARATIONS, SEQUENCES, TEAMS } from "../core-tables.js";
import { countLimit } from "../deal/request.js";
import { format } from "../i18n/strings.js";
import { h, setAttribute, setHidden, setText } from "../ui/dom.js";
import { markInvalid } from "./fields.js";

/** The chips' order on screen: sequences from short to long, carrés from 100 up, then the rest. */
const CHIPS = [...Object.keys(SEQUENCES), ...Object.keys(CARRES).reverse()];
CHIPS.push(...DECLARATIONS.filter((kind) => !CHIPS.includes(kind)));

export class DeclarationsSection {
  #context;
  chips = {};
  #sets = {};

  constructor(context) {
    this.#context = context;
    const label = (element, text, attribute) => context.label(element, text, attribute);
    this.hint = h("span", { class: "hint", id: "declarations-hint" });
    this.element = h(
      "div",
      { class: "group declarations", part: "fieldset declarations", role: "group", "aria-labelledby": "declarations-legend", "aria-describedby": "declarations-hint" },
      h("div", { class: "head" }, label(h("span", { class: "legend", id: "declarations-legend" }), (s) => s.declarations), this.hint),
      ...TEAMS.map((team) => this.#team(team)),
      label(h("p", { class: "visually-hidden", id: "chips-help" }), (s) => s.chipsHelp),
    );
  }

  /** One team's chips: a toolbar led by the team's name, its chips wrapping under it. */
  #team(team) {
    const context = this.#context;
    this.chips[team] = {};
    const toolbar = h("div", { class: "chips", role: "toolbar", part: "chips", "aria-describedby": "chips-help" });
    context.label(toolbar, (s) => format(s.declarationsTeam, { team: s.teams[team] }), "aria-label");
    const buttons = [];
    CHIPS.forEach((kind, index) => toolbar.append(this.#chip(team, kind, index, buttons)));
    toolbar.prepend(context.label(h("span", { class: "row-team", "aria-hidden": "true", dir: "auto" }), (s) => s.teams[team]));
    const error = context.errors.add(`declarations-${team}-error`, `declarations.${team}`, `announced.${team}`);
    this.#sets[team] = h("div", { class: `team-chips declarations-${team}`, part: `fieldset declarations-${team}`, "aria-describedby": error.id }, toolbar, error);
    return this.#sets[team];
  }

  #chip(team, kind, index, buttons) {
    const context = this.#context;
    const count = (delta) => {
      context.changed();
      context.actions.count(team, kind, delta);
    };
    const name = context.label(h("span", { class: "chip-name" }), (s) => s.declarationsShort[kind]);
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
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
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

  /** The roving tab stop of a team's chips moves to the chip at `index`. */
  #rove(team, index) {
    CHIPS.forEach((kind, i) => setAttribute(this.chips[team][kind].add, "tabindex", i === index ? "0" : "-1"));
  }

  /** A count badge and a − on a chip that has a count; none in No trumps. */
  render({ s, deal }) {
    const none = deal.contract !== null && !HAS_DECLARATIONS[deal.contract];
    for (const team of TEAMS) {
      const counts = deal.declarations[team];
      for (const kind of DECLARATIONS) {
        const { add, minus, badge } = this.chips[team][kind];
        const count = counts[kind];
        setText(badge, count > 0 ? count : "");
        setAttribute(add, "aria-label", format(s.chip, { name: s.declarationsShort[kind], count }));
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
