"""The public API: one explicit __all__ per module, a docstring on every public name."""

from __future__ import annotations

import ast
import enum
import importlib
import inspect
from pathlib import Path

import pytest

import belot_core

SOURCE = Path(belot_core.__file__).parent

MODULES = [
    "text",
    "memo",
    "errors",
    "cards",
    "house",
    "model",
    "rounding",
    "rules",
    "table",
    "sheet",
    "i18n",
    "json_read",
    "json_write",
    "json_api",
    "link_frame",
    "link",
    "book",
    "matches",
    "stats",
    "cli",
    "tables",
]


@pytest.mark.parametrize("name", MODULES)
def test_every_public_name_has_a_docstring(name: str) -> None:
    module = importlib.import_module(f"belot_core.{name}")
    assert module.__doc__
    for public in module.__all__:
        value = getattr(module, public)
        if inspect.isclass(value) or inspect.isfunction(value):
            assert inspect.getdoc(value), f"{name}.{public} has no docstring"
        if inspect.isclass(value):
            for attribute, member in vars(value).items():
                if not attribute.startswith("_") and (
                    inspect.isfunction(member) or isinstance(member, property | classmethod)
                ):
                    assert inspect.getdoc(member), f"{name}.{public}.{attribute} has no docstring"


def test_the_package_exports_what_it_lists() -> None:
    for public in belot_core.__all__:
        assert hasattr(belot_core, public), public


@pytest.mark.parametrize(
    "kind",
    [
        belot_core.Team,
        belot_core.Contract,
        belot_core.Doubling,
        belot_core.Outcome,
        belot_core.Declaration,
        belot_core.Question,
        belot_core.Answer,
        belot_core.GameStatus,
        belot_core.Suit,
        belot_core.Rank,
    ],
)
def test_enums_are_lower_case_strings_that_are_also_json_values(kind: type[enum.StrEnum]) -> None:
    for member in kind:
        assert member.value == member.name.lower()
        assert str(member) == member.value


def test_imports_point_one_way() -> None:
    """text ← memo, errors ← cards ← house ← model ← rounding ← rules ← table ← sheet ← i18n
    ← json_read ← json_write ← json_api ← link_frame ← link ← book ← matches ← stats ← cli, tables."""
    order = MODULES
    for position, name in enumerate(order):
        source = inspect.getsource(importlib.import_module(f"belot_core.{name}"))
        for later in order[position + 1 :]:
            assert f"from .{later} import" not in source, f"{name} imports {later}"


def _private_imports(path: Path) -> list[str]:
    """Private names ``path`` takes from other modules: ``from x import _name`` and
    ``module._name`` of a module it imported (the standard library's included)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules: set[str] = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            for alias in node.names:
                if alias.name.startswith("_"):
                    found.append(f"from {node.module} import {alias.name}")
                elif node.module is None:  # from . import module
                    modules.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            found.append(f"{node.value.id}.{node.attr}")
    return found


@pytest.mark.parametrize("path", sorted(SOURCE.glob("*.py")), ids=lambda path: path.name)
def test_no_module_uses_another_modules_private_names(path: Path) -> None:
    """A name with a leading underscore is its module's own: what another module needs
    is public there, with a docstring (issue 21: link took six of json_api's)."""
    assert _private_imports(path) == []
