// The Custom Elements Manifest of <belot-calculator> (dist/widget/custom-elements.json),
// written by @custom-elements-manifest/analyzer from the element's source; this plugin
// adds what the analyzer cannot read there: the tag (BelotCalculatorElement.define(TAG)
// in define.js), the deal's attributes (spread from deal/request.js DEAL_ATTRIBUTES), and
// the events the element dispatches through its sheet and scorer. Run by sitebuild.dist:
//   npx cem analyze --config tools/sitebuild/cem.config.mjs --outdir <dist/widget>
import { readFileSync } from "node:fs";
import { DEAL_ATTRIBUTES } from "../../widget/deal/request.js";

// define.js registers the element (it needs a DOM to import): its TAG, read from its text.
const TAG = readFileSync(new URL("../../widget/define.js", import.meta.url), "utf8").match(/export const TAG = "([a-z-]+)";/)[1];

const EVENTS = {
  "belot-calculator-result": "After every successful score: detail {request, result}.",
  "belot-calculator-sheet": "After every change to the score sheet: detail {game, result}.",
  "belot-calculator-before-new-game": "Before a new game starts (cancelable: preventDefault() keeps the current game): detail {game, result}.",
  "belot-calculator-toggle": "After the calculator opened or folded back: detail {open}.",
};

const completeTheElement = {
  name: "belot-calculator-element",
  packageLinkPhase({ customElementsManifest }) {
    for (const module of customElementsManifest.modules) {
      for (const declaration of module.declarations ?? []) {
        if (declaration.name !== "BelotCalculatorElement") continue;
        declaration.customElement = true;
        declaration.tagName = TAG;
        const attributes = (declaration.attributes ??= []);
        for (const name of DEAL_ATTRIBUTES) {
          if (!attributes.some((attribute) => attribute.name === name)) attributes.push({ name, type: { text: "string" } });
        }
        declaration.events = Object.entries(EVENTS).map(([name, description]) => ({ name, type: { text: "CustomEvent" }, description }));
        // Shipped bundled: an embedder imports it from widget/index.js (beside this file).
        module.path = "index.js";
        module.exports = [
          ...(module.exports ?? []).map((item) => ({ ...item, declaration: { ...item.declaration, module: "index.js" } })),
          { kind: "custom-element-definition", name: TAG, declaration: { name: declaration.name, module: "index.js" } },
        ];
      }
    }
  },
};

export default {
  globs: ["widget/element/belot-calculator.js"],
  outdir: ".",
  // Never write "customElements" into package.json (the manifest ships in dist/).
  packagejson: false,
  plugins: [completeTheElement],
};
