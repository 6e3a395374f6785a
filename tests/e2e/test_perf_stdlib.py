"""The start-up optimisations, checked for what they must not break (never for speed).

- dist/ ships a standard library trimmed to what start-up and the core import
  (the build's trace): the core's whole browser-facing API must still work in
  Chromium against it, so a module the trace missed fails here, not for a user
  (tests/build/test_dist.py checks the archive itself);
- the page loads it through the manifest (stdLibURL), brotli-compressed;
- the worker starts on the first sign of intent (an article whose calculator is
  never touched downloads no runtime at all: test_offline.py measures that).
"""

from __future__ import annotations

from e2e_ui import Calculator
from playwright.sync_api import Page, Response, expect

from sitebuild.paths import STDLIB_EXERCISE

RUNTIME_TIMEOUT_MS = 120_000

# Pyodide the way worker.js starts it (manifest -> stdLibURL, lock file, packages),
# then the exercise shared with the build's trace; on the page's thread, since a
# test may block it. Returns the exercise's counts and what the stdlib zip holds.
RUN_EXERCISE = """async ([source]) => {
  const manifestURL = new URL("/manifest.json", location.href).href;
  const manifest = await (await fetch(manifestURL)).json();
  const runtime = manifest.runtime;
  const indexURL = new URL(runtime.indexURL, manifestURL).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", indexURL).href);
  const pyodide = await loadPyodide({
    indexURL,
    lockFileURL: new URL(runtime.lockFile, manifestURL).href,
    stdLibURL: new URL(runtime.stdLib, manifestURL).href,
    // The core is bundled in the library zip: no package to load, as worker.js does.
    packages: runtime.packages.filter((name) => !(runtime.bundled ?? []).includes(name)),
  });
  pyodide.FS.mkdirTree("/exercise");
  pyodide.FS.writeFile("/exercise/exercise_core.py", source);
  const summary = pyodide.runPython(
    "import sys; sys.path.insert(0, '/exercise'); import exercise_core; exercise_core.exercise()",
  ).toJs({ dict_converter: Object.fromEntries });
  const probe = pyodide.runPython(`
import importlib.util, sys
zip_path = next(entry for entry in sys.path if entry.endswith(".zip"))
missing = [name for name in ("pydoc", "unittest", "http", "sqlite3")
           if importlib.util.find_spec(name) is None]
[zip_path, missing]
`).toJs();
  return { summary, zipPath: probe[0], notShipped: probe[1] };
}"""


def test_the_core_works_in_chromium_against_the_trimmed_stdlib(page: Page, dist_url: str) -> None:
    page.set_default_timeout(RUNTIME_TIMEOUT_MS)
    page.goto(f"{dist_url}/index.html")
    answer = page.evaluate(RUN_EXERCISE, [STDLIB_EXERCISE.read_text(encoding="utf-8")])
    summary = answer["summary"]
    assert summary["modules"] >= 6 and summary["deals_scored"] > 50, summary
    assert summary["deals_refused"] > 10 and summary["games_scored"] == 2, summary
    # It really ran against the trimmed archive: modules nobody imports are gone.
    assert answer["notShipped"] == ["pydoc", "unittest", "http", "sqlite3"], answer


def test_the_page_loads_the_runtime_brotli_compressed(page: Page, dist_url: str) -> None:
    responses: list[Response] = []
    page.context.on("response", lambda response: responses.append(response))
    page.goto(f"{dist_url}/en/hanging-deal.html")
    calculator = Calculator(page.locator("belot-calculator"))
    calculator.part("button.open").click()
    calculator.wait_ready(RUNTIME_TIMEOUT_MS)
    calculator.expect_result(outcome="hanging", raw=(91, 91), record=(0, 9), hanging=9)
    by_name = {response.url.rsplit("/", 1)[-1]: response for response in responses}
    for name in ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs"):
        assert name in by_name, sorted(by_name)
        assert by_name[name].header_value("content-encoding") == "br", name


def test_hovering_the_button_starts_the_worker_before_the_press(page: Page, dist_url: str) -> None:
    page.goto(f"{dist_url}/en/scoring.html")
    calculator = Calculator(page.locator("belot-calculator"))
    button = calculator.part("button.open")
    expect(button).to_be_visible()
    assert page.workers == []
    with page.expect_worker():
        button.hover()
    assert calculator.property("state") == "closed", "hovering must not open it"
    button.click()
    calculator.expect_result(outcome="made", raw=(112, 70), record=(11, 7))
