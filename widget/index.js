// The widget's entry point: <script type="module" src=".../widget/index.js">.
// Registers <belot-calculator> and re-exports the pieces for scripting: only what a
// closed calculator loads anyway (the widget's words are in i18n/strings.js, loaded when
// a calculator opens; import it yourself if you need them).
export { BelotCalculatorElement, DEFAULT_STORAGE_KEY } from "./element/belot-calculator.js";
export { CAPOTS, CONTRACTS, DECLARATIONS, DOUBLINGS, TEAMS } from "./core-tables.js";
export { buildRequest, formatDeclarations, parseDeclarations, readDeal } from "./deal/request.js";
export { DEFAULT_MANIFEST_URL, PyodideScorer, sharedPyodideScorer } from "./runtime/pyodide-scorer.js";
export { TAG } from "./define.js";
