// The sheet's parts that live in the calculator's form: in the sticky bar the totals
// line, Record / Save changes / New game and a refused change's message; beside the
// game "All passed"; above the form the note while a deal is edited (with Delete and
// Cancel) or the game is over. Rendered from the sheet's snapshot; presses go to
// `actions`.

import { h, setHidden, setText } from "../ui/dom.js";
import { errorsText, Labels, setIsolated } from "../ui/kit.js";
import { format } from "../i18n/strings.js";
import { statusText, teamNames } from "./summary.js";

export class BarView {
  #labels = new Labels();
  ui = {};

  /** `actions`: {record, save, newGame, passed, deleteDeal, cancel}. */
  constructor(actions) {
    const ui = this.ui;
    const button = (className, text, onClick) => {
      const element = this.#labels.bind(h("button", { type: "button", class: className }), text);
      element.addEventListener("click", onClick);
      return element;
    };
    ui.actionHint = h("p", { class: "action-hint", id: "sheet-action-hint" });
    ui.deleteDeal = button("delete-deal", (t) => t.deleteDeal, () => actions.deleteDeal());
    ui.cancel = button("cancel", (t) => t.cancel, () => actions.cancel());
    ui.formNote = h("div", { class: "editing-note form-note", part: "editing-note", hidden: true }, ui.actionHint, ui.deleteDeal, ui.cancel);
    ui.totalsMain = h("span", { class: "totals-main" });
    ui.totalsRest = h("span", { class: "totals-rest" });
    ui.notSaved = h("span", { class: "not-saved" });
    ui.totals = h("p", { class: "bar-totals", part: "bar-totals" }, ui.totalsMain, ui.totalsRest, ui.notSaved);
    ui.record = button("primary record", (t) => t.record, () => actions.record());
    ui.save = button("primary save", (t) => t.save, () => actions.save());
    ui.newGame = button("primary bar-new-game", (t) => t.newGame, () => actions.newGame(ui.newGame));
    ui.error = h("p", { class: "error sheet-error", part: "sheet-error", role: "alert" });
    ui.passed = button("passed", (t) => t.passed, () => actions.passed());
  }

  /** The parts the form's view places: see CalculatorView.attachSheet. */
  get parts() {
    const ui = this.ui;
    return { note: ui.formNote, gameAction: ui.passed, totals: ui.totals, error: ui.error, actions: [ui.record, ui.save, ui.newGame] };
  }

  /** Before the games are checked: only a refused start's message. */
  renderLoading({ s, lang, sheet }) {
    const ui = this.ui;
    this.#labels.render(s.sheet);
    for (const element of [ui.formNote, ui.totals, ui.record, ui.save, ui.newGame, ui.passed]) setHidden(element, true);
    setText(ui.error, sheet.error ? errorsText(sheet.error, lang) : "");
  }

  render({ s, lang, state, deal, sheet }) {
    const ui = this.ui;
    const t = s.sheet;
    this.#labels.render(t);
    const { editing, result, busy } = sheet;
    const ready = state === "ready";
    setHidden(ui.totals, false);
    // Record; while editing, Save changes (none for a passed deal); once over, New game.
    setHidden(ui.record, editing !== null || result.finished);
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
    let hint = "";
    if (editing) hint = format(editing.fixing ? s.houseRules.fixing : editing.passed ? t.editingPassed : t.editingForm, { n: editing.index + 1 });
    else if (result.finished) hint = t.gameOver;
    setText(ui.actionHint, hint);
    setHidden(ui.formNote, !hint);
    setText(ui.error, sheet.error ? errorsText(sheet.error, lang) : "");
    this.#renderTotals(s, lang, sheet);
  }

  /** The totals line: the game so far (or its winner), what hangs, why a game at 151 goes on. */
  #renderTotals(s, lang, sheet) {
    const ui = this.ui;
    const t = s.sheet;
    const { result, game } = sheet;
    const names = teamNames(game, s);
    const { us, them } = result.totals;
    if (result.winner) setIsolated(ui.totalsMain, t.winner, { team: names[result.winner], us, them });
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
