#!/usr/bin/env python3
"""Set up, build, serve and test the belot score calculator.

Standard library only, so any python3 >= 3.11 can run it; it bootstraps the
rest (a .venv with Python >= 3.12, the npm packages, Debian's chromium).

    python3 build.py setup [--dev]   .venv + pinned tools, node_modules (+ test extras)
    python3 build.py build           dist/: site, widget, Pyodide runtime, our wheel, manifest
    python3 build.py serve           serve dist/ on http://127.0.0.1:8000 like a static host
    python3 build.py test            setup --dev, build, mypy --strict, ruff, pytest

Every step prints what it does; in setup and build the first failure stops the
run, test runs every check and fails if any did. The script writes only into
its output folders: dist/, .venv/, node_modules/ and .cache/.
"""

from __future__ import annotations

import argparse
import base64
import email.utils
import gzip
import hashlib
import html
import json
import os
import posixpath
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import zipfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
VENV = ROOT / ".venv"
CACHE = ROOT / ".cache"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_NPM = NODE_MODULES / "pyodide"
TEST_WHEELS = CACHE / "pyodide-wheels"
TEST_WHEELS_PINS = ROOT / "tests" / "pyodide" / "wheels.txt"
REQUIREMENTS_BUILD = ROOT / "requirements-build.txt"
REQUIREMENTS_DEV = ROOT / "requirements-dev.txt"
PACKAGE_LOCK = ROOT / "package-lock.json"
CHROMIUM = Path("/usr/bin/chromium")

MIN_VENV_PYTHON = (3, 12)  # pyproject: requires-python = ">=3.12"
PREFERRED_PYTHONS = ("3.13", "3.12", "3.14")  # .python-version says 3.13

# Distribution name as Pyodide's lock file spells it, and what the page loads.
PACKAGE = "belot-core"
# What loadPyodide() fetches from indexURL (pyodide.mjs is the loader the page
# imports; it then fetches pyodide.asm.mjs, pyodide.asm.wasm and
# python_stdlib.zip). The lock file is ours, so the npm one is not copied.
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
LOCK_NAME = "pyodide-lock.json"

# Precompressed as name.gz when gzip makes them at least this much smaller.
TEXT_SUFFIXES = (".html", ".css", ".js", ".mjs", ".json", ".webmanifest", ".svg", ".txt", ".xml")
GZIP_SUFFIXES = frozenset((*TEXT_SUFFIXES, ".map", ".wasm", ".zip", ".ico"))
GZIP_MIN_SAVING = 0.10
# Also as name.br (brotli quality 11) when smaller than the .gz; the server prefers
# it. Made by tools/brotli_files.py in .venv (the `brotli` package), cached by content.
BROTLI_HELPER = ROOT / "tools" / "brotli_files.py"
BROTLI_CACHE = CACHE / "brotli"
ENCODINGS = {"br": ".br", "gzip": ".gz"}  # in the server's order of preference
ENCODED_SUFFIXES = frozenset(ENCODINGS.values())

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".txt": "text/plain; charset=utf-8",
    ".xml": "application/xml",
    ".map": "application/json",
    ".md": "text/markdown; charset=utf-8",
}


class StepFailed(Exception):
    """A build step could not do its job; the message says why and what to do."""


# --- steps and commands ---------------------------------------------------------------


@contextmanager
def step(name: str) -> Iterator[None]:
    """Print a named step, time it, and name it again if it fails."""
    print(f"==> {name}", flush=True)
    started = time.monotonic()
    try:
        yield
    except (StepFailed, subprocess.CalledProcessError, OSError) as error:
        print(f"!!! step failed: {name}: {error}", file=sys.stderr, flush=True)
        raise
    print(f"    done: {name} ({time.monotonic() - started:.1f} s)", flush=True)


def run(cmd: Sequence[str | Path], *, cwd: Path = ROOT, env: dict[str, str] | None = None) -> None:
    """Run a command (never through a shell), echoing it; raise if it fails."""
    args = [str(part) for part in cmd]
    print("    $ " + " ".join(args), flush=True)
    subprocess.run(args, check=True, cwd=cwd, env=env)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def venv_bin(name: str) -> Path:
    return VENV / ("Scripts" if os.name == "nt" else "bin") / name


def venv_python() -> Path:
    return venv_bin("python.exe" if os.name == "nt" else "python")


# --- setup ----------------------------------------------------------------------------


def python_version(executable: str | Path) -> tuple[int, int] | None:
    """The (major, minor) of an interpreter, or None if it does not run."""
    try:
        done = subprocess.run(
            [str(executable), "-c", "import sys, venv; print(*sys.version_info[:2])"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    major, minor = done.stdout.split()
    return int(major), int(minor)


def find_base_python() -> str:
    """A Python >= 3.12 for the venv: python3.13/3.12/3.14 on PATH, pyenv's, or this one."""
    candidates: list[str] = []
    for version in PREFERRED_PYTHONS:
        found = shutil.which(f"python{version}")
        if found:
            candidates.append(found)
    pyenv_root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv"))
    for version in PREFERRED_PYTHONS:
        candidates += sorted(str(p) for p in pyenv_root.glob(f"versions/{version}*/bin/python3"))
    candidates.append(sys.executable)
    for candidate in candidates:
        found_version = python_version(candidate)
        if found_version is not None and found_version >= MIN_VENV_PYTHON:
            return candidate
    raise StepFailed(
        "no Python >= 3.12 found (looked for python3.13, python3.12, python3.14 on PATH and "
        f"in {pyenv_root}/versions); install one and run again"
    )


def requirements_hash(path: Path) -> str:
    """Hash of a requirements file and every file it includes with -r."""
    digest = hashlib.sha256()
    pending = [path]
    while pending:
        current = pending.pop()
        text = current.read_text(encoding="utf-8")
        digest.update(current.name.encode() + b"\0" + text.encode())
        for line in text.splitlines():
            parts = line.split()
            if len(parts) == 2 and parts[0] in ("-r", "--requirement"):
                pending.append(current.parent / parts[1])
    return digest.hexdigest()


def pip(*args: str | Path) -> None:
    """Run the venv's pip quietly (the machine's pip.conf may add its own warnings)."""
    run([venv_python(), "-m", "pip", "--disable-pip-version-check", "--quiet", *args])


def stamp_matches(stamp: Path, value: str) -> bool:
    return stamp.is_file() and stamp.read_text(encoding="utf-8").strip() == value


def ensure_venv() -> None:
    with step("python environment (.venv, Python >= 3.12)"):
        version = python_version(venv_python()) if venv_python().exists() else None
        if version is not None and version >= MIN_VENV_PYTHON:
            print(f"    .venv has Python {version[0]}.{version[1]}")
            return
        base = find_base_python()
        if VENV.exists():
            print(f"    .venv is broken or too old ({version}); recreating it")
            shutil.rmtree(VENV)
        run([base, "-m", "venv", VENV])


def ensure_requirements(dev: bool) -> None:
    requirements = REQUIREMENTS_DEV if dev else REQUIREMENTS_BUILD
    with step(f"python packages ({requirements.name})"):
        interpreter = ".".join(map(str, python_version(venv_python()) or ()))
        wanted = {
            req: requirements_hash(req) + " " + interpreter
            for req in (REQUIREMENTS_BUILD, REQUIREMENTS_DEV)
        }
        stamps = {req: VENV / f".stamp-{req.name}" for req in wanted}
        # The dev requirements include the build ones, so either stamp will do for a build.
        satisfied = [req for req in wanted if stamp_matches(stamps[req], wanted[req])]
        if REQUIREMENTS_DEV in satisfied or (not dev and satisfied):
            print(f"    already installed ({satisfied[0].name} unchanged)")
            return
        pip("install", "-r", requirements)
        stamps[requirements].write_text(wanted[requirements] + "\n", encoding="utf-8")


def ensure_node_modules() -> None:
    with step("npm packages (node_modules from package-lock.json)"):
        stamp = NODE_MODULES / ".stamp-package-lock.json"
        wanted = sha256_file(PACKAGE_LOCK)
        if (PYODIDE_NPM / "package.json").is_file() and stamp_matches(stamp, wanted):
            print("    already installed (package-lock.json unchanged)")
            return
        npm = shutil.which("npm")
        if npm is None:
            raise StepFailed("npm not found; install Node.js >= 18 with npm and run again")
        run([npm, "ci", "--no-audit", "--no-fund"])
        stamp.write_text(wanted + "\n", encoding="utf-8")


def ensure_chromium() -> None:
    with step("browser for end-to-end tests (Debian chromium)"):
        if CHROMIUM.exists():
            print(f"    {CHROMIUM} is there")
            return
        if not hasattr(os, "geteuid") or os.geteuid() != 0:
            raise StepFailed(
                f"{CHROMIUM} is missing; install it with 'sudo apt-get install -y chromium' "
                "(Debian's package) and run again"
            )
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        run(["apt-get", "update"], env=env)
        run(["apt-get", "install", "-y", "chromium"], env=env)
        if not CHROMIUM.exists():
            raise StepFailed(f"apt-get installed chromium but {CHROMIUM} is still missing")


def pyodide_wheel_platform() -> str:
    """The PEP 783 platform tag of the Pyodide runtime, e.g. pyemscripten_2026_0_wasm32."""
    lock = json.loads((PYODIDE_NPM / LOCK_NAME).read_text(encoding="utf-8"))
    return f"pyemscripten_{lock['info']['abi_version']}_{lock['info']['arch']}"


def pyodide_python_tag() -> str:
    lock = json.loads((PYODIDE_NPM / LOCK_NAME).read_text(encoding="utf-8"))
    major, minor = str(lock["info"]["python"]).split(".")[:2]
    return f"{major}{minor}"


def ensure_test_wheels() -> None:
    with step(f"wheels for the tests inside Pyodide ({TEST_WHEELS.relative_to(ROOT)})"):
        stamp = TEST_WHEELS / ".stamp-wheels.txt"
        platform, python = pyodide_wheel_platform(), pyodide_python_tag()
        wanted = f"{sha256_file(TEST_WHEELS_PINS)} {platform} cp{python}"
        if stamp_matches(stamp, wanted) and any(TEST_WHEELS.glob("*.whl")):
            print(f"    already downloaded ({TEST_WHEELS_PINS.name} unchanged)")
            return
        if TEST_WHEELS.exists():
            shutil.rmtree(TEST_WHEELS)
        TEST_WHEELS.mkdir(parents=True)
        # Pure wheels, or wheels built for this Pyodide (hypothesis has a Rust
        # core since 6.156 and publishes pyemscripten wheels for it).
        pip("download", "--only-binary=:all:", "--no-deps", "--dest", TEST_WHEELS,
            "--python-version", python, "--implementation", "cp",
            "--abi", f"cp{python}", "--abi", "none", "--platform", platform, "--platform", "any",
            "-r", TEST_WHEELS_PINS)  # fmt: skip
        wheels = sorted(p.name for p in TEST_WHEELS.glob("*.whl"))
        foreign = [
            name for name in wheels if not name.endswith(("-none-any.whl", f"-{platform}.whl"))
        ]
        if foreign:
            raise StepFailed(f"these wheels cannot run in Pyodide ({platform}): {foreign}")
        print("    " + ", ".join(wheels))
        stamp.write_text(wanted + "\n", encoding="utf-8")


def ensure_editable_core() -> None:
    with step("belot_core into .venv, editable (the CPython tests import src/)"):
        stamp = VENV / ".stamp-editable-pyproject.toml"
        wanted = sha256_file(ROOT / "pyproject.toml")
        if stamp_matches(stamp, wanted):
            print("    already installed (pyproject.toml unchanged)")
            return
        # setuptools' editable wheel adds src/ to sys.path through a .pth file,
        # and leaves nothing behind in the source tree.
        pip("install", "--no-deps", "--no-build-isolation", "--editable", ROOT)
        stamp.write_text(wanted + "\n", encoding="utf-8")


def setup(dev: bool) -> None:
    """Create or repair what building (and with dev, testing) needs."""
    ensure_venv()
    ensure_requirements(dev)
    ensure_node_modules()
    if dev:
        ensure_editable_core()
        ensure_chromium()
        ensure_test_wheels()


# --- build ----------------------------------------------------------------------------

# What the wheel is built from; copied aside so setuptools' build/ and egg-info
# never land in the source tree.
WHEEL_SOURCES = ("pyproject.toml", "setup.cfg", "MANIFEST.in", "README.md", "README.rst")
WHEEL_SOURCE_GLOBS = ("LICEN[CS]E*", "COPYING*", "NOTICE*", "AUTHORS*")


def build_wheel(out: Path) -> Path:
    with step("wheel for belot_core (python -m build --wheel)"):
        if not (ROOT / "src" / "belot_core" / "__init__.py").is_file():
            raise StepFailed("src/belot_core/__init__.py is missing: nothing to build yet")
        CACHE.mkdir(exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="wheel-src-", dir=CACHE) as scratch:
            source = Path(scratch)
            for name in WHEEL_SOURCES:
                if (ROOT / name).is_file():
                    shutil.copy2(ROOT / name, source / name)
            for pattern in WHEEL_SOURCE_GLOBS:
                for path in ROOT.glob(pattern):
                    shutil.copy2(path, source / path.name)
            shutil.copytree(
                ROOT / "src",
                source / "src",
                ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"),
            )
            # No isolation: setuptools is pinned in requirements-build.txt, so the
            # build is offline and reproducible. -P keeps this very file (build.py)
            # from shadowing the 'build' package.
            run(
                [
                    venv_python(),
                    "-P",
                    "-m",
                    "build",
                    "--quiet",
                    "--wheel",
                    "--no-isolation",
                    "--outdir",
                    out,
                    source,
                ],
                cwd=source,
                # Zip entries dated 1980: the wheel's bytes depend on its content only.
                env=dict(os.environ, SOURCE_DATE_EPOCH="315532800"),
            )
        wheels = sorted(out.glob("belot_core-*-py3-none-any.whl"))
        if len(wheels) != 1:
            raise StepFailed(f"expected one pure belot_core wheel, found {wheels}")
        wheel = wheels[0]
        with zipfile.ZipFile(wheel) as archive:
            names = set(archive.namelist())
        for needed in ("belot_core/__init__.py", "belot_core/py.typed"):
            if needed not in names:
                raise StepFailed(f"{wheel.name} lacks {needed}")
        print(f"    {wheel.name}: {wheel.stat().st_size} bytes, {len(names)} files")
        return wheel


def build_lock(wheel: Path, runtime: Path) -> None:
    """Our pyodide-lock.json: Pyodide's own, plus our wheel, trimmed to what we load."""
    with step(f"{LOCK_NAME} with {wheel.name} (pyodide lockfile add-wheels, trimmed)"):
        full = runtime / "pyodide-lock-full.json"
        run(
            [
                venv_bin("pyodide"),
                "lockfile",
                "add-wheels",
                "--input",
                PYODIDE_NPM / LOCK_NAME,
                "--output",
                full,
                "--base-path",
                runtime,
                wheel,
            ]
        )
        lock = json.loads(full.read_text(encoding="utf-8"))
        full.unlink()
        packages: dict[str, dict[str, object]] = lock["packages"]
        keep: dict[str, dict[str, object]] = {}
        pending = [PACKAGE]
        while pending:
            name = pending.pop()
            if name in keep:
                continue
            if name not in packages:
                raise StepFailed(f"{name!r} is not in the lock file add-wheels wrote")
            keep[name] = packages[name]
            depends = packages[name].get("depends", [])
            assert isinstance(depends, list)
            pending += [str(dep) for dep in depends]
        ours = keep[PACKAGE]
        ours["file_name"] = wheel.name  # relative to the lock file's folder
        if ours.get("sha256") != sha256_file(wheel):
            raise StepFailed(f"sha256 of {wheel.name} in the lock file does not match the wheel")
        trimmed = {"info": lock["info"], "packages": dict(sorted(keep.items()))}
        (runtime / LOCK_NAME).write_text(
            json.dumps(trimmed, indent=1, sort_keys=True) + "\n", encoding="utf-8"
        )
        print(f"    packages: {sorted(keep)}; info: {lock['info']}")


def pyodide_version() -> str:
    meta = json.loads((PYODIDE_NPM / "package.json").read_text(encoding="utf-8"))
    return str(meta["version"])


def copy_runtime(runtime: Path) -> None:
    with step(f"Pyodide {pyodide_version()} runtime files (from node_modules/pyodide)"):
        for name in RUNTIME_FILES:
            source = PYODIDE_NPM / name
            if not source.is_file():
                raise StepFailed(f"{source} is missing; run 'python3 build.py setup'")
            shutil.copy2(source, runtime / name)
            print(f"    runtime/{name}: {source.stat().st_size} bytes")


# The page's standard library: only the files that Pyodide's start-up, the package
# loader and belot_core import, found by running them (tools/trace_stdlib.mjs in
# Node, with the full stdlib) and exercising everything the page asks of the core
# (tools/exercise_core.py; tests/e2e/test_perf_stdlib.py runs the same exercise in
# Chromium against the trimmed archive, so a module the trace missed fails a test).
# Shipped as bytecode compiled by Pyodide itself (tools/trace_stdlib.py says why).
STDLIB_NAME = "python_stdlib.zip"
STDLIB_TOOLS = tuple(ROOT / "tools" / name for name in ("trace_stdlib.mjs", "trace_stdlib.py"))
STDLIB_EXERCISE = ROOT / "tools" / "exercise_core.py"
STDLIB_TRACES = CACHE / "stdlib-trace"


def trace_stdlib(runtime: Path) -> tuple[list[str], Path]:
    """The stdlib files the page imports and their zip, cached by the hash of the inputs."""
    digest = hashlib.sha256()
    for path in (
        runtime / STDLIB_NAME, runtime / LOCK_NAME, *sorted(runtime.glob("*.whl")),
        runtime / "pyodide.asm.wasm", *STDLIB_TOOLS, STDLIB_EXERCISE,
    ):  # fmt: skip
        digest.update(path.name.encode() + b"\0" + sha256_file(path).encode() + b"\n")
    cached = STDLIB_TRACES / digest.hexdigest()[:32]
    trace, archive = cached.with_suffix(".json"), cached.with_suffix(".zip")
    if trace.is_file() and archive.is_file():
        print(f"    trace cached ({trace.relative_to(ROOT)})")
    else:
        node = shutil.which("node")
        if node is None:
            raise StepFailed("node not found; install Node.js >= 18 and run again")
        STDLIB_TRACES.mkdir(parents=True, exist_ok=True)
        partial_trace, partial_zip = (cached.with_suffix(s + ".partial") for s in (".json", ".zip"))
        run([node, STDLIB_TOOLS[0], "--runtime", runtime, "--package", PACKAGE,
             "--exercise", STDLIB_EXERCISE,
             "--out", partial_trace, "--zip", partial_zip])  # fmt: skip
        partial_zip.rename(archive)
        partial_trace.rename(trace)
    files = json.loads(trace.read_text(encoding="utf-8"))["files"]
    assert isinstance(files, list) and files, trace
    return [str(name) for name in files], archive


def trim_stdlib(runtime: Path) -> None:
    with step(f"trimmed {STDLIB_NAME} (bytecode of what start-up and belot_core import)"):
        full = runtime / STDLIB_NAME
        keep, archive = trace_stdlib(runtime)
        with zipfile.ZipFile(archive) as trimmed:
            names = trimmed.namelist()
        if len(names) != len(keep):
            raise StepFailed(f"{archive} holds {len(names)} files, the trace {len(keep)}")
        before = full.stat().st_size
        shutil.copyfile(archive, full)
        print(f"    {len(keep)} files; {before} -> {full.stat().st_size} bytes (stored .pyc)")


def copy_tree_into(source: Path, target: Path, label: str) -> int:
    """Copy every file of source into target, keeping folders; refuse to overwrite."""
    count = 0
    for path in sorted(source.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts:
            continue
        destination = target / path.relative_to(source)
        if destination.exists():
            raise StepFailed(f"{label} would overwrite {destination.relative_to(target)}")
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, destination)
        count += 1
    return count


def copy_web(out: Path) -> None:
    with step("web files (widget/ -> dist/widget/, site/ -> dist/)"):
        for folder, target in (("widget", out / "widget"), ("site", out)):
            source = ROOT / folder
            if not source.is_dir():
                print(f"    {folder}/ does not exist yet; skipped")
                continue
            print(f"    {folder}/: {copy_tree_into(source, target, folder + '/')} files")


def dist_files(out: Path) -> list[Path]:
    return sorted(
        (p for p in out.rglob("*") if p.is_file() and p.suffix not in ENCODED_SUFFIXES),
        key=lambda p: p.relative_to(out).as_posix(),
    )


def write_manifest(out: Path) -> dict[str, object]:
    with step("manifest.json (content hashes; JS reads file names and versions from it)"):
        files = {
            path.relative_to(out).as_posix(): {
                "sha256": sha256_file(path),
                "bytes": path.stat().st_size,
            }
            for path in dist_files(out)
        }
        listing = "".join(f"{name}\0{entry['sha256']}\n" for name, entry in files.items())
        manifest: dict[str, object] = {
            "build": sha256_bytes(listing.encode())[:12],
            "runtime": {
                "indexURL": "runtime/",
                "lockFile": f"runtime/{LOCK_NAME}",
                "packages": [PACKAGE],
                "stdLib": f"runtime/{STDLIB_NAME}",
                "pyodide": pyodide_version(),
            },
            "files": files,
        }
        (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        print(f"    build {manifest['build']}, {len(files)} files")
        return manifest


# The service worker: sw/sw.js with this placeholder replaced by the build's precache list.
SERVICE_WORKER_SOURCE = ROOT / "sw" / "sw.js"
SERVICE_WORKER = "sw.js"
PRECACHE_PLACEHOLDER = "self.__BELOT_PRECACHE__"


def write_service_worker(out: Path) -> None:
    """dist/sw.js: precaches every file of manifest.json (and manifest.json) by content hash."""
    with step(f"{SERVICE_WORKER} (service worker: precaches manifest.json's files by hash)"):
        source = SERVICE_WORKER_SOURCE.read_text(encoding="utf-8")
        if source.count(PRECACHE_PLACEHOLDER) != 1:
            raise StepFailed(f"{SERVICE_WORKER_SOURCE} needs {PRECACHE_PLACEHOLDER} exactly once")
        if (out / SERVICE_WORKER).exists():
            raise StepFailed(f"site/ must not have a {SERVICE_WORKER}: the build writes it")
        manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
        hashes = {name: entry["sha256"] for name, entry in manifest["files"].items()}
        hashes["manifest.json"] = sha256_file(out / "manifest.json")
        # SRI form ("sha256-<base64>"): the worker fetches with integrity, so a file from
        # another build can never enter this build's cache.
        files = [
            [name, "sha256-" + base64.b64encode(bytes.fromhex(digest)).decode()]
            for name, digest in sorted(hashes.items())
        ]
        precache = json.dumps({"build": manifest["build"], "files": files}, indent=1)
        (out / SERVICE_WORKER).write_text(
            source.replace(PRECACHE_PLACEHOLDER, precache), encoding="utf-8"
        )
        total = sum(int(entry["bytes"]) for entry in manifest["files"].values())
        print(f"    build {manifest['build']}: {len(files)} files, {total} bytes uncompressed")


def precompress(out: Path) -> None:
    with step("precompressed .gz copies (gzip level 9)"):
        packed_sizes: dict[Path, int] = {}
        for path in dist_files(out):
            if path.suffix not in GZIP_SUFFIXES:
                continue
            raw = path.read_bytes()
            packed = gzip.compress(raw, compresslevel=9, mtime=0)
            if len(packed) > len(raw) * (1 - GZIP_MIN_SAVING):
                continue
            path.with_name(path.name + ".gz").write_bytes(packed)
            packed_sizes[path] = len(packed)
            name = path.relative_to(out).as_posix()
            print(f"    {name}: {len(raw)} -> {len(packed)} bytes")
    with step("precompressed .br copies (brotli quality 11, cached by content)"):
        BROTLI_CACHE.mkdir(parents=True, exist_ok=True)
        cached = {path: BROTLI_CACHE / f"{sha256_file(path)}.br" for path in packed_sizes}
        missing = sorted({str(path): cache for path, cache in cached.items()
                          if not cache.is_file()}.items())  # fmt: skip
        if missing:
            run([venv_python(), BROTLI_HELPER, *(part for pair in missing for part in pair)])
        for path, cache in cached.items():
            size = cache.stat().st_size
            if size >= packed_sizes[path]:
                continue
            shutil.copyfile(cache, path.with_name(path.name + ".br"))
            name = path.relative_to(out).as_posix()
            print(f"    {name}: gzip {packed_sizes[path]} -> brotli {size} bytes")


def build() -> None:
    """Build dist/ from scratch: it is replaced only once the new one is complete."""
    setup(dev=False)
    CACHE.mkdir(exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix="dist-", dir=CACHE))
    try:
        runtime = staging / "runtime"
        runtime.mkdir()
        wheel = build_wheel(runtime)
        build_lock(wheel, runtime)
        copy_runtime(runtime)
        trim_stdlib(runtime)
        copy_web(staging)
        write_manifest(staging)
        write_service_worker(staging)
        precompress(staging)
        with step("replace dist/"):
            if DIST.exists():
                shutil.rmtree(DIST)
            staging.rename(DIST)
            print(f"    {DIST}")
    finally:
        if staging.exists():
            shutil.rmtree(staging)


# --- serve ----------------------------------------------------------------------------

NOT_FOUND_PAGE = (
    "<!doctype html><html lang=en><meta charset=utf-8><title>Not found</title>"
    "<h1>Not found</h1><p>{path} is not part of this build.</p></html>"
)


def accepted_encodings(header: str | None) -> dict[str, float]:
    """Content codings of an Accept-Encoding header with their q-values ("*" included)."""
    accepted: dict[str, float] = {}
    for item in (header or "").split(","):
        coding, _, params = item.strip().partition(";")
        coding = coding.strip().lower()
        if not coding:
            continue
        quality = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        accepted[coding] = quality
    return accepted


def accepts(header: str | None, coding: str) -> bool:
    """Whether an Accept-Encoding header allows a coding (a q=0 refuses it)."""
    accepted = accepted_encodings(header)
    return accepted.get(coding, accepted.get("*", 0.0)) > 0


def accepts_gzip(header: str | None) -> bool:
    """Whether an Accept-Encoding header allows gzip (a q=0 refuses it)."""
    return accepts(header, "gzip")


def content_type(path: Path) -> str:
    return MIME_TYPES.get(path.suffix.lower(), "application/octet-stream")


def cache_control(relative: str) -> str:
    # File names carry no content hash, so every response is revalidated (a
    # cheap 304 via ETag); a host with hashed names could cache for a year.
    del relative
    return "no-cache"


_etags: dict[tuple[str, int, int], str] = {}
_etags_lock = threading.Lock()


def content_etag(path: Path, stat: os.stat_result, variant: str) -> str:
    """A strong ETag from the file's content, so rebuilding unchanged files keeps it."""
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    with _etags_lock:
        known = _etags.get(key)
    if known is None:
        known = sha256_file(path)[:20]
        with _etags_lock:
            _etags[key] = known
    return f'"{known}{variant}"'


class DistHandler(BaseHTTPRequestHandler):
    """GET/HEAD for a built dist/: MIME types, precompressed gzip, ETag, 304, index, 404."""

    server_version = "belot-dist"
    protocol_version = "HTTP/1.1"
    root: Path = DIST
    quiet = False

    def do_GET(self) -> None:
        self.respond(send_body=True)

    def do_HEAD(self) -> None:
        self.respond(send_body=False)

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def resolve(self, url_path: str) -> Path | str | None:
        """The file to send, None for 404, or a string URL to redirect to."""
        clean = posixpath.normpath(urllib.parse.unquote(url_path))
        parts = [part for part in clean.split("/") if part not in ("", ".", "..")]
        if any(part.startswith(".") or "\\" in part or "\0" in part for part in parts):
            return None
        target = self.root.joinpath(*parts)
        if target.is_dir():
            if not url_path.endswith("/"):
                return url_path + "/"
            target = target / "index.html"
        if target.suffix in ENCODED_SUFFIXES or not target.is_file():
            return None
        return target

    def respond(self, send_body: bool) -> None:
        url = urllib.parse.urlsplit(self.path)
        target = self.resolve(url.path)
        if isinstance(target, str):
            location = target + (f"?{url.query}" if url.query else "")
            self.send_plain(HTTPStatus.MOVED_PERMANENTLY, b"", {"Location": location}, send_body)
            return
        if target is None:
            self.send_not_found(url.path, send_body)
            return
        headers = {
            "Content-Type": content_type(target),
            "Cache-Control": cache_control(target.relative_to(self.root).as_posix()),
        }
        body_path, variant = target, ""
        for coding, suffix in ENCODINGS.items():  # brotli first, then gzip
            packed = target.with_name(target.name + suffix)
            if not packed.is_file():
                continue
            headers["Vary"] = "Accept-Encoding"
            if not variant and accepts(self.headers.get("Accept-Encoding"), coding):
                body_path, variant = packed, "-" + suffix[1:]
                headers["Content-Encoding"] = coding
        stat = body_path.stat()
        etag = content_etag(body_path, stat, variant)
        headers["ETag"] = etag
        headers["Last-Modified"] = email.utils.formatdate(stat.st_mtime, usegmt=True)
        if self.not_modified(etag, stat.st_mtime):
            del headers["Content-Type"]
            self.send_plain(HTTPStatus.NOT_MODIFIED, b"", headers, send_body=False)
            return
        self.send_response(HTTPStatus.OK)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(stat.st_size))
        self.end_headers()
        if send_body:
            with body_path.open("rb") as handle:
                shutil.copyfileobj(handle, self.wfile)

    def not_modified(self, etag: str, mtime: float) -> bool:
        if_none_match = self.headers.get("If-None-Match")
        if if_none_match is not None:
            tags = [tag.strip().removeprefix("W/") for tag in if_none_match.split(",")]
            return etag in tags or "*" in tags
        if_modified_since = self.headers.get("If-Modified-Since")
        if if_modified_since:
            try:
                since = email.utils.parsedate_to_datetime(if_modified_since).timestamp()
            except (TypeError, ValueError):
                return False
            return int(mtime) <= since
        return False

    def send_not_found(self, path: str, send_body: bool) -> None:
        page = self.root / "404.html"
        body = (
            page.read_bytes()
            if page.is_file()
            else NOT_FOUND_PAGE.format(path=html.escape(path)).encode()
        )
        self.send_plain(
            HTTPStatus.NOT_FOUND,
            body,
            {"Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache"},
            send_body,
        )

    def send_plain(
        self, status: HTTPStatus, body: bytes, headers: dict[str, str], send_body: bool
    ) -> None:
        self.send_response(status)
        for name, value in headers.items():
            self.send_header(name, value)
        if status != HTTPStatus.NOT_MODIFIED:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if send_body and body:
            self.wfile.write(body)


def serve_dist(
    dist: Path = DIST, host: str = "127.0.0.1", port: int = 8000, *, quiet: bool = False
) -> ThreadingHTTPServer:
    """A threaded static server for dist, bound but not yet serving.

    Run it with ``threading.Thread(target=server.serve_forever, daemon=True).start()``
    and stop it with ``server.shutdown(); server.server_close()``. Port 0 picks a
    free port: read it back from ``server.server_address[1]``.
    """
    handler = type(
        "BoundDistHandler", (DistHandler,), {"root": Path(dist).resolve(), "quiet": quiet}
    )
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve(port: int, host: str, no_build: bool) -> None:
    if not no_build:
        build()
    if not (DIST / "manifest.json").is_file():
        raise StepFailed("dist/manifest.json is missing; run 'python3 build.py build' first")
    server = serve_dist(DIST, host, port)
    bound_host, bound_port = server.server_address[:2]
    print(f"==> serving {DIST} on http://{bound_host!s}:{bound_port}/ (Ctrl-C stops)", flush=True)

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\n    stopped")
    finally:
        server.server_close()


# --- test -----------------------------------------------------------------------------


JUNIT_REPORT = CACHE / "pytest-junit.xml"


def pytest_counts(report: Path) -> dict[str, int]:
    """passed/failed/skipped from pytest's JUnit XML (errors count as failed)."""
    import xml.etree.ElementTree as ElementTree

    totals = dict.fromkeys(("tests", "failures", "errors", "skipped"), 0)
    for suite in ElementTree.parse(report).getroot().iter("testsuite"):
        for key in totals:
            totals[key] += int(suite.get(key, "0"))
    failed = totals["failures"] + totals["errors"]
    passed = totals["tests"] - failed - totals["skipped"]
    return {"passed": passed, "failed": failed, "skipped": totals["skipped"]}


def test() -> None:
    """The one test command of the README and CI: every check runs, then one verdict."""
    setup(dev=True)
    build()
    python = venv_python()
    failures: list[str] = []

    def check(name: str, cmd: Sequence[str | Path]) -> None:
        try:
            with step(name):
                run(cmd)
        except subprocess.CalledProcessError:
            failures.append(name)

    typed = ["src/belot_core", "build.py", "tests/pyodide"]
    check(f"mypy --strict ({', '.join(typed)})", [python, "-m", "mypy", "--strict", *typed])
    check("ruff check (.)", [python, "-m", "ruff", "check", "."])
    check("ruff format --check (.)", [python, "-m", "ruff", "format", "--check", "."])
    JUNIT_REPORT.unlink(missing_ok=True)
    check("pytest (tests/)", [python, "-m", "pytest", f"--junitxml={JUNIT_REPORT}"])
    print(
        f"==> {'failed: ' + ', '.join(failures) if failures else 'all checks passed'}", flush=True
    )
    # The last line is the verdict in the form CI reads: 'tests: N passed, N failed'.
    if JUNIT_REPORT.is_file():
        counts = pytest_counts(JUNIT_REPORT)
        print(
            f"tests: {counts['passed']} passed, {counts['failed']} failed, "
            f"{counts['skipped']} skipped",
            flush=True,
        )
    if failures:
        raise StepFailed("failed: " + ", ".join(failures))


# --- command line ---------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    setup_parser = commands.add_parser("setup", help="create .venv and node_modules")
    setup_parser.add_argument(
        "--dev", action="store_true", help="also chromium and the wheels for the Pyodide test run"
    )
    commands.add_parser("build", help="build dist/")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/")
    serve_parser.add_argument("--port", type=int, default=8000)
    serve_parser.add_argument("--host", default="127.0.0.1")
    serve_parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    commands.add_parser("test", help="setup --dev, build, pytest, mypy, ruff")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        if args.command == "setup":
            setup(dev=args.dev)
        elif args.command == "build":
            build()
        elif args.command == "serve":
            serve(args.port, args.host, args.no_build)
        elif args.command == "test":
            test()
    except (StepFailed, subprocess.CalledProcessError, OSError) as error:
        print(f"build.py {args.command}: FAILED: {error}", file=sys.stderr, flush=True)
        return 1
    if args.command != "test":  # test ends on its counts line instead
        print(f"build.py {args.command}: ok ({time.monotonic() - started:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
