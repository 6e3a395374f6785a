"""Versions of the built site for the update tests (tests/e2e in Chromium, tests/engines).

Version A is a copy of dist/; version B is A with a changed widget module, page and
lock file, sealed by the build's own steps (manifest, service worker, compressed
copies), so B is a new build the way a new deploy is. `SERVICE_WORKER_BUILD` tells
which build a page's service worker serves.
"""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from pathlib import Path

from sitebuild import dist

# A page's JS function: wait until its scope has an active service worker (at most ms
# milliseconds, if given) and return the build of the worker (sw/sw.js answers a
# {type: "build"} message on the port it is sent).
SERVICE_WORKER_BUILD = """async (ms = 0) => {
  const ready = [navigator.serviceWorker.ready];
  if (ms) ready.push(new Promise((_, fail) => setTimeout(() => fail(new Error("no service worker")), ms)));
  const worker = (await Promise.race(ready)).active;
  if (worker.state !== "activated") {
    await new Promise((resolve) => worker.addEventListener("statechange",
      () => worker.state === "activated" && resolve()));
  }
  const channel = new MessageChannel();
  const reply = new Promise((resolve) => { channel.port1.onmessage = (e) => resolve(e.data); });
  worker.postMessage({ type: "build" }, [channel.port2]);
  return (await reply).build;
}"""


def build_of(root: Path) -> str:
    """The build hash in a built folder's manifest.json."""
    return str(json.loads((root / "manifest.json").read_text(encoding="utf-8"))["build"])


def make_version_b(a: Path, b: Path) -> None:
    """Build B: A with a changed widget module, page and lock file, sealed by sitebuild.dist.

    B's widget sets `globalThis.belotTestBuild = "B"`, and its calculator page has
    `<meta name="test-build" content="B">`.
    """
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
        dist.write_manifest(b)
        dist.write_service_worker(b)
        dist.precompress(b)


def deploy(version: Path, root: Path) -> None:
    """Replace what is served from root with version (a new deploy into the same folder)."""
    shutil.rmtree(root)
    shutil.copytree(version, root)
