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

/** This realm's origin (the page's, or the worker's, which is the same). */
function ownOrigin() {
  return globalThis.location.origin;
}

/** A refusal: `code` "foreign_origin", the URL and the origin in the message. */
export class ForeignOriginError extends Error {
  code = "foreign_origin";
  constructor(what, url) {
    super(`${what} from another origin refused: ${url.origin} is not ${ownOrigin()}`);
    this.url = url.href;
  }
}

/** `url` resolved against `base`, as an absolute href, if it is of this origin; else throws ForeignOriginError. */
export function sameOriginURL(url, base, what = "a file") {
  const resolved = new URL(url, base);
  if (resolved.origin !== ownOrigin()) throw new ForeignOriginError(what, resolved);
  return resolved.href;
}

/**
 * `url` as the value a script-URL sink (`new Worker`, `serviceWorker.register`)
 * accepts: a TrustedScriptURL from the widget's policy where Trusted Types exist,
 * else the plain href. Throws ForeignOriginError for another origin's URL.
 */
export function scriptURL(url, what = "a script") {
  const href = sameOriginURL(url, globalThis.location.href, what);
  const policy = trustedTypesPolicy();
  return policy ? policy.createScriptURL(href) : href;
}

/** The page's one policy (created on first use, shared by every copy of this module), or null. */
function trustedTypesPolicy() {
  const factory = globalThis.trustedTypes;
  if (!factory?.createPolicy) return null;
  if (!(POLICY in globalThis)) {
    try {
      globalThis[POLICY] = factory.createPolicy(TRUSTED_TYPES_POLICY, {
        createScriptURL: (input) => sameOriginURL(input, globalThis.location.href, "a script"),
      });
    } catch {
      // The page's policy does not allow ours: the sink then refuses a plain URL
      // itself, with the browser's own message, and the widget shows the failure.
      globalThis[POLICY] = null;
    }
  }
  return globalThis[POLICY];
}
