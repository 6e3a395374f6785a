// The calculator's language: from the element's `lang` or the nearest [lang] ancestor
// (Bulgarian by default), followed as it changes. One MutationObserver for the whole page
// re-renders the calculators when a `lang` attribute changes on any ancestor.

/** @type {Map<Element, () => void>} */
const listeners = new Map();
/** @type {MutationObserver | null} */
let observer = null;

/**
 * Call `callback` whenever a `lang` attribute changes anywhere on the page, while watched.
 * @param {Element} element
 * @param {() => void} callback
 */
export function watchLanguage(element, callback) {
  listeners.set(element, callback);
  if (!observer && typeof MutationObserver === "function") {
    observer = new MutationObserver(() => {
      for (const listener of listeners.values()) listener();
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"], subtree: true });
  }
}

/** @param {Element} element */
export function unwatchLanguage(element) {
  listeners.delete(element);
}

/**
 * "bg" or "en": `node`'s own lang or its nearest [lang] ancestor's, through shadow roots.
 * @param {Node | null} node
 * @returns {"bg" | "en"}
 */
export function languageOf(node) {
  for (; node; node = up(node)) {
    const element = /** @type {Element} */ (node); // checked by its nodeType first
    if (node.nodeType === Node.ELEMENT_NODE && element.hasAttribute("lang")) {
      const lang = (element.getAttribute("lang") ?? "").trim().toLowerCase();
      if (lang) return lang === "bg" || lang.startsWith("bg-") ? "bg" : "en";
    }
  }
  return "bg";
}

/**
 * `node`'s parent, or a shadow root's host (a shadow root has no parent), or null.
 * @param {Node} node
 * @returns {Node | null}
 */
function up(node) {
  return node.parentNode ?? /** @type {Partial<ShadowRoot>} */ (node).host ?? null;
}
