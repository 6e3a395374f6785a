// What the worker (runtime/worker.js) uses of Pyodide and reads of the build's
// manifest.json: described here, as far as it goes (Pyodide ships no types the widget loads).

import type { Manifest } from "./downloads.js";

/** A Python module as Pyodide hands it over: the core's JSON functions take and give text. */
export type PyModule = Record<string, (text: string) => string>;

/** A started Pyodide. */
export interface Pyodide {
  version: string;
  loadedPackages: Record<string, unknown>;
  makeMemorySnapshot(): Uint8Array<ArrayBuffer>;
  pyimport(name: string): PyModule;
  /** Emscripten's module: private, read only for the memory's size. */
  _module?: { HEAPU8?: Uint8Array };
}

/** loadPyodide's options, as the worker sets them (the two snapshot ones are private). */
export interface LoadOptions {
  indexURL: string;
  lockFileURL: string;
  stdLibURL?: string;
  packages: string[];
  stdout(line: string): void;
  stderr(line: string): void;
  _loadSnapshot?: Uint8Array<ArrayBuffer>;
  _makeSnapshot?: boolean;
}

/** The runtime's loader module (pyodide.mjs). */
export interface PyodideModule {
  loadPyodide(options: LoadOptions): Promise<Pyodide>;
}

/** The manifest's `runtime`: where Pyodide and its files are, and what to load. */
export interface RuntimeEntry {
  indexURL?: string;
  lockFile?: string;
  stdLib?: string;
  bundled?: string[];
  packages?: string[];
  pyodide?: string;
}

/** manifest.json as the worker reads it. */
export type RuntimeManifest = Manifest & { build?: string | null; runtime?: RuntimeEntry };

/** What the page posts: a call (`init`, `score`, …) and its payload. */
export interface PageMessage {
  id?: number;
  type: string;
  payload: {
    manifestURL?: unknown;
    build?: string | null;
    offline?: unknown;
    manifest?: unknown;
    request: string;
  };
}
