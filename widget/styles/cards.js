// The grid that counts a pile by its cards (form/cards-view.js): a modal <dialog> that
// fits one phone screen (360×740) with every card a target of at least 44 px. Loaded
// with the grid, on its first opening; themed by the element's --_* properties
// (styles/base.js), light and dark.

import { adoptCSS } from "./base.js";

export const CARDS_CSS = `
.cards-dialog {
  inline-size: min(100% - 0.75rem, 30rem);
  max-inline-size: none;
  max-block-size: calc(100dvh - 0.75rem);
  margin: auto;
  padding: 0.6rem;
  overflow: auto;
  color: var(--_fg);
  background: var(--_bg);
  border: 1px solid var(--_border);
  border-radius: var(--_radius);
  box-shadow: 0 8px 28px rgb(0 0 0 / 0.35);
}
.cards-dialog::backdrop { background: rgb(0 0 0 / 0.45); }
.cards-dialog[open] { display: grid; gap: 0.6rem; }
.cards-title { margin: 0; font-size: var(--_text-l); font-weight: 700; }
.cards-hint { margin: 0; }
.cards-grid { display: grid; gap: 0.3rem; }
.cards-row {
  display: grid;
  grid-template-columns: 1.5rem repeat(6, minmax(44px, 1fr));
  gap: 0.2rem;
  align-items: stretch;
}
.cards-suit {
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  font-size: var(--_text-xl);
  line-height: 1;
}
.cards-suit[data-red] { color: var(--_red-suit); }
.cards-suit[data-trump] { border: 2px solid var(--_accent); border-radius: var(--_radius); }
.card {
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  min-inline-size: 0;
  padding: 0.15rem 0.1rem;
  line-height: 1.1;
}
.card .rank { font-weight: 600; font-size: var(--_text-s); }
.card .value { font-size: var(--_text-xs); color: var(--_muted); }
.card[aria-pressed="true"] { background: var(--_accent); border-color: var(--_accent); color: var(--_accent-text); }
.card[aria-pressed="true"] .value { color: inherit; }
.cards-tricks { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3rem 0.6rem; }
.cards-tricks label { font-weight: 600; }
.cards-tricks select {
  font: inherit;
  color: inherit;
  background: var(--_surface);
  min-block-size: 44px;
  min-inline-size: 6rem;
  border: 1px solid var(--_control-border);
  border-radius: var(--_radius);
  padding-inline: 0.5rem;
}
.cards-tricks select:focus-visible { outline: 3px solid var(--_focus); outline-offset: 2px; }
.cards-tricks .hint { flex-basis: 100%; }
.cards-tricks .hint.error { color: var(--_error); font-weight: 600; }
.cards-sum { margin: 0; display: grid; gap: 0.1rem; }
.cards-sum .mine { font-weight: 700; }
.cards-sum .rest { color: var(--_muted); }
.cards-actions { display: flex; flex-wrap: wrap; gap: 0.4rem; }
.cards-actions > button { flex: 1 1 0; overflow-wrap: anywhere; }
`;

/**
 * Add these styles to `root` (the element's shadow root), once.
 * @param {Node} root the styles go in only where it is a shadow root
 */
export function adoptCardStyles(root) {
  if (root instanceof ShadowRoot) adoptCSS(root, CARDS_CSS);
}
