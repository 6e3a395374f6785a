#!/usr/bin/env node
// Which files of Python's standard library does the web page need? Start Pyodide in
// Node with the FULL stdlib, import belot_core from its source folder (the page imports
// it from the library zip this writes, and loads no package), use the core the way the
// worker does and then through exercise_core.py, and list every module in sys.modules
// that came from the stdlib zip, and every module of the core that was imported.
//
//   node tools/trace_stdlib.mjs --runtime DIR --core DIR --exercise FILE --out FILE.json --zip FILE.zip
//
// --runtime holds pyodide.mjs, pyodide.asm.*, python_stdlib.zip and pyodide-lock.json
// (build.py's staging runtime/); --core holds the belot_core package (src/). Writes
// {pyodide, python, zip, files, core, everyStart} as JSON (everyStart: the stdlib files
// imported before the exercise, i.e. by every start) and those files and the core's
// as a zip of bytecode (trace_stdlib.py): the page's whole Python library.

import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values: options } = parseArgs({
  options: {
    runtime: { type: "string" },
    core: { type: "string" },
    exercise: { type: "string" },
    out: { type: "string" },
    zip: { type: "string" },
  },
});
for (const name of ["runtime", "core", "exercise", "out", "zip"]) {
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
  packages: [],
  // Bytecode without column ranges (only the ^^^ under a traceback line): a quarter
  // smaller. trace_stdlib.py checks that it took effect.
  env: { PYTHONNODEBUGRANGES: "1" },
  stdout: () => {},
  stderr: (line) => console.error(`[pyodide] ${line}`),
});

// The core from its source, where the page has it in the library zip.
pyodide.FS.mkdirTree("/core");
pyodide.mountNodeFS("/core", path.resolve(options.core));
pyodide.runPython("import sys; sys.path.insert(0, '/core')");

// 1. Exactly what worker.js does: pyimport the JSON API and call it with text.
const api = pyodide.pyimport("belot_core.json_api");
const reply = JSON.parse(
  api.score_deal_json(
    JSON.stringify({
      version: 1,
      contract: "hearts",
      bidder: "us",
      doubling: "none",
      cards: { team: "us", points: 82 },
      last_trick: "us",
      capot: null,
      declarations: { us: { belot: 1 }, them: {} },
      hanging_in: 0,
    }),
  ),
);
if (!reply.ok) throw new Error(`the core refused the sample deal: ${JSON.stringify(reply)}`);
JSON.parse(api.score_game_json(JSON.stringify({ version: 1, deals: [{ passed: true }] })));

// Only `sys`, already imported, so listing the modules imports nothing new.
const STDLIB_FILES = `
import sys
_zips = [entry for entry in sys.path if entry.endswith(".zip")]
assert len(_zips) == 1, _zips
_files = sorted(
    origin[len(_zips[0]) + 1:]
    for module in list(sys.modules.values())
    if (origin := getattr(getattr(module, "__spec__", None), "origin", None) or "")
    .startswith(_zips[0] + "/")
)
[_zips[0], sys.version.split()[0], _files]
`;
function stdlibFiles() {
  const [zip, python, files] = pyodide.runPython(STDLIB_FILES).toJs();
  return { zip, python, files };
}
const everyStart = stdlibFiles().files;

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

const traced = stdlibFiles();
const core = pyodide
  .runPython(
    `
import sys
sorted({m.__spec__.origin[len("/core/"):] for name, m in list(sys.modules.items())
       if name.split(".")[0] == "belot_core" and m.__spec__.origin.startswith("/core/")})
`,
  )
  .toJs();
const result = { pyodide: version, ...traced, core, everyStart, exercise: summary };

// 4. The trimmed stdlib as bytecode, compiled by this interpreter (trace_stdlib.py).
pyodide.FS.mkdirTree("/trace-out");
pyodide.mountNodeFS("/trace-out", path.dirname(path.resolve(options.zip)));
pyodide.FS.writeFile("/exercise/trace_stdlib.py", await readFile(new URL("./trace_stdlib.py", import.meta.url)));
pyodide.pyimport("trace_stdlib").write_zip(traced.zip, pyodide.toPy(traced.files), `/trace-out/${path.basename(options.zip)}`, "/core", pyodide.toPy(core));
await writeFile(options.out, JSON.stringify(result, null, 1) + "\n");
console.log(`trace_stdlib: ${result.files.length} stdlib files and ${core.length} of the core imported (Python ${result.python})`);
