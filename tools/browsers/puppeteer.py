"""Firefox ESR and Chromium through puppeteer-core (WebDriver BiDi), in a Node process.

`puppeteer.mjs` launches Debian's firefox-esr or chromium headless with a temporary
profile and answers JSON-line commands (see its header); this module is the Python
side. Firefox is what tests/engines drive; Chromium the same way is for the start-up
bench (bench/startup_engines.py), so that its three engines are driven alike (the
Chromium tests themselves use Playwright).
"""

from __future__ import annotations

import json
import queue
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import IO, Any

from browsers import Engine, ScriptError
from sitebuild.paths import CHROMIUM, CHROMIUM_ARGS, FIREFOX, NODE_MODULES
from sitebuild.tls import Certificate

RUNNER = Path(__file__).with_name("puppeteer.mjs")
START_TIMEOUT_S = 120
CALL_TIMEOUT_S = 300


class PuppeteerBrowser:
    """A headless browser driven by puppeteer-core; see the package docstring."""

    engine: Engine
    product = ""  # puppeteer's name for it: "firefox" or "chrome"
    executable = Path()
    package = ""  # the Debian package that installs it, for the message when it is missing
    args: tuple[str, ...] = ()

    def __init__(self, trust: Certificate | None = None) -> None:
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("node not found: puppeteer-core needs Node.js")
        if not self.executable.exists():
            raise RuntimeError(f"{self.executable} missing: apt-get install {self.package}")
        if not (NODE_MODULES / "puppeteer-core").is_dir():
            raise RuntimeError("puppeteer-core missing: run 'python3 build.py setup --dev'")
        # The pages' console and the driver's own messages, for a failure's report.
        self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115 - kept open while it runs
            "w+", prefix=f"{self.engine}-", suffix=".log", encoding="utf-8"
        )
        options, args = self.trusting(trust)
        self._process = subprocess.Popen(
            [node, RUNNER, self.product, self.executable, json.dumps(options), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self.log,
            text=True,
            encoding="utf-8",
        )
        self._replies: queue.Queue[dict[str, Any] | None] = queue.Queue()
        assert self._process.stdout is not None
        threading.Thread(target=self._read, args=(self._process.stdout,), daemon=True).start()
        self._next_id = 1
        self._lock = threading.Lock()
        ready = self._reply(START_TIMEOUT_S)
        if not ready.get("ready"):
            raise RuntimeError(f"{self.engine} did not start: {ready}")
        self.version = str(ready["version"])

    def trusting(self, trust: Certificate | None) -> tuple[dict[str, Any], tuple[str, ...]]:
        """puppeteer.launch's options and the browser's arguments, trusting `trust`."""
        return ({"acceptInsecureCerts": trust is not None}, self.args)

    def _read(self, stdout: IO[str]) -> None:
        for line in stdout:
            try:
                self._replies.put(json.loads(line))
            except json.JSONDecodeError:
                continue
        self._replies.put(None)  # the runner has exited

    def _reply(self, timeout: float) -> dict[str, Any]:
        try:
            reply = self._replies.get(timeout=timeout)
        except queue.Empty:
            message = f"{self.engine} gave no answer in {timeout} s{self.log_tail()}"
            raise TimeoutError(message) from None
        if reply is None:
            raise RuntimeError(f"the {self.engine} runner exited{self.log_tail()}")
        return reply

    def log_tail(self, lines: int = 30) -> str:
        """The last lines of the pages' console and the runner's errors, for a message."""
        self.log.flush()
        self.log.seek(0)
        tail = self.log.read().splitlines()[-lines:]
        return (f"\n--- {self.engine} log ---\n" + "\n".join(tail)) if tail else ""

    def call(self, op: str, timeout: float = CALL_TIMEOUT_S, **params: Any) -> Any:
        """Send one command to the runner and return its value."""
        with self._lock:
            command_id = self._next_id
            self._next_id += 1
            assert self._process.stdin is not None
            self._process.stdin.write(json.dumps({"id": command_id, "op": op, **params}) + "\n")
            self._process.stdin.flush()
            reply = self._reply(timeout)
            while reply.get("id", 0) < command_id:  # the late answer to a call that timed out
                reply = self._reply(timeout)
        if not reply["ok"]:
            raise ScriptError(reply["error"])
        return reply.get("value")

    def new_context(self) -> PuppeteerContext:
        return PuppeteerContext(self, int(self.call("newContext")))

    def close(self) -> None:
        if self._process.poll() is None:
            try:
                assert self._process.stdin is not None
                self._process.stdin.write(json.dumps({"op": "close"}) + "\n")
                self._process.stdin.close()
                self._process.wait(timeout=30)
            except (OSError, subprocess.TimeoutExpired):
                self._process.kill()
                self._process.wait()
        self.log.close()


class PuppeteerContext:
    """A BiDi user context: the browser's own kind of fresh profile."""

    def __init__(self, browser: PuppeteerBrowser, context_id: int) -> None:
        self.browser = browser
        self.id = context_id

    def new_page(self) -> PuppeteerPage:
        return PuppeteerPage(self.browser, int(self.browser.call("newPage", context=self.id)))

    def close(self) -> None:
        self.browser.call("closeContext", context=self.id)


class PuppeteerPage:
    """A tab of a PuppeteerContext."""

    def __init__(self, browser: PuppeteerBrowser, page_id: int) -> None:
        self.browser = browser
        self.id = page_id

    def goto(self, url: str) -> None:
        self.browser.call("goto", page=self.id, url=url)

    def reload(self) -> None:
        self.browser.call("reload", page=self.id)

    def evaluate(self, script: str, *args: Any) -> Any:
        return self.browser.call("evaluate", page=self.id, script=script, args=list(args))

    def move_to(self, x: float, y: float) -> None:
        self.browser.call("move", page=self.id, x=x, y=y)

    def click_at(self, x: float, y: float) -> None:
        self.browser.call("click", page=self.id, x=x, y=y)

    def errors(self) -> list[str]:
        return list(self.browser.call("errors", page=self.id))

    def close(self) -> None:
        self.browser.call("closePage", page=self.id)


class Firefox(PuppeteerBrowser):
    """Debian's firefox-esr (trusting a certificate: WebDriver's acceptInsecureCerts)."""

    engine: Engine = "firefox"
    product = "firefox"
    executable = FIREFOX
    package = "firefox-esr"


class Chromium(PuppeteerBrowser):
    """Debian's chromium, over BiDi like Firefox (for the bench; the tests use Playwright)."""

    engine: Engine = "chromium"
    product = "chrome"
    executable = CHROMIUM
    package = "chromium"
    args = CHROMIUM_ARGS

    def trusting(self, trust: Certificate | None) -> tuple[dict[str, Any], tuple[str, ...]]:
        """Chromium trusts exactly that certificate (by its public key), not every error."""
        if trust is None:
            return {}, self.args
        return {}, (*self.args, f"--ignore-certificate-errors-spki-list={trust.spki}")
