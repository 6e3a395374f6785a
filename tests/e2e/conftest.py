"""Fixtures for the browser tests: static servers, Debian's Chromium, pages.

`dist_url` serves the built dist/ (the real product: site, widget, Pyodide, our
wheel) with the build's own static server (sitebuild.server); the test command
builds dist/ before pytest runs. `source_url` serves the working tree, so the
widget can be tested against a fake scorer without a build.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest
from chromium import CHROMIUM, CHROMIUM_ARGS

# The test command installs playwright (requirements-dev.txt): a missing one is a
# broken set-up, so it fails here rather than skipping every browser test.
from playwright import sync_api

from sitebuild.paths import DIST, ROOT
from sitebuild.server import serving


@pytest.fixture(scope="session")
def dist_url() -> Iterator[str]:
    """Base URL of the built site (dist/), served like a static host."""
    if not (DIST / "manifest.json").is_file():
        pytest.fail("dist/ is not built: run 'python3 build.py build' first")
    with serving(DIST) as url:
        yield url


@pytest.fixture(scope="session")
def source_url() -> Iterator[str]:
    """Base URL of the working tree (widget/ and tests/e2e/pages/ as they are)."""
    with serving(ROOT) as url:
        yield url


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
