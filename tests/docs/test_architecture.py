"""docs/architecture.md names every module of the core and of the widget.

Engineers add modules while others write the page: this test says exactly which
module is missing and where on the page it goes, so the page stays a true map."""

from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "architecture.md"
CORE = ROOT / "src" / "belot_core"
WIDGET = ROOT / "widget"


def layout() -> str:
    """The page's layout block: the first ``` block after "## The layout"."""
    text = PAGE.read_text(encoding="utf-8")
    section = text[text.index("## The layout") :]
    return section.split("```")[1]


def core_names() -> set[str]:
    """The core's modules the layout names: under src/belot_core/, each line's first
    column (``text, memo``, ``errors ← house ← model``), or ``name.py`` anywhere."""
    lines = layout().split("src/belot_core/", 1)[1].split("\n\n", 1)[0].splitlines()
    names = set(re.findall(r"([\w]+)\.py\b", layout()))
    for line in lines[1:]:
        if line.startswith("  ") and not line.startswith("    "):  # not a description's
            names.update(re.findall(r"\w+", line.strip().split("  ", 1)[0]))
    return names


def widget_names() -> set[str]:
    """The widget's files the layout names: ``name.js`` anywhere under widget/."""
    block = layout().split("\nwidget/", 1)[1]
    return set(re.findall(r"(?<![\w./-])([\w-]+\.js)\b", block))


CORE_MODULES = sorted(path.stem for path in CORE.glob("*.py"))
WIDGET_FILES = sorted(str(path.relative_to(WIDGET)) for path in WIDGET.rglob("*.js"))


@pytest.mark.parametrize("module", CORE_MODULES)
def test_the_layout_names_every_core_module(module: str) -> None:
    assert module in core_names(), (
        f"docs/architecture.md does not name src/belot_core/{module}.py: add '{module}' "
        "to the layout block under 'src/belot_core/', with what it does"
    )


@pytest.mark.parametrize("path", WIDGET_FILES)
def test_the_layout_names_every_widget_file(path: str) -> None:
    folder, _, file = path.rpartition("/")
    where = f"'widget/{folder}/'" if folder else "'widget/'"
    assert file in widget_names(), (
        f"docs/architecture.md does not name widget/{path}: add '{file}' to the layout "
        f"block under {where}, with what it does"
    )


def test_the_checks_see_what_the_page_names() -> None:
    assert {"errors", "model", "rules", "tables"} <= core_names()
    assert {"request.js", "game-book.js", "index.js"} <= widget_names()
