// The grid that counts a pile by its cards: a modal <dialog> (the platform's: it keeps
// the focus inside, Escape cancels, the page behind is inert), loaded on its first
// opening (form/points.js). A thin view over deal/pile-cards.js CardCount: each card a
// toggle button (aria-pressed), so none is counted twice; the live sums in a status the
// screen reader says; Done hands the count to the form, Cancel and Escape change
// nothing; either way the focus goes back to the button that opened it.

import { SUITS, TEAMS } from "../core-tables.js";
import { NOUNS } from "../core-words.js";
import { CardCount, MAX_TRICKS, moveInGrid } from "../deal/pile-cards.js";
import { CARDS_WORDS } from "../i18n/cards-strings.js";
import { format, formatParts, plural } from "../i18n/format.js";
import { adoptCardStyles } from "../styles/cards.js";
import { h, setAttribute, setText } from "../ui/dom.js";

/** @import { CardCount as Count } from "../deal/pile-cards.js"; */
/** @import { TemplatePart } from "../ui/kit.js"; */
/** @import { Counted, Plural } from "./types.js"; */

/**
 * The grid's words in one language (i18n/cards-strings.js).
 * @typedef {{ readonly title: string, readonly titleContract: string, readonly hint: string, readonly row: string, readonly trumpRow: string, readonly card: string, readonly chosen: Plural, readonly rest: string, readonly tricks: string, readonly tricksHint: string, readonly tricksNone: string, readonly tooMany: Plural, readonly clear: string, readonly cancel: string, readonly done: string }} CardsWords
 */
/** A row of the grid, as the count's snapshot gives it (deal/pile-cards.js gridRows). @typedef {ReturnType<Count["snapshot"]>["rows"][number]} CardRow */
/** What a card of a row is read for: its code, rank, place in the deck and points. @typedef {{ code: string, rank: string, index: number, points: number }} GridCard */
/**
 * An opening of the grid: the form's `contract` and the `team` whose pile is counted, its
 * `cards` and `tricks` if counted before, the words' `lang`, the teams' labels `teams`.
 * @typedef {{ contract: string, team: string, cards?: string[], tricks?: number | null, lang: string, teams: Readonly<Record<string, string>>, headingLevel?: number }} CardsOpening
 */

/** The core's nouns the grid reads, in one language (core-words.js NOUNS). @typedef {{ contracts: Readonly<Record<string, string>>, ranks: Readonly<Record<string, string>>, cards: readonly string[] }} CardNouns */

/** The grid's words by language. @type {Readonly<Record<string, CardsWords | undefined>>} */
const WORDS = CARDS_WORDS;
/** The core's nouns by language. @type {Readonly<Record<string, CardNouns | undefined>>} */
const NOUN_WORDS = NOUNS;
/** A suit's symbol by contract (the core's SUITS): none for No trumps and All trumps. @type {Readonly<Partial<Record<string, string>>>} */
const SYMBOLS = SUITS;
const RED = new Set(["hearts", "diamonds"]);

export class CardsDialog {
  /** @type {Count | null} */
  #count = null;
  /** @type {(counted: Counted) => void} */
  #done;
  /** @type {HTMLElement | null} */
  #opener = null;
  /** @type {CardsWords} */
  #words = CARDS_WORDS.bg;
  #lang = "bg";
  /** @type {Readonly<Record<string, string>>} */
  #teams = {};
  #level = 2;
  /** @type {Map<string, HTMLButtonElement>} card code → its button */
  #buttons = new Map();
  /** @type {{ title: HTMLElement, hint: HTMLElement, grid: HTMLElement, tricksLabel: HTMLLabelElement, tricksHint: HTMLElement, tricks: HTMLSelectElement, mine: HTMLElement, rest: HTMLElement, sum: HTMLElement, clear: HTMLButtonElement, cancel: HTMLButtonElement, done: Record<string, HTMLButtonElement>, element: HTMLDialogElement }} */
  ui;

  /**
   * `root`: the shadow root (for the styles); `done(counted)`: Done was pressed (CardCount.done()).
   * @param {Node} root
   * @param {(counted: Counted) => void} done
   */
  constructor(root, done) {
    adoptCardStyles(root);
    this.#done = done;
    const title = h("h2", { class: "cards-title", id: "cards-title" });
    const hint = h("p", { class: "hint cards-hint", id: "cards-hint" });
    const grid = h("div", { class: "cards-grid" });
    // One Tab stop for the whole grid; the arrows move in it (as the declarations' chips).
    grid.addEventListener("keydown", (event) => this.#key(event));
    const tricksLabel = h("label", { for: "cards-tricks" });
    const tricksHint = h("span", { class: "hint", id: "cards-tricks-hint" });
    const tricks = h("select", { id: "cards-tricks", name: "cards-tricks", "aria-describedby": "cards-tricks-hint" });
    tricks.addEventListener("change", () => {
      this.#counting.setTricks(tricks.value === "" ? null : Number(tricks.value));
      this.#render();
    });
    const mine = h("span", { class: "mine" });
    const rest = h("span", { class: "rest" });
    const sum = h("p", { class: "cards-sum", role: "status" }, mine, rest);
    const clear = this.#button("clear", () => {
      this.#counting.clear();
      this.#render();
    });
    const cancel = this.#button("cancel", () => this.close());
    // Done, for either team's pile: whose pile it was is the last tap, never one more.
    /** @type {Record<string, HTMLButtonElement>} */
    const doneButtons = Object.fromEntries(
      TEAMS.map((/** @type {string} */ team) => [team, this.#button(`done done-${team} primary`, () => this.#finish(team))]),
    );
    const element = h(
      "dialog",
      { class: "cards-dialog", part: "cards-dialog", "aria-labelledby": "cards-title", "aria-describedby": "cards-hint" },
      title,
      hint,
      grid,
      h("div", { class: "cards-tricks" }, tricksLabel, tricks, tricksHint),
      sum,
      h("div", { class: "cards-actions" }, clear, cancel),
      h("div", { class: "cards-actions cards-done" }, ...TEAMS.map((/** @type {string} */ team) => doneButtons[team])),
    );
    element.addEventListener("close", () => this.#closed());
    this.ui = { title, hint, grid, tricksLabel, tricksHint, tricks, mine, rest, sum, clear, cancel, done: doneButtons, element };
  }

  /** The count of this opening: the grid is used only once open() has made it. */
  get #counting() {
    if (!this.#count) throw new Error("the grid of cards was never opened");
    return this.#count;
  }

  get element() {
    return this.ui.element;
  }

  get isOpen() {
    return this.ui.element.hasAttribute("open");
  }

  /**
   * @param {string} kind its classes
   * @param {() => void} action what a press does
   */
  #button(kind, action) {
    const button = h("button", { type: "button", class: kind });
    button.addEventListener("click", action);
    return button;
  }

  /**
   * Open the grid for `contract`, counting `team`'s pile (its `cards` and `tricks` if
   * the form has them), in `lang` with the teams' labels `teams`; the focus goes to the
   * first card, and back to `opener` when the grid closes.
   * @param {CardsOpening} opening
   * @param {HTMLElement} opener
   */
  open({ contract, team, cards = [], tricks = null, lang, teams, headingLevel = 2 }, opener) {
    this.#count = new CardCount({ contract, team, cards, tricks });
    this.#lang = lang;
    this.#words = WORDS[lang] ?? CARDS_WORDS.en;
    this.#teams = teams;
    this.#opener = opener;
    this.#level = Math.min(Math.max(Number(headingLevel) || 2, 1), 6);
    this.#build();
    this.#render();
    const dialog = this.ui.element;
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
    this.#buttons.values().next().value?.focus();
  }

  /** @param {KeyboardEvent} event a key in the grid */
  #key(event) {
    // In the grid every element is one this view built: an HTMLElement.
    const target = /** @type {HTMLElement | null} */ (event.target);
    const code = target?.dataset?.card;
    if (!code || event.altKey || event.ctrlKey || event.metaKey) return;
    const to = moveInGrid(this.#counting.snapshot().rows, code, event.key);
    if (!to) return;
    event.preventDefault();
    this.#rove(to);
    this.#buttons.get(to)?.focus();
  }

  /**
   * The grid's one Tab stop is the card `code` (none: no card is).
   * @param {string | undefined} code
   */
  #rove(code) {
    for (const [each, button] of this.#buttons) setAttribute(button, "tabindex", each === code ? "0" : "-1");
  }

  /** Close without changing the form (Cancel; Escape is the dialog's own cancel). */
  close() {
    const dialog = this.ui.element;
    if (typeof dialog.close === "function") dialog.close();
    else {
      dialog.removeAttribute("open");
      this.#closed();
    }
  }

  /** @param {string} team whose pile it is */
  #finish(team) {
    const counted = this.#counting.done(team);
    this.close();
    this.#done(counted);
  }

  #closed() {
    const opener = this.#opener;
    this.#opener = null;
    if (opener?.isConnected) opener.focus();
  }

  /** The words and the grid's rows for this opening (the contract decides the rows). */
  #build() {
    const w = this.#words;
    const ui = this.ui;
    const level = this.#level;
    if (ui.title.tagName !== `H${level}`) {
      const title = h(`h${level}`, { class: "cards-title", id: "cards-title" });
      ui.title.replaceWith(title);
      ui.title = title;
    }
    /** @type {CardNouns} */
    const nouns = NOUN_WORDS[this.#lang] ?? NOUNS.en;
    const contract = this.#counting.contract;
    const game = SYMBOLS[contract] ? `${nouns.contracts[contract]} ${SYMBOLS[contract]}` : nouns.contracts[contract];
    setText(ui.title, format(w.titleContract, { title: w.title, contract: game }));
    setText(ui.hint, w.hint);
    setText(ui.tricksLabel, w.tricks);
    setText(ui.tricksHint, w.tricksHint);
    for (const [key, button] of /** @type {const} */ ([
      ["clear", ui.clear],
      ["cancel", ui.cancel],
    ]))
      setText(button, w[key]);
    for (const team of TEAMS) setText(ui.done[team], format(w.done, { team: this.#teams[team] }));
    const values = ["", ...Array.from({ length: MAX_TRICKS + 1 }, (_, n) => String(n))];
    ui.tricks.replaceChildren(...values.map((value) => h("option", { value }, value === "" ? w.tricksNone : value)));
    this.#buttons.clear();
    ui.grid.replaceChildren(...this.#counting.snapshot().rows.map((/** @type {CardRow} */ row) => this.#row(row)));
    this.#rove(this.#buttons.keys().next().value);
  }

  /** @param {CardRow} row */
  #row({ suit, trump, cards }) {
    /** @type {CardNouns} */
    const nouns = NOUN_WORDS[this.#lang] ?? NOUNS.en;
    const w = this.#words;
    const symbol = SYMBOLS[suit] ?? ""; // a row is a suit's: it has one
    const label = format(trump ? w.trumpRow : w.row, { suit: nouns.contracts[suit], symbol });
    // A trump row's suit is framed; the title says the contract ("Преброй картите · купа ♥").
    const head = h("span", { class: "cards-suit", "aria-hidden": "true", "data-red": RED.has(suit), "data-trump": trump }, symbol);
    const buttons = cards.map((/** @type {GridCard} */ card) => {
      // The name is the core's card name and its points ("вале ♠: 20"), with its visible
      // words ("вале", "20") in it as they are shown; the rest only for a screen reader.
      const rank = nouns.ranks[card.rank];
      const params = { rank, suit: nouns.cards[card.index].slice(rank.length), points: card.points };
      const parts = formatParts(w.card, params).map((/** @type {TemplatePart} */ part) => {
        if (typeof part === "string") return h("span", { class: "visually-hidden" }, part);
        if (part.name === "rank") return h("span", { class: "rank" }, part.text);
        if (part.name === "points") return h("span", { class: "value" }, part.text);
        return h("span", { class: "visually-hidden" }, part.text);
      });
      const button = h("button", { type: "button", class: "card", "data-card": card.code, "aria-pressed": "false", tabindex: "-1" }, ...parts);
      button.addEventListener("focus", () => this.#rove(card.code));
      button.addEventListener("click", () => {
        this.#counting.toggle(card.code);
        this.#render();
      });
      this.#buttons.set(card.code, button);
      return button;
    });
    return h("div", { class: "cards-row", role: "group", "aria-label": label, "data-suit": suit }, head, ...buttons);
  }

  /** Show the count as it is: the cards pressed, the tricks, the sums. */
  #render() {
    const snapshot = this.#counting.snapshot();
    const w = this.#words;
    for (const row of snapshot.rows) {
      for (const card of row.cards) {
        const button = this.#buttons.get(card.code);
        if (button) setAttribute(button, "aria-pressed", card.chosen);
      }
    }
    const tricks = snapshot.tricks === null ? "" : String(snapshot.tricks);
    for (const option of this.ui.tricks.querySelectorAll("option")) {
      if (option.selected !== (option.value === tricks)) option.selected = option.value === tricks;
    }
    // More cards than the tricks hold is wrong at once: said now, not only after Done.
    const { tricks: held, holds } = snapshot; // holds is null exactly when the tricks are
    const over = held !== null && holds !== null && snapshot.count > holds;
    const hint = over ? format(plural(w.tooMany, held, this.#lang), { tricks: held, holds, count: snapshot.count }) : w.tricksHint;
    setText(this.ui.tricksHint, hint);
    this.ui.tricksHint.classList.toggle("error", over);
    setAttribute(this.ui.tricks, "aria-invalid", String(over));
    setText(this.ui.mine, format(plural(w.chosen, snapshot.count, this.#lang), { points: snapshot.points }));
    setText(this.ui.rest, format(w.rest, { points: snapshot.otherPoints }));
  }

  /** What the grid shows now (for the tests): CardCount.snapshot(), or null while closed. */
  snapshot() {
    return this.#count?.snapshot() ?? null;
  }
}
