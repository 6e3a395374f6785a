// The score sheet's styles (sheet/): the table of deals, its notices and banner, the
// Rules panel, the question before a new game, the team names, the games on this device,
// sending a game (its link and QR code), and the banner of a game opened from a link.
// Added to the element's shadow root with the sheet (adoptSheetStyles), so a calculator
// without a sheet — every article's — never downloads them; themed by the element's
// --_* properties (styles/base.js). The QR code keeps its own black on white (a camera
// reads that, whatever the theme).

import { adoptCSS } from "./base.js";

export const SHEET_CSS = `
.sheet {
  display: grid;
  gap: 0.6rem;
  min-inline-size: 0;
  padding-block-start: var(--_gap);
  border-block-start: 2px solid var(--_border);
  /* Below the form on a phone: while it is off screen the browser neither lays out nor
     paints a long sheet again for each deal recorded (the size it had stands in). */
  content-visibility: auto;
  contain-intrinsic-size: auto 30rem;
}
.sheet p { margin: 0; }
.sheet-actions, .sheet-toolbar { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.sheet-actions > button { flex: 1 1 9rem; }
.sheet-table .note .what { font-weight: 600; color: var(--_fg); margin-inline-end: 0.35rem; }
.sheet-table .note .suit.red { color: var(--_red-suit); }
.sheet-table tr.deal:has(.row-button:focus-visible) { outline: 3px solid var(--_focus); outline-offset: -3px; }
.sheet-table tr.deal td.note::after { content: "›"; float: inline-end; color: var(--_muted); line-height: 1; }
.sheet-table .note .why { display: block; color: var(--_fg); }
.sheet-toolbar > button { flex: 1 1 auto; }
.copy-status { flex-basis: 100%; color: var(--_accent); font-weight: 600; }
.copy-status:empty { display: none; }
/* The sheet's news above the form (a refused file, the games cleared): on the first screen. */
.sheet-news { display: grid; gap: 0.5rem; margin-block-end: 0.5rem; }
.sheet-news:not(:has(> :not([hidden]))) { display: none; }
.notices {
  display: grid;
  gap: 0.5rem;
  justify-items: start;
  padding: 0.6rem 0.75rem;
  border: 2px solid var(--_error);
  border-radius: var(--_radius);
}
.notices ul { margin: 0; padding-inline-start: 1.1rem; display: grid; gap: 0.3rem; overflow-wrap: anywhere; }
.editing-note {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  padding: 0.5rem 0.75rem;
  border-radius: var(--_radius);
  background: var(--_surface);
  border-inline-start: 4px solid var(--_focus);
}
.editing-note p { margin: 0; flex: 1 1 12rem; }
.editing-note button { min-block-size: 44px; padding: 0.2rem 0.7rem; }
.banner {
  padding: 0.5rem 0.75rem;
  border-radius: var(--_radius);
  background: var(--_surface);
  font-weight: 600;
}
.banner.winner {
  background: var(--_accent);
  color: var(--_accent-text);
  font-size: var(--_text-l);
  text-align: center;
}
.unclaimed { color: var(--_error); font-weight: 600; }
.sheet-status { display: grid; gap: 0.4rem; }
table.sheet-table { table-layout: fixed; }
.sheet-table:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.sheet-table caption { text-align: start; font-weight: 700; padding-block-end: 0.35rem; }
.sheet-table th, .sheet-table td { padding: 0.15rem 0.35rem; border-block-end: 1px solid var(--_border); vertical-align: middle; }
.sheet-table th.number, .sheet-table tbody th { inline-size: 3.2rem; text-align: start; }
.sheet-table thead th.us, .sheet-table thead th.them { overflow-wrap: anywhere; }
/* A note's words break between words ("вътре", never "вътр-е"); only a name may break anywhere. */
.sheet-table .note { inline-size: 32%; text-align: start; color: var(--_muted); font-size: var(--_text-s); overflow-wrap: break-word; }
.sheet-table .note bdi { overflow-wrap: anywhere; }
.sheet-table td.us, .sheet-table td.them { font-size: var(--_text-l); }
.sheet-table .rec { font-weight: 700; }
/* The small step of a large cell (td.us, td.them; the foot's total below: its pot) is the
   base size: no font size of its own. */
.sheet-table .run { display: block; font-size: var(--_text-xs); color: var(--_muted); }
.sheet-table .run::before { content: "Σ "; }
.sheet-table tr.deal { cursor: pointer; }
.sheet-table tr.deal:hover { background: var(--_surface); }
.sheet-table tr.editing { background: var(--_surface); box-shadow: inset 4px 0 0 var(--_focus); }
.sheet-table tr.passed .rec { color: var(--_muted); font-weight: normal; }
.sheet-table tbody th { color: var(--_fg); }
.sheet-table .row-button { inline-size: 100%; padding: 0 0.25rem; font-variant-numeric: tabular-nums; }
.sheet-table tfoot th, .sheet-table tfoot td { border-block-end: 0; border-block-start: 2px solid var(--_fg); font-weight: 700; font-size: var(--_text-l); }
.sheet-table tfoot th { font-size: 1em; text-align: start; color: var(--_fg); }
.sheet-table tfoot .pot { font-size: var(--_text-xs); color: var(--_error); }
/* Narrow for its text (large text): the sheet's columns give the figures the room. */
@container (max-width: 20rem) {
  .sheet-table th.number, .sheet-table tbody th { inline-size: max(2.6rem, calc(44px + 0.3rem)); }
  .sheet-table .note { inline-size: 25%; }
  .sheet-table th, .sheet-table td { padding-inline: 0.15rem; }
  .sheet-table thead th, .sheet-table tfoot th { font-size: var(--_text-s); }
}
/* House rules: the summary by the sheet's title, the Rules panel, the note on a result. */
.sheet-table caption .rules-summary { display: block; font-weight: normal; font-size: var(--_text-s); color: var(--_muted); }
.rules-body { display: grid; gap: 0.6rem; padding-block: 0.25rem 0.5rem; }
.rules-now { font-weight: 600; }
.rule-options { display: grid; gap: 0.35rem; margin: 0; padding: 0; border: 0; min-inline-size: 0; }
.rule-option {
  display: flex;
  align-items: flex-start;
  gap: 0.6rem;
  min-block-size: 44px;
  padding: 0.45rem 0.6rem;
  border: 1px solid var(--_border);
  border-radius: var(--_radius);
  cursor: pointer;
}
.rule-option:has(input:checked) { border-color: var(--_accent); background: var(--_surface); }
.rule-option input { inline-size: 1.3rem; block-size: 1.3rem; margin: 0.1rem 0 0; flex: none; accent-color: var(--_accent); }
.rule-option input:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.rule-text { display: grid; gap: 0.15rem; min-inline-size: 0; overflow-wrap: anywhere; }
.rule-name { font-weight: 600; }
.rule-description { font-size: var(--_text-s); }
.rules-reset { justify-self: start; }
.rules-refused { font-weight: 600; }
.confirm, .rules-question {
  display: grid;
  gap: 0.5rem;
  padding: 0.6rem 0.75rem;
  border: 2px solid var(--_accent);
  border-radius: var(--_radius);
  background: var(--_bg);
}
/* The sheet's extras are disclosures, not headings: a chevron that turns, link-coloured. */
.sheet details > summary {
  min-block-size: 44px;
  display: flex;
  align-items: center;
  gap: 0.55rem;
  padding-inline: 0.2rem;
  cursor: pointer;
  list-style: none;
  color: var(--_accent);
  border-radius: var(--_radius);
}
.sheet details > summary::-webkit-details-marker { display: none; }
.sheet details > summary::before {
  content: "";
  flex: none;
  inline-size: 0.5em;
  block-size: 0.5em;
  margin-inline: 0.15em;
  border-block-end: 2px solid currentColor;
  border-inline-end: 2px solid currentColor;
  transform: rotate(-45deg);
}
.sheet details[open] > summary::before { transform: rotate(45deg); }
.sheet details > summary:hover { text-decoration: underline; }
.sheet details > summary:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.print-title { display: none; }
@media print { .print-title { display: block; font-weight: 700; font-size: var(--_text-l); } }
.name-fields { display: grid; gap: 0.5rem; }
@container (min-width: 30rem) { .name-fields { grid-template-columns: 1fr 1fr; } }
.games-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.4rem; }
.games-list .game {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.4rem;
  padding: 0.4rem 0.5rem;
  border: 1px solid var(--_border);
  border-radius: var(--_radius);
}
.games-list .game.current { border-color: var(--_accent); }
.games-list .game-text { flex: 1 1 12rem; font-size: var(--_text-s); }
.games-list .game { min-inline-size: 0; }
.games-list .game-buttons { display: flex; flex-wrap: wrap; gap: 0.4rem; }
.send-game > :not(summary) { margin-block: 0.5rem 0; }
.qr-figure { display: grid; justify-items: center; gap: 0.25rem; margin-inline: 0; }
.qr { inline-size: min(100%, 18rem); }
.qr:empty { display: none; }
.qr svg { display: block; inline-size: 100%; block-size: auto; border-radius: calc(var(--_radius) / 2); }
.qr-text:empty { display: none; }
.share-field { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.25rem; }
/* Inside <details> the box model is inherited from its (content-box) slot. */
.share-link { box-sizing: border-box; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: var(--_text-s); }
.link-status { color: var(--_accent); font-weight: 600; }
.link-status:empty { display: none; }
/* Only the label is quiet: the JSON and CSV buttons look as enabled as they are. */
.files > button { flex: 1 1 9rem; }
.files-label { flex-basis: 100%; color: var(--_muted); }
.shared, .keep-both {
  display: grid;
  gap: 0.5rem;
  padding: 0.6rem 0.75rem;
  border: 2px solid var(--_accent);
  border-radius: var(--_radius);
  background: var(--_surface);
}
.shared-title { margin: 0; font-size: var(--_text-l); }
.shared-title:focus { outline: none; } /* focused for screen readers, not a control */
.keep-both[hidden] { display: none; }
.keep-both-title { margin: 0; font-size: var(--_text-l); }
.keep-both-title:focus { outline: none; } /* the question's heading takes the focus, not a control */
.keep-both-text, .keep-both-games { margin: 0; }
.keep-both-games dt { font-weight: 600; }
.keep-both-games dd { margin: 0 0 0.3rem; overflow-wrap: anywhere; }
.keep-both .sheet-actions > button { flex: 1 1 9rem; }
.shared .keep-game { flex-basis: 100%; }
.shared-side[hidden] { display: none; }
.side-label { margin: 0; font-weight: 600; }
.sides { display: flex; flex-wrap: wrap; gap: 0.5rem; }
.sides > .side { flex: 1 1 8rem; min-block-size: 2.75rem; overflow-wrap: anywhere; }
.side[aria-pressed="true"] { background: var(--_accent); border-color: var(--_accent); color: var(--_accent-text); font-weight: 600; }
.deleted {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  padding: 0.4rem 0.6rem;
  margin-block: 0.25rem 0.5rem;
  border-radius: var(--_radius);
  background: var(--_surface);
  border-inline-start: 4px solid var(--_focus);
}
.deleted-text { flex: 1 1 12rem; }
.undo-delete { min-block-size: 40px; padding: 0.2rem 0.9rem; font-weight: 700; }
.sheet-actions.import { margin-block-start: 0.5rem; }
.notices:focus { outline: none; }
/* The sheet's notices that are news, not warnings (saved again, followed another tab). */
.notices.info { border-color: var(--_accent); }
.bar-sheet { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.15rem; }
.bar-recent { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; color: var(--_muted); }
/* Just after a Record the strip stands where the form's "what is missing" line was. */
.bar:has(.bar-recent:not([hidden])) .bar-deal.missing { display: none; }
.recent-row { white-space: nowrap; }
/* The deal undone back into the form: said instead of its score, so it never looks recorded. */
.bar-undone { margin: 0; font-weight: 700; color: var(--_error); line-height: 1.25; }
.bar:has(.bar-undone:not([hidden])) .bar-deal { display: none; }
.recent-row.recorded { font-weight: 700; color: var(--_accent); }
.bar-totals .not-saved { color: var(--_error); white-space: nowrap; }
.players { display: grid; gap: 0.4rem; margin: 0.6rem 0 0; padding: 0.5rem 0.6rem; border: 1px solid var(--_border); border-radius: var(--_radius); }
.players legend { font-weight: 700; padding-inline: 0.25rem; }
.players-hint { color: var(--_muted); font-size: var(--_text-s); }
.player-fields { display: grid; grid-template-columns: 1fr 1fr; gap: 0.5rem; }
/* Who deals: in the bar between deals (in the place of "what is missing"), and the
   choice of the four seats at the top of the form. */
.form-top { display: grid; gap: 0.5rem; }
.form-top:not(:has(> :not([hidden]))) { display: none; }
.bar:has(.bar-dealer:not([hidden])) .bar-deal.missing { display: none; }
/* A finger's 44 px tall: it stands alone in the bar between deals (no score then). */
.bar-dealer {
  justify-self: start;
  min-block-size: 44px;
  padding: 0;
  border: 0;
  background: none;
  color: var(--_fg);
  font: inherit;
  font-weight: 700;
  text-align: start;
  text-decoration: underline dotted;
  text-underline-offset: 0.2em;
  overflow-wrap: anywhere;
}
/* Wraps as one ("Раздава: Георги"); a long team name is cut, one line at most, so the
   bar stays compact (the choice of who deals shows it whole). */
.recent-dealer {
  display: inline-block;
  max-inline-size: 100%;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
  vertical-align: top;
  color: var(--_fg);
}
/* The table's set-up at a game's start (sheet/setup-step.js): a line and its button;
   opened, the names, players, seats, match and note it borrows, two to a row, each
   player under the team's name (the seat's label then said, not shown: the placeholder
   shows it), so the whole step fits a 360x740 screen above the bar. */
.setup { display: grid; gap: 0.5rem; padding: 0 0.6rem 0.6rem; border-radius: var(--_radius); background: var(--_surface); border-inline-start: 4px solid var(--_accent); }
.setup[hidden] { display: none; }
/* Closed, a link-like button in the seats' question row: 44 px to a finger, the row no
   taller than its text (the margins take back what the button adds). */
.dealer-head { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; column-gap: 0.5rem; }
.dealer-head .dealer-question { margin: 0; }
.setup-open {
  min-block-size: 44px;
  margin-block: -10px -6px;
  padding: 0 0.2rem;
  border: 0;
  background: none;
  color: var(--_fg);
  font: inherit;
  text-align: start;
  overflow-wrap: anywhere;
}
.setup .setup-open { margin: 0; padding-inline: 0; justify-self: start; }
.setup-label { color: var(--_accent); text-decoration: underline; text-underline-offset: 0.2em; }
.setup-title { font-weight: 700; }
.setup-open:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.setup-done { min-block-size: 44px; }
.setup-panel { display: grid; gap: 0.5rem; }
.setup-panel[hidden] { display: none; }
.setup-hint { margin: 0; color: var(--_muted); font-size: var(--_text-s); }
.setup-fields { display: grid; gap: 0.5rem; min-inline-size: 0; }
.setup .name-fields, .setup .about-fields { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
.setup.long-names .name-fields { grid-template-columns: minmax(0, 1fr); }
/* Large text (200 %): a name or the note has the row to itself. */
@container (max-width: 18rem) { .setup .name-fields, .setup .about-fields { grid-template-columns: minmax(0, 1fr); } }
.setup .players { margin: 0; padding: 0; border: 0; gap: 0.25rem; }
.setup .players legend { padding: 0; margin-block-end: 0.25rem; }
.setup .players-hint { display: none; }
.setup .player-fields .field > span {
  position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap;
}
.setup .dealer-chooser { padding: 0; background: none; border: 0; }
.dealer-chooser { display: grid; gap: 0.4rem; padding: 0.5rem 0.6rem; border-radius: var(--_radius); background: var(--_surface); border-inline-start: 4px solid var(--_focus); }
.dealer-question { margin: 0; font-weight: 700; }
.dealer-seats { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 0.3rem; }
.dealer-seats .seat { min-block-size: 44px; padding-inline: 0.2rem; overflow-wrap: anywhere; }
.dealer-seats .seat[aria-pressed="true"] { border-color: var(--_accent); font-weight: 700; }
`;

/**
 * Add the sheet's styles to `root` (a shadow root), once, after the calculator's own.
 * @param {Node} root the styles go in only where it is a shadow root
 */
export function adoptSheetStyles(root) {
  if (root instanceof ShadowRoot) adoptCSS(root, SHEET_CSS);
}
