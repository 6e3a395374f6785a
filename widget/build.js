// The build this copy of the widget belongs to. build.py writes the manifest's `build`
// into dist/widget/build.js; in the source tree it is null and nothing is compared.
// The page (runtime/pyodide-scorer.js) and the worker (runtime/worker.js) each import it, and the worker
// refuses to start when the page, itself and manifest.json are not one build.
export const BUILD = null;
