"""The dist pipeline: dist/ from the source tree, the pinned Pyodide and our wheel.

`build()` runs the steps in order into a staging folder under .cache/ and swaps it
in as dist/ only once it is complete: the wheel, our trimmed pyodide-lock.json, the
runtime files from npm with a traced, trimmed stdlib, the widget and the site (every
page with the Content Security Policy as a <meta>), a manifest of content hashes, the
service worker, precompressed .gz/.br copies, and the headers other hosts need
(`_headers`, deploy/: sitebuild.hosts).
It reads the source tree and writes into .cache/ and dist/ only.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import json
import os
import re
import shutil
import tempfile
import zipfile
from pathlib import Path

from sitebuild.hosts import write_host_configs
from sitebuild.paths import (
    BROTLI_CACHE,
    BROTLI_HELPER,
    CACHE,
    CONTENT_SECURITY_POLICY,
    DIST,
    ENCODED_SUFFIXES,
    EXAMPLES_TOOL,
    LOCK_NAME,
    PACKAGE,
    PYODIDE_NPM,
    ROOT,
    SERVICE_WORKER_SOURCE,
    STDLIB_EXERCISE,
    STDLIB_TOOLS,
    STDLIB_TRACES,
    VENDOR_FILES,
    venv_bin,
    venv_python,
)
from sitebuild.steps import StepFailed, run, sha256_bytes, sha256_file, step

# What loadPyodide() fetches from indexURL (pyodide.mjs is the loader the page
# imports; it then fetches pyodide.asm.mjs, pyodide.asm.wasm and
# python_stdlib.zip). The lock file is ours, so the npm one is not copied.
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")

# Precompressed as name.gz when gzip makes them at least this much smaller. (.md:
# widget/README.md ships in dist/widget/, and the service worker's install fetches it.)
TEXT_SUFFIXES = (
    ".html",
    ".css",
    ".js",
    ".mjs",
    ".json",
    ".webmanifest",
    ".svg",
    ".txt",
    ".xml",
    ".md",
)
GZIP_SUFFIXES = frozenset((*TEXT_SUFFIXES, ".map", ".wasm", ".zip", ".ico"))
GZIP_MIN_SAVING = 0.10
# Also as name.br (brotli quality 11) when smaller than the .gz; the server prefers
# it. Made by tools/brotli_files.py in .venv (the `brotli` package), cached by content.


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
            # build is offline and reproducible. -P keeps the working folder off
            # sys.path, so nothing there can shadow the 'build' package.
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


# The page's Python library: the files of the standard library that Pyodide's start-up
# and belot_core import, found by running them (tools/trace_stdlib.mjs in Node, with
# the full stdlib) and exercising everything the page asks of the core
# (tools/exercise_core.py; tests/e2e/test_perf_stdlib.py runs the same exercise in
# Chromium against the trimmed archive, so a module the trace missed fails a test),
# and the core's own modules. Shipped as bytecode compiled by Pyodide itself
# (tools/trace_stdlib.py says why), so the page loads no package: the core's wheel (in
# runtime/, with the lock file) is its Python distribution, never fetched by the page.
STDLIB_NAME = "python_stdlib.zip"
CORE_SOURCE = ROOT / "src"


def trace_stdlib(runtime: Path) -> tuple[list[str], Path]:
    """The files of the page's library and their zip, cached by the hash of the inputs."""
    digest = hashlib.sha256()
    core = sorted((CORE_SOURCE / "belot_core").glob("*.py"))
    for path in (
        runtime / STDLIB_NAME, runtime / LOCK_NAME, *core,
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
        run([node, STDLIB_TOOLS[0], "--runtime", runtime, "--core", CORE_SOURCE,
             "--exercise", STDLIB_EXERCISE,
             "--out", partial_trace, "--zip", partial_zip])  # fmt: skip
        partial_zip.rename(archive)
        partial_trace.rename(trace)
    traced = json.loads(trace.read_text(encoding="utf-8"))
    files = [*traced["files"], *traced["core"]]
    assert traced["files"] and traced["core"], trace
    return [str(name) for name in files], archive


def trim_stdlib(runtime: Path) -> None:
    with step(f"{STDLIB_NAME}: bytecode of the stdlib start-up imports, and of belot_core"):
        full = runtime / STDLIB_NAME
        keep, archive = trace_stdlib(runtime)
        with zipfile.ZipFile(archive) as trimmed:
            names = trimmed.namelist()
        if len(names) != len(keep):
            raise StepFailed(f"{archive} holds {len(names)} files, the trace {len(keep)}")
        before = full.stat().st_size
        shutil.copyfile(archive, full)
        print(f"    {len(keep)} files; {before} -> {full.stat().st_size} bytes (stored .pyc)")


def copy_tree_into(source: Path, target: Path, label: str, skip: tuple[str, ...] = ()) -> int:
    """Copy every file of source into target, keeping folders; refuse to overwrite."""
    count = 0
    for path in sorted(source.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts or any(map(path.match, skip)):
            continue
        destination = target / path.relative_to(source)
        if destination.exists():
            raise StepFailed(f"{label} would overwrite {destination.relative_to(target)}")
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, destination)
        count += 1
    return count


def copy_web(out: Path, *, bundle: bool = True) -> None:
    with step("web files (site/ -> dist/, widget/'s other files -> dist/widget/)"):
        for folder, target in (("widget", out / "widget"), ("site", out)):
            source = ROOT / folder
            if not source.is_dir():
                print(f"    {folder}/ does not exist yet; skipped")
                continue
            # A folder's types.d.ts describes shapes for the type check only (tsconfig.json);
            # the embedder's types are widget/index.d.ts, which ships.
            skip: tuple[str, ...] = ("types.d.ts",) if folder == "widget" else ()
            skip += ("*.js",) if folder == "widget" and bundle else ()
            print(f"    {folder}/: {copy_tree_into(source, target, folder + '/', skip)} files")
    if bundle:
        bundle_widget(out / "widget")
    write_element_manifest(out / "widget")
    with step("npm modules the widget imports (node_modules/ -> dist/widget/vendor/)"):
        for name, source in VENDOR_FILES.items():
            if not source.is_file():
                raise StepFailed(f"{source} is missing; run 'python3 build.py setup'")
            destination = out / name
            if destination.exists():
                raise StepFailed(f"widget/ must not have {name}: the build copies it from npm")
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination)
            print(f"    {name}: {source.stat().st_size} bytes")


# The widget as dist/ ships it: esbuild's bundles of widget/'s modules (tools/sitebuild/
# bundle.mjs says what it splits where, and why), minified, with source maps. Its report
# (which output holds which modules) goes to .cache/, for the benches and the tests.
BUNDLER = Path(__file__).with_name("bundle.mjs")
BUNDLE_REPORT = CACHE / "widget-bundle.json"
# What widget/build.js is bundled as until the build id is known (write_manifest).
BUILD_PLACEHOLDER = b'"@BELOT-BUILD"'


def bundle_widget(target: Path) -> None:
    with step("the widget's bundles (esbuild: minified, split at its lazy imports, source maps)"):
        node = shutil.which("node")
        if node is None:
            raise StepFailed("node not found; install Node.js >= 18 and run again")
        if not (ROOT / "node_modules" / "esbuild").is_dir():
            raise StepFailed("node_modules/esbuild is missing; run 'python3 build.py setup'")
        run([node, BUNDLER, "--src", ROOT / "widget", "--out", target, "--report", BUNDLE_REPORT])


# The Custom Elements Manifest (dist/widget/custom-elements.json), by the analyzer from
# npm with our plugin (tools/sitebuild/cem.config.mjs); the types are widget/index.d.ts,
# copied with the widget's other files.
CEM_CONFIG = Path(__file__).with_name("cem.config.mjs")
CEM_CLI = ROOT / "node_modules" / "@custom-elements-manifest" / "analyzer" / "cem.js"
ELEMENT_SOURCE = "widget/element/belot-calculator.js"


def write_element_manifest(target: Path) -> None:
    with step("custom-elements.json (the Custom Elements Manifest of <belot-calculator>)"):
        node = shutil.which("node")
        if node is None or not CEM_CLI.is_file():
            raise StepFailed("node or the analyzer is missing; run 'python3 build.py setup'")
        run([node, CEM_CLI, "analyze", "--quiet", "--config", CEM_CONFIG,
             "--globs", ELEMENT_SOURCE, "--outdir", os.path.relpath(target, ROOT)])  # fmt: skip
        written = json.loads((target / "custom-elements.json").read_text(encoding="utf-8"))
        tags = [
            declaration.get("tagName")
            for module in written["modules"]
            for declaration in module.get("declarations", [])
            if declaration.get("customElement")
        ]
        if tags != ["belot-calculator"]:
            raise StepFailed(f"custom-elements.json declares {tags}, not belot-calculator")
        size = (target / "custom-elements.json").stat().st_size
        print(f"    widget/custom-elements.json: {size} bytes")


# Every page gets the site's Content Security Policy as a <meta http-equiv> right after
# its charset, so it holds on any static host, also one that sends no headers. A page
# the policy would break (an inline script, style or event handler) fails the build.
CHARSET_META = '<meta charset="utf-8">'
_POLICY_TEXT = html.escape(CONTENT_SECURITY_POLICY, quote=False)
POLICY_META = f'<meta http-equiv="Content-Security-Policy" content="{_POLICY_TEXT}">'
INLINE_CODE = re.compile(
    r"<script(?![^>]*\bsrc=)[^>]*>|<style\b|\sstyle=|\son[a-z]+=|javascript:", re.IGNORECASE
)


def add_policy(out: Path) -> None:
    with step("Content-Security-Policy <meta> in every page (no inline script or style)"):
        pages = sorted(out.rglob("*.html"))
        for page in pages:
            name = page.relative_to(out).as_posix()
            text = page.read_text(encoding="utf-8")
            if text.count(CHARSET_META) != 1:
                raise StepFailed(f"{name} needs exactly one {CHARSET_META}")
            inline = INLINE_CODE.search(text)
            if inline:
                raise StepFailed(
                    f"{name} has {inline.group(0).strip()!r}: the site's policy runs only "
                    "script and style files of its own origin; move it into a file"
                )
            page.write_text(
                text.replace(CHARSET_META, f"{CHARSET_META}\n  {POLICY_META}"), encoding="utf-8"
            )
        print(f"    {len(pages)} pages")


def fill_examples(out: Path) -> None:
    """Score each prefilled, closed calculator with the core and write its answer into its page.

    After add_policy: the answer goes in as a JSON data block, which the policy does not
    run and which is not an inline script.
    """
    with step("the worked answer of every prefilled calculator, in its page (tools/examples.py)"):
        # The core from src/, as the wheel was built from it: `setup` without --dev does
        # not install it into .venv.
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        run([venv_python(), EXAMPLES_TOOL, out], env=env)


def dist_files(out: Path) -> list[Path]:
    return sorted(
        (p for p in out.rglob("*") if p.is_file() and p.suffix not in ENCODED_SUFFIXES),
        key=lambda p: p.relative_to(out).as_posix(),
    )


# The widget's own build id, written by write_manifest (widget/build.js in the source
# tree says null): the page and the worker compare it with manifest.json's `build`.
BUILD_MODULE = "widget/build.js"
BUILD_MODULE_TEXT = """// The build this copy of the widget belongs to, written by build.py (see
// widget/build.js in the source tree). The page and the worker compare it with
// manifest.json.
export const BUILD = {build};
"""


def unstamp_bundles(widget: Path) -> None:
    """The bundles of a dist/ stamped before back to the placeholder, so that writing the
    manifest again (a second build made from a copy: tests/shared/site_versions.py)
    stamps them with the new build id, as it rewrites build.js."""
    stamped = widget / "build.js"
    if not stamped.is_file():
        return
    found = re.search(r'export const BUILD = ("[0-9a-f]{12}");', stamped.read_text("utf-8"))
    if found is None:
        return
    old = found.group(1).encode()
    for path in widget.rglob("*.js"):
        raw = path.read_bytes()
        if path != stamped and old in raw:
            path.write_bytes(raw.replace(old, BUILD_PLACEHOLDER))


def write_manifest(out: Path) -> dict[str, object]:
    with step("manifest.json (content hashes; JS reads file names and versions from it)"):
        unstamp_bundles(out / "widget")

        def entry(path: Path) -> dict[str, object]:
            return {"sha256": sha256_file(path), "bytes": path.stat().st_size}

        stamped = out / BUILD_MODULE
        files = {
            path.relative_to(out).as_posix(): entry(path)
            for path in dist_files(out)
            if path != stamped
        }
        # The build is the hash of every other file; widget/build.js follows from it.
        listing = "".join(f"{name}\0{entry['sha256']}\n" for name, entry in files.items())
        build = sha256_bytes(listing.encode())[:12]
        if stamped.parent.is_dir():
            stamped.write_text(BUILD_MODULE_TEXT.format(build=json.dumps(build)), encoding="utf-8")
            files[BUILD_MODULE] = entry(stamped)
            files = dict(sorted(files.items()))
        # The bundles carry the build id where the placeholder is (the same length: their
        # source maps stay true).
        for path in sorted(stamped.parent.rglob("*.js")) if stamped.parent.is_dir() else ():
            raw = path.read_bytes()
            if BUILD_PLACEHOLDER in raw:
                path.write_bytes(raw.replace(BUILD_PLACEHOLDER, json.dumps(build).encode()))
                files[path.relative_to(out).as_posix()] = entry(path)
        manifest: dict[str, object] = {
            "build": build,
            "runtime": {
                "indexURL": "runtime/",
                "lockFile": f"runtime/{LOCK_NAME}",
                "packages": [PACKAGE],
                "stdLib": f"runtime/{STDLIB_NAME}",
                # In stdLib as bytecode: the page imports it from there, loading no wheel.
                "bundled": [PACKAGE],
                "pyodide": pyodide_version(),
            },
            "files": files,
        }
        (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        print(f"    build {manifest['build']}, {len(files)} files")
        return manifest


# The service worker: sw/sw.js with this placeholder replaced by the build's precache list.
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
        # Not the wheels of bundled packages: no page loads them (see STDLIB_NAME); not
        # the bundles' source maps: only a browser's developer tools read them.
        hashes = {
            name: entry["sha256"]
            for name, entry in manifest["files"].items()
            if not (name.startswith("runtime/") and name.endswith(".whl"))
            and not name.endswith(".map")
        }
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


def build(*, bundle: bool = True) -> None:
    """Build dist/ from scratch: it is replaced only once the new one is complete.

    Needs what `bootstrap.setup()` installs (.venv with the build tools, node_modules).
    `bundle` False: the widget's plain modules as they are, not esbuild's bundles (to
    test the source as a browser loads it: `build.py build --modules`).
    """
    CACHE.mkdir(exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix="dist-", dir=CACHE))
    try:
        runtime = staging / "runtime"
        runtime.mkdir()
        wheel = build_wheel(runtime)
        build_lock(wheel, runtime)
        copy_runtime(runtime)
        trim_stdlib(runtime)
        copy_web(staging, bundle=bundle)
        add_policy(staging)
        fill_examples(staging)
        write_manifest(staging)
        write_service_worker(staging)
        precompress(staging)
        write_host_configs(staging)
        with step("replace dist/"):
            if DIST.exists():
                shutil.rmtree(DIST)
            staging.rename(DIST)
            print(f"    {DIST}")
    finally:
        if staging.exists():
            shutil.rmtree(staging)
