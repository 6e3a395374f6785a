// The calculator page's language buttons. The element follows the nearest [lang],
// here <html lang>; the choice is kept for the next visit. A file of its own, not an
// inline script: the site's Content Security Policy runs only this origin's files.

const buttons = document.querySelectorAll(".lang-switch button");

function setLanguage(lang) {
  document.documentElement.lang = lang;
  for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
  for (const node of document.querySelectorAll("[data-bg]")) node.textContent = node.dataset[lang];
  document.title = lang === "bg" ? "Калкулатор за белот" : "Belot score calculator";
  try {
    localStorage.setItem("belot-lang", lang);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}

for (const button of buttons) button.addEventListener("click", () => setLanguage(button.dataset.lang));
const params = new URLSearchParams(location.search);
let saved = params.get("lang");
try {
  saved ??= localStorage.getItem("belot-lang");
} catch {
  // storage blocked
}
if (saved === "en" || saved === "bg") setLanguage(saved);
