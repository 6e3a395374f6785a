#!/usr/bin/env node
// Run the core test suite (tests/core, plain pytest + hypothesis) inside
// Pyodide in Node.js, against belot_core installed from OUR wheel through OUR
// lock file (dist/runtime/pyodide-lock.json), exactly as the web page loads it.
//
//   node tests/pyodide/run_core_tests.mjs [--root DIR] [--dist DIR] [--wheels DIR] [-- PYTEST_ARGS...]
//
// Defaults: --root is this repository, --dist ROOT/dist, --wheels
// ROOT/.cache/pyodide-wheels (wheels of pytest, hypothesis and what they import;
// `python3 build.py setup --dev` downloads them), pytest args
// `tests/core`. Needs `python3 build.py build` first. Exits with pytest's exit
// code; 3 if belot_core was imported from anywhere but site-packages; 6 if
// Pyodide itself crashed (the test it was running is named).
//
// The Python half lives in in_pyodide.py beside this file, not in a string here.

import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const GUEST_ROOT = "/repo";
const EXIT_FATAL = 6; // pytest uses 0-5, in_pyodide.py 3

function usage(message) {
  console.error(`run_core_tests: ${message}`);
  process.exit(2);
}

const { values: options, positionals } = parseArgs({
  options: {
    root: { type: "string", default: path.resolve(HERE, "..", "..") },
    dist: { type: "string" },
    wheels: { type: "string" },
  },
  allowPositionals: true,
});
const root = path.resolve(options.root);
const dist = path.resolve(options.dist ?? path.join(root, "dist"));
const wheelsDir = path.resolve(options.wheels ?? path.join(root, ".cache", "pyodide-wheels"));
const pytestArgs = positionals.length > 0 ? positionals : ["tests/core"];

async function isFile(file) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

const manifestPath = path.join(dist, "manifest.json");
if (!(await isFile(manifestPath))) {
  usage(`${manifestPath} is missing: run 'python3 build.py build' first`);
}
const manifest = JSON.parse(await readFile(manifestPath, "utf8"));
const runtime = manifest.runtime;
// The runtime exactly as shipped: dist/runtime's loader, wasm, stdlib and lock file.
const indexURL = path.join(dist, runtime.indexURL) + path.sep;
const { loadPyodide, version: pyodideVersion } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
if (runtime.pyodide !== pyodideVersion) {
  usage(`manifest says Pyodide ${runtime.pyodide}, dist/runtime holds ${pyodideVersion}`);
}
const wheels = (await readdir(wheelsDir).catch(() => [])).filter((name) => name.endsWith(".whl")).sort();
if (wheels.length === 0) {
  usage(`no test wheels in ${wheelsDir}: run 'python3 build.py setup --dev' first`);
}

const started = performance.now();
const lockFile = path.join(dist, runtime.lockFile);
const pyodide = await loadPyodide({
  indexURL,
  lockFileURL: lockFile,
  // In Node, file_name entries of the lock file resolve against the package
  // cache folder; ours sit next to the lock file, so nothing is downloaded.
  packageCacheDir: path.dirname(lockFile) + path.sep,
  packages: runtime.packages,
  // dist/ ships a stdlib trimmed to what the page imports; pytest and hypothesis
  // need the whole of it, from the same npm package.
  stdLibURL: path.join(root, "node_modules", "pyodide", "python_stdlib.zip"),
  env: { HOME: "/home/pyodide", PYTHONDONTWRITEBYTECODE: "1" },
});
const write = (stream) => ({
  write: (buffer) => {
    stream.write(Buffer.from(buffer)); // copy: Pyodide reuses its buffer
    return buffer.length;
  },
});
pyodide.setStdout(write(process.stdout));
pyodide.setStderr(write(process.stderr));
console.log(
  `run_core_tests: Pyodide ${pyodideVersion} loaded ${runtime.packages.join(", ")} from ` +
    `${path.relative(root, lockFile)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

// sysconfig says //lib/...; one leading slash is enough.
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')").replace(/^\/+/, "/");
for (const name of wheels) {
  const bytes = await readFile(path.join(wheelsDir, name));
  pyodide.unpackArchive(new Uint8Array(bytes), "wheel", { extractDir: sitePackages });
}
console.log(`run_core_tests: unpacked ${wheels.length} test wheels into ${sitePackages}`);

pyodide.mountNodeFS(GUEST_ROOT, root);
pyodide.mountNodeFS("/runner", HERE);
const inPyodide = pyodide.runPython("import sys; sys.path.insert(0, '/runner'); import in_pyodide; in_pyodide");
let code;
try {
  code = inPyodide.main(GUEST_ROOT, pyodide.toPy(pytestArgs));
  inPyodide.destroy();
} catch (error) {
  if (!error?.pyodide_fatal_error) throw error;
  // The interpreter is dead (e.g. the WebAssembly stack overflowed): say where.
  console.error(
    `\nrun_core_tests: FATAL: Pyodide crashed with ${error.name}: ${error.message}\n` +
      `run_core_tests: while running ${globalThis.belotCurrentTest ?? "(before the first test)"}`,
  );
  code = EXIT_FATAL;
}
console.log(`run_core_tests: exit ${code} after ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(code);
