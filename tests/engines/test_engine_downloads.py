"""The runtime crosses the network once: a first visit over HTTPS, in every engine.

A reader opens an article's calculator on a first visit: the page, its worker and then
the service worker's install of the offline copy all ask the server for files. The
server (sitebuild.server, over HTTPS with a certificate made for this module, which
each browser is told to trust) logs every response, so this counts, per file, how many
times its bytes were sent: every runtime file once. The worker copies what it fetched
into the offline copy's cache (widget/runtime/caches.js) and the install keeps those
copies once their hash is checked; the files the browser loaded as ES modules (the
runtime's loader and its JS glue) the install revalidates against the HTTP cache, a
304.

WebKitGTK's automation sessions keep nothing a dedicated worker downloads (this file
measures it: a worker's second fetch, `force-cache`, goes to the network again), so
there an imported module cannot be revalidated and the install downloads it a second
time; no script can read an imported module's bytes to copy them. That is asserted as
measured, by whether the engine keeps a worker's downloads, not by its name.

Chromium runs here too, driven like Firefox (tools/browsers), so the three are alike.
"""

from __future__ import annotations

import collections
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from engine_ui import open_calculator
from site_versions import SERVICE_WORKER_BUILD

from browsers import Browser, Context, Engine, launch
from sitebuild.paths import DIST
from sitebuild.server import DistHandler, Sent, serving
from sitebuild.tls import Certificate, make_certificate

ALL_ENGINES: tuple[Engine, ...] = ("chromium", "firefox", "webkit")
WORKER_TIMEOUT_MS = 90_000  # the service worker's install: the whole build, checked
# Loaded by the browser as ES modules (the worker's import()), not fetched by the
# worker: it cannot copy their bytes into the offline copy.
IMPORTED = ("runtime/pyodide.mjs", "runtime/pyodide.asm.mjs")


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> Certificate:
    return make_certificate(tmp_path_factory.mktemp("tls"))


@pytest.fixture(scope="module", params=ALL_ENGINES)
def engine(request: pytest.FixtureRequest, certificate: Certificate) -> Iterator[Browser]:
    """Each engine once for this module, trusting the module's certificate."""
    if not (DIST / "sw.js").is_file():
        pytest.fail("dist/ is not built: run 'python3 build.py build' first")
    with launch(request.param, trust=certificate) as running:
        yield running


def runtime_files() -> list[str]:
    """The runtime's files, as URL paths: manifest.json's runtime/ entries and itself."""
    manifest = json.loads((DIST / "manifest.json").read_text(encoding="utf-8"))
    names = [name for name in manifest["files"] if name.startswith("runtime/")]
    return ["manifest.json", *names]


def expected_downloads(name: str, worker_cache: bool) -> int:
    """Once; an imported module twice where a worker's downloads are not kept; and the
    core's wheel never (the page imports the core from the library zip)."""
    if name.endswith(".whl"):
        return 0
    return 1 if worker_cache or name not in IMPORTED else 2


class NoPolicy(DistHandler):
    """The probe's server: plain files, no Content Security Policy (its own origin)."""

    security_headers: dict[str, str] = {}  # noqa: RUF012 - as in DistHandler


PROBE_WORKER = """
onmessage = async ({ data: url }) => {
  await (await fetch(url)).arrayBuffer();
  await (await fetch(url, { cache: "force-cache" })).arrayBuffer();
  postMessage("done");
};
"""


def worker_keeps_downloads(context: Context, folder: Path, certificate: Certificate) -> bool:
    """Whether this engine keeps a worker's downloads in an HTTP cache (what the install
    could revalidate against): a worker fetches a file twice, the second time with
    `cache: "force-cache"`, and the server counts the requests."""
    (folder / "probe.html").write_text("<!doctype html><title>probe</title>", encoding="utf-8")
    (folder / "probe-worker.js").write_text(PROBE_WORKER, encoding="utf-8")
    (folder / "file.bin").write_bytes(bytes(10_000))
    log: list[Sent] = []
    with serving(folder, NoPolicy, certificate=certificate, log=log) as url:
        page = context.new_page()
        page.goto(f"{url}/probe.html")
        page.evaluate(
            """async (url) => {
              const worker = new Worker("./probe-worker.js");
              const done = new Promise((resolve) => { worker.onmessage = resolve; });
              worker.postMessage(url);
              await done;
            }""",
            f"{url}/file.bin",
        )
        page.close()
    return [sent.path for sent in log].count("/file.bin") == 1


def test_a_first_visit_sends_each_runtime_file_once(
    engine: Browser, certificate: Certificate, tmp_path: Path
) -> None:
    log: list[Sent] = []
    build = json.loads((DIST / "manifest.json").read_text(encoding="utf-8"))["build"]
    context = engine.new_context()
    try:
        with serving(DIST, certificate=certificate, log=log) as url:
            page = context.new_page()
            page.goto(f"{url}/en/hanging-deal.html")
            assert page.evaluate("() => isSecureContext && location.protocol") == "https:"
            opened = open_calculator(page)
            assert opened["info"]["build"] == build and opened["info"]["snapshot"] is False
            # Active: the install is over, the offline copy complete.
            assert page.evaluate(SERVICE_WORKER_BUILD, WORKER_TIMEOUT_MS) == build
            visit = list(log)
            assert not page.errors(), page.errors()
        cached = worker_keeps_downloads(context, tmp_path, certificate)
    finally:
        context.close()

    sent = collections.defaultdict(list)
    for entry in visit:
        sent[entry.path.removeprefix("/")].append(entry)
    downloads = {name: sum(e.body_sent for e in sent[name]) for name in runtime_files()}
    expected = {name: expected_downloads(name, cached) for name in runtime_files()}
    summary = {name: [(e.status, e.encoding, e.conditional) for e in sent[name]] for name in sent}
    assert downloads == expected, summary
    if cached:
        # The install asked again only for what it could revalidate, and got a 304.
        for name in runtime_files():
            again = sent[name][1:]
            assert all(e.status == 304 and e.conditional for e in again), (name, summary[name])
    # Over HTTPS every engine takes the brotli copies.
    wasm = [e for e in sent["runtime/pyodide.asm.wasm"] if e.body_sent]
    assert [e.encoding for e in wasm] == ["br"], summary["runtime/pyodide.asm.wasm"]
    print(
        f"\n{engine.engine}: a worker's downloads kept {'yes' if cached else 'no'}; "
        + ", ".join(f"{Path(n).name} x{downloads[n]}" for n in runtime_files())
    )
