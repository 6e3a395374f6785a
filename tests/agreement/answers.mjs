// The widget's instant answers for the questions tests/agreement asks (JSON on stdin,
// JSON on stdout): the same modules the element imports, no DOM.
import { readFileSync } from "node:fs";
import { buildRequest, piles, readDeal } from "../../widget/deal/request.js";
import { CardCount, cardCode, cardsPoints } from "../../widget/deal/pile-cards.js";

const asked = JSON.parse(readFileSync(0, "utf8"));
const answers = {
  piles: asked.piles.map((attributes) => {
    const deal = readDeal(attributes);
    const { request, problems, incomplete } = buildRequest(deal);
    return { piles: piles(deal), request: problems.length || incomplete ? null : request };
  }),
  codes: asked.codes.map((text) => cardCode(text)),
  sums: asked.sums.map(([codes, contract]) => cardsPoints(codes, contract)),
  counts: asked.counts.map(([codes, contract, team]) => {
    const count = new CardCount({ contract, team });
    for (const code of codes) count.toggle(code);
    const { points, otherPoints } = count.snapshot();
    return { points, otherPoints, cards: count.done().cards };
  }),
};
process.stdout.write(JSON.stringify(answers));
