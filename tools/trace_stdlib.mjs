#!/usr/bin/env node
// Which files of Python's standard library does the web page need? Start Pyodide in
// Node with the FULL stdlib, load belot-core through our lock file (as the worker
// does), use the core the way the worker does and then through exercise_core.py,
// and list every module in sys.modules that came from the stdlib zip.
//
//   node tools/trace_stdlib.mjs --runtime DIR --package NAME --exercise FILE --out FILE
//
// --runtime holds pyodide.mjs, pyodide.asm.*, python_stdlib.zip, pyodide-lock.json
// and our wheel (build.py's staging runtime/). Writes {pyodide, python, zip, files}
// as JSON; build.py packs those files into the trimmed stdlib zip.

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values: options } = parseArgs({
  options: {
    runtime: { type: "string" },
    package: { type: "string", multiple: true },
    exercise: { type: "string" },
    out: { type: "string" },
  },
});
for (const name of ["runtime", "package", "exercise", "out"]) {
  if (!options[name]) {
    console.error(`trace_stdlib: --${name} is required`);
    process.exit(2);
  }
}
const runtime = path.resolve(options.runtime) + path.sep;
const { loadPyodide, version } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: runtime,
  lockFileURL: path.join(runtime, "pyodide-lock.json"),
  packageCacheDir: runtime,
  packages: options.package,
  stdout: () => {},
  stderr: (line) => console.error(`[pyodide] ${line}`),
});

// 1. Exactly what worker.js does: pyimport the JSON API and call it with text.
const api = pyodide.pyimport("belot_core.json_api");
const reply = JSON.parse(
  api.score_deal_json(
    JSON.stringify({
      version: 1, contract: "hearts", bidder: "us", doubling: "none",
      cards: { team: "us", points: 82 }, last_trick: "us", capot: null,
      declarations: { us: { belot: 1 }, them: {} }, hanging_in: 0,
    }),
  ),
);
if (!reply.ok) throw new Error(`the core refused the sample deal: ${JSON.stringify(reply)}`);
JSON.parse(api.score_game_json(JSON.stringify({ version: 1, deals: [{ passed: true }] })));

// 2. A Python exception crossing into JavaScript: Pyodide formats its traceback.
try {
  pyodide.runPython("raise RuntimeError('traced')");
} catch {
  // expected
}

// 3. The whole contract, through the exercise shared with the e2e test.
pyodide.FS.mkdirTree("/exercise");
pyodide.FS.writeFile("/exercise/exercise_core.py", await readFile(options.exercise));
const summary = pyodide
  .runPython("import sys; sys.path.insert(0, '/exercise'); import exercise_core; exercise_core.exercise()")
  .toJs({ dict_converter: Object.fromEntries });

const traced = pyodide
  .runPython(`
import json, sys
zips = [entry for entry in sys.path if entry.endswith(".zip")]
assert len(zips) == 1, zips
prefix = zips[0] + "/"
files = set()
for module in list(sys.modules.values()):
    spec = getattr(module, "__spec__", None)
    origin = getattr(spec, "origin", None) or ""
    if origin.startswith(prefix):
        files.add(origin[len(prefix):])
json.dumps({"python": sys.version.split()[0], "zip": zips[0], "files": sorted(files)})
`);
const result = { pyodide: version, ...JSON.parse(traced), exercise: summary };
await writeFile(options.out, JSON.stringify(result, null, 1) + "\n");
console.log(`trace_stdlib: ${result.files.length} stdlib files imported (Python ${result.python})`);
