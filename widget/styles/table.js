// Table mode's styles (sheet/table-view.js): the totals large enough to read from a
// metre or two across the table, the two teams one above the other on a phone held
// upright and side by side in landscape (@media (orientation: landscape)), the
// wake lock's word. Added with the sheet's; themed by the element's --_* properties.

import { adoptCSS } from "./base.js";

export const TABLE_CSS = `
.game-about { display: grid; gap: 0.4rem; }
.match-line { font-weight: 600; color: var(--_accent); }
.game-date { color: var(--_muted); }
.about-fields { display: grid; gap: 0.5rem; }
@container (min-width: 30rem) { .about-fields { grid-template-columns: 3fr 2fr; } }
.about-fields .field { display: grid; gap: 0.25rem; font-weight: 600; }
.about-fields input, .about-fields select { font-weight: normal; }
.game-about select, .setup select {
  font: inherit;
  color: inherit;
  inline-size: 100%;
  min-block-size: 44px;
  padding: 0.4rem 0.6rem;
  border: 1px solid var(--_control-border);
  border-radius: var(--_radius);
  background: var(--_bg);
}
.game-about select:focus-visible, .setup select:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.stats-range { display: grid; grid-template-columns: 1fr 1fr; gap: 0.5rem; }
.stats-range .field { display: grid; gap: 0.25rem; font-weight: 600; }
.stats-range input {
  font: inherit;
  font-weight: normal;
  color: inherit;
  min-block-size: 44px;
  padding: 0.3rem 0.5rem;
  border: 1px solid var(--_control-border);
  border-radius: var(--_radius);
  background: var(--_bg);
  min-inline-size: 0;
}
.stats-status:empty { display: none; }
.stats-results { display: grid; gap: 0.75rem; }
.stats-kind { margin: 0.5rem 0 0.25rem; }
.stats-entry { display: grid; gap: 0.35rem; padding: 0.6rem 0.75rem; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_surface); margin-block-end: 0.5rem; }
.stats-who { margin: 0; overflow-wrap: anywhere; }
.stats-counts, .stats-contracts { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 45%); gap: 0.15rem 0.75rem; margin: 0; }
.stats-counts dd, .stats-contracts dd { margin: 0; text-align: end; font-variant-numeric: tabular-nums; font-weight: 600; }
.stats-contracts { grid-template-columns: max-content minmax(0, 1fr); }
.stats-by { font-weight: 600; }
.stats-games ul { margin: 0.25rem 0 0; padding-inline-start: 1.2rem; }
.stats-games li.won { font-weight: 600; }
.match-games { margin: 0; padding: 0; list-style: none; color: var(--_muted); }
.match-games li[aria-current] { color: var(--_fg); font-weight: 600; }
.note-print { display: none; }
@media print {
  /* A match sheet on paper: the match, its games, this game's date and note, its rows. */
  .about-fields, .table-toggle, dialog.table-mode, .match-print-line, .stats { display: none !important; }
  .match-games { color: inherit; }
  .note-print:not(:empty) { display: block; font-style: italic; }
  .match-line { color: inherit; }
}
.table-toggle[aria-pressed="true"] { background: var(--_accent); color: var(--_accent-text); }
dialog.table-mode {
  box-sizing: border-box;
  inline-size: 100vw;
  block-size: 100dvh;
  max-inline-size: none;
  max-block-size: none;
  margin: 0;
  padding: max(1rem, env(safe-area-inset-top)) max(1rem, env(safe-area-inset-right)) max(1rem, env(safe-area-inset-bottom)) max(1rem, env(safe-area-inset-left));
  border: 0;
  background: var(--_bg);
  color: var(--_fg);
  font-family: inherit;
}
dialog.table-mode[open] {
  display: grid;
  grid-template-rows: auto minmax(0, 1fr) auto auto;
  gap: 0.75rem;
}
dialog.table-mode::backdrop { background: var(--_bg); }
.table-head { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; align-items: baseline; justify-content: space-between; }
.table-title { margin: 0; font-size: var(--_text-l); }
.table-match { margin: 0; font-size: var(--_text-l); font-weight: 600; color: var(--_accent); }
.table-teams { display: grid; grid-template-rows: minmax(0, 1fr) minmax(0, 1fr); gap: 0.75rem; min-block-size: 0; }
.table-team {
  display: grid;
  align-content: center;
  justify-items: center;
  gap: 0.25rem;
  min-block-size: 0;
  padding: 0.5rem;
  border: 2px solid var(--_border);
  border-radius: var(--_radius);
  background: var(--_surface);
  text-align: center;
}
.table-team.winner { border-color: var(--_accent); }
.table-name { font-size: clamp(1.3rem, 6vw, 2.4rem); font-weight: 600; overflow-wrap: anywhere; }
.table-total {
  font-size: clamp(4.5rem, min(30vw, 22dvh), 12rem);
  font-weight: 700;
  line-height: 1;
  font-variant-numeric: tabular-nums;
}
.table-needs { font-size: clamp(1.1rem, 5vw, 2rem); color: var(--_muted); font-weight: 600; }
.table-team.winner .table-needs { color: var(--_accent); }
.table-hanging { margin: 0; text-align: center; font-size: clamp(1.1rem, 5vw, 1.8rem); font-weight: 600; }
.table-foot { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; justify-content: space-between; }
.table-lock { margin: 0; color: var(--_muted); flex: 1 1 12rem; }
.table-lock.warning { color: var(--_error); font-weight: 600; }
.table-close { flex: 0 1 auto; min-block-size: 2.75rem; }
/* Landscape (a phone on its side, a tablet): the teams side by side, every line sized
   by the height, the scarce side. */
@media (orientation: landscape) {
  .table-teams { grid-template-rows: minmax(0, 1fr); grid-template-columns: 1fr 1fr; }
  .table-team { gap: 0; padding-block: 0.25rem; }
  .table-total { font-size: clamp(2.5rem, min(24vw, 36dvh), 14rem); }
  .table-name { font-size: clamp(1rem, 6dvh, 2.4rem); }
  .table-needs { font-size: clamp(0.9rem, 5dvh, 2rem); }
  .table-hanging { font-size: clamp(0.9rem, 4.5dvh, 1.8rem); }
  .table-title, .table-match { font-size: clamp(0.95rem, 5dvh, 1.25rem); }
  dialog.table-mode[open] { gap: 0.4rem; padding-block: max(0.5rem, env(safe-area-inset-top)) max(0.5rem, env(safe-area-inset-bottom)); }
}
`;

/**
 * Table mode's styles, in the element's shadow root (with the sheet).
 * @param {Node} root the styles go in only where it is a shadow root
 */
export function adoptTableStyles(root) {
  if (root instanceof ShadowRoot) adoptCSS(root, TABLE_CSS);
}
