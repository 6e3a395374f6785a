"""The kit for site owners (tools/sitebuild/kit.py) as `python3 build.py kit` writes it
from a built dist/: only what a site hosts, its own manifest and service worker of
exactly those files (the build's id kept), `_headers` for the path it is served at.
(Served and used in browsers: tests/e2e/test_kit_host.py, tests/engines/test_engine_kit.py.)

Needs `python3 build.py build` first.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from sitebuild.kit import KIT_FOLDER, write_kit
from sitebuild.paths import DIST


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if not (DIST / "manifest.json").is_file():
        pytest.fail("dist/ is not built: run 'python3 build.py build' first")
    folder = tmp_path_factory.mktemp("kit")
    archive = write_kit(DIST, folder / "out", base="/static/belot/")
    assert archive.name.startswith(f"{KIT_FOLDER}-") and archive.suffix == ".zip"
    with zipfile.ZipFile(archive) as packed:
        packed.extractall(folder)
    return folder / KIT_FOLDER


def test_the_kit_holds_what_a_site_hosts_and_no_articles(kit: Path) -> None:
    names = {path.relative_to(kit).as_posix() for path in kit.rglob("*") if path.is_file()}
    for needed in ("widget/index.js", "widget/index.d.ts", "widget/custom-elements.json",
                   "widget/runtime/worker.js", "runtime/pyodide.asm.wasm", "manifest.json",
                   "sw.js", "calculator/index.html", "_headers", "deploy/nginx.conf",
                   "deploy/apache.htaccess", "README.md"):  # fmt: skip
        assert needed in names, needed
    assert not [name for name in names if name.startswith(("bg/", "en/"))], names
    assert "index.html" not in names and "embed.html" not in names
    assert '<script type="module" src="/static/belot/widget/index.js">' in (
        kit / "README.md"
    ).read_text(encoding="utf-8")


def test_the_kits_manifest_and_service_worker_list_exactly_its_files(kit: Path) -> None:
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    built = json.loads((DIST / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["build"] == built["build"]  # the worker compares it with the widget's
    on_disk = {
        path.relative_to(kit).as_posix()
        for path in kit.rglob("*")
        if path.is_file() and path.suffix not in (".gz", ".br")
    }
    host_files = {"_headers", "deploy/nginx.conf", "deploy/apache.htaccess", "README.md"}
    assert set(manifest["files"]) == on_disk - host_files - {"manifest.json", "sw.js"}
    source = (kit / "sw.js").read_text(encoding="utf-8")
    start = source.index("const PRECACHE = ") + len("const PRECACHE = ")
    precache = json.JSONDecoder().raw_decode(source[start:])[0]
    expected = {name for name in manifest["files"] if not name.endswith((".map", ".whl"))} | {
        "manifest.json"
    }
    assert {name for name, _ in precache["files"]} == expected


def test_the_kits_headers_are_for_its_path(kit: Path) -> None:
    rules = [
        line
        for line in (kit / "_headers").read_text(encoding="utf-8").splitlines()
        if line.startswith("/")
    ]
    assert rules and all(line.startswith("/static/belot/") for line in rules), rules
