// Latest wins, never a queue: how the calculator sends its input to the scorer.
//
// schedule() asks for the current input to be scored on a microtask, so attributes
// set together make one request. At most one request is on its way; changes
// meanwhile only mark the input dirty, and when the reply is back the newest input
// is sent (unless it is the very request that was answered). A reply for an input
// that is no longer the current one is dropped, so a stale result never replaces a
// newer one. A forced schedule (a new scorer, a retry) sends even while a request
// is on its way, and the reply of the one it replaces is dropped.
//
// No DOM: an EventTarget with plain callbacks, so it runs in Node with a fake
// scorer (tests/js/scheduler.test.mjs). Events: "change" whenever reply, failure or
// incomplete change (render), and "result" with {request, result} for every
// successful reply that is shown.

import { sameRequest } from "./request.js";

/** @import { DealReply, DealRequest, DealScorer, ScheduledInput } from "./types.js"; */

export class LatestWins extends EventTarget {
  /** @type {() => ScheduledInput} */ #input;
  /** @type {() => DealScorer} */ #scorer;
  /** @type {() => boolean} */ #active;
  #queued = false; // a microtask will score the current input
  #forced = false; // ... even while a request is on its way
  #sequence = 0; // bumped by every request sent and every local answer: older replies are stale
  /** @type {{ request: DealRequest } | null} */ #inFlight = null; // the request on its way, if any
  #dirty = false; // the input changed while #inFlight was on its way

  /** @type {DealReply | null} The core's reply for the current input, or the widget's own problems as `{ok: false, errors}`, or null. */
  reply = null;
  /** @type {DealRequest | null} The request `reply` answers. */
  answered = null;
  /** @type {unknown} The error of a scorer that threw, until the next reply from it. */
  failure = null;
  /** The input lacks something before it can be scored (and has no problems); a probe's reply may still be shown. */
  incomplete = false;

  /**
   * `input()` → `{request, problems, incomplete, probe}` for the current input (an
   *   incomplete input is sent only as a `probe`: the core may have a question already);
   * `scorer()` → the scorer (`{score(request) → Promise<reply>}`);
   * `active()` → false while nothing should be scored (not connected, closed).
   * @param {{ input: () => ScheduledInput, scorer: () => DealScorer, active?: () => boolean }} options
   */
  constructor({ input, scorer, active = () => true }) {
    super();
    this.#input = input;
    this.#scorer = scorer;
    this.#active = active;
  }

  /**
   * Score the current input on a microtask; `force` sends even while a request is on its way.
   * @param {boolean} [force]
   */
  schedule(force = false) {
    this.#forced ||= force;
    if (this.#queued) return;
    this.#queued = true;
    queueMicrotask(() => {
      this.#queued = false;
      const forced = this.#forced;
      this.#forced = false;
      this.#run(forced);
    });
  }

  /**
   * Take `reply` as the answer to `request` before anything was scored (a page's
   * worked example, scored by the site's build): shown while it answers the input,
   * until the scorer answers again. No "result" event: nothing was scored here. A
   * scheduler that has a reply already keeps it.
   * @param {DealRequest} request
   * @param {DealReply} reply
   */
  prefill(request, reply) {
    if (this.reply) return;
    this.#show(reply, request, null);
  }

  /**
   * Whether `request` is exactly what the current, successful reply answers.
   * @param {DealRequest} request
   */
  answers(request) {
    return Boolean(this.reply?.ok) && sameRequest(request, this.answered);
  }

  /**
   * @param {DealReply | null} reply
   * @param {DealRequest | null} answered
   * @param {unknown} failure
   */
  #show(reply, answered, failure) {
    this.reply = reply;
    this.answered = answered;
    this.failure = failure;
    this.dispatchEvent(new Event("change"));
  }

  /** @param {boolean} force */
  async #run(force) {
    if (!this.#active()) return;
    const { request, problems, incomplete, probe = false } = this.#input();
    this.incomplete = incomplete && !problems.length;
    if (problems.length || (incomplete && !probe)) {
      ++this.#sequence; // a reply still on its way is for an older input
      this.#show(problems.length ? { ok: false, errors: problems } : null, request, this.failure);
      return;
    }
    if (this.#inFlight && !force) {
      this.#dirty = true;
      return;
    }
    if (!force && this.reply && sameRequest(request, this.answered)) return; // answered already
    const sequence = ++this.#sequence;
    const call = { request };
    this.#inFlight = call;
    this.#dirty = false;
    /** @type {DealReply | undefined} */
    let reply;
    /** @type {unknown} */
    let failure = null;
    try {
      reply = await this.#scorer().score(request);
    } catch (error) {
      failure = error ?? new Error("score failed");
    }
    if (this.#inFlight !== call) return; // a forced request replaced this one
    this.#inFlight = null;
    const current = sequence === this.#sequence;
    if (this.#dirty) {
      this.#dirty = false;
      const now = this.#active() ? this.#input() : null;
      const sendable = now && !now.problems.length && (!now.incomplete || now.probe);
      const same = current && sendable && sameRequest(now.request, request);
      if (!same) {
        this.#run(false); // send the newest input; this reply is stale
        return;
      }
    }
    if (!current || !this.#active()) return;
    if (failure) {
      this.#show(null, null, failure);
      return;
    }
    this.#show(/** @type {DealReply} */ (reply), request, null); // the scorer answered: it did not throw
    if (reply?.ok) this.dispatchEvent(new CustomEvent("result", { detail: { request, result: reply.result } }));
  }
}
