// The requests of the site's prefilled calculators, made by the widget's own request
// builder (so the build scores exactly what the opened calculator will send), and
// the widget's words for showing a result: run by tools/examples.py at build time.
//
//   node tools/example_requests.mjs <dist/widget>  < {"widgets": [{attributes, lang}]}
//   → {"requests": [request or null, ...], "words": {bg: {...}, en: {...}}}
//
// A calculator's request is what its `#build()` makes without a score sheet: the
// attributes (deal/request.js readDeal) with the house rules of its `rules` attribute
// (deal/house-rules.js). null: the deal is incomplete or has a problem (no example then).

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const widget = resolve(process.argv[2] ?? "widget");
const load = (name) => import(pathToFileURL(join(widget, name)).href);
const { buildRequest, DEAL_ATTRIBUTES, readDeal } = await load("deal/request.js");
const { parseRules, rulesOf } = await load("deal/house-rules.js");
const { STRINGS } = await load("i18n/strings.js");

const { widgets } = JSON.parse(readFileSync(0, "utf8"));
const requests = widgets.map(({ attributes }) => {
  const values = Object.fromEntries(DEAL_ATTRIBUTES.map((name) => [name, attributes[name] ?? null]));
  const built = buildRequest(readDeal(values), { rules: rulesOf(parseRules(attributes.rules)) });
  return built.problems.length || built.incomplete ? null : built.request;
});
// The words a result is shown in (as the calculator's result and bar show it).
const KEYS = ["teams", "outcomes", "summary", "hangingOut", "explanation"];
const words = Object.fromEntries(Object.entries(STRINGS).map(([lang, s]) => [lang, Object.fromEntries(KEYS.map((key) => [key, s[key]]))]));
process.stdout.write(JSON.stringify({ requests, words }));
