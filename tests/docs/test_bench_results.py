"""bench/RESULTS.md is what bench/report.py writes from the results files, and they are sound."""

from __future__ import annotations

import importlib.util
import json
import pathlib
import sys
from types import ModuleType

import pytest

BENCH = pathlib.Path(__file__).resolve().parents[2] / "bench"


def load_report() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_report", BENCH / "report.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


report = load_report()


def test_results_page_is_up_to_date() -> None:
    written = (BENCH / "RESULTS.md").read_text(encoding="utf-8")
    assert written == report.render(), "bench/RESULTS.md is stale: run python3 bench/report.py"


def test_every_bench_has_a_section_and_says_when_it_ran() -> None:
    text = (BENCH / "RESULTS.md").read_text(encoding="utf-8")
    ran = report.load_results()
    for bench in report.BENCHES:
        assert f"\n## {bench.title}\n" in text
        assert (bench.name in ran) != (f"no `bench/results/{bench.name}.json`" in text)


def test_results_files_layout() -> None:
    for path in sorted((BENCH / "results").glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        assert document["format"] == report.FORMAT, path.name
        assert document["bench"] == path.stem, path.name
        assert document["date"].endswith("Z"), path.name
        machine = set(document["machine"])
        assert {"cpu", "cores", "load_average_start", "load_average_end"} <= machine, path.name
        assert document["tables"], f"{path.name}: a results file has at least one table"
        for entry in document["tables"]:
            assert entry["rows"], path.name
            assert all(len(row) == len(entry["columns"]) for row in entry["rows"]), path.name


def test_markdown_tables_read_back(tmp_path: pathlib.Path) -> None:
    printed = "| a | b |\n|---|---|\n| 1 | x |\n\n| c |\n|---|\n| 2 |\n"
    tables = report.tables_from_markdown(printed, ["first"])
    assert tables == [
        {"title": "first", "columns": ["a", "b"], "rows": [["1", "x"]]},
        {"title": "", "columns": ["c"], "rows": [["2"]]},
    ]
    report.write_results("startup", tables=tables, data={}, path=tmp_path / "startup.json")
    text = report.render(tmp_path)
    assert "### first\n\n| a | b |\n|---|---|\n| 1 | x |\n" in text
    assert "Not run yet: no `bench/results/core.json`." in text


def test_unknown_results_file_is_refused(tmp_path: pathlib.Path) -> None:
    (tmp_path / "mystery.json").write_text('{"format": 1, "bench": "mystery"}', encoding="utf-8")
    with pytest.raises(ValueError, match=r"mystery\.json"):
        report.render(tmp_path)
    with pytest.raises(ValueError, match="unknown bench"):
        report.write_results("mystery", tables=[], data={}, path=tmp_path / "x.json")
