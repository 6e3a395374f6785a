"""How the browser tests launch Debian's Chromium (a module, not conftest.py, so a test
can import it whichever folder's conftest pytest loaded last)."""

from __future__ import annotations

from sitebuild.paths import CHROMIUM, CHROMIUM_ARGS

__all__ = ["CHROMIUM", "CHROMIUM_ARGS"]
