// The styles every calculator has from its first frame, closed or open: the host
// (its custom properties, light and dark), buttons, and the closed calculator's
// launcher. styles/calculator.js adds the rest once the calculator opens; an article whose
// calculator is never opened loads only these. Themable through the --belot-*
// custom properties and the ::part()s listed in README.md.
//
// Light and dark: each default is a light-dark() pair, so the calculator follows the
// page's color-scheme (a page that declares "color-scheme: light dark", as ours do,
// gets the dark one when the reader prefers it; a page that declares nothing stays
// light, so the calculator never turns dark on a white page). A browser without
// light-dark() keeps the light values. A --belot-* property set by the page wins in
// both schemes (it may be a light-dark() pair itself).

export const BASE_CSS = `
:host {
  --_accent: var(--belot-accent, #0b6e4f);
  --_accent-text: var(--belot-accent-text, #fff);
  --_bg: var(--belot-background, #fff);
  --_fg: var(--belot-color, #1d2321);
  --_muted: var(--belot-muted, #59615e);
  --_border: var(--belot-border, #c5ccc9);
  --_control-border: var(--belot-control-border, #7c8682);
  --_surface: var(--belot-surface, #f3f6f5);
  --_error: var(--belot-error, #b3261e);
  --_red-suit: var(--belot-red-suit, #c0182b);
  --_focus: var(--belot-focus, #1a5fd0);
  --_radius: var(--belot-radius, 10px);
  --_bar-shadow: rgb(0 0 0 / 0.12);
  --_gap: var(--belot-gap, 0.75rem);
  /* The type scale: every font size is one of these steps of the text around it (the
     calculator's own size is --belot-font's). Few sizes and two weights (600, 700) beside
     the normal: on first use each size and weight is a font lookup of its own, which on
     a slow phone's first frame added up to over 100 ms (issue 33). */
  --_text-xs: 0.8em;
  --_text-s: 0.875em;
  --_text-l: 1.25em;
  --_text-xl: 1.5em;
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
@supports (color: light-dark(#000, #fff)) {
  :host {
    --_accent: var(--belot-accent, light-dark(#0b6e4f, #5cc49a));
    --_accent-text: var(--belot-accent-text, light-dark(#fff, #0a1f17));
    --_bg: var(--belot-background, light-dark(#fff, #151a18));
    --_fg: var(--belot-color, light-dark(#1d2321, #e4e9e7));
    --_muted: var(--belot-muted, light-dark(#59615e, #a3ada9));
    --_border: var(--belot-border, light-dark(#c5ccc9, #3a4340));
    --_control-border: var(--belot-control-border, light-dark(#7c8682, #7f8a86));
    --_surface: var(--belot-surface, light-dark(#f3f6f5, #212826));
    --_error: var(--belot-error, light-dark(#b3261e, #ff8f85));
    --_red-suit: var(--belot-red-suit, light-dark(#c0182b, #ff7b8a));
    --_focus: var(--belot-focus, light-dark(#1a5fd0, #8ab4f8));
    --_bar-shadow: light-dark(rgb(0 0 0 / 0.12), rgb(0 0 0 / 0.5));
  }
}
:host([hidden]) { display: none; }
/* border-box everywhere (not inherit: inside <details> a UA slot would give content-box). */
*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }

.root { display: grid; gap: var(--_gap); min-inline-size: 0; }
/* An article's calculator opening: its form comes in a part per frame (form/view.js
   revealForm), and what follows it (the result, the bar, a sheet) waits unseen until the
   form is whole, so nothing on screen moves as it grows, on a slow phone too (issue 33). */
.root[data-revealing] > form ~ * { visibility: hidden; }
/* Opened by a tap, it keeps at least the room from its top to the screen's bottom, from
   the tap on (element/launcher.js: --_reserve), and its rows start at its top. */
.launcher.opening, .root { min-block-size: var(--_reserve, auto); }
.root { align-content: start; }

button, input { font: inherit; color: inherit; }
button {
  min-block-size: 44px;
  min-inline-size: 44px;
  border-radius: var(--_radius);
  border: 1px solid var(--_control-border);
  background: var(--_surface);
  cursor: pointer;
  padding: 0.4rem 0.9rem;
}
button:focus-visible {
  outline: 3px solid var(--_focus);
  outline-offset: 2px;
}
.primary {
  background: var(--_accent);
  color: var(--_accent-text);
  border-color: var(--_accent);
  font-weight: 600;
}

.launcher { display: grid; gap: 0.5rem; justify-items: start; align-content: start; }
.launcher p, .hint { margin: 0; color: var(--_muted); font-size: var(--_text-s); }
/* The page's worked example (the build's slot="example"), as wide as the calculator. */
.launcher slot { display: block; justify-self: stretch; }

/* An article's opened calculator: its top row holds the loading status and the Close
   button (element/launcher.js). The status is its bar and two lines, "loading…" and
   the bytes, each one line (the bytes that come later only fill the second), and keeps
   that room, unseen, once the runtime is in: nothing under the row moves while the
   calculator loads or when it is ready. (The whole text is the status's to a screen
   reader, also where a very narrow row cuts a line short.) */
.fold { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 0.5rem; }
.fold > .status {
  flex: 1 1 10rem;
  grid-template-columns: minmax(0, 1fr);
  align-content: start;
  gap: 0.375rem;
  font-size: var(--_text-s);
}
.fold > .status[hidden] { display: grid !important; visibility: hidden; }
.fold > .status progress { order: -1; block-size: 0.5rem; }
.fold > .status p > span {
  display: block;
  min-block-size: 1.4em;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
}
.fold > .close { margin-inline-start: auto; padding-inline: 0.6rem; }

@media print {
  :host { color-scheme: light; border: 0; padding: 0; }
  .launcher > button, .launcher > p, .fold { display: none !important; }
}
`;

/** @type {Map<string, CSSStyleSheet>} */
const made = new Map();

/**
 * A constructed stylesheet of `css`, made once per text; null where the browser has none.
 * @param {string} css
 * @returns {CSSStyleSheet | null}
 */
function constructed(css) {
  if (typeof CSSStyleSheet !== "function" || !("replaceSync" in CSSStyleSheet.prototype)) return null;
  let sheet = made.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    made.set(css, sheet);
  }
  return sheet;
}

/**
 * The <style> elements added where constructed sheets are missing: root → the texts it has.
 * @type {WeakMap<ShadowRoot, Set<string>>}
 */
const styled = new WeakMap();

/**
 * The room (rem) a focused control keeps below itself for the sticky bar until the view
 * measures the bar (styles/calculator.js setBarSpace): more than the bar's height at the
 * usual text size, so the margin is set only for a taller bar (form/bar.js barSpace).
 * Not more: at 6.5 rem Chromium left the sheet's last tall field (the game as text)
 * partly off screen when tabbed to at the page's end (tests/e2e/test_a11y_layout.py).
 */
export const BAR_SPACE_REM = 5;

/**
 * Add the stylesheet of `css` to `root` (a shadow root), after the ones it has, once: one
 * constructed sheet shared by every instance, or a <style> where constructed sheets
 * are missing.
 * @param {ShadowRoot} root
 * @param {string} css
 */
export function adoptCSS(root, css) {
  const sheet = "adoptedStyleSheets" in root ? constructed(css) : null;
  if (sheet) {
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  let texts = styled.get(root);
  if (!texts) {
    texts = new Set();
    styled.set(root, texts);
  }
  if (texts.has(css)) return;
  texts.add(css);
  const style = document.createElement("style");
  style.textContent = css;
  root.append(style);
}

/**
 * The host's, the buttons' and the launcher's styles (every calculator, from its construction).
 * @param {ShadowRoot} root
 */
export function adoptBaseStyles(root) {
  adoptCSS(root, BASE_CSS);
}
