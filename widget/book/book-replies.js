// What the game book and its parts make of the core's answers, in one place: a call to
// the runtime that throws (the worker gone, Pyodide failed) becomes a reply like the
// core's refusals, {ok: false, errors}, so every caller handles one shape. Pure; no
// module of the book imports game-book.js for it (no circle).

/** @import { CoreError } from "./types.js"; */

/** The sheet shows no row's explanation (a row loads its deal into the form, which asks for its own). */
export const EXPLAIN = Object.freeze({ explain: "none" });

/**
 * A reply for a call the runtime could not answer (its message in both languages).
 * @param {unknown} error
 * @returns {{ok: false, errors: CoreError[]}}
 */
export function runtimeFailure(error) {
  const text = String(error instanceof Error ? error.message : (/** @type {{message?: unknown} | null | undefined} */ (error)?.message ?? error));
  return { ok: false, errors: [{ code: "runtime", message: { bg: text, en: text } }] };
}

/**
 * What `call()` resolves to, or, if it throws, the runtime's failure as a reply.
 * @template T
 * @param {() => T | Promise<T>} call
 * @returns {Promise<T | {ok: false, errors: CoreError[]}>}
 */
export async function replyOf(call) {
  try {
    return await call();
  } catch (error) {
    return runtimeFailure(error);
  }
}
