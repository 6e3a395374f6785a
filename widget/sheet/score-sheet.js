// The score sheet of <belot-calculator sheet>: a whole game to 151 under the calculator,
// and the games kept on this device. This module wires the pieces and holds no game
// logic of its own:
//
//   book/game-book.js     what a tap does to the games (no DOM), with book-saver.js
//                          (saving) and tab-follower.js (other tabs)
//   store/idb-store.js     where the games are kept (IndexedDB; memory-store.js in tests)
//   book/effects.js       which focus and announcement follow a change
//   sheet/sheet-view.js    the section under the form; bar-view.js the parts in the form
//   sheet/rules-panel.js, games-list.js, share.js   the Rules panel, the games on this
//                          device, sending a game and the banner of one opened from a link
//
// The element owns the form; the sheet uses it only through a SheetForm (below), and
// says when it changed with a "change" event: the element then renders (calling
// render() here with the deal in the form) and its next request reads `pot`. The
// element loads this module only when its `sheet` attribute is set.

import { VERSION } from "../core-tables.js";
import { format, STRINGS } from "../i18n/strings.js";
import { plural } from "../i18n/format.js";
import { rulesSummary } from "../i18n/rule-words.js";
import { rulesFrom } from "../deal/house-rules.js";
import { adoptSheetStyles } from "../styles/sheet.js";
import { BarView } from "./bar-view.js";
import { effectsOf } from "../book/effects.js";
import { downloadAside, readGameFile } from "./files.js";
import { GameBook } from "../book/game-book.js";
import { GamesList } from "./games-list.js";
import { GameSender } from "./sheet-send.js";
import { words } from "./sheet-words.js";
import { IdbStore } from "../store/idb-store.js";
import { askInSheet } from "./keep-both.js";
import { KeepSheet } from "./keep-sheet.js";
import { RulesPanel } from "./rules-panel.js";
import { clearLinkFromAddress, isGameLink, SharedBanner, SharePanel } from "./share.js";
import { dealerNow, seatName } from "../book/seats.js";
import { SheetView } from "./sheet-view.js";
import { TablePart } from "./table-part.js";
import { formatDate, teamNames } from "./summary.js";
import { BarMarks } from "./bar-marks.js";
import { changesGame } from "../book/book-changes.js";
import { afterNextFrame } from "../tasks.js";

/**
 * What the sheet may do with the element's form:
 * `deal()` → the deal in the form as a game deal, once scored and valid, else null;
 * `save()` → the form's values, `restore(saved)` puts them back;
 * `load(deal)` fills the form with a recorded deal; `isEmpty()`: nothing of a deal is
 * typed in it; `clear()` readies it for the
 * next deal (every fact of the deal cleared); `focus()` brings it into view and
 * focuses its first field; `announce(text)` says `text` in the form's one live region.
 * @typedef {import("./view-types.js").SheetForm} SheetForm
 */
/** @import { BookChange, CalculatorState, Effects, ElementWords, Game, GameDeal, Language, PluralForms, ShareStatus, SheetModel, Snapshot, Team, WordGroupName, Words } from "./view-types.js"; */
/** @typedef {Awaited<ReturnType<typeof readGameFile>>} FileRead a file read (sheet/files.js) */
/** @typedef {{storageKey: string, form: SheetForm, scorer: () => import("../book/types.js").Scorer, target: EventTarget, linkBase: () => string, store?: import("../store/types.js").GameStore, keepEnv?: ConstructorParameters<typeof KeepSheet>[0]["env"], keeper?: ConstructorParameters<typeof TablePart>[0]["keeper"]}} ScoreSheetOptions */

export { RECORDED_MS } from "./bar-marks.js";

export class ScoreSheet extends EventTarget {
  /** @type {SheetForm} */ #form;
  /** @type {EventTarget} */ #target;
  /** @type {string} */ #storageKey;
  /** @type {GameBook} */ #book;
  /** @type {GameSender} */ #sender;
  /** @type {SheetView} */ #view;
  /** @type {BarView} */ #bar;
  /** @type {RulesPanel} */ #rules;
  /** @type {GamesList} */ #games;
  /** @type {SharePanel} */ #send;
  /** @type {SharedBanner} */ #banner;
  /** @type {KeepSheet} */ #keep;
  /** @type {TablePart} */ #table;
  /** @type {unknown} */ #draft = null; // the form's values before a deal was loaded into it
  #keptLink = false; // a game kept from the address's link is not saved yet
  #marks = new BarMarks(() => this.dispatchEvent(new Event("change"))); // what the bar marks for a while
  #undoFromBar = false; // the bar's Undo (not the sheet's) is under way
  #tookOffer = false; // the form took the deal last undone
  /** @type {Effects | null} */ #effects = null; // the last change's focus and announcement, carried out after its render
  /** @type {Language} */ #lang = "bg";
  #leaving = () => this.#book.saveTyping(); // pagehide: a name being typed is saved

  /**
   * `form`: a SheetForm; `scorer()` → the scorer; `target`: where the sheet's events go
   * (the element); `storageKey`: the games' store; `linkBase()` → the URL a game's link
   * points at (the standalone calculator); `store`: a GameStore (default: IndexedDB);
   * `keepEnv`: the browser as store/persistence.js sees it (default: this page's).
   * `keeper`: the wake lock of table mode (sheet/wake-lock.js; default: this page's).
   * @param {ScoreSheetOptions} options
   */
  constructor({ storageKey, form, scorer, target, linkBase, store = new IdbStore(storageKey), keepEnv, keeper }) {
    super();
    this.#form = form;
    this.#target = target;
    this.#storageKey = storageKey;
    this.#book = new GameBook({ scorer, store });
    this.#book.addEventListener("change", this.#onChange);
    const changed = () => this.dispatchEvent(new Event("change"));
    this.#sender = new GameSender({ book: this.#book, linkBase, lang: () => this.#lang, changed, selectText: () => this.#view.selectText() });
    ({ bar: this.#bar, rules: this.#rules, games: this.#games, send: this.#send, banner: this.#banner, view: this.#view } = this.#build());
    this.#book.travel.ask = askInSheet(
      this.#view.ui.notices,
      (/** @type {string} */ text) => this.#form.announce(text),
      () => this.#lang,
    ); // keep both games?
    this.#table = new TablePart({ keeper, book: this.#book, scorer, view: this.#view });
    this.#table.addEventListener("change", () => this.dispatchEvent(new Event("change")));
    const { ui } = this.#view; // the set-up step gathers the table's fields (sheet/setup-step.js)
    const { dealer } = this.#bar;
    this.#bar.setup.borrow([ui.nameFields, ui.playersSet, dealer.ui.chooser, this.#table.match.view.ui.fields], ui.names.us, dealer.ui.slot);
    this.#keep = new KeepSheet({
      book: this.#book,
      storageKey,
      env: keepEnv,
      importGame: (/** @type {File} */ file, /** @type {FileRead} */ read) => this.importFile(file, read),
      openLink: (/** @type {string} */ hash) => this.openLink(hash),
      announce: (/** @type {string} */ text) => this.#form.announce(text),
      focusSheet: () => this.#view.focus({ to: "table" }),
    });
    this.#keep.attach({ notices: this.#view.ui.notices, games: this.#games });
    this.#keep.addEventListener("change", () => this.dispatchEvent(new Event("change")));
    this.#book.saver.prepare().then(() => this.dispatchEvent(new Event("change")));
    globalThis.addEventListener?.("pagehide", this.#leaving);
  }

  #build() {
    const book = this.#book;
    const bar = new BarView({
      record: () => book.record(this.#form.deal()),
      save: () => this.#saveEdit(),
      newGame: () => this.#newGame(), // only once the game is over: no question
      chooseDealer: (seat) => book.table.chooseDealer(seat),
      passed: (button) => this.#passed(button),
      deleteDeal: () => book.edits.deleteDeal(),
      cancel: () => book.edits.cancelEdit(),
      setupChanged: () => this.dispatchEvent(new Event("change")),
      setupDone: () => (this.dispatchEvent(new Event("change")), afterNextFrame().then(() => this.#form.focus())),
      undo: () => {
        this.#undoFromBar = true;
        book.edits.undo().finally(() => (this.#undoFromBar = false));
      },
    });
    const rules = new RulesPanel({
      apply: (/** @type {Parameters<GameBook["applyRules"]>[0]} */ rules, /** @type {Parameters<GameBook["applyRules"]>[1]} */ how) =>
        book.applyRules(rules, how),
      fix: (/** @type {number} */ index) => book.edits.fixDeal(index),
      announce: (/** @type {string} */ text) => this.#form.announce(text),
      totals: () => book.result.totals,
      changed: () => this.dispatchEvent(new Event("change")),
    });
    const games = new GamesList({
      open: (id) => book.openGame(id),
      remove: (id) => book.removeGame(id),
      undo: () => book.undoDelete(),
      import: (file) => this.#keep.importFile(file), // a backup, else one game (importFile)
    });
    const send = new SharePanel({
      link: () => this.#sender.linkOf(book.game),
      key: () => `${book.game?.id} ${book.game?.updated}`,
      file: (/** @type {"json" | "csv"} */ kind) => this.exportFile(kind),
      title: () => this.#sender.title(),
    });
    const banner = new SharedBanner({
      keep: () => book.travel.keepShared().then(() => this.#keptLinkDone()),
      close: () => book.travel.closeShared(),
      side: (/** @type {Team} */ team) => book.travel.chooseSide(team),
    });
    const view = new SheetView(
      {
        undo: () => book.edits.undo(),
        redo: () => book.edits.redo(),
        newGame: (anchor, back) => this.#askNewGame(anchor, back),
        share: () => this.share(),
        dismiss: () => book.dismissNotices(),
        downloadAside: () => downloadAside(book.saver.store),
        edit: (index) => book.edits.edit(index),
        setName: (team, value) => book.setName(team, value),
        setPlayer: (team, index, value) => book.table.setPlayer(team, index, value),
        saveTyping: () => book.saveTyping(),
      },
      { rules, games, send, banner },
    );
    return { bar, rules, games, send, banner, view };
  }

  /** Stop following other tabs (the element turned its sheet off). */
  close() {
    globalThis.removeEventListener?.("pagehide", this.#leaving);
    this.#book.saver.follower.stop();
    this.#book.saver.store.close();
    this.#keep.close();
    this.#table.close();
  }

  /** The sheet's DOM, for the form's view to place (CalculatorView.attachSheet). */
  get parts() {
    return { section: this.#view.section, news: this.#view.ui.news, ...this.#bar.parts };
  }

  get storageKey() {
    return this.#storageKey;
  }

  /** True while a game opened from a link is shown (read only: the form stays hidden). */
  get viewing() {
    return Boolean(this.#book.viewing);
  }

  /** The form is closed: the game is over and no deal of it is edited (the bar offers the next game). */
  get formClosed() {
    const book = this.#book;
    return book.validated && !book.viewing && !book.editing && Boolean(book.result.finished);
  }

  /** The hanging points the deal in the form starts with (book/game-book.js pot). */
  get pot() {
    return this.#book.pot;
  }

  /** The house rules the deal in the form is scored by, or null before loading. */
  get formRules() {
    return this.#book.formRules(this.#rules.pending);
  }

  /** The current game's own team names as typed ("" = the default), or null before loading. */
  get teamNames() {
    return this.#book.validated ? { ...this.#book.game?.names } : null;
  }

  /** The team names for the form's labels, or null before loading. @param {Language} lang */
  names = (lang) => (this.#book.validated ? teamNames(this.#book.game, STRINGS[lang]) : null);

  /** A public snapshot: {game, result} (copies). */
  snapshot() {
    const game = this.#book.game;
    return { game: game ? structuredClone(game) : null, result: structuredClone(this.#book.result) };
  }

  // --- changes -------------------------------------------------------------------------

  /** @param {Event} event */
  #onChange = (event) => {
    const change = /** @type {CustomEvent<BookChange>} */ (event).detail; // (the book's changes are custom events)
    this.#applyToForm(change);
    const effects = effectsOf(change, { undoFocused: this.#games.undoFocused, finished: this.formClosed, fromBar: this.#undoFromBar });
    if (effects.focus || effects.announce) this.#effects = { ...effects, change };
    if (["linkRefused", "sharedClosed"].includes(change.type)) clearLinkFromAddress();
    // A kept game leaves the address only once it is saved: a reload before (or a device
    // that could not save it) still finds the link there.
    if (change.type === "kept") this.#keptLink = true;
    if (this.#keptLink) this.#clearKeptLink();
    if (["linkOpened", "kept", "sharedClosed"].includes(change.type)) this.#send.reset();
    if (["linkOpened", "newGame", "gameOpened", "gameRemoved"].includes(change.type)) this.#view.question.close();
    if (changesGame(change.type)) this.#marks.change(change, this.#tookOffer);
    if (changesGame(change.type)) {
      this.#sender.status = null;
      this.#target.dispatchEvent(new CustomEvent("belot-calculator-sheet", { bubbles: true, composed: true, detail: this.#eventDetail() }));
    }
    this.dispatchEvent(new Event("change"));
  };

  /** A link kept, found already here or brought up to date: it leaves once the game is saved. */
  #keptLinkDone = () => ((this.#keptLink = true), this.#clearKeptLink());
  async #clearKeptLink() {
    const saver = this.#book.saver;
    await saver.settled();
    if (!this.#keptLink || saver.saving !== "saved" || saver.isDirty(this.#book.current)) return;
    this.#keptLink = false;
    clearLinkFromAddress();
  }

  /** What the change asks of the form: cleared, a deal loaded (its values kept first), or restored. @param {BookChange} change */
  #applyToForm({ form, deal }) {
    if (form === "offer") {
      // A deal taken back: into the form, unless something is being typed there.
      this.#tookOffer = this.#form.isEmpty();
      if (this.#tookOffer) this.#form.load(deal);
    } else if (form === "clear") {
      this.#draft = null;
      this.#form.clear();
    } else if (form === "load") {
      this.#draft ??= this.#form.save();
      this.#form.load(deal);
    } else if (form === "restore" && this.#draft) {
      this.#form.restore(this.#draft);
      this.#draft = null;
    }
  }

  /** The event's detail: the snapshot, copied only when a listener reads it (a long game is big). */
  #eventDetail() {
    const book = this.#book;
    const game = book.game && { ...book.game, names: { ...book.game.names } };
    const result = book.result;
    let copy = null;
    const take = () => (copy ??= { game: game ? structuredClone(game) : null, result: structuredClone(result) });
    return Object.freeze({
      get game() {
        return take().game;
      },
      get result() {
        return take().result;
      },
    });
  }

  /** All passed: at once, or, over a deal being typed (which it throws away), asked first. @param {HTMLButtonElement} button */
  #passed(button) {
    if (this.#form.isEmpty()) {
      this.#book.passed();
      return;
    }
    this.#view.question.ask(
      {
        anchor: button.closest(".group") ?? button,
        text: (t) => t.confirmPassed,
        yes: (t) => t.confirmPassedYes,
        back: button,
        action: () => this.#book.passed(),
      },
      () => this.dispatchEvent(new Event("change")),
    );
  }

  async #saveEdit() {
    if (await this.#book.edits.saveEdit(this.#form.deal())) this.#rules.retry();
  }

  /** Ask first (in the widget, next to `anchor`), then start a new game. @param {HTMLElement} anchor @param {HTMLElement} back */
  #askNewGame(anchor, back) {
    this.#view.question.ask({ anchor, text: (t) => t.confirmNewGame, yes: (t) => t.confirmNewGameYes, back, action: () => this.#newGame() }, () =>
      this.dispatchEvent(new Event("change")),
    );
  }

  /** The next game, the same teams, players and rules; a "before" event may refuse it. */
  #newGame() {
    const before = new CustomEvent("belot-calculator-before-new-game", { bubbles: true, composed: true, cancelable: true, detail: this.snapshot() });
    if (this.#target.dispatchEvent(before)) this.#book.newGame(this.#table.nextTable());
  }

  // --- games that travel ---------------------------------------------------------------

  /** Show the game a link carries (the page's "#game=…"), read only, once the games are checked. @param {string} hash */
  openLink(hash) {
    if (isGameLink(hash)) this.#book.travel.openLink(hash, VERSION);
  }

  /** A game from a file (JSON or the sheet's CSV: sheet/files.js), checked by the core, after the change under way. @param {File} file @param {FileRead | null} [read] */
  async importFile(file, read = null) {
    read ??= await readGameFile(file);
    if ("refused" in read) this.#book.travel.refuseFile(file.name, read.refused, [], read.params);
    else if ("link" in read) await this.#book.travel.importGame(null, file.name, { totals: read.totals, link: read.link });
    else await this.#book.travel.importGame(read.data ?? null, file.name, { totals: read.totals });
  }

  /** Save the game shown as a file: the contract's JSON, or CSV for a spreadsheet (sheet-send.js). @param {"json" | "csv"} kind */
  exportFile = (kind) => this.#sender.exportFile(kind);

  /** The game as text, shared or copied (sheet-send.js). */
  share = () => this.#sender.share();

  // --- rendering -------------------------------------------------------------------------

  /** The element's render: the (team-named) strings, the form's deal (or null), the headings' level. @param {ElementWords} strings @param {Language} lang @param {CalculatorState} state @param {GameDeal | null} deal */
  render(strings, lang, state, deal, headingLevel = 3) {
    const s = words(strings, lang);
    this.#lang = lang;
    const book = this.#book;
    adoptSheetStyles(this.#view.section.getRootNode());
    if (!book.validated && state === "ready") book.open();
    const sheet = /** @type {Snapshot} */ (book.snapshot()); // once the games are checked, the book has a game open
    const formEmpty = this.#form.isEmpty();
    // The undone deal stays marked until the player changes it in the form (or clears it).
    this.#marks.follow(deal, formEmpty);
    const { justRecorded, marked } = this.#marks;
    /** @type {SheetModel} */ const model = {
      s,
      lang,
      state,
      deal,
      headingLevel,
      sheet,
      status: this.#sender.status,
      justRecorded,
      marked,
      formEmpty,
      setupOpen: this.#bar.setup.open,
    };
    this.#rules.render({
      s,
      lang,
      game: sheet.game,
      result: sheet.result,
      validated: sheet.validated,
      ready: state === "ready",
      busy: sheet.busy,
      viewing: sheet.viewing,
    });
    if (!sheet.validated) this.#bar.renderLoading(model);
    else this.#bar.render(model);
    this.#view.render(model);
    this.#keep.render(s, lang, sheet);
    this.#table.render(s, lang, sheet, headingLevel);
    if (sheet.validated) this.#renderTravel({ ...model, sheet });
    this.#carryOut(s, lang, sheet);
  }

  /** @param {SheetModel & {sheet: {validated: true}}} model */
  #renderTravel({ s, lang, sheet, headingLevel }) {
    const { game, result } = sheet;
    const names = teamNames(game, s);
    const shared = !sheet.viewing
      ? null
      : { usName: names.us, themName: names.them, us: result.totals.us, them: result.totals.them, deals: plural(s.sheet.gameDeals, game.deals.length, lang) };
    const blocked = sheet.viewing && sheet.editing ? format(s.travel.finishEdit, { n: sheet.editing.index + 1 }) : "";
    this.#banner.render(s, shared, sheet.busy, headingLevel, {
      rules: sheet.viewing ? rulesSummary(game.rules ?? {}, lang, rulesFrom(game.deals)) : "",
      blocked,
      side: sheet.side,
    });
    this.#send.render(s);
    const deleted = sheet.deleted && { date: formatDate(sheet.deleted.created, lang) };
    this.#games.render(s, lang, sheet.games, { deleted, busy: sheet.busy });
  }

  /** The last change's announcement (now that its numbers are on screen) and focus (after the frame). @param {Words} s @param {Language} lang @param {Snapshot} sheet */
  #carryOut(s, lang, sheet) {
    const effects = this.#effects;
    this.#effects = null;
    if (!effects) return;
    if (effects.announce) this.#form.announce(this.#announcement(effects.announce, s, lang, sheet));
    // The focus moves once the change is on screen: moving it now would lay the page out
    // before the frame that shows the new totals.
    if (effects.focus?.to === "form") afterNextFrame().then(() => this.#form.focus());
    else if (effects.focus) this.#view.focus(effects.focus, { deleteDeal: () => this.#bar.ui.deleteDeal, newGame: () => this.#bar.ui.newGame });
  }

  /** @param {import("./view-types.js").Announcement} announcement @param {Words} s @param {Language} lang @param {Snapshot} sheet */
  #announcement({ words: group, key, params }, s, lang, { game, result }) {
    const names = teamNames(game, s);
    /** @type {Record<string, unknown>} */ const values = {
      totalUs: result.totals.us,
      totalThem: result.totals.them,
      usName: names.us,
      themName: names.them,
      us: result.totals.us,
      them: result.totals.them,
      ...params,
    };
    const row = params.row ? result.rows[params.row - 1] : null;
    if (row) Object.assign(values, { n: params.row, us: row.record.us, them: row.record.them });
    if (params.date) values.date = formatDate(params.date, lang);
    const dealer = dealerNow(game, result);
    if (dealer !== null) values.dealer = seatName(game, dealer, names, s.seats);
    const words = /** @type {Readonly<Record<string, string | PluralForms>>} */ (s[/** @type {WordGroupName} */ (group)]); // (book/effects.js: a template of one of these groups)
    return format(/** @type {string} */ (words[key]), values);
  }
}
