"""A start that goes wrong, in Chromium: it never hangs, it says what happened, Retry works.

Each test serves its own copy of the built site with the build's server, changed to
misbehave the way real hosts and networks do: a file missing (404), a download that
stops half-way and stays open (stalled), one that is cut off, a damaged wasm, a policy
without 'wasm-unsafe-eval'. And the widget loads nothing from another origin, whatever
its `manifest` attribute or a manifest says (tested without any policy in the page,
which would block it too: the widget's own check is what is tested).
"""

from __future__ import annotations

import json
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from conftest import DIST
from e2e_ui import Calculator
from playwright.sync_api import Page, expect

from sitebuild.paths import CONTENT_SECURITY_POLICY
from sitebuild.server import DistHandler, serving

RUNTIME_TIMEOUT_MS = 90_000
WASM = "/runtime/pyodide.asm.wasm"
ARTICLE = "en/hanging-deal.html"
HANGING_RESULT = dict(outcome="hanging", raw=(91, 91), record=(0, 9), hanging=9)


class FaultyHandler(DistHandler):
    """The build's server; `faults` maps a path to "stall" or "cut" (its body stops
    after its first bytes, and the connection stays open or is closed); `hits` counts
    requests by path; `cors` answers other origins' fetches (as an attacker's host would)."""

    faults: ClassVar[dict[str, str]] = {}
    hits: ClassVar[dict[str, int]] = {}
    cors: ClassVar[bool] = False
    released: ClassVar[threading.Event] = threading.Event()

    def end_headers(self) -> None:
        if self.cors:
            self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def respond(self, send_body: bool) -> None:
        path = self.path.split("?")[0]
        self.hits[path] = self.hits.get(path, 0) + 1
        fault = self.faults.get(path)
        if fault is None:
            super().respond(send_body)
            return
        data = (self.root / path.lstrip("/")).read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", "application/wasm")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data[:300_000])
        self.wfile.flush()
        if fault == "stall":
            self.released.wait(60)  # holds the connection open, sending nothing
        self.close_connection = True


def faulty(**attributes: object) -> type[FaultyHandler]:
    """A FaultyHandler class of its own (its class attributes are the test's state)."""
    defaults: dict[str, object] = {"faults": {}, "hits": {}, "released": threading.Event()}
    return type("Faulty", (FaultyHandler,), {**defaults, **attributes})


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A copy of dist/ that the test may change."""
    if not (DIST / "manifest.json").is_file():
        pytest.fail("dist/ is not built: run 'python3 build.py build' first")
    copy = tmp_path / "site"
    shutil.copytree(DIST, copy)
    return copy


def article(page: Page, url: str, stall_timeout_ms: int | None = None) -> Calculator:
    """The article's calculator, opened; its scorer's watchdog set first if asked."""
    page.goto(url)
    calculator = Calculator(page.locator("belot-calculator"))
    if stall_timeout_ms is not None:
        calculator.element.evaluate(
            "(element, ms) => { element.scorer.stallTimeout = ms; }", stall_timeout_ms
        )
    calculator.part("button.open").click()
    return calculator


def expect_failure(calculator: Calculator, text: str, detail: str, timeout_ms: int) -> None:
    failure = calculator.part(".failure")
    expect(failure).to_be_visible(timeout=timeout_ms)
    expect(calculator.part(".failure-text")).to_have_text(text)
    expect(calculator.part(".failure .detail")).to_contain_text(detail)
    assert calculator.property("state") == "failed"
    expect(calculator.part("button.retry")).to_be_visible()


def expect_ready_and_scoring(calculator: Calculator) -> None:
    expect(calculator.element).to_have_js_property("state", "ready", timeout=RUNTIME_TIMEOUT_MS)
    expect(calculator.part(".failure")).to_be_hidden()
    calculator.expect_result(**HANGING_RESULT)  # type: ignore[arg-type]


# --- a failed or stalled download ------------------------------------------------------


def test_a_missing_wasm_fails_at_once_and_retry_works_once_it_is_back(
    page: Page, root: Path
) -> None:
    wasm = root / WASM.lstrip("/")
    aside = {
        path: path.with_name(path.name + ".aside") for path in wasm.parent.glob(wasm.name + "*")
    }
    for path, moved in aside.items():
        path.rename(moved)
    with serving(root) as url:
        started = time.monotonic()
        calculator = article(page, f"{url}/{ARTICLE}")  # the watchdog's default: 30 s
        expect_failure(
            calculator,
            "The site did not send a file the calculator needs. Please try again later.",
            "HTTP 404",
            timeout_ms=20_000,
        )
        assert time.monotonic() - started < 20
        for path, moved in aside.items():
            moved.rename(path)
        calculator.part("button.retry").click()
        expect_ready_and_scoring(calculator)


def test_a_stalled_download_fails_within_the_watchdog_and_retry_works(
    page: Page, root: Path
) -> None:
    handler = faulty(faults={WASM: "stall"})
    with serving(root, handler) as url:
        try:
            calculator = article(page, f"{url}/{ARTICLE}", stall_timeout_ms=3000)
            # The download starts, then nothing more arrives while the connection stays open.
            expect(calculator.part(".status")).to_be_visible()
            started = time.monotonic()
            expect_failure(
                calculator,
                "The calculator's download stopped: nothing has arrived for a long time. "
                "Check your internet connection and try again.",
                "no progress for 3 s",
                timeout_ms=20_000,
            )
            assert time.monotonic() - started < 15
            assert handler.hits[WASM] == 1
            handler.faults.clear()
            calculator.part("button.retry").click()
            expect_ready_and_scoring(calculator)
        finally:
            handler.released.set()


def test_a_download_cut_off_fails_at_once(page: Page, root: Path) -> None:
    with serving(root, faulty(faults={WASM: "cut"})) as url:
        calculator = article(page, f"{url}/{ARTICLE}")
        expect_failure(
            calculator,
            "The calculator's download broke off. Check your internet connection and try again.",
            "pyodide.asm.wasm",
            timeout_ms=20_000,
        )


def test_a_damaged_wasm_fails_at_once(page: Page, root: Path) -> None:
    wasm = root / WASM.lstrip("/")
    for packed in wasm.parent.glob(wasm.name + ".*"):
        packed.unlink()  # the server sends the damaged file itself, not the intact .br
    data = bytearray(wasm.read_bytes())
    data[8:4096] = bytes(4088)  # same size, its first sections wiped
    wasm.write_bytes(bytes(data))
    with serving(root) as url:
        calculator = article(page, f"{url}/{ARTICLE}")
        expect_failure(
            calculator,
            "A file of the calculator arrived damaged. Try again; if it happens again, "
            "the site's copy is damaged.",
            "does not compile",
            timeout_ms=20_000,
        )


def test_a_policy_without_wasm_unsafe_eval_is_named(page: Page, root: Path) -> None:
    policy = CONTENT_SECURITY_POLICY.replace(" 'wasm-unsafe-eval'", "")
    headers = {"Content-Security-Policy": policy, "X-Content-Type-Options": "nosniff"}
    with serving(root, faulty(security_headers=headers)) as url:
        calculator = article(page, f"{url}/{ARTICLE}")
        expect_failure(
            calculator,
            "The page's security settings (Content-Security-Policy) do not allow WebAssembly, "
            "which the calculator runs on. The site's owner needs to add 'wasm-unsafe-eval'.",
            "wasm-unsafe-eval",
            timeout_ms=20_000,
        )
        assert "WebAssembly and module workers" not in calculator.part(".failure").inner_text()


# --- nothing from another origin -------------------------------------------------------


@pytest.fixture
def other_origin(tmp_path: Path) -> Iterator[tuple[str, type[FaultyHandler]]]:
    """Another origin serving a whole copy of the build to anyone (CORS *), as an
    attacker's host would, and counting what it is asked for."""
    copy = tmp_path / "other"
    shutil.copytree(DIST, copy)
    handler = faulty(cors=True, security_headers={})
    with serving(copy, handler) as url:
        yield url.replace("127.0.0.1", "localhost"), handler


def page_with(root: Path, name: str, manifest: str | None) -> str:
    """A page of the site without any policy, with one open calculator."""
    attribute = f' manifest="{manifest}"' if manifest else ""
    (root / name).write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<script type="module" src="widget/index.js"></script></head><body>'
        f'<belot-calculator{attribute} contract="clubs" pile-points="71" last-trick="them" '
        'declarations-us="tierce:1"></belot-calculator></body></html>',
        encoding="utf-8",
    )
    return name


def foreign_runtime(root: Path, other: str, field: str) -> str:
    """A manifest of this origin whose `field` sends the runtime to the other origin."""
    manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))
    runtime = manifest["runtime"]
    if field == "lockFile":
        # Our lock file, but the wheel from the other origin.
        lock = json.loads((root / runtime["lockFile"]).read_text(encoding="utf-8"))
        wheel = lock["packages"]["belot-core"]
        wheel["file_name"] = f"{other}/runtime/{wheel['file_name']}"
        (root / "runtime" / "foreign-lock.json").write_text(json.dumps(lock), encoding="utf-8")
        runtime["lockFile"] = "runtime/foreign-lock.json"
        # The core is bundled in the library zip, so no wheel is loaded: unbundled here,
        # the worker loads it through the lock file, as a manifest could make it do.
        runtime["bundled"] = []
    else:
        runtime[field] = f"{other}/{runtime[field]}"
    (root / "foreign.json").write_text(json.dumps(manifest), encoding="utf-8")
    return "foreign.json"


@pytest.mark.parametrize("where", ["attribute", "indexURL", "stdLib", "lockFile"])
def test_nothing_is_loaded_from_another_origin(
    page: Page, root: Path, other_origin: tuple[str, type[FaultyHandler]], where: str
) -> None:
    other, other_handler = other_origin
    with serving(root, faulty(security_headers={})) as url:
        manifest = (
            f"{other}/manifest.json"
            if where == "attribute"
            else foreign_runtime(root, other, where)
        )
        page.goto(f"{url}/{page_with(root, 'embedded.html', manifest)}")
        calculator = Calculator(page.locator("belot-calculator"))
        expect_failure(
            calculator,
            "The calculator refused to load files from another site. "
            "The site's owner needs to host a copy of the calculator on this site.",
            "another origin refused",
            timeout_ms=30_000,
        )
        assert calculator.property("result") is None
    assert other_handler.hits == {}, f"the other origin was asked for {other_handler.hits}"
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then((r) => r.length)") == 0
