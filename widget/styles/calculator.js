// The open calculator's shadow-DOM styles (styles/base.js has the host's, the
// buttons' and the launcher's). Mobile-first; themable through the --belot-*
// custom properties and the ::part()s listed in README.md; the colours are the
// host's custom properties (light and dark: styles/base.js).

import { BAR_SPACE_REM, adoptBaseStyles, adoptCSS } from "./base.js";

/**
 * The rules that keep what scrolls into view clear of the sticky bar, `space` tall (a
 * CSS length): a question as it comes, and whatever takes the focus, with a little more
 * for an error under a field.
 * @param {string} space
 * @returns {string}
 */
function barSpaceCSS(space) {
  return `.question { scroll-margin-block: 1rem calc(${space} + 0.5rem); }
:is(input, button, summary, textarea, a, [tabindex]) { scroll-margin-block: 1rem calc(${space} + 1.5rem); }`;
}

export const CSS = `
.status { display: grid; gap: 0.5rem; }
.status p { margin: 0; }
progress { inline-size: 100%; block-size: 0.75rem; accent-color: var(--_accent); }
.failure, .sheet-failure { display: grid; gap: 0.5rem; justify-items: start; color: var(--_error); }
.failure .detail { color: var(--_muted); font-size: var(--_text-s); overflow-wrap: anywhere; }

form { display: grid; gap: 0.5rem; min-inline-size: 0; }
fieldset { margin: 0; padding: 0; border: 0; min-inline-size: 0; }
fieldset:disabled, .disabled { opacity: 0.55; }
.group { display: grid; gap: 0.3rem; min-inline-size: 0; }
.head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.1rem 0.5rem; min-block-size: 1.5rem; }
.legend, legend { font-weight: 600; padding: 0; }
.head .hint { flex: 1 1 8rem; }
/* The game's hint in one line on a phone: the whole deal fits one screen. */
.game > .hint { font-size: var(--_text-s); }
.head > button { margin-inline-start: auto; padding: 0.2rem 0.7rem; font-size: var(--_text-s); }

/* A radio option drawn as a tile: the input covers it (so a tap lands on the input). */
.opt, .cell { position: relative; display: flex; min-inline-size: 0; }
.opt input, .cell input {
  position: absolute;
  inset: 0;
  inline-size: 100%;
  block-size: 100%;
  opacity: 0;
  margin: 0;
  cursor: pointer;
}
.opt .face, .cell .face {
  flex: 1;
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.35em;
  min-block-size: 44px;
  padding: 0.3rem 0.5rem;
  border: 1px solid var(--_control-border);
  border-radius: var(--_radius);
  background: var(--_surface);
  text-align: center;
  overflow-wrap: anywhere;
}
.opt input:checked + .face, .cell input:checked + .face {
  background: var(--_accent);
  border-color: var(--_accent);
  color: var(--_accent-text);
  font-weight: 600;
}
.opt input:focus-visible + .face, .cell input:focus-visible + .face {
  outline: 3px solid var(--_focus);
  outline-offset: 2px;
}
.options { display: flex; flex-wrap: wrap; gap: 0.35rem; }
.options .opt { flex: 1 1 0; }

/* The game: a row per team, its six contracts; red suits red. */
/* A team's name in a narrow column, in small type over as many lines as it takes, so each
   of its six cells keeps a finger's 44 px with a name like "Иван и Петър" on a 360-px phone. */
.game-grid {
  display: grid;
  grid-template-columns: minmax(2rem, min(6rem, calc(100% - 6 * 44px - 6 * 0.15rem))) repeat(6, minmax(0, 1fr));
  gap: 0.3rem 0.15rem;
  align-items: stretch;
}
.row-team {
  align-self: center;
  font-weight: 600;
  max-inline-size: 6rem;
  overflow-wrap: anywhere;
  line-height: 1.15;
}
.game-grid > .row-team { font-size: var(--_text-xs); line-height: 1.1; hyphens: auto; }
/* Once a game is chosen its hint has said its piece: a line less, the deal fits one screen. */
.game:has(.game-grid input:checked) > .hint { display: none; }
.cell .face { padding: 0.2rem 0.1rem; }
.cell .suit { font-size: var(--_text-xl); line-height: 1; }
.cell .short { font-weight: 600; }
.suit.red { color: var(--_red-suit); }
.cell input:checked + .face.suit.red { color: var(--_accent-text); }

/* The points: a box per team, its name above it (a long name never squeezes the box: the
   number typed is what the player checks); the one not typed in shows the rest of the deck. */
.piles { display: grid; grid-template-columns: 1fr 1fr auto; gap: 0.5rem; align-items: end; }
/* Count the cards (form/cards-view.js): beside the boxes, two short lines at most. */
.piles > .count-cards { max-inline-size: 6.5rem; padding: 0.2rem 0.5rem; font-size: var(--_text-s); line-height: 1.15; }
.pile { display: grid; gap: 0.1rem; min-inline-size: 0; }
.pile-team { font-weight: 600; font-size: var(--_text-xs); overflow-wrap: anywhere; line-height: 1.15; }
input[type="text"][inputmode="numeric"], input[type="number"] {
  inline-size: 100%;
  min-inline-size: 0;
  min-block-size: 44px;
  padding: 0.3rem 0.5rem;
  border: 1px solid var(--_control-border);
  border-radius: var(--_radius);
  background: var(--_bg);
  font-size: var(--_text-l);
  font-variant-numeric: tabular-nums;
}
.pile input { text-align: center; font-weight: 600; }
.pile input.other { background: var(--_surface); color: var(--_muted); border-style: dashed; font-weight: normal; }
.pile input:disabled { opacity: 0.7; }
input:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }

/* A choice with its legend on the same line (last trick, a question's answers). */
fieldset.inline { display: block; }
fieldset.inline > legend { float: inline-start; margin-inline-end: 0.6rem; line-height: 44px; }
fieldset.inline > .options { display: flex; }
fieldset.inline > .error, fieldset.inline > .hint { clear: both; }

/* The last trick's two teams: smaller type, so two names like "Иван и Петър" stay a line each. */
.last-trick .opt .face { padding-inline: 0.25rem; font-size: var(--_text-s); line-height: 1.15; }

/* Contra/recontra and capot: toggle buttons. */
.toggles { gap: 0.2rem; }
.toggle-row { display: flex; flex-wrap: wrap; gap: 0.35rem 0.6rem; }
/* A group wraps, and a button's words wrap when it alone is wider than the line (a team
   named "Владимирова Христофорова" on a 360-px phone): nothing pushes the page sideways. */
.toggle-group { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem; flex: 1 1 auto; min-inline-size: 0; }
.toggle-lead { font-weight: 600; padding-inline-end: 0.1rem; }
.toggle { flex: 1 1 auto; padding: 0.2rem 0.35rem; font-size: var(--_text-s); }
.toggle[aria-pressed="true"] { background: var(--_accent); border-color: var(--_accent); color: var(--_accent-text); font-weight: 600; }

/* Declarations as announced: a row of chips per team, a count badge, a − to take one back. */
.declarations { gap: 0.3rem; }
/* The legend and its long hint run on as one sentence, using the whole width. */
.declarations > .head { display: block; }
.declarations > .head > .legend { margin-inline-end: 0.4rem; }
.team-chips { display: grid; gap: 0.2rem; }
.chips { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3rem 0.25rem; }
/* The team's name narrow and small, as in the game's grid: its chips take two rows, not three. */
.chips > .row-team { min-inline-size: 2.2rem; max-inline-size: 3.2rem; font-size: var(--_text-xs); line-height: 1.1; hyphens: auto; }
.chip-wrap { display: inline-flex; }
.chip {
  position: relative;
  display: inline-flex;
  align-items: center;
  min-block-size: 44px;
  min-inline-size: 44px;
  padding: 0.15rem 0.4rem;
}
/* The size is the name's, not the chip's: the badge beside it is a step of the chip's own. */
.chip-name { display: inline-grid; justify-items: center; line-height: 1.1; font-size: var(--_text-s); }
.chip-points { font-weight: 600; opacity: 0.85; }
.chip[aria-pressed="true"] { background: var(--_accent); border-color: var(--_accent); color: var(--_accent-text); font-weight: 600; }
.chip[aria-disabled="true"] { cursor: default; }
.badge:empty { display: none; }
/* The count sits on the chip's corner, so a count never moves the chips around. */
.badge {
  position: absolute;
  inset-block-start: -0.45rem;
  inset-inline-end: -0.3rem;
  min-inline-size: 1.3rem;
  padding: 0 0.25em;
  border-radius: 1em;
  border: 2px solid var(--_bg);
  background: var(--_fg);
  color: var(--_bg);
  font-size: var(--_text-xs);
  font-weight: 600;
  line-height: 1.1rem;
  text-align: center;
  pointer-events: none;
}
.chip-wrap:has(.chip-minus:not([hidden])) .chip { border-start-end-radius: 0; border-end-end-radius: 0; }
.chip-minus {
  min-block-size: 44px;
  min-inline-size: 44px;
  padding: 0;
  margin-inline-start: -1px;
  border-start-start-radius: 0;
  border-end-start-radius: 0;
  border-color: var(--_accent);
  font-size: var(--_text-l);
  line-height: 1;
}
.declarations.none .chip-wrap { opacity: 0.55; }
.why { margin: 0; padding: 0; list-style: none; display: grid; gap: 0.1rem; color: var(--_muted); font-size: var(--_text-s); line-height: 1.3; }
.why:empty { display: none; }

/* The core's questions, in place. */
.questions { display: grid; gap: 0.4rem; }
.questions:not(:has(.question:not([hidden]), .why:not(:empty))) { display: none; }
.question {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.3rem 0.5rem;
  padding: 0.25rem 0.4rem;
  border: 2px solid var(--_accent);
  border-radius: var(--_radius);
}
.question > .legend { flex: 1 1 7rem; margin: 0; line-height: 1.2; }
/* The answers wrap (two long team names never push one off the screen's edge). */
.question > .options { flex: 0 1 auto; flex-wrap: wrap; min-inline-size: 0; }
.question .options .opt { flex: 0 1 auto; min-inline-size: 44px; }
.question .opt .face { padding-inline: 0.6rem; }
.question > .error { flex-basis: 100%; }
/* A question scrolled into view as it comes stops clear of the sticky bar; so does
   whatever takes the focus (barSpaceCSS). */
${barSpaceCSS(BAR_SPACE_REM + "rem")}

.hanging-in .field { display: grid; gap: 0.25rem; justify-items: start; }
.hanging-in input { max-inline-size: 10rem; }
.field > label { font-weight: 600; }
[aria-invalid="true"] { border-color: var(--_error) !important; box-shadow: 0 0 0 1px var(--_error); }
.error { margin: 0; color: var(--_error); font-weight: 600; }
.error:empty { display: none; }

.result {
  display: grid;
  gap: 0.5rem;
  min-inline-size: 0;
  padding: 0.75rem;
  border-radius: var(--_radius);
  background: var(--_surface);
}
.result .title { margin: 0; font-size: 1em; }
.details.pending { visibility: hidden; }
.outcome { margin: 0; font-size: var(--_text-l); font-weight: 700; }
/* A result's colour is who gained, from this device's side: an "inside" deal of theirs is ours. */
.outcome[data-gain="us"] { color: var(--_accent); }
.outcome[data-gain="them"] { color: var(--_error); }
table { border-collapse: collapse; inline-size: 100%; font-variant-numeric: tabular-nums; }
th, td { padding: 0.3rem 0.5rem; text-align: end; }
th[scope="row"], td.corner { text-align: start; font-weight: normal; color: var(--_muted); }
thead th, thead td { border-block-end: 1px solid var(--_border); }
/* A team's name over its column wraps (between its words, inside a word only if one is
   longer than the column): a 24-letter name never widens the page. */
thead th { overflow-wrap: anywhere; hyphens: auto; }
tr.record td { font-size: var(--_text-xl); font-weight: 700; }
/* Narrow for its text (large text, a small phone): the figures smaller, a row's name
   wraps, so the table fits and no figure is cut (nothing scrolls sideways). */
@container (max-width: 20rem) {
  .result { padding: 0.5rem; }
  th, td { padding-inline: 0.25rem; }
  th[scope="row"], td.corner { overflow-wrap: anywhere; hyphens: auto; }
  tr.record td { font-size: var(--_text-l); }
  /* The game: each team's name over its six cells; the toggles and answers wrap. */
  .game-grid { grid-template-columns: repeat(6, minmax(0, 1fr)); column-gap: 0.15rem; }
  .game-grid > .row-team { grid-column: 1 / -1; max-inline-size: none; }
  .question > .options { flex-wrap: wrap; }
  fieldset.inline > legend { float: none; line-height: 1.4; }
  .cell .short { font-size: var(--_text-xs); white-space: nowrap; }
  /* Count the cards under the two boxes: at large text each box keeps its number whole. */
  .piles { gap: 0.35rem; grid-template-columns: 1fr 1fr; }
  .piles > .count-cards { grid-column: 1 / -1; max-inline-size: none; }
}
.hanging-out { margin: 0; font-weight: 600; }
.explanation { margin: 0; padding-inline-start: 1.25rem; display: grid; gap: 0.2rem; font-size: var(--_text-s); }
.message { margin: 0; color: var(--_muted); }

/* The bar: the result (or what is missing) and, with a sheet, the totals and Record. */
.bar {
  position: sticky;
  inset-block-end: 0;
  z-index: 2;
  display: flex;
  align-items: center;
  gap: 0.5rem;
  margin-inline: calc(-1 * var(--_bar-inset, 0px));
  padding: 0.35rem 0.5rem;
  padding-block-end: max(0.35rem, env(safe-area-inset-bottom));
  background: var(--_bg);
  border: 2px solid var(--_accent);
  border-radius: var(--_radius);
  box-shadow: 0 -2px 10px var(--_bar-shadow);
  font-variant-numeric: tabular-nums;
}
.bar p { margin: 0; }
/* Taller than a quarter of the screen (400% zoom, large text, a phone held sideways):
   the bar stays under the form instead of covering it. */
.bar.loose { position: static; box-shadow: none; }
.bar { flex-wrap: wrap; }
.bar-text { flex: 1 1 11rem; min-inline-size: 0; display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.1rem; }
.bar-totals { font-size: var(--_text-s); color: var(--_muted); font-weight: 600; }
/* The teams' names in the totals line: a name longer than the line less the room of
   "Общо" and a score is cut with an ellipsis, so the score stays in view and the line
   takes two lines at most ("Общо Александрина К… 9 : 7" / "Владимирова Хрис…"). */
.bar-totals bdi {
  display: inline-block;
  max-inline-size: calc(100% - 6em);
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
  vertical-align: top;
}
.bar-totals.winner { color: var(--_accent); font-size: 1em; }
.bar-deal { font-weight: 700; line-height: 1.25; }
.bar-deal:not(.scored) { color: var(--_muted); }
.bar-deal[data-gain="us"] { color: var(--_accent); }
.bar-deal[data-gain="them"] { color: var(--_error); }
.bar-actions { display: flex; gap: 0.35rem; flex: 0 1 auto; min-inline-size: 0; max-inline-size: 100%; margin-inline-start: auto; }
/* Large text: a long label ("Запази промените") wraps inside its button, never past the screen. */
.bar-actions > button { min-inline-size: 0; overflow-wrap: anywhere; }
/* Once the game is over, the bar is its winner and New game (a "what if" deal still shows). */
.bar:has(.bar-totals.winner) .bar-deal.missing { display: none; }
.bar-actions > button { padding-inline: 0.7rem; }
.bar > .sheet-error { flex-basis: 100%; order: -1; }

/* Shared with the score sheet (styles/sheet.js has the rest of its styles). */
.visually-hidden {
  position: absolute !important;
  inline-size: 1px;
  block-size: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
}
button:disabled { cursor: not-allowed; opacity: 0.5; }
.rules-note { margin: 0; }
.explanation li[data-code^="house_"] { font-weight: 600; }
input[type="text"], textarea {
  font: inherit;
  color: inherit;
  inline-size: 100%;
  min-block-size: 44px;
  padding: 0.4rem 0.6rem;
  border: 1px solid var(--_control-border);
  border-radius: var(--_radius);
  background: var(--_bg);
}
textarea { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: var(--_text-s); resize: vertical; }
input[type="text"]:focus-visible, textarea:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
input[readonly] { background: var(--_surface); color: var(--_muted); }

/* Printed: with a score sheet, the sheet (title and date, names, rows, totals, the
   winner); without one, the result. Never the form, the bar or the buttons. */
@media print {
  :host { color-scheme: light; border: 0; padding: 0; }
  .launcher, .status, .failure, .sheet-failure, .update, form, .bar, .live, .sheet ~ .result,
  .sheet-toolbar, .confirm, .notices, .sheet details, .sheet-empty, .sheet-loading { display: none !important; }
  .sheet { border: 0; padding: 0; }
  .sheet-table .row-button { border: 0; background: none; min-block-size: 0; min-inline-size: 0; padding: 0; }
  .sheet-table tr, .banner { break-inside: avoid; }
  .banner.winner { background: none; color: inherit; border: 2px solid; }
  .result { background: none; padding: 0; }
}

@media (prefers-reduced-motion: no-preference) {
  .opt .face, button { transition: background-color 120ms, color 120ms; }
}
`;

/**
 * The calculator's styles in `root`: the base ones, then the open calculator's.
 * @param {ShadowRoot} root
 */
export function adoptStyles(root) {
  adoptBaseStyles(root);
  adoptCSS(root, CSS);
}

/** The sheet of each calculator's measured bar (a <style> where constructed sheets are missing). @type {WeakMap<ShadowRoot, CSSStyleSheet | HTMLStyleElement>} */
const barSheets = new WeakMap();

/**
 * The bar measured `space` tall (a CSS length; "": the styles' default): the rules of
 * barSpaceCSS with that height, in a sheet of this calculator's own, after its others.
 * Not an inherited custom property on the calculator's root: a new value of one
 * restyles every element under it (189 ms with a sheet of 100 rows at 4× CPU), where
 * changed rules restyle only the elements they select.
 * @param {ShadowRoot} root
 * @param {string} space
 */
export function setBarSpace(root, space) {
  const css = space ? barSpaceCSS(space) : "";
  let sheet = barSheets.get(root);
  if (!sheet) {
    if (!css) return;
    const canAdopt = "adoptedStyleSheets" in root && typeof CSSStyleSheet === "function" && "replaceSync" in CSSStyleSheet.prototype;
    sheet = canAdopt ? new CSSStyleSheet() : document.createElement("style");
    barSheets.set(root, sheet);
  }
  // After the calculator's styles (adopted when it opened, before its bar is measured);
  // a sheet adopted later never sets these margins.
  if ("replaceSync" in sheet) {
    sheet.replaceSync(css);
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } else {
    sheet.textContent = css;
    if (!sheet.isConnected) root.append(sheet);
  }
}
