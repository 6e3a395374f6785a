// The widget's production build: esbuild bundles widget/'s plain modules into
// dist/widget/, minified, with source maps, split where the element already loads lazily.
//
//   node tools/sitebuild/bundle.mjs --src widget --out dist/widget --report report.json
//
// What is bundled is read from the source, not from a list kept by hand:
// - the page's entries are the public ones, index.js and define.js;
// - every `import("./literal.js")` in widget/ is a lazy entry: it keeps its path
//   (dist/widget/sheet/score-sheet.js), so the import() in the bundle loads it by the
//   same name, and what the entries share goes into chunks/ (each chunk imported
//   directly by what needs it: no waterfall deeper than the split itself);
// - every `new URL("./x.js", import.meta.url)` naming a module of widget/ (the worker
//   of runtime/pyodide-scorer.js) that is not also imported with import() is a worker
//   entry, bundled on its own at its path.
// A new lazy import or worker in widget/ is therefore bundled without touching this file.
//
// Two things a bundle changes are put back:
// - `import.meta.url` is each output file's URL, not the source module's: it is written
//   as the source module's URL (the output's folder, then the module's path in widget/),
//   so `new URL("../../manifest.json", import.meta.url)` means what it did;
// - widget/build.js (the build id, known only once dist/ is complete) is bundled as a
//   12-character placeholder that sitebuild.dist replaces in place (same length: the
//   source maps stay true).
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import * as esbuild from "esbuild";

export const BUILD_PLACEHOLDER = "@BELOT-BUILD"; // as long as a build id (12 characters)
const ROOT_NAME = "__belotWidgetRoot";
const PUBLIC_ENTRIES = ["index.js", "define.js"];

const { values: args } = parseArgs({
  options: { src: { type: "string" }, out: { type: "string" }, report: { type: "string" } },
});
const src = path.resolve(args.src);
const out = path.resolve(args.out);

function sourceFiles(folder) {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith(".js") ? [full] : [];
  });
}

/** Lazy entries (import("…") targets) and workers (new URL("…js", import.meta.url)) of widget/. */
function splitPoints(files) {
  const lazy = new Set();
  const workers = new Set();
  const scan = (file, pattern, into) => {
    // Comments out: a JSDoc type's import("./game-book.js").GameBook loads nothing.
    const code = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
    for (const match of code.matchAll(pattern)) {
      const target = path.resolve(path.dirname(file), match[1]);
      if (target.startsWith(src + path.sep) && files.includes(target)) into.add(target);
    }
  };
  for (const file of files) {
    scan(file, /\bimport\(\s*["'](\.\.?\/[^"']+\.js)["']\s*\)/g, lazy);
    scan(file, /new URL\(\s*["'](\.\.?\/[^"']+\.js)["']\s*,\s*import\.meta\.url\s*\)/g, workers);
  }
  // A module also imported with import() is the page's (sheet-host.js names the sheet's
  // module by URL too, to fetch it again under a fresh one): not a worker.
  return { lazy: [...lazy].sort(), workers: [...workers].filter((file) => !lazy.has(file)).sort() };
}

/**
 * The esbuild plugin: import.meta.url as the source module's URL, build.js as the
 * placeholder, and each lazy entry importing what index.js imports (after its own lines:
 * the source map keeps them). A lazy entry is only ever loaded after index.js, so that adds
 * nothing at run time; for the splitter it means every module the page loads at once is
 * shared by every entry alike, so they fall into one or two chunks instead of one per
 * set of entries that use them: a closed calculator in an article costs a few requests,
 * not eight (issue 33).
 */
function sourcePlaces(lazy) {
  // What index.js imports (not index.js itself: an entry imported by others leaves an
  // empty chunk of its own behind, one request more).
  const index = path.join(src, "index.js");
  const pageModules = [...readFileSync(index, "utf8").matchAll(/\bfrom\s*["'](\.\.?\/[^"']+\.js)["']/g)].map((match) => path.resolve(src, match[1]));
  return {
    name: "belot-source-places",
    setup(build) {
      build.onLoad({ filter: /\.js$/ }, (file) => {
        const relative = path.relative(src, file.path).split(path.sep).join("/");
        if (relative === "build.js") {
          return { contents: `export const BUILD = ${JSON.stringify(BUILD_PLACEHOLDER)};\n`, loader: "js" };
        }
        let text = readFileSync(file.path, "utf8");
        const styles = relative.startsWith("styles/");
        if (styles) text = shortCSS(text);
        const entry = lazy.has(file.path);
        if (!entry && !styles && !text.includes("import.meta.url")) return undefined;
        const url = `new URL(${JSON.stringify(relative)}, ${ROOT_NAME}).href`;
        text = text.replaceAll("import.meta.url", url);
        if (entry) text += `\n${pageModules.map((module) => `import ${JSON.stringify(module)};`).join("\n")}\n`;
        return { contents: text, loader: "js" };
      });
    },
  };
}

/**
 * A style module with its CSS made short: in each `export const …CSS = \`…\`` (the CSS),
 * the comments and each line's indentation out. A comment leaves its line breaks behind, so
 * every line of code stays where it was and the source map stays true; the map's copy of
 * the source is the file as written again (originalStyles). The comments are for the
 * reader of widget/styles/, not for every page that loads the calculator: about 0.6 KB
 * (brotli) of an article's first chunk, which has the base styles.
 * @param {string} text
 */
function shortCSS(text) {
  return text.replace(/(?<=\bexport const \w*CSS = )`[^`]*`/g, (css) =>
    css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, "")).replace(/\n[ \t]+/g, "\n"),
  );
}

/** Give the source maps the style modules as written (shortCSS kept their lines). */
function originalStyles(metafile) {
  for (const output of Object.keys(metafile.outputs)) {
    if (!output.endsWith(".js")) continue;
    const mapFile = `${path.resolve(output)}.map`;
    const map = JSON.parse(readFileSync(mapFile, "utf8"));
    let changed = false;
    map.sources.forEach((source, index) => {
      const file = path.resolve(path.dirname(mapFile), source);
      if (!path.relative(src, file).split(path.sep).join("/").startsWith("styles/")) return;
      map.sourcesContent[index] = readFileSync(file, "utf8");
      changed = true;
    });
    if (changed) writeFileSync(mapFile, JSON.stringify(map));
  }
}

const common = {
  bundle: true,
  format: "esm",
  minify: true,
  sourcemap: "linked",
  sourcesContent: true,
  target: "es2022",
  outbase: src,
  outdir: out,
  entryNames: "[dir]/[name]",
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
};

/**
 * Give each output that uses the widget's root its own first line: the root from the
 * output's own URL. (The source map's mappings get one line more: ';' in front.)
 */
function placeRoot(metafile) {
  for (const output of Object.keys(metafile.outputs)) {
    if (!output.endsWith(".js")) continue;
    const file = path.resolve(output);
    const text = readFileSync(file, "utf8");
    if (!text.includes(ROOT_NAME)) continue;
    const up = path.relative(path.dirname(file), out).split(path.sep).join("/");
    const root = up ? `${up}/` : "./";
    writeFileSync(file, `const ${ROOT_NAME}=new URL(${JSON.stringify(root)},import.meta.url).href;\n${text}`);
    const mapFile = `${file}.map`;
    const map = JSON.parse(readFileSync(mapFile, "utf8"));
    map.mappings = `;${map.mappings}`;
    writeFileSync(mapFile, JSON.stringify(map));
  }
}

const files = sourceFiles(src);
const { lazy, workers } = splitPoints(files);
const pageEntries = [...PUBLIC_ENTRIES.map((name) => path.join(src, name)), ...lazy];
const plugins = [sourcePlaces(new Set(lazy))];
const page = await esbuild.build({ ...common, plugins, entryPoints: pageEntries, splitting: true, chunkNames: "chunks/[name]-[hash]" });
placeRoot(page.metafile);
originalStyles(page.metafile);
const workerBuilds = [];
for (const worker of workers) {
  const built = await esbuild.build({ ...common, plugins: [sourcePlaces(new Set())], entryPoints: [worker], splitting: false });
  placeRoot(built.metafile);
  workerBuilds.push(built.metafile);
}

const rel = (file) => path.relative(src, file).split(path.sep).join("/");
const outputs = {};
for (const metafile of [page.metafile, ...workerBuilds]) {
  for (const [name, output] of Object.entries(metafile.outputs)) {
    if (!name.endsWith(".js")) continue;
    outputs[path.relative(out, path.resolve(name)).split(path.sep).join("/")] = {
      bytes: statSync(path.resolve(name)).size,
      imports: output.imports
        .filter((item) => !item.external)
        .map((item) => ({ path: path.relative(out, path.resolve(item.path)).split(path.sep).join("/"), kind: item.kind })),
      inputs: Object.keys(output.inputs).map((input) => rel(path.resolve(input))),
    };
  }
}
const report = { entries: PUBLIC_ENTRIES, lazy: lazy.map(rel), workers: workers.map(rel), outputs };
if (args.report) writeFileSync(args.report, `${JSON.stringify(report, null, 1)}\n`);
const bundled = new Set(Object.values(outputs).flatMap((output) => output.inputs));
console.log(
  `    ${Object.keys(outputs).length} files from ${bundled.size} of ${files.length} modules; ` +
    `lazy: ${report.lazy.join(", ")}; workers: ${report.workers.join(", ")}`,
);
