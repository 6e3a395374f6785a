#!/usr/bin/env python3
"""Set up, build, serve and test the belot score calculator.

Standard library only, so any python3 >= 3.11 can run it; it bootstraps the
rest (a .venv with Python >= 3.12, the npm packages, the Debian browsers the tests
drive: chromium, firefox-esr, webkit2gtk-driver under xvfb).

    python3 build.py setup [--dev]   .venv + pinned tools, node_modules (+ test extras)
    python3 build.py build           dist/: site, widget (bundled; --modules: as is), Pyodide
                                     runtime, our wheel, manifest
    python3 build.py kit [--base P]  build, then dist-kit/belot-calculator-*.zip: what a site
                                     hosts to embed the calculator (sitebuild.kit)
    python3 build.py serve           serve dist/ on http://127.0.0.1:8000 like a static host
    python3 build.py test            setup --dev, build, every check of check, all of pytest
    python3 build.py check           the fast loop: ruff, mypy, eslint, tsc, prettier, node --test,
                                     core pytest (no build, no Pyodide, no browser; under a minute)
    python3 build.py format          lay the code out: prettier (JavaScript), ruff (Python)

This file is the command line and the test runner; the work is done by the
sitebuild package in tools/ (bootstrap, dist, server). Every step prints what it
does; in setup and build the first failure stops the run, test runs every check
and fails if any did.

It writes into dist/, .venv/, node_modules/ and .cache/, with one exception:
when `setup --dev` finds a Debian package the browser tests need missing
(chromium, firefox-esr, webkit2gtk-driver, xvfb, xauth), it runs `apt-get update`
and `apt-get install` for it if it runs as root, and otherwise stops and names the
command to run.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

# The sitebuild package beside this file (tests get it from pytest's pythonpath).
sys.path.insert(0, str(Path(__file__).resolve().parent / "tools"))
from sitebuild import bootstrap, dist, kit, server
from sitebuild.paths import CACHE, DIST, ROOT, venv_python
from sitebuild.steps import Stage, StepFailed, run, run_together, step

# --- build ----------------------------------------------------------------------------


def build(*, bundle: bool = True) -> None:
    """Make sure the build tools are there, then build dist/ (`bundle`: esbuild's widget)."""
    bootstrap.setup(dev=False)
    dist.build(bundle=bundle)


# --- serve ----------------------------------------------------------------------------


def serve(port: int, host: str, no_build: bool) -> None:
    """Build (unless no_build), then serve dist/ in the foreground until stopped."""
    if not no_build:
        build()
    if not (DIST / "manifest.json").is_file():
        raise StepFailed("dist/manifest.json is missing; run 'python3 build.py build' first")
    server.serve_until_stopped(DIST, host, port)


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


# What mypy --strict checks (src/ is also pyproject's default).
TYPED = (
    "src/belot_core",
    "build.py",
    "tools/sitebuild",
    "tools/browsers",
    "tests/build",
    "tests/server",
    "tests/pyodide",
    "tests/engines",
    "tests/shared",
)
# What the fast loop's pytest runs: the core, the docs' examples and the widget's instant
# answers against the core's (Node), nothing that needs dist/, Pyodide or a browser.
FAST_TESTS = ("tests/core", "tests/docs", "tests/agreement")


ESLINT = ROOT / "node_modules" / "eslint" / "bin" / "eslint.js"
TSC = ROOT / "node_modules" / "typescript" / "bin" / "tsc"
PRETTIER = ROOT / "node_modules" / "prettier" / "bin" / "prettier.cjs"


PRETTIER_CACHE = ("--cache", "--cache-location", str(CACHE / "prettier"))


def incremental(name: str) -> list[str]:
    """tsc's flags to keep what it checked in .cache/tsc/ and check only what changed."""
    return ["--incremental", "--tsBuildInfoFile", str(CACHE / "tsc" / f"{name}.tsbuildinfo")]


def static_checks(python: Path, node_flags: Sequence[str] = ()) -> list[Stage]:
    """mypy, ruff, ESLint and the widget's Node tests: the checks that need no build."""
    # The widget's pure modules in Node, no browser (files named: Node 18-22 differ on
    # folders). Several files at once: many wait on timers, not on the processor.
    js_tests = sorted(ROOT.glob("tests/js/**/*.test.mjs"))
    node = shutil.which("node") or "node"
    return [
        Stage(f"mypy --strict ({', '.join(TYPED)})", [python, "-m", "mypy", "--strict", *TYPED]),
        Stage("ruff check (.)", [python, "-m", "ruff", "check", "."]),
        Stage("ruff format --check (.)", [python, "-m", "ruff", "format", "--check", "."]),
        # The JavaScript's lint (eslint.config.js): node_modules' own copy, no npx download.
        Stage("eslint (.)", [node, ESLINT, "--cache", "--cache-location", CACHE / "eslint", "."]),
        # Its types, from its JSDoc, strict: the page's modules, then the workers' own
        # (the WebWorker library, not the DOM's).
        # Incremental: what did not change is not checked again (.cache/tsc/).
        Stage(
            "tsc --strict (widget/)",
            [node, TSC, "-p", ROOT / "tsconfig.json", *incremental("page")],
        ),
        Stage(
            "tsc --strict (the workers)",
            [node, TSC, "-p", ROOT / "tsconfig.workers.json", *incremental("workers")],
        ),
        # Its layout (.prettierrc.json): `python3 build.py format` writes it.
        Stage(
            "prettier --check (.)",
            [node, PRETTIER, "--check", "--log-level", "warn", *PRETTIER_CACHE, "."],
        ),
        Stage(
            "node --test (tests/js/)",
            [node, "--test", "--test-concurrency=4", *node_flags, *js_tests],
        ),
    ]


class Checks:
    """Run named checks one after another; every one runs, the failures are collected."""

    def __init__(self) -> None:
        self.failures: list[str] = []

    def __call__(self, name: str, cmd: Sequence[str | Path]) -> None:
        try:
            with step(name):
                run(cmd)
        except subprocess.CalledProcessError:
            self.failures.append(name)

    def static(self, python: Path) -> None:
        """mypy, ruff, ESLint and the widget's Node tests, one after another."""
        for stage in static_checks(python):
            self(stage.name, stage.cmd)

    def verdict(self) -> None:
        failed = ", ".join(self.failures)
        print(f"==> {'failed: ' + failed if failed else 'all checks passed'}", flush=True)


def check() -> None:
    """The fast loop: no build, no Pyodide, no browser (each set-up step is skipped when done).

    Its stages run side by side (two cores: pytest on one, the rest on the other),
    each printed whole when it ends; pytest takes the lighter Hypothesis profile
    ("check", tests/core/conftest.py), `test` the full one.
    """
    started = time.monotonic()
    bootstrap.setup_checks()
    python = venv_python()
    paths = [path for path in FAST_TESTS if (ROOT / path).is_dir()]
    pytest = Stage(
        f"pytest ({', '.join(paths)}; Hypothesis profile 'check')",
        [python, "-m", "pytest", "-q", "-p", "no:cacheprovider", *paths],
        {"BELOT_HYPOTHESIS_PROFILE": "check"},
    )
    # Node's dot reporter: a dot a test, and every failure in full (as pytest -q).
    stages = [pytest, *static_checks(python, node_flags=["--test-reporter=dot"])]
    # Bytecode is kept under .cache/ (the tree stays clean): without it every run
    # compiles the core and rewrites the tests' asserts anew, seconds of a busy core.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(CACHE / "pycache")
    checks = Checks()
    checks.failures = run_together(stages, env)
    checks.verdict()
    print(f"check: {time.monotonic() - started:.1f} s", flush=True)
    if checks.failures:
        raise StepFailed("failed: " + ", ".join(checks.failures))


def format_code() -> None:
    """Lay the code out as check wants it: prettier for the JavaScript, ruff for Python."""
    bootstrap.setup_checks()
    node = shutil.which("node") or "node"
    with step("prettier --write (.)"):
        run([node, PRETTIER, "--write", "--log-level", "warn", *PRETTIER_CACHE, "."])
    with step("ruff format (.)"):
        run([venv_python(), "-m", "ruff", "format", "."])


def test() -> None:
    """The one test command of the README and CI: every check runs, then one verdict."""
    bootstrap.setup(dev=True)
    dist.build()
    python = venv_python()
    # The game book's model-based tests (tests/js/sheet/book-model.test.mjs): thousands
    # of runs here, their default (a few hundred) in check.
    os.environ.setdefault("BELOT_FC_RUNS", "2000")
    checks = Checks()
    checks.static(python)
    JUNIT_REPORT.unlink(missing_ok=True)
    checks("pytest (tests/)", [python, "-m", "pytest", f"--junitxml={JUNIT_REPORT}"])
    failures = checks.failures
    checks.verdict()
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
    """The command line; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    setup_parser = commands.add_parser("setup", help="create .venv and node_modules")
    setup_parser.add_argument(
        "--dev", action="store_true", help="also the test browsers and the Pyodide test wheels"
    )
    build_parser = commands.add_parser("build", help="build dist/")
    build_parser.add_argument(
        "--modules", action="store_true", help="the widget's plain modules, not its bundles"
    )
    kit_parser = commands.add_parser("kit", help="build, then the kit for site owners")
    kit_parser.add_argument(
        "--base", default="/static/belot/", help="the path the kit is served at (for _headers)"
    )
    serve_parser = commands.add_parser("serve", help="build, then serve dist/")
    serve_parser.add_argument("--port", type=int, default=8000)
    serve_parser.add_argument("--host", default="127.0.0.1")
    serve_parser.add_argument("--no-build", action="store_true", help="serve dist/ as it is")
    commands.add_parser("test", help="setup --dev, build, pytest, node --test, mypy, ruff")
    commands.add_parser("check", help="the fast loop: no build, no Pyodide, no browser")
    commands.add_parser("format", help="lay out the code: prettier (JavaScript), ruff (Python)")
    args = parser.parse_args(argv)
    started = time.monotonic()
    try:
        if args.command == "setup":
            bootstrap.setup(dev=args.dev)
        elif args.command == "build":
            build(bundle=not args.modules)
        elif args.command == "kit":
            build()
            kit.write_kit(base=args.base)
        elif args.command == "serve":
            serve(args.port, args.host, args.no_build)
        elif args.command == "test":
            test()
        elif args.command == "check":
            check()
        elif args.command == "format":
            format_code()
    except (StepFailed, subprocess.CalledProcessError, OSError) as error:
        print(f"build.py {args.command}: FAILED: {error}", file=sys.stderr, flush=True)
        return 1
    if args.command not in ("test", "check"):  # they end on their own verdict
        print(f"build.py {args.command}: ok ({time.monotonic() - started:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
