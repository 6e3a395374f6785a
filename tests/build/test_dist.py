"""dist/ as sitebuild.dist writes it: manifest, runtime and lock file, trimmed stdlib,
service worker, web app manifest, precompressed copies.

Needs `python3 build.py build` first (`python3 build.py test` builds before pytest).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import struct
import zipfile
from pathlib import Path
from typing import Any

import brotli  # type: ignore[import-untyped]
import pytest

from sitebuild.dist import add_policy
from sitebuild.hosts import HOST_FILES
from sitebuild.paths import DIST, PYODIDE_NPM, VENDOR_FILES
from sitebuild.steps import StepFailed

RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def manifest() -> dict[str, Any]:
    """dist/manifest.json; fails (never skips) when dist/ is not built."""
    path = DIST / "manifest.json"
    if not path.is_file():
        pytest.fail("dist/manifest.json is missing: run 'python3 build.py build' first")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_manifest_lists_every_file_with_its_hash(manifest: dict[str, Any]) -> None:
    files = manifest["files"]
    assert isinstance(files, dict)
    on_disk = {
        p.relative_to(DIST).as_posix()
        for p in DIST.rglob("*")
        if p.is_file()
        and p.suffix not in (".gz", ".br")
        # written from the manifest: manifest.json itself and the service worker
        and p.relative_to(DIST).as_posix() not in ("manifest.json", "sw.js")
        # the headers other hosts need: not part of the app (tests/build/test_hosts.py)
        and p.relative_to(DIST).as_posix() not in HOST_FILES
    }
    assert set(files) == on_disk
    for name, entry in files.items():
        assert entry == {"sha256": sha256(DIST / name), "bytes": (DIST / name).stat().st_size}


def test_the_qr_encoder_is_the_pinned_npm_package_with_its_licence(
    manifest: dict[str, Any],
) -> None:
    lock = json.loads((DIST.parent / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"]["node_modules/lean-qr"]["license"] == "MIT"
    for name, source in VENDOR_FILES.items():
        assert manifest["files"][name]["sha256"] == sha256(source), name
    assert "MIT" in (DIST / "widget/vendor/lean-qr.LICENSE.txt").read_text(encoding="utf-8")


def test_manifest_runtime_points_at_pyodide_and_our_lock(manifest: dict[str, Any]) -> None:
    runtime = manifest["runtime"]
    assert isinstance(runtime, dict)
    package = json.loads((PYODIDE_NPM / "package.json").read_text())
    assert runtime["pyodide"] == package["version"] == "314.0.7"
    assert runtime["indexURL"] == "runtime/"
    for name in RUNTIME_FILES:
        assert (DIST / runtime["indexURL"] / name).is_file(), name
    lock = json.loads((DIST / runtime["lockFile"]).read_text(encoding="utf-8"))
    assert lock["info"]["python"].startswith("3.14.")
    assert sorted(lock["packages"]) == runtime["packages"] == ["belot-core"]
    ours = lock["packages"]["belot-core"]
    wheel = DIST / "runtime" / ours["file_name"]
    assert ours["depends"] == [] and ours["imports"] == ["belot_core"]
    assert wheel.name.endswith("-py3-none-any.whl") and ours["sha256"] == sha256(wheel)


def test_the_trimmed_stdlib_is_bytecode_the_manifest_names(manifest: dict[str, Any]) -> None:
    stdlib = DIST / manifest["runtime"]["stdLib"]
    with zipfile.ZipFile(stdlib) as archive:
        infos = archive.infolist()
        names = [info.filename for info in infos]
        assert "json/__init__.pyc" in names and "dataclasses.pyc" in names, names
        # The core, bundled as bytecode: the page loads no wheel (manifest "bundled").
        assert "belot_core/json_api.pyc" in names and "belot_core/rules.pyc" in names, names
        assert "belot_core/cli.pyc" not in names  # the command line: never imported
        assert manifest["runtime"]["bundled"] == ["belot-core"]
        assert not [name for name in names if name.endswith(".py")], "source shipped"
        assert all(info.compress_type == zipfile.ZIP_STORED for info in infos)
        for name in names:
            header = archive.read(name)[:16]
            # PEP 552: flags 0b01 = hash-based and unchecked (there is no source).
            assert int.from_bytes(header[4:8], "little") == 0b01, name
    assert stdlib.stat().st_size < 3_500_000
    packed = stdlib.with_name(stdlib.name + ".br")
    assert packed.is_file() and packed.stat().st_size < 1_000_000


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


def test_service_worker_precaches_exactly_the_manifest(manifest: dict[str, Any]) -> None:
    """Every file of the manifest but the core's wheel, which no page loads (the core is
    bundled in the library zip), and the bundles' source maps (for developer tools)."""
    source = (DIST / "sw.js").read_text(encoding="utf-8")
    start = source.index("const PRECACHE = ") + len("const PRECACHE = ")
    precache = json.JSONDecoder().raw_decode(source[start:])[0]
    assert precache["build"] == manifest["build"]
    files = {
        name: entry
        for name, entry in manifest["files"].items()
        if not name.endswith((".whl", ".map"))
    }
    maps = [name for name in manifest["files"] if name.endswith(".map")]
    assert len(files) == len(manifest["files"]) - 1 - len(maps)
    expected = {
        f"/{name}": "sha256-" + base64.b64encode(bytes.fromhex(digest)).decode()
        for name, digest in {
            **{name: entry["sha256"] for name, entry in files.items()},
            "manifest.json": hashlib.sha256((DIST / "manifest.json").read_bytes()).hexdigest(),
        }.items()
    }
    assert {f"/{name}": revision for name, revision in precache["files"]} == expected
    for needed in (
        "/calculator/index.html",
        "/widget/runtime/worker.js",
        "/manifest.webmanifest",
        "/runtime/pyodide-lock.json",
        *(f"/runtime/{name}" for name in RUNTIME_FILES),
    ):
        assert needed in expected, needed


def test_precompressed_copies_hold_the_same_bytes() -> None:
    packed = sorted(DIST.rglob("*.gz"))
    assert DIST / "runtime" / "pyodide.asm.wasm.gz" in packed
    for path in packed:
        assert gzip.decompress(path.read_bytes()) == path.with_suffix("").read_bytes(), path


def test_dist_brotli_copies_hold_the_same_bytes() -> None:
    packed = sorted(DIST.rglob("*.br"))
    if not packed:
        pytest.fail("dist/ has no .br copies: run 'python3 build.py build'")
    assert DIST / "runtime" / "pyodide.asm.wasm.br" in packed
    for path in packed:
        original = path.with_suffix("").read_bytes()
        assert brotli.decompress(path.read_bytes()) == original, path
        assert path.stat().st_size < path.with_suffix(".gz").stat().st_size, path


@pytest.mark.parametrize(
    "code",
    [
        "<script>alert(1)</script>",
        "<style>p { color: red }</style>",
        '<p style="color: red">x</p>',
        '<button onclick="go()">x</button>',
        '<a href="javascript:go()">x</a>',
    ],
)
def test_a_page_the_policy_would_break_fails_the_build(tmp_path: Path, code: str) -> None:
    page = tmp_path / "page.html"
    head = '<!doctype html><html><head><meta charset="utf-8"></head>'
    page.write_text(f"{head}<body>{code}</body></html>")
    with pytest.raises(StepFailed, match="policy runs only"):
        add_policy(tmp_path)
    assert "Content-Security-Policy" not in page.read_text()


def test_a_script_file_is_no_inline_code(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        '<!doctype html><html><head><meta charset="utf-8">'
        '<script type="module" src="x.js"></script></head><body></body></html>'
    )
    add_policy(tmp_path)
    assert 'http-equiv="Content-Security-Policy"' in page.read_text()
