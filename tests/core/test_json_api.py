"""The JSON contract: requests, answers and errors as JavaScript sees them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from belot_core import BelotError
from belot_core.json_api import (
    MAX_DEPTH,
    deal_from_dict,
    deal_to_dict,
    game_from_dict,
    mirror_game_dict,
    mirror_game_json,
    score_deal_json,
    score_game_json,
)

CASE_12 = {
    "version": 1,
    "contract": "hearts",
    "bidder": "us",
    "doubling": "none",
    "cards": {"team": "us", "points": 82},
    "last_trick": "us",
    "capot": None,
    "declarations": {"us": {"tierce": 1}, "them": {}},
    "hanging_in": 0,
}


def call(request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(score_deal_json(json.dumps(request)))
    return answer


def errors(request: Any) -> list[tuple[str, str]]:
    answer = call(request)
    assert answer["ok"] is False
    return [(error["code"], error["field"]) for error in answer["errors"]]


def test_the_documented_example() -> None:
    answer = call(CASE_12)
    assert answer["ok"] is True
    result = answer["result"]
    assert result["raw"] == {"us": 112, "them": 70}
    assert result["outcome"] == "made"
    assert result["record"] == {"us": 11, "them": 7}
    assert result["hanging_out"] == 0
    last = result["explanation"][-1]
    assert last["code"] == "record"
    assert last["params"] == {"us": 11, "them": 7, "hanging": 0}
    assert last["message"] == {
        "bg": "Пише се: Ние 11, Вие 7.",
        "en": "Recorded: we 11, they 7.",
    }


def test_optional_fields_take_their_defaults() -> None:
    minimal = {k: CASE_12[k] for k in ("version", "contract", "bidder", "cards", "last_trick")}
    result = call(minimal)["result"]
    assert result["raw"] == {"us": 92, "them": 70}
    assert result["record"] == {"us": 9, "them": 7}


def test_whole_floats_are_whole_numbers() -> None:
    assert call({**CASE_12, "cards": {"team": "us", "points": 82.0}})["ok"] is True


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        pytest.param({"version": 2}, [("unsupported_version", "version")], id="version"),
        pytest.param({"version": True}, [("unsupported_version", "version")], id="version-bool"),
        pytest.param({"contract": "trumps"}, [("invalid_choice", "contract")], id="contract"),
        pytest.param({"bidder": 1}, [("wrong_type", "bidder")], id="bidder-type"),
        pytest.param({"doubling": "double"}, [("invalid_choice", "doubling")], id="doubling"),
        pytest.param({"capot": "all"}, [("invalid_choice", "capot")], id="capot"),
        pytest.param(
            {"cards": {"team": "us", "points": 82.5}},
            [("not_integer", "cards.points")],
            id="points-fraction",
        ),
        pytest.param(
            {"cards": {"team": "us", "points": "82"}},
            [("not_integer", "cards.points")],
            id="points-string",
        ),
        pytest.param(
            {"cards": {"team": "us", "points": 153}},
            [("points_out_of_range", "cards.points")],
            id="points-range",
        ),
        pytest.param(
            {"cards": {"team": "us"}}, [("missing_field", "cards.points")], id="points-missing"
        ),
        pytest.param({"cards": [82]}, [("wrong_type", "cards")], id="cards-list"),
        pytest.param({"extra": 1}, [("unknown_field", "extra")], id="unknown-field"),
        pytest.param(
            {"declarations": {"us": {"fours": 1}}},
            [("unknown_field", "declarations.us.fours")],
            id="unknown-declaration",
        ),
        pytest.param(
            {"declarations": {"all": {}}},
            [("unknown_field", "declarations.all")],
            id="unknown-team",
        ),
        pytest.param(
            {"declarations": {"us": {"tierce": -1}}},
            [("negative_count", "declarations.us.tierce")],
            id="negative-count",
        ),
        pytest.param(
            {"declarations": {"us": {"belot": 1}, "them": {"belot": 1}}},
            [("too_many_belots", "declarations.them.belot")],
            id="belots",
        ),
        pytest.param(
            {"contract": "no_trumps", "cards": {"team": "us", "points": 60}},
            [("declarations_in_no_trumps", "declarations.us")],
            id="no-trumps",
        ),
        pytest.param({"capot": "us"}, [("capot_without_all_tricks", "capot")], id="capot-rule"),
        pytest.param({"hanging_in": -2}, [("hanging_out_of_range", "hanging_in")], id="hanging"),
        pytest.param({"hanging_in": 10**5000}, [("invalid_json", "")], id="huge-number"),
    ],
)
def test_bad_requests_get_specific_errors(
    change: dict[str, Any], expected: list[tuple[str, str]]
) -> None:
    request = {**CASE_12, **change}
    if change.get("hanging_in") == 10**5000:
        text = json.dumps(CASE_12).replace('"hanging_in": 0', '"hanging_in": 1' + "0" * 5000)
        answer = json.loads(score_deal_json(text))
        assert [(e["code"], e["field"]) for e in answer["errors"]] == expected
        return
    assert errors(request) == expected


def test_missing_required_fields_are_all_reported() -> None:
    assert errors({"version": 1}) == [
        ("missing_field", "contract"),
        ("missing_field", "bidder"),
        ("missing_field", "cards"),
        ("missing_field", "last_trick"),
    ]


def test_form_style_validation_reports_every_problem() -> None:
    request = {**CASE_12, "bidder": "both", "cards": {"team": "us", "points": -5}, "x": 0}
    # Well-formedness first (all of it), then ranges and rules.
    assert errors(request) == [("unknown_field", "x"), ("invalid_choice", "bidder")]
    request = {**CASE_12, "cards": {"team": "us", "points": 200}, "hanging_in": -1, "capot": "us"}
    assert errors(request) == [
        ("points_out_of_range", "cards.points"),
        ("hanging_out_of_range", "hanging_in"),
    ]


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", '"deal"', "NaN"])
def test_not_a_deal_at_all(text: str) -> None:
    answer = json.loads(score_deal_json(text))
    assert answer["ok"] is False
    assert answer["errors"][0]["code"] in {"invalid_json", "wrong_type"}


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("[" * 100_000, id="deep-arrays"),
        pytest.param('{"a":' * 5_000 + "1" + "}" * 5_000, id="deep-objects"),
        pytest.param("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), id="just-too-deep"),
    ],
)
def test_deep_nesting_is_refused_before_parsing(text: str) -> None:
    # In Pyodide a deep document overflows the JavaScript stack before Python's
    # RecursionError exists, so depth must be refused up front.
    (error,) = json.loads(score_deal_json(text))["errors"]
    assert (error["code"], error["params"]["detail"]) == ("invalid_json", "nested deeper than 64")


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    request = {**CASE_12, "contract": "[" * 200 + '\\"{' * 100}
    assert errors(request) == [("invalid_choice", "contract")]
    shallow = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert json.loads(score_deal_json(shallow))["errors"][0]["code"] == "wrong_type"


def test_non_string_input_is_an_error_not_a_crash() -> None:
    answer = json.loads(score_deal_json(b"{}"))  # type: ignore[arg-type]
    assert answer["errors"][0]["code"] == "wrong_type"


def test_every_error_carries_both_languages() -> None:
    answer = call({**CASE_12, "contract": "no_trumps", "cards": {"team": "us", "points": 60}})
    (error,) = answer["errors"]
    assert error["message"] == {
        "bg": "При „без коз“ няма обяви и белоти.",
        "en": "No trumps has no declarations and no belots.",
    }
    assert error["params"] == {"team": "us"}


def test_deal_round_trips_through_json() -> None:
    deal = deal_from_dict(CASE_12)
    assert deal_from_dict(json.loads(json.dumps(deal_to_dict(deal)))) == deal


# --- team names ------------------------------------------------------------------

NAMES = {"us": "Иван и Петър", "them": "  Ann   &  Ivo "}


def test_names_reach_every_message() -> None:
    result = call({**CASE_12, "names": NAMES})["result"]
    messages = [step["message"] for step in result["explanation"]]
    assert messages[0] == {
        "bg": "Карти: купчината на Иван и Петър – 82; другата е 152 − 82 = 70.",
        "en": "Cards: Иван и Петър counted 82; the other pile is 152 − 82 = 70.",
    }
    assert messages[-1] == {
        "bg": "Пише се: Иван и Петър 11, Ann & Ivo 7.",
        "en": "Recorded: Иван и Петър 11, Ann & Ivo 7.",
    }
    for message in messages:
        assert "Ние" not in message["bg"] and "Вие" not in message["bg"]
    # The steps' params still name the teams by their JSON values.
    assert result["explanation"][-1]["params"] == {"us": 11, "them": 7, "hanging": 0}


def test_a_named_team_takes_a_third_person_verb() -> None:
    inside = {**CASE_12, "cards": {"team": "us", "points": 40}, "names": NAMES}
    messages = [step["message"]["bg"] for step in call(inside)["result"]["explanation"]]
    assert "Ann & Ivo взимат всички точки: 182 → 18." in messages


def test_names_reach_error_messages() -> None:
    answer = call({**CASE_12, "capot": "them", "names": NAMES})
    assert answer["errors"][0]["message"]["bg"] == (
        "Капо (валат) значи, че Ann & Ivo са взели всички ръце: всичките 152 точки "
        "от картите и последната ръка."
    )


@pytest.mark.parametrize(
    "names",
    [None, {}, {"us": ""}, {"us": "   ", "them": None}],
    ids=["null", "empty", "empty-name", "blank-and-null"],
)
def test_absent_or_empty_names_are_the_defaults(names: Any) -> None:
    assert call({**CASE_12, "names": names}) == call(CASE_12)


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        pytest.param(
            {"us": "x" * 41},
            [("name_too_long", "names.us", {"max": 40, "length": 41})],
            id="too-long",
        ),
        pytest.param(
            {"them": 7},
            [("wrong_type", "names.them", {"expected": "string", "value": "7"})],
            id="not-a-string",
        ),
        pytest.param(
            {"x": "Ann"}, [("unknown_field", "names.x", {"name": "names.x"})], id="unknown-team"
        ),
        pytest.param(
            ["Ann", "Ivo"],
            [("wrong_type", "names", {"expected": "object", "value": '["Ann", "Ivo"]'})],
            id="a-list",
        ),
    ],
)
def test_bad_names_get_specific_errors(names: Any, expected: list[Any]) -> None:
    answer = call({**CASE_12, "names": names})
    assert [(e["code"], e["field"], e["params"]) for e in answer["errors"]] == expected


def test_forty_characters_are_enough_and_counted_after_trimming() -> None:
    name = "  " + "я" * 40 + "  "
    result = call({**CASE_12, "names": {"us": name}})["result"]
    assert result["explanation"][-1]["message"]["en"].startswith("Recorded: " + "я" * 40 + " 11")


def test_the_too_long_name_message_in_both_languages() -> None:
    (error,) = call({**CASE_12, "names": {"us": "x" * 50}})["errors"]
    assert error["message"] == {
        "bg": "Името на отбор може да е до 40 знака; това е 50.",
        "en": "A team name can have at most 40 characters; this one has 50.",
    }


def test_accepted_declarations_are_reported_too() -> None:
    result = call(CASE_12)["result"]
    assert result["accepted"] == {"us": {"tierce": 1}, "them": {}}
    assert result["questions"] == {}


# --- house rules ---------------------------------------------------------------------


def test_rules_absent_empty_null_or_false_are_the_rule_book() -> None:
    book = call(CASE_12)
    assert book["result"]["rules"] == {} and book["result"]["applied_rules"] == []
    for rules in ({}, None, {"round_before_multiply": False, "one_declaration_contest": False}):
        assert call({**CASE_12, "rules": rules}) == book


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        pytest.param(
            {"round_after": True},
            [
                (
                    "unknown_rule",
                    "rules.round_after",
                    {
                        "value": "round_after",
                        "choices": [
                            "round_before_multiply",
                            "capot_cancels_contra",
                            "larger_six_rounds_up",
                            "no_trumps_capot_44",
                            "hanging_rounds_down",
                            "one_declaration_contest",
                        ],
                    },
                )
            ],
            id="unknown-rule",
        ),
        pytest.param(
            {"capot_cancels_contra": 1, "hanging_rounds_down": "true"},
            [
                ("wrong_type", "rules.capot_cancels_contra", {"expected": "boolean", "value": "1"}),
                (
                    "wrong_type",
                    "rules.hanging_rounds_down",
                    {"expected": "boolean", "value": '"true"'},
                ),
            ],
            id="not-booleans",
        ),
        pytest.param(
            ["round_before_multiply"],
            [("wrong_type", "rules", {"expected": "object", "value": '["round_before_multiply"]'})],
            id="a-list",
        ),
        pytest.param(
            "round_before_multiply",
            [("wrong_type", "rules", {"expected": "object", "value": '"round_before_multiply"'})],
            id="a-string",
        ),
    ],
)
def test_bad_rules_get_specific_errors(rules: Any, expected: list[Any]) -> None:
    answer = call({**CASE_12, "rules": rules})
    assert [(e["code"], e["field"], e["params"]) for e in answer["errors"]] == expected


def test_an_unknown_rule_is_worded_in_both_languages() -> None:
    (error,) = call({**CASE_12, "rules": {"x": True}})["errors"]
    assert error["message"]["bg"].startswith("Непознато домашно правило „x“; възможните са: ")
    assert error["message"]["en"].startswith("Unknown house rule “x”; the house rules are: ")


def test_bad_rules_are_reported_with_every_other_problem() -> None:
    request = {**CASE_12, "bidder": "both", "rules": {"x": True}}
    assert errors(request) == [("unknown_rule", "rules.x"), ("invalid_choice", "bidder")]


def test_a_deal_with_rules_round_trips_through_json() -> None:
    deal = deal_from_dict({**CASE_12, "rules": {"larger_six_rounds_up": True}})
    data = deal_to_dict(deal)
    assert data["rules"] == {"larger_six_rounds_up": True}
    assert deal_from_dict(json.loads(json.dumps(data))) == deal
    assert "rules" not in deal_to_dict(deal_from_dict(CASE_12))  # the rule book: as before


# --- explain: which rows of a game answer carry their explanation ---------------------

GAME = {
    "version": 1,
    "deals": [
        {k: v for k, v in CASE_12.items() if k not in ("version", "hanging_in")},
        {"passed": True},
        {
            "contract": "spades",
            "bidder": "them",
            "cards": {"team": "us", "points": 86},
            "last_trick": "us",
        },
    ],
}


def game_call(request: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(score_game_json(json.dumps(request)))
    return answer


def explained(request: Any) -> list[int]:
    answer = game_call(request)
    assert answer["ok"], answer
    return [index for index, row in enumerate(answer["result"]["rows"]) if "explanation" in row]


@pytest.mark.parametrize(
    ("explain", "rows"),
    [
        pytest.param(None, [0, 1, 2], id="null-is-all"),
        pytest.param("all", [0, 1, 2], id="all"),
        pytest.param("last", [2], id="last"),
        pytest.param("none", [], id="none"),
        pytest.param([], [], id="empty-list"),
        pytest.param([1, 0, 1], [0, 1], id="indices"),
        pytest.param([2.0], [2], id="whole-float"),
    ],
)
def test_a_game_request_says_which_rows_to_explain(explain: Any, rows: list[int]) -> None:
    assert explained({**GAME, "explain": explain}) == rows


def test_without_explain_every_row_is_explained_as_before() -> None:
    assert explained(GAME) == [0, 1, 2]
    assert explained({**GAME, "deals": [], "explain": "last"}) == []


@pytest.mark.parametrize(
    ("explain", "expected"),
    [
        pytest.param(
            "everything",
            [
                (
                    "invalid_choice",
                    "explain",
                    {"value": "everything", "choices": ["all", "last", "none"]},
                )
            ],
            id="unknown-word",
        ),
        pytest.param(
            3,
            [("wrong_type", "explain", {"expected": "string_or_array", "value": "3"})],
            id="number",
        ),
        pytest.param(
            {"rows": [0]},
            [("wrong_type", "explain", {"expected": "string_or_array", "value": '{"rows": [0]}'})],
            id="object",
        ),
        pytest.param(
            [0, "1", True, -1, 3, 1.5],
            [
                ("not_integer", "explain[1]", {"value": '"1"'}),
                ("not_integer", "explain[2]", {"value": "true"}),
                ("no_such_deal", "explain[3]", {"index": 0}),
                ("no_such_deal", "explain[4]", {"index": 4}),
                ("not_integer", "explain[5]", {"value": "1.5"}),
            ],
            id="bad-indices",
        ),
    ],
)
def test_bad_explain_values_get_specific_errors(explain: Any, expected: list[Any]) -> None:
    answer = game_call({**GAME, "explain": explain})
    assert answer["ok"] is False
    assert [(e["code"], e["field"], e["params"]) for e in answer["errors"]] == expected


def test_a_bad_explain_is_reported_with_every_other_problem() -> None:
    request = {**GAME, "deals": [{"passed": True}, {"contract": "x"}], "explain": "some"}
    answer = game_call(request)
    assert [(e["code"], e["field"]) for e in answer["errors"]] == [
        ("missing_field", "deals[1].bidder"),
        ("missing_field", "deals[1].cards"),
        ("missing_field", "deals[1].last_trick"),
        ("invalid_choice", "deals[1].contract"),
        ("invalid_choice", "explain"),
    ]


def test_a_bad_explain_is_worded_in_both_languages() -> None:
    (error,) = game_call({**GAME, "explain": 3})["errors"]
    assert error["message"] == {
        "bg": "Очаква се текст или списък, а е дадено 3.",
        "en": "Expected a string or a list, got 3.",
    }
    (error,) = game_call({**GAME, "explain": [7]})["errors"]
    assert error["message"]["en"] == "There is no deal number 8."


def test_explain_is_an_option_of_the_request_not_part_of_a_game() -> None:
    with pytest.raises(BelotError) as raised:
        game_from_dict({**GAME, "explain": "none"})
    assert (raised.value.code, raised.value.field) == ("unknown_field", "explain")
    assert errors({**CASE_12, "explain": "none"}) == [("unknown_field", "explain")]


# --- a game as the other team keeps it ---------------------------------------------------

SPEC_GAME = {  # the rule book's cases 5, 6 and 7, with a table
    "version": 1,
    "names": {"us": "Иван и Петър"},
    "seats": {"us": ["Иван", "Петър"], "them": ["Мария", "Георги"]},
    "dealer": 0,
    "deals": [
        {
            "contract": "diamonds",
            "bidder": "us",
            "cards": {"team": "us", "points": 81},
            "last_trick": "them",
        },
        {
            "contract": "all_trumps",
            "bidder": "them",
            "cards": {"team": "us", "points": 119},
            "last_trick": "us",
        },
        {
            "contract": "spades",
            "bidder": "us",
            "cards": {"team": "us", "points": 86},
            "last_trick": "us",
        },
    ],
}


def test_a_game_mirrored_for_the_other_team() -> None:
    reply = json.loads(mirror_game_json(json.dumps({**SPEC_GAME, "explain": "last"})))
    assert reply["ok"] is True
    game, score = reply["result"]["game"], reply["result"]["score"]
    assert game == mirror_game_dict(SPEC_GAME)
    assert game["names"] == {"us": "", "them": "Иван и Петър"}
    assert game["seats"] == {"us": ["Мария", "Георги"], "them": ["Петър", "Иван"]}
    assert game["dealer"] == 3  # Иван dealt first: he sits at seat 3 in their view
    assert [(deal["bidder"], deal["cards"]["team"]) for deal in game["deals"]] == [
        ("them", "them"),
        ("us", "them"),
        ("them", "them"),
    ]
    assert score["totals"] == {"us": 15, "them": 43}
    assert score["rows"][2]["collected"] == {"team": "them", "points": 21}
    assert [row["dealer"] for row in score["rows"]] == [3, 0, 1] and score["next_dealer"] == 2
    assert "explanation" in score["rows"][2] and "explanation" not in score["rows"][1]
    assert score["rows"][2]["explanation"][-1]["message"]["bg"].startswith("Пише се: Ние 7")


def test_a_bad_game_is_not_mirrored() -> None:
    bad = {**SPEC_GAME, "dealer": 7}
    [error] = json.loads(mirror_game_json(json.dumps(bad)))["errors"]
    assert (error["code"], error["field"]) == ("seat_out_of_range", "dealer")
    with pytest.raises(BelotError):
        mirror_game_dict(bad)
