"""Drive a page in Firefox or WebKit (or Chromium) from Python, the same way for each.

The Chromium tests have Playwright; Debian's Firefox ESR and WebKitGTK are driven here:

- Firefox: puppeteer-core (npm) over WebDriver BiDi, in a Node process that
  `browsers.puppeteer` talks to in JSON lines (`puppeteer.mjs`);
- WebKit: Selenium's WebKitGTK driver (WebKitWebDriver automating WebKitGTK's
  MiniBrowser) on an Xvfb display of its own;
- Chromium: the same puppeteer runner as Firefox, over BiDi too (chromium-bidi). Not in
  `ENGINES` (the tests' engines): the start-up bench drives it this way so that its
  three columns are measured alike (bench/startup_engines.py).

Used by tests/engines and by the start-up bench::

    from browsers import launch

    with launch("webkit") as browser:
        context = browser.new_context()  # a fresh profile: storage, caches, service workers
        page = context.new_page()
        page.goto(url)
        started = page.evaluate("() => performance.timeOrigin + performance.now()")
        page.evaluate("async (ms) => new Promise((r) => setTimeout(r, ms))", 100)
        context.close()

`evaluate(script, *args)` calls the JavaScript function whose source is `script` with
the arguments (JSON values), awaits it and returns its value (JSON; undefined is None);
a thrown error raises `ScriptError`. Every call returns once the browser has answered,
so a test waits in JavaScript, with a deadline of its own. When the engine's page
process itself died (WebKitGTK's web process crashing under load, seen once in a full
test run and never in isolation), the error is `EngineCrashed`: the engine failed, not
the page's code, and the engine tests run such a test once more in a fresh profile.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Literal, Protocol

if TYPE_CHECKING:
    from sitebuild.tls import Certificate

Engine = Literal["firefox", "webkit", "chromium"]
ENGINES: tuple[Engine, ...] = ("firefox", "webkit")  # what tests/engines run in


class ScriptError(RuntimeError):
    """A script given to `Page.evaluate` threw, or the browser refused a command."""


class EngineCrashed(ScriptError):
    """The engine's page process died under a command: its session is gone."""


class Page(Protocol):
    """One tab."""

    def goto(self, url: str) -> None:
        """Navigate and wait for the load event."""

    def reload(self) -> None:
        """Reload and wait for the load event."""

    def evaluate(self, script: str, *args: Any) -> Any:
        """Call the function `script` with `args` in the page, await it, return its value."""

    def move_to(self, x: float, y: float) -> None:
        """Move the pointer to (x, y), CSS pixels of the viewport (WebDriver actions)."""

    def click_at(self, x: float, y: float) -> None:
        """Move the pointer to (x, y), CSS pixels of the viewport, and press and release
        the primary button there: input the way a reader's mouse gives it (WebDriver
        actions), not an event made in the page."""

    def errors(self) -> list[str]:
        """Uncaught errors and unhandled rejections in the page so far."""

    def close(self) -> None:
        """Close the tab (its document unloads, as when a reader closes it)."""


class Context(Protocol):
    """A fresh profile: its own storage, HTTP cache, Cache Storage and service workers."""

    def new_page(self) -> Page:
        """Open a new tab."""

    def close(self) -> None:
        """Close every tab and forget the profile."""


class Browser(Protocol):
    """A running browser of one engine."""

    engine: Engine
    version: str

    def new_context(self) -> Context:
        """A fresh profile."""

    def close(self) -> None:
        """Stop the browser (and whatever it needed: Node, Xvfb, the driver)."""


@contextmanager
def launch(engine: Engine, *, trust: Certificate | None = None) -> Iterator[Browser]:
    """Start a browser of `engine`; it stops when the block ends.

    With `trust`, the browser accepts that server certificate (sitebuild.tls): a server
    made for the run, served over HTTPS. Chromium trusts exactly that certificate (its
    public key's hash); Firefox and WebKitGTK take WebDriver's `acceptInsecureCerts`,
    which WebDriver gives per session, not per origin (the sessions only ever visit
    the run's own servers).
    """
    browser: Browser
    if engine == "firefox":
        from browsers.puppeteer import Firefox

        browser = Firefox(trust)
    elif engine == "chromium":
        from browsers.puppeteer import Chromium

        browser = Chromium(trust)
    elif engine == "webkit":
        from browsers.webkit import WebKit

        browser = WebKit(trust)
    else:
        raise ValueError(f"unknown engine: {engine!r} (known: firefox, webkit, chromium)")
    try:
        yield browser
    finally:
        browser.close()
