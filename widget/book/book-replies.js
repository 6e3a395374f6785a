// What the game book and its parts make of the core's answers, in one place: a call to
// the runtime that throws (the worker gone, Pyodide failed) becomes a reply like the
// core's refusals, {ok: false, errors}, so every caller handles one shape. Pure; no
// module of the book imports game-book.js for it (no circle).

/** The sheet shows no row's explanation (a row loads its deal into the form, which asks for its own). */
export const EXPLAIN = Object.freeze({ explain: "none" });

/** A reply for a call the runtime could not answer (its message in both languages). */
export function runtimeFailure(error) {
  const text = String(error?.message ?? error);
  return { ok: false, errors: [{ code: "runtime", message: { bg: text, en: text } }] };
}

/** What `call()` resolves to, or, if it throws, the runtime's failure as a reply. */
export async function replyOf(call) {
  try {
    return await call();
  } catch (error) {
    return runtimeFailure(error);
  }
}
