// What the widget trusts: the files of the page's own origin, and nothing else.
//
// The manifest, the runtime it names (indexURL), the lock file, the standard library
// and the service worker are all code or data that runs with this origin's rights, so
// a URL of another origin is refused, whatever an attribute or a manifest says. There
// is no allow-list: a module worker must come from the page's origin anyway, so a copy
// of the whole build on the site is the one way to embed the widget (README, "Security").
//
// Script URLs go through a Trusted Types policy named "belot-calculator" that accepts
// only this origin's URLs, so the widget also runs on pages that send
// `require-trusted-types-for 'script'` (they list the policy: `trusted-types
// belot-calculator`). Used by the page (the worker, the service worker) and by the
// worker itself: nothing here touches the DOM.

/** The name of the widget's Trusted Types policy. */
export const TRUSTED_TYPES_POLICY = "belot-calculator";

const POLICY = Symbol.for("belot-calculator.trusted-types");

// Trusted Types, as far as this module uses them (TypeScript's DOM library has none).
/** @typedef {{ createScriptURL(input: string): object }} ScriptURLPolicy The widget's policy: its script URLs are TrustedScriptURL objects. */
/** @typedef {{ createPolicy?: (name: string, rules: { createScriptURL: (input: string) => string }) => ScriptURLPolicy }} PolicyFactory */
/** @typedef {{ trustedTypes?: PolicyFactory, [POLICY]?: ScriptURLPolicy | null }} PolicyGlobal The global object with the page's factory and the widget's policy. */

/** This realm's origin (the page's, or the worker's, which is the same). */
function ownOrigin() {
  return globalThis.location.origin;
}

/** A refusal: `code` "foreign_origin", the URL and the origin in the message. */
export class ForeignOriginError extends Error {
  code = "foreign_origin";
  /**
   * @param {string} what the refused file, in words ("a script")
   * @param {URL} url
   */
  constructor(what, url) {
    super(`${what} from another origin refused: ${url.origin} is not ${ownOrigin()}`);
    /** @type {string} The refused URL. */
    this.url = url.href;
  }
}

/**
 * `url` resolved against `base`, as an absolute href, if it is of this origin; else throws ForeignOriginError.
 * @param {string | URL} url
 * @param {string | URL | undefined} base
 * @param {string} [what]
 * @returns {string}
 */
export function sameOriginURL(url, base, what = "a file") {
  const resolved = new URL(url, base);
  if (resolved.origin !== ownOrigin()) throw new ForeignOriginError(what, resolved);
  return resolved.href;
}

/**
 * `url` as the value a script-URL sink (`new Worker`, `serviceWorker.register`)
 * accepts: a TrustedScriptURL from the widget's policy where Trusted Types exist,
 * else the plain href. Throws ForeignOriginError for another origin's URL.
 * @param {string | URL} url
 * @param {string} [what]
 * @returns {string} typed as the href it stands for: a sink takes a TrustedScriptURL
 *   where it takes a string, and TypeScript's DOM library has no Trusted Types
 */
export function scriptURL(url, what = "a script") {
  const href = sameOriginURL(url, globalThis.location.href, what);
  const policy = trustedTypesPolicy();
  return policy ? /** @type {string} */ (/** @type {unknown} */ (policy.createScriptURL(href))) : href;
}

/**
 * The page's one policy (created on first use, shared by every copy of this module), or null.
 * @returns {ScriptURLPolicy | null}
 */
function trustedTypesPolicy() {
  const shared = /** @type {PolicyGlobal} */ (globalThis);
  const factory = shared.trustedTypes;
  if (!factory?.createPolicy) return null;
  if (!(POLICY in shared)) {
    try {
      shared[POLICY] = factory.createPolicy(TRUSTED_TYPES_POLICY, {
        createScriptURL: (input) => sameOriginURL(input, globalThis.location.href, "a script"),
      });
    } catch {
      // The page's policy does not allow ours: the sink then refuses a plain URL
      // itself, with the browser's own message, and the widget shows the failure.
      shared[POLICY] = null;
    }
  }
  return shared[POLICY] ?? null;
}
