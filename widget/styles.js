// The element's shadow-DOM styles. Mobile-first; themable through the
// --belot-* custom properties and the ::part()s listed in README.md.

export const CSS = `
:host {
  --_accent: var(--belot-accent, #0b6e4f);
  --_accent-text: var(--belot-accent-text, #fff);
  --_bg: var(--belot-background, #fff);
  --_fg: var(--belot-color, #1d2321);
  --_muted: var(--belot-muted, #59615e);
  --_border: var(--belot-border, #c5ccc9);
  --_surface: var(--belot-surface, #f3f6f5);
  --_error: var(--belot-error, #b3261e);
  --_red-suit: var(--belot-red-suit, #c0182b);
  --_focus: var(--belot-focus, #1a5fd0);
  --_radius: var(--belot-radius, 10px);
  --_gap: var(--belot-gap, 0.75rem);
  display: block;
  container-type: inline-size;
  box-sizing: border-box;
  max-inline-size: 100%;
  color: var(--_fg);
  background: var(--_bg);
  font: var(--belot-font, 1rem/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  border: 1px solid var(--_border);
  border-radius: var(--_radius);
  padding: var(--_gap);
}
:host([hidden]) { display: none; }
*, *::before, *::after { box-sizing: inherit; }
[hidden] { display: none !important; }

.root { display: grid; gap: var(--_gap); min-inline-size: 0; }

button, input { font: inherit; color: inherit; }
button {
  min-block-size: 44px;
  min-inline-size: 44px;
  border-radius: var(--_radius);
  border: 1px solid var(--_border);
  background: var(--_surface);
  cursor: pointer;
  padding: 0.4rem 0.9rem;
}
button:focus-visible, input:focus-visible, .opt input:focus-visible + .face {
  outline: 3px solid var(--_focus);
  outline-offset: 2px;
}
.primary {
  background: var(--_accent);
  color: var(--_accent-text);
  border-color: var(--_accent);
  font-weight: 600;
}

.launcher { display: grid; gap: 0.5rem; justify-items: start; }
.launcher p, .hint { margin: 0; color: var(--_muted); font-size: 0.9em; }

.status { display: grid; gap: 0.5rem; }
.status p { margin: 0; }
progress { inline-size: 100%; block-size: 0.75rem; accent-color: var(--_accent); }
.failure { display: grid; gap: 0.5rem; justify-items: start; color: var(--_error); }
.failure .detail { color: var(--_muted); font-size: 0.85em; overflow-wrap: anywhere; }

form { display: grid; gap: var(--_gap); min-inline-size: 0; }
fieldset {
  margin: 0;
  min-inline-size: 0;
  border: 1px solid var(--_border);
  border-radius: var(--_radius);
  padding: 0.5rem 0.75rem 0.75rem;
}
legend { font-weight: 600; padding: 0 0.25rem; }
fieldset:disabled { opacity: 0.55; }

.options { display: flex; flex-wrap: wrap; gap: 0.4rem; }
.options.contracts { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); }
@container (min-width: 30rem) {
  .options.contracts { grid-template-columns: repeat(3, minmax(0, 1fr)); }
}
.opt { position: relative; display: flex; flex: 1 1 auto; min-inline-size: 0; }
.opt input {
  position: absolute;
  inset: 0;
  opacity: 0;
  margin: 0;
  cursor: pointer;
}
.opt .face {
  flex: 1;
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.35em;
  min-block-size: 44px;
  padding: 0.35rem 0.6rem;
  border: 1px solid var(--_border);
  border-radius: var(--_radius);
  background: var(--_surface);
  text-align: center;
  overflow-wrap: anywhere;
}
.opt input:checked + .face {
  background: var(--_accent);
  border-color: var(--_accent);
  color: var(--_accent-text);
  font-weight: 600;
}
.suit { font-size: 1.25em; line-height: 1; }
.suit.red { color: var(--_red-suit); }
.opt input:checked + .face .suit.red { color: inherit; }

.row { display: grid; gap: 0.5rem; }
.field { display: grid; gap: 0.25rem; justify-items: start; }
.field > label { font-weight: 500; }
/* A focused field scrolls clear of the sticky result bar (and shows its error below). */
input, button { scroll-margin-block: 1rem 5.5rem; }
input[type="number"] {
  inline-size: 100%;
  max-inline-size: 10rem;
  min-block-size: 44px;
  padding: 0.4rem 0.6rem;
  border: 1px solid var(--_border);
  border-radius: var(--_radius);
  background: var(--_bg);
  font-size: 1.15em;
}
[aria-invalid="true"] { border-color: var(--_error) !important; box-shadow: 0 0 0 1px var(--_error); }
.error { margin: 0; color: var(--_error); font-weight: 600; }
.error:empty { display: none; }

.declarations { display: grid; gap: var(--_gap); }
@container (min-width: 34rem) {
  .declarations { grid-template-columns: 1fr 1fr; }
}
.counters { display: grid; gap: 0.35rem; }
.counter {
  display: grid;
  grid-template-columns: minmax(0, 1fr) 44px 2.2rem 44px;
  align-items: center;
  gap: 0.25rem;
}
.counter .value { text-align: center; font-variant-numeric: tabular-nums; font-weight: 600; }
.counter .points { color: var(--_muted); font-size: 0.9em; }
.counter button { padding: 0; font-size: 1.25em; line-height: 1; }

.result {
  display: grid;
  gap: 0.5rem;
  padding: 0.75rem;
  border-radius: var(--_radius);
  background: var(--_surface);
}
.result h3, .result h4 { margin: 0; font-size: 1em; }
.details.pending { visibility: hidden; }
.outcome { margin: 0; font-size: 1.2em; font-weight: 700; }
.outcome.inside, .outcome.hanging { color: var(--_error); }
table { border-collapse: collapse; inline-size: 100%; font-variant-numeric: tabular-nums; }
th, td { padding: 0.3rem 0.5rem; text-align: end; }
th[scope="row"] { text-align: start; font-weight: normal; color: var(--_muted); }
thead th { border-block-end: 1px solid var(--_border); }
tr.record td { font-size: 1.6em; font-weight: 700; }
.hanging-out { margin: 0; font-weight: 600; }
.explanation { margin: 0; padding-inline-start: 1.25rem; display: grid; gap: 0.2rem; font-size: 0.92em; }
.message { margin: 0; color: var(--_muted); }
.summary {
  position: sticky;
  inset-block-end: 0.5rem;
  z-index: 1;
  justify-self: stretch;
  background: var(--_accent);
  color: var(--_accent-text);
  border-color: var(--_accent);
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  box-shadow: 0 2px 8px rgb(0 0 0 / 0.25);
}

/* Declarations fold into a summary that says what is declared. */
.declarations-details > summary {
  display: flex;
  align-items: center;
  gap: 0.5rem;
  min-block-size: 44px;
  cursor: pointer;
  color: var(--_muted);
  border-radius: var(--_radius);
  list-style: none;
}
.declarations-details > summary::-webkit-details-marker { display: none; }
.declarations-details > summary::before {
  content: "▸";
  display: inline-block;
  inline-size: 1em;
  color: var(--_fg);
  transition: transform 120ms;
}
.declarations-details[open] > summary::before { transform: rotate(90deg); }
summary:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }

/* The score sheet. */
.visually-hidden {
  position: absolute !important;
  inline-size: 1px;
  block-size: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
}
.sheet {
  display: grid;
  gap: 0.6rem;
  min-inline-size: 0;
  padding-block-start: var(--_gap);
  border-block-start: 2px solid var(--_border);
}
.sheet p { margin: 0; }
.sheet-actions, .sheet-toolbar { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
.sheet-actions > button { flex: 1 1 9rem; }
.sheet-toolbar > button { flex: 1 1 auto; }
.copy-status { flex-basis: 100%; color: var(--_accent); font-weight: 600; }
.copy-status:empty { display: none; }
button:disabled { cursor: not-allowed; opacity: 0.5; }
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
.banner {
  padding: 0.5rem 0.75rem;
  border-radius: var(--_radius);
  background: var(--_surface);
  font-weight: 600;
}
.banner.winner {
  background: var(--_accent);
  color: var(--_accent-text);
  font-size: 1.25em;
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
.sheet-table .note { inline-size: 32%; text-align: start; color: var(--_muted); font-size: 0.85em; overflow-wrap: anywhere; }
.sheet-table td.us, .sheet-table td.them { font-size: 1.15em; }
.sheet-table .rec { font-weight: 700; }
.sheet-table .run { display: block; font-size: 0.72em; color: var(--_muted); }
.sheet-table .run::before { content: "Σ "; }
.sheet-table tr.deal { cursor: pointer; }
.sheet-table tr.deal:hover { background: var(--_surface); }
.sheet-table tr.editing { background: var(--_surface); box-shadow: inset 4px 0 0 var(--_focus); }
.sheet-table tr.passed .rec { color: var(--_muted); font-weight: normal; }
.sheet-table tbody th { color: var(--_fg); }
.sheet-table .row-button { inline-size: 100%; padding: 0 0.25rem; font-variant-numeric: tabular-nums; }
.sheet-table tfoot th, .sheet-table tfoot td { border-block-end: 0; border-block-start: 2px solid var(--_fg); font-weight: 700; font-size: 1.3em; }
.sheet-table tfoot th { font-size: 1em; text-align: start; color: var(--_fg); }
.sheet-table tfoot .pot { font-size: 0.85em; color: var(--_error); }
.confirm {
  display: grid;
  gap: 0.5rem;
  padding: 0.6rem 0.75rem;
  border: 2px solid var(--_accent);
  border-radius: var(--_radius);
  background: var(--_bg);
}
.sheet details > summary { min-block-size: 44px; display: flex; align-items: center; cursor: pointer; font-weight: 600; border-radius: var(--_radius); }
.name-fields { display: grid; gap: 0.5rem; }
@container (min-width: 30rem) { .name-fields { grid-template-columns: 1fr 1fr; } }
input[type="text"], textarea {
  font: inherit;
  color: inherit;
  inline-size: 100%;
  min-block-size: 44px;
  padding: 0.4rem 0.6rem;
  border: 1px solid var(--_border);
  border-radius: var(--_radius);
  background: var(--_bg);
}
textarea { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.9em; resize: vertical; }
input[type="text"]:focus-visible, textarea:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
input[readonly] { background: var(--_surface); color: var(--_muted); }
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
.games-list .game-text { flex: 1 1 12rem; font-size: 0.92em; }
.games-list .game-buttons { display: flex; gap: 0.4rem; }

@media (prefers-reduced-motion: no-preference) {
  .opt .face, button { transition: background-color 120ms, color 120ms; }
}
`;

let sheet = null;

/** One constructed stylesheet shared by every instance (falls back to <style>). */
export function adoptStyles(root) {
  if ("adoptedStyleSheets" in root && typeof CSSStyleSheet === "function" && "replaceSync" in CSSStyleSheet.prototype) {
    sheet ??= (() => {
      const s = new CSSStyleSheet();
      s.replaceSync(CSS);
      return s;
    })();
    root.adoptedStyleSheets = [sheet];
  } else {
    const style = document.createElement("style");
    style.textContent = CSS;
    root.append(style);
  }
}
