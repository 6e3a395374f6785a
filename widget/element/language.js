// The calculator's language: from the element's `lang` or the nearest [lang] ancestor
// (Bulgarian by default), followed as it changes. One MutationObserver for the whole page
// re-renders the calculators when a `lang` attribute changes on any ancestor.

const listeners = new Map();
let observer = null;

/** Call `callback` whenever a `lang` attribute changes anywhere on the page, while watched. */
export function watchLanguage(element, callback) {
  listeners.set(element, callback);
  if (!observer && typeof MutationObserver === "function") {
    observer = new MutationObserver(() => {
      for (const listener of listeners.values()) listener();
    });
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"], subtree: true });
  }
}

export function unwatchLanguage(element) {
  listeners.delete(element);
}

/** "bg" or "en": `node`'s own lang or its nearest [lang] ancestor's, through shadow roots. */
export function languageOf(node) {
  for (; node; node = node.parentNode ?? node.host ?? null) {
    if (node.nodeType === Node.ELEMENT_NODE && node.hasAttribute("lang")) {
      const lang = node.getAttribute("lang").trim().toLowerCase();
      if (lang) return lang === "bg" || lang.startsWith("bg-") ? "bg" : "en";
    }
  }
  return "bg";
}
