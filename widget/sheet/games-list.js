// "Games on this device": the score sheet's history, as a <details> of its own — a
// line per kept game (date, names, score, deals, where it stands), Open and Delete
// (no question asked: an Undo stands in its place for a few seconds, until the next
// change), and Import a game from a JSON file. It renders plain items the sheet gives
// it and reports the reader's actions back; the games themselves stay the sheet's.

import { h } from "../ui/dom.js";
import { format } from "../i18n/strings.js";


export class GamesList {
  #actions;
  #key = "";
  ui = {};

  /** `actions`: `{open(id), remove(id), undo(), import(file)}`. */
  constructor(actions) {
    this.#actions = actions;
    const ui = this.ui;
    ui.summary = h("summary", {});
    ui.list = h("ul", { class: "games-list" });
    ui.deletedText = h("span", { class: "deleted-text" });
    ui.undo = h("button", { type: "button", class: "undo-delete" });
    ui.undo.addEventListener("click", () => this.#actions.undo());
    ui.deleted = h("p", { class: "deleted", hidden: true }, ui.deletedText, " ", ui.undo); // said once, in the live region
    ui.file = h("input", { type: "file", accept: ".json,application/json,.csv,text/csv", class: "import-file", hidden: true });
    ui.file.addEventListener("change", () => {
      const [file] = ui.file.files ?? [];
      ui.file.value = "";
      if (file) this.#actions.import(file);
    });
    ui.importButton = h("button", { type: "button", class: "import-game" });
    ui.importButton.addEventListener("click", () => ui.file.click());
    ui.element = h(
      "details",
      { class: "games", part: "sheet-games" },
      ui.summary,
      ui.deleted,
      ui.list,
      h("p", { class: "sheet-actions import" }, ui.importButton, ui.file),
    );
  }

  get element() {
    return this.ui.element;
  }

  /**
   * `items`: `[{id, date, text, current}]` newest first (`text`: strings and `{name}`,
   * a name the players typed, shown isolated); `deleted`: `{date}` of the
   * game whose Undo stands, or null; `busy`: a change is on its way.
   */
  render(s, items, { deleted = null, busy = false } = {}) {
    const ui = this.ui;
    const t = s.sheet;
    const travel = s.travel;
    ui.summary.textContent = format(t.games, { count: items.length });
    ui.importButton.textContent = travel.importGame;
    ui.importButton.disabled = busy;
    ui.deleted.hidden = !deleted;
    if (deleted) {
      ui.deletedText.textContent = format(travel.deleted, { date: deleted.date });
      ui.undo.textContent = travel.undoDelete;
      ui.undo.setAttribute("aria-label", format(travel.undoDeleteLabel, { date: deleted.date }));
    }
    const key = JSON.stringify([items, busy, t.openGame, t.deleteGame]);
    if (key === this.#key) return;
    this.#key = key;
    ui.list.replaceChildren(
      ...items.map(({ id, date, text, current }) => {
        const item = h("li", { class: current ? "game current" : "game", "data-game": id });
        const open = h("button", { type: "button", class: "open-game", "aria-label": format(t.openGameLabel, { date }) }, t.openGame);
        open.disabled = current || busy;
        open.addEventListener("click", () => this.#actions.open(id));
        const remove = h("button", { type: "button", class: "delete-game", "aria-label": format(t.deleteGameLabel, { date }) }, t.deleteGame);
        remove.disabled = busy;
        remove.addEventListener("click", () => this.#actions.remove(id));
        if (current) item.setAttribute("aria-current", "true");
        const shown = text.map((part) => (typeof part === "string" ? part : h("bdi", {}, part.name)));
        item.append(h("span", { class: "game-text" }, ...shown), h("span", { class: "game-buttons" }, open, remove));
        return item;
      }),
    );
  }

  /** What takes the focus after a Delete: the deleted game's Undo, or (it is gone) the list's summary. */
  undoTarget() {
    return this.ui.deleted.hidden ? this.ui.summary : this.ui.undo;
  }

  /** What takes the focus when game `id` came back: its Delete button, or the summary. */
  gameTarget(id) {
    const item = [...this.ui.list.children].find((li) => li.dataset.game === id);
    return item?.querySelector("button.delete-game") ?? this.ui.summary;
  }

  /** Whether the focus is on the Undo (so a timed-out Undo hands it on). */
  get undoFocused() {
    return this.ui.undo.getRootNode().activeElement === this.ui.undo;
  }
}
