// The form's card points: type into either team's box; the other box shows the rest of
// the deck, worked out (and says how, for a screen reader). A capot fills both. Or count
// a pile by its cards: "Преброй картите" opens the grid (form/cards-view.js, loaded on
// its first opening), whose Done fills the pile with the cards and their points.

import { TEAMS } from "../core-tables.js";
import { format } from "../i18n/strings.js";
import { plural } from "../i18n/format.js";
import { h, setText } from "../ui/dom.js";
import { markInvalid } from "./fields.js";

/** @import { CardsDialog } from "./cards-view.js"; */
/** @import { FormContext } from "./fields.js"; */
/** @import { Counted, FormView } from "./types.js"; */

export class PointsSection {
  /** @type {FormContext} */
  #context;
  /** @type {Record<string, HTMLInputElement>} each team's box */
  piles = {};
  /** @type {Record<string, HTMLElement>} */
  #notes = {};
  /** @type {CardsDialog | null} */
  #cards = null; // the grid's view (form/cards-view.js), once loaded
  /** @type {Promise<CardsDialog> | null} */
  #loading = null;

  /** @param {FormContext} context */
  constructor(context) {
    this.#context = context;
    const boxes = TEAMS.map((/** @type {string} */ team) => this.#box(team));
    this.count = h("button", { type: "button", class: "count-cards", part: "count-cards", "aria-haspopup": "dialog" });
    this.count.addEventListener("click", () => this.openCards());
    this.element = h(
      "div",
      { class: "group points", part: "fieldset cards", role: "group", "aria-labelledby": "points-legend" },
      h(
        "div",
        { class: "head" },
        context.label(h("span", { class: "legend", id: "points-legend" }), (s) => s.points),
        context.label(h("span", { class: "hint", id: "points-hint" }), (s) => s.pointsHint),
      ),
      h("div", { class: "piles" }, ...boxes, this.count),
      context.errors.add("cards-error", "cards"),
    );
  }

  /** @param {string} team */
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
    return h(
      "label",
      { class: "pile", for: `points-${team}` },
      context.label(h("span", { class: "pile-team", dir: "auto" }), (s) => s.teams[team]),
      input,
      note,
    );
  }

  /**
   * Open the grid that counts a pile by its cards, for the form's contract and pile
   * (its cards, if counted); its modules are imported on the first opening (again
   * after a failed import, on the next press).
   */
  async openCards() {
    /** @type {(view: FormView | null) => view is FormView & { deal: { contract: string } }} */
    const ready = (view) => Boolean(view?.deal?.contract) && view?.deal.capot === "none";
    if (!ready(this.#context.rendered)) return;
    this.#loading ??= import("./cards-view.js").then(
      ({ CardsDialog }) => {
        this.#cards = new CardsDialog(this.element.getRootNode(), (counted) => this.#counted(counted));
        this.element.append(this.#cards.element);
        return this.#cards;
      },
      (error) => {
        this.#loading = null;
        throw error;
      },
    );
    let dialog;
    try {
      dialog = await this.#loading;
    } catch (error) {
      const message = error !== null && typeof error === "object" && "message" in error ? error.message : undefined;
      console.warn("[belot-calculator] the grid of cards could not be loaded:", message ?? error);
      return;
    }
    const view = this.#context.rendered; // as it is now, after the import
    if (!ready(view)) return;
    const { deal } = view;
    const own = deal.pileCards ?? [];
    dialog.open(
      {
        contract: deal.contract,
        team: deal.pileTeam,
        cards: own,
        tricks: deal.pileTricks,
        lang: view.lang,
        teams: view.s.teams,
        headingLevel: view.headingLevel ?? 2,
      },
      this.count,
    );
  }

  /** @param {Counted} counted */
  #counted(counted) {
    this.#context.changed();
    this.#context.actions.cards(counted);
    this.#context.settled();
  }

  /**
   * The entered pile as typed, the other worked out (read-only look); both off for a capot.
   * @param {FormView} view
   */
  render({ s, lang, deal, piles, texts }) {
    const capot = deal.capot !== "none";
    for (const team of TEAMS) {
      const input = this.piles[team];
      const own = !capot && team === deal.pileTeam;
      const value = own ? (texts["pile-points"] ?? "") : piles ? String(piles[team]) : "";
      if (input.value !== value) input.value = value;
      if (input.classList.contains("other") !== !own) input.classList.toggle("other", !own);
      if (input.disabled !== capot) input.disabled = capot;
      const counted = own && deal.pileCards ? plural(s.pointsCounted, deal.pileCards.length, lang) : "";
      const worked = !own && piles && !capot ? format(s.pointsWorkedOut, { deck: piles.us + piles.them, points: piles[deal.pileTeam] }) : counted;
      setText(this.#notes[team], worked);
      markInvalid(input, this.#context.errors.invalid("cards"));
    }
    const label = deal.pileCards && !capot ? plural(s.countedCards, deal.pileCards.length, lang) : s.countCards;
    setText(this.count, label);
    const off = !deal.contract || capot;
    if (this.count.disabled !== off) this.count.disabled = off;
  }
}
