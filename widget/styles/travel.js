// Styles of games that travel (sheet/share.js, sheet/games-list.js): the share panel and its
// QR code, the banner over a game opened from a link, a deleted game's Undo, and the
// sheet's notices about saving. Added to the element's shadow root by the score sheet
// (adoptTravelStyles), so an article without a sheet never downloads them; themed by
// the element's --_* properties. The QR code keeps its own black on white (a camera
// reads that, whatever the theme).

export const TRAVEL_CSS = `
.send-game > :not(summary) { margin-block: 0.5rem 0; }
.qr-figure { display: grid; justify-items: center; gap: 0.25rem; margin-inline: 0; }
.qr { inline-size: min(100%, 18rem); }
.qr:empty { display: none; }
.qr svg { display: block; inline-size: 100%; block-size: auto; border-radius: calc(var(--_radius) / 2); }
.qr-text:empty { display: none; }
.share-field { display: grid; grid-template-columns: minmax(0, 1fr); gap: 0.25rem; }
/* Inside <details> the box model is inherited from its (content-box) slot. */
.share-link { box-sizing: border-box; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.85em; }
.link-status { color: var(--_accent); font-weight: 600; }
.link-status:empty { display: none; }
.files { color: var(--_muted); }
.files > button { flex: 1 1 9rem; }
.files-label { flex-basis: 100%; }
.shared {
  display: grid;
  gap: 0.5rem;
  padding: 0.6rem 0.75rem;
  border: 2px solid var(--_accent);
  border-radius: var(--_radius);
  background: var(--_surface);
}
.shared-title { margin: 0; font-size: 1.15em; }
.shared-title:focus { outline: none; } /* focused for screen readers, not a control */
.shared .keep-game { flex-basis: 100%; }
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
.bar-totals .not-saved { color: var(--_error); white-space: nowrap; }
`;

let sheet = null;

/** Add these styles to `root` (a shadow root), once, after the element's own. */
export function adoptTravelStyles(root) {
  if (!(root instanceof ShadowRoot)) return;
  if ("adoptedStyleSheets" in root && typeof CSSStyleSheet === "function" && "replaceSync" in CSSStyleSheet.prototype) {
    sheet ??= (() => {
      const s = new CSSStyleSheet();
      s.replaceSync(TRAVEL_CSS);
      return s;
    })();
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } else if (!root.querySelector("style.travel")) {
    const style = document.createElement("style");
    style.className = "travel";
    style.textContent = TRAVEL_CSS;
    root.append(style);
  }
}
