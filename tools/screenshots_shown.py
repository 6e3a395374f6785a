"""Which screenshots the docs show: the one rule of tools/screenshots.py (a shot goes to
docs/ when a page names its file, else to .cache/screenshots/) and of
tests/docs/test_screenshots.py, which holds docs/ to it. No browser, no imports."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def shown() -> set[str]:
    """The PNG files some page of the docs (or a README) names."""
    pages = [*DOCS.rglob("*.md"), ROOT / "README.md", ROOT / "widget" / "README.md"]
    text = "\n".join(page.read_text(encoding="utf-8") for page in pages if page.is_file())
    return set(re.findall(r"([\w.-]+\.png)\b", text))
