// The sheet's lines about the game around its deals: the match it is part of (the core's
// words for its score), the day it was played, its note (editable), and what the next
// game will be (a game on its own, a match to 2, 3 or 4 won games, or the next game of
// this match). It renders plain data and reports presses back (sheet/match-part.js).

import { MAX_NOTE_LENGTH } from "../core-tables.js";
import { NOUNS } from "../core-words.js";
import { capitalize, format } from "../i18n/strings.js";
import { h, setHidden, setText } from "../ui/dom.js";
import { typedField } from "../text.js";

/**
 * @typedef {import("./table-mode.js").Lang} Lang
 * @typedef {import("./table-mode.js").Team} Team
 * @typedef {Record<"nextInMatch" | "printMatch" | "gameDate" | "note" | "notePlaceholder" | "thisGame" | "nextGame", string>} MatchWords
 * @typedef {{ won?: Record<Team, number> } | null} MatchScore the score of the game's match (the core's), as read here
 * @typedef {object} MatchActions
 * @property {(text: string) => void} note
 * @property {() => void} [saveTyping]
 * @property {(choice: string) => void} choose
 * @property {() => void} print
 * @typedef {{ match: HTMLElement, games: HTMLElement, print: HTMLButtonElement, date: HTMLElement, notePrint: HTMLElement, noteLabel: HTMLElement, note: HTMLInputElement, nextLabel: HTMLElement, next: HTMLSelectElement, fields: HTMLElement, element: HTMLElement }} MatchUi
 */

/**
 * The words for a choice of the next game ("continue" or "1" to "4"), in `lang`.
 * @param {string} choice
 * @param {MatchWords} t
 * @param {Lang} lang
 * @param {MatchScore} [score]
 */
export function choiceText(choice, t, lang, score) {
  /** @type {{ match: string, to: Record<string, string> }} */
  const match = NOUNS[lang].match; // a match, and what it is played to ("1" to "4")
  if (choice === "continue") return format(t.nextInMatch, score?.won ?? { us: 0, them: 0 });
  return capitalize(choice === "1" ? match.to["1"] : `${match.match} ${match.to[choice]}`);
}

/**
 * The value of `select`'s chosen option.
 * @param {HTMLSelectElement} select
 */
function chosen(select) {
  return [.../** @type {HTMLCollectionOf<HTMLOptionElement>} */ (select.children)].find((option) => option.selected)?.value ?? "";
}

export class MatchView {
  /** @type {MatchActions} */ #actions;
  #choicesKey = "";
  /** @type {MatchUi} */ ui;

  /** @param {MatchActions} actions `{note(text), choose(choice), print()}` */
  constructor(actions) {
    this.#actions = actions;
    const match = h("p", { class: "match-line", part: "sheet-match" });
    const games = h("ol", { class: "match-games" }); // the match's games: on screen and on paper
    const print = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "match-print" }));
    print.addEventListener("click", () => this.#actions.print());
    const date = h("p", { class: "game-date" });
    const notePrint = h("p", { class: "note-print" }); // the note, on paper
    const noteLabel = h("span", {});
    const note = /** @type {HTMLInputElement} */ (
      h("input", { type: "text", name: "game-note", class: "game-note", autocomplete: "off", maxlength: String(MAX_NOTE_LENGTH), dir: "auto" })
    );
    typedField(note, (/** @type {string} */ value) => this.#actions.note(value), MAX_NOTE_LENGTH);
    note.addEventListener("change", () => this.#actions.saveTyping?.()); // left: saved now, not per letter
    const nextLabel = h("span", {});
    const next = /** @type {HTMLSelectElement} */ (h("select", { name: "next-game", class: "next-game" }));
    next.addEventListener("change", () => this.#actions.choose(chosen(next)));
    const fields = h("div", { class: "about-fields" }, h("label", { class: "field" }, noteLabel, note), h("label", { class: "field" }, nextLabel, next));
    const element = h(
      "div",
      { class: "game-about", part: "sheet-game-about" },
      match,
      games,
      h("p", { class: "sheet-actions match-print-line" }, print),
      date,
      notePrint,
      fields,
    );
    this.ui = { match, games, print, date, notePrint, noteLabel, note, nextLabel, next, fields, element };
  }

  get element() {
    return this.ui.element;
  }

  /**
   * `model`: {t (table words), lang, match (a line, "" if none), date (shown), note,
   * choices, choice, own (the choice is this game's), score (of the game's match, or
   * null), games (a line per game of the match), disabled}.
   * @param {{ t: MatchWords, lang: Lang, match: string, date: string, note: string, choices: string[], choice: string, own?: boolean, score?: MatchScore, games?: { text: string, current: boolean }[], disabled: boolean }} model
   */
  render({ t, lang, match, date, note, choices, choice, own = false, score, games = [], disabled }) {
    const ui = this.ui;
    setText(ui.match, match);
    setHidden(ui.match, !match);
    const gamesKey = JSON.stringify(games);
    if (ui.games.dataset.key !== gamesKey) {
      ui.games.dataset.key = gamesKey;
      ui.games.replaceChildren(...games.map(({ text, current }) => h("li", current ? { "aria-current": "true" } : {}, text)));
    }
    setHidden(ui.games, games.length < 2);
    setText(ui.print, t.printMatch);
    if (ui.print.parentElement) setHidden(ui.print.parentElement, !match);
    setText(ui.date, format(t.gameDate, { date }));
    setText(ui.noteLabel, t.note);
    ui.note.placeholder = t.notePlaceholder;
    ui.note.disabled = disabled;
    const root = ui.note.getRootNode(); // a document or shadow root (or the note itself, detached)
    const active = "activeElement" in root ? root.activeElement : undefined;
    if (ui.note !== active && ui.note.value !== note) ui.note.value = note;
    setText(ui.notePrint, note);
    setText(ui.nextLabel, own ? t.thisGame : t.nextGame);
    const key = JSON.stringify([lang, choices, score?.won ?? null]);
    if (key !== this.#choicesKey) {
      this.#choicesKey = key;
      ui.next.replaceChildren(...choices.map((value) => h("option", { value }, choiceText(value, t, lang, score))));
    }
    // Selecting one option deselects the others (setting `selected` false on each would not do in linkedom).
    const option = [.../** @type {HTMLCollectionOf<HTMLOptionElement>} */ (ui.next.children)].find((item) => item.value === choice);
    if (option && !option.selected) option.selected = true;
    ui.next.disabled = disabled;
  }
}
