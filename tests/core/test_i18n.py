"""Every code has words in every language, and the words are filled in."""

from __future__ import annotations

import ast
import pathlib
import string

import pytest

import belot_core
from belot_core import render
from belot_core.i18n import LANGUAGES, MESSAGES

SOURCE = pathlib.Path(belot_core.__file__).parent


def codes_used_in_source() -> set[str]:
    """Every message code the core can emit: first arguments of errors and steps."""
    codes: set[str] = set()
    for path in SOURCE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            first = node.args[0]
            if name in {"InvalidInputError", "RuleViolationError", "SheetError", "of", "fail"}:
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    codes.add(first.value)
                elif isinstance(first, ast.JoinedStr):  # f"outcome_{outcome}"
                    prefix = first.values[0]
                    assert isinstance(prefix, ast.Constant)
                    codes.update(f"{prefix.value}{o}" for o in belot_core.Outcome)
    return codes


def test_source_scan_finds_the_codes() -> None:
    assert {"cards", "outcome_hanging", "too_many_belots", "game_over", "invalid_json"} <= (
        codes_used_in_source()
    )


@pytest.mark.parametrize("code", sorted(codes_used_in_source()))
def test_every_code_has_a_message_in_every_language(code: str) -> None:
    templates = MESSAGES[code]
    for language in LANGUAGES:
        per_team = all(templates.get(f"{language}.{team}") for team in ("us", "them"))
        assert templates.get(language) or per_team, f"{code} has no {language} message"


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_variants_use_the_same_parameters(code: str) -> None:
    def names(template: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}

    templates = MESSAGES[code]
    assert set(templates) <= {"bg", "en", "bg.us", "bg.them", "en.us", "en.them"}
    # A team variant may drop {team} (the verb says it) but adds no other parameter.
    english = names(templates.get("en", "")) | names(templates.get("en.us", "")) | {"team"}
    for key, template in templates.items():
        assert names(template) <= english, key


def test_render_translates_teams_contracts_and_declarations() -> None:
    params = {"team": "us", "items": ("tierce:1", "carre:2"), "points": 220}
    assert render("declarations", params, "en") == "We declared tierce, 2 × carré: +220."
    assert render("declarations", params, "bg") == "Обявявания – Ние: терца, 2 × каре, +220."
    assert render("too_many_belots", {"contract": "hearts", "max": 1, "count": 2}, "bg") == (
        "При купа ♥ белотите са най-много 1; въведени са 2."
    )


def test_bulgarian_verbs_agree_with_the_team() -> None:
    assert render("inside_sum", {"team": "us", "raw": 298, "points": 30}, "bg") == (
        "Ние взимаме цялата игра: 298 → 30."
    )
    assert render("inside_sum", {"team": "them", "raw": 298, "points": 30}, "bg") == (
        "Вие взимате цялата игра: 298 → 30."
    )


def test_unknown_codes_and_languages_degrade_gracefully() -> None:
    assert render("no_such_code", {}, "bg") == "no_such_code"
    assert render("raw", {"us": 1, "them": 2}, "de") == "Raw points: we 1, they 2."
    assert render("raw", {}, "en") == "Raw points: we ?, they ?."
