// The sheet's question when a game arrives (link, JSON, CSV or backup) with the id of a
// game here but other deals: keep both, or keep the one here? Asked in the page, in the
// calculator's language, never in the browser's blocking dialog (unstyled, in the
// browser's language, it stops the page and the worker's replies, and some pages that
// embed the calculator suppress it). An accessible group with a heading that names the
// two games in players' words; the focus goes to its heading and, after the answer, back
// where it was; the answer is said in the live region. Escape keeps the one here.
//
// `ask(params)` is the game book's `travel.ask`: an async function resolving to true
// (keep both) or false. A question asked while one is open waits its turn.

import { format, STRINGS } from "../i18n/strings.js";
import { plural } from "../i18n/format.js";
import { TRAVEL_WORDS } from "../i18n/travel-strings.js";
import { h, setHidden, setText } from "../ui/dom.js";
import { formatDate } from "./summary.js";

/** One game of the question in words: "Иван и Петър 82 : 64 Мария и Ана · 7 раздавания". */
export function gameWords(game, t, lang) {
  const names = game?.names ?? {};
  const teams = STRINGS[lang].teams; // Ние / Вие: the core's words
  const usName = names.us?.trim() || teams.us;
  const themName = names.them?.trim() || teams.them;
  const deals = plural(STRINGS[lang].sheet.gameDeals, game?.deals ?? 0, lang);
  return format(t.keepBothGame, { usName, themName, us: game?.us ?? 0, them: game?.them ?? 0, deals });
}

export class KeepBothQuestion {
  #open = null; // {params, resolve, back}
  #waiting = []; // questions asked while one is open
  #lang = "bg";
  #announce;
  ui = {};

  /** `announce(text)`: says `text` in the calculator's live region. */
  constructor({ announce = () => {} } = {}) {
    this.#announce = announce;
    const ui = this.ui;
    ui.title = h("h3", { class: "keep-both-title", id: "keep-both-title", tabindex: "-1" });
    ui.text = h("p", { class: "keep-both-text", id: "keep-both-text" });
    ui.hereLabel = h("dt", {});
    ui.here = h("dd", { dir: "auto" });
    ui.arrivingLabel = h("dt", {});
    ui.arriving = h("dd", { dir: "auto" });
    ui.games = h("dl", { class: "keep-both-games" }, ui.hereLabel, ui.here, ui.arrivingLabel, ui.arriving);
    ui.both = h("button", { type: "button", class: "primary keep-both-yes" });
    ui.both.addEventListener("click", () => this.answer(true));
    ui.mine = h("button", { type: "button", class: "keep-both-no" });
    ui.mine.addEventListener("click", () => this.answer(false));
    ui.element = h(
      "section",
      { class: "keep-both", part: "sheet-keep-both", role: "group", "aria-labelledby": "keep-both-title", "aria-describedby": "keep-both-text", hidden: true },
      ui.title,
      ui.text,
      ui.games,
      h("div", { class: "sheet-actions" }, ui.both, ui.mine),
    );
    ui.element.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !event.defaultPrevented) {
        event.preventDefault();
        this.answer(false);
      }
    });
  }

  get element() {
    return this.ui.element;
  }

  get open() {
    return Boolean(this.#open);
  }

  /** Ask about the game book's question `{key, params}`; resolves to true (keep both) or false. */
  ask({ params }, lang = this.#lang) {
    this.#lang = lang;
    return new Promise((resolve) => {
      this.#waiting.push({ params: params ?? {}, resolve });
      if (!this.#open) this.#next();
    });
  }

  #next() {
    const next = this.#waiting.shift();
    if (next) this.#show(next.params, next.resolve);
  }

  #show(params, resolve) {
    const root = this.ui.element.getRootNode();
    const back = root?.activeElement ?? null;
    this.#open = { params, resolve, back };
    this.render(this.#lang);
    this.ui.title.focus();
    this.ui.element.scrollIntoView?.({ block: "nearest" });
  }

  /** The player's answer: true keeps both games, false the one here. */
  answer(both) {
    const open = this.#open;
    if (!open) return;
    this.#open = null;
    this.render(this.#lang);
    const t = TRAVEL_WORDS[this.#lang];
    this.#announce(both ? t.keptBoth : t.keptHere);
    if (open.back?.isConnected) open.back.focus?.();
    open.resolve(both);
    this.#next();
  }

  /** Show the open question (or hide it) in `lang`. */
  render(lang = this.#lang) {
    this.#lang = lang;
    const ui = this.ui;
    const open = this.#open;
    setHidden(ui.element, !open);
    if (!open) return;
    const t = TRAVEL_WORDS[lang];
    const { params } = open;
    setText(ui.title, t.keepBothTitle);
    setText(ui.text, format(params.file ? t.keepBothFile : t.keepBoth, { file: params.file ?? "", date: formatDate(params.date, lang) }));
    setText(ui.hereLabel, t.keepBothHere);
    setText(ui.here, gameWords(params.here, t, lang));
    setText(ui.arrivingLabel, params.file ? format(t.keepBothFromFile, { file: params.file }) : t.keepBothArriving);
    setText(ui.arriving, gameWords(params.arriving, t, lang));
    ui.games.hidden = !params.here || !params.arriving;
    setText(ui.both, t.keepBothYes);
    setText(ui.mine, t.keepBothNo);
  }
}

/** The question placed after `place` in the sheet; returns the game book's `travel.ask`. */
export function askInSheet(place, announce, lang) {
  const question = new KeepBothQuestion({ announce });
  place.after(question.element);
  return (asked) => question.ask(asked, lang());
}
