// "Games on this device": the score sheet's history, as a <details> of its own — a
// line per kept game (date, names, score, deals, where it stands), Open and Delete
// (no question asked: an Undo stands in its place for a few seconds, until the next
// change), and Import a game from a JSON file. It renders the book's games and reports
// the reader's actions back; the games themselves stay the sheet's.
//
// A tap costs the same with a thousand games as with ten (issue 32): the newest PAGE
// games are listed, each older page behind a button; a game's line is built once and
// kept while its record, its result and how it is shown stay the same (the book
// replaces a game's record when it changes, so an unchanged game is the same object);
// the list is only re-ordered when its lines changed.

import { h } from "../ui/dom.js";
import { plural } from "../i18n/format.js";
import { format, STRINGS } from "../i18n/strings.js";
import { formatDate, teamNames } from "./summary.js";
/** @import { Game, GameEntry, Language, SheetWords, Words } from "./view-types.js"; */

/**
 * What the games list reports: a game to open or delete (by id), the Undo of a delete,
 * a file to import.
 * @typedef {{open: (id: string) => void, remove: (id: string) => void, undo: () => void, import: (file: File) => void}} GamesActions
 */

/** @typedef {{result: GameEntry["result"], current: boolean, busy: boolean, t: SheetWords, lang: Language, element: HTMLElement}} Line a game's line as built */

/** Games listed at first, and added by each press of "Show older". */
export const PAGE = 30;

/**
 * The line of one game (`{game, result, current}` of the book's snapshot) in `lang`:
 * `{id, date, text}`, `text` strings and `{name}` (a name the players typed, shown isolated).
 * @param {GameEntry} entry
 * @param {SheetWords} t the sheet's words
 * @param {Language} lang
 */
export function gameItem({ game, result, current }, t, lang) {
  const names = teamNames(game, /** @type {Pick<Words, "teams">} */ (STRINGS[lang]));
  const date = formatDate(game.created, lang);
  const status = result.winner ? format(t.gameWon, { team: names[result.winner] }) : current ? t.gameCurrent : t.gameInProgress;
  // The names as parts of their own: each shown isolated (a name's direction stays its own).
  /** @type {(string | {name: string})[]} */
  const text = [
    `${date} · `,
    { name: names.us },
    ` ${result.totals.us} : ${result.totals.them} `,
    { name: names.them },
    ` · ${plural(t.gameDeals, game.deals.length, lang)} · ${status}`,
  ];
  if (game.note) text.push(" · ", { name: game.note });
  return { id: game.id, date, text, current };
}

/**
 * Whether `game` is one nobody has played or named yet (the empty game a fresh device
 * starts with, or the one after New game): no deal, no team name, no player, no note.
 * Such a game is neither listed nor counted until something is in it (issue 30).
 * @param {Game} game
 */
export function untouched(game) {
  const players = Object.values(game.seats ?? {}).flat();
  return !game.deals.length && !game.names?.us && !game.names?.them && !game.note && !players.some(Boolean);
}

/**
 * `entries` newest first (by `created`; ISO texts compare as their dates), then by id.
 * @param {readonly GameEntry[]} entries
 */
function newestFirst(entries) {
  /** @param {GameEntry} entry */
  const key = (entry) => entry.game.created;
  return [...entries].sort((a, b) => (key(a) < key(b) ? 1 : key(a) > key(b) ? -1 : a.game.id < b.game.id ? 1 : -1));
}

export class GamesList {
  /** @type {GamesActions} */ #actions;
  /** @type {WeakMap<Game, Line>} */ #lines = new WeakMap(); // record → its line as built
  #shown = PAGE;
  #count = 0;
  #render = () => {}; // the last render again (after "Show older")
  ui = GamesList.#build();

  /** `actions`: `{open(id), remove(id), undo(), import(file)}`. @param {GamesActions} actions */
  constructor(actions) {
    this.#actions = actions;
    const ui = this.ui;
    ui.undo.addEventListener("click", () => this.#actions.undo());
    ui.more.addEventListener("click", () => this.#showMore());
    ui.file.addEventListener("change", () => {
      const [file] = ui.file.files ?? [];
      ui.file.value = "";
      if (file) this.#actions.import(file);
    });
    ui.importButton.addEventListener("click", () => ui.file.click());
  }

  static #build() {
    const summary = h("summary", {});
    const list = h("ul", { class: "games-list" });
    const deletedText = h("span", { class: "deleted-text" });
    const undo = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "undo-delete" }));
    const deleted = h("p", { class: "deleted", hidden: true }, deletedText, " ", undo); // said once, in the live region
    const more = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "more-games", hidden: true }));
    const file = /** @type {HTMLInputElement} */ (
      h("input", { type: "file", accept: ".json,application/json,.csv,text/csv", class: "import-file", hidden: true })
    );
    const importButton = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "import-game" }));
    const element = h(
      "details",
      { class: "games", part: "sheet-games" },
      summary,
      deleted,
      list,
      h("p", { class: "sheet-actions more" }, more),
      h("p", { class: "sheet-actions import" }, importButton, file),
    );
    return { summary, list, deletedText, undo, deleted, more, file, importButton, element };
  }

  get element() {
    return this.ui.element;
  }

  /**
   * `entries`: the book's games (`{game, result, current}`, any order); `deleted`:
   * `{date}` of the game whose Undo stands, or null; `busy`: a change is on its way.
   * @param {Pick<Words, "sheet" | "travel">} s
   * @param {Language} lang
   * @param {readonly GameEntry[]} all
   * @param {{deleted?: {date: string} | null, busy?: boolean}} [options]
   */
  render(s, lang, all, { deleted = null, busy = false } = {}) {
    const ui = this.ui;
    const entries = all.filter((entry) => !untouched(entry.game));
    const t = s.sheet;
    const travel = s.travel;
    this.#render = () => this.render(s, lang, all, { deleted, busy });
    ui.summary.textContent = format(t.games, { count: new Intl.NumberFormat(lang).format(entries.length) });
    ui.importButton.textContent = travel.importGame;
    ui.importButton.disabled = busy;
    ui.deleted.hidden = !deleted;
    if (deleted) {
      ui.deletedText.textContent = format(travel.deleted, { date: deleted.date });
      ui.undo.textContent = travel.undoDelete;
      ui.undo.setAttribute("aria-label", format(travel.undoDeleteLabel, { date: deleted.date }));
    }
    const shown = newestFirst(entries).slice(0, this.#shown);
    const elements = shown.map((entry) => this.#line(entry, t, lang, busy));
    const listed = [...ui.list.children];
    // Only the lines that changed are swapped in (each DOM change costs the phone a style
    // pass); the list is rebuilt when lines were added, removed or moved.
    const inPlace = elements.length === listed.length && elements.every((element, i) => element === listed[i] || !listed.includes(element));
    if (inPlace) elements.forEach((element, i) => element !== listed[i] && listed[i].replaceWith(element));
    else ui.list.replaceChildren(...elements);
    const older = entries.length - shown.length;
    ui.more.hidden = older <= 0;
    if (older > 0) ui.more.textContent = format(t.moreGames, { count: Math.min(PAGE, older) });
    this.#count = entries.length;
  }

  /** The next page of older games. */
  #showMore() {
    this.#shown = Math.min(this.#count, this.#shown) + PAGE;
    this.#render();
  }

  /**
   * The line of `entry`: the one built before while nothing it shows changed, else a new one.
   * @param {GameEntry} entry
   * @param {SheetWords} t
   * @param {Language} lang
   * @param {boolean} busy
   */
  #line(entry, t, lang, busy) {
    const kept = this.#lines.get(entry.game);
    if (kept && kept.result === entry.result && kept.current === entry.current && kept.busy === busy && kept.t === t && kept.lang === lang) return kept.element;
    const { id, date, text, current } = gameItem(entry, t, lang);
    const item = h("li", { class: current ? "game current" : "game", "data-game": id });
    const open = /** @type {HTMLButtonElement} */ (
      h("button", { type: "button", class: "open-game", "aria-label": format(t.openGameLabel, { date }) }, t.openGame)
    );
    open.disabled = current || busy;
    open.addEventListener("click", () => this.#actions.open(id));
    const remove = /** @type {HTMLButtonElement} */ (
      h("button", { type: "button", class: "delete-game", "aria-label": format(t.deleteGameLabel, { date }) }, t.deleteGame)
    );
    remove.disabled = busy;
    remove.addEventListener("click", () => this.#actions.remove(id));
    if (current) item.setAttribute("aria-current", "true");
    const shown = text.map((part) => (typeof part === "string" ? part : h("bdi", {}, part.name)));
    item.append(h("span", { class: "game-text" }, ...shown), h("span", { class: "game-buttons" }, open, remove));
    this.#lines.set(entry.game, { result: entry.result, current: entry.current, busy, t, lang, element: item });
    return item;
  }

  /** What takes the focus after a Delete: the deleted game's Undo, or (it is gone) the list's summary. */
  undoTarget() {
    return this.ui.deleted.hidden ? this.ui.summary : this.ui.undo;
  }

  /** What takes the focus when game `id` came back: its Delete button, or the summary. @param {string | undefined} id */
  gameTarget(id) {
    const items = /** @type {HTMLCollectionOf<HTMLElement>} */ (this.ui.list.children); // (its lines)
    const item = [...items].find((li) => li.dataset.game === id);
    return /** @type {HTMLElement | null | undefined} */ (item?.querySelector("button.delete-game")) ?? this.ui.summary;
  }

  /** Whether the focus is on the Undo (so a timed-out Undo hands it on). */
  get undoFocused() {
    const root = this.ui.undo.getRootNode(); // (a document or a shadow root, once it is on the page)
    return "activeElement" in root && root.activeElement === this.ui.undo;
  }
}
