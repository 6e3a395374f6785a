"""Start-up benchmark: the calculator against a bare stock Pyodide, side by side.

    python3 build.py build && .venv/bin/python bench/startup.py [--reps 5] [--phone-reps 3]
        [--start-only] [--http]

One run, in headless Chromium (Debian's, through Playwright), every scenario
repeated and interleaved (baseline, ours, baseline, ours, ...) so that load on
the machine hits both alike. Prints a table (median and min-max), the server's bytes
per file and the targets, and writes bench/results/startup.json (the machine, the
date, every run). A benchmark, not a test: nothing here fails on a number.
--start-only runs the start-up scenarios alone (no memory runs, edits, closed
article or core bench).

Served over HTTPS, as a site is (--http: plain HTTP), with a certificate made for the
run that Chromium trusts by its public key (--ignore-certificate-errors-spki-list).

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
import datetime
import gzip
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Locator, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/report.py  # the build's package
from report import tables_from_markdown, write_results

from sitebuild.dist import GZIP_MIN_SAVING
from sitebuild.paths import CHROMIUM, DIST, PYODIDE_NPM, ROOT
from sitebuild.paths import CHROMIUM_ARGS as TEST_CHROMIUM_ARGS
from sitebuild.server import DistHandler, Sent, serving
from sitebuild.tls import Certificate, make_certificate

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


class BenchHandler(DistHandler):
    """The build's static server, cross-origin isolated. What it sends is logged by the
    server itself (`serving(..., log=...)`: a sitebuild.server.Sent per response)."""

    def end_headers(self) -> None:
        # Cross-origin isolation, for performance.measureUserAgentSpecificMemory().
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()


@contextmanager
def serve(
    root: Path, handler: type[BenchHandler] = BenchHandler, certificate: Certificate | None = None
) -> Iterator[tuple[str, list[Sent]]]:
    """Serve root (over HTTPS with a certificate) with a log of its own: (base URL, log)."""
    log: list[Sent] = []
    with serving(root, handler, certificate=certificate, log=log) as url:
        yield url, log


def bytes_between(log: list[Sent], start: float, end: float) -> int:
    """Bytes sent (headers and bodies) for the requests that arrived from start to end."""
    return sum(sent.bytes for sent in list(log) if start <= sent.at <= end)


def files_between(log: list[Sent], start: float, end: float) -> dict[str, dict[str, Any]]:
    """Per file, the requests that arrived from start to end: how many, how many sent the
    file's bytes (a 200; a 304 revalidation does not), the bytes on the wire and the
    encodings, so a second download shows by name."""
    files: dict[str, dict[str, Any]] = {}
    for sent in list(log):
        if not start <= sent.at <= end:
            continue
        entry = files.setdefault(
            sent.path, {"requests": 0, "downloads": 0, "bytes": 0, "encodings": []}
        )
        entry["requests"] += 1
        entry["downloads"] += int(sent.body_sent)
        entry["bytes"] += sent.bytes
        if sent.body_sent and sent.encoding not in entry["encodings"]:
            entry["encodings"].append(sent.encoding)
    return dict(sorted(files.items()))


def make_certificate_for_run(folder: Path, http: bool) -> Certificate | None:
    """The run's certificate (None: plain HTTP, as --http asks)."""
    return None if http else make_certificate(folder)


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
  // Where our start went: the worker's own marks, from its "ready" message.
  bench.steps = null;
  const BaseWorker = window.Worker;
  window.Worker = class extends BaseWorker {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", ({ data }) => {
        // A copy: a driver that serializes the page's objects by reference (WebDriver
        // BiDi) would send the second mention of the same object empty.
        if (data?.type === "ready" && data.steps) bench.steps ??= { ...data.steps };
      });
    }
  };
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
    """Click (pointer onto the button, press); wait for the result; the page's numbers.

    The pointer is moved and pressed as raw input (page.mouse), as a finger's would be:
    Playwright's own click first runs its hit-target check in the page, inside the very
    task of the press, which the long tasks counted as the page's (about 9 ms of script
    at 1x CPU, for the baseline as for ours). The button is scrolled into view first,
    before the clock starts."""
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None, "the button is not rendered"
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.up()
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
        # Ours: the worker's marks (widget/runtime/worker.js), in ms since the intent.
        "steps": {
            name: at - (bench["origin"] + t0)
            for name, at in sorted((bench.get("steps") or {}).items(), key=lambda item: item[1])
        },
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
    result["files"] = files_between(log, result["intent_at"], result["result_at"])
    result["navigated_at"] = navigated
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
        # The whole first visit, the offline copy's install included, per file.
        result["visit_files"] = files_between(log, result["navigated_at"], time.time())
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
        paths = [sent.path for sent in list(log) if navigated <= sent.at <= done]
        return {
            "bytes": bytes_between(log, navigated, done),
            "requests": paths,
            # The runtime's own files (the widget's modules live in /widget/runtime/).
            "runtime_requests": [
                p for p in paths if p.startswith("/runtime/") or p == "/manifest.json"
            ],
            "widget_requests": [p for p in paths if p.startswith("/widget/")],
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
        written: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
        core: dict[str, Any] = written["data"]  # bench/report.py's layout: the numbers in "data"
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
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    chromium = subprocess.run([str(CHROMIUM), "--version"], capture_output=True, text=True)
    return {
        "cpu": model,
        "cores": os.cpu_count(),
        "platform": platform.platform(),
        "chromium": chromium.stdout.strip(),
        "python": platform.python_version(),
        "load_average_start": os.getloadavg(),
    }


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


SCENARIOS = (
    "baseline",
    "baseline_worker",
    "ours",
    "phone_baseline",
    "phone_baseline_worker",
    "phone_ours",
)


def run_starts(
    browser: Any, servers: dict[str, tuple[str, list[Sent]]], args: argparse.Namespace
) -> tuple[dict[str, list[dict[str, Any]]], dict[str, list[dict[str, Any]]]]:
    """Every start-up scenario, interleaved; and the memory runs (unless --start-only)."""
    (stock_url, stock_log), (ours_url, ours_log) = servers["stock"], servers["ours"]
    raw: dict[str, list[dict[str, Any]]] = {key: [] for key in SCENARIOS}
    memory_runs: dict[str, list[dict[str, Any]]] = {name: [] for name in MEMORY_SCENARIOS}
    for phone, reps, label, prefix in (
        (False, args.reps, "normal conditions", ""),
        (True, args.phone_reps, "phone-like", "phone_"),
    ):
        for rep in range(reps):
            print(f"{label}, repetition {rep + 1}/{reps}", flush=True)
            for worker, key in ((False, "baseline"), (True, "baseline_worker")):
                raw[prefix + key].append(
                    run_baseline(browser, stock_url, stock_log, phone=phone, worker=worker)
                )
            raw[prefix + "ours"].append(
                run_ours(browser, ours_url, ours_log, phone=phone, warm=True)
            )
            if phone or args.start_only:
                continue
            for scenario in MEMORY_SCENARIOS:
                where = stock_url if scenario.startswith("baseline") else ours_url
                memory_runs[scenario].append(run_memory(browser, where, scenario))
    return raw, memory_runs


def run_extras(browser: Any, url: str, log: list[Sent]) -> dict[str, Any]:
    """The article never opened, and 200 edits at normal speed and at 4x CPU."""
    print("article never opened; 200 edits (normal, 4x CPU)", flush=True)
    return {
        "article": run_article(browser, url, log),
        "edits": {
            "normal": run_edits(browser, url, cpu_rate=1),
            "cpu4": run_edits(browser, url, cpu_rate=PHONE["cpu_rate"]),
        },
    }


def run_everything(args: argparse.Namespace, certificate: Certificate | None) -> dict[str, Any]:
    """Serve dist/ and the baseline (each with its log), drive Chromium, run the core bench."""
    launch_args = [*CHROMIUM_ARGS]
    if certificate is not None:  # trust exactly the run's certificate (its public key)
        launch_args.append(f"--ignore-certificate-errors-spki-list={certificate.spki}")
    with (
        tempfile.TemporaryDirectory(prefix="bench-baseline-") as scratch,
        serve(DIST, certificate=certificate) as ours,
        sync_playwright() as playwright,
    ):
        write_baseline(Path(scratch))
        with serve(Path(scratch), BaselineHandler, certificate) as stock:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=launch_args)
            try:
                raw, memory_runs = run_starts(browser, {"stock": stock, "ours": ours}, args)
                extras = {} if args.start_only else run_extras(browser, *ours)
            finally:
                browser.close()
    if not args.start_only:
        print("the core in CPython (bench/bench_core.py)", flush=True)
        extras["core"] = run_core(args.core_seconds)
    return {"raw": raw, "memory_runs": memory_runs, **extras}


MEMORY_FIELDS = (
    "js_heaps_and_wasm_bytes",
    "wasm_bytes",
    "js_heaps_bytes",
    "renderer_bytes",
    "page_renderer_bytes",
)


def medians(stats: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {
        name: {k: (v["median"] if v else None) for k, v in s.items()} for name, s in stats.items()
    }


def ratio(a: float | None, b: float | None) -> float | None:
    return None if a is None or not b else a / b


# The phone-like floor (issue 33): what no start can beat on the emulated link and CPU —
# the bytes of our cold start at the link's rate, the round trips that must follow one
# another (the worker's module, manifest.json, Pyodide's loader, then its runtime files
# together), and Python's own start at 4x CPU (the worker's marks: wasm instantiated ->
# Python started). Ours is reported as a multiple of it.
FLOOR_ROUND_TRIPS = 4


def phone_floor(raw: dict[str, list[dict[str, Any]]]) -> dict[str, float] | None:
    """The floor of the phone-like cold start, and its three parts (ms); None without data."""

    def python_start(run: dict[str, Any]) -> float | None:
        steps = run.get("steps", {})
        begun, started = steps.get("wasm instantiateStreaming"), steps.get("python started")
        return None if begun is None or started is None else float(started) - float(begun)

    python = collect(raw["phone_ours"], python_start)
    sent = collect(raw["phone_ours"], "bytes")
    if not python or not sent:
        return None
    parts = {
        "transfer_ms": sent["median"] / PHONE["bytes_per_second"] * 1000,
        "round_trips_ms": float(FLOOR_ROUND_TRIPS * PHONE["latency_ms"]),
        "python_start_ms": float(python["median"]),
    }
    return {**parts, "floor_ms": sum(parts.values())}


def start_targets(
    med: dict[str, dict[str, Any]], floor: dict[str, float] | None = None
) -> list[tuple[str, float | None, float]]:
    """The start-up goals (issue 27: half of stock in a worker, phone-like too; issue 33:
    within 1.15x of the phone-like floor)."""
    return [
        (
            "time, phone: ours / the floor (bytes at the link's rate + round trips + "
            "Python's start at 4x CPU)",
            ratio(med["phone_ours"]["ms"], floor["floor_ms"] if floor else None),
            1.15,
        ),
        (
            "bytes: ours / baseline (cold, whole visit)",
            ratio(med["ours"]["bytes"], med["baseline"]["bytes"]),
            0.6,
        ),
        ("time: ours / baseline (cold)", ratio(med["ours"]["ms"], med["baseline"]["ms"]), 1.0),
        (
            "time: ours / baseline, in a worker (cold)",
            ratio(med["ours"]["ms"], med["baseline_worker"]["ms"]),
            0.5,
        ),
        (
            "time, phone: ours / baseline",
            ratio(med["phone_ours"]["ms"], med["phone_baseline"]["ms"]),
            0.5,
        ),
        (
            "time, phone: ours / baseline, in a worker",
            ratio(med["phone_ours"]["ms"], med["phone_baseline_worker"]["ms"]),
            0.5,
        ),
        ("time: warm / cold (ours)", ratio(med["ours_warm"]["ms"], med["ours"]["ms"]), 0.6),
        (
            "main-thread long tasks during start, phone (4x CPU), ms",
            med["phone_ours"]["long_task_ms"],
            100,
        ),
    ]


def extra_targets(
    data: dict[str, Any], mem: dict[str, dict[str, Any]]
) -> list[tuple[str, float | None, float]]:
    """The goals of the runs --start-only skips: edits, the closed article, memory."""
    edits, article = data["edits"], data["article"]
    return [
        ("edit -> result in the DOM, p95, ms", edits["normal"]["dom"]["p95"], 16),
        (
            "edit -> result on screen (the frame showing it), p95 at 4x CPU, ms",
            edits["cpu4"]["total"]["p95"],
            50,
        ),
        # Issue 33: the bundled widget (a closed calculator's entry and its chunks).
        ("article never opened: KB", article["bytes"] / 1000, 25),
        ("article never opened: widget requests", len(article["widget_requests"]), 4),
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


def summarise(data: dict[str, Any]) -> None:
    """Medians and min-max of every scenario, memory, per-file bytes and the targets."""
    raw = data["raw"]
    warm = {"ours_warm": [r["warm"] for r in raw["ours"]]}
    warm["phone_ours_warm"] = [r["warm"] for r in raw["phone_ours"]]
    fields = ("ms", "bytes", "runtime_bytes", "long_task_ms", "blocking_ms")
    data["stats"] = {
        name: {field: collect(runs, field) for field in fields}
        for name, runs in {**raw, **warm}.items()
    }
    data["memory"] = {
        name: {field: collect(runs, field) for field in MEMORY_FIELDS}
        for name, runs in data["memory_runs"].items()
    }
    data["files"] = {name: file_medians(runs, "files") for name, runs in raw.items()}
    data["files"]["ours_visit"] = file_medians(raw["ours"], "visit_files")
    data["floor"] = phone_floor(raw)
    targets = start_targets(medians(data["stats"]), data["floor"])
    if "edits" in data:
        targets += extra_targets(data, medians(data["memory"]))
    data["targets"] = [
        {"name": n, "value": v, "target": t, "met": v is not None and v <= t} for n, v, t in targets
    ]


def file_medians(runs: list[dict[str, Any]], key: str) -> dict[str, dict[str, Any]]:
    """Per file over the runs: the median bytes sent, and the most downloads in one run."""
    paths = sorted({path for run in runs for path in run.get(key, {})})
    out: dict[str, dict[str, Any]] = {}
    for path in paths:
        entries = [run[key].get(path, {"bytes": 0, "downloads": 0, "requests": 0}) for run in runs]
        out[path] = {
            "bytes": statistics.median(e["bytes"] for e in entries),
            "downloads_max": max(e["downloads"] for e in entries),
            "requests_max": max(e["requests"] for e in entries),
            "encodings": sorted({c for e in entries for c in e.get("encodings", [])}),
        }
    return out


START_ROWS = (
    ("1 baseline: stock loadPyodide + 1+1, cold", "baseline"),
    ("1w baseline, in a module worker, cold", "baseline_worker"),
    ("2 ours: intent -> first result, cold", "ours"),
    ("3 ours: second visit (warm)", "ours_warm"),
    ("4 phone: baseline, cold", "phone_baseline"),
    ("4 phone: baseline in a worker, cold", "phone_baseline_worker"),
    ("4 phone: ours, cold", "phone_ours"),
    ("4 phone: ours, second visit (warm)", "phone_ours_warm"),
)


# The worker's marks shown (every one is in the JSON), in start order.
STEPS = (
    ("worker running", "worker running"),
    ("manifest read", "manifest"),
    ("runtime/python_stdlib.zip downloaded", "library zip"),
    ("runtime/pyodide.asm.wasm downloaded", "wasm downloaded"),
    ("wasm instantiateStreaming", "wasm instantiated"),
    ("python started", "Python started"),
    ("core imported", "core imported"),
)


def steps_table(raw: dict[str, list[dict[str, Any]]]) -> list[str]:
    """Where our cold start went, normal and phone-like: the worker's marks (median ms
    since the intent), then the first result."""
    lines = [
        "| ours, cold: ms since intent (median) | "
        + " | ".join(label for _, label in STEPS)
        + " | first result |",
        "|---" * (len(STEPS) + 2) + "|",
    ]
    for label, key in (("normal", "ours"), ("phone-like", "phone_ours")):
        cells = []
        for step, _ in STEPS:

            def at(run: dict[str, Any], step: str = step) -> Any:
                return run.get("steps", {}).get(step)

            stat = collect(raw[key], at)
            cells.append("—" if not stat else f"{stat['median']:,.0f}")
        total = collect(raw[key], "ms")
        cells.append("—" if not total else f"{total['median']:,.0f}")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return lines


def start_table(stats: dict[str, dict[str, Any]]) -> list[str]:
    lines = [
        "| scenario | time to result: median (min-max) | bytes, whole visit "
        "| of which after intent | main-thread long tasks (TBT) |",
        "|---|---|---|---|---|",
    ]
    for label, key in START_ROWS:
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
    return lines


FILE_COLUMNS = (
    ("ours, cold", "ours"),
    ("ours, the whole first visit (offline copy's install included)", "ours_visit"),
    ("baseline in a worker", "baseline_worker"),
    ("phone: ours", "phone_ours"),
    ("phone: baseline in a worker", "phone_baseline_worker"),
)


def files_table(files: dict[str, dict[str, dict[str, Any]]]) -> list[str]:
    """The server's bytes per runtime file (median KB, and downloads when more than one)."""
    paths = sorted(
        {p for column in files.values() for p in column if "/runtime/" in p or "manifest" in p}
    )
    lines = [
        "| server bytes per file, intent -> result (median KB; xN: downloads in one run) | "
        + " | ".join(label for label, _ in FILE_COLUMNS)
        + " |",
        "|---" * (len(FILE_COLUMNS) + 1) + "|",
    ]
    for path in paths:
        cells = []
        for _, key in FILE_COLUMNS:
            entry = files[key].get(path)
            if not entry:
                cells.append("—")
                continue
            times = f" x{entry['downloads_max']}" if entry["downloads_max"] > 1 else ""
            coding = "/".join(entry["encodings"]) or "304"
            cells.append(f"{entry['bytes'] / 1000:,.1f} ({coding}){times}")
        lines.append(f"| {path} | " + " | ".join(cells) + " |")
    return lines


def extras_table(data: dict[str, Any]) -> list[str]:
    article, core, edits = data["article"], data["core"], data["edits"]
    lines = [
        f"| 5 article, calculator never opened | {article['bytes'] / 1000:,.1f} KB "
        f"| runtime requests: {len(article['runtime_requests'])} |",
        f"| 9 core in {core['python']} "
        f"| {core['deals_per_second_json_contract']:,} deals/s (JSON), "
        f"{core['deals_per_second_python_api']:,} deals/s (Python) "
        f"| {core['game_sheet_deals']}-deal sheet "
        f"{core['game_sheet_recompute_ms_median']} ms |",
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
    return [*lines, "", *memory_table(data["memory"])]


def memory_table(memory_stats: dict[str, dict[str, Any]]) -> list[str]:
    lines = [
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
    return lines


def targets_table(targets: list[dict[str, Any]]) -> list[str]:
    lines = ["| target | measured | goal | met |", "|---|---|---|---|"]
    for entry in targets:
        value = "—" if entry["value"] is None else f"{entry['value']:.2f}"
        lines.append(
            f"| {entry['name']} | {value} | ≤ {entry['target']} "
            f"| {'yes' if entry['met'] else 'NO'} |"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--reps", type=int, default=5, help="repetitions, normal conditions")
    parser.add_argument("--phone-reps", type=int, default=3, help="repetitions, phone-like")
    parser.add_argument("--core-seconds", type=float, default=2.0)
    parser.add_argument(
        "--http", action="store_true", help="serve plain HTTP (default: HTTPS, as a site is)"
    )
    parser.add_argument(
        "--start-only",
        action="store_true",
        help="only the start-up scenarios (no memory runs, edits, closed article, core)",
    )
    args = parser.parse_args()
    if not (DIST / "manifest.json").is_file():
        print("dist/ is not built: run 'python3 build.py build' first", file=sys.stderr)
        return 1
    started = time.monotonic()
    info = machine()
    with tempfile.TemporaryDirectory(prefix="bench-tls-") as tls:
        certificate = make_certificate_for_run(Path(tls), args.http)
        data: dict[str, Any] = {
            "machine": info,
            "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
            "scheme": "http" if certificate is None else "https",
            "phone": PHONE,
            "reps": args.reps,
            "phone_reps": args.phone_reps,
            **run_everything(args, certificate),
        }
    summarise(data)
    data["seconds"] = time.monotonic() - started
    data["machine"]["load_average_end"] = os.getloadavg()
    lines = [*start_table(data["stats"]), "", *steps_table(data["raw"]), ""]
    floor = data.get("floor")
    if floor:
        lines += [
            f"The phone-like floor: {floor['floor_ms']:,.0f} ms = "
            f"{floor['transfer_ms']:,.0f} ms of bytes at the link's rate + "
            f"{floor['round_trips_ms']:,.0f} ms of round trips + "
            f"{floor['python_start_ms']:,.0f} ms of Python's start at 4x CPU.",
            "",
        ]
    lines += [*files_table(data["files"]), ""]
    if "edits" in data:
        lines += [*extras_table(data), ""]
    data["table"] = "\n".join([*lines, *targets_table(data["targets"])])
    print()
    print(
        f"machine: {info['cpu']}, {info['cores']} cores, {info['chromium']}; "
        f"{data['scheme'].upper()}; load average "
        f"{info['load_average_start'][0]:.1f} at start, "
        f"{data['machine']['load_average_end'][0]:.1f} at end"
    )
    print(data["table"])
    tables = tables_from_markdown(data["table"])
    out = write_results("startup", tables=tables, data=data, machine_info=data["machine"])
    print(f"\nwritten: {out.name} (then run bench/report.py), {data['seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
