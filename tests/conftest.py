"""Fixtures shared by every test folder: build.py's static server on a free port.

Only the standard library is imported here: this file is also loaded when the
core's tests run inside Pyodide, where build.py is never needed.
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: ``with serve_folder(root) as (host, port): ...``
type ServeFolder = Callable[[Path], AbstractContextManager[tuple[str, int]]]


@pytest.fixture(scope="session")
def build_script() -> ModuleType:
    """build.py as a module, loaded by path ('import build' finds PyPI's build)."""
    spec = importlib.util.spec_from_file_location("belot_build_script", ROOT / "build.py")
    assert spec is not None and spec.loader is not None, "build.py is missing"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def serve_folder(build_script: ModuleType) -> ServeFolder:
    """Serve a folder with build.py's static server in a thread, on a free port."""

    @contextmanager
    def serve(root: Path) -> Iterator[tuple[str, int]]:
        server = build_script.serve_dist(root, "127.0.0.1", 0, quiet=True)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield server.server_address[0], server.server_address[1]
        finally:
            server.shutdown()
            server.server_close()
            thread.join(timeout=5)

    return serve
