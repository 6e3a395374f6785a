// The score sheet's table: a row per deal (its number as the button that opens it, what
// each team records, the running totals, a note), the totals in the foot. Rows are built
// again only when what they show changed (ui/kit.js KeyedRows): recording a deal on a long
// sheet builds one row.

import { SUITS, TEAMS } from "../core-tables.js";
import { format } from "../i18n/strings.js";
import { h, setText } from "../ui/dom.js";
import { KeyedRows, Labels } from "../ui/kit.js";
import { rowNotes, rowWhy } from "./summary.js";
/** @import { GameDeal, Language, Row, Snapshot, Team, SheetWords, Words } from "./view-types.js"; */

/** @typedef {{row: Row, deal: GameDeal | undefined, editing: boolean, disabled: boolean}} RowItem a row as its key and build read it */
/** @typedef {{s: Pick<Words, "contractsShort" | "contractWords">, t: SheetWords, lang: Language, names: Record<Team, string>}} RowWords the words the rows are built in */

const TEAM_LIST = /** @type {readonly Team[]} */ (TEAMS);

const RED = new Set(["diamonds", "hearts"]);
/**
 * Rows built in one task: at most 30, and no more once 8 ms have gone on them; after a
 * frame that took the browser over 40 ms (style, layout and paint of the rows: a long
 * table is laid out whole), fewer. A real game's rows build in one go; a stranger's 100
 * heavy deals (the most a game holds) in steps a frame apart, which on a slow phone are a
 * few rows each (bench/stranger_page.py).
 */
const ROWS_PER_TASK = 30;
const ROWS_BUDGET_MS = 8;
const ROWS_FRAME_MS = 40;

/**
 * Everything a row shows, as one string: a row is built again only when it changed.
 * @param {RowItem} item
 */
function rowKey({ row, deal, editing }) {
  const shown = [row.record, row.totals, row.hanging_out, row.collected, row.passed, row.capot, row.outcome, row.doubling, row.status?.code, row.applied_rules];
  return JSON.stringify([...shown, deal?.contract, deal?.bidder, editing]);
}

export class SheetTable {
  #labels = new Labels();
  /** @type {KeyedRows<RowItem>} */ #rows;
  #rowsKey = "";
  #namesKey = ""; // the team names the rows' bidders show
  /** @type {unknown[] | null} */ #from = null;
  /** @type {RowWords | null} */ #words = null;
  ui; // the elements the constructor made (typed from them)

  /** `edit(index)`: a row was pressed. @param {(index: number) => void} edit */
  constructor(edit) {
    /**
     * @param {HTMLElement} element
     * @param {(t: SheetWords) => string} text
     */
    const label = (element, text) => this.#labels.bind(element, text);
    const caption = h(
      "caption",
      {},
      label(h("span", { class: "caption-title" }), (t) => t.caption),
    );
    const heads = /** @type {Record<Team, HTMLElement>} */ ({});
    const totals = /** @type {Record<Team, HTMLElement>} */ ({});
    const headRow = h(
      "tr",
      {},
      label(h("th", { scope: "col", class: "number" }), (t) => t.number),
    );
    const footRow = h(
      "tr",
      { class: "totals" },
      label(h("th", { scope: "row" }), (t) => t.total),
    );
    for (const team of TEAM_LIST) {
      headRow.append((heads[team] = h("th", { scope: "col", class: team, dir: "auto" })));
      footRow.append((totals[team] = h("td", { class: team })));
    }
    headRow.append(label(h("th", { scope: "col", class: "note" }), (t) => t.note));
    const pot = h("td", { class: "note pot" });
    footRow.append(pot);
    const tbody = /** @type {HTMLTableSectionElement} */ (h("tbody", {}));
    tbody.addEventListener("click", (event) => {
      const target = /** @type {Partial<Element>} */ (event.target); // (a node: an element has closest)
      const row = /** @type {HTMLElement | null | undefined} */ (target.closest?.("tr[data-index]"));
      if (row && !row.querySelector("button")?.disabled) edit(Number(row.dataset.index));
    });
    const table = h("table", { class: "sheet-table", part: "sheet-table", tabindex: "-1" }, caption, h("thead", {}, headRow), tbody, h("tfoot", {}, footRow));
    this.ui = { caption, heads, totals, pot, tbody, table };
    this.#rows = new KeyedRows(tbody, {
      key: rowKey,
      /** @param {RowItem} item @param {number} index */
      build: ({ row, deal, editing, disabled }, index) => this.#row(row, deal, index, editing, disabled),
      chunk: ROWS_PER_TASK,
      budget: ROWS_BUDGET_MS,
      frame: ROWS_FRAME_MS,
    });
  }

  get element() {
    return this.ui.table;
  }

  get caption() {
    return this.ui.caption;
  }

  /** The button of row `index`, or null. @param {number | undefined} index @returns {HTMLButtonElement | null} */
  rowButton(index) {
    return this.ui.tbody.querySelector(`tr[data-index="${index}"] button`);
  }

  /** @param {{s: Pick<Words, "sheet" | "contractsShort" | "contractWords">, lang: Language, sheet: Snapshot & {validated: true}, names: Record<Team, string>, disabled: boolean}} model */
  render({ s, lang, sheet, names, disabled }) {
    const ui = this.ui;
    const t = s.sheet;
    this.#labels.render(t);
    const { result, editing } = sheet;
    for (const team of TEAM_LIST) {
      setText(ui.heads[team], names[team]);
      setText(ui.totals[team], String(result.totals[team]));
    }
    setText(ui.pot, result.hanging > 0 ? format(t.rowHanging, { points: result.hanging }) : "");
    this.#words = { s, t, lang, names };
    const rowsKey = JSON.stringify([lang, t.editRow]);
    if (rowsKey !== this.#rowsKey) {
      this.#rowsKey = rowsKey;
      this.#namesKey = JSON.stringify(names);
      this.#rows.reset();
    } else this.#renameBidders(names);
    // Rendered on every change of the form too: the rows only when the game's result, the
    // deal being edited or the buttons' state changed.
    const from = [rowsKey, result, editing?.index, disabled];
    const before = this.#from;
    if (before && from.every((value, i) => value === before[i])) return;
    this.#from = from;
    const deals = sheet.game.deals;
    // A row's button is off only for a game opened from a link: a row built later is
    // built so, and Keep turns the built ones on without building them again.
    this.#rows.render(result.rows.map((row, index) => ({ row, deal: deals[index], editing: index === editing?.index, disabled })));
    for (const button of ui.tbody.querySelectorAll("button")) if (button.disabled !== disabled) button.disabled = disabled;
  }

  /**
   * A team renamed (typed letter by letter): the bidders' names in the rows built so far
   * change where they are, not by building every row again; rows built later take the
   * new names. @param {Record<Team, string>} names
   */
  #renameBidders(names) {
    const namesKey = JSON.stringify(names);
    if (namesKey === this.#namesKey) return;
    this.#namesKey = namesKey;
    for (const bdi of this.ui.tbody.querySelectorAll("bdi[data-team]")) {
      const team = /** @type {HTMLElement} */ (bdi).dataset.team;
      if (team === "us" || team === "them") setText(/** @type {HTMLElement} */ (bdi), names[team]);
    }
  }

  /** A promise of the moment every row of the latest render is built. */
  get settled() {
    return this.#rows.settled;
  }

  /**
   * What was played, before the notes: the contract's symbol and who bid ("♥ Ние").
   * @param {GameDeal | undefined} deal
   * @returns {(HTMLElement | string)[]}
   */
  #what(deal) {
    const { s, names } = /** @type {RowWords} */ (this.#words); // (set by render, before any row)
    if (!deal?.contract) return [];
    const suit = /** @type {Readonly<Record<string, string>>} */ (SUITS)[deal.contract];
    const symbol = suit
      ? h("span", { class: RED.has(deal.contract) ? "suit red" : "suit", "aria-hidden": "true" }, suit)
      : h("span", { class: "short", "aria-hidden": "true" }, /** @type {Record<string, string>} */ (s.contractsShort)[deal.contract]);
    // A space after it: the notes that follow may go to the next line whole ("вътре").
    return [
      h(
        "span",
        { class: "what" },
        symbol,
        "\u00a0",
        deal.bidder ? h("bdi", { "data-team": deal.bidder }, names[deal.bidder] ?? "") : h("bdi", {}),
        h("span", { class: "visually-hidden" }, ` (${/** @type {Record<string, string>} */ (s.contractWords)[deal.contract]})`),
      ),
      " ",
    ];
  }

  /**
   * @param {Row} row
   * @param {GameDeal | undefined} deal
   * @param {number} index
   * @param {boolean} editing
   * @param {boolean} disabled
   */
  #row(row, deal, index, editing, disabled) {
    const { t, lang } = /** @type {RowWords} */ (this.#words);
    const n = index + 1;
    const classes = ["deal"];
    if (row.passed) classes.push("passed");
    if (editing) classes.push("editing");
    const button = /** @type {HTMLButtonElement} */ (h("button", { type: "button", class: "row-button", "aria-label": format(t.editRow, { n }) }, String(n)));
    if (editing) button.setAttribute("aria-current", "true");
    button.disabled = disabled;
    const cells = TEAM_LIST.map((team) =>
      h(
        "td",
        { class: team },
        h("span", { class: "rec" }, row.passed ? "–" : String(row.record[team])),
        h("span", { class: "run", "aria-hidden": "true" }, String(row.totals[team])),
      ),
    );
    const why = rowWhy(row, lang);
    const notes = rowNotes(row, t, lang).join(", ");
    return h(
      "tr",
      { class: classes.join(" "), "data-index": index },
      h("th", { scope: "row" }, button),
      ...cells,
      h("td", { class: "note" }, ...this.#what(deal), notes ? h("span", { class: "notes" }, notes) : "", why ? h("span", { class: "why" }, why) : ""),
    );
  }
}
