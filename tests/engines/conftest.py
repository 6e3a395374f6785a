"""Fixtures for the engine tests: Firefox and WebKit (tools/browsers), fresh profiles, sites.

`browser` is parametrized over the engines, once per session each (pytest runs every
test of one engine, then the next), so each test's id names its engine. `profile`
is a fresh profile of that browser for one test. `site` serves a copy of dist/ that
a test may change (deploy a new version) or stop (offline), under /site/ of its
server, so a page outside the site (`site.probe`) can watch its service worker
without being one of its pages.

A test whose engine's page process died (`browsers.EngineCrashed`: WebKitGTK's web
process, once in a full run under load, never in isolation) runs once more in a fresh
profile; pytest's summary counts it as a rerun. A failed assertion or a script error
of the page's own is never run again.
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from browsers import ENGINES, Browser, Context, EngineCrashed, Page, launch
from sitebuild.paths import DIST
from sitebuild.server import serving

PROBE_PAGE = "<!doctype html><html lang=en><meta charset=utf-8><title>probe</title></html>\n"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if item.path.parent == here:
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[EngineCrashed]))


def require_dist() -> None:
    if not (DIST / "sw.js").is_file():
        pytest.fail("dist/ is not built: run 'python3 build.py build' first")


@pytest.fixture(scope="session", params=ENGINES)
def browser(request: pytest.FixtureRequest) -> Iterator[Browser]:
    """Firefox, then WebKit: one running browser per engine for the whole session."""
    with launch(request.param) as running:
        yield running


@dataclass
class Profile:
    """A fresh profile (storage, caches, service workers) whose pages are checked for errors."""

    context: Context
    pages: list[Page] = field(default_factory=list)

    def new_page(self, url: str | None = None) -> Page:
        page = self.context.new_page()
        self.pages.append(page)
        if url is not None:
            page.goto(url)
        return page

    def close_page(self, page: Page) -> None:
        """Close a page (as a reader closes a tab), after checking it had no errors."""
        assert not page.errors(), f"uncaught errors in the page: {page.errors()}"
        self.pages.remove(page)
        page.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item,
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep each phase's report on the item, for the fixtures' teardown to read."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def profile(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Profile]:
    kept = Profile(browser.new_context())
    yield kept
    try:
        for page in kept.pages:
            assert not page.errors(), f"uncaught errors in the page: {page.errors()}"
    except EngineCrashed:
        # Gone with the test's own failure, which is the one to report (and rerun).
        call = getattr(request.node, "report_call", None)
        if call is None or not call.failed:
            raise
    finally:
        kept.context.close()


@pytest.fixture(scope="session")
def dist_url() -> Iterator[str]:
    """dist/ as it is, served like a static host (for tests that change nothing)."""
    require_dist()
    with serving(DIST) as url:
        yield url


@dataclass
class Site:
    """A copy of dist/ at `root`, served at `url` (…/site); `stop()` takes it offline."""

    root: Path
    origin: str
    serving: contextlib.ExitStack

    @property
    def url(self) -> str:
        return f"{self.origin}/site"

    @property
    def probe(self) -> str:
        """A page of the same origin outside the site (and its service worker's scope)."""
        return f"{self.origin}/probe.html"

    def stop(self) -> None:
        """Stop the server: the origin is unreachable from now on."""
        self.serving.close()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    require_dist()
    www = tmp_path / "www"
    shutil.copytree(DIST, www / "site")
    (www / "probe.html").write_text(PROBE_PAGE, encoding="utf-8")
    stack = contextlib.ExitStack()
    origin = stack.enter_context(serving(www))
    yield Site(www / "site", origin, stack)
    stack.close()
