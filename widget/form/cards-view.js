// The grid that counts a pile by its cards: a modal <dialog> (the platform's: it keeps
// the focus inside, Escape cancels, the page behind is inert), loaded on its first
// opening (form/points.js). A thin view over deal/pile-cards.js CardCount: each card a
// toggle button (aria-pressed), so none is counted twice; the live sums in a status the
// screen reader says; Done hands the count to the form, Cancel and Escape change
// nothing; either way the focus goes back to the button that opened it.

import { NOUNS, SUITS, TEAMS } from "../core-tables.js";
import { CardCount, MAX_TRICKS, moveInGrid } from "../deal/pile-cards.js";
import { CARDS_WORDS } from "../i18n/cards-strings.js";
import { format, formatParts, plural } from "../i18n/format.js";
import { adoptCardStyles } from "../styles/cards.js";
import { h, setAttribute, setText } from "../ui/dom.js";

const RED = new Set(["hearts", "diamonds"]);

export class CardsDialog {
  #count = null;
  #done;
  #opener = null;
  #words = CARDS_WORDS.bg;
  #lang = "bg";
  #teams = {};
  #level = 2;
  #buttons = new Map();
  ui = {};

  /** `root`: the shadow root (for the styles); `done(counted)`: Done was pressed (CardCount.done()). */
  constructor(root, done) {
    adoptCardStyles(root);
    this.#done = done;
    const ui = this.ui;
    ui.title = h("h2", { class: "cards-title", id: "cards-title" });
    ui.hint = h("p", { class: "hint cards-hint", id: "cards-hint" });
    ui.grid = h("div", { class: "cards-grid" });
    // One Tab stop for the whole grid; the arrows move in it (as the declarations' chips).
    ui.grid.addEventListener("keydown", (event) => this.#key(event));
    ui.tricksLabel = h("label", { for: "cards-tricks" });
    ui.tricksHint = h("span", { class: "hint", id: "cards-tricks-hint" });
    ui.tricks = h("select", { id: "cards-tricks", name: "cards-tricks", "aria-describedby": "cards-tricks-hint" });
    ui.tricks.addEventListener("change", () => {
      this.#count.setTricks(ui.tricks.value === "" ? null : Number(ui.tricks.value));
      this.#render();
    });
    ui.mine = h("span", { class: "mine" });
    ui.rest = h("span", { class: "rest" });
    ui.sum = h("p", { class: "cards-sum", role: "status" }, ui.mine, ui.rest);
    ui.clear = this.#button("clear", () => {
      this.#count.clear();
      this.#render();
    });
    ui.cancel = this.#button("cancel", () => this.close());
    // Done, for either team's pile: whose pile it was is the last tap, never one more.
    ui.done = Object.fromEntries(TEAMS.map((team) => [team, this.#button(`done done-${team} primary`, () => this.#finish(team))]));
    ui.element = h(
      "dialog",
      { class: "cards-dialog", part: "cards-dialog", "aria-labelledby": "cards-title", "aria-describedby": "cards-hint" },
      ui.title,
      ui.hint,
      ui.grid,
      h("div", { class: "cards-tricks" }, ui.tricksLabel, ui.tricks, ui.tricksHint),
      ui.sum,
      h("div", { class: "cards-actions" }, ui.clear, ui.cancel),
      h("div", { class: "cards-actions cards-done" }, ...TEAMS.map((team) => ui.done[team])),
    );
    ui.element.addEventListener("close", () => this.#closed());
  }

  get element() {
    return this.ui.element;
  }

  get isOpen() {
    return this.ui.element.hasAttribute("open");
  }

  #button(kind, action) {
    const button = h("button", { type: "button", class: kind });
    button.addEventListener("click", action);
    return button;
  }

  /**
   * Open the grid for `contract`, counting `team`'s pile (its `cards` and `tricks` if
   * the form has them), in `lang` with the teams' labels `teams`; the focus goes to the
   * first card, and back to `opener` when the grid closes.
   */
  open({ contract, team, cards = [], tricks = null, lang, teams, headingLevel = 2 }, opener) {
    this.#count = new CardCount({ contract, team, cards, tricks });
    this.#lang = lang;
    this.#words = CARDS_WORDS[lang] ?? CARDS_WORDS.en;
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

  #key(event) {
    const code = event.target?.dataset?.card;
    if (!code || event.altKey || event.ctrlKey || event.metaKey) return;
    const to = moveInGrid(this.#count.snapshot().rows, code, event.key);
    if (!to) return;
    event.preventDefault();
    this.#rove(to);
    this.#buttons.get(to).focus();
  }

  /** The grid's one Tab stop is the card `code`. */
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

  #finish(team) {
    const counted = this.#count.done(team);
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
    const nouns = NOUNS[this.#lang] ?? NOUNS.en;
    const contract = this.#count.contract;
    const game = SUITS[contract] ? `${nouns.contracts[contract]} ${SUITS[contract]}` : nouns.contracts[contract];
    setText(ui.title, format(w.titleContract, { title: w.title, contract: game }));
    setText(ui.hint, w.hint);
    setText(ui.tricksLabel, w.tricks);
    setText(ui.tricksHint, w.tricksHint);
    for (const [key, button] of [["clear", ui.clear], ["cancel", ui.cancel]]) setText(button, w[key]);
    for (const team of TEAMS) setText(ui.done[team], format(w.done, { team: this.#teams[team] }));
    const values = ["", ...Array.from({ length: MAX_TRICKS + 1 }, (_, n) => String(n))];
    ui.tricks.replaceChildren(...values.map((value) => h("option", { value }, value === "" ? w.tricksNone : value)));
    this.#buttons.clear();
    ui.grid.replaceChildren(...this.#count.snapshot().rows.map((row) => this.#row(row)));
    this.#rove(this.#buttons.keys().next().value);
  }

  #row({ suit, trump, cards }) {
    const nouns = NOUNS[this.#lang] ?? NOUNS.en;
    const w = this.#words;
    const label = format(trump ? w.trumpRow : w.row, { suit: nouns.contracts[suit], symbol: SUITS[suit] });
    // A trump row's suit is framed; the title says the contract ("Преброй картите · купа ♥").
    const head = h("span", { class: "cards-suit", "aria-hidden": "true", "data-red": RED.has(suit), "data-trump": trump }, SUITS[suit]);
    const buttons = cards.map((card) => {
      // The name is the core's card name and its points ("вале ♠: 20"), with its visible
      // words ("вале", "20") in it as they are shown; the rest only for a screen reader.
      const rank = nouns.ranks[card.rank];
      const params = { rank, suit: nouns.cards[card.index].slice(rank.length), points: card.points };
      const parts = formatParts(w.card, params).map((part) => {
        if (part.name === "rank") return h("span", { class: "rank" }, part.text);
        if (part.name === "points") return h("span", { class: "value" }, part.text);
        return h("span", { class: "visually-hidden" }, typeof part === "string" ? part : part.text);
      });
      const button = h("button", { type: "button", class: "card", "data-card": card.code, "aria-pressed": "false", tabindex: "-1" }, ...parts);
      button.addEventListener("focus", () => this.#rove(card.code));
      button.addEventListener("click", () => {
        this.#count.toggle(card.code);
        this.#render();
      });
      this.#buttons.set(card.code, button);
      return button;
    });
    return h("div", { class: "cards-row", role: "group", "aria-label": label, "data-suit": suit }, head, ...buttons);
  }

  /** Show the count as it is: the cards pressed, the tricks, the sums. */
  #render() {
    const snapshot = this.#count.snapshot();
    const w = this.#words;
    for (const row of snapshot.rows) {
      for (const card of row.cards) setAttribute(this.#buttons.get(card.code), "aria-pressed", card.chosen);
    }
    const tricks = snapshot.tricks === null ? "" : String(snapshot.tricks);
    for (const option of this.ui.tricks.querySelectorAll("option")) {
      if (option.selected !== (option.value === tricks)) option.selected = option.value === tricks;
    }
    // More cards than the tricks hold is wrong at once: said now, not only after Done.
    const over = snapshot.holds !== null && snapshot.count > snapshot.holds;
    const hint = over ? format(plural(w.tooMany, snapshot.tricks, this.#lang), { tricks: snapshot.tricks, holds: snapshot.holds, count: snapshot.count }) : w.tricksHint;
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
