// Keeping the games (sheet/keep-view.js): the state line and the backup in "Games on this
// device", and the one message above the sheet (games cleared, a reminder to back up,
// the word about Safari's Home Screen). Loaded with the score sheet, themed by the
// element's --_* properties (styles/base.js).

import { adoptCSS } from "./base.js";

export const KEEP_CSS = `
.keep {
  display: grid;
  gap: 0.4rem;
  margin-block: 0.25rem 0.6rem;
  padding: 0.5rem 0.65rem;
  border-radius: var(--_radius);
  background: var(--_surface);
  border-inline-start: 4px solid var(--_focus);
}
.keep[data-state="persisted"] { border-inline-start-color: var(--_accent); }
.keep[data-state="not_saved"] { border-inline-start-color: var(--_error); }
.keep-state { font-weight: 600; }
.keep-backup { color: var(--_muted); font-size: var(--_text-s); }
.keep-status { color: var(--_accent); font-weight: 600; overflow-wrap: anywhere; }
.keep-status:empty { display: none; }
.keep-notice {
  display: grid;
  grid-template-columns: minmax(0, 1fr); /* large text: its words and buttons wrap, the page keeps its width */
  gap: 0.5rem;
  padding: 0.6rem 0.75rem;
  border: 2px solid var(--_accent);
  border-radius: var(--_radius);
  background: var(--_surface);
}
.keep-notice[data-kind="cleared"] { border-color: var(--_error); background: var(--_bg); }
.keep-title { font-weight: 700; font-size: var(--_text-l); }
.keep-link { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.3rem; margin: 0; }
.keep-link > label { font-weight: 600; }
.keep-link-row { display: flex; flex-wrap: wrap; gap: 0.4rem; }
.keep-link-row > input { flex: 1 1 12rem; inline-size: 0; /* no intrinsic 20 characters */ min-inline-size: 0; box-sizing: border-box; }
.keep-link-row > button { flex: 1 1 auto; }
.keep-notice .sheet-actions:not(:has(> :not([hidden]))) { display: none; }
@media print { .keep-notice { display: none !important; } }
`;

/**
 * Add these styles to `root` (the element's shadow root), once.
 * @param {Node} root the styles go in only where it is a shadow root
 */
export function adoptKeepStyles(root) {
  if (root instanceof ShadowRoot) adoptCSS(root, KEEP_CSS);
}
