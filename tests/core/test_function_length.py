"""No function of the core is longer than 60 lines: a rule reads as one screen."""

from __future__ import annotations

import ast
import pathlib

import pytest

import belot_core

SOURCE = pathlib.Path(belot_core.__file__).parent
MAX_LINES = 60


def functions(path: pathlib.Path) -> list[tuple[str, int]]:
    """Every function of a module (methods and nested ones too), with its length in lines:
    from its ``def`` to its last line, docstring and comments included."""
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    assert child.end_lineno is not None
                    found.append((name, child.end_lineno - child.lineno + 1))
                visit(child, f"{name}.")
            else:
                visit(child, prefix)

    visit(ast.parse(path.read_text(encoding="utf-8")), "")
    return found


@pytest.mark.parametrize("path", sorted(SOURCE.glob("*.py")), ids=lambda path: path.name)
def test_no_function_is_longer_than_60_lines(path: pathlib.Path) -> None:
    too_long = [
        f"{path.name}: {name} is {lines} lines (at most {MAX_LINES}): split it into rules"
        for name, lines in functions(path)
        if lines > MAX_LINES
    ]
    assert not too_long, "\n".join(too_long)


def test_the_count_sees_methods_and_nested_functions() -> None:
    found = dict(functions(SOURCE / "rules.py"))
    assert "score_deal" in found
    assert "Step.of" in found
    assert "DealResult.collected" in found
