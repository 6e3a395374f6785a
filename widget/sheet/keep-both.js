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

/**
 * What the question reads of the game book's `params` (book/book-travel.js) and of the travel words.
 * @typedef {import("./table-mode.js").Lang} Lang
 * @typedef {{ names?: { us?: string, them?: string }, deals?: number, us?: number, them?: number }} KeepBothGame
 *   one of the two games in players' words: its names, its number of deals and its score
 * @typedef {{ file?: string, date?: string, here?: KeepBothGame, arriving?: KeepBothGame }} KeepBothParams
 * @typedef {{ key?: string, params?: KeepBothParams }} KeepBothAsked the game book's question
 * @typedef {Record<"keepBothTitle" | "keepBoth" | "keepBothFile" | "keepBothHere" | "keepBothArriving" | "keepBothFromFile" | "keepBothGame" | "keepBothYes" | "keepBothNo" | "keptBoth" | "keptHere", string>} KeepBothWords
 * @typedef {Element & Partial<HTMLOrSVGElement>} Focused the element that had the focus (it may not take it back)
 * @typedef {{ title: HTMLElement, text: HTMLElement, hereLabel: HTMLElement, here: HTMLElement, arrivingLabel: HTMLElement, arriving: HTMLElement, games: HTMLElement, both: HTMLButtonElement, mine: HTMLButtonElement, element: HTMLElement }} KeepBothUi
 */

/**
 * One game of the question in words: "Иван и Петър 82 : 64 Мария и Ана · 7 раздавания".
 * @param {KeepBothGame | undefined} game
 * @param {KeepBothWords} t
 * @param {Lang} lang
 */
export function gameWords(game, t, lang) {
  const names = game?.names ?? {};
  const teams = STRINGS[lang].teams; // Ние / Вие: the core's words
  const usName = names.us?.trim() || teams.us;
  const themName = names.them?.trim() || teams.them;
  const deals = plural(STRINGS[lang].sheet.gameDeals, game?.deals ?? 0, lang);
  return format(t.keepBothGame, { usName, themName, us: game?.us ?? 0, them: game?.them ?? 0, deals });
}

/** @typedef {{ params: KeepBothParams, resolve: (both: boolean) => void }} Asked a question and its answer's promise */

export class KeepBothQuestion {
  /** @type {(Asked & { back: Focused | null }) | null} */ #open = null;
  /** @type {Asked[]} */ #waiting = []; // questions asked while one is open
  /** @type {Lang} */ #lang = "bg";
  /** @type {(text: string) => void} */ #announce;
  /** @type {KeepBothUi} */ ui;

  /**
   * `announce(text)`: says `text` in the calculator's live region.
   * @param {{ announce?: (text: string) => void }} [options]
   */
  constructor({ announce = () => {} } = {}) {
    this.#announce = announce;
    const title = h("h3", { class: "keep-both-title", id: "keep-both-title", tabindex: "-1" });
    const text = h("p", { class: "keep-both-text", id: "keep-both-text" });
    const hereLabel = h("dt", {});
    const here = h("dd", { dir: "auto" });
    const arrivingLabel = h("dt", {});
    const arriving = h("dd", { dir: "auto" });
    const games = h("dl", { class: "keep-both-games" }, hereLabel, here, arrivingLabel, arriving);
    const both = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "primary keep-both-yes" }));
    both.addEventListener("click", () => this.answer(true));
    const mine = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "keep-both-no" }));
    mine.addEventListener("click", () => this.answer(false));
    /** @type {HTMLElement} */
    const element = h(
      "section",
      { class: "keep-both", part: "sheet-keep-both", role: "group", "aria-labelledby": "keep-both-title", "aria-describedby": "keep-both-text", hidden: true },
      title,
      text,
      games,
      h("div", { class: "sheet-actions" }, both, mine),
    );
    this.ui = { title, text, hereLabel, here, arrivingLabel, arriving, games, both, mine, element };
    element.addEventListener("keydown", (event) => {
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

  /**
   * Ask about the game book's question `{key, params}`; resolves to true (keep both) or false.
   * @param {KeepBothAsked} asked
   * @param {Lang} [lang]
   * @returns {Promise<boolean>}
   */
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

  /**
   * @param {KeepBothParams} params
   * @param {(both: boolean) => void} resolve
   */
  #show(params, resolve) {
    // A document or shadow root, or the section itself when detached (no activeElement).
    const root = /** @type {Node & Partial<DocumentOrShadowRoot>} */ (this.ui.element.getRootNode());
    const back = root.activeElement ?? null;
    this.#open = { params, resolve, back };
    this.render(this.#lang);
    this.ui.title.focus();
    this.ui.element.scrollIntoView?.({ block: "nearest" });
  }

  /**
   * The player's answer: true keeps both games, false the one here.
   * @param {boolean} both
   */
  answer(both) {
    const open = this.#open;
    if (!open) return;
    this.#open = null;
    this.render(this.#lang);
    /** @type {KeepBothWords} */
    const t = TRAVEL_WORDS[this.#lang];
    this.#announce(both ? t.keptBoth : t.keptHere);
    if (open.back?.isConnected) open.back.focus?.();
    open.resolve(both);
    this.#next();
  }

  /**
   * Show the open question (or hide it) in `lang`.
   * @param {Lang} [lang]
   */
  render(lang = this.#lang) {
    this.#lang = lang;
    const ui = this.ui;
    const open = this.#open;
    setHidden(ui.element, !open);
    if (!open) return;
    /** @type {KeepBothWords} */
    const t = TRAVEL_WORDS[lang];
    const { params } = open;
    setText(ui.title, t.keepBothTitle);
    setText(ui.text, format(params.file ? t.keepBothFile : t.keepBoth, { file: params.file ?? "", date: params.date ? formatDate(params.date, lang) : "" }));
    setText(ui.hereLabel, t.keepBothHere);
    setText(ui.here, gameWords(params.here, t, lang));
    setText(ui.arrivingLabel, params.file ? format(t.keepBothFromFile, { file: params.file }) : t.keepBothArriving);
    setText(ui.arriving, gameWords(params.arriving, t, lang));
    ui.games.hidden = !params.here || !params.arriving;
    setText(ui.both, t.keepBothYes);
    setText(ui.mine, t.keepBothNo);
  }
}

/**
 * The question placed after `place` in the sheet; returns the game book's `travel.ask`.
 * @param {Element} place
 * @param {(text: string) => void} announce
 * @param {() => Lang} lang
 * @returns {(asked: KeepBothAsked) => Promise<boolean>}
 */
export function askInSheet(place, announce, lang) {
  const question = new KeepBothQuestion({ announce });
  place.after(question.element);
  return (asked) => question.ask(asked, lang());
}
