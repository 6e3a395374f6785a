"""The kit for site owners in Chromium (issue 33): unpacked into a fresh folder beside
a blog post of the test's own (tests/shared/kit_site.py), served as a static host
serves it; the post's calculator opens and records a deal; then, offline, the kit's
standalone calculator finds the game. (Firefox and WebKit: tests/engines/test_engine_kit.py.)
"""

from __future__ import annotations

import contextlib
from pathlib import Path

from e2e_ui import Calculator
from kit_site import CALCULATOR_PATH, KIT_PATH, KIT_WORKER_ACTIVE, POST_PATH, owner_site
from playwright.sync_api import Browser, expect

from sitebuild.server import serving

RUNTIME_TIMEOUT_MS = 90_000  # Pyodide's first start on a 2-core machine
WORKER_TIMEOUT_MS = 120_000  # the service worker's install: the whole kit, integrity-checked


def test_the_kit_on_another_site_records_a_deal_and_finds_it_offline(
    browser: Browser, tmp_path: Path
) -> None:
    www = owner_site(tmp_path)
    assert not (www / "static/belot/bg").exists() and not (www / "static/belot/index.html").exists()
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    with contextlib.ExitStack() as online:
        url = online.enter_context(serving(www))
        page.goto(f"{url}{POST_PATH}")
        calculator = Calculator(page.locator("belot-calculator"))
        calculator.part("button.open").click()
        calculator.wait_ready(RUNTIME_TIMEOUT_MS)
        expect(calculator.part("button.record")).to_be_enabled(timeout=RUNTIME_TIMEOUT_MS)
        calculator.part("button.record").click()
        expect(calculator.part(".sheet-table tbody tr")).to_have_count(1)
        # Everything the page loaded came from the kit's folder, and its offline copy
        # is in place (the service worker registers once the runtime is in).
        loaded = page.evaluate("() => performance.getEntriesByType('resource').map((e) => e.name)")
        assert f"{url}{KIT_PATH}widget/index.js" in loaded
        outside = [name for name in loaded if not name.startswith(f"{url}{KIT_PATH}")]
        assert [name for name in outside if not name.endswith("/favicon.ico")] == []
        scope = page.evaluate(KIT_WORKER_ACTIVE, [KIT_PATH, WORKER_TIMEOUT_MS])
        assert scope == f"{url}{KIT_PATH}"
    # The site is gone (the server stopped): the kit's calculator answers from its copy.
    offline = context.new_page()
    offline.on("pageerror", lambda error: errors.append(str(error)))
    offline.goto(f"{url}{CALCULATOR_PATH}")
    standalone = Calculator(offline.locator("belot-calculator"))
    # Its runtime from the copy too (no deal in its form yet: ready, no result).
    expect(standalone.element).to_have_js_property("state", "ready", timeout=RUNTIME_TIMEOUT_MS)
    expect(standalone.part(".sheet-table tbody tr")).to_have_count(1, timeout=RUNTIME_TIMEOUT_MS)
    assert offline.evaluate("() => navigator.serviceWorker.controller !== null")
    context.close()
    assert not errors, errors
