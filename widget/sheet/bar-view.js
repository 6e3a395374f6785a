// The sheet's parts that live in the calculator's form: in the sticky bar the totals
// line, Record / Save changes / New game and a refused change's message; beside the
// game "All passed"; who deals in the bar between deals, and above the form the choice of
// who deals (sheet/dealer-view.js) and the note while a deal is edited (with Delete and
// Cancel). Once the game is over the form is closed
// and the bar's one action is "New game (same teams)". Rendered from the sheet's
// snapshot; presses go to `actions`.

import { h, setHidden, setText } from "../ui/dom.js";
import { errorsText, Labels, setIsolated } from "../ui/kit.js";
import { format } from "../i18n/strings.js";
import { dealerText, DealerView } from "./dealer-view.js";
import { SetupStep } from "./setup-step.js";
import { rowLine, statusText, teamNames, winnerParams } from "./summary.js";
/** @import { Language, SheetModel, Snapshot, SheetWords, Words } from "./view-types.js"; */

/**
 * What the bar's presses ask of the sheet.
 * @typedef {object} BarActions
 * @property {() => void} record
 * @property {() => void} save
 * @property {(button: HTMLButtonElement) => void} newGame
 * @property {(button: HTMLButtonElement) => void} passed
 * @property {() => void} deleteDeal
 * @property {() => void} cancel
 * @property {() => void} undo
 * @property {(seat: number) => void} chooseDealer
 * @property {() => void} setupChanged
 * @property {() => void} setupDone
 */

export class BarView {
  #labels = new Labels();
  /** @type {DealerView} */ dealer;
  /** @type {SetupStep} */ setup;
  ui; // the elements the constructor made (typed from them)

  /**
   * `actions`: {record, save, newGame(button), passed(button), deleteDeal, cancel, undo,
   * chooseDealer(seat), setupChanged() (the set-up step opened or closed), setupDone()}.
   * @param {BarActions} actions
   */
  constructor(actions) {
    /**
     * @param {string} className
     * @param {(t: SheetWords) => string} text
     * @param {() => void} onClick
     */
    const button = (className, text, onClick) => {
      const element = /** @type {HTMLButtonElement} */ (this.#labels.bind(h("button", { type: "button", class: className }), text));
      element.addEventListener("click", onClick);
      return element;
    };
    this.dealer = new DealerView((seat) => actions.chooseDealer(seat));
    // At a game's start, the table's set-up (sheet/setup-step.js) before the seats.
    this.setup = new SetupStep({ changed: () => actions.setupChanged(), done: () => actions.setupDone() });
    const top = this.#formTop(actions, button);
    const lines = this.#sheetLines(actions, button);
    const record = button(
      "primary record",
      (t) => t.record,
      () => actions.record(),
    );
    const save = button(
      "primary save",
      (t) => t.save,
      () => actions.save(),
    );
    // Once the game is over: the next game at once, no question asked (nothing is lost).
    const newGame = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "primary bar-new-game" }));
    newGame.addEventListener("click", () => actions.newGame(newGame));
    const error = h("p", { class: "error sheet-error", part: "sheet-error", role: "alert" });
    const passed = button(
      "passed",
      (t) => t.passed,
      () => actions.passed(passed),
    );
    this.ui = { ...top, ...lines, record, save, newGame, error, passed };
  }

  /**
   * Above the form: the set-up step, the dealer chooser, and while a deal is edited its note.
   * @param {BarActions} actions
   * @param {(className: string, text: (t: SheetWords) => string, onClick: () => void) => HTMLButtonElement} button
   */
  #formTop(actions, button) {
    const actionHint = h("p", { class: "action-hint", id: "sheet-action-hint" });
    const deleteDeal = button(
      "delete-deal",
      (t) => t.deleteDeal,
      () => actions.deleteDeal(),
    );
    const cancel = button(
      "cancel",
      (t) => t.cancel,
      () => actions.cancel(),
    );
    const formNote = h("div", { class: "editing-note form-note", part: "editing-note", hidden: true }, actionHint, deleteDeal, cancel);
    const formTop = h("div", { class: "form-top" }, this.setup.element, this.dealer.ui.chooser, formNote);
    return { actionHint, deleteDeal, cancel, formNote, formTop };
  }

  /**
   * The bar's lines about the sheet: the totals, the rows just recorded, a deal undone, who deals.
   * @param {BarActions} actions
   * @param {(className: string, text: (t: SheetWords) => string, onClick: () => void) => HTMLButtonElement} button
   */
  #sheetLines(actions, button) {
    const totalsMain = h("span", { class: "totals-main" });
    const totalsRest = h("span", { class: "totals-rest" });
    const notSaved = h("span", { class: "not-saved" });
    const totals = h("p", { class: "bar-totals", part: "bar-totals" }, totalsMain, totalsRest, notSaved);
    // The latest rows, just after a Record: what was written is seen without scrolling,
    // its row marked, with an Undo of its own.
    const recentRows = h("span", { class: "recent-rows" });
    const recent = h("p", { class: "bar-recent", part: "bar-recent" }, recentRows);
    // Just after a Record, until the next deal is begun (Record would be off), its Undo
    // stands where Record stands: the bar keeps its height, the form stays in view.
    const undoRecorded = button(
      "undo-recorded",
      (t) => t.undoShort,
      () => actions.undo(),
    );
    // After an Undo that put the deal back into the form: it is out of the sheet, to fix.
    const undone = h("p", { class: "bar-undone", hidden: true });
    const sheetLines = h("div", { class: "bar-sheet" }, totals, recent, undone, this.dealer.ui.line);
    return { totalsMain, totalsRest, notSaved, totals, recentRows, recent, undoRecorded, undone, sheetLines };
  }

  /** The parts the form's view places: see CalculatorView.attachSheet. */
  get parts() {
    const ui = this.ui;
    return { note: ui.formTop, gameAction: ui.passed, totals: ui.sheetLines, error: ui.error, actions: [ui.undoRecorded, ui.record, ui.save, ui.newGame] };
  }

  /** Before the games are checked: only a refused start's message. @param {Pick<SheetModel, "s" | "lang" | "sheet">} model */
  renderLoading({ s, lang, sheet }) {
    const ui = this.ui;
    this.#labels.render(s.sheet);
    for (const element of [this.setup.element, this.dealer.ui.chooser, this.dealer.ui.line]) setHidden(element, true);
    for (const element of [ui.formNote, ui.totals, ui.recent, ui.undoRecorded, ui.record, ui.save, ui.newGame, ui.passed]) setHidden(element, true);
    setText(ui.error, sheet.error ? errorsText(sheet.error, lang) : "");
  }

  /** @param {SheetModel} model */
  render({ s, lang, state, deal, sheet, justRecorded = null, marked = null, formEmpty = false }) {
    const ui = this.ui;
    const t = s.sheet;
    this.#labels.render(t);
    const { editing, result, busy } = sheet;
    const ready = state === "ready";
    setHidden(ui.totals, false);
    // Record; while editing, Save changes (none for a passed deal); once over, New game.
    const undoHere = Boolean(justRecorded) && formEmpty && !deal && editing === null && !result.finished;
    setHidden(ui.undoRecorded, !undoHere);
    ui.undoRecorded.disabled = busy;
    setHidden(ui.record, editing !== null || result.finished || undoHere);
    setHidden(ui.newGame, editing !== null || !result.finished);
    setHidden(ui.passed, editing !== null || result.finished);
    setHidden(ui.save, editing === null || editing.passed);
    setHidden(ui.deleteDeal, editing === null);
    setHidden(ui.cancel, editing === null);
    ui.record.disabled = !deal || result.finished || busy || !ready;
    ui.passed.disabled = result.finished || busy || !ready;
    ui.save.disabled = !deal || busy || !ready;
    ui.deleteDeal.disabled = busy || !ready;
    ui.newGame.disabled = busy;
    setText(ui.newGame, s.seats.newGameSame);
    // The row just recorded (or just saved from an edit), shown with who deals beside it.
    const recent = undoHere ? justRecorded : marked?.kind === "edited" && !editing ? marked.n : null;
    // Who deals stands where "what is missing" stands while nothing is entered (beside the
    // row just written while that is shown: once, not twice).
    const line = formEmpty && !deal && editing === null && recent === null;
    this.setup.render({ s, sheet, disabled: busy || !ready });
    this.dealer.render({ s, lang, sheet, disabled: busy || !ready, line, offer: this.setup.open });
    let hint = "";
    if (editing) hint = format(editing.fixing ? s.houseRules.fixing : editing.passed ? t.editingPassed : t.editingForm, { n: editing.index + 1 });
    setText(ui.actionHint, hint);
    setHidden(ui.formNote, !hint);
    setText(ui.error, sheet.error ? errorsText(sheet.error, lang) : "");
    this.#renderTotals(s, lang, sheet);
    this.#renderRecent(s, lang, sheet, recent);
    this.#renderUndone(s, marked?.kind === "undone" && !editing ? marked.n : null);
  }

  /** The deal just undone, back in the form: the bar says it is not in the sheet any more. @param {Words} s @param {number | null} n */
  #renderUndone(s, n) {
    const ui = this.ui;
    setHidden(ui.undone, n === null);
    setText(ui.undone, n === null ? "" : format(s.sheet.undoneInForm, { n }));
  }

  /**
   * The last two rows in a line ("4. 0 : 16 · 5. 10 : 27"), the one just recorded marked;
   * in a game with a dealer the last row and who deals now ("5. 10 : 27 · Раздава: Иван").
   * @param {Words} s
   * @param {Language} lang
   * @param {Snapshot} sheet
   * @param {number | null} justRecorded
   */
  #renderRecent(s, lang, sheet, justRecorded) {
    const ui = this.ui;
    const { result } = sheet;
    const dealer = dealerText(s, sheet);
    // The row marked (just recorded, or just saved from an edit) and the one before it.
    const end = justRecorded ? Math.min(Math.max(justRecorded, 1), result.rows.length) : result.rows.length;
    const rows = result.rows.slice(0, end).slice(dealer && end === result.rows.length ? -1 : -2);
    const first = end - rows.length;
    const key = JSON.stringify([lang, rows.map((row) => [row.record, row.passed, row.hanging_out, row.collected]), first, justRecorded, dealer]);
    // Shown in the place of the form's "what is missing" line (styles/sheet.js), only just
    // after a Record while nothing of the next deal is entered: the bar keeps its height.
    setHidden(ui.recent, !rows.length || !justRecorded);
    if (ui.recent.dataset.key === key) return;
    ui.recent.dataset.key = key;
    ui.recentRows.replaceChildren(
      ...rows.flatMap((row, i) => {
        const n = first + i + 1;
        const marked = n === justRecorded;
        const line = h("span", { class: marked ? "recent-row recorded" : "recent-row" }, rowLine(row, n, s));
        if (marked) line.prepend(h("span", { class: "recorded-mark", "aria-hidden": "true" }, "✓ "));
        return i ? [" · ", line] : [line];
      }),
    );
    if (dealer) ui.recentRows.append(" · ", h("span", { class: "recent-dealer" }, dealer));
  }

  /**
   * The totals line: the game so far (or its winner), what hangs, why a game past its target goes on.
   * @param {Words} s
   * @param {Language} lang
   * @param {Snapshot} sheet
   */
  #renderTotals(s, lang, sheet) {
    const ui = this.ui;
    const t = s.sheet;
    const { result, game } = sheet;
    const names = teamNames(game, s);
    const { us, them } = result.totals;
    if (result.winner) setIsolated(ui.totalsMain, t.winner, winnerParams(result, names));
    else setIsolated(ui.totalsMain, t.totals, { usName: names.us, themName: names.them, us, them });
    const rest = [];
    if (!result.winner && result.hanging > 0) rest.push(format(t.totalsHanging, { points: result.hanging }));
    const status = result.status?.code;
    if (status === "status_capot" || status === "status_tied") rest.push(statusText(result, lang));
    setText(ui.totalsRest, rest.map((part) => ` · ${part}`).join(""));
    // While nothing is saved, the bar (in view on a phone) says so on every deal.
    setText(ui.notSaved, sheet.saving === "saved" ? "" : ` · ${s.store.notSaved}`);
    if (ui.totals.classList.contains("winner") !== Boolean(result.winner)) ui.totals.classList.toggle("winner", Boolean(result.winner));
  }
}
