// The form's card points: type into either team's box; the other box shows the rest of
// the deck, worked out (and says how, for a screen reader). A capot fills both.

import { TEAMS } from "../core-tables.js";
import { format } from "../i18n/strings.js";
import { h, setText } from "../ui/dom.js";
import { markInvalid } from "./fields.js";

export class PointsSection {
  #context;
  piles = {};
  #notes = {};

  constructor(context) {
    this.#context = context;
    const boxes = TEAMS.map((team) => this.#box(team));
    this.element = h(
      "div",
      { class: "group points", part: "fieldset cards", role: "group", "aria-labelledby": "points-legend" },
      h(
        "div",
        { class: "head" },
        context.label(h("span", { class: "legend", id: "points-legend" }), (s) => s.points),
        context.label(h("span", { class: "hint", id: "points-hint" }), (s) => s.pointsHint),
      ),
      h("div", { class: "piles" }, ...boxes),
      context.errors.add("cards-error", "cards"),
    );
  }

  #box(team) {
    const context = this.#context;
    const note = h("span", { class: "visually-hidden", id: `points-${team}-note` });
    const input = h("input", {
      type: "text",
      inputmode: "numeric",
      pattern: "[0-9]*",
      enterkeyhint: "done",
      autocomplete: "off",
      name: `points-${team}`,
      id: `points-${team}`,
      part: `input points points-${team}`,
      "aria-describedby": `points-hint points-${team}-note cards-error`,
    });
    // The box showing the other pile: a tap selects it, so typing replaces it.
    input.addEventListener("focus", () => {
      if (input.classList.contains("other")) input.select();
    });
    input.addEventListener("input", () => context.actions.pile(team, input.value));
    input.addEventListener("change", () => context.settled());
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") context.settled();
    });
    this.piles[team] = input;
    this.#notes[team] = note;
    return h("label", { class: "pile", for: `points-${team}` }, context.label(h("span", { class: "pile-team", dir: "auto" }), (s) => s.teams[team]), input, note);
  }

  /** The entered pile as typed, the other worked out (read-only look); both off for a capot. */
  render({ s, deal, piles, texts }) {
    const capot = deal.capot !== "none";
    for (const team of TEAMS) {
      const input = this.piles[team];
      const own = !capot && team === deal.pileTeam;
      const value = own ? (texts["pile-points"] ?? "") : piles ? String(piles[team]) : "";
      if (input.value !== value) input.value = value;
      if (input.classList.contains("other") !== !own) input.classList.toggle("other", !own);
      if (input.disabled !== capot) input.disabled = capot;
      const worked = !own && piles && !capot ? format(s.pointsWorkedOut, { deck: piles.us + piles.them, points: piles[deal.pileTeam] }) : "";
      setText(this.#notes[team], worked);
      markInvalid(input, this.#context.errors.invalid("cards"));
    }
  }
}
