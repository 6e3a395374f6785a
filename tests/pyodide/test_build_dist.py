"""dist/ as build.py writes it, and the static server that serves it.

The manifest tests need `python3 build.py build` first; the server tests build
their own small dist in a temporary folder.
"""

from __future__ import annotations

import gzip
import hashlib
import http.client
import json
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: The ``serve_folder`` fixture of tests/conftest.py: ``with serve_folder(root) as (host, port)``.
type ServeFolder = Callable[[Path], AbstractContextManager[tuple[str, int]]]
DIST = ROOT / "dist"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def manifest() -> dict[str, object]:
    path = DIST / "manifest.json"
    if not path.is_file():
        pytest.fail("dist/manifest.json is missing: run 'python3 build.py build' first")
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_manifest_lists_every_file_with_its_hash(manifest: dict[str, object]) -> None:
    files = manifest["files"]
    assert isinstance(files, dict)
    on_disk = {
        p.relative_to(DIST).as_posix()
        for p in DIST.rglob("*")
        if p.is_file()
        and p.suffix not in (".gz", ".br")
        # written from the manifest: manifest.json itself and the service worker
        and p.relative_to(DIST).as_posix() not in ("manifest.json", "sw.js")
    }
    assert set(files) == on_disk
    for name, entry in files.items():
        assert entry == {"sha256": sha256(DIST / name), "bytes": (DIST / name).stat().st_size}


def test_manifest_runtime_points_at_pyodide_and_our_lock(manifest: dict[str, object]) -> None:
    runtime = manifest["runtime"]
    assert isinstance(runtime, dict)
    package = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())
    assert runtime["pyodide"] == package["version"] == "314.0.7"
    assert runtime["indexURL"] == "runtime/"
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (DIST / runtime["indexURL"] / name).is_file(), name
    lock = json.loads((DIST / runtime["lockFile"]).read_text(encoding="utf-8"))
    assert lock["info"]["python"].startswith("3.14.")
    assert sorted(lock["packages"]) == runtime["packages"] == ["belot-core"]
    ours = lock["packages"]["belot-core"]
    wheel = DIST / "runtime" / ours["file_name"]
    assert ours["depends"] == [] and ours["imports"] == ["belot_core"]
    assert wheel.name.endswith("-py3-none-any.whl") and ours["sha256"] == sha256(wheel)


def test_precompressed_copies_hold_the_same_bytes() -> None:
    packed = sorted(DIST.rglob("*.gz"))
    assert DIST / "runtime" / "pyodide.asm.wasm.gz" in packed
    for path in packed:
        assert gzip.decompress(path.read_bytes()) == path.with_suffix("").read_bytes(), path


# --- the server ------------------------------------------------------------------------

WASM = b"\0asm" + bytes(4) + b"wasm body " * 200


@pytest.fixture(scope="module")
def server(
    tmp_path_factory: pytest.TempPathFactory, serve_folder: ServeFolder
) -> Iterator[tuple[str, int]]:
    dist = tmp_path_factory.mktemp("dist")
    (dist / "runtime").mkdir()
    (dist / "index.html").write_text("<!doctype html><title>home</title>")
    (dist / "app.webmanifest").write_text("{}")
    (dist / "runtime" / "pyodide.asm.wasm").write_bytes(WASM)
    (dist / "runtime" / "pyodide.asm.wasm.gz").write_bytes(gzip.compress(WASM))
    (dist / "runtime" / "pyodide.mjs").write_text("export {};")
    (dist / "runtime" / "x-0.1-py3-none-any.whl").write_bytes(b"PK")
    (dist / "manifest.json").write_text("{}")
    (dist / "widget").mkdir()
    (dist / "widget" / "index.html").write_text("widget")
    with serve_folder(dist) as address:
        yield address


def get(
    server: tuple[str, int], path: str, method: str = "GET", **headers: str
) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection(*server, timeout=10)
    try:
        connection.request(
            method, path, headers={k.replace("_", "-"): v for k, v in headers.items()}
        )
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


@pytest.mark.parametrize(
    ("path", "mime"),
    [
        ("/runtime/pyodide.asm.wasm", "application/wasm"),
        ("/runtime/pyodide.mjs", "text/javascript; charset=utf-8"),
        ("/manifest.json", "application/json"),
        ("/app.webmanifest", "application/manifest+json"),
        ("/runtime/x-0.1-py3-none-any.whl", "application/zip"),
        ("/", "text/html; charset=utf-8"),
    ],
    ids=["wasm", "mjs", "json", "webmanifest", "wheel", "index"],
)
def test_content_types(server: tuple[str, int], path: str, mime: str) -> None:
    status, headers, _ = get(server, path)
    assert (status, headers["Content-Type"]) == (200, mime)


def test_gzip_copy_is_sent_only_when_accepted(server: tuple[str, int]) -> None:
    status, headers, body = get(server, "/runtime/pyodide.asm.wasm", Accept_Encoding="gzip, br")
    assert status == 200 and headers["Content-Encoding"] == "gzip"
    assert headers["Vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == WASM and int(headers["Content-Length"]) == len(body)
    for refusal in ("identity", "gzip;q=0", ""):
        status, headers, body = get(server, "/runtime/pyodide.asm.wasm", Accept_Encoding=refusal)
        assert "Content-Encoding" not in headers and body == WASM, refusal
        assert headers["Vary"] == "Accept-Encoding"


def test_etag_and_last_modified_give_304(server: tuple[str, int]) -> None:
    _, headers, _ = get(server, "/runtime/pyodide.asm.wasm", Accept_Encoding="gzip")
    status, again, body = get(
        server, "/runtime/pyodide.asm.wasm", Accept_Encoding="gzip", If_None_Match=headers["ETag"]
    )
    assert (status, body, again["ETag"]) == (304, b"", headers["ETag"])
    _, plain, _ = get(server, "/runtime/pyodide.asm.wasm")
    assert plain["ETag"] != headers["ETag"]  # each encoding is its own representation
    status, _, _ = get(server, "/runtime/pyodide.asm.wasm", If_None_Match=headers["ETag"])
    assert status == 200
    status, _, _ = get(server, "/manifest.json", If_Modified_Since=plain["Last-Modified"])
    assert status == 304
    assert plain["Cache-Control"] == "no-cache"


def test_head_has_headers_but_no_body(server: tuple[str, int]) -> None:
    status, headers, body = get(server, "/runtime/pyodide.asm.wasm", method="HEAD")
    assert (status, body, int(headers["Content-Length"])) == (200, b"", len(WASM))


def test_folders_redirect_to_slash_and_serve_index(server: tuple[str, int]) -> None:
    status, headers, _ = get(server, "/widget")
    assert (status, headers["Location"]) == (301, "/widget/")
    assert get(server, "/widget/")[2] == b"widget"


@pytest.mark.parametrize(
    "path",
    [
        "/missing.js",
        "/runtime/pyodide.asm.wasm.gz",
        "/../build.py",
        "/%2e%2e/build.py",
        "/.hidden",
        "/runtime/%00",
    ],
)
def test_not_found(server: tuple[str, int], path: str) -> None:
    status, headers, body = get(server, path)
    assert status == 404 and headers["Content-Type"].startswith("text/html")
    assert b"Not found" in body


def test_other_methods_are_refused(server: tuple[str, int]) -> None:
    assert get(server, "/manifest.json", method="POST")[0] == 501
