// The deal's attributes as properties of <belot-calculator>: attributes are the source of
// truth, so each property reads its attribute through the form's reading (deal/request.js
// readDeal: defaults and closed sets; unknown values fall back) and writes its attribute
// back. The contract, the bidder and the last trick have no default: null until chosen,
// and setting null removes the attribute.

import { DEAL_ATTRIBUTES, formatDeclarations, readDeal, wholeNumber } from "../deal/request.js";

/** @import { Deal, DeclarationCounts } from "../deal/types.js"; */

/** @param {Element} element */
function deal(element) {
  return readDeal(Object.fromEntries(DEAL_ATTRIBUTES.map((name) => [name, element.getAttribute(name)])));
}

/**
 * Property → [attribute, how a null is written: "remove", or the default to write].
 * @type {Record<string, [string, string]>}
 */
const CHOICES = {
  contract: ["contract", "remove"],
  bidder: ["bidder", "remove"],
  lastTrick: ["last-trick", "remove"],
  doubling: ["doubling", "none"],
  pileTeam: ["pile-team", "us"],
  capot: ["capot", "none"],
};

/**
 * Define the deal's properties on `Class` (the element's class).
 * @param {{ prototype: Element }} Class
 */
export function defineDealProperties(Class) {
  /** @type {Record<string, PropertyDescriptor & ThisType<Element>>} */
  const properties = {};
  for (const [property, [attribute, empty]] of Object.entries(CHOICES)) {
    properties[property] = {
      get() {
        return deal(this)[/** @type {keyof Deal} */ (property)];
      },
      /** @param {string | null | undefined} value */
      set(value) {
        if (value == null && empty === "remove") this.removeAttribute(attribute);
        else this.setAttribute(attribute, value ?? empty);
      },
    };
  }
  /**
   * The card points of the entered pile as a number, or null while empty or not a whole
   * number; a pile counted by its cards (`pile-cards`) is what they count to.
   */
  properties.pilePoints = {
    get() {
      return wholeNumber(deal(this).pilePoints);
    },
    /** @param {number | string | null | undefined} value */
    set(value) {
      if (value == null || value === "") this.removeAttribute("pile-points");
      else this.setAttribute("pile-points", String(value));
    },
  };
  /** The `hanging-in` attribute as a number (0 when empty); with `sheet` the sheet's pot is used instead. */
  properties.hangingIn = {
    get() {
      return wholeNumber(this.getAttribute("hanging-in")) ?? 0;
    },
    /** @param {number | string | null | undefined} value */
    set(value) {
      this.setAttribute("hanging-in", String(value ?? 0));
    },
  };
  /** `{us: {tierce: n, …}, them: {…}}`, from the declarations-us/-them attributes. */
  properties.declarations = {
    get() {
      return deal(this).declarations;
    },
    /** @param {{ us?: Partial<DeclarationCounts>, them?: Partial<DeclarationCounts> } | null | undefined} value */
    set(value) {
      this.setAttribute("declarations-us", formatDeclarations(value?.us));
      this.setAttribute("declarations-them", formatDeclarations(value?.them));
    },
  };
  for (const descriptor of Object.values(properties)) descriptor.configurable = true;
  Object.defineProperties(Class.prototype, properties);
}
