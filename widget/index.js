// The widget's entry point: <script type="module" src=".../widget/index.js">.
// Registers <belot-calculator> and re-exports the pieces for scripting.
export {
  BelotCalculatorElement,
  CAPOTS,
  CONTRACTS,
  DECLARATIONS,
  DOUBLINGS,
  TEAMS,
  formatDeclarations,
  parseDeclarations,
} from "./belot-calculator.js";
export { DEFAULT_MANIFEST_URL, PyodideScorer, sharedPyodideScorer } from "./pyodide-scorer.js";
export { LANGUAGES, STRINGS } from "./strings.js";
export { TAG } from "./define.js";
