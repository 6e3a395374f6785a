"""Where everything is: the repository's folders and files, and the names the steps share.

The lowest module of sitebuild: it imports nothing of ours, and every other module
reads its locations from here, so a folder is named in one place.
"""

from __future__ import annotations

import os
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# --- what the build writes (and nothing else in the repository) ------------------------
DIST = ROOT / "dist"
VENV = ROOT / ".venv"
CACHE = ROOT / ".cache"
NODE_MODULES = ROOT / "node_modules"

# --- what bootstrap reads and installs ------------------------------------------------
REQUIREMENTS_BUILD = ROOT / "requirements-build.txt"
REQUIREMENTS_DEV = ROOT / "requirements-dev.txt"
PACKAGE_LOCK = ROOT / "package-lock.json"
PYODIDE_NPM = NODE_MODULES / "pyodide"
TEST_WHEELS = CACHE / "pyodide-wheels"
TEST_WHEELS_PINS = ROOT / "tests" / "pyodide" / "wheels.txt"
# The browsers the tests drive, as Debian installs them (see bootstrap).
CHROMIUM = Path("/usr/bin/chromium")
# How the tests and benchmarks start it: a container has no sandbox and no GPU, and
# nothing may run in the background (this machine's network is closed; Chromium's own
# connections would be refused, many at a time).
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
FIREFOX = Path("/usr/bin/firefox-esr")
WEBKIT_DRIVER = Path("/usr/bin/WebKitWebDriver")
# WebKitGTK's MiniBrowser (from libwebkit2gtk-4.1-0, which webkit2gtk-driver depends on)
# is the browser WebKitWebDriver automates; it needs an X display (Xvfb).
MINIBROWSER = (
    Path("/usr/lib")
    / (sysconfig.get_config_var("MULTIARCH") or "x86_64-linux-gnu")
    / "webkit2gtk-4.1"
    / "MiniBrowser"
)
XVFB = Path("/usr/bin/Xvfb")
XAUTH = Path("/usr/bin/xauth")

# --- what the dist pipeline reads -----------------------------------------------------
TOOLS = ROOT / "tools"
# Runs in .venv, where requirements-build.txt installs the `brotli` package.
BROTLI_HELPER = TOOLS / "brotli_files.py"
BROTLI_CACHE = CACHE / "brotli"
# The stdlib trace (Node + Pyodide) and what it exercises; see dist.trace_stdlib.
STDLIB_TOOLS = (TOOLS / "trace_stdlib.mjs", TOOLS / "trace_stdlib.py")
STDLIB_EXERCISE = TOOLS / "exercise_core.py"
STDLIB_TRACES = CACHE / "stdlib-trace"
SERVICE_WORKER_SOURCE = ROOT / "sw" / "sw.js"
# The prefilled calculators' worked answers, written into the pages (dist.fill_examples).
EXAMPLES_TOOL = TOOLS / "examples.py"
# npm packages the widget imports, copied from node_modules (pinned in package-lock.json)
# into dist/: path in dist/ → the file. lean-qr draws a shared game's QR code
# (widget/sheet/qr.js imports it on the first code drawn).
VENDOR_FILES = {
    "widget/vendor/lean-qr.mjs": NODE_MODULES / "lean-qr" / "index.mjs",
    "widget/vendor/lean-qr.LICENSE.txt": NODE_MODULES / "lean-qr" / "LICENSE",
}

# --- what every response and page says to the browser ----------------------------------
# The Content Security Policy: only this origin's scripts, workers, styles, images and
# connections, WebAssembly compiled from those ('wasm-unsafe-eval', not 'unsafe-eval'),
# no inline script or style (the widget's styles are constructed stylesheets, which a
# policy does not govern; nothing uses data: images), no <base> and no form posting
# anywhere (the widget's forms never submit); script URLs only through Trusted Types,
# from the widget's own policy (widget/runtime/origin.js: same-origin URLs for its worker and
# service worker). Every response carries it as a header (sitebuild.headers: our server
# and the other hosts' configuration) and the build writes it into every page as a
# <meta http-equiv>, which browsers apply to the page but not to its workers and which
# cannot carry frame-ancestors or reports (docs/security.md, docs/deploying.md).
CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "worker-src 'self'",
        "style-src 'self'",
        "connect-src 'self'",
        "img-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "require-trusted-types-for 'script'",
        "trusted-types belot-calculator",
    )
)

# --- names shared by the steps ----------------------------------------------------------
# Distribution name as Pyodide's lock file spells it, and what the page loads.
PACKAGE = "belot-core"
LOCK_NAME = "pyodide-lock.json"
# Precompressed copies sit beside each file as name.br and name.gz; the server
# picks them in this order of preference, and never serves them by name.
ENCODINGS = {"br": ".br", "gzip": ".gz"}
ENCODED_SUFFIXES = frozenset(ENCODINGS.values())


def venv_bin(name: str) -> Path:
    """A program in .venv (bin/ on POSIX, Scripts/ on Windows)."""
    return VENV / ("Scripts" if os.name == "nt" else "bin") / name


def venv_python() -> Path:
    """The interpreter of .venv."""
    return venv_bin("python.exe" if os.name == "nt" else "python")
