// The widget straight from the working tree, with an injected fake scorer:
// no Pyodide, no build. Tests drive it through window.mount().
import { BelotCalculatorElement } from "../../../widget/index.js";

window.BelotCalculatorElement = BelotCalculatorElement;
window.events = [];
document.addEventListener("belot-calculator-result", (event) => {
  window.events.push({ target: event.target.id, composed: event.composed, detail: event.detail });
});

/**
 * A scorer that records its requests and answers what the test told it to. With
 * `hold`, each reply waits until the test calls `scorer.release()` (oldest first).
 */
window.makeFakeScorer = ({ hold = false } = {}) => {
  const scorer = {
    calls: [],
    held: [],
    release() {
      scorer.held.shift()();
    },
    reply: (request) => ({
      ok: true,
      result: {
        raw: { us: 112, them: 70 },
        outcome: "made",
        record: { us: 11, them: 7 },
        hanging_out: 0,
        explanation: [{ code: "fake", params: {}, message: { bg: `Проба: ${request.contract}`, en: `Fake: ${request.contract}` } }],
      },
    }),
    async score(request) {
      scorer.calls.push(structuredClone(request));
      if (hold) await new Promise((resolve) => scorer.held.push(resolve));
      return scorer.reply(request);
    },
    // For <belot-calculator sheet>: every deal records 0 : 0.
    gameCalls: [],
    async scoreGame(request) {
      scorer.gameCalls.push(structuredClone(request));
      const zero = { us: 0, them: 0 };
      const rows = request.deals.map((deal) => ({
        passed: Boolean(deal.passed),
        record: zero,
        totals: zero,
        hanging: 0,
        hanging_out: 0,
        capot: null,
        outcome: "made",
        explanation: [],
      }));
      return { ok: true, result: { rows, totals: zero, hanging: 0, winner: null, finished: false, unclaimed: 0 } };
    },
  };
  return scorer;
};

/** Mount a calculator with the given attributes and a fresh fake scorer. */
window.mount = (attributes = {}, { lang = null, id = "calc", hold = false } = {}) => {
  const host = document.getElementById("host");
  const wrapper = document.createElement("div");
  if (lang) wrapper.lang = lang;
  const element = document.createElement("belot-calculator");
  element.id = id;
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.scorer = window.makeFakeScorer({ hold });
  wrapper.append(element);
  host.append(wrapper);
  return id;
};
window.pageReady = true;
