// The score sheet of <belot-calculator sheet>: a whole game to 151 under the calculator.
//
// The sheet keeps only what the players decided — the list of deals, in the core's
// game format — and asks the core (score_game_json, through the scorer's
// scoreGame) for everything else after every change: records, running totals, the
// hanging pot, the winner. An edit the core refuses (say, one that would end the
// game before later deals) is not applied; its message is shown instead.
//
// The element owns the form; the sheet talks to it through a small `host` object
// (see BelotCalculatorElement#sheetHost). Games are kept on the device by
// sheet-store.js.

import { h } from "./dom.js";
import { newGame, parseStore, SheetStorage, STORE_VERSION } from "./sheet-store.js";
import { format, STRINGS } from "./strings.js";

const TEAMS = ["us", "them"];
const EMPTY_RESULT = Object.freeze({
  rows: [],
  totals: { us: 0, them: 0 },
  hanging: 0,
  winner: null,
  finished: false,
  unclaimed: 0,
});

function formatDate(iso, lang) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  try {
    return new Intl.DateTimeFormat(lang === "bg" ? "bg-BG" : "en-GB", { dateStyle: "medium", timeStyle: "short" }).format(date);
  } catch {
    return date.toISOString().slice(0, 16).replace("T", " ");
  }
}

/** The team names to show: the game's own, or the defaults of `lang` (Ние/Вие, Us/Them). */
export function teamNames(game, lang) {
  const names = {};
  for (const team of TEAMS) names[team] = (game?.names?.[team] ?? "").trim() || STRINGS[lang].teams[team];
  return names;
}

/** A plain-text summary of a game, in the language of `s`. */
export function summaryText(game, result, s, lang, names = teamNames(game, lang)) {
  const t = s.sheet;
  const lines = [format(t.textTitle, { date: formatDate(game.created, lang) }), `${names.us} : ${names.them}`];
  (result?.rows ?? []).forEach((row, index) => {
    const n = `${index + 1}.`;
    if (row.passed) {
      lines.push(`${n} ${t.textPassed}`);
      return;
    }
    const notes = [];
    if (row.capot) notes.push(t.textCapot);
    if (row.hanging_out > 0) notes.push(format(t.textHanging, { points: row.hanging_out }));
    const note = notes.length ? ` (${notes.join(", ")})` : "";
    lines.push(`${n} ${row.record.us} : ${row.record.them}${note}`);
  });
  const totals = result?.totals ?? EMPTY_RESULT.totals;
  lines.push(`${t.textTotal}: ${names.us} ${totals.us} : ${totals.them} ${names.them}`);
  if (result?.winner) {
    lines.push(format(t.textWinner, { team: names[result.winner] }));
    if (result.unclaimed > 0) lines.push(format(t.textUnclaimed, { points: result.unclaimed }));
  } else {
    lines.push(t.textPlayOn);
    if (result?.hanging > 0) lines.push(format(t.textPot, { points: result.hanging }));
  }
  return lines.join("\n");
}

/** The text of the core's errors (or a local message) in `lang`. */
function errorText(errors, lang) {
  return errors.map((error) => error.message?.[lang] ?? error.message?.en ?? error.code).join(" ");
}

export class ScoreSheet {
  #host;
  #storage;
  #data;
  #results = new Map(); // game id → the core's game result
  #notices = []; // [{key, params, reason?}] shown until dismissed
  #validated = false;
  #validating = false;
  #editing = null; // index of the deal loaded into the form, or null
  #draft = null; // the form's attributes before editing began
  #busy = false;
  #error = null; // [{message: {bg, en}}] from the last refused change
  #confirm = null; // {anchor, text(s), yes(s), action, back}
  #status = null; // {key, params}: copy/share status
  #live = null; // {key, params}: the last change, announced
  #focusAfterRender = null;
  #rowsKey = "";
  #gamesKey = "";
  #labels = [];
  ui = {};

  /** `host`: the element's side (see BelotCalculatorElement#sheetHost). */
  constructor(host, storageKey) {
    this.#host = host;
    this.#storage = new SheetStorage(storageKey);
    this.#build();
    this.#read();
  }

  /** The sheet's section (under the result) and the note at the top of the form. */
  get dom() {
    return this.ui.section;
  }
  get formNote() {
    return this.ui.formNote;
  }
  get storageKey() {
    return this.#storage.key;
  }

  /** The current game (a copy is handed out in events; this one is live). */
  get #game() {
    return this.#data.games.find((game) => game.id === this.#data.current) ?? null;
  }
  get #result() {
    const game = this.#game;
    return (game && this.#results.get(game.id)) ?? EMPTY_RESULT;
  }

  /** The team names for the form's labels: the current game's own, or null before loading. */
  names(lang) {
    return this.#validated ? teamNames(this.#game, lang) : null;
  }

  /** A public snapshot: {game, result} (copies). */
  snapshot() {
    const game = this.#game;
    return { game: game ? structuredClone(game) : null, result: structuredClone(this.#result) };
  }

  // --- loading ---------------------------------------------------------------------

  #read() {
    const text = this.#storage.read();
    const { data, problem } = parseStore(text);
    this.#data = data;
    if (!problem) return;
    const aside = problem.code === "bad_games" ? JSON.stringify(problem.games) : text;
    const key = this.#storage.keepAside(aside);
    if (!key) {
      this.#notices.push({ key: "noticeNotSaved" });
      return;
    }
    if (problem.code === "unreadable") this.#notices.push({ key: "noticeUnreadable", params: { key } });
    else if (problem.code === "unknown_version") {
      this.#notices.push({ key: "noticeVersion", params: { key, version: problem.version } });
    } else this.#notices.push({ key: "noticeBadGames", params: { key } });
  }

  /** Check every stored game with the core (once it is ready); keep rejected ones aside. */
  async #validate() {
    if (this.#validated || this.#validating) return;
    this.#validating = true;
    const scorer = this.#host.scorer();
    try {
      if (typeof scorer.scoreGame !== "function") {
        this.#error = [{ message: { bg: STRINGS.bg.sheet.unavailable, en: STRINGS.en.sheet.unavailable } }];
        return;
      }
      const kept = [];
      for (const game of this.#data.games) {
        if (!game.deals.length) {
          this.#results.set(game.id, EMPTY_RESULT);
          kept.push(game);
          continue;
        }
        const reply = await scorer.scoreGame({ version: STORE_VERSION, deals: game.deals });
        if (reply?.ok) {
          this.#results.set(game.id, reply.result);
          kept.push(game);
          continue;
        }
        const key = this.#storage.keepAside(JSON.stringify(game));
        if (!key) this.#notices.push({ key: "noticeNotSaved" });
        else this.#notices.push({ key: "noticeRejected", params: { key, date: game.created }, errors: reply?.errors ?? [] });
      }
      this.#data.games = kept;
      if (!this.#game) {
        const open = kept.filter((game) => !this.#results.get(game.id)?.finished);
        open.sort((a, b) => b.updated.localeCompare(a.updated));
        if (open.length) this.#data.current = open[0].id;
        else this.#startGame(kept.at(-1)?.names);
      }
      this.#validated = true;
      this.#save();
    } catch {
      // The runtime failed: the element shows it; try again once it is ready.
    } finally {
      this.#validating = false;
      this.#host.invalidate();
    }
  }

  #startGame(names) {
    const game = newGame(names);
    this.#data.games.push(game);
    this.#data.current = game.id;
    this.#results.set(game.id, EMPTY_RESULT);
    return game;
  }

  #save() {
    // Empty games other than the current one are not worth keeping.
    this.#data.games = this.#data.games.filter((game) => game.deals.length || game.id === this.#data.current);
    const wasWritable = this.#storage.writable;
    if (!this.#storage.write(this.#data) && wasWritable) this.#notices.push({ key: "noticeNotSaved" });
  }

  #changed() {
    this.#save();
    this.#host.element.dispatchEvent(
      new CustomEvent("belot-calculator-sheet", { bubbles: true, composed: true, detail: this.snapshot() }),
    );
  }

  // --- changes (each one goes through the core) -----------------------------------

  /** Score `deals` as the current game; apply them only if the core accepts. */
  async #change(deals, after) {
    const game = this.#game;
    if (!game || this.#busy) return false;
    this.#busy = true;
    this.#error = null;
    this.#status = null;
    this.#host.invalidate();
    let reply;
    try {
      reply = deals.length ? await this.#host.scorer().scoreGame({ version: STORE_VERSION, deals }) : { ok: true, result: EMPTY_RESULT };
    } catch (error) {
      reply = { ok: false, errors: [{ code: "runtime", message: { bg: String(error?.message ?? error), en: String(error?.message ?? error) } }] };
    } finally {
      this.#busy = false;
    }
    if (!reply?.ok) {
      this.#error = reply?.errors ?? [];
      this.#host.invalidate();
      return false;
    }
    game.deals = deals;
    game.updated = new Date().toISOString();
    this.#results.set(game.id, reply.result);
    after?.();
    this.#changed();
    this.#host.invalidate();
    return true;
  }

  async record() {
    const deal = this.#host.currentDeal();
    if (!deal || this.#editing !== null) return;
    const deals = [...this.#game.deals, deal];
    await this.#change(deals, () => {
      this.#host.resetDeal();
      this.#announce(deals.length);
      this.#focusRow(deals.length - 1);
    });
  }

  async passed() {
    if (this.#editing !== null) return;
    const deals = [...this.#game.deals, { passed: true }];
    await this.#change(deals, () => {
      this.#announce(deals.length);
      this.#focusRow(deals.length - 1);
    });
  }

  async undo() {
    const deals = this.#game.deals.slice(0, -1);
    await this.#change(deals, () => {
      this.#live = { key: "undone" };
      this.#focusAfterRender = () => (this.ui.undo.disabled ? this.ui.table : this.ui.undo).focus();
    });
  }

  /** Load deal `index` into the form (or, for a passed deal, offer to delete it). */
  edit(index) {
    const game = this.#game;
    const deal = game?.deals[index];
    if (!deal || this.#busy) return;
    if (this.#editing === null) this.#draft = this.#host.snapshot();
    this.#editing = index;
    this.#error = null;
    this.#confirm = null;
    if (deal.passed) {
      this.#focusAfterRender = () => this.ui.deleteDeal.focus();
    } else {
      this.#host.loadDeal(deal);
      this.#focusAfterRender = () => this.#host.focusForm();
    }
    this.#host.invalidate();
  }

  async saveEdit() {
    const index = this.#editing;
    const deal = this.#host.currentDeal();
    if (index === null || !deal) return;
    const deals = this.#game.deals.map((old, i) => (i === index ? deal : old));
    await this.#change(deals, () => this.#stopEditing(index));
  }

  async deleteDeal() {
    const index = this.#editing;
    if (index === null) return;
    const deals = this.#game.deals.filter((_, i) => i !== index);
    await this.#change(deals, () => this.#stopEditing(Math.min(index, deals.length - 1)));
  }

  cancelEdit() {
    const index = this.#editing;
    if (index === null) return;
    this.#error = null;
    this.#stopEditing(index);
    this.#host.invalidate();
  }

  #stopEditing(focusIndex) {
    this.#editing = null;
    if (this.#draft) this.#host.restore(this.#draft);
    this.#draft = null;
    if (focusIndex != null) this.#focusRow(focusIndex);
  }

  #focusRow(index) {
    this.#focusAfterRender = () => {
      const button = this.ui.tbody.querySelector(`tr[data-index="${index}"] button`);
      (button ?? this.ui.table).focus();
    };
  }

  #announce(count) {
    this.#live = { key: "recorded", params: { n: count } };
  }

  /** Ask first (in the widget), then start a new game; a "before" event may refuse it. */
  askNewGame() {
    this.#ask(this.ui.toolbar, (t) => t.confirmNewGame, (t) => t.confirmNewGameYes, () => this.#newGame(), this.ui.newGame);
  }

  #newGame() {
    const current = this.#game;
    const before = new CustomEvent("belot-calculator-before-new-game", {
      bubbles: true,
      composed: true,
      cancelable: true,
      detail: this.snapshot(),
    });
    if (!this.#host.element.dispatchEvent(before)) return;
    if (this.#editing !== null) this.#stopEditing(null);
    this.#error = null;
    this.#startGame(current?.names);
    this.#host.resetDeal();
    this.#live = { key: "newGameStarted" };
    this.#changed();
    this.#focusAfterRender = () => this.#host.focusForm();
  }

  openGame(id) {
    if (this.#busy || !this.#data.games.some((game) => game.id === id)) return;
    if (this.#editing !== null) this.#stopEditing(null);
    this.#data.current = id;
    this.#error = null;
    this.#changed();
    this.#focusAfterRender = () => this.ui.table.focus();
    this.#host.invalidate();
  }

  askDeleteGame(id, anchor, back) {
    const game = this.#data.games.find((g) => g.id === id);
    if (!game) return;
    this.#ask(
      anchor,
      (t, lang) => format(t.confirmDeleteGame, { date: formatDate(game.created, lang) }),
      (t) => t.confirmDeleteGameYes,
      () => this.#deleteGame(id),
      back,
    );
  }

  #deleteGame(id) {
    const wasCurrent = id === this.#data.current;
    this.#data.games = this.#data.games.filter((game) => game.id !== id);
    this.#results.delete(id);
    if (wasCurrent) {
      if (this.#editing !== null) this.#stopEditing(null);
      this.#startGame(this.#data.games.at(-1)?.names);
    }
    this.#changed();
    this.#focusAfterRender = () => this.ui.gamesSummary.focus();
  }

  setName(team, value) {
    const game = this.#game;
    if (!game) return;
    game.names = { ...game.names, [team]: value };
    game.updated = new Date().toISOString();
    this.#changed();
    this.#host.invalidate();
  }

  #ask(anchor, text, yes, action, back) {
    this.#confirm = { anchor, text, yes, action, back };
    this.#focusAfterRender = () => this.ui.confirmYes.focus();
    this.#host.invalidate();
  }

  #answer(yes) {
    const confirm = this.#confirm;
    this.#confirm = null;
    if (!confirm) return;
    if (yes) confirm.action();
    else this.#focusAfterRender = () => confirm.back?.isConnected && confirm.back.focus();
    this.#host.invalidate();
  }

  async share() {
    const text = this.ui.text.value;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: STRINGS[this.#host.language()].sheet.caption, text });
        this.#status = { key: "shared" };
        this.#host.invalidate();
        return;
      } catch (error) {
        if (error?.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(text);
      this.#status = { key: "copied" };
    } catch {
      this.#status = { key: "copyFailed" };
      this.ui.textDetails.open = true;
      this.#focusAfterRender = () => this.ui.text.select();
    }
    this.#host.invalidate();
  }

  dismissNotices() {
    this.#notices = [];
    this.#host.invalidate();
  }

  // --- building (once) -------------------------------------------------------------

  #t(element, text, attribute = null) {
    this.#labels.push((s, lang) => {
      const value = text(s.sheet, lang, s);
      if (attribute) element.setAttribute(attribute, value);
      else element.textContent = value;
    });
    return element;
  }

  #button(className, text, onClick, extra = {}) {
    const button = this.#t(h("button", { type: "button", class: className, ...extra }), text);
    button.addEventListener("click", onClick);
    return button;
  }

  #build() {
    const ui = this.ui;
    const t = (element, text, attribute) => this.#t(element, text, attribute);

    ui.formNote = h("div", { class: "editing-note", part: "editing-note", hidden: true });
    ui.formNoteText = h("p", {});
    ui.formNoteCancel = this.#button("cancel-edit", (t) => t.cancel, () => this.cancelEdit());
    ui.formNote.append(ui.formNoteText, ui.formNoteCancel);

    ui.noticeList = h("ul", {});
    ui.notices = h(
      "div",
      { class: "notices", part: "sheet-notice", role: "alert", hidden: true },
      ui.noticeList,
      this.#button("dismiss", (t) => t.dismiss, () => this.dismissNotices()),
    );
    ui.loading = t(h("p", { class: "message sheet-loading" }), (t) => t.loading);

    // What can be done with the deal in the form.
    ui.record = this.#button("primary record", (t) => t.record, () => this.record());
    ui.passed = this.#button("passed", (t) => t.passed, () => this.passed());
    ui.save = this.#button("primary save", (t) => t.save, () => this.saveEdit());
    ui.deleteDeal = this.#button("delete-deal", (t) => t.deleteDeal, () => this.deleteDeal());
    ui.cancel = this.#button("cancel", (t) => t.cancel, () => this.cancelEdit());
    ui.actionHint = h("p", { class: "hint action-hint", id: "sheet-action-hint" });
    ui.record.setAttribute("aria-describedby", "sheet-action-hint");
    ui.actions = h("div", { class: "sheet-actions", part: "sheet-actions" }, ui.record, ui.passed, ui.save, ui.deleteDeal, ui.cancel);
    ui.error = h("p", { class: "error sheet-error", part: "sheet-error", role: "alert" });

    // The banner: winner, or what hangs; announced.
    ui.banner = h("p", { class: "banner", part: "sheet-banner" });
    ui.unclaimed = h("p", { class: "unclaimed" });
    ui.liveText = h("p", { class: "visually-hidden live" });
    ui.live = h("div", { class: "sheet-status", "aria-live": "polite", role: "status" }, ui.banner, ui.unclaimed, ui.liveText);

    // The table: a row per deal, totals in the foot.
    ui.caption = t(h("caption"), (t) => t.caption);
    ui.heads = {};
    const headRow = h("tr", {}, t(h("th", { scope: "col", class: "number" }), (t) => t.number));
    for (const team of TEAMS) {
      ui.heads[team] = h("th", { scope: "col", class: team });
      headRow.append(ui.heads[team]);
    }
    headRow.append(t(h("th", { scope: "col", class: "note" }), (t) => t.note));
    ui.tbody = h("tbody", {});
    ui.tbody.addEventListener("click", (event) => {
      const row = event.target.closest?.("tr[data-index]");
      if (row) this.edit(Number(row.dataset.index));
    });
    ui.totals = {};
    const footRow = h("tr", { class: "totals" }, t(h("th", { scope: "row" }), (t) => t.total));
    for (const team of TEAMS) {
      ui.totals[team] = h("td", { class: team });
      footRow.append(ui.totals[team]);
    }
    ui.pot = h("td", { class: "note pot" });
    footRow.append(ui.pot);
    ui.table = h(
      "table",
      { class: "sheet-table", part: "sheet-table", tabindex: "-1" },
      ui.caption,
      h("thead", {}, headRow),
      ui.tbody,
      h("tfoot", {}, footRow),
    );
    ui.empty = t(h("p", { class: "message sheet-empty" }), (t) => t.empty);

    // Undo, new game, share.
    ui.undo = this.#button("undo", (t) => t.undo, () => this.undo());
    ui.newGame = this.#button("new-game", (t) => t.newGame, () => this.askNewGame());
    ui.share = this.#button("share", (t) => (typeof navigator.share === "function" ? t.share : t.copy), () => this.share());
    ui.status = h("p", { class: "copy-status", role: "status" });
    ui.toolbar = h("div", { class: "sheet-toolbar", part: "sheet-toolbar" }, ui.undo, ui.newGame, ui.share, ui.status);

    // The in-widget confirmation (moved next to what asked for it).
    ui.confirmText = h("p", {});
    ui.confirmYes = h("button", { type: "button", class: "primary confirm-yes" });
    ui.confirmYes.addEventListener("click", () => this.#answer(true));
    ui.confirmNo = this.#button("confirm-no", (t) => t.cancel, () => this.#answer(false));
    ui.confirm = h(
      "div",
      { class: "confirm", part: "sheet-confirm", role: "group", hidden: true },
      ui.confirmText,
      h("div", { class: "sheet-actions" }, ui.confirmYes, ui.confirmNo),
    );
    ui.confirm.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.#answer(false);
    });

    // Team names.
    ui.names = {};
    const nameFields = TEAMS.map((team) => {
      const input = h("input", { type: "text", name: `name-${team}`, autocomplete: "off", maxlength: "40", part: "input team-name" });
      input.addEventListener("input", () => this.setName(team, input.value));
      ui.names[team] = input;
      return h("label", { class: "field" }, t(h("span"), (t) => (team === "us" ? t.nameUs : t.nameThem)), input);
    });
    ui.namesDetails = h(
      "details",
      { class: "names", part: "sheet-names" },
      t(h("summary"), (t) => t.names),
      h("div", { class: "name-fields" }, ...nameFields),
    );

    // Games kept on this device.
    ui.gamesSummary = h("summary", {});
    ui.gamesList = h("ul", { class: "games-list" });
    ui.games = h("details", { class: "games", part: "sheet-games" }, ui.gamesSummary, ui.gamesList);

    // The summary as text.
    ui.text = h("textarea", { class: "summary-text", readonly: true, rows: "8", "aria-label": "" });
    ui.textDetails = h("details", { class: "text", part: "sheet-text" }, t(h("summary"), (t) => t.text), ui.text);
    t(ui.text, (t) => t.text, "aria-label");

    ui.section = h(
      "section",
      { class: "sheet", part: "sheet" },
      ui.notices,
      ui.loading,
      ui.actions,
      ui.actionHint,
      ui.error,
      ui.live,
      ui.table,
      ui.empty,
      ui.toolbar,
      ui.confirm,
      ui.namesDetails,
      ui.games,
      ui.textDetails,
    );
  }

  // --- rendering -------------------------------------------------------------------

  /** Called by the element's render with the (team-named) strings. */
  render(s, lang, state) {
    const ui = this.ui;
    const t = s.sheet;
    for (const label of this.#labels) label(s, lang);
    ui.section.hidden = state === "closed";

    ui.notices.hidden = !this.#notices.length;
    ui.noticeList.replaceChildren(
      ...this.#notices.map((notice) => {
        const params = { ...notice.params };
        if (params.date) params.date = formatDate(params.date, lang);
        if (notice.errors) params.reason = errorText(notice.errors, lang);
        return h("li", {}, format(t[notice.key], params));
      }),
    );

    if (!this.#validated) {
      if (state === "ready") this.#validate();
      ui.loading.hidden = false;
      for (const element of [ui.actions, ui.actionHint, ui.live, ui.table, ui.empty, ui.toolbar, ui.namesDetails, ui.games, ui.textDetails, ui.confirm]) {
        element.hidden = true;
      }
      ui.error.textContent = this.#error ? errorText(this.#error, lang) : "";
      return;
    }
    ui.loading.hidden = true;
    for (const element of [ui.actions, ui.actionHint, ui.live, ui.table, ui.toolbar, ui.namesDetails, ui.games, ui.textDetails]) {
      element.hidden = false;
    }

    const game = this.#game;
    const result = this.#result;
    const names = teamNames(game, lang);
    const editing = this.#editing;
    const ready = state === "ready";

    // The hanging points the deal in the form starts with.
    // (After the end nothing more is recorded: the unclaimed points go nowhere.)
    let pot = 0;
    if (editing !== null) pot = editing > 0 ? result.rows[editing - 1]?.hanging ?? 0 : 0;
    else if (!result.finished) pot = result.hanging;
    this.#host.setHanging(pot);

    // Actions.
    const deal = this.#host.currentDeal();
    const editedDeal = editing === null ? null : game.deals[editing];
    ui.record.hidden = ui.passed.hidden = editing !== null;
    ui.save.hidden = editing === null || Boolean(editedDeal?.passed);
    ui.deleteDeal.hidden = ui.cancel.hidden = editing === null;
    ui.record.disabled = !deal || result.finished || this.#busy || !ready;
    ui.passed.disabled = result.finished || this.#busy || !ready;
    ui.save.disabled = !deal || this.#busy || !ready;
    ui.deleteDeal.disabled = this.#busy || !ready;
    if (editing !== null) {
      ui.actionHint.textContent = format(editedDeal?.passed ? t.editingPassed : t.editing, { n: editing + 1 });
    } else if (result.finished) {
      ui.actionHint.textContent = t.gameOver;
    } else {
      ui.actionHint.textContent = deal ? "" : t.recordDisabled;
    }
    ui.actionHint.hidden = !ui.actionHint.textContent;
    ui.error.textContent = this.#error ? errorText(this.#error, lang) : "";

    // The note at the top of the form while a deal is being edited.
    ui.formNote.hidden = editing === null || Boolean(editedDeal?.passed);
    ui.formNoteText.textContent = editing === null ? "" : format(t.editingForm, { n: editing + 1 });

    // Banner.
    ui.banner.className = result.winner ? "banner winner" : "banner";
    if (result.winner) {
      ui.banner.textContent = format(t.winner, { team: names[result.winner], us: result.totals.us, them: result.totals.them });
    } else if (result.hanging > 0) {
      ui.banner.textContent = format(t.pot, { points: result.hanging });
    } else {
      ui.banner.textContent = result.rows.length ? t.playOn : "";
    }
    ui.banner.hidden = !ui.banner.textContent;
    ui.unclaimed.hidden = !(result.winner && result.unclaimed > 0);
    ui.unclaimed.textContent = format(t.unclaimed, { points: result.unclaimed });
    const live = this.#live;
    ui.liveText.textContent = live?.key === "recorded"
      ? format(t.recorded, { n: live.params.n, usName: names.us, themName: names.them, us: result.totals.us, them: result.totals.them })
      : "";

    // Table.
    for (const team of TEAMS) {
      ui.heads[team].textContent = names[team];
      ui.totals[team].textContent = String(result.totals[team]);
    }
    ui.pot.textContent = result.hanging > 0 ? format(t.rowHanging, { points: result.hanging }) : "";
    const rowsKey = JSON.stringify([lang, editing, result.rows.map((row) => [row.record, row.totals, row.hanging_out, row.passed, row.capot, row.outcome]), t.editRow]);
    if (rowsKey !== this.#rowsKey) {
      this.#rowsKey = rowsKey;
      ui.tbody.replaceChildren(...result.rows.map((row, index) => this.#row(row, index, t)));
    }
    ui.empty.hidden = result.rows.length > 0;
    for (const button of ui.tbody.querySelectorAll("button")) button.disabled = this.#busy;

    // Toolbar.
    ui.undo.disabled = !game.deals.length || editing !== null || this.#busy || !ready;
    ui.newGame.disabled = !game.deals.length || this.#busy;
    ui.share.disabled = !game.deals.length;
    ui.status.textContent = this.#status ? t[this.#status.key] : "";

    // Confirmation.
    const confirm = this.#confirm;
    ui.confirm.hidden = !confirm;
    if (confirm) {
      if (ui.confirm.previousElementSibling !== confirm.anchor) confirm.anchor.after(ui.confirm);
      ui.confirmText.textContent = confirm.text(t, lang);
      ui.confirmYes.textContent = confirm.yes(t, lang);
    }

    // Names (never overwrite what is being typed).
    for (const team of TEAMS) {
      const input = ui.names[team];
      input.placeholder = STRINGS[lang].teams[team];
      if (input !== this.#host.activeElement() && input.value !== (game.names[team] ?? "")) input.value = game.names[team] ?? "";
    }

    this.#renderGames(s, lang);
    ui.text.value = summaryText(game, result, s, lang, names);

    const focus = this.#focusAfterRender;
    this.#focusAfterRender = null;
    if (focus) queueMicrotask(focus);
  }

  #row(row, index, t) {
    const n = index + 1;
    const classes = ["deal"];
    if (row.passed) classes.push("passed");
    if (index === this.#editing) classes.push("editing");
    const button = h("button", { type: "button", class: "row-button", "aria-label": format(t.editRow, { n }) }, String(n));
    if (index === this.#editing) button.setAttribute("aria-current", "true");
    const cells = TEAMS.map((team) =>
      h(
        "td",
        { class: team },
        h("span", { class: "rec" }, row.passed ? "–" : String(row.record[team])),
        h("span", { class: "run", "aria-hidden": "true" }, String(row.totals[team])),
      ),
    );
    const notes = [];
    if (row.passed) notes.push(t.rowPassed);
    if (row.capot) notes.push(t.rowCapot);
    if (row.outcome === "inside") notes.push(t.rowInside);
    if (row.hanging_out > 0) notes.push(format(t.rowHanging, { points: row.hanging_out }));
    return h(
      "tr",
      { class: classes.join(" "), "data-index": index },
      h("th", { scope: "row" }, button),
      ...cells,
      h("td", { class: "note" }, notes.join(", ")),
    );
  }

  #renderGames(s, lang) {
    const ui = this.ui;
    const t = s.sheet;
    const games = [...this.#data.games].sort((a, b) => b.created.localeCompare(a.created));
    ui.gamesSummary.textContent = format(t.games, { count: games.length });
    const key = JSON.stringify([lang, this.#data.current, games.map((g) => [g.id, g.updated, g.names]), this.#busy, t.games]);
    if (key === this.#gamesKey) return;
    this.#gamesKey = key;
    ui.gamesList.replaceChildren(
      ...games.map((game) => {
        const result = this.#results.get(game.id) ?? EMPTY_RESULT;
        const names = teamNames(game, lang);
        const date = formatDate(game.created, lang);
        const status = result.winner
          ? format(t.gameWon, { team: names[result.winner] })
          : game.id === this.#data.current
            ? t.gameCurrent
            : t.gameInProgress;
        const text = `${date} · ${names.us} ${result.totals.us} : ${result.totals.them} ${names.them} · ${format(t.gameDeals, { count: game.deals.length })} · ${status}`;
        const item = h("li", { class: game.id === this.#data.current ? "game current" : "game", "data-game": game.id });
        const open = h("button", { type: "button", class: "open-game", "aria-label": format(t.openGameLabel, { date }) }, t.openGame);
        open.disabled = game.id === this.#data.current || this.#busy;
        open.addEventListener("click", () => this.openGame(game.id));
        const remove = h("button", { type: "button", class: "delete-game", "aria-label": format(t.deleteGameLabel, { date }) }, t.deleteGame);
        remove.addEventListener("click", () => this.askDeleteGame(game.id, ui.gamesList, remove));
        if (game.id === this.#data.current) item.setAttribute("aria-current", "true");
        item.append(h("span", { class: "game-text" }, text), h("span", { class: "game-buttons" }, open, remove));
        return item;
      }),
    );
  }
}
