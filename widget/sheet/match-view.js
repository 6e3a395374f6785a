// The sheet's lines about the game around its deals: the match it is part of (the core's
// words for its score), the day it was played, its note (editable), and what the next
// game will be (a game on its own, a match to 2, 3 or 4 won games, or the next game of
// this match). It renders plain data and reports presses back (sheet/match-part.js).

import { MAX_NOTE_LENGTH, NOUNS } from "../core-tables.js";
import { capitalize, format } from "../i18n/strings.js";
import { h, setHidden, setText } from "../ui/dom.js";
import { typedField } from "../text.js";

/** The words for a choice of the next game ("continue" or "1" to "4"), in `lang`. */
export function choiceText(choice, t, lang, score) {
  const match = NOUNS[lang].match;
  if (choice === "continue") return format(t.nextInMatch, score?.won ?? { us: 0, them: 0 });
  return capitalize(choice === "1" ? match.to["1"] : `${match.match} ${match.to[choice]}`);
}

/** The value of `select`'s chosen option. */
function chosen(select) {
  return [...select.children].find((option) => option.selected)?.value ?? "";
}

export class MatchView {
  #actions;
  #choicesKey = "";
  ui = {};

  /** `actions`: `{note(text), choose(choice), print()}`. */
  constructor(actions) {
    this.#actions = actions;
    const ui = this.ui;
    ui.match = h("p", { class: "match-line", part: "sheet-match" });
    ui.games = h("ol", { class: "match-games" }); // the match's games: on screen and on paper
    ui.print = h("button", { type: "button", class: "match-print" });
    ui.print.addEventListener("click", () => this.#actions.print());
    ui.date = h("p", { class: "game-date" });
    ui.notePrint = h("p", { class: "note-print" }); // the note, on paper
    ui.noteLabel = h("span", {});
    ui.note = h("input", { type: "text", name: "game-note", class: "game-note", autocomplete: "off", maxlength: String(MAX_NOTE_LENGTH), dir: "auto" });
    typedField(ui.note, (value) => this.#actions.note(value), MAX_NOTE_LENGTH);
    ui.note.addEventListener("change", () => this.#actions.saveTyping?.()); // left: saved now, not per letter
    ui.nextLabel = h("span", {});
    ui.next = h("select", { name: "next-game", class: "next-game" });
    ui.next.addEventListener("change", () => this.#actions.choose(chosen(ui.next)));
    ui.element = h(
      "div",
      { class: "game-about", part: "sheet-game-about" },
      ui.match,
      ui.games,
      h("p", { class: "sheet-actions match-print-line" }, ui.print),
      ui.date,
      ui.notePrint,
      (ui.fields = h("div", { class: "about-fields" }, h("label", { class: "field" }, ui.noteLabel, ui.note), h("label", { class: "field" }, ui.nextLabel, ui.next))),
    );
  }

  get element() {
    return this.ui.element;
  }

  /**
   * `model`: {t (table words), lang, match (a line, "" if none), date (shown), note,
   * choices, choice, own (the choice is this game's), score (of the game's match, or
   * null), games (a line per game of the match), disabled}.
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
    setHidden(ui.print.parentElement, !match);
    setText(ui.date, format(t.gameDate, { date }));
    setText(ui.noteLabel, t.note);
    ui.note.placeholder = t.notePlaceholder;
    ui.note.disabled = disabled;
    if (ui.note !== ui.note.getRootNode().activeElement && ui.note.value !== note) ui.note.value = note;
    setText(ui.notePrint, note);
    setText(ui.nextLabel, own ? t.thisGame : t.nextGame);
    const key = JSON.stringify([lang, choices, score?.won ?? null]);
    if (key !== this.#choicesKey) {
      this.#choicesKey = key;
      ui.next.replaceChildren(...choices.map((value) => h("option", { value }, choiceText(value, t, lang, score))));
    }
    // Selecting one option deselects the others (setting `selected` false on each would not do in linkedom).
    const option = [...ui.next.children].find((item) => item.value === choice);
    if (option && !option.selected) option.selected = true;
    ui.next.disabled = disabled;
  }
}
