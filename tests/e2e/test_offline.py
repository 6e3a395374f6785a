"""Offline use in Chromium: the service worker (dist/sw.js), the app manifest, updates.

Every test serves a copy of the built site with the build's own server, wrapped to log
what goes over the wire (path, status, bytes of headers and body), so "no runtime
bytes" and "no second download" are measured at the server, whoever asked: the page,
its worker or the service worker. Offline means `context.set_offline(True)` and, where
it matters, the server stopped as well: Playwright's offline switch does not cover the
browser's own update checks of sw.js.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import shutil
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from chromium import CHROMIUM, CHROMIUM_ARGS
from e2e_ui import Calculator, Deal
from games_store import stored
from playwright.sync_api import Browser, BrowserContext, Page, Response, expect
from site_versions import SERVICE_WORKER_BUILD, deploy, make_version_b

from sitebuild.paths import DIST
from sitebuild.server import DistHandler, serving

RUNTIME_TIMEOUT_MS = 90_000
ARTICLE_BUDGET_BYTES = 60_000  # an article page whose calculator is never opened
ARTICLE_WIDGET_REQUESTS = 4  # …and the bundled widget's files it loads
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
HEARTS = Deal("hearts", "us", "none", "us", 82, "us", declarations={"us": {"belot": 1}})
HEARTS_RESULT = dict(outcome="made", raw=(112, 70), record=(11, 7))
# The QR code's modules: loaded when a game is first sent, never with a page or its sheet.
QR_MODULES = ("/widget/sheet/qr.js", "/widget/vendor/lean-qr.mjs")


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
    """The build's server (sitebuild.server.serving), logging every response it sends;
    while `down` is set it answers nothing (every connection is closed at once), for the
    page, its worker and the service worker alike."""

    def __init__(self, root: Path) -> None:
        self.log: list[Served] = []
        self._lock = threading.Lock()
        self.down = threading.Event()
        log, lock, down = self.log, self._lock, self.down

        class Counting(DistHandler):
            def setup(self) -> None:
                super().setup()
                self.wfile = _CountingWriter(self.wfile)

            def send_response(self, code: int, message: str | None = None) -> None:
                self.status_sent = int(code)
                super().send_response(code, message)

            def handle_one_request(self) -> None:
                if down.is_set():
                    self.close_connection = True
                    return
                self.wfile.count = 0
                self.status_sent = 0
                super().handle_one_request()
                if self.status_sent:
                    path = self.path.split("?")[0]
                    with lock:
                        log.append(Served(path, self.status_sent, self.wfile.count))

        self._serving = contextlib.ExitStack()
        self.url = self._serving.enter_context(serving(root, Counting))

    def take(self) -> list[Served]:
        """The log so far, emptied."""
        with self._lock:
            taken = list(self.log)
            self.log.clear()
        return taken

    def stop(self) -> None:
        """Stop serving: the port is closed, the origin unreachable."""
        self._serving.close()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[Path, CountingServer]]:
    """A copy of dist/ served by a counting server (tests may change the copy)."""
    if not (DIST / "sw.js").is_file():
        pytest.fail("dist/ is not built: run 'python3 build.py build' first")
    root = tmp_path / "site"
    shutil.copytree(DIST, root)
    server = CountingServer(root)
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
    return str(page.evaluate(SERVICE_WORKER_BUILD))


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
    """URL path → sha256 of every file a page may get: manifest.json's files and itself
    (not the core's wheel: the page imports the core from the library zip; not the
    bundles' source maps: only developer tools read them, and they are not precached)."""
    manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    hashes = {
        f"/{name}": entry["sha256"]
        for name, entry in manifest["files"].items()
        if not name.endswith((".whl", ".map"))
    }
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
    page: Page, site: tuple[Path, CountingServer]
) -> None:
    _, server = site
    page.goto(f"{server.url}/en/scoring.html", wait_until="load")
    expect(calculator_of(page).part("button.open")).to_be_visible()
    page.mouse.wheel(0, 2000)  # reading down the page is no sign of intent
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1500)
    served = server.take()
    paths = [entry.path for entry in served]
    assert not [p for p in paths if p.startswith("/runtime/")], paths
    assert "/manifest.json" not in paths and "/sw.js" not in paths, paths
    # No article has a score sheet: its modules load only with the `sheet` attribute.
    assert not [p for p in paths if p.endswith(("/score-sheet.js", "/sheet-store.js"))], paths
    assert not [p for p in paths if p.endswith(QR_MODULES)], paths
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
    assert page.workers == []
    total = sum(entry.bytes for entry in served)
    print(f"\nan article never opened: {len(served)} responses, {total} bytes on the wire")
    assert total < ARTICLE_BUDGET_BYTES, served
    root, _ = site
    if (root / "widget" / "chunks").is_dir():  # the bundled widget (build.py build's default)
        widget = [path for path in paths if path.startswith("/widget/")]
        # Issue 33: the entry and the chunks it imports, no waterfall of modules.
        assert len(widget) <= ARTICLE_WIDGET_REQUESTS, widget


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

    # The install keeps the copies of what the worker downloaded (their hash checked) and
    # revalidates what the page imported: a 304, never its bytes twice. It downloads only
    # the files the page has not needed (the score sheet's modules, the other pages, the
    # icons), so they are there offline.
    for name in (*RUNTIME_FILES, "pyodide-lock.json"):
        statuses = [entry.status for entry in served if entry.path == f"/runtime/{name}"]
        assert statuses.count(200) == 1, (name, statuses)
        assert set(statuses) <= {200, 304}, (name, statuses)
    # The core is bundled (bytecode in the library zip): no page nor install fetches its wheel.
    assert not [entry for entry in served if entry.path.endswith(".whl")]
    first = next(i for i, entry in enumerate(served) if entry.path == "/sw.js")
    seen = {entry.path for entry in served[:first] if entry.status == 200}
    again = [entry.path for entry in served[first:] if entry.path in seen and entry.status != 304]
    assert again == [], f"downloaded twice: {again}"
    page_bytes = sum(entry.bytes for entry in served[:first])
    install = served[first:]
    install_bytes = sum(entry.bytes for entry in install)
    new_files = [entry for entry in install if entry.status == 200]
    print(
        f"\nfirst open: {page_bytes} bytes for the page and runtime, then {install_bytes} bytes "
        f"for the service worker's install ({len(install)} responses, of which "
        f"{len(new_files)} files not seen yet, {sum(e.bytes for e in new_files)} bytes)"
    )

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


def test_the_qr_code_loads_only_when_a_game_is_sent_and_works_offline(
    context: BrowserContext, site: tuple[Path, CountingServer]
) -> None:
    _, server = site
    page = context.new_page()
    page.goto(f"{server.url}/calculator/?lang=en")
    calculator = calculator_of(page)
    expect(calculator.part(".sheet-table")).to_be_visible(timeout=RUNTIME_TIMEOUT_MS)
    wait_service_worker(page)
    served = server.take()
    first = next(i for i, entry in enumerate(served) if entry.path == "/sw.js")
    opened = [entry.path for entry in served[:first]]
    # The sheet's own module (sheet/share.js in it, bundled or not): no QR code in it.
    assert "/widget/sheet/score-sheet.js" in opened
    assert not [p for p in opened if p.endswith(QR_MODULES)], opened
    qr_bytes = sum(entry.bytes for entry in served[first:] if entry.path.endswith(QR_MODULES))
    print(
        f"\nfirst open of the calculator: no QR code; the install then caches it ({qr_bytes} bytes)"
    )

    # Sent offline: the encoder comes from the service worker's cache.
    context.set_offline(True)
    page.reload()
    calculator = calculator_of(page)
    expect(calculator.part(".sheet-table")).to_be_visible(timeout=RUNTIME_TIMEOUT_MS)
    calculator.enter(HEARTS)
    calculator.part("button.record").click()
    calculator.part("details.send-game summary").click()
    expect(calculator.part(".qr svg")).to_be_visible()
    link = calculator.part("input.share-link").input_value()
    assert link.startswith(f"{server.url}/calculator/#game=3")  # link format 3
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
        calculator.points("us").fill("82")
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
) -> None:
    root, server = site
    version_a, version_b = tmp_path / "a", tmp_path / "b"
    shutil.copytree(root, version_a)
    make_version_b(version_a, version_b)
    hashes_a, hashes_b = file_hashes(version_a), file_hashes(version_b)
    build_a = json.loads((version_a / "manifest.json").read_text())["build"]
    build_b = json.loads((version_b / "manifest.json").read_text())["build"]
    assert build_a != build_b
    changed = {path for path in hashes_b if hashes_a.get(path) != hashes_b[path]}
    assert {"/widget/index.js", "/calculator/index.html", "/runtime/pyodide-lock.json"} <= changed

    # Version A: the standalone calculator, a game saved on the device.
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
    saved = stored(first)
    assert saved is not None and (len(saved["games"]) == 1 or not has_sheet)

    # Version B is deployed into the same folder.
    deploy(version_b, root)
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
    assert stored(third) == saved
    if has_sheet:
        expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)


# --- what the offline copy trusts -------------------------------------------------------

FORGED = "<!doctype html><title>forged</title><p id=forged>forged by another script</p>"


def poison(page: Page, cache: str, url: str, body: str = FORGED) -> None:
    """Write forged bytes into a cache entry, as any script of the origin could."""
    page.evaluate(
        """async ([cache, url, body]) => {
          await (await caches.open(cache)).put(url, new Response(body,
            {headers: {"content-type": "text/html; charset=utf-8"}}));
        }""",
        [cache, url, body],
    )


def cached_hash(page: Page, cache: str, url: str) -> str | None:
    """sha256 (hex) of a cache entry's body, or None."""
    return page.evaluate(  # type: ignore[no-any-return]
        """async ([cache, url]) => {
          if (!(await caches.has(cache))) return null;
          const hit = await (await caches.open(cache)).match(url);
          if (!hit) return null;
          const digest = await crypto.subtle.digest("SHA-256", await hit.arrayBuffer());
          return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
        }""",
        [cache, url],
    )


def controlled_calculator_page(context: BrowserContext, server: CountingServer) -> Page:
    """The calculator page, opened, its service worker active and serving it."""
    page = context.new_page()
    page.goto(f"{server.url}/calculator/?lang=en")
    calculator = calculator_of(page)
    calculator.enter(HEARTS)
    wait_ready(calculator)
    wait_service_worker(page)
    page.reload()
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    return page


def test_a_changed_cache_entry_is_never_served(
    context: BrowserContext, site: tuple[Path, CountingServer]
) -> None:
    """Cache Storage is the whole origin's: an entry another script changed is checked
    against the build's hash, fetched again, and without a network refused, never served."""
    root, server = site
    build = json.loads((root / "manifest.json").read_text())["build"]
    cache, url = f"belot-calculator / {build}", f"{server.url}/calculator/index.html"
    genuine = file_hashes(root)["/calculator/index.html"]
    page = controlled_calculator_page(context, server)

    poison(page, cache, url)
    page.reload()
    expect(page.locator("h1")).to_have_text("Score calculator")
    assert page.locator("#forged").count() == 0
    assert cached_hash(page, cache, url) == genuine  # fetched again with integrity, cached

    poison(page, cache, url)
    server.down.set()
    context.set_offline(True)
    response = page.reload()
    assert response is not None and response.status == 503
    expect(page.locator("h1").first).to_have_text("Калкулаторът не е наличен офлайн")
    assert "forged" not in page.content()
    assert cached_hash(page, cache, url) is None  # the changed entry is gone

    server.down.clear()
    context.set_offline(False)
    page.reload()
    expect(page.locator("h1")).to_have_text("Score calculator")
    assert cached_hash(page, cache, url) == genuine


def test_an_update_never_copies_a_changed_entry_from_the_older_cache(
    context: BrowserContext, site: tuple[Path, CountingServer], tmp_path: Path
) -> None:
    root, server = site
    version_a, version_b = tmp_path / "a", tmp_path / "b"
    shutil.copytree(root, version_a)
    make_version_b(version_a, version_b)
    build_a = json.loads((version_a / "manifest.json").read_text())["build"]
    build_b = json.loads((version_b / "manifest.json").read_text())["build"]
    hashes_a, hashes_b = file_hashes(version_a), file_hashes(version_b)
    assert hashes_a["/en/scoring.html"] == hashes_b["/en/scoring.html"]  # unchanged: B copies it
    first = context.new_page()
    open_article(first, f"{server.url}/en/hanging-deal.html")
    assert wait_service_worker(first) == build_a
    # Another script of the origin changes an entry no page of A has asked for since.
    poison(first, f"belot-calculator / {build_a}", f"{server.url}/en/scoring.html")

    shutil.rmtree(root)
    shutil.copytree(version_b, root)
    second = context.new_page()
    second.goto(f"{server.url}/en/hanging-deal.html")  # the browser checks sw.js: B installs
    cache_b = f"belot-calculator / {build_b}"
    deadline = time.monotonic() + 60
    while cached_hash(second, cache_b, f"{server.url}/__belot-precache-index__") is None:
        assert time.monotonic() < deadline, "build B was never cached"
        second.wait_for_timeout(200)
    assert (
        cached_hash(second, cache_b, f"{server.url}/en/scoring.html")
        == hashes_b["/en/scoring.html"]
    )


def test_a_changed_snapshot_is_never_restored(
    context: BrowserContext, site: tuple[Path, CountingServer]
) -> None:
    """The start-up snapshot is checked against the hash saved with it before it runs."""
    _, server = site
    page = context.new_page()
    calculator = open_article(page, f"{server.url}/en/hanging-deal.html")
    calculator.enter(HEARTS)
    calculator.expect_result(**HEARTS_RESULT)  # type: ignore[arg-type]
    [entry] = wait_snapshot(page)
    # One byte of the memory image changed (its very end: free heap, so it would still
    # restore and run), its headers kept as they were.
    page.evaluate(
        """async ([name, url]) => {
          const cache = await caches.open(name);
          const hit = await cache.match(url);
          const bytes = new Uint8Array(await hit.arrayBuffer());
          bytes[bytes.length - 1] ^= 0x5a;
          await cache.put(url, new Response(bytes, {headers: hit.headers}));
        }""",
        [f"{SNAPSHOT_CACHE}/", entry],
    )
    page.close()
    second = context.new_page()
    warnings: list[str] = []
    second.on("console", lambda message: warnings.append(message.text))
    calculator = open_article(second, f"{server.url}/en/hanging-deal.html")
    assert not started_from_snapshot(second)
    assert any("snapshot failed its check" in text for text in warnings), warnings
    calculator.enter(HEARTS)
    calculator.expect_result(**HEARTS_RESULT)  # type: ignore[arg-type]


# --- builds and storage ----------------------------------------------------------------


def test_a_page_of_one_build_never_talks_to_the_next_ones_worker(
    context: BrowserContext, site: tuple[Path, CountingServer], tmp_path: Path
) -> None:
    """An article of build A is open (no service worker yet), B is deployed, then the
    reader opens the calculator: A's widget refuses B's worker and asks for a reload."""
    root, server = site
    version_a, version_b = tmp_path / "a", tmp_path / "b"
    shutil.copytree(root, version_a)
    make_version_b(version_a, version_b)
    build_b = json.loads((version_b / "manifest.json").read_text())["build"]
    page = context.new_page()
    page.goto(f"{server.url}/en/hanging-deal.html")
    calculator = calculator_of(page)
    expect(calculator.part("button.open")).to_be_visible()

    shutil.rmtree(root)
    shutil.copytree(version_b, root)
    calculator.part("button.open").click()
    expect(calculator.part(".failure")).to_be_visible(timeout=RUNTIME_TIMEOUT_MS)
    expect(calculator.part(".failure-text")).to_have_text(
        "The calculator on this site was updated while this page was open. Reload the page."
    )
    assert calculator.element.evaluate("(element) => element.scorer.info") is None
    assert calculator.property("result") is None

    expect(calculator.part("button.retry")).to_have_text("Reload the page")
    calculator.part("button.retry").click()  # reloads the page: now all of it is B
    page.wait_for_function("() => globalThis.belotTestBuild === 'B'")
    calculator = calculator_of(page)
    calculator.part("button.open").click()
    wait_ready(calculator)
    assert worker_build(page) == build_b


def test_offline_copy_deleted_while_open_is_said_and_restored(
    context: BrowserContext, site: tuple[Path, CountingServer]
) -> None:
    """The browser's storage is cleared while the calculator is open: offline, the page
    says offline use is gone for now; back online, the copy restores itself."""
    root, server = site
    build = json.loads((root / "manifest.json").read_text())["build"]
    page = controlled_calculator_page(context, server)
    calculator = calculator_of(page)
    wait_ready(calculator)
    notice = calculator.part("p.update")
    expect(notice).to_be_hidden()

    page.evaluate("(name) => caches.delete(name)", f"belot-calculator / {build}")
    server.down.set()
    context.set_offline(True)
    became_visible = "document.dispatchEvent(new Event('visibilitychange'))"
    page.evaluate(became_visible)
    expect(notice).to_be_visible(timeout=30_000)
    expect(notice).to_contain_text("cannot work offline")

    server.down.clear()
    context.set_offline(False)
    page.evaluate(became_visible)
    expect(notice).to_be_hidden(timeout=60_000)
    assert cache_names(page) == [f"belot-calculator / {build}"]

    server.down.set()
    context.set_offline(True)
    page.reload()
    calculator = calculator_of(page)
    calculator.enter(HEARTS)
    wait_ready(calculator)
    calculator.expect_result(**HEARTS_RESULT)  # type: ignore[arg-type]
