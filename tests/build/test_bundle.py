"""dist/widget/ as esbuild bundles it (tools/sitebuild/bundle.mjs): split where the
source imports lazily, derived from the source tree, minified, with source maps, the
build id stamped in, and nothing the widget does not load (store/memory-store.js).

Needs `python3 build.py build` first.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from sitebuild.dist import BUNDLE_REPORT
from sitebuild.paths import DIST, ROOT

WIDGET = DIST / "widget"
SOURCE = ROOT / "widget"


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    if not (DIST / "manifest.json").is_file() or not BUNDLE_REPORT.is_file():
        pytest.fail("dist/ is not built with the bundles: run 'python3 build.py build' first")
    data: dict[str, Any] = json.loads(BUNDLE_REPORT.read_text(encoding="utf-8"))
    return data


def lazy_imports_in_source() -> set[str]:
    """Every `import("./x.js")` of widget/, as a path inside widget/ (a JSDoc type's
    `import("./types.js").Game`, in a comment, loads nothing)."""
    found = set()
    for path in SOURCE.rglob("*.js"):
        code = re.sub(r"/\*[\s\S]*?\*/", "", path.read_text("utf-8"))
        for target in re.findall(r"\bimport\(\s*\"(\.\.?/[^\"]+\.js)\"", code):
            found.add((path.parent / target).resolve().relative_to(SOURCE).as_posix())
    return found


def workers_in_source() -> set[str]:
    """Every `new URL("./x.js", import.meta.url)` of widget/ that no `import()` loads (how a
    worker is started; sheet-host.js's fresh URL of the lazy sheet is not one)."""
    found = set()
    pattern = r"new URL\(\s*\"(\.\.?/[^\"]+\.js)\",\s*import\.meta\.url\s*\)"
    for path in SOURCE.rglob("*.js"):
        for target in re.findall(pattern, path.read_text("utf-8")):
            found.add((path.parent / target).resolve().relative_to(SOURCE).as_posix())
    return found - lazy_imports_in_source()


def test_every_lazy_import_of_the_source_is_an_entry_of_its_own_name(
    report: dict[str, Any],
) -> None:
    assert set(report["lazy"]) == lazy_imports_in_source()
    assert {"sheet/score-sheet.js", "form/view.js", "styles/calculator.js"} <= set(report["lazy"])
    # The core's worker and the file reader (sheet/files.js), each bundled on its own.
    assert set(report["workers"]) == workers_in_source()
    assert {"runtime/worker.js", "files/file-worker.js"} <= set(report["workers"])
    for name in [*report["entries"], *report["lazy"], *report["workers"]]:
        assert (WIDGET / name).is_file(), name


def test_the_bundles_are_minified_with_source_maps(report: dict[str, Any]) -> None:
    for name in report["outputs"]:
        text = (WIDGET / name).read_text(encoding="utf-8")
        assert text.rstrip().endswith(f"//# sourceMappingURL={Path(name).name}.map"), name
        source_map = json.loads((WIDGET / f"{name}.map").read_text(encoding="utf-8"))
        assert len(source_map["sources"]) == len(source_map["sourcesContent"]), name
    # Minified: all the bundles together far smaller than the modules they hold.
    total = sum(output["bytes"] for output in report["outputs"].values())
    inputs = {name for output in report["outputs"].values() for name in output["inputs"]}
    assert total < 0.7 * sum((SOURCE / name).stat().st_size for name in inputs)


def test_the_styles_ship_without_their_comments_and_map_as_written(report: dict[str, Any]) -> None:
    """The CSS of widget/styles/ is bundled without its comments and indentation (an
    article's first chunk holds the base styles), the rules all there; the source maps
    give the style modules as written, lines and comments included."""
    styles = sorted((SOURCE / "styles").glob("*.js"))
    comments_seen = 0
    for name in report["outputs"]:
        text = (WIDGET / name).read_text(encoding="utf-8")
        source_map = json.loads((WIDGET / f"{name}.map").read_text(encoding="utf-8"))
        for source, content in zip(
            source_map["sources"], source_map["sourcesContent"], strict=True
        ):
            if "/widget/styles/" not in source:
                continue
            module = SOURCE / "styles" / Path(source).name
            assert content == module.read_text(encoding="utf-8"), source
            for css in re.findall(r"export const \w*CSS = `([^`]*)`", content):
                comments_seen += len(re.findall(r"/\*", css))
                rules = re.sub(r"/\*[\s\S]*?\*/", "", css)
                for rule in re.findall(r"^\s*([^{}\n/]+\{)", rules, re.M)[:40]:
                    assert re.sub(r"\s+", " ", rule.strip()) in re.sub(r"\s+", " ", text), (
                        name,
                        rule,
                    )
        assert not re.search(r"`[^`]*/\*[^`]*`", text.split("//# sourceMappingURL")[0]), name
    assert comments_seen > 20 and styles


def test_no_plain_module_ships_beside_the_bundles(report: dict[str, Any]) -> None:
    shipped = {path.relative_to(WIDGET).as_posix() for path in WIDGET.rglob("*.js")}
    assert shipped == {*report["outputs"], "build.js"}
    bundled = {name for output in report["outputs"].values() for name in output["inputs"]}
    # Used only by tests: neither built nor precached.
    assert "store/memory-store.js" not in bundled
    assert "memory-store" not in (DIST / "sw.js").read_text(encoding="utf-8")
    modules = {path.relative_to(SOURCE).as_posix() for path in SOURCE.rglob("*.js")}
    assert modules - bundled == {"store/memory-store.js"}


def test_the_build_id_is_in_every_bundle_that_compares_it() -> None:
    build = json.loads((DIST / "manifest.json").read_text(encoding="utf-8"))["build"]
    stamped = [p for p in WIDGET.rglob("*.js") if f'"{build}"' in p.read_text("utf-8")]
    assert WIDGET / "runtime" / "worker.js" in stamped
    assert len(stamped) >= 2  # the worker, and the page's runtime in a chunk
    assert not [p for p in WIDGET.rglob("*.js") if "@BELOT-BUILD" in p.read_text("utf-8")]


def test_a_closed_calculator_imports_its_chunks_directly(report: dict[str, Any]) -> None:
    """index.js names every chunk it needs: no chunk imports one the entry did not name
    (no waterfall of imports behind the first)."""
    outputs = report["outputs"]
    static = {
        item["path"]
        for item in outputs["index.js"]["imports"]
        if item["kind"] == "import-statement"
    }
    for chunk in static:
        deeper = {
            item["path"] for item in outputs[chunk]["imports"] if item["kind"] == "import-statement"
        }
        assert deeper <= static, chunk
