"""Fixtures for the browser tests: static servers, Debian's Chromium, pages.

`dist_url` serves the built dist/ (the real product: site, widget, Pyodide, our
wheel) with build.py's own static server; the test command builds dist/ before
pytest runs. `source_url` serves the working tree, so the widget can be tested
against a fake scorer without a build.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

# The test command installs playwright (requirements-dev.txt): a missing one is a
# broken set-up, so it fails here rather than skipping every browser test.
from playwright import sync_api

ROOT = Path(__file__).resolve().parents[2]

#: The ``serve_folder`` fixture of tests/conftest.py: ``with serve_folder(root) as (host, port)``.
type ServeFolder = Callable[[Path], AbstractContextManager[tuple[str, int]]]
DIST = ROOT / "dist"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def dist_url(serve_folder: ServeFolder) -> Iterator[str]:
    """Base URL of the built site (dist/), served like a static host."""
    if not (DIST / "manifest.json").is_file():
        pytest.fail("dist/ is not built: run 'python3 build.py build' first")
    with serve_folder(DIST) as (host, port):
        yield f"http://{host}:{port}"


@pytest.fixture(scope="session")
def source_url(serve_folder: ServeFolder) -> Iterator[str]:
    """Base URL of the working tree (widget/ and tests/e2e/pages/ as they are)."""
    with serve_folder(ROOT) as (host, port):
        yield f"http://{host}:{port}"


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists() and not shutil.which("chromium"):
        pytest.fail("Debian's chromium is missing: apt-get install chromium")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def context(browser: object) -> Iterator[object]:
    context = browser.new_context(viewport={"width": 1000, "height": 900})  # type: ignore[attr-defined]
    yield context
    context.close()


@pytest.fixture
def page(context: object) -> Iterator[object]:
    page = context.new_page()  # type: ignore[attr-defined]
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.js_errors = errors
    yield page
    assert not errors, f"uncaught errors in the page: {errors}"
