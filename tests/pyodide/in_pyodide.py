"""The Python half of run_core_tests.mjs: runs pytest inside Pyodide.

Not a test module: run_core_tests.mjs imports it inside Pyodide, after loading
belot_core from our wheel and unpacking the pytest and hypothesis wheels.
"""

from __future__ import annotations

import importlib
import os
import sys
import sysconfig
from collections.abc import Iterable

import pytest

#: Exit code when belot_core came from anywhere but site-packages (pytest uses 0-5).
WRONG_ORIGIN = 3


def belot_core_strays(site_packages: str) -> list[str]:
    """Every loaded belot_core module whose file is not under site_packages."""
    return sorted(
        f"{name} from {getattr(module, '__file__', None)}"
        for name, module in list(sys.modules.items())
        if (name == "belot_core" or name.startswith("belot_core."))
        and not str(getattr(module, "__file__", "") or "").startswith(site_packages + "/")
    )


class PyodideHypothesisProfile:
    """Keeps the suite's own Hypothesis profile, minus what WebAssembly cannot honour.

    Runs after conftest files have loaded their profile (trylast), and derives
    from it: only the per-example deadline and the too_slow health check (both
    wall-clock limits tuned for CPython speed) and the example database (no
    writable project folder here) change.
    """

    @pytest.hookimpl(trylast=True)
    def pytest_configure(self, config: pytest.Config) -> None:
        del config
        from hypothesis import HealthCheck, settings

        base = settings.default
        assert base is not None
        suppressed = {*base.suppress_health_check, HealthCheck.too_slow}
        settings.register_profile(
            "pyodide",
            parent=base,
            deadline=None,
            database=None,
            suppress_health_check=sorted(suppressed, key=lambda check: check.name),
        )
        settings.load_profile("pyodide")


class CurrentTestBeacon:
    """Leaves the running test's id where JavaScript can read it after a fatal crash.

    A Pyodide fatal error (e.g. the WebAssembly stack overflowing) kills the
    interpreter mid-test, so the runner reports from this which test it was.
    """

    def __init__(self) -> None:
        # Pyodide's window into JavaScript, imported before pytest puts tests/ on
        # sys.path: there the folder tests/js (the widget's Node tests) would be
        # found first, as a namespace package named js.
        import js  # type: ignore[import-not-found]

        self.js = js

    def pytest_runtest_logstart(self, nodeid: str, location: object) -> None:
        del location
        self.js.globalThis.belotCurrentTest = nodeid


def main(guest_root: str, args: Iterable[str]) -> int:
    """Run pytest on args from guest_root; return pytest's exit code (or WRONG_ORIGIN)."""
    sys.dont_write_bytecode = True  # never write .pyc files into the mounted repo
    os.environ.setdefault("HYPOTHESIS_STORAGE_DIRECTORY", "/tmp/hypothesis")
    os.chdir(guest_root)
    # sysconfig says //lib/...; POSIX keeps a leading double slash through normpath.
    site_packages = "/" + os.path.normpath(sysconfig.get_path("purelib")).lstrip("/")

    # Loaded by loadPyodide from our wheel; imported before pytest can touch sys.path.
    belot_core = importlib.import_module("belot_core")
    print(
        f"in_pyodide: Python {sys.version.split()[0]} on {sys.platform}; "
        f"belot_core from {belot_core.__file__}",
        flush=True,
    )
    strays = belot_core_strays(site_packages)
    if strays:
        print(f"in_pyodide: belot_core not from our wheel: {strays}", flush=True)
        return WRONG_ORIGIN

    code = int(
        pytest.main(
            [*args, "-p", "no:cacheprovider"],
            plugins=[PyodideHypothesisProfile(), CurrentTestBeacon()],
        )
    )

    strays = belot_core_strays(site_packages)
    if strays:
        print(f"in_pyodide: the tests imported belot_core from elsewhere: {strays}", flush=True)
        return code or WRONG_ORIGIN
    print(f"in_pyodide: every belot_core module came from {site_packages}", flush=True)
    return code
