"""dist/ on a plain static host, in Chromium: what holds without our headers, and what not.

The host is Python's `http.server` (SimpleHTTPRequestHandler), as a basic static host
serves files: a type by suffix, Last-Modified, no header of ours. docs/deploying.md
says what such a host gives and loses; these tests hold it to that:

- holds: every page keeps the policy, as its <meta> (code from strings refused, Trusted
  Types enforced: no HTML from a string, no policy but the widget's); the calculator
  opens and scores (the worker runs Pyodide); the service worker installs, and an
  offline reload still scores;
- lost: no response carries Content-Security-Policy or X-Content-Type-Options, so the
  worker (widget/runtime/worker.js) and the service worker (sw.js), which a <meta>
  does not reach, run with no policy at all: code from a string runs in both, where
  the build's own server gives them the page's policy and it is refused. Also no
  Cache-Control and no precompressed copies (every file travels uncompressed).
"""

from __future__ import annotations

import contextlib
import functools
import threading
import urllib.request
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from e2e_ui import Calculator
from playwright.sync_api import Browser, BrowserContext, Page, Worker, expect
from site_versions import SERVICE_WORKER_BUILD
from test_score_sheet import MADE, expect_totals, record, wait_sheet

from sitebuild.paths import CONTENT_SECURITY_POLICY, DIST

WORKER = "/widget/runtime/worker.js"
SERVICE_WORKER = "/sw.js"
WASM = "/runtime/pyodide.asm.wasm"
JAVASCRIPT = ("text/javascript", "application/javascript")

# Run in a page, a worker or the service worker: does code from a string run there? (In
# a timer: DevTools lets eval run during its own evaluation whatever the policy says.)
RUN_A_STRING = """() => new Promise((resolve) => setTimeout(() => {
  try { resolve(eval("'ran'")); } catch (error) { resolve(error.name); }
}))"""
# Run in a page: what Trusted Types let through.
TRUSTED_TYPES = """() => {
  const tried = {};
  try { document.createElement("div").innerHTML = "<b>x</b>"; tried.html = "set"; }
  catch (error) { tried.html = error.name; }
  try { trustedTypes.createPolicy("stranger", {}); tried.policy = "made"; }
  catch (error) { tried.policy = error.name; }
  return tried;
}"""


class PlainHandler(SimpleHTTPRequestHandler):
    """Files by suffix, nothing more; quiet."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def plain_serving(root: Path) -> Iterator[str]:
    """Serve root with http.server on a free port while the block runs. (HTTP/1.0: every
    connection ends with its response, so once stopped the origin is unreachable.)"""
    server = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(PlainHandler, directory=str(root))
    )
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture
def plain_url() -> Iterator[str]:
    if not (DIST / "sw.js").is_file():
        pytest.fail("dist/ is not built: run 'python3 build.py build' first")
    with plain_serving(DIST) as url:
        yield url


@pytest.fixture
def phone(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    yield context
    context.close()


def headers_of(url: str) -> dict[str, str]:
    """A response's headers (names in lower case) to a HEAD that accepts compressed bytes."""
    request = urllib.request.Request(url, method="HEAD", headers={"Accept-Encoding": "br, gzip"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return {name.lower(): value for name, value in response.headers.items()}


def scoring_worker(page: Page) -> Worker:
    """The calculator's worker (the page has one, once the sheet shows)."""
    workers = [worker for worker in page.workers if worker.url.endswith(WORKER)]
    assert len(workers) == 1, [worker.url for worker in page.workers]
    return workers[0]


def service_worker(context: BrowserContext, page: Page) -> Worker:
    """The service worker of the page's origin, once active (Playwright's handle)."""
    page.evaluate(SERVICE_WORKER_BUILD)
    workers = [sw for sw in context.service_workers if sw.url.endswith(SERVICE_WORKER)]
    if not workers:
        workers = [context.wait_for_event("serviceworker")]
    return workers[0]


def open_calculator(page: Page, url: str) -> Calculator:
    response = page.goto(f"{url}/calculator/?lang=en")
    assert response is not None and response.ok
    return wait_sheet(page)


def test_what_a_plain_host_serves_has_none_of_our_headers(plain_url: str) -> None:
    """Lost: no policy and no nosniff on any response, the worker's and the service
    worker's included; no Cache-Control; no precompressed copy. Held: the types."""
    for path in ("/calculator/", "/index.html", WORKER, SERVICE_WORKER, WASM):
        headers = headers_of(plain_url + path)
        assert "content-security-policy" not in headers, path
        assert "x-content-type-options" not in headers, path
        assert "cache-control" not in headers, path
        assert "content-encoding" not in headers, path
    assert headers_of(plain_url + WASM)["content-type"] == "application/wasm"
    for path in (WORKER, SERVICE_WORKER, "/runtime/pyodide.mjs"):
        # Python's types, or the system's /etc/mime.types: a JavaScript type either way.
        assert headers_of(plain_url + path)["content-type"] in JAVASCRIPT, path


def test_every_page_keeps_its_policy_and_trusted_types_from_its_meta(
    phone: BrowserContext, plain_url: str
) -> None:
    pages = sorted(path.relative_to(DIST).as_posix() for path in DIST.rglob("*.html"))
    assert "calculator/index.html" in pages and len(pages) > 1
    page = phone.new_page()
    for path in pages:
        response = page.goto(f"{plain_url}/{path}", wait_until="domcontentloaded")
        assert response is not None and response.ok, path
        assert "content-security-policy" not in response.headers, path
        meta = page.locator('meta[http-equiv="Content-Security-Policy"]')
        assert meta.get_attribute("content") == CONTENT_SECURITY_POLICY, path
        assert page.evaluate(RUN_A_STRING) == "EvalError", path
        tried = page.evaluate(TRUSTED_TYPES)
        assert tried == {"html": "TypeError", "policy": "TypeError"}, path


def test_on_a_plain_host_the_calculator_scores_and_works_offline_but_its_workers_have_no_policy(
    browser: Browser, phone: BrowserContext, dist_url: str
) -> None:
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    with contextlib.ExitStack() as host:
        plain_url = host.enter_context(plain_serving(DIST))

        # Holds: the calculator opens, its worker runs Pyodide and scores a deal.
        calculator = open_calculator(page, plain_url)
        record(calculator, MADE)
        expect_totals(calculator, 11, 7)
        assert page.evaluate(RUN_A_STRING) == "EvalError"  # the page: its <meta>

        # Lost: the worker and the service worker run code from a string (no policy).
        assert scoring_worker(page).evaluate(RUN_A_STRING) == "ran"
        assert service_worker(phone, page).evaluate(RUN_A_STRING) == "ran"

    # Holds: the host gone, the service worker serves the whole calculator, which scores.
    with pytest.raises(OSError):
        headers_of(plain_url + "/calculator/")
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    calculator = wait_sheet(page)
    expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)
    record(calculator, MADE)
    expect_totals(calculator, 22, 14)
    assert errors == []

    # The same checks with the headers the build's server sends: refused in both.
    other = browser.new_context()
    try:
        with_headers = other.new_page()
        open_calculator(with_headers, dist_url)
        assert scoring_worker(with_headers).evaluate(RUN_A_STRING) == "EvalError"
        assert service_worker(other, with_headers).evaluate(RUN_A_STRING) == "EvalError"
    finally:
        other.close()
