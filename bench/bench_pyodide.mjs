#!/usr/bin/env node
// Long games through score_game_json inside Pyodide in Node, against the build in dist/:
// the core+worker part of "a sheet edit re-scores the game" (issue 15 §2).
//
//   node bench/bench_pyodide.mjs [--dist DIR] [--samples 40] [--sizes 20,60,150] [--json FILE]
//
// Needs `python3 build.py build` (dist/) and `npm ci` (node_modules/pyodide). Pyodide and
// belot-core come from dist/ exactly as the page loads them (the build's lock file and
// wheel); the standard library is the npm package's whole one, because the games are
// generated in Pyodide by bench/long_games.py, which imports `random` (the core's own
// imports are in both). The games and changes are the ones bench/bench_core.py times in
// CPython (same module, same seeds).
//
// Each sample does what the worker does after a change of the sheet, the page's work
// around it included, one step after the other in one thread:
//   stringify  JSON.stringify of the game request (the page's scorer, before postMessage)
//   core       score_game_json(text) in Python, the strings converted both ways
//   parse      JSON.parse of the answer (in the worker)
//   clone      structuredClone of the answer object: what postMessage costs to copy it
//              from the worker to the page (serialised in the worker, deserialised on
//              the page's thread)
// Before each timed request the core is sent the game as it was before the change (what
// the page sent last), untimed, after emptying its memos (belot_core.memo.clear, when the
// core has them). "cold" is the core's time for the same request with the memos empty.
// "all" is the four steps together, in wall-clock time and in the CPU time of the
// process (process.cpuUsage: what the change costs when other work shares the CPU, as it
// often does on a shared 2-core machine -- wall-clock p95 then mostly measures the
// others). p50 / p95 by nearest rank. Writes bench/results/pyodide.json in the layout of
// bench/report.py (then run it for bench/RESULTS.md), or where --json says. A benchmark,
// not a test: nothing here asserts a speed.

import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..");
const EXPLAIN = ["all", "last", "none"];

const { values: options } = parseArgs({
  options: {
    dist: { type: "string", default: path.join(ROOT, "dist") },
    samples: { type: "string", default: "40" },
    sizes: { type: "string", default: "20,60,150" },
    json: { type: "string" },
  },
});
const dist = path.resolve(options.dist);
const samples = Number(options.samples);
const sizes = options.sizes.split(",").map(Number);
const out = path.resolve(options.json ?? path.join(ROOT, "bench", "results", "pyodide.json"));
const loadAtStart = Math.round(os.loadavg()[0] * 100) / 100;

const manifestPath = path.join(dist, "manifest.json");
if (!(await stat(manifestPath).catch(() => null))) {
  console.error(`bench_pyodide: ${manifestPath} is missing: run 'python3 build.py build' first`);
  process.exit(2);
}
const manifest = JSON.parse(await readFile(manifestPath, "utf8"));
const runtime = manifest.runtime;
const indexURL = path.join(dist, runtime.indexURL) + path.sep;
const { loadPyodide, version } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const lockFile = path.join(dist, runtime.lockFile);
const started = performance.now();
const pyodide = await loadPyodide({
  indexURL,
  lockFileURL: lockFile,
  packageCacheDir: path.dirname(lockFile) + path.sep,
  packages: runtime.packages,
  stdLibURL: path.join(ROOT, "node_modules", "pyodide", "python_stdlib.zip"),
});
pyodide.mountNodeFS("/bench", HERE);
console.log(`bench_pyodide: Pyodide ${version}, ${runtime.packages.join(", ")} from dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const scoreGame = pyodide.pyimport("belot_core.json_api").score_game_json;
let clearMemos = () => {};
try {
  clearMemos = pyodide.pyimport("belot_core.memo").clear;
} catch {
  // a core without memos: every request is worked out in full
}
const generated = performance.now();
const scenarios = JSON.parse(
  pyodide.runPython(
    `import sys, json; sys.path.insert(0, "/bench"); import long_games
json.dumps(long_games.scenarios(tuple(${JSON.stringify(sizes)}), ${samples}), ensure_ascii=False)`,
  ),
);
console.log(`bench_pyodide: games of ${sizes.join(", ")} deals generated in ${((performance.now() - generated) / 1000).toFixed(1)} s`);

function percentile(values, share) {
  const ordered = [...values].sort((a, b) => a - b);
  return ordered[Math.max(0, Math.min(ordered.length - 1, Math.round(share * ordered.length + 0.5) - 1))];
}
const ms = (value) => Math.round(value * 100) / 100;
const summary = (values) => ({ p50: ms(percentile(values, 0.5)), p95: ms(percentile(values, 0.95)) });

const rows = [];
for (const scenario of scenarios) {
  const { base } = scenario;
  for (const change of ["record", "edit 1"]) {
    const games =
      change === "record"
        ? scenario.append.map((item) => ({ ...base, deals: [...base.deals, item] }))
        : scenario.edits.map((item) => ({ ...base, deals: [item, ...base.deals.slice(1)] }));
    for (const explain of EXPLAIN) {
      const extra = explain === "all" ? {} : { explain };
      const beforeText = JSON.stringify({ ...base, ...extra });
      const requests = games.map((game) => ({ ...game, ...extra }));
      if (!JSON.parse(scoreGame(JSON.stringify(requests[0]))).ok) continue; // option not read
      const times = { stringify: [], core: [], parse: [], clone: [], total: [], cpu: [], cold: [] };
      let answer = "";
      for (const request of requests) {
        clearMemos();
        scoreGame(beforeText);
        const used = process.cpuUsage();
        const t0 = performance.now();
        const text = JSON.stringify(request);
        const t1 = performance.now();
        answer = scoreGame(text);
        const t2 = performance.now();
        const reply = JSON.parse(answer);
        const t3 = performance.now();
        structuredClone(reply);
        const t4 = performance.now();
        const cpu = process.cpuUsage(used);
        if (!reply.ok) throw new Error(`the core refused the change: ${answer.slice(0, 300)}`);
        times.stringify.push(t1 - t0);
        times.core.push(t2 - t1);
        times.parse.push(t3 - t2);
        times.clone.push(t4 - t3);
        times.total.push(t4 - t0);
        times.cpu.push((cpu.user + cpu.system) / 1000);
        clearMemos();
        const t5 = performance.now();
        scoreGame(text);
        times.cold.push(performance.now() - t5);
      }
      const row = { deals: scenario.size, change, explain, samples: requests.length };
      for (const [name, values] of Object.entries(times)) row[name] = summary(values);
      row.answer_bytes = Buffer.byteLength(answer);
      row.request_bytes = Buffer.byteLength(JSON.stringify(requests.at(-1)));
      rows.push(row);
    }
  }
}

const pair = (value) => `${value.p50} / ${value.p95}`;
console.log(
  "\n| deals | change | explain | core p50 / p95 ms | JSON.parse p50 / p95 | clone p50 / p95 | stringify p95 | all p50 / p95 ms | all, CPU p50 / p95 | cold core p50 / p95 | answer KB |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|---|");
for (const row of rows) {
  console.log(
    `| ${row.deals} | ${row.change} | ${row.explain} | ${pair(row.core)} | ${pair(row.parse)} | ${pair(row.clone)} | ${row.stringify.p95} | ${pair(row.total)} | ${pair(row.cpu)} | ${pair(row.cold)} | ${(row.answer_bytes / 1024).toFixed(1)} |`,
  );
}
const result = {
  pyodide: version,
  node: process.version,
  cpu: os.cpus()[0]?.model ?? null,
  build: manifest.build ?? null,
  shapes: Object.fromEntries(scenarios.map((scenario) => [scenario.size, scenario.shape])),
  rows,
};
// The results file of bench/report.py (format 1): when, where, the tables, the raw data.
const resultsFile = {
  format: 1,
  bench: "pyodide",
  date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
  machine: {
    cpu: os.cpus()[0]?.model ?? null,
    cores: os.cpus().length,
    platform: `${os.type()}-${os.release()}-${os.arch()}`,
    node: process.version,
    pyodide: version,
    load_average_start: loadAtStart,
    load_average_end: Math.round(os.loadavg()[0] * 100) / 100,
  },
  tables: [
    {
      title: "The worker's part of one change, ms",
      columns: [
        "deals",
        "change",
        "explain",
        "core p50 / p95",
        "JSON.parse p50 / p95",
        "clone p50 / p95",
        "stringify p95",
        "all p50 / p95",
        "all, CPU p50 / p95",
        "cold core p50 / p95",
        "answer",
      ],
      rows: rows.map((row) => [
        row.deals,
        row.change,
        row.explain,
        pair(row.core),
        pair(row.parse),
        pair(row.clone),
        `${row.stringify.p95}`,
        pair(row.total),
        pair(row.cpu),
        pair(row.cold),
        `${(row.answer_bytes / 1024).toFixed(1)} KB`,
      ]),
    },
  ],
  data: result,
};
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, `${JSON.stringify(resultsFile, null, 1)}\n`);
console.log(`\nwritten: ${path.relative(process.cwd(), out)}`);
