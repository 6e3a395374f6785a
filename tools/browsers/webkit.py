"""WebKit: WebKitGTK's MiniBrowser, automated by WebKitWebDriver through Selenium.

MiniBrowser draws on an X display, so the browser gets an Xvfb of its own, on the
first free display number (Xvfb's -displayfd picks it). Each context is a WebDriver
session: a MiniBrowser process in automation mode, whose website data (storage,
caches, service workers) is ephemeral, so it starts as a fresh profile. A session's
first window stays on about:blank; pages are further windows of it.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import subprocess
import tempfile
import time
import warnings
from typing import Any

from selenium import webdriver
from selenium.common.exceptions import InvalidSessionIdException, WebDriverException
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

from browsers import Engine, EngineCrashed, ScriptError
from sitebuild.paths import MINIBROWSER, WEBKIT_DRIVER, XVFB
from sitebuild.tls import Certificate

XVFB_START_TIMEOUT_S = 30
XVFB_ARGS = ("-screen", "0", "1280x1024x24", "-nolisten", "tcp")
SCRIPT_TIMEOUT_S = 300

# Runs the function (its source goes between the two halves) and hands its value back
# as JSON text, so WebDriver's own conversion of values (elements, windows) never applies.
EVALUATE = (
    """
const done = arguments[arguments.length - 1];
const args = JSON.parse(arguments[0]);
const describe = (error) => (error instanceof Error ? `${error}\n${error.stack}` : String(error));
Promise.resolve()
  .then(() => (""",
    """)(...args))
  .then(
    (value) => done({ ok: true, json: JSON.stringify(value === undefined ? null : value) }),
    (error) => done({ ok: false, error: describe(error) }),
  );
""",
)

# WebDriver classic has no event for a page's uncaught errors: a listener added after
# each load collects them (errors while the page itself loads are not seen).
COLLECT_ERRORS = """() => {
  if (window.__engineErrors) return;
  const errors = (window.__engineErrors = []);
  const describe = (error) => (error instanceof Error ? `${error}\n${error.stack}` : String(error));
  addEventListener("error", (e) => errors.push(e.error ? describe(e.error) : e.message));
  addEventListener("unhandledrejection", (event) => errors.push(describe(event.reason)));
}"""


class Xvfb:
    """An X server in memory on the first free display, for as long as it is needed."""

    def __init__(self) -> None:
        if not XVFB.exists():
            raise RuntimeError(f"{XVFB} missing: apt-get install xvfb")
        # Xvfb writes the display number and a newline to this pipe once it accepts
        # connections. The read end stays open while Xvfb runs: a write to a closed
        # pipe would kill it (SIGPIPE).
        self._read, write = os.pipe()
        try:
            self.process = subprocess.Popen(
                [XVFB, "-displayfd", str(write), *XVFB_ARGS],
                pass_fds=(write,),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        finally:
            os.close(write)
        text = b""
        deadline = time.monotonic() + XVFB_START_TIMEOUT_S
        while not text.endswith(b"\n") and time.monotonic() < deadline:
            ready, _, _ = select.select([self._read], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(self._read, 64) if ready else b""
            if not chunk:
                break
            text += chunk
        number = text.decode().strip()
        if not number.isdigit():
            self.close()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self._read)


class WebKit:
    """WebKitGTK under Xvfb; see the module docstring."""

    engine: Engine = "webkit"

    def __init__(self, trust: Certificate | None = None) -> None:
        for needed in (WEBKIT_DRIVER, MINIBROWSER):
            if not needed.exists():
                raise RuntimeError(f"{needed} missing: apt-get install webkit2gtk-driver")
        self.xvfb = Xvfb()
        self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115 - kept open while WebKit runs
            "w+", prefix="webkit-", suffix=".log", encoding="utf-8"
        )
        self.version = ""
        self.trust = trust  # a server's certificate: WebDriver's acceptInsecureCerts
        self._contexts: list[WebKitContext] = []

    def new_context(self) -> WebKitContext:
        context = WebKitContext(self)
        self.version = self.version or str(context.driver.capabilities.get("browserVersion", ""))
        self._contexts.append(context)
        return context

    def close(self) -> None:
        for context in self._contexts:
            context.close()
        self.xvfb.close()
        self.log.close()


class WebKitContext:
    """One WebDriver session: a MiniBrowser with its own ephemeral website data."""

    def __init__(self, browser: WebKit) -> None:
        options = Options()
        options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        if browser.trust is not None:
            options.accept_insecure_certs = True
        service = Service(
            executable_path=str(WEBKIT_DRIVER),
            log_output=browser.log,
            env={**os.environ, "DISPLAY": browser.xvfb.display},
        )
        with warnings.catch_warnings():
            # Selenium 4.51's own WebKitGTK class passes an argument it has deprecated.
            warnings.filterwarnings("ignore", "setting remote_server_addr", DeprecationWarning)
            self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_script_timeout(SCRIPT_TIMEOUT_S)
        self.driver.set_page_load_timeout(SCRIPT_TIMEOUT_S)
        self.blank = self.driver.current_window_handle
        self.current = self.blank
        self.closed = False

    def switch(self, handle: str) -> None:
        if self.current != handle:
            self.driver.switch_to.window(handle)
            self.current = handle

    def new_page(self) -> WebKitPage:
        self.switch(self.blank)
        self.driver.switch_to.new_window("window")
        self.current = self.driver.current_window_handle
        return WebKitPage(self, self.current)

    def failure(self, error: WebDriverException) -> ScriptError:
        """The error to raise for a command that failed: `EngineCrashed` when the session
        is gone (WebKitWebDriver ends it when the page's web process crashes or hangs; the
        command that was running then gets a garbled answer), else `ScriptError`."""
        if isinstance(error, InvalidSessionIdException):
            return EngineCrashed(str(error))
        try:
            self.driver.execute_script("return 1")
        except InvalidSessionIdException as gone:
            return EngineCrashed(f"{error}\n(then: {gone})")
        except WebDriverException:
            pass
        return ScriptError(str(error))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            with contextlib.suppress(WebDriverException):  # a crashed session is gone already
                self.driver.quit()


class WebKitPage:
    """A window of a WebKitContext."""

    def __init__(self, context: WebKitContext, handle: str) -> None:
        self.context = context
        self.handle = handle

    def _driver(self) -> webdriver.WebKitGTK:
        self.context.switch(self.handle)
        return self.context.driver

    def goto(self, url: str) -> None:
        self._driver().get(url)
        self.evaluate(COLLECT_ERRORS)

    def reload(self) -> None:
        self._driver().refresh()
        self.evaluate(COLLECT_ERRORS)

    def evaluate(self, script: str, *args: Any) -> Any:
        try:
            reply = self._driver().execute_async_script(
                script.join(EVALUATE), json.dumps(list(args))
            )
        except WebDriverException as error:
            raise self.context.failure(error) from error
        if not reply["ok"]:
            raise ScriptError(reply["error"])
        return json.loads(reply["json"])

    def move_to(self, x: float, y: float) -> None:
        self._pointer(x, y, press=False)

    def click_at(self, x: float, y: float) -> None:
        self._pointer(x, y, press=True)

    def _pointer(self, x: float, y: float, *, press: bool) -> None:
        actions = ActionBuilder(self._driver(), duration=0)  # Selenium moves in 250 ms by default
        pointer = actions.pointer_action
        pointer.move_to_location(round(x), round(y))  # type: ignore[no-untyped-call]
        if press:
            pointer.pointer_down().pointer_up()  # type: ignore[no-untyped-call]
        try:
            actions.perform()
        except WebDriverException as error:
            raise self.context.failure(error) from error

    def errors(self) -> list[str]:
        return list(self.evaluate("() => window.__engineErrors ?? []"))

    def close(self) -> None:
        self._driver().close()
        self.context.switch(self.context.blank)
