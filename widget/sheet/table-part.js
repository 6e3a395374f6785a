// The sheet's part for the table around a game: table mode (a screen that stays on, the
// totals large; sheet/table-mode.js and table-view.js). It wires the mode to its view
// and places the view in the sheet's (the toggle in the toolbar, the dialog in the
// section); score-sheet.js only creates it, renders it and closes it.

import { TABLE_WORDS } from "../i18n/table-strings.js";
import { adoptTableStyles } from "../styles/table.js";
import { teamNames } from "./summary.js";
import { TableMode, tableSnapshot } from "./table-mode.js";
import { TableView } from "./table-view.js";

export class TablePart extends EventTarget {
  mode;
  view;

  /** `keeper`: the wake lock (sheet/wake-lock.js; default: this page's). */
  constructor({ keeper } = {}) {
    super();
    this.mode = new TableMode(keeper ? { keeper } : {});
    this.view = new TableView({ toggle: (on) => this.mode.toggle(on) });
    this.mode.addEventListener("change", () => this.dispatchEvent(new Event("change")));
  }

  /** Place the parts in the sheet's view (sheet/sheet-view.js): the toggle before the toolbar's status. */
  attach(sheetView) {
    sheetView.ui.status.before(this.view.ui.toggle);
    sheetView.section.append(this.view.ui.dialog);
  }

  /** Render from the sheet's snapshot (`sheet`) in `lang`; `s`: the sheet's strings. */
  render(s, lang, sheet, { match = "" } = {}) {
    adoptTableStyles(this.view.ui.dialog.getRootNode());
    const shown = sheet.validated && !sheet.viewing;
    if (!shown && this.mode.on) this.mode.toggle(false);
    this.view.render({
      t: TABLE_WORDS[lang],
      s,
      on: this.mode.on && shown,
      lock: this.mode.lock,
      snapshot: tableSnapshot(sheet.result, teamNames(sheet.game, s)),
      match,
      disabled: !shown,
    });
  }

  close() {
    this.mode.close();
  }
}
