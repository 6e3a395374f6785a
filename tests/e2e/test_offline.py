"""Offline use in Chromium: the service worker (dist/sw.js), the app manifest, updates.

Every test serves a copy of the built site with build.py's own server, wrapped to log
what goes over the wire (path, status, bytes of headers and body), so "no runtime
bytes" and "no second download" are measured at the server, whoever asked: the page,
its worker or the service worker. Offline means `context.set_offline(True)` and, where
it matters, the server stopped as well: Playwright's offline switch does not cover the
browser's own update checks of sw.js.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import io
import json
import shutil
import struct
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import CHROMIUM, CHROMIUM_ARGS, DIST
from e2e_ui import Calculator, Deal
from playwright.sync_api import Browser, BrowserContext, Page, Response, expect

RUNTIME_TIMEOUT_MS = 90_000
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
HEARTS = Deal("hearts", "us", "none", "us", 82, "us", declarations={"us": {"belot": 1}})
HEARTS_RESULT = dict(outcome="made", raw=(112, 70), record=(11, 7))


# --- a server that counts ------------------------------------------------------


@dataclass(frozen=True)
class Served:
    path: str
    status: int
    bytes: int  # status line, headers and body, as sent


class _CountingWriter:
    def __init__(self, raw: Any) -> None:
        self.raw = raw
        self.count = 0

    def write(self, data: bytes) -> int:
        self.count += len(data)
        return int(self.raw.write(data))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


class CountingServer:
    """build.serve_dist(root) on a free port, logging every response it sends."""

    def __init__(self, root: Path, build_script: ModuleType) -> None:
        self.log: list[Served] = []
        self._lock = threading.Lock()
        log, lock = self.log, self._lock
        server = build_script.serve_dist(root, "127.0.0.1", 0, quiet=True)
        base = server.RequestHandlerClass

        class Counting(base):  # type: ignore[misc, valid-type]
            def setup(self) -> None:
                super().setup()
                self.wfile = _CountingWriter(self.wfile)

            def send_response(self, code: int, message: str | None = None) -> None:
                self.status_sent = int(code)
                super().send_response(code, message)

            def handle_one_request(self) -> None:
                self.wfile.count = 0
                self.status_sent = 0
                super().handle_one_request()
                if self.status_sent:
                    path = self.path.split("?")[0]
                    with lock:
                        log.append(Served(path, self.status_sent, self.wfile.count))

        server.RequestHandlerClass = Counting
        self.server = server
        self.url = f"http://127.0.0.1:{server.server_address[1]}"
        self._thread = threading.Thread(target=server.serve_forever, daemon=True)
        self._thread.start()

    def take(self) -> list[Served]:
        """The log so far, emptied."""
        with self._lock:
            taken = list(self.log)
            self.log.clear()
        return taken

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def site(tmp_path: Path, build_script: ModuleType) -> Iterator[tuple[Path, CountingServer]]:
    """A copy of dist/ served by a counting server (tests may change the copy)."""
    if not (DIST / "sw.js").is_file():
        pytest.fail("dist/ is not built: run 'python3 build.py build' first")
    root = tmp_path / "site"
    shutil.copytree(DIST, root)
    server = CountingServer(root, build_script)
    yield root, server
    server.stop()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    yield context
    context.close()


# --- helpers ----------------------------------------------------------------------


def calculator_of(page: Page) -> Calculator:
    return Calculator(page.locator("belot-calculator").first)


def wait_ready(calculator: Calculator) -> None:
    expect(calculator.element).to_have_js_property("state", "ready", timeout=RUNTIME_TIMEOUT_MS)


def open_article(page: Page, url: str) -> Calculator:
    page.goto(url)
    calculator = calculator_of(page)
    calculator.part("button.open").click()
    wait_ready(calculator)
    return calculator


def wait_service_worker(page: Page) -> str:
    """Wait until this page's service worker is active; its build."""
    return str(
        page.evaluate(
            """async () => {
              const registration = await navigator.serviceWorker.ready;
              const worker = registration.active;
              if (worker.state !== "activated") {
                await new Promise((resolve) => worker.addEventListener("statechange",
                  () => worker.state === "activated" && resolve()));
              }
              const channel = new MessageChannel();
              const reply = new Promise((resolve) => { channel.port1.onmessage = (e) => resolve(e.data); });
              worker.postMessage({ type: "build" }, [channel.port2]);
              return (await reply).build;
            }"""
        )
    )


def worker_build(page: Page) -> str:
    """The build hash of the manifest the Pyodide worker loaded from."""
    return str(calculator_of(page).element.evaluate("(element) => element.scorer.info.build"))


def cache_names(page: Page) -> list[str]:
    """The service worker's caches (not the worker's start-up snapshot cache)."""
    return [name for name in page.evaluate("caches.keys()") if not name.startswith(SNAPSHOT_CACHE)]


SNAPSHOT_CACHE = "belot-calculator-snapshot "


def snapshot_entries(page: Page) -> list[str]:
    """URLs in the worker's start-up snapshot cache (one per build at most)."""
    return list(
        page.evaluate(
            """async (name) => {
              if (!(await caches.has(name))) return [];
              const cache = await caches.open(name);
              return (await cache.keys()).map((request) => request.url);
            }""",
            f"{SNAPSHOT_CACHE}/",
        )
    )


def wait_snapshot(page: Page) -> list[str]:
    deadline = time.monotonic() + 30
    while not (entries := snapshot_entries(page)):
        assert time.monotonic() < deadline, "no start-up snapshot was saved"
        page.wait_for_timeout(200)
    return entries


def started_from_snapshot(page: Page) -> bool:
    return bool(page.evaluate("document.querySelector('belot-calculator').scorer.info.snapshot"))


def file_hashes(root: Path) -> dict[str, str]:
    """URL path → sha256 of every file a page may get: manifest.json's files and itself."""
    manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    hashes = {f"/{name}": entry["sha256"] for name, entry in manifest["files"].items()}
    hashes["/manifest.json"] = hashlib.sha256((root / "manifest.json").read_bytes()).hexdigest()
    return hashes


def record_responses(page: Page) -> list[Response]:
    responses: list[Response] = []
    page.on("response", lambda response: responses.append(response))
    return responses


def served_hashes(responses: list[Response], origin: str) -> dict[str, tuple[str, bool]]:
    """URL path → (sha256 of the body the page or its worker got, from the service worker?)."""
    seen: dict[str, tuple[str, bool]] = {}
    for response in responses:
        if not response.url.startswith(origin + "/") or response.status != 200:
            continue
        path = response.url[len(origin) :].split("?")[0]
        if path.endswith("/"):
            path += "index.html"
        seen[path] = (hashlib.sha256(response.body()).hexdigest(), response.from_service_worker)
    return seen


# --- tests --------------------------------------------------------------------------


def test_article_never_opened_downloads_no_runtime(
    context: BrowserContext, site: tuple[Path, CountingServer]
) -> None:
    _, server = site
    page = context.new_page()
    page.goto(f"{server.url}/en/hanging-deal.html")
    expect(calculator_of(page).part("button.open")).to_be_visible()
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1000)
    served = server.take()
    paths = [entry.path for entry in served]
    assert not [p for p in paths if p.startswith("/runtime/")], paths
    assert "/manifest.json" not in paths and "/sw.js" not in paths, paths
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
    assert page.workers == []
    total = sum(entry.bytes for entry in served)
    print(f"\nan article never opened: {len(served)} responses, {total} bytes on the wire")
    assert total < 60_000, served


def test_open_once_then_offline_reload_scores(
    context: BrowserContext, site: tuple[Path, CountingServer]
) -> None:
    root, server = site
    page = context.new_page()
    open_article(page, f"{server.url}/en/hanging-deal.html")
    build = wait_service_worker(page)
    assert build == json.loads((root / "manifest.json").read_text())["build"]
    assert cache_names(page) == [f"belot-calculator / {build}"]
    served = server.take()

    # The install revalidates what the page has just downloaded: a 304, never its bytes twice.
    for name in (*RUNTIME_FILES, "pyodide-lock.json", "belot_core-0.1.0-py3-none-any.whl"):
        statuses = [entry.status for entry in served if entry.path == f"/runtime/{name}"]
        assert statuses.count(200) == 1, (name, statuses)
        assert set(statuses) <= {200, 304}, (name, statuses)
    first = next(i for i, entry in enumerate(served) if entry.path == "/sw.js")
    page_bytes = sum(entry.bytes for entry in served[:first])
    install_bytes = sum(entry.bytes for entry in served[first:])
    print(
        f"\nfirst open: {page_bytes} bytes for the page and runtime, then {install_bytes} bytes "
        f"for the service worker's install ({len(served) - first} responses)"
    )
    assert install_bytes < 100_000

    context.set_offline(True)
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    calculator = calculator_of(page)
    calculator.part("button.open").click()
    wait_ready(calculator)
    calculator.enter(HEARTS)
    calculator.expect_result(**HEARTS_RESULT)  # type: ignore[arg-type]
    # Offline, only the browser's own update check of sw.js (which Playwright's offline
    # switch does not cover) may reach the server; everything else came from the cache.
    assert {entry.path for entry in server.take()} <= {"/sw.js"}


def test_second_start_restores_a_snapshot_and_a_bad_one_falls_back(
    context: BrowserContext, site: tuple[Path, CountingServer]
) -> None:
    """A cold start saves a Pyodide memory snapshot (keyed by build); the next start
    restores it and scores the same; a corrupt snapshot is dropped, the start falls
    back to the normal path and saves a good one again."""
    root, server = site
    build = json.loads((root / "manifest.json").read_text())["build"]
    page = context.new_page()
    calculator = open_article(page, f"{server.url}/en/hanging-deal.html")
    assert not started_from_snapshot(page)
    calculator.enter(HEARTS)
    calculator.expect_result(**HEARTS_RESULT)  # type: ignore[arg-type]
    entries = wait_snapshot(page)
    assert len(entries) == 1 and f"/__belot-snapshot__/{build}-" in entries[0], entries
    wait_service_worker(page)
    page.close()

    context.set_offline(True)
    second = context.new_page()
    calculator = open_article(second, f"{server.url}/en/hanging-deal.html")
    assert started_from_snapshot(second)
    calculator.enter(HEARTS)
    calculator.expect_result(**HEARTS_RESULT)  # type: ignore[arg-type]
    # The restored core answers the whole contract, a game sheet included.
    reply = second.evaluate(
        """() => document.querySelector('belot-calculator').scorer.score(
             {version: 1, contract: 'clubs'})"""
    )
    assert reply["ok"] is False and reply["errors"], reply
    sheet = second.evaluate("() => document.querySelector('belot-calculator').scorer.scoreGame({})")
    assert sheet["ok"] is False and sheet["errors"], sheet

    second.evaluate(
        """async ([name, url]) => {
          const cache = await caches.open(name);
          await cache.put(url, new Response(new Uint8Array(1024)));
        }""",
        [f"{SNAPSHOT_CACHE}/", entries[0]],
    )
    second.close()
    third = context.new_page()
    calculator = open_article(third, f"{server.url}/en/hanging-deal.html")
    assert not started_from_snapshot(third)
    calculator.enter(HEARTS)
    calculator.expect_result(**HEARTS_RESULT)  # type: ignore[arg-type]
    deadline = time.monotonic() + 30
    while (
        third.evaluate(
            """async ([name, url]) => {
          const hit = await (await caches.open(name)).match(url);
          return hit ? (await hit.arrayBuffer()).byteLength : 0;
        }""",
            [f"{SNAPSHOT_CACHE}/", entries[0]],
        )
        <= 1024
    ):
        assert time.monotonic() < deadline, "no good snapshot was saved after the bad one"
        third.wait_for_timeout(200)


def test_installable_and_reopened_offline_in_a_persistent_profile(
    browser: Browser, site: tuple[Path, CountingServer], tmp_path: Path
) -> None:
    root, server = site
    profile = tmp_path / "profile"
    launch = dict(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, viewport={"width": 1000, "height": 900}
    )
    webmanifest = json.loads((root / "manifest.webmanifest").read_text(encoding="utf-8"))
    start_url = f"{server.url}/{webmanifest['start_url']}"

    context = browser.browser_type.launch_persistent_context(str(profile), **launch)  # type: ignore[arg-type]
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(start_url)
        calculator = calculator_of(page)
        calculator.part('input[name="pile-points"]').fill("82")
        wait_ready(calculator)
        wait_service_worker(page)
        page.reload()  # now served by the worker, as an installed app is
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        errors = context.new_cdp_session(page).send("Page.getInstallabilityErrors")
        assert errors["installabilityErrors"] == [], errors
        manifest_url = context.new_cdp_session(page).send("Page.getAppManifest")["url"]
        assert manifest_url == f"{server.url}/manifest.webmanifest"
    finally:
        context.close()

    server.stop()  # the network is really gone for this origin
    context = browser.browser_type.launch_persistent_context(str(profile), **launch)  # type: ignore[arg-type]
    try:
        context.set_offline(True)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(start_url)
        calculator = calculator_of(page)
        calculator.enter(HEARTS)
        wait_ready(calculator)
        calculator.expect_result(**HEARTS_RESULT)  # type: ignore[arg-type]
    finally:
        context.close()


def test_web_app_manifest_icons() -> None:
    webmanifest = json.loads((DIST / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert webmanifest["display"] == "standalone"
    assert (DIST / webmanifest["start_url"] / "index.html").is_file()
    purposes: dict[str, set[str]] = {}
    for icon in webmanifest["icons"]:
        data = (DIST / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", icon
        width, height = struct.unpack(">II", data[16:24])
        assert icon["sizes"] == f"{width}x{height}", icon
        purposes.setdefault(icon["purpose"], set()).add(icon["sizes"])
    assert purposes == {"any": {"192x192", "512x512"}, "maskable": {"192x192", "512x512"}}


def test_service_worker_precaches_exactly_the_manifest() -> None:
    source = (DIST / "sw.js").read_text(encoding="utf-8")
    start = source.index("const PRECACHE = ") + len("const PRECACHE = ")
    precache = json.JSONDecoder().raw_decode(source[start:])[0]
    manifest = json.loads((DIST / "manifest.json").read_text(encoding="utf-8"))
    assert precache["build"] == manifest["build"]
    expected = {
        f"/{name}": "sha256-" + base64.b64encode(bytes.fromhex(digest)).decode()
        for name, digest in {
            **{name: entry["sha256"] for name, entry in manifest["files"].items()},
            "manifest.json": hashlib.sha256((DIST / "manifest.json").read_bytes()).hexdigest(),
        }.items()
    }
    assert {f"/{name}": revision for name, revision in precache["files"]} == expected
    for needed in (
        "/calculator/index.html",
        "/widget/worker.js",
        "/manifest.webmanifest",
        "/runtime/pyodide-lock.json",
        *(f"/runtime/{name}" for name in RUNTIME_FILES),
    ):
        assert needed in expected, needed


def make_version_b(a: Path, b: Path, build: ModuleType) -> None:
    """Build B: A with a changed widget module, page and lock file, sealed like build.py does."""
    shutil.copytree(a, b)
    for stale in [*b.rglob("*.gz"), *b.rglob("*.br"), b / "manifest.json", b / "sw.js"]:
        stale.unlink()
    index = b / "widget" / "index.js"
    index.write_text(index.read_text() + 'globalThis.belotTestBuild = "B";\n')
    page = b / "calculator" / "index.html"
    page.write_text(
        page.read_text().replace("<head>", '<head>\n  <meta name="test-build" content="B">', 1)
    )
    lock = b / "runtime" / "pyodide-lock.json"
    lock.write_text(json.dumps(json.loads(lock.read_text()), indent=2, sort_keys=True) + "\n")
    with contextlib.redirect_stdout(io.StringIO()):
        build.write_manifest(b)
        build.write_service_worker(b)
        build.precompress(b)


def wait_until_active(context: BrowserContext, build: str) -> None:
    """Wait until the service worker of `build` has taken over."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for worker in context.service_workers:
            try:
                if worker.evaluate("[BUILD, self.serviceWorker.state]") == [build, "activated"]:
                    return
            except Exception:  # a worker that went away meanwhile
                continue
        time.sleep(0.2)
    raise AssertionError(f"the service worker of build {build} never became active")


def test_update_is_atomic_announced_and_keeps_the_saved_game(
    context: BrowserContext,
    site: tuple[Path, CountingServer],
    tmp_path: Path,
    build_script: ModuleType,
) -> None:
    root, server = site
    version_a, version_b = tmp_path / "a", tmp_path / "b"
    shutil.copytree(root, version_a)
    make_version_b(version_a, version_b, build_script)
    hashes_a, hashes_b = file_hashes(version_a), file_hashes(version_b)
    build_a = json.loads((version_a / "manifest.json").read_text())["build"]
    build_b = json.loads((version_b / "manifest.json").read_text())["build"]
    assert build_a != build_b
    changed = {path for path in hashes_b if hashes_a.get(path) != hashes_b[path]}
    assert {"/widget/index.js", "/calculator/index.html", "/runtime/pyodide-lock.json"} <= changed

    # Version A: the standalone calculator, a game saved in localStorage.
    first = context.new_page()
    first.goto(f"{server.url}/calculator/?lang=en")
    calculator = calculator_of(first)
    calculator.enter(HEARTS)
    wait_ready(calculator)
    calculator.expect_result(**HEARTS_RESULT)  # type: ignore[arg-type]
    has_sheet = calculator.part("button.record").count() > 0
    if has_sheet:
        calculator.part("button.record").click()
        expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)
    assert wait_service_worker(first) == build_a
    saved = first.evaluate("JSON.stringify(Object.entries(localStorage).sort())")
    assert "belot" in saved

    # Version B is deployed into the same folder.
    shutil.rmtree(root)
    shutil.copytree(version_b, root)
    server.take()

    # A second visit still gets A, all of it, and hears that B is ready.
    second = context.new_page()
    responses = record_responses(second)
    second.goto(f"{server.url}/calculator/?lang=en")
    calculator = calculator_of(second)
    wait_ready(calculator)
    assert worker_build(second) == build_a
    notice = calculator.part("p.update")
    expect(notice).to_be_visible(timeout=30_000)
    expect(notice).to_contain_text("new version")
    served = served_hashes(responses, server.url)
    assert "/runtime/pyodide.asm.wasm" in served and "/manifest.json" in served, sorted(served)
    for path, (digest, from_worker) in served.items():
        assert from_worker, f"{path} did not come from the service worker"
        assert digest == hashes_a[path], f"{path} is not version A's"
    assert second.evaluate("globalThis.belotTestBuild") is None
    # Installing B copied the unchanged runtime from A's cache: only changed files came.
    update = server.take()
    assert not [
        e
        for e in update
        if e.path.startswith("/runtime/")
        and e.path != "/runtime/pyodide-lock.json"
        and e.status == 200
    ], update
    print(
        f"\nupdate A -> B: {sum(e.bytes for e in update)} bytes on the wire, "
        f"{[(e.path, e.status) for e in update]}"
    )

    # Every page of A closed: the next open is B, all of it, with the game kept.
    first.close()
    second.close()
    wait_until_active(context, build_b)
    third = context.new_page()
    responses = record_responses(third)
    third.goto(f"{server.url}/calculator/?lang=en")
    calculator = calculator_of(third)
    wait_ready(calculator)
    assert worker_build(third) == build_b
    assert third.evaluate("globalThis.belotTestBuild") == "B"
    assert third.locator('meta[name="test-build"]').count() == 1
    served = served_hashes(responses, server.url)
    assert {"/runtime/pyodide.asm.wasm", "/runtime/pyodide-lock.json", "/widget/index.js"} <= set(
        served
    )
    for path, (digest, from_worker) in served.items():
        assert from_worker, f"{path} did not come from the service worker"
        assert digest == hashes_b[path], f"{path} is not version B's"
    expect(calculator.part("p.update")).to_be_hidden()
    # One cache, B's, holding exactly B's files; no start-up snapshot of A is left.
    assert cache_names(third) == [f"belot-calculator / {build_b}"]
    assert not [url for url in snapshot_entries(third) if build_a in url]
    cached = third.evaluate(
        """async (name) => {
          const cache = await caches.open(name);
          const out = {};
          for (const request of await cache.keys()) {
            const path = new URL(request.url).pathname;
            if (path.includes("__belot")) continue;
            const body = await (await cache.match(request)).arrayBuffer();
            const digest = await crypto.subtle.digest("SHA-256", body);
            out[path] = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
          }
          return out;
        }""",
        f"belot-calculator / {build_b}",
    )
    assert cached == hashes_b
    assert third.evaluate("JSON.stringify(Object.entries(localStorage).sort())") == saved
    if has_sheet:
        expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)
