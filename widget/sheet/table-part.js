// The sheet's part for the table around a game: table mode (a screen that stays on, the
// totals large; sheet/table-mode.js and table-view.js) and the game's match, date and
// note (sheet/match-part.js). It wires them to their views and places those in the
// sheet's (the toggle in the toolbar, the dialog in the section, the match under where
// the game stands); score-sheet.js only creates it, renders it, asks it for the next
// game's fields and closes it.

import { TABLE_WORDS } from "../i18n/table-strings.js";
import { setHidden } from "../ui/dom.js";
import { adoptTableStyles } from "../styles/table.js";
import { localDay } from "../book/matches.js";
import { MatchPart } from "./match-part.js";
import { download } from "./share.js";
import { defaultTeamNames, Statistics, statisticsCsv } from "../book/stats.js";
import { StatsView } from "./stats-view.js";
import { teamNames } from "./summary.js";
import { TableMode, tableSnapshot } from "./table-mode.js";
import { TableView } from "./table-view.js";

/**
 * @typedef {import("../book/game-book.js").GameBook} GameBook
 * @typedef {import("./table-mode.js").Lang} Lang
 * @typedef {import("./table-mode.js").Keeper} Keeper
 * @typedef {import("./table-mode.js").GameResult} GameResult
 * @typedef {{ ui: { status: Element, live: Element }, section: Element }} SheetPlaces where the parts go in the sheet's view
 * @typedef {ConstructorParameters<typeof Statistics>[0]} Scorer
 */

export class TablePart extends EventTarget {
  /** @type {TableMode} */ mode;
  /** @type {TableView} */ view;
  /** @type {MatchPart} */ match;
  /** @type {Statistics} */ stats;
  /** @type {StatsView} */ statsView;
  /** @type {GameBook} */ #book;
  /** @type {Lang} */ #lang = "bg";
  /** @type {object | null} */ #s = null;

  /**
   * `keeper`: the wake lock (sheet/wake-lock.js; default: this page's); `book`: the
   * sheet's GameBook; `scorer()` → the scorer; `view`: the sheet's SheetView, where
   * the parts are placed (the toggle before the toolbar's status).
   * @param {{ keeper?: Keeper, book: GameBook, scorer: Scorer, view: SheetPlaces }} options
   */
  constructor({ keeper, book, scorer, view }) {
    super();
    const changed = () => this.dispatchEvent(new Event("change"));
    this.mode = new TableMode(keeper ? { keeper } : {});
    this.view = new TableView({ toggle: (on) => this.mode.toggle(on) });
    this.mode.addEventListener("change", changed);
    this.match = new MatchPart({ book, scorer });
    this.match.addEventListener("change", changed);
    view.ui.status.before(this.view.ui.toggle);
    view.ui.live.after(this.match.view.element);
    view.section.append(this.view.ui.dialog);
    this.#book = book;
    this.stats = new Statistics(scorer);
    this.stats.addEventListener("change", changed);
    this.statsView = new StatsView({
      show: (/** @type {{ from: string, to: string }} */ range) => this.stats.compute(book.snapshot().games, range),
      csv: () => this.#statsFile(),
      // A game the statistics name as not fitting its match: opened, or removed (and counted again).
      open: (/** @type {string} */ id) => book.openGame(id),
      remove: (/** @type {string} */ id) => (book.removeGame(id), this.stats.compute(book.snapshot().games)),
    });
    // Last in the sheet (before the dialog, which takes no room): the statistics.
    this.view.ui.dialog.before(this.statsView.element);
  }

  /** The statistics shown, as a CSV file ("belot-statistics-2026-05-14.csv"). */
  #statsFile() {
    if (this.stats.state !== "ready" || !this.#s) return;
    const csv = statisticsCsv(this.stats.result, this.#lang, defaultTeamNames(this.#lang));
    download(`belot-statistics-${localDay(this.#book.now().toISOString())}.csv`, "text/csv;charset=utf-8", `\ufeff${csv}`);
  }

  /** The fields of the next game at this table (its match, seats, dealer). */
  nextTable() {
    return this.match.nextTable();
  }

  /**
   * Render from the sheet's snapshot (`sheet`) in `lang`; `s`: the sheet's strings; `headingLevel`: the sheet's.
   * @param {Parameters<MatchPart["render"]>[0] & Parameters<TableView["render"]>[0]["s"] & Parameters<typeof teamNames>[1]} s
   * @param {Lang} lang
   * @param {Parameters<MatchPart["render"]>[2] & { result: GameResult, game: Parameters<typeof teamNames>[0] }} sheet
   * @param {number} [headingLevel]
   */
  render(s, lang, sheet, headingLevel = 3) {
    adoptTableStyles(this.view.ui.dialog.getRootNode()); // (the match part's and statistics' too)
    this.#s = s;
    this.#lang = lang;
    this.match.render(s, lang, sheet);
    setHidden(this.statsView.element, !sheet.validated || sheet.viewing);
    if (sheet.validated)
      this.statsView.render({ t: TABLE_WORDS[lang], s, lang, stats: this.stats, teamNames: defaultTeamNames(lang), busy: sheet.busy, headingLevel });
    const match = this.match.matchLine(lang);
    const shown = sheet.validated && !sheet.viewing;
    if (!shown && this.mode.on) this.mode.toggle(false);
    this.view.render({
      t: TABLE_WORDS[lang],
      s,
      on: this.mode.on && shown,
      lock: this.mode.lock,
      // summary.js teamNames gives a name per team (its type is inferred from untyped code).
      snapshot: tableSnapshot(sheet.result, /** @type {Record<import("./table-mode.js").Team, string>} */ (teamNames(sheet.game, s))),
      match,
      disabled: !shown,
    });
  }

  close() {
    this.mode.close();
  }
}
