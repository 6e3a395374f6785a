// The real core as the game book's scorer in Node: the core's JSON functions (the same
// ones the widget's worker calls inside Pyodide) in one CPython child process, a JSON
// line per call each way. The core is pure Python with no dependencies, so the
// repository's .venv (or any python3) runs it from src/; a call costs a millisecond or
// two, so the model-based tests (book-model.test.mjs) play every step against the rules
// themselves rather than a fake.

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

// The worker's calls (widget/runtime/worker.js): message type → the core's module and function.
const SERVER = `
import importlib, json, sys
CALLS = {
    "score_game": ("belot_core.json_api", "score_game_json"),
    "game_link": ("belot_core.link", "game_link_json"),
    "read_game_link": ("belot_core.link", "read_game_link_json"),
    "match_scores": ("belot_core.matches", "match_scores_json"),
    "statistics": ("belot_core.stats", "statistics_json"),
}
functions = {kind: getattr(importlib.import_module(module), name) for kind, (module, name) in CALLS.items()}
for line in sys.stdin:
    kind, text = json.loads(line)
    sys.stdout.write(json.dumps(functions[kind](text)) + "\\n")
    sys.stdout.flush()
`;

function python() {
  const venv = `${ROOT}.venv/bin/python`;
  return existsSync(venv) ? venv : "python3";
}

/**
 * A scorer (scoreGame, gameLink, readGameLink, matchScores, statistics) on the real core;
 * `idle()` settles once no call is under way; `close()` ends it. `jitter` (ms): each
 * answer comes up to that much later, at random — a busy machine.
 */
export function coreScorer({ jitter = 0 } = {}) {
  const child = spawn(python(), ["-c", SERVER], {
    env: { ...process.env, PYTHONPATH: `${ROOT}src` },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const waiting = [];
  let inFlight = 0;
  const idle = [];
  const answered = (call, value) => {
    const give = () => {
      inFlight -= 1;
      call.resolve(value);
      if (!inFlight) for (const resolve of idle.splice(0)) resolve();
    };
    if (jitter) setTimeout(give, Math.random() * jitter);
    else give();
  };
  createInterface({ input: child.stdout }).on("line", (line) => answered(waiting.shift(), JSON.parse(JSON.parse(line))));
  child.on("exit", (code) => {
    for (const call of waiting.splice(0)) call.reject(new Error(`the core stopped (${code})`));
  });
  const call = (kind) => (request) =>
    new Promise((resolve, reject) => {
      inFlight += 1;
      waiting.push({ resolve, reject });
      child.stdin.write(`${JSON.stringify([kind, JSON.stringify(request)])}\n`);
    });
  return {
    scoreGame: call("score_game"),
    gameLink: call("game_link"),
    readGameLink: call("read_game_link"),
    matchScores: call("match_scores"),
    statistics: call("statistics"),
    idle: () => (inFlight ? new Promise((resolve) => idle.push(resolve)) : Promise.resolve()),
    get inFlight() {
      return inFlight;
    },
    close: () => child.stdin.end(),
  };
}
