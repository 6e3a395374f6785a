"""Every code has words in every language, and the words are filled in."""

from __future__ import annotations

import ast
import json
import pathlib
import string

import pytest

import belot_core
from belot_core import Names, i18n, render
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
                    kinds = {"outcome_": belot_core.Outcome, "status_": belot_core.GameStatus}
                    codes.update(f"{prefix.value}{o}" for o in kinds[prefix.value])
    return codes


def test_source_scan_finds_the_codes() -> None:
    assert {"cards", "outcome_hanging", "too_many_belots", "game_over", "invalid_json"} <= (
        codes_used_in_source()
    )
    assert {f"status_{status}" for status in belot_core.GameStatus} <= codes_used_in_source()


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
    kinds = ("us", "them", "named", "nothing_hangs")
    variants = {f"{lang}.{variant}" for lang in LANGUAGES for variant in kinds}
    assert set(templates) <= {*LANGUAGES, *variants}
    # A team variant may drop {team} (the verb says it) but adds no other parameter.
    english = names(templates.get("en", "")) | names(templates.get("en.us", "")) | {"team"}
    for key, template in templates.items():
        assert names(template) <= english, key


def test_render_translates_teams_contracts_and_declarations() -> None:
    params = {"team": "us", "items": ("tierce:1", "carre:2"), "points": 220}
    assert render("declarations", params, "en") == "We declared tierce, 2 × carré: +220."
    assert render("declarations", params, "bg") == "Обяви – Ние: терца, 2 × каре, +220."
    assert render("too_many_belots", {"contract": "hearts", "max": 1, "count": 2}, "bg") == (
        "При купа ♥ белотите са най-много 1; въведени са 2."
    )


def test_bulgarian_verbs_agree_with_the_team() -> None:
    assert render("inside_sum", {"team": "us", "raw": 298, "points": 30}, "bg") == (
        "Ние взимаме всички точки: 298 → 30."
    )
    assert render("inside_sum", {"team": "them", "raw": 298, "points": 30}, "bg") == (
        "Вие взимате всички точки: 298 → 30."
    )


def test_the_bidders_say_we_play() -> None:
    """The bidders as the subject: "Ние играем: ...", never "Игра на Ние: ..."."""
    params = {"bidder": "them", "bidders": 90, "defenders": 100}
    assert render("outcome_inside", params, "bg") == "Вие играете: 90 срещу 100 – вътре."
    assert render("outcome_inside", params, "en") == "They bid: 90 against 100 – failed (inside)."
    params = {"bidder": "us", "bidders": 91, "defenders": 91}
    assert render("outcome_hanging", params, "bg") == "Ние играем: 91 срещу 91 – равни, висяща."


def test_nothing_hanging_goes_unsaid() -> None:
    params = {"us": 11, "them": 7, "hanging": 0}
    assert render("record", params, "bg") == "Пише се: Ние 11, Вие 7."
    assert render("record", params, "en") == "Recorded: we 11, they 7."
    assert render("record", {**params, "hanging": 8}, "bg") == "Пише се: Ние 11, Вие 7; висят 8."
    assert render("passed", {"hanging": 0}, "bg") == "Всички казаха „пас“: раздаването се повтаря."
    assert render("passed", {"hanging": 8}, "en") == (
        "All four passed: the deal is replayed; 8 hanging points stay."
    )


def upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def test_the_messages_say_the_game_words_of_the_nouns() -> None:
    """The core's sentences and the words the widget shows alone (i18n's word tables,
    core-tables.js NOUNS) are one vocabulary: an outcome, a capot, all passed, hang."""
    deal = {"bidder": "us", "bidders": 90, "defenders": 100}
    for lang in LANGUAGES:
        outcomes, words = i18n.OUTCOME_WORDS[lang], i18n.GAME_WORDS[lang]
        for outcome in ("made", "inside"):
            assert render(f"outcome_{outcome}", deal, lang).endswith(f"– {outcomes[outcome]}.")
        capot = render("capot", {"team": "them", "points": 90}, lang)
        assert capot.startswith(upper_first(words["capot"]) + ":"), capot
        assert render("status_passed", {}, lang).startswith(upper_first(words["passed"]))
    assert render("outcome_hanging", deal, "bg").endswith(f"{i18n.OUTCOME_WORDS['bg']['hanging']}.")
    assert "висят 8" in render("record", {"us": 0, "them": 8, "hanging": 8}, "bg")
    assert i18n.GAME_WORDS["bg"]["hang"].format(points=8) == "висят 8"
    en = render("hangs_doubled", {"raw": 162, "multiplier": 2, "product": 324, "points": 32}, "en")
    assert en.endswith(i18n.GAME_WORDS["en"]["hang"].format(points=32) + ".")


def test_a_pile_is_ours_or_yours() -> None:
    params = {"team": "them", "points": 70, "deck": 152, "other": 82}
    assert render("cards", params, "bg") == "Карти: вашата купчина – 70; другата е 152 − 70 = 82."


def test_unknown_codes_and_languages_degrade_gracefully() -> None:
    assert render("no_such_code", {}, "bg") == "no_such_code"
    assert render("raw", {"us": 1, "them": 2}, "de") == "Raw points: we 1, they 2."
    assert render("raw", {}, "en") == "Raw points: we ?, they ?."


@pytest.mark.parametrize("code", sorted(MESSAGES))
def test_team_variants_have_a_third_person_variant_for_names(code: str) -> None:
    """A message worded for Ние/Вие also needs a wording for a team's own name."""
    templates = MESSAGES[code]
    for language in LANGUAGES:
        if f"{language}.us" in templates or f"{language}.them" in templates:
            assert f"{language}.named" in templates, f"{code} has no {language}.named"


IVAN = Names(us="Иван и Петър", them="Мария и Ана")


@pytest.mark.parametrize(
    ("code", "params", "bg", "en"),
    [
        pytest.param(
            "inside_sum",
            {"team": "us", "raw": 298, "points": 30},
            "Иван и Петър взимат всички точки: 298 → 30.",
            "Иван и Петър take the whole deal: 298 → 30.",
            id="verb-agrees-with-a-name",
        ),
        pytest.param(
            "doubled",
            {
                "team": "them",
                "doubling": "contra",
                "raw": 182,
                "multiplier": 2,
                "product": 364,
                "points": 36,
            },
            "Мария и Ана взимат всички точки (контра): 182 × 2 = 364 → 36.",
            "Мария и Ана take the whole deal (contra): 182 × 2 = 364 → 36.",
            id="doubled",
        ),
        pytest.param(
            "raw",
            {"us": 112, "them": 70},
            "Общо: Иван и Петър 112, Мария и Ана 70.",
            "Raw points: Иван и Петър 112, Мария и Ана 70.",
            id="both-columns",
        ),
        pytest.param(
            "game_over",
            {"winner": "them"},
            "Играта свърши – спечелиха Мария и Ана. Започнете нова игра.",
            "The game is over – Мария и Ана won. Start a new game.",
            id="winner",
        ),
        pytest.param(
            "outcome_made",
            {"bidder": "us", "bidders": 112, "defenders": 70},
            "Иван и Петър играят: 112 срещу 70 – изкарана.",
            "Иван и Петър bid: 112 against 70 – made.",
            id="bidder",
        ),
        pytest.param(
            "contest_won",
            {"contest": "sequences", "team": "them", "best": "quarte", "beaten": "tierce"},
            "Поредици: кварта бие терца – само Мария и Ана си броят поредици.",
            "Sequences: quarte beats tierce – only Мария и Ана score sequences.",
            id="contest",
        ),
        pytest.param(
            "too_many_sequences",
            {"team": "us"},
            "Иван и Петър: толкова поредици не се събират в 16-те карти на двама играчи.",
            "The sixteen cards of Иван и Петър cannot hold that many sequences.",
            id="error",
        ),
    ],
)
def test_names_take_the_place_of_we_and_they(
    code: str, params: dict[str, object], bg: str, en: str
) -> None:
    assert render(code, params, "bg", IVAN) == bg  # type: ignore[arg-type]
    assert render(code, params, "en", IVAN) == en  # type: ignore[arg-type]


def test_an_empty_name_is_the_default() -> None:
    only_us = Names(us="  Ann   &  Ivo ", them="   ")
    assert (only_us.us, only_us.them) == ("Ann & Ivo", "")
    assert render("raw", {"us": 1, "them": 2}, "bg", only_us) == "Общо: Ann & Ivo 1, Вие 2."
    assert render("inside_sum", {"team": "them", "raw": 298, "points": 30}, "bg", only_us) == (
        "Вие взимате всички точки: 298 → 30."
    )
    assert render("raw", {"us": 1, "them": 2}, "en", None) == "Raw points: we 1, they 2."


def test_a_name_keeps_the_case_the_players_gave_it() -> None:
    names = Names(us="the boys")
    assert render("round_own", {"team": "us", "raw": 112, "points": 11}, "en", names) == (
        "the boys record 112 → 11."
    )
    assert render("round_own", {"team": "us", "raw": 112, "points": 11}, "en") == (
        "We record 112 → 11."
    )


def test_a_missing_field_is_named_in_the_players_words() -> None:
    """Issue 30: a message named the field "cards" to a player; now it says what."""
    from belot_core.json_api import score_deal_json

    reply = json.loads(
        score_deal_json(json.dumps({"version": 1, "contract": "hearts", "bidder": "us"}))
    )
    messages = [error["message"] for error in reply["errors"]]
    assert messages == [
        {
            "bg": "Липсва: точките или картите на купчината.",
            "en": "Missing: the pile's points or cards.",
        },
        {"bg": "Липсва: кой взе последната ръка.", "en": "Missing: who took the last trick."},
    ]
    assert all("„" not in m["bg"] and "“" not in m["en"] for m in messages)  # no field quoted
