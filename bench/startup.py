"""Start-up benchmark: the calculator against a bare stock Pyodide, side by side.

    python3 build.py build && .venv/bin/python bench/startup.py [--reps 5] [--phone-reps 3]

One run, in headless Chromium (Debian's, through Playwright), every scenario
repeated and interleaved (baseline, ours, baseline, ours, ...) so that load on
the machine hits both alike. Prints a table (median and min-max) and writes
bench/results/startup.json (then run bench/report.py for bench/RESULTS.md). A
benchmark, not a test: nothing here fails on a number.

What is compared
- baseline: a page of its own (written to a temp folder, never shipped) that runs
  stock `loadPyodide()` and `1+1` from the same npm package, its files gzip-9
  precompressed, as the project served them before the performance work and as
  a typical static host does. Also the same in a module worker ("baseline, in a
  worker"), because Chromium's CPU throttling cannot reach workers (below).
- ours: dist/ as built, an article page with a lazy <belot-calculator>.

What the clock measures (page clock, performance.now())
- start: the first sign of intent on the button: the first pointerover,
  pointerenter, pointerdown or focus event (window capture listener). The bench
  clicks with Playwright, which moves the pointer onto the button and presses it
  at once, so the widget's start-on-hover gets no head start here.
- end: the requestAnimationFrame after the first result is in the DOM (ours: after
  the first `belot-calculator-result` event, with the outcome text in the shadow
  DOM; baseline: after `1+1` is written into the page), i.e. the frame that shows it.
- The page itself is loaded before the clock starts, cold HTTP cache (a fresh
  browser context per run).

Conditions
- phone: CDP Network.emulateNetworkConditions (40 ms latency, 10 Mbit/s both
  ways) and Emulation.setCPUThrottlingRate 4. Chromium applies the CPU rate to
  the page's main thread only: a worker answers "Operation is only supported for
  pages, not workers", and a busy loop in a worker runs at full speed (measured).
  So under "phone" ours (Python in a worker) gets an unthrottled CPU for Python
  while the stock baseline (main thread) does not; compare ours with "baseline, in
  a worker" for like with like. The network emulation does reach workers.
- bytes: counted by our server (status line, headers and body of every response)
  from the navigation to the first result; "runtime" = from intent to result.
- main-thread blocking: `longtask` entries (PerformanceObserver) from intent to
  result: their summed duration, and the total blocking time (sum of the part of
  each over 50 ms).
- memory, after the first result, in runs of their own (so no timed run has a
  forced GC in it), after a full GC in the page, its workers and any service
  worker (`gc()`, Chromium runs with --expose-gc): the issue's measure, JS heaps
  (performance.measureUserAgentSpecificMemory(), page + workers; pages are served
  cross-origin isolated and Chromium runs with ForceEagerMeasureMemory) plus
  Pyodide's WebAssembly memory (the baseline's HEAPU8; ours from the worker's
  `stats` answer). Also the private dirty memory of the renderer process that
  holds the tab (/proc/PID/smaps_rollup), before the button is pressed and after
  the first result, and the same for ours with service workers blocked, which
  shows what the service worker's install adds to the tab on the visit that
  installs it.
- edits: on an open calculator, 200 edits of the pile points (input event), each
  timed to the result in the DOM (a microtask after the result event: the element
  renders in a microtask queued before it) and to the frame that shows it (rAF
  after the result event). Each edit starts in the frame that showed the previous
  result, so "the frame that shows it" is at least one frame away (16.7 ms at
  60 Hz) for any update at all: the control loop times the same edits on a plain
  input whose listener writes its output synchronously, the floor of this method.
  The 16 ms goal is read as the frame budget it is (input to a result ready for
  the next frame), and the frames themselves are compared with the control's.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

from playwright.sync_api import BrowserContext, Locator, Page, sync_playwright
from report import machine as report_machine
from report import tables_from_markdown, write_results

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))  # the build's package
from sitebuild.dist import GZIP_MIN_SAVING
from sitebuild.paths import CHROMIUM, DIST, PYODIDE_NPM, ROOT
from sitebuild.paths import CHROMIUM_ARGS as TEST_CHROMIUM_ARGS
from sitebuild.server import DistHandler, serving

RESULTS = ROOT / "bench" / "results"
CHROMIUM_ARGS = [  # the tests', plus eager memory measurement
    *TEST_CHROMIUM_ARGS,
    "--enable-blink-features=ForceEagerMeasureMemory",
    "--js-flags=--expose-gc",  # gc() before reading memory, in every isolate alike
]
ARTICLE = "/en/scoring.html"  # a lazy calculator with the article's own example
OPEN_BUTTON = "belot-calculator >> nth=0 >> button.open"  # ours: the article's first calculator
START_BUTTON = "#start"  # the baseline page's
STOCK_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PHONE = {"latency_ms": 40, "bytes_per_second": 1_250_000, "cpu_rate": 4}
TIMEOUT_MS = 240_000
EDITS = 200


# --- the servers: dist/ and the baseline, counting every byte they send -------------


class CountingWriter:
    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self.count = 0

    def write(self, data: bytes) -> int:
        written: int = self.raw.write(data)
        self.count += len(data)
        return written

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


class BenchHandler(DistHandler):
    """The build's static server, cross-origin isolated, logging (time, path, bytes)."""

    log: ClassVar[list[tuple[float, str, int]]] = []

    def setup(self) -> None:
        super().setup()
        self.counter = CountingWriter(self.wfile)
        self.wfile = self.counter  # type: ignore[assignment]  # writes through, counting

    def end_headers(self) -> None:
        # Cross-origin isolation, for performance.measureUserAgentSpecificMemory().
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def respond(self, send_body: bool) -> None:
        started, before = time.time(), self.counter.count
        super().respond(send_body)
        self.wfile.flush()
        self.log.append((started, self.path, self.counter.count - before))


@contextmanager
def serve(
    root: Path, handler: type[BenchHandler] = BenchHandler
) -> Iterator[tuple[str, list[tuple[float, str, int]]]]:
    """Serve root (bench/startup_engines.py: a fresh origin per run) with its own log."""
    log: list[tuple[float, str, int]] = []
    with serving(root, type("Logged", (handler,), {"log": log})) as url:
        yield url, log


def bytes_between(log: list[tuple[float, str, int]], start: float, end: float) -> int:
    return sum(size for when, _, size in list(log) if start <= when <= end)


class BaselineHandler(BenchHandler):
    """The baseline's server: stock Pyodide as a plain static host serves it, without the
    site's Content Security Policy. (Under it, the policy's Trusted Types refused the
    baseline's `new Worker("./stock-worker.js")`, so "baseline, in a worker" never started.)
    """

    security_headers = {"X-Content-Type-Options": "nosniff"}  # noqa: RUF012 - as in DistHandler


# The baseline's page and its script (files, as a stock page would have them).
BASELINE_PAGE = """<!doctype html>
<html lang="en"><meta charset="utf-8"><title>stock Pyodide</title>
<button id="start" type="button">Start Python</button> <output id="out"></output>
<script type="module" src="./start.js"></script>
</html>
"""

BASELINE_SCRIPT = """\
const start = document.getElementById("start"), out = document.getElementById("out");
start.addEventListener("click", async () => {
  let answer, heap;
  if (new URLSearchParams(location.search).has("worker")) {
    const worker = new Worker("./stock-worker.js", { type: "module" });
    const reply = new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); });
    ({ answer, heap } = await reply);
  } else {
    const { loadPyodide } = await import("./runtime/pyodide.mjs");
    const pyodide = await loadPyodide();
    answer = String(pyodide.runPython("1+1"));
    heap = pyodide._module.HEAPU8.length;
  }
  out.textContent = answer;
  window.__benchWasm = heap;
  requestAnimationFrame(() => window.__benchDone(out.textContent));
}, { once: true });
"""

BASELINE_WORKER = """import { loadPyodide } from "./runtime/pyodide.mjs";
const pyodide = await loadPyodide();
postMessage({ answer: String(pyodide.runPython("1+1")), heap: pyodide._module.HEAPU8.length });
"""


def write_baseline(folder: Path) -> None:
    """Stock Pyodide from node_modules, gzip-9 precompressed, and its two bench pages."""
    runtime = folder / "runtime"
    runtime.mkdir(parents=True)
    for name in STOCK_FILES:
        data = (PYODIDE_NPM / name).read_bytes()
        (runtime / name).write_bytes(data)
        packed = gzip.compress(data, compresslevel=9, mtime=0)
        if len(packed) <= len(data) * (1 - GZIP_MIN_SAVING):
            (runtime / (name + ".gz")).write_bytes(packed)
    (folder / "index.html").write_text(BASELINE_PAGE, encoding="utf-8")
    (folder / "start.js").write_text(BASELINE_SCRIPT, encoding="utf-8")
    (folder / "stock-worker.js").write_text(BASELINE_WORKER, encoding="utf-8")


# --- in the page ---------------------------------------------------------------------

INSTRUMENT = """(() => {
  const bench = (window.__bench = { t0: null, end: null, text: null, longTasks: [] });
  const intent = () => { if (bench.t0 === null) bench.t0 = performance.now(); };
  for (const type of ["pointerover", "pointerenter", "pointerdown", "focus", "focusin"]) {
    addEventListener(type, intent, { capture: true });
  }
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch {}
  window.__benchDone = (text) => {
    if (bench.end === null) { bench.end = performance.now(); bench.text = text; }
  };
  addEventListener("belot-calculator-result", (event) => {
    const element = event.target;
    requestAnimationFrame(() => {
      const outcome = element.shadowRoot?.querySelector(".outcome")?.textContent ?? "";
      if (outcome) window.__benchDone(outcome);
    });
  }, { capture: true });
})();"""

MEMORY = """async () => {
  let total = null, breakdown = [];
  if (self.crossOriginIsolated && performance.measureUserAgentSpecificMemory) {
    const result = await performance.measureUserAgentSpecificMemory();
    total = result.bytes;
    breakdown = result.breakdown.filter((b) => b.bytes > 0).map((b) => ({
      bytes: b.bytes, scope: b.attribution.map((a) => a.scope).join(","), types: b.types.join(","),
    }));
  }
  return { total, breakdown };
}"""

EDIT_LOOP = """async (count) => {
  const element = document.querySelector("belot-calculator");
  const input = element.shadowRoot.querySelector('input[name="points-us"]');
  const scorer = element.scorer;
  const score = scorer.score;
  let sent = 0;
  scorer.score = function (request) { sent = performance.now(); return score.call(this, request); };
  const total = [], afterDebounce = [], dom = [];
  try {
    for (let i = 0; i < count; i++) {
      // The element renders in a microtask queued before it dispatches the event, so
      // a microtask queued by the listener runs once the result is in the DOM.
      let inDom = 0;
      const shown = new Promise((resolve) => element.addEventListener("belot-calculator-result",
        () => {
          queueMicrotask(() => { inDom = performance.now(); });
          requestAnimationFrame(() => resolve(performance.now()));
        }, { once: true }));
      input.value = String(10 + ((i * 37) % 140));
      const start = performance.now();
      input.dispatchEvent(new Event("input", { bubbles: true }));
      const end = await shown;
      total.push(end - start);
      afterDebounce.push(end - sent);
      dom.push(inDom - start);
    }
  } finally {
    delete scorer.score;
  }
  return { total, afterDebounce, dom };
}"""

# The control for EDIT_LOOP: the same edits, timed the same way, on a plain input whose
# listener writes its "result" synchronously. Nothing is scored, so this is the floor
# of the method: the wait for the display's next frame (16.7 ms at 60 Hz, as each edit
# starts in the frame that showed the previous result).
CONTROL_LOOP = """async (count) => {
  const input = document.createElement("input"), output = document.createElement("output");
  document.body.append(input, output);
  let shown = null;
  input.addEventListener("input", () => {
    output.textContent = String(Number(input.value) * 2);
    requestAnimationFrame(() => shown(performance.now()));
  });
  const total = [];
  try {
    for (let i = 0; i < count; i++) {
      const painted = new Promise((resolve) => { shown = resolve; });
      input.value = String(10 + ((i * 37) % 140));
      const start = performance.now();
      input.dispatchEvent(new Event("input", { bubbles: true }));
      total.push((await painted) - start);
    }
  } finally {
    input.remove();
    output.remove();
  }
  return { total };
}"""


# --- scenarios -------------------------------------------------------------------------


def new_context(browser: Any, **options: Any) -> BrowserContext:
    context: BrowserContext = browser.new_context(
        viewport={"width": 1000, "height": 900}, **options
    )
    context.add_init_script(INSTRUMENT)
    return context


def emulate(context: BrowserContext, page: Page, phone: bool) -> Any:
    cdp = context.new_cdp_session(page)
    if phone:
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": PHONE["latency_ms"],
                "downloadThroughput": PHONE["bytes_per_second"],
                "uploadThroughput": PHONE["bytes_per_second"],
            },
        )
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE["cpu_rate"]})
    return cdp


def start_and_wait(page: Page, button: Locator) -> dict[str, Any]:
    """Click (pointer onto the button, press); wait for the result; the page's numbers."""
    button.click()
    page.wait_for_function("() => window.__bench.end !== null", timeout=TIMEOUT_MS, polling=50)
    bench: dict[str, Any] = page.evaluate("({...window.__bench, origin: performance.timeOrigin})")
    t0, end = bench["t0"], bench["end"]
    long_tasks = [(s, d) for s, d in bench["longTasks"] if s + d >= t0 and s <= end]
    return {
        "ms": end - t0,
        "text": bench["text"],
        "long_task_ms": sum(d for _, d in long_tasks),
        "blocking_ms": sum(max(0.0, d - 50) for _, d in long_tasks),
        "long_tasks": len(long_tasks),
        # Wall clock (s) of the intent and of the result, to cut the server's log.
        "intent_at": (bench["origin"] + t0) / 1000,
        "result_at": (bench["origin"] + end) / 1000,
    }


def load(page: Page, url: str, button: str) -> Locator:
    """Load a page and wait for the button that starts Python on it."""
    page.goto(url, wait_until="load")
    locator = page.locator(button)
    locator.wait_for(state="visible")
    return locator


def timed_start(page: Page, url: str, button: str, log: list[Any]) -> dict[str, Any]:
    """Load, press, wait for the first result: start_and_wait's numbers and the bytes."""
    navigated = time.time()
    result = start_and_wait(page, load(page, url, button))
    result["bytes"] = bytes_between(log, navigated, result["result_at"])
    result["runtime_bytes"] = bytes_between(log, result["intent_at"], result["result_at"])
    return result


def memory(page: Page) -> dict[str, Any]:
    measured: dict[str, Any] = page.evaluate(MEMORY)
    return measured


def run_baseline(
    browser: Any, url: str, log: list[Any], *, phone: bool, worker: bool
) -> dict[str, Any]:
    context = new_context(browser)
    try:
        page = context.new_page()
        emulate(context, page, phone)
        result = timed_start(page, url + ("/?worker" if worker else "/"), START_BUTTON, log)
        assert result["text"] == "2", result
        return result
    finally:
        context.close()


MEMORY_SCENARIOS = ("baseline", "baseline_worker", "ours", "ours_no_sw")


def collect_garbage(page: Page, context: BrowserContext) -> None:
    """A full GC in the page, its workers and the service workers: every isolate alike."""
    page.evaluate("gc()")
    for worker in [*page.workers, *context.service_workers]:
        worker.evaluate("gc()")
    page.wait_for_timeout(300)


def run_memory(browser: Any, url: str, scenario: str) -> dict[str, Any]:
    """Memory after the first result, after a full GC, in runs of their own (no GC in
    the timed runs). Also the tab before the button is pressed: what the page itself
    costs, to tell it from what starting Python costs.

    ours_no_sw: ours with service workers blocked, which shows what the service
    worker's install (precaching the build, integrity-checked) adds to the tab.
    """
    context = new_context(browser, service_workers="block" if scenario == "ours_no_sw" else "allow")
    try:
        page = context.new_page()
        if scenario.startswith("baseline"):
            query = "/?worker" if scenario == "baseline_worker" else "/"
            button = load(page, url + query, START_BUTTON)
        else:
            button = load(page, url + ARTICLE, OPEN_BUTTON)
        collect_garbage(page, context)
        page_bytes = renderer_memory(browser)
        start_and_wait(page, button)
        collect_garbage(page, context)
        heaps = memory(page)["total"]
        if scenario.startswith("baseline"):
            wasm = page.evaluate("window.__benchWasm")
        else:
            wasm = page.evaluate(
                "async () => (await document.querySelector('belot-calculator').scorer.stats())"
                ".wasmMemoryBytes"
            )
        return {
            "js_heaps_bytes": heaps,
            "wasm_bytes": wasm,
            "js_heaps_and_wasm_bytes": heaps + wasm if heaps and wasm else None,
            "renderer_bytes": renderer_memory(browser),
            "page_renderer_bytes": page_bytes,
        }
    finally:
        context.close()


def renderer_memory(browser: Any) -> int | None:
    """Private dirty memory (bytes) of the renderer process that holds the page.

    The page, its worker, their JS heaps and Pyodide's WebAssembly memory all live
    in one renderer process; its private dirty pages (/proc/PID/smaps_rollup) are
    what that tab costs, the same way for the baseline and for ours. Chromium does
    not say which renderer holds which page, but the bench has only one page open:
    it is the largest renderer that is not Chromium's own UI.
    """
    session = browser.new_browser_cdp_session()
    try:
        processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        session.detach()
    sizes = []
    for process in processes:
        if process["type"] != "renderer":
            continue
        try:
            command = Path(f"/proc/{process['id']}/cmdline").read_bytes()
            rollup = Path(f"/proc/{process['id']}/smaps_rollup").read_text()
        except OSError:
            continue
        if b"top-chrome-webui" in command:
            continue
        for line in rollup.splitlines():
            if line.startswith("Private_Dirty:"):
                sizes.append(int(line.split()[1]) * 1024)
    return max(sizes) if sizes else None


# After the first visit's result (here and in bench/startup_engines.py): whether the
# site's service worker is active (it serves the second visit offline), and whether the
# worker has saved its start-up snapshot (3 s after its last request).
SERVICE_WORKER_ACTIVE = """async () => {
    if (!navigator.serviceWorker) return false;
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return false;
    const patience = new Promise((r) => setTimeout(r, 60000));
    await Promise.race([navigator.serviceWorker.ready, patience]);
    return Boolean(registration.active);
}"""
SNAPSHOT_SAVED = """async () => {
    const deadline = Date.now() + 30000;
    while (Date.now() < deadline) {
      for (const name of await caches.keys()) {
        if (name.startsWith("belot-calculator-snapshot")
            && (await (await caches.open(name)).keys()).length) return true;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    return false;
}"""


def run_ours(browser: Any, url: str, log: list[Any], *, phone: bool, warm: bool) -> dict[str, Any]:
    context = new_context(browser)
    try:
        page = context.new_page()
        emulate(context, page, phone)
        result = timed_start(page, url + ARTICLE, OPEN_BUTTON, log)
        if not warm:
            return result
        # Second visit: with a service worker, offline; without one, the HTTP cache.
        has_sw = page.evaluate(SERVICE_WORKER_ACTIVE)
        # The worker saves its start-up snapshot once it has been idle for 3 s; a
        # real second visit comes much later, so the first one lasts until it is saved.
        result["snapshot_saved"] = page.evaluate(SNAPSHOT_SAVED)
        page.wait_for_timeout(500)
        page.close()
        if has_sw:
            context.set_offline(True)
        second = context.new_page()
        emulate(context, second, phone)
        warm_result = timed_start(second, url + ARTICLE, OPEN_BUTTON, log)
        warm_result["service_worker_offline"] = has_sw
        result["warm"] = warm_result
        return result
    finally:
        context.close()


def run_article(browser: Any, url: str, log: list[Any]) -> dict[str, Any]:
    """An article visited and read, its calculator never touched."""
    context = new_context(browser)
    try:
        page = context.new_page()
        navigated = time.time()
        load(page, url + ARTICLE, OPEN_BUTTON)
        page.mouse.wheel(0, 2000)  # reading: scroll past it, never onto the button
        page.wait_for_timeout(3000)
        done = time.time()
        paths = [path for when, path, _ in list(log) if navigated <= when <= done]
        return {
            "bytes": bytes_between(log, navigated, done),
            "requests": paths,
            "runtime_requests": [p for p in paths if "/runtime/" in p or "manifest.json" in p],
            "workers": len(page.workers),
        }
    finally:
        context.close()


def run_edits(browser: Any, url: str, *, cpu_rate: int) -> dict[str, Any]:
    context = new_context(browser)
    try:
        page = context.new_page()
        cdp = emulate(context, page, False)
        load(page, url + ARTICLE, OPEN_BUTTON).click()
        page.wait_for_function("() => window.__bench.end !== null", timeout=TIMEOUT_MS, polling=50)
        page.evaluate(EDIT_LOOP, 10)  # warm up the JIT on both sides
        if cpu_rate != 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu_rate})
        measured: dict[str, list[float]] = page.evaluate(EDIT_LOOP, EDITS)
        control: dict[str, list[float]] = page.evaluate(CONTROL_LOOP, EDITS)
        measured["control"] = control["total"]
        result: dict[str, Any] = {
            key: summary(values, percentiles=True) for key, values in measured.items()
        }
        # Shown in the first frame after the edit, as the synchronous control is: within
        # half a frame of the control's median (later means a frame was missed).
        frame = statistics.median(control["total"])
        result["next_frame_share"] = sum(v < 1.5 * frame for v in measured["total"]) / EDITS
        return result
    finally:
        context.close()


def run_core(seconds: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "core.json"
        subprocess.run(
            [
                sys.executable,
                ROOT / "bench" / "bench_core.py",
                "--seconds",
                str(seconds),
                "--sizes",  # none: the long games have a run of their own
                "--json",
                out,
            ],
            check=True,
            capture_output=True,
        )
        core: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        return core


# --- numbers ---------------------------------------------------------------------------


def summary(values: list[float], *, percentiles: bool = False) -> dict[str, Any]:
    ordered = sorted(values)
    result: dict[str, Any] = {
        "median": statistics.median(ordered),
        "min": ordered[0],
        "max": ordered[-1],
        "n": len(ordered),
    }
    if percentiles:
        result["p50"] = ordered[int(0.50 * (len(ordered) - 1))]
        result["p95"] = ordered[round(0.95 * (len(ordered) - 1))]
    return result


def collect(
    runs: list[dict[str, Any]], key: str | Callable[[dict[str, Any]], Any]
) -> dict[str, Any] | None:
    getter = key if callable(key) else (lambda run: run.get(key))
    values = [float(v) for v in map(getter, runs) if v is not None]
    return summary(values) if values else None


def machine() -> dict[str, Any]:
    """The machine, as bench/report.py records it, and the Chromium the bench drives."""
    chromium = subprocess.run([str(CHROMIUM), "--version"], capture_output=True, text=True)
    return report_machine(chromium=chromium.stdout.strip())


def fmt_ms(stat: dict[str, Any] | None) -> str:
    if not stat:
        return "—"
    return f"{stat['median']:,.0f} ms ({stat['min']:,.0f}–{stat['max']:,.0f})"


def fmt_kb(stat: dict[str, Any] | None) -> str:
    if not stat:
        return "—"
    return f"{stat['median'] / 1000:,.0f} KB"


def fmt_mb(stat: dict[str, Any] | None) -> str:
    if not stat:
        return "—"
    return f"{stat['median'] / 1e6:,.1f} MB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--reps", type=int, default=5, help="repetitions, normal conditions")
    parser.add_argument("--phone-reps", type=int, default=3, help="repetitions, phone-like")
    parser.add_argument("--core-seconds", type=float, default=2.0)
    args = parser.parse_args()
    if not (DIST / "manifest.json").is_file():
        print("dist/ is not built: run 'python3 build.py build' first", file=sys.stderr)
        return 1
    started = time.monotonic()
    info = machine()
    data: dict[str, Any] = {
        "machine": info,
        "phone": PHONE,
        "reps": args.reps,
        "phone_reps": args.phone_reps,
    }
    raw: dict[str, list[dict[str, Any]]] = {
        key: []
        for key in (
            "baseline",
            "baseline_worker",
            "ours",
            "phone_baseline",
            "phone_baseline_worker",
            "phone_ours",
        )
    }
    memory_runs: dict[str, list[dict[str, Any]]] = {name: [] for name in MEMORY_SCENARIOS}
    with (
        tempfile.TemporaryDirectory(prefix="bench-baseline-") as scratch,
        serve(DIST) as (ours_url, ours_log),
        sync_playwright() as playwright,
    ):
        write_baseline(Path(scratch))
        with serve(Path(scratch), BaselineHandler) as (stock_url, stock_log):
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                for phone, reps, label, prefix in (
                    (False, args.reps, "normal conditions", ""),
                    (True, args.phone_reps, "phone-like", "phone_"),
                ):
                    for rep in range(reps):
                        print(f"{label}, repetition {rep + 1}/{reps}", flush=True)
                        for worker, key in ((False, "baseline"), (True, "baseline_worker")):
                            raw[prefix + key].append(
                                run_baseline(
                                    browser, stock_url, stock_log, phone=phone, worker=worker
                                )
                            )
                        raw[prefix + "ours"].append(
                            run_ours(browser, ours_url, ours_log, phone=phone, warm=True)
                        )
                        if not phone:
                            for scenario in MEMORY_SCENARIOS:
                                where = stock_url if scenario.startswith("baseline") else ours_url
                                memory_runs[scenario].append(run_memory(browser, where, scenario))
                print("article never opened; 200 edits (normal, 4x CPU)", flush=True)
                article = run_article(browser, ours_url, ours_log)
                edits = {
                    "normal": run_edits(browser, ours_url, cpu_rate=1),
                    "cpu4": run_edits(browser, ours_url, cpu_rate=PHONE["cpu_rate"]),
                }
            finally:
                browser.close()
    print("the core in CPython (bench/bench_core.py)", flush=True)
    core = run_core(args.core_seconds)

    warm = [run["warm"] for run in raw["ours"]]
    phone_warm = [run["warm"] for run in raw["phone_ours"]]
    stats = {
        name: {
            "ms": collect(runs, "ms"),
            "bytes": collect(runs, "bytes"),
            "runtime_bytes": collect(runs, "runtime_bytes"),
            "long_task_ms": collect(runs, "long_task_ms"),
            "blocking_ms": collect(runs, "blocking_ms"),
        }
        for name, runs in {**raw, "ours_warm": warm, "phone_ours_warm": phone_warm}.items()
    }
    memory_fields = (
        "js_heaps_and_wasm_bytes",
        "wasm_bytes",
        "js_heaps_bytes",
        "renderer_bytes",
        "page_renderer_bytes",
    )
    memory_stats = {
        name: {field: collect(runs, field) for field in memory_fields}
        for name, runs in memory_runs.items()
    }
    mem = {
        name: {k: (v["median"] if v else None) for k, v in s.items()}
        for name, s in memory_stats.items()
    }
    med = {
        name: {k: (v["median"] if v else None) for k, v in s.items()} for name, s in stats.items()
    }

    def ratio(a: float | None, b: float | None) -> float | None:
        return None if a is None or not b else a / b

    targets = [
        (
            "bytes: ours / baseline (cold, whole visit)",
            ratio(med["ours"]["bytes"], med["baseline"]["bytes"]),
            0.6,
        ),
        ("time: ours / baseline (cold)", ratio(med["ours"]["ms"], med["baseline"]["ms"]), 1.0),
        (
            "time: ours / baseline, in a worker (cold)",
            ratio(med["ours"]["ms"], med["baseline_worker"]["ms"]),
            1.0,
        ),
        (
            "time, phone: ours / baseline",
            ratio(med["phone_ours"]["ms"], med["phone_baseline"]["ms"]),
            0.8,
        ),
        (
            "time, phone: ours / baseline, in a worker",
            ratio(med["phone_ours"]["ms"], med["phone_baseline_worker"]["ms"]),
            0.8,
        ),
        ("time: warm / cold (ours)", ratio(med["ours_warm"]["ms"], med["ours"]["ms"]), 0.6),
        ("edit -> result in the DOM, p95, ms", edits["normal"]["dom"]["p95"], 16),
        (
            "edit -> result on screen (the frame showing it), p95 at 4x CPU, ms",
            edits["cpu4"]["total"]["p95"],
            50,
        ),
        (
            "main-thread long tasks during start, phone (4x CPU), ms",
            med["phone_ours"]["long_task_ms"],
            100,
        ),
        ("article never opened: KB", article["bytes"] / 1000, 60),
        ("article never opened: runtime requests", len(article["runtime_requests"]), 0),
        (
            "memory after the first result: ours / baseline (JS heaps + wasm memory)",
            ratio(
                mem["ours"]["js_heaps_and_wasm_bytes"],
                mem["baseline"]["js_heaps_and_wasm_bytes"],
            ),
            1.1,
        ),
    ]
    data.update(
        runs=raw,
        stats=stats,
        article=article,
        edits=edits,
        memory_runs=memory_runs,
        memory=memory_stats,
        core=core,
        targets=[
            {"name": n, "value": v, "target": t, "met": v is not None and v <= t}
            for n, v, t in targets
        ],
        seconds=time.monotonic() - started,
    )
    data["machine"]["load_average_end"] = round(os.getloadavg()[0], 2)

    rows = [
        ("1 baseline: stock loadPyodide + 1+1, cold", "baseline"),
        ("1w baseline, in a module worker, cold", "baseline_worker"),
        ("2 ours: intent -> first result, cold", "ours"),
        ("3 ours: second visit (warm)", "ours_warm"),
        ("4 phone: baseline, cold", "phone_baseline"),
        ("4 phone: baseline in a worker, cold", "phone_baseline_worker"),
        ("4 phone: ours, cold", "phone_ours"),
        ("4 phone: ours, second visit (warm)", "phone_ours_warm"),
    ]
    lines = [
        "| scenario | time to result: median (min-max) | bytes, whole visit "
        "| of which after intent | main-thread long tasks (TBT) |",
        "|---|---|---|---|---|",
    ]
    for label, key in rows:
        s: dict[str, Any] = stats[key]
        tasks = (
            f"{s['long_task_ms']['median']:,.0f} ms ({s['blocking_ms']['median']:,.0f} ms)"
            if s["long_task_ms"]
            else "—"
        )
        lines.append(
            f"| {label} | {fmt_ms(s['ms'])} | {fmt_kb(s['bytes'])} | "
            f"{fmt_kb(s['runtime_bytes'])} | {tasks} |"
        )
    lines.append(
        f"| 5 article, calculator never opened | — | {article['bytes'] / 1000:,.1f} KB "
        f"| runtime requests: {len(article['runtime_requests'])} | — |"
    )
    lines.append(
        f"| 9 core in {core['python']} "
        f"| {core['deals_per_second_json_contract']:,} deals/s (JSON), "
        f"{core['deals_per_second_python_api']:,} deals/s (Python) | 200-deal sheet "
        f"{core['game_sheet_recompute_ms_median']} ms | | |"
    )
    lines += [
        "",
        f"| 6 edit -> result, {EDITS} edits: p50 / p95 | normal | 4× CPU |",
        "|---|---|---|",
    ]
    for key, label in (
        ("dom", "ours: edit -> result in the DOM"),
        ("afterDebounce", "ours: scorer called -> the frame showing it"),
        ("total", "ours: edit -> the frame showing it (on screen)"),
        ("control", "control: a synchronous write, edit -> the frame showing it"),
    ):
        cells = " | ".join(
            f"{edits[c][key]['p50']:.1f} / {edits[c][key]['p95']:.1f} ms"
            for c in ("normal", "cpu4")
        )
        lines.append(f"| {label} | {cells} |")
    lines.append(
        "| ours: edits shown in the first frame after the edit | "
        + " | ".join(f"{edits[c]['next_frame_share']:.1%}" for c in ("normal", "cpu4"))
        + " |"
    )
    lines += [
        "",
        "| 8 memory after the first result, after a full GC (median) "
        "| baseline | baseline, in a worker | ours | ours, service worker blocked |",
        "|---|---|---|---|---|",
    ]
    for field, label in (
        ("js_heaps_and_wasm_bytes", "JS heaps + wasm memory"),
        ("wasm_bytes", "wasm memory"),
        ("js_heaps_bytes", "JS heaps (page + workers)"),
        ("renderer_bytes", "tab process (private dirty)"),
        ("page_renderer_bytes", "tab process before the button is pressed"),
    ):
        cells = " | ".join(fmt_mb(memory_stats[name][field]) for name in MEMORY_SCENARIOS)
        lines.append(f"| {label} | {cells} |")
    lines.append("")
    lines.append("| target | measured | goal | met |")
    lines.append("|---|---|---|---|")
    for entry in data["targets"]:
        value = "—" if entry["value"] is None else f"{entry['value']:.2f}"
        lines.append(
            f"| {entry['name']} | {value} | ≤ {entry['target']} "
            f"| {'yes' if entry['met'] else 'NO'} |"
        )
    table = "\n".join(lines)
    data["table"] = table
    print()
    print(
        f"machine: {info['cpu']}, {info['cores']} cores, {info['chromium']}; load average "
        f"{info['load_average_start']:.1f} at start, "
        f"{data['machine']['load_average_end']:.1f} at end"
    )
    print(table)
    out = write_results("startup", tables=tables_from_markdown(table), data=data, machine_info=info)
    print(f"\nwritten: {out.relative_to(ROOT)} (then run bench/report.py), {data['seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
