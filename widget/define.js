// Registers <belot-calculator>. Importing it twice (or next to another copy of the
// widget) is harmless: the first definition wins and later ones are skipped.
import { BelotCalculatorElement } from "./element/belot-calculator.js";

export const TAG = "belot-calculator";

if (!customElements.get(TAG)) {
  try {
    BelotCalculatorElement.define(TAG);
  } catch (error) {
    // Another module defined the tag between our check and our call.
    if (!(error instanceof DOMException && error.name === "NotSupportedError")) throw error;
  }
}

export { BelotCalculatorElement };
export default BelotCalculatorElement;
