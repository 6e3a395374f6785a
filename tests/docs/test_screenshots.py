"""The screenshots in docs/ are the ones a page shows, and every one a page shows exists.

tools/screenshots.py takes every combination (phones, languages, schemes) and puts in
docs/ only what a page names; the rest goes to .cache/screenshots/ to be read. So the
repository holds no picture nobody sees (they were half of docs/, two-thirds of its
history's weight), and a page never points at a missing one."""

from __future__ import annotations

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
sys.path.insert(0, str(ROOT / "tools"))
from screenshots_shown import shown  # noqa: E402  the tool's own rule, not a copy


def test_every_png_in_docs_is_shown_by_a_page() -> None:
    unshown = sorted(path.name for path in DOCS.rglob("*.png") if path.name not in shown())
    assert unshown == [], f"no page shows these (tools/screenshots.py keeps them aside): {unshown}"


def test_every_png_a_page_shows_is_there() -> None:
    here = {path.name for path in DOCS.rglob("*.png")} | {path.name for path in ROOT.glob("*.png")}
    missing = sorted(name for name in shown() if name not in here)
    assert missing == [], f"shown by a page but not in docs/: {missing}"
