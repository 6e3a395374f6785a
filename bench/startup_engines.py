"""Start-up in every engine: intent → first result, cold and warm, against stock Pyodide.

    python3 build.py build && .venv/bin/python bench/startup_engines.py [--reps 3]
        [--engines chromium,firefox,webkit] [--no-probe] [--http]

One run drives Chromium, Firefox ESR and WebKitGTK the same way (tools/browsers:
puppeteer-core over WebDriver BiDi for Chromium and Firefox, Selenium's WebKitWebDriver
for WebKitGTK's MiniBrowser under Xvfb), so the three columns are measured alike:
Chromium is driven here as Firefox is, not through Playwright as in bench/startup.py.
Every repetition runs, in each engine in turn, the baseline then ours (interleaved, so
load on the machine hits every engine and both sides alike). Prints a table (median and
min-max) and the server's bytes per file, and writes bench/results/startup-engines.json
(the machine, the date, every run). A benchmark, not a test: nothing here fails on a
number; the goal (issue 27) is ours at most 0.5x stock in every engine.

Served over HTTPS, as a site is (--http: plain HTTP): a certificate made for the run
(sitebuild.tls), which each browser is told to trust (tools/browsers: Chromium by the
certificate's public key, Firefox and WebKitGTK through WebDriver's acceptInsecureCerts).
It matters: WebKit, like Safari, offers brotli only over HTTPS. The server logs every
response (sitebuild.server.Sent), so the bytes per file, from intent to result and over
the whole first visit (the offline copy's install included), show a second download by
name.

What is compared (bench/startup.py's pages, imported from it)
- baseline: stock `loadPyodide()` and `1+1` in a module worker ("baseline, in a worker"
  of bench/startup.py), from the same npm package, gzip-9 precompressed.
- ours: dist/ as built, the article page with a lazy <belot-calculator>; its closed
  calculator shows the article's worked example (written by the build) and its
  `result` is set before any runtime starts, so the end of the clock is the runtime's
  own first `belot-calculator-result` event, never `element.result`.
- cold: a fresh profile (a new browser context) and a fresh origin: every run gets a
  server of its own on a new port, so no HTTP cache and no compiled-wasm cache (Chromium
  keys its wasm code cache by URL) can carry over from an earlier run.
- warm (ours): a second visit in the same profile once the worker has saved its start-up
  snapshot (3 s idle), with that run's server stopped: the service worker serves the page
  and the runtime from Cache Storage. Whether the warm start restored the snapshot is
  `element.scorer.info.snapshot`.

What the clock measures (page clock, performance.now(); bench/startup.py's INSTRUMENT)
- start: the first pointerover, pointerenter, pointerdown or focus event (a window
  capture listener). The page is loaded first, the button scrolled into view, and the
  pointer moved to the page's top-left corner (a driver's first input on a new page is
  slower; the listener is installed after that move). Then the driver clicks the
  button's centre: a WebDriver pointer move onto it, press, release (puppeteer's
  mouse.click, BiDi input.performActions, for Chromium and Firefox; Selenium's
  ActionBuilder with no move duration for WebKit), the same for ours and the baseline.
  In all three engines the move's pointerover on the button starts the clock (Firefox
  also shows the window the pointerenter events, just after it); each run records the
  event that started it ("intent_event") and the time from it to the press ("press_ms"):
  the head start the widget's start-on-hover gets (bench/startup.py's Playwright click
  moves and presses at once too).
- end: the requestAnimationFrame after the first result is in the DOM (ours: after the
  runtime's first `belot-calculator-result` event, with the outcome text in the shadow
  DOM; baseline: after `1+1` is written into the page).
- phases, from the same clock: every message of the page's workers is timestamped in
  the page (a `Worker` subclass installed before the click): the worker made, its first
  progress message (running: its modules loaded; phase "manifest"), the manifest read
  (phase "download"; warm: "snapshot", once the saved snapshot is read from Cache
  Storage and its SHA-256 checked), "ready" (Python started, the core imported), the
  runtime's first result event; the baseline's worker made and its answer.
- the probe (see PROBE_WORKER; --no-probe skips it): what loadPyodide does inside, in
  each engine, with dist/'s runtime in a worker of the bench's own: the wasm compile and
  instantiation, the whole loadPyodide, the core's import and first score, the same with
  JSPI hidden and with every download counted on a clone (as widget/runtime/worker.js
  counts bytes), the start from a snapshot, the wasm compiled alone (twice: is the second
  compile cached?), a Python loop run three times (the engine's warm-up against its
  steady speed), and the snapshot's making, SHA-256, and Cache Storage write and read.

WebKit pages are windows of their own, not tabs: a MiniBrowser tab in the background
is hidden (no animation frames) and gets no pointer input (tools/browsers/webkit.py).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import shutil
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/report.py  # browsers, sitebuild
from report import tables_from_markdown, write_results
from startup import (
    ARTICLE,
    INSTRUMENT,
    SERVICE_WORKER_ACTIVE,
    SNAPSHOT_SAVED,
    TIMEOUT_MS,
    BaselineHandler,
    bytes_between,
    file_medians,
    files_between,
    machine,
    make_certificate_for_run,
    serve,
    summary,
    write_baseline,
)

from browsers import Browser, Engine, Page, launch
from sitebuild.paths import DIST
from sitebuild.server import Sent
from sitebuild.tls import Certificate

ENGINE_ORDER: tuple[Engine, ...] = ("chromium", "firefox", "webkit")
ENGINE_NAMES = {"chromium": "Chromium", "firefox": "Firefox ESR", "webkit": "WebKitGTK"}
WASM = "/runtime/pyodide.asm.wasm"
CORNER = (2, 2)  # where the pointer rests before the click: the page, not the button

# Scroll the button into view once it is there, and give its centre (viewport CSS px).
BUTTON = """async (kind) => {
  const find = kind === "ours"
    ? () => document.querySelector("belot-calculator")?.shadowRoot?.querySelector("button.open")
    : () => document.getElementById("start");
  const deadline = performance.now() + 30000;
  let button = find();
  while (!button || !button.getClientRects().length || button.hidden) {
    if (performance.now() > deadline) throw new Error(`no button to press on ${location.href}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    button = find();
  }
  button.scrollIntoView({ block: "center", inline: "center" });
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const box = button.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}"""

# bench/startup.py's clock (its add_init_script there; here installed after the load,
# before the click, which is all it needs), then what this bench adds: which event
# started the clock, the press, the first result event, and every worker message.
INSTALL = (
    "() => {\n"
    + INSTRUMENT
    + """
  const bench = window.__bench;
  Object.assign(bench, { intent: null, down: null, resultEvent: null, messages: [] });
  const seen = (event) => {
    const at = performance.now();
    bench.intent ??= { type: event.type, target: event.composedPath()[0]?.localName ?? "", at };
    if (event.type === "pointerdown") bench.down ??= at;
  };
  for (const type of ["pointerover", "pointerenter", "pointerdown", "focus", "focusin"]) {
    addEventListener(type, seen, { capture: true });
  }
  addEventListener("belot-calculator-result", () => { bench.resultEvent ??= performance.now(); },
    { capture: true });
  const Base = window.Worker;
  window.Worker = class extends Base {
    constructor(...args) {
      super(...args);
      bench.messages.push({ at: performance.now(), type: "created" });
      this.addEventListener("message", ({ data }) => {
        bench.messages.push({
          at: performance.now(),
          type: data?.type ?? (data?.id === undefined ? "answer" : "reply"),
          phase: data?.phase ?? null, file: data?.file ?? null,
          loaded: data?.loaded ?? null, total: data?.total ?? null,
          steps: data?.steps ?? null,
        });
      });
    }
  };
  return { jspi: typeof WebAssembly.Suspending === "function" };
}"""
)

WAIT = """async (ms) => {
  const bench = window.__bench;
  const element = document.querySelector("belot-calculator");
  const deadline = performance.now() + ms;
  while (bench.end === null) {
    if (performance.now() > deadline) {
      throw new Error(`no result after ${ms} ms: ${JSON.stringify({ state: element?.state,
        error: element?.scorer?.error ?? null, messages: bench.messages.slice(-5) })}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { ...bench, longTasks: bench.longTasks.length, origin: performance.timeOrigin,
    info: element?.scorer?.info ?? null };
}"""


# --- one visit -------------------------------------------------------------------------


def visit(page: Page, url: str, kind: str) -> dict[str, Any]:
    """Load, point at the page, press the button, wait for the first result: the page's numbers."""
    page.goto(url)
    centre = page.evaluate(BUTTON, kind)
    page.move_to(*CORNER)
    installed = page.evaluate(INSTALL)
    page.click_at(centre["x"], centre["y"])
    bench: dict[str, Any] = page.evaluate(WAIT, TIMEOUT_MS)
    return {**timings(bench, kind), "jspi": installed["jspi"]}


def timings(bench: dict[str, Any], kind: str) -> dict[str, Any]:
    """The clock's numbers and the phases, in ms since the intent."""
    t0: float = bench["t0"]
    messages: list[dict[str, Any]] = bench["messages"]

    def first(test: Any) -> float | None:
        at = next((m["at"] for m in messages if test(m)), None)
        return None if at is None else at - t0

    phases: dict[str, float | None] = {"worker made": first(lambda m: m["type"] == "created")}
    if kind == "ours":
        phases["worker running"] = first(lambda m: m["type"] == "progress")
        phases["manifest read"] = first(
            lambda m: m["type"] == "progress" and m.get("phase") in ("download", "snapshot")
        )
        phases["snapshot read"] = first(
            lambda m: m["type"] == "progress" and m.get("phase") == "snapshot"
        )
        phases["ready"] = first(lambda m: m["type"] == "ready")
        phases["result event"] = None if bench["resultEvent"] is None else bench["resultEvent"] - t0
    else:
        phases["answer"] = first(lambda m: m["type"] == "answer")
    info = bench.get("info") or {}
    # The worker's own marks (ms since the epoch), in ms since the intent.
    ready = next((m for m in messages if m["type"] == "ready"), None)
    intent = bench["origin"] + t0
    steps = {k: v - intent for k, v in ((ready or {}).get("steps") or {}).items()}
    return {
        "steps": dict(sorted(steps.items(), key=lambda item: item[1])),
        "ms": bench["end"] - t0,
        "text": bench["text"],
        "intent_event": bench["intent"]["type"] if bench["intent"] else None,
        "intent_target": bench["intent"]["target"] if bench["intent"] else None,
        "press_ms": None if bench["down"] is None else bench["down"] - t0,
        "phases": phases,
        "snapshot": info.get("snapshot"),
        "pyodide": info.get("pyodide"),
        "result_after_intent": bench["resultEvent"] is None or bench["resultEvent"] >= t0,
        "messages": len(messages),
        "intent_at": (bench["origin"] + t0) / 1000,
        "result_at": (bench["origin"] + bench["end"]) / 1000,
    }


def wasm_encoding(log: list[Sent]) -> dict[str, str] | None:
    """What the wasm's request offered and what it was sent with."""
    for sent in log:
        if sent.path == WASM and sent.body_sent:
            return {"accept_encoding": sent.accept_encoding, "content_encoding": sent.encoding}
    return None


def served(result: dict[str, Any], log: list[Sent]) -> None:
    """The server's side of a cold start: bytes and files from intent to result."""
    result["runtime_bytes"] = bytes_between(log, result["intent_at"], result["result_at"])
    result["files"] = files_between(log, result["intent_at"], result["result_at"])
    result["wasm"] = wasm_encoding(log)


def run_stock(browser: Browser, folder: Path, certificate: Certificate | None) -> dict[str, Any]:
    """Stock Pyodide in a module worker, cold: a fresh profile and a fresh origin."""
    with serve(folder, BaselineHandler, certificate) as (url, log):
        context = browser.new_context()
        try:
            page = context.new_page()
            navigated = time.time()
            result = visit(page, url + "/?worker", "stock")
            assert result["text"] == "2", result
            served(result, log)
            result["visit_files"] = files_between(log, navigated, time.time())
            return result
        finally:
            context.close()


def run_ours(browser: Browser, certificate: Certificate | None, warm: bool) -> dict[str, Any]:
    """Ours cold, then a second visit (warm) in the same profile with the server stopped."""
    context = browser.new_context()
    try:
        with ExitStack() as online:
            url, log = online.enter_context(serve(DIST, certificate=certificate))
            page = context.new_page()
            navigated = time.time()
            cold = visit(page, url + ARTICLE, "ours")
            served(cold, log)
            if not warm:
                return cold
            cold["service_worker"] = page.evaluate(SERVICE_WORKER_ACTIVE)
            # The whole first visit per file: the page, the runtime, the offline copy.
            cold["visit_files"] = files_between(log, navigated, time.time())
            cold["snapshot_saved"] = page.evaluate(SNAPSHOT_SAVED)
            page.evaluate("() => new Promise((resolve) => setTimeout(resolve, 500))")
            page.close()
        # The server is stopped: only the service worker and Cache Storage can answer.
        second = context.new_page()
        cold["warm"] = visit(second, url + ARTICLE, "ours")
        return cold
    finally:
        context.close()


# --- the probe: what a start costs, step by step, in each engine -----------------------
#
# Our worker reports phases but does not time what happens inside loadPyodide. The
# probe (never shipped: a page of this bench's own, on a fresh origin, no policy) runs
# Pyodide the way widget/runtime/worker.js does, from dist/'s runtime files, in a module worker
# that times each step: the wasm compile and instantiation (WebAssembly's functions
# wrapped), loadPyodide, the first score, making the snapshot, its SHA-256, writing it
# to and reading it from Cache Storage; then, in a fresh worker, the start from that
# snapshot; the same cold start with JSPI hidden (where the engine has it: Pyodide
# takes it when `"Suspending" in WebAssembly`) and with the downloads counted on a
# clone; and, on a fresh origin again, the wasm compiled alone twice (the second from the
# HTTP cache).

PROBE_WORKER = """\
const now = () => performance.now();
const wasm = [];
for (const name of ["instantiateStreaming", "instantiate", "compileStreaming", "compile"]) {
  const original = WebAssembly[name];
  WebAssembly[name] = function (...args) {
    const start = now();
    return original.apply(this, args).then((value) => {
      wasm.push({ name, ms: now() - start });
      return value;
    });
  };
}
const base = new URL("./", location.href);
const options = async () => {
  const { runtime } = await (await fetch(new URL("manifest.json", base))).json();
  return {
    indexURL: new URL(runtime.indexURL, base).href,
    lockFileURL: new URL(runtime.lockFile, base).href,
    stdLibURL: new URL(runtime.stdLib, base).href,
    // The core is bundled into the library zip: no package is loaded, as in worker.js.
    packages: runtime.packages.filter((name) => !(runtime.bundled ?? []).includes(name)),
    stdout: () => {},
    stderr: () => {},
  };
};
// widget/runtime/worker.js's download counter, in short: every response handed on as it
// is, and a clone of it read to its end and counted (the worker also copies it into
// Cache Storage on a first visit).
const wrapFetch = () => {
  const realFetch = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    if (!response.body) return response;
    const reader = response.clone().body.getReader();
    let received = 0;
    (async () => {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return;
        received += chunk.value.byteLength;
      }
    })().catch(() => {});
    return response;
  };
};
const start = async (extra, variant) => {
  if (variant === "nojspi") delete WebAssembly.Suspending;
  if (variant === "wrapped") wrapFetch();
  const opts = await options();
  const began = now();
  const { loadPyodide } = await import(new URL("pyodide.mjs", opts.indexURL).href);
  const imported = now();
  const pyodide = await loadPyodide({ ...opts, ...extra });
  const loaded = now();
  pyodide.pyimport("belot_core.json_api").score_deal_json("{}");
  const scored = now();
  const instantiations = wasm.filter((w) => w.name.startsWith("instantiate"));
  const biggest = Math.max(...instantiations.map((w) => w.ms));
  const times = {
    import_ms: imported - began, load_ms: loaded - imported, score_ms: scored - loaded,
    wasm_ms: biggest, jspi: "Suspending" in WebAssembly,
  };
  return { pyodide, times };
};
const steps = {
  async cold({ variant }) {
    const { pyodide, times } = await start({ _makeSnapshot: true }, variant);
    // Python's speed once started: the same loop three times (the first warms the engine's
    // tiers up).
    times.loop_ms = [];
    for (let i = 0; i < 3; i++) {
      const began = now();
      pyodide.runPython("sum(i * i for i in range(300_000))");
      times.loop_ms.push(now() - began);
    }
    if (variant) return { times };
    const loadedPackages = pyodide.loadedPackages;
    const listed = { ...loadedPackages };
    for (const name of Object.keys(listed)) delete loadedPackages[name];
    let began = now();
    const bytes = pyodide.makeMemorySnapshot();
    times.snapshot_make_ms = now() - began;
    Object.assign(loadedPackages, listed);
    times.snapshot_bytes = bytes.byteLength;
    began = now();
    await crypto.subtle.digest("SHA-256", bytes);
    times.sha256_ms = now() - began;
    const cache = await caches.open("probe");
    began = now();
    await cache.put(new URL("probe-snapshot", base).href, new Response(bytes));
    times.cache_put_ms = now() - began;
    began = now();
    const hit = await cache.match(new URL("probe-snapshot", base).href);
    const back = new Uint8Array(await hit.arrayBuffer());
    times.cache_read_ms = now() - began;
    return { times, snapshot: back };
  },
  async warm({ snapshot }) {
    const { times } = await start({ packages: [], _loadSnapshot: snapshot }, false);
    return { times };
  },
  async compile() {
    const url = new URL("runtime/pyodide.asm.wasm", base).href;
    let began = now();
    await WebAssembly.compileStreaming(fetch(url));
    const first = now() - began;
    began = now();
    await WebAssembly.compileStreaming(fetch(url));
    return { times: { compile_ms: first, compile_again_ms: now() - began } };
  },
};
self.onmessage = async ({ data }) => {
  try {
    const { times, snapshot } = await steps[data.step](data);
    self.postMessage({ ok: true, times, snapshot }, snapshot ? [snapshot.buffer] : []);
  } catch (error) {
    self.postMessage({ ok: false, error: String(error?.stack ?? error) });
  }
};
"""

# In the page: run one step in a fresh worker; the snapshot stays in the page between steps.
PROBE_STEP = """async (step, variant) => {
  const worker = new Worker("./probe-worker.js", { type: "module" });
  const reply = await new Promise((resolve) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => resolve({ ok: false, error: String(event.message) });
    worker.postMessage({ step, variant, snapshot: window.__probeSnapshot ?? null });
  });
  worker.terminate();
  if (!reply.ok) throw new Error(reply.error);
  if (reply.snapshot) window.__probeSnapshot = reply.snapshot;
  return reply.times;
}"""

PROBE_PAGE = "<!doctype html><html lang=en><meta charset=utf-8><title>probe</title></html>\n"


def write_probe(folder: Path) -> None:
    """dist/'s runtime and manifest, the probe's page and worker."""
    shutil.copytree(DIST / "runtime", folder / "runtime")
    for name in ("manifest.json", "manifest.json.br", "manifest.json.gz"):
        if (DIST / name).is_file():
            shutil.copy2(DIST / name, folder / name)
    (folder / "index.html").write_text(PROBE_PAGE, encoding="utf-8")
    (folder / "probe-worker.js").write_text(PROBE_WORKER, encoding="utf-8")


def run_probe(browser: Browser, folder: Path, certificate: Certificate | None) -> dict[str, Any]:
    """Each step on a fresh origin (a server of its own), in a fresh profile."""
    context = browser.new_context()
    result: dict[str, Any] = {}
    try:
        with serve(folder, BaselineHandler, certificate) as (url, _):
            page = context.new_page()
            page.goto(url + "/")
            result["cold"] = page.evaluate(PROBE_STEP, "cold", None)
            result["warm"] = page.evaluate(PROBE_STEP, "warm", None)
            page.close()
        if result["cold"]["jspi"]:
            with serve(folder, BaselineHandler, certificate) as (url, _):
                page = context.new_page()
                page.goto(url + "/")
                result["cold_nojspi"] = page.evaluate(PROBE_STEP, "cold", "nojspi")
                page.close()
        with serve(folder, BaselineHandler, certificate) as (url, _):
            page = context.new_page()
            page.goto(url + "/")
            result["cold_wrapped"] = page.evaluate(PROBE_STEP, "cold", "wrapped")
            page.close()
        with serve(folder, BaselineHandler, certificate) as (url, _):
            page = context.new_page()
            page.goto(url + "/")
            result["compile"] = page.evaluate(PROBE_STEP, "compile", None)
            page.close()
        return result
    finally:
        context.close()


# --- the run -----------------------------------------------------------------------------


def collect(runs: list[dict[str, Any]], get: Any) -> dict[str, Any] | None:
    values = [float(v) for v in map(get, runs) if v is not None]
    return summary(values) if values else None


def fmt(stat: dict[str, Any] | None) -> str:
    if not stat:
        return "—"
    return f"{stat['median']:,.0f} ms ({stat['min']:,.0f}–{stat['max']:,.0f})"


def ratio(a: dict[str, Any] | None, b: dict[str, Any] | None) -> str:
    return f"{a['median'] / b['median']:.2f}" if a and b and b["median"] else "—"


# The worker's marks shown in the table (all of them are in the JSON), in start order.
STEP_NAMES = {
    "worker running": "worker running",
    "manifest read": "manifest",
    "loader imported": "loader",
    "runtime/pyodide-lock.json downloaded": "lock",
    "runtime/python_stdlib.zip downloaded": "stdlib",
    "runtime/pyodide.asm.wasm downloaded": "wasm",
    "wasm instantiateStreaming": "wasm instantiated",
    "python started": "python + packages",
    "core imported": "core imported",
}


def step_cell(runs: list[dict[str, Any]]) -> str:
    """Medians of the worker's marks, ms since the intent (the wheel's: any name)."""
    cells = []
    for step in STEP_NAMES:
        stat = collect(runs, lambda run, step=step: run.get("steps", {}).get(step))
        cells.append("—" if not stat else f"{stat['median']:,.0f}")
    return " / ".join(cells)


def phase_cell(runs: list[dict[str, Any]], names: tuple[str, ...]) -> str:
    """Medians of the phases' times since the intent, in order."""
    cells = []
    for name in names:
        stat = collect(runs, lambda run, name=name: run["phases"].get(name))
        cells.append("—" if not stat else f"{stat['median']:,.0f}")
    return " / ".join(cells)


def table(data: dict[str, Any]) -> str:
    engines: list[str] = list(data["engines"])
    stats: dict[str, dict[str, Any]] = data["stats"]
    runs: dict[str, dict[str, list[dict[str, Any]]]] = data["runs"]
    header = " | ".join(f"{ENGINE_NAMES[e]} {data['versions'][e]}" for e in engines)
    lines = [f"| intent → first result, median (min–max) | {header} |"]
    lines.append("|---" * (len(engines) + 1) + "|")

    def row(label: str, cell: Any) -> None:
        lines.append(f"| {label} | " + " | ".join(cell(e) for e in engines) + " |")

    row("cold: ours", lambda e: fmt(stats[e]["ours"]))
    row("cold: baseline, stock Pyodide in a worker", lambda e: fmt(stats[e]["stock"]))
    row("cold: ours / baseline (goal ≤ 0.5)", lambda e: ratio(stats[e]["ours"], stats[e]["stock"]))
    row("warm: ours, second visit offline", lambda e: fmt(stats[e]["warm"]))
    row("warm / cold (ours)", lambda e: ratio(stats[e]["warm"], stats[e]["ours"]))
    row(
        "warm start restored the snapshot",
        lambda e: f"{sum(bool(r['snapshot']) for r in runs[e]['warm'])} of {len(runs[e]['warm'])}",
    )
    row(
        "clock started by", lambda e: "/".join(sorted({r["intent_event"] for r in runs[e]["ours"]}))
    )
    row(
        "intent → press (the driver's click), ours / baseline",
        lambda e: " / ".join(
            f"{s['median']:.0f} ms" if s else "—"
            for s in (stats[e]["ours_press"], stats[e]["stock_press"])
        ),
    )
    row(
        "bytes after intent, ours / baseline (wasm encoding)",
        lambda e: (
            f"{stats[e]['ours_bytes']['median'] / 1e3:,.0f} / "
            f"{stats[e]['stock_bytes']['median'] / 1e3:,.0f} KB "
            f"({(runs[e]['ours'][0].get('wasm') or {}).get('content_encoding', '?')} / "
            f"{(runs[e]['stock'][0].get('wasm') or {}).get('content_encoding', '?')})"
        ),
    )
    row("JSPI (WebAssembly.Suspending)", lambda e: "yes" if runs[e]["ours"][0]["jspi"] else "no")
    cold_names = (
        "worker made",
        "worker running",
        "manifest read",
        "ready",
        "result event",
    )
    warm_names = ("worker made", "worker running", "snapshot read", "ready", "result event")
    row(
        "phases, cold ours (ms since intent): worker made / running / manifest read / "
        "ready / result event",
        lambda e: phase_cell(runs[e]["ours"], cold_names),
    )
    row(
        "phases, warm ours: worker made / running / snapshot read and checked / ready / "
        "result event",
        lambda e: phase_cell(runs[e]["warm"], warm_names),
    )
    row(
        "phases, baseline: worker made / answer",
        lambda e: phase_cell(runs[e]["stock"], ("worker made", "answer")),
    )
    row(
        "steps, cold ours (ms since intent): " + " / ".join(STEP_NAMES.values()),
        lambda e: step_cell(runs[e]["ours"]),
    )
    if any(runs[e]["probe"] for e in engines):
        probe_rows(runs, engines, row)
    return "\n".join(lines)


def probe_rows(
    runs: dict[str, dict[str, list[dict[str, Any]]]], engines: list[str], row: Any
) -> None:
    def cell(engine: str, step: str, fields: tuple[str, ...]) -> str:
        probes = [p for p in runs[engine]["probe"] if step in p]
        if not probes:
            return "—"
        out = []
        for field in fields:
            stat = collect(probes, lambda probe, field=field: probe[step].get(field))
            out.append("—" if not stat else f"{stat['median']:,.0f}")
        return " / ".join(out)

    start = ("load_ms", "wasm_ms", "score_ms")
    row(
        "probe, cold start in a worker (ms): loadPyodide / of which wasm compile + instantiate "
        "/ the core imported, first score",
        lambda e: cell(e, "cold", start),
    )
    row("probe, the same with JSPI hidden", lambda e: cell(e, "cold_nojspi", start))
    row(
        "probe, the same with every download counted on a clone, as widget/runtime/worker.js does",
        lambda e: cell(e, "cold_wrapped", start),
    )
    row("probe, start from the snapshot: the same three", lambda e: cell(e, "warm", start))
    row(
        "probe, the wasm alone: compileStreaming / again (HTTP cache)",
        lambda e: cell(e, "compile", ("compile_ms", "compile_again_ms")),
    )
    row(
        "probe, Python once started: a 300,000-step loop, 1st / 3rd run",
        lambda e: (
            " / ".join(
                f"{statistics.median(p['cold']['loop_ms'][i] for p in runs[e]['probe']):,.0f}"
                for i in (0, 2)
            )
            if runs[e]["probe"]
            else "—"
        ),
    )
    row(
        "probe, the snapshot: make / SHA-256 / Cache Storage put / read",
        lambda e: cell(
            e, "cold", ("snapshot_make_ms", "sha256_ms", "cache_put_ms", "cache_read_ms")
        ),
    )


def run_engines(
    args: argparse.Namespace, engines: list[Engine], certificate: Certificate | None
) -> tuple[dict[str, dict[str, list[dict[str, Any]]]], dict[str, str]]:
    """Every repetition: in each engine in turn, stock, ours (cold, warm), the probe."""
    runs: dict[str, dict[str, list[dict[str, Any]]]] = {
        e: {"stock": [], "ours": [], "warm": [], "probe": []} for e in engines
    }
    versions: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="bench-baseline-") as scratch, ExitStack() as stack:
        folder = Path(scratch)
        write_baseline(folder / "baseline")
        if args.probe:
            write_probe(folder / "probe")
        browsers = {e: stack.enter_context(launch(e, trust=certificate)) for e in engines}
        for rep in range(args.reps):
            for engine in engines:
                print(f"repetition {rep + 1}/{args.reps}: {engine}", flush=True)
                browser = browsers[engine]
                runs[engine]["stock"].append(run_stock(browser, folder / "baseline", certificate))
                ours = run_ours(browser, certificate, args.warm)
                if args.warm:
                    runs[engine]["warm"].append(ours.pop("warm"))
                runs[engine]["ours"].append(ours)
                if args.probe:
                    runs[engine]["probe"].append(run_probe(browser, folder / "probe", certificate))
                versions[engine] = (
                    browser.version.split("/")[-1]
                    if engine != "chromium"
                    else (browser.version.split("/")[1].split(".")[0])
                )
    return runs, versions


def engine_stats(runs: dict[str, dict[str, list[dict[str, Any]]]]) -> dict[str, Any]:
    """Per engine: medians and min-max of the times and bytes, and bytes per file."""
    return {
        e: {
            "stock": collect(r["stock"], lambda run: run["ms"]),
            "ours": collect(r["ours"], lambda run: run["ms"]),
            "warm": collect(r["warm"], lambda run: run["ms"]),
            "stock_press": collect(r["stock"], lambda run: run["press_ms"]),
            "ours_press": collect(r["ours"], lambda run: run["press_ms"]),
            "warm_press": collect(r["warm"], lambda run: run["press_ms"]),
            "stock_bytes": collect(r["stock"], lambda run: run["runtime_bytes"]),
            "ours_bytes": collect(r["ours"], lambda run: run["runtime_bytes"]),
            "files": {
                kind: file_medians(r[side], key)
                for kind, side, key in (
                    ("ours", "ours", "files"),
                    ("ours_visit", "ours", "visit_files"),
                    ("stock", "stock", "files"),
                )
            },
        }
        for e, r in runs.items()
    }


def files_table(data: dict[str, Any]) -> str:
    """Server bytes per runtime file in every engine: ours (cold start; the whole first
    visit with the offline copy's install) and stock, median KB, "xN" for N downloads."""
    engines: list[str] = list(data["engines"])
    stats = data["stats"]
    paths = sorted(
        {
            path
            for e in engines
            for kind in stats[e]["files"].values()
            for path in kind
            if "/runtime/" in path or path.endswith(("manifest.json", "sw.js"))
        }
    )
    columns = [(e, kind) for e in engines for kind in ("ours", "ours_visit", "stock")]
    names = {"ours": "ours", "ours_visit": "ours, whole visit", "stock": "stock"}
    lines = [
        "| server KB per file (median; xN: downloads in one run) | "
        + " | ".join(f"{ENGINE_NAMES[e]}: {names[k]}" for e, k in columns)
        + " |",
        "|---" * (len(columns) + 1) + "|",
    ]
    for path in paths:
        cells = []
        for engine, kind in columns:
            entry = stats[engine]["files"][kind].get(path)
            if not entry:
                cells.append("—")
                continue
            times = f" x{entry['downloads_max']}" if entry["downloads_max"] > 1 else ""
            coding = "/".join(entry["encodings"]) or "304"
            cells.append(f"{entry['bytes'] / 1000:,.1f} {coding}{times}")
        lines.append(f"| {path} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--reps", type=int, default=3, help="repetitions in every engine")
    parser.add_argument(
        "--engines",
        default=",".join(ENGINE_ORDER),
        help="comma-separated, of: chromium,firefox,webkit",
    )
    parser.add_argument(
        "--no-probe", dest="probe", action="store_false", help="skip the step-by-step probe"
    )
    parser.add_argument(
        "--http", action="store_true", help="serve plain HTTP (default: HTTPS, as a site is)"
    )
    parser.add_argument(
        "--cold-only",
        dest="warm",
        action="store_false",
        help="no second (warm) visit, nor the wait for the offline copy before it",
    )
    args = parser.parse_args()
    engines: list[Engine] = [e for e in ENGINE_ORDER if e in args.engines.split(",")]
    if not engines:
        parser.error(f"no known engine in {args.engines!r}")
    if not (DIST / "manifest.json").is_file():
        print("dist/ is not built: run 'python3 build.py build' first", file=sys.stderr)
        return 1
    started = time.monotonic()
    info = machine()
    with tempfile.TemporaryDirectory(prefix="bench-tls-") as tls:
        certificate = make_certificate_for_run(Path(tls), args.http)
        runs, versions = run_engines(args, engines, certificate)
    info["load_average_end"] = os.getloadavg()
    data: dict[str, Any] = {
        "machine": info,
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "scheme": "http" if certificate is None else "https",
        "python": platform.python_version(),
        "reps": args.reps,
        "engines": engines,
        "versions": versions,
        "runs": runs,
        "stats": engine_stats(runs),
        "seconds": time.monotonic() - started,
    }
    for stat in data["stats"].values():  # ours / stock in a worker: the goal, 0.5
        stat["ratio"] = stat["ours"]["median"] / stat["stock"]["median"]
    data["table"] = table(data) + "\n\n" + files_table(data)
    print()
    print(
        f"machine: {info['cpu']}, {info['cores']} cores; {data['scheme'].upper()}; load average "
        f"{info['load_average_start'][0]:.1f} at start, {info['load_average_end'][0]:.1f} at end"
    )
    print(data["table"])
    tables = tables_from_markdown(data["table"])
    out = write_results("startup-engines", tables=tables, data=data, machine_info=data["machine"])
    print(f"\nwritten: {out.name} (then run bench/report.py), {data['seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
