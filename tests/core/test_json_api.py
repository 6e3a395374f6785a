"""The JSON contract: requests, answers and errors as JavaScript sees them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from belot_core.json_api import MAX_DEPTH, deal_from_dict, deal_to_dict, score_deal_json

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
        "bg": "Пише се: Ние 11, Вие 7; висят 0.",
        "en": "Recorded: we 11, they 7; hanging 0.",
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
        "bg": "При „без коз“ няма обявявания и белоти.",
        "en": "No trumps has no declarations and no belots.",
    }
    assert error["params"] == {"team": "us"}


def test_deal_round_trips_through_json() -> None:
    deal = deal_from_dict(CASE_12)
    assert deal_from_dict(json.loads(json.dumps(deal_to_dict(deal)))) == deal
