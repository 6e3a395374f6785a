// The score sheet's section under the calculator's form, rendered from the sheet's
// snapshot (book/game-book.js snapshot()): the notices, where the game stands, the
// table of deals with the running totals, Undo / New game / Share, the question asked
// before a new game, the team names, the Rules panel, sending the game, the games on
// this device and the game as text. Presses go to `actions`; the view never changes a
// game itself. Focus moves and announcements are carried out here, as book/effects.js
// decides them.

import { SEAT_ORDER, TEAMS, MAX_NAME_LENGTH } from "../core-tables.js";
import { format, STRINGS } from "../i18n/strings.js";
import { h, setHidden, setText } from "../ui/dom.js";
import { clip, DeferredFocus, errorsText, Labels, setIsolated } from "../ui/kit.js";
import { MAX_NOTICE, MAX_REASON } from "../book/notices.js";
import { Question } from "./question.js";
import { playerNames } from "../book/seats.js";
import { SheetTable } from "./sheet-table.js";
import { formatDate, statusText, summaryText, teamNames, winnerParams } from "./summary.js";
import { typedField } from "../text.js";
/** @import { GamesList } from "./games-list.js"; */
/** @import { Focus, Game, GameResult, Language, Notice, NoticeList, NoticeParams, PluralForms, SheetModel, Snapshot, Team, SheetWords, Words } from "./view-types.js"; */

/**
 * What the sheet's presses ask of the book.
 * @typedef {object} SheetActions
 * @property {() => void} undo
 * @property {() => void} redo
 * @property {(anchor: HTMLElement, back: HTMLElement) => void} newGame
 * @property {() => void} share
 * @property {() => void} dismiss
 * @property {() => void} downloadAside
 * @property {(index: number) => void} edit
 * @property {(team: Team, value: string) => void} setName
 * @property {(team: Team, index: number, value: string) => void} setPlayer
 * @property {() => void} [saveTyping] a name being typed saved now
 */

/**
 * The parts other modules build and the sheet places (rules-panel.js, games-list.js, share.js).
 * @typedef {object} SheetParts
 * @property {{ui: {summary: HTMLElement, panel: HTMLElement}}} rules
 * @property {GamesList} games
 * @property {{element: HTMLElement}} send
 * @property {{element: HTMLElement, ui: {title: HTMLElement}}} banner
 */

const TEAM_LIST = /** @type {readonly Team[]} */ (TEAMS);

/**
 * Whether `input` has the focus in its document or shadow root (what is typed there is never overwritten).
 * @param {HTMLInputElement} input
 */
function typing(input) {
  const root = input.getRootNode();
  return "activeElement" in root && root.activeElement === input;
}

/**
 * A notice's text in `lang` (book/notices.js).
 * @param {Notice} notice
 * @param {Pick<Words, Notice["words"]>} s
 * @param {Language} lang
 */
export function noticeText(notice, s, lang) {
  /** @type {NoticeParams} */
  const params = { ...notice.params };
  // Counts as the language writes them ("1,000" / "1000", "20 000"): the core's grouping.
  for (const name of ["count", "size", "max"])
    if (Number.isInteger(params[name])) params[name] = new Intl.NumberFormat(lang).format(/** @type {number} */ (params[name]));
  if (params.date) params.date = formatDate(params.date, lang);
  if (params.file !== undefined) params.file = clip(params.file, MAX_REASON);
  if (notice.key === "namesCut") params.max = MAX_NAME_LENGTH;
  if (notice.reason) params.reason = format(/** @type {Record<string, string>} */ (s.travel)[notice.reason], params);
  else if (notice.errors) params.reason = errorsText(notice.errors, lang, MAX_REASON);
  const group = /** @type {Readonly<Record<string, string | PluralForms>>} */ (s[notice.words]);
  return format(/** @type {string} */ (group[notice.key]), params); // (a notice's words are a template, never plural forms)
}

export class SheetView {
  /** @type {SheetActions} */ #actions;
  #labels = new Labels();
  #focus = new DeferredFocus();
  #noticesShown = "";
  /** @type {unknown[] | null} */ #textFrom = null;
  /** @type {[Words, Language, {game: Game, result: GameResult}, Record<Team, string>] | null} */ #textArgs = null; // the last render's, for a field opened later
  /** @type {SheetTable} */ table;
  /** @type {Question} */ question;
  /** @type {SheetParts} */ parts;
  ui; // the elements #build made (typed from them)

  /**
   * `actions`: {undo, redo, newGame(anchor, back), share, dismiss, downloadAside, edit(index),
   * setName(team, value), setPlayer(team, index, value)}; `parts`: the Rules panel, the games list, the send panel and the shared
   * banner (their own elements, placed here).
   * @param {SheetActions} actions
   * @param {SheetParts} parts
   */
  constructor(actions, { rules, games, send, banner }) {
    this.#actions = actions;
    this.parts = { rules, games, send, banner };
    this.question = new Question();
    this.table = new SheetTable((index) => actions.edit(index));
    this.ui = this.#build();
  }

  get section() {
    return this.ui.section;
  }

  /**
   * @param {string} className
   * @param {(t: SheetWords) => string} text
   * @param {() => void} onClick
   */
  #button(className, text, onClick) {
    const button = /** @type {HTMLButtonElement} */ (this.#labels.bind(h("button", { type: "button", class: className }), text));
    button.addEventListener("click", onClick);
    return button;
  }

  #build() {
    /** @type {(element: HTMLElement, text: (t: SheetWords) => string, attribute?: string) => HTMLElement} */
    const label = (element, text, attribute) => this.#labels.bind(element, text, attribute);
    const newsParts = this.#news();
    const loading = label(h("p", { class: "message sheet-loading" }), (t) => t.loading);
    const bannerMain = h("span", {});
    const bannerRest = h("span", {});
    const banner = h("p", { class: "banner", part: "sheet-banner" }, bannerMain, bannerRest);
    const unclaimed = h("p", { class: "unclaimed" });
    const live = h("div", { class: "sheet-status" }, banner, unclaimed);
    this.table.caption.append(this.parts.rules.ui.summary);
    const empty = label(h("p", { class: "message sheet-empty" }), (t) => t.empty);
    const tools = this.#toolbar();
    const names = /** @type {Record<Team, HTMLInputElement>} */ ({});
    const nameFields = h("div", { class: "name-fields" }, ...this.#nameFields(names, label));
    const players = this.#players();
    const namesDetails = h(
      "details",
      { class: "names", part: "sheet-names" },
      label(h("summary"), (t) => t.names),
      nameFields,
      players.playersSet,
    );
    const { text, textDetails } = this.#textDetails(label);
    // Shown only on paper: what game this is ("Белот · 2 яну 2026 г., 20:00").
    const printTitle = h("p", { class: "print-title", part: "sheet-print-title" });
    const { rules, games, send } = this.parts;
    const section = h(
      "section",
      { class: "sheet", part: "sheet" },
      ...[printTitle, this.parts.banner.element, loading, live, this.table.element, empty, tools.toolbar, this.question.element],
      ...[rules.ui.panel, namesDetails, send.element, games.element, textDetails],
    );
    const parts = { ...newsParts, loading, bannerMain, bannerRest, banner, unclaimed, live, empty, ...tools };
    return { ...parts, names, nameFields, namesDetails, text, textDetails, printTitle, section, ...players };
  }

  /** The sheet's notices and their actions. */
  #news() {
    const noticeList = h("ul", {});
    const downloadAside = this.#button(
      "download-aside",
      (t) => t.downloadAside,
      () => this.#actions.downloadAside(),
    );
    const dismiss = this.#button(
      "dismiss",
      (t) => t.dismiss,
      () => this.#actions.dismiss(),
    );
    const notices = h(
      "div",
      { class: "notices", part: "sheet-notice", role: "alert", hidden: true, tabindex: "-1" },
      noticeList,
      h("div", { class: "sheet-actions" }, downloadAside, dismiss),
    );
    // The sheet's news (a refused file, the games the browser cleared…) goes above the
    // form (CalculatorView.attachSheet): it begins on the first screen, where it is read.
    const news = h("div", { class: "sheet-news" }, notices);
    return { noticeList, downloadAside, notices, news };
  }

  /** Undo, Redo, New game, Share, and what a copy or share came to. */
  #toolbar() {
    const undo = this.#button(
      "undo",
      (t) => t.undo,
      () => this.#actions.undo(),
    );
    const redo = this.#button(
      "redo",
      (t) => t.redo,
      () => this.#actions.redo(),
    );
    const newGame = this.#button(
      "new-game",
      (t) => t.newGame,
      () => this.#actions.newGame(toolbar, newGame),
    );
    const share = this.#button(
      "share",
      (t) => (typeof navigator.share === "function" ? t.share : t.copy),
      () => this.#actions.share(),
    );
    const status = h("p", { class: "copy-status", role: "status" });
    const toolbar = h("div", { class: "sheet-toolbar", part: "sheet-toolbar" }, undo, redo, newGame, share, status);
    return { undo, redo, newGame, share, status, toolbar };
  }

  /**
   * The game as text, to copy (folded).
   * @param {(element: HTMLElement, text: (t: SheetWords) => string, attribute?: string) => HTMLElement} label
   */
  #textDetails(label) {
    const text = /** @type {HTMLTextAreaElement} */ (h("textarea", { class: "summary-text", readonly: true, rows: "8", "aria-label": "" }));
    label(text, (t) => t.text, "aria-label");
    const textDetails = /** @type {HTMLDetailsElement} */ (
      h(
        "details",
        { class: "text", part: "sheet-text" },
        label(h("summary"), (t) => t.text),
        text,
      )
    );
    textDetails.addEventListener("toggle", () => this.#fillText());
    return { text, textDetails };
  }

  /**
   * The two teams' name fields, each kept in `names`.
   * @param {Record<Team, HTMLInputElement>} names
   * @param {(element: HTMLElement, text: (t: SheetWords) => string) => HTMLElement} label
   */
  #nameFields(names, label) {
    return TEAM_LIST.map((team) => {
      const input = /** @type {HTMLInputElement} */ (
        h("input", { type: "text", name: `name-${team}`, autocomplete: "off", maxlength: String(MAX_NAME_LENGTH), part: "input team-name", dir: "auto" })
      );
      typedField(input, (/** @type {string} */ value) => this.#actions.setName(team, value));
      input.addEventListener("change", () => this.#actions.saveTyping?.()); // left: saved now, not per letter
      names[team] = input;
      return h(
        "label",
        { class: "field" },
        label(h("span"), (t) => (team === "us" ? t.nameUs : t.nameThem)),
        input,
      );
    });
  }

  /** The four players' names (optional), in the order the deal passes: book/seats.js. */
  #players() {
    const players = SEAT_ORDER.map(([team, index]) => {
      const input = /** @type {HTMLInputElement} */ (
        h("input", {
          type: "text",
          name: `player-${team}-${index}`,
          autocomplete: "off",
          maxlength: String(MAX_NAME_LENGTH),
          part: "input player-name",
          dir: "auto",
        })
      );
      typedField(input, (/** @type {string} */ value) => this.#actions.setPlayer(team, index, value));
      input.addEventListener("change", () => this.#actions.saveTyping?.());
      return { team, index, input, label: h("span") };
    });
    const playersLegend = h("legend");
    const playersHint = h("p", { class: "players-hint" });
    const fields = players.map((player) => h("label", { class: "field" }, player.label, player.input));
    const playersSet = h("fieldset", { class: "players", part: "sheet-players" }, playersLegend, playersHint, h("div", { class: "player-fields" }, ...fields));
    return { players, playersLegend, playersHint, playersSet };
  }

  /** Render `model`: {s, lang, state, headingLevel, sheet (the book's snapshot), status, viewing}. @param {SheetModel} model */
  render(model) {
    const { s, lang, state, sheet } = model;
    const ui = this.ui;
    this.#labels.render(s.sheet);
    setHidden(ui.section, state === "closed");
    this.#renderNotices(s, lang, sheet.notices);
    const loading = !sheet.validated;
    setHidden(ui.loading, !loading);
    const viewing = Boolean(sheet.viewing);
    for (const element of [ui.live, this.table.element]) setHidden(element, loading);
    for (const element of [ui.toolbar, ui.textDetails, this.parts.send.element, this.parts.games.element]) setHidden(element, loading || viewing);
    // The names are typed in the set-up step while it is open (sheet/setup-step.js): not here too.
    setHidden(ui.namesDetails, loading || viewing || model.setupOpen);
    if (loading) {
      for (const element of [ui.empty, this.question.element]) setHidden(element, true);
      return;
    }
    const names = teamNames(sheet.game, s);
    setText(ui.printTitle, format(s.sheet.textTitle, { date: formatDate(sheet.game.created, lang) }));
    this.#renderStanding(s, lang, sheet, names);
    this.table.render({ s, lang, sheet, names, disabled: viewing });
    setHidden(ui.empty, sheet.result.rows.length > 0);
    this.#renderToolbar({ ...model, sheet });
    this.question.render(s.sheet);
    this.#renderNames(lang, sheet.game);
    this.#renderPlayers(s, sheet.game, names);
    this.#renderText(s, lang, sheet, names);
  }

  /**
   * Built only when they change (a saved game of 2,000 bad deals must not cost every edit).
   * @param {Words} s
   * @param {Language} lang
   * @param {NoticeList} notices
   */
  #renderNotices(s, lang, notices) {
    const ui = this.ui;
    setHidden(ui.notices, !notices.list.length);
    setHidden(ui.downloadAside, !notices.aside);
    const key = `${lang} ${notices.version}`;
    if (key === this.#noticesShown) return;
    this.#noticesShown = key;
    const { shown, earlier } = notices.shown();
    ui.noticeList.replaceChildren(
      ...(earlier ? [h("li", { class: "earlier" }, format(s.store.moreNotices, { count: earlier }))] : []),
      ...shown.map((notice) => h("li", {}, clip(noticeText(notice, s, lang), MAX_NOTICE))),
    );
    // News that asks nothing of the reader (saved again, followed another tab) is no warning.
    ui.notices.classList.toggle(
      "info",
      shown.every((notice) => notice.info),
    );
  }

  /**
   * Under the bar: the winner, or where the game stands and what hangs.
   * @param {Words} s
   * @param {Language} lang
   * @param {{result: GameResult}} sheet
   * @param {Record<Team, string>} names
   */
  #renderStanding(s, lang, { result }, names) {
    const ui = this.ui;
    const t = s.sheet;
    const winner = Boolean(result.winner);
    if (ui.banner.classList.contains("winner") !== winner) ui.banner.classList.toggle("winner", winner);
    const rest = [];
    if (winner) setIsolated(ui.bannerMain, t.winner, winnerParams(result, names));
    else {
      setIsolated(ui.bannerMain, "", {});
      if (result.rows.length && (result.status?.code !== "status_playing" || !(result.hanging > 0))) rest.push(statusText(result, lang));
      if (result.rows.length && result.hanging > 0) rest.push(format(t.pot, { points: result.hanging }));
    }
    setText(ui.bannerRest, rest.join(" "));
    setHidden(ui.banner, !ui.banner.textContent);
    setHidden(ui.unclaimed, !(result.winner && result.unclaimed > 0));
    setText(ui.unclaimed, format(t.unclaimed, { points: result.unclaimed }));
  }

  /** @param {Omit<SheetModel, "sheet"> & {sheet: Snapshot & {validated: true}}} model */
  #renderToolbar({ s, state, sheet, status }) {
    const ui = this.ui;
    const ready = state === "ready";
    const deals = sheet.game.deals.length;
    ui.undo.disabled = !deals || sheet.editing !== null || sheet.busy || !ready;
    setHidden(ui.redo, !sheet.redo);
    ui.redo.disabled = sheet.editing !== null || sheet.busy || !ready;
    ui.newGame.disabled = !deals || sheet.busy;
    ui.share.disabled = !deals;
    setText(ui.status, status ? s.sheet[status] : "");
  }

  /** The team names, the default ones as placeholders (never overwriting what is being typed). @param {Language} lang @param {Game} game */
  #renderNames(lang, game) {
    for (const team of TEAM_LIST) {
      const input = this.ui.names[team];
      input.placeholder = STRINGS[lang].teams[team];
      const value = game.names[team] ?? "";
      if (!typing(input) && input.value !== value) input.value = value;
    }
  }

  /**
   * The players' names, labelled by team and place ("Ние (1)"), never overwriting what is being typed.
   * @param {Words} s
   * @param {Game} game
   * @param {Record<Team, string>} names
   */
  #renderPlayers(s, game, names) {
    const t = s.seats;
    setText(this.ui.playersLegend, t.players);
    setText(this.ui.playersHint, t.playersHint);
    const values = /** @type {Record<Team, string[]>} */ (playerNames(game)); // ({us: [a, b], them: [c, d]})
    for (const { team, index, input, label } of this.ui.players) {
      const text = format(t.seatUnnamed, { team: names[team], n: index + 1 });
      setText(label, text);
      input.placeholder = text;
      const value = values[team][index];
      if (!typing(input) && input.value !== value) input.value = value;
    }
  }

  /**
   * The game as text: written again only when it changed.
   * @param {Words} s
   * @param {Language} lang
   * @param {{game: Game, result: GameResult}} sheet
   * @param {Record<Team, string>} names
   */
  #renderText(s, lang, { game, result }, names) {
    // Written while it is open only (and when it opens): a long game's text in a folded
    // field was laid out and styled again on every change (a line a row).
    this.#textArgs = [s, lang, { game, result }, names];
    if (!this.ui.textDetails.open) return;
    const textFrom = [game, names.us, names.them, result, lang];
    const before = this.#textFrom;
    if (before && textFrom.every((value, i) => value === before[i])) return;
    this.#textFrom = textFrom;
    this.ui.text.value = summaryText(game, result, s, lang, names);
  }

  /** The game as text into its field, as the last render had it (the field was opened). */
  #fillText() {
    if (this.#textArgs) this.#renderText(...this.#textArgs);
  }

  /** Show the text summary selected (copying it failed). */
  selectText() {
    this.ui.textDetails.open = true;
    this.#fillText();
    this.#focus.request(() => this.ui.text);
    queueMicrotask(() => this.ui.text.select());
  }

  /**
   * Move the focus as book/effects.js decided (`focus`: {to, index?, id?}), once the
   * change is on screen; `elsewhere`: targets outside this section ({name: () => element}).
   * @param {Focus} focus
   * @param {Record<string, () => HTMLElement>} [elsewhere]
   */
  focus(focus, elsewhere = {}) {
    const ui = this.ui;
    const { games, banner } = this.parts;
    /** @type {Record<string, () => HTMLElement | null>} */
    const targets = {
      undo: () => (ui.undo.disabled ? this.table.element : ui.undo),
      table: () => this.table.element,
      row: () => this.table.rowButton(focus.index) ?? this.table.element,
      notices: () => ui.notices,
      gamesUndo: () => games.undoTarget(),
      game: () => games.gameTarget(focus.id),
      sharedTitle: () => banner.ui.title,
      ...elsewhere,
    };
    const target = targets[focus.to];
    if (target) this.#focus.request(target, focus.preventScroll ? { preventScroll: true } : undefined);
  }
}
