"""The JSON reader's limits: bounded work and answers for any input, exact words for odd values.

Next to test_json_api.py (the contract itself): how much the reader reads and reports
(the input's size, the number of errors, the length of what it echoes) and how it
shows numbers a float cannot hold.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

import belot_core.json_api
from belot_core import BelotError, Deal, GameSheet, Names, Passed, Pile, Rules, Team
from belot_core.errors import MAX_SHOWN, InvalidInputError
from belot_core.json_api import (
    MAX_DEALS,
    MAX_ERRORS,
    MAX_INPUT_CHARS,
    deal_from_dict,
    game_from_dict,
    score_deal_json,
    score_game_json,
)
from belot_core.model import Contract

DEAL = {
    "version": 1,
    "contract": "hearts",
    "bidder": "us",
    "cards": {"team": "us", "points": 82},
    "last_trick": "us",
}


def answer(text: str, game: bool = False) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads((score_game_json if game else score_deal_json)(text))
    return reply


def test_an_answer_has_at_most_max_errors_and_then_says_there_are_more() -> None:
    request = {**DEAL, **{f"unknown{i}": 1 for i in range(10_000)}}
    errors = answer(json.dumps(request))["errors"]
    assert len(errors) == MAX_ERRORS + 1
    assert {error["code"] for error in errors[:-1]} == {"unknown_field"}
    last = errors[-1]
    assert (last["code"], last["field"], last["params"]) == ("too_many_errors", "", {"max": 50})
    assert last["message"] == {
        "bg": "Има още грешки; показани са първите 50.",
        "en": "There are more problems; only the first 50 are shown.",
    }


def test_a_game_of_bad_deals_stops_at_the_cap() -> None:
    text = json.dumps({"version": 1, "deals": [{}] * MAX_DEALS})
    reply = score_game_json(text)
    errors = json.loads(reply)["errors"]
    assert len(errors) == MAX_ERRORS + 1 and errors[-1]["code"] == "too_many_errors"
    assert errors[0] == {**errors[0], "code": "missing_field", "field": "deals[0].contract"}
    assert len(reply) < 50_000  # not one message per bad deal


def test_the_cap_counts_every_kind_of_problem_once() -> None:
    """Problems up to the cap are reported as before: one deal's few problems, all of them."""
    errors = answer(json.dumps({**DEAL, "bidder": 1, "doubling": "x", "oops": 2}))["errors"]
    assert [error["code"] for error in errors] == ["unknown_field", "wrong_type", "invalid_choice"]


def test_the_first_error_is_raised_when_reading_a_dict() -> None:
    with pytest.raises(InvalidInputError) as deal:
        deal_from_dict({**DEAL, **{f"unknown{i}": 1 for i in range(1000)}})
    assert (deal.value.code, deal.value.field) == ("unknown_field", "unknown0")
    with pytest.raises(InvalidInputError) as game:
        game_from_dict({"version": 1, "deals": [{}] * MAX_DEALS})
    assert (game.value.code, game.value.field) == ("missing_field", "deals[0].contract")


def test_input_larger_than_the_limit_is_refused_with_the_limit() -> None:
    text = json.dumps(DEAL)
    padded = text[:-1] + " " * (MAX_INPUT_CHARS - len(text)) + "}"
    assert len(padded) == MAX_INPUT_CHARS
    assert answer(padded)["ok"] is True
    too_long = padded + " "
    [error] = answer(too_long)["errors"]
    assert error["code"] == "input_too_large" and error["field"] == ""
    assert error["params"] == {"max": MAX_INPUT_CHARS, "length": MAX_INPUT_CHARS + 1}
    assert error["message"]["en"] == (
        "The input is too large: 250,001 characters; the most read is 250,000."
    )
    assert answer(json.dumps({"version": 1, "deals": [DEAL] * 20_000}), game=True)["errors"][0][
        "code"
    ] == ("input_too_large")


def test_an_unknown_field_is_echoed_cut() -> None:
    key = "k" * (MAX_INPUT_CHARS - 1000)
    reply = score_deal_json(json.dumps({**DEAL, key: 1}))
    [error] = json.loads(reply)["errors"]
    assert error["code"] == "unknown_field"
    assert error["field"] == "k" * 39 + "…"
    assert error["params"] == {"name": "k" * 39 + "…"}
    assert error["message"]["en"] == f"Unknown field “{'k' * 39}…”."
    assert len(reply) < 1_000


LONG = "x" * 5_000
CUT = "x" * (MAX_SHOWN - 1) + "…"


def test_the_echo_limit_is_one_number() -> None:
    assert MAX_SHOWN == 40
    assert belot_core.json_api.MAX_SHOWN is MAX_SHOWN


def raised(make: Any) -> BelotError:
    with pytest.raises(BelotError) as caught:
        make()
    return caught.value


DEAL_OBJECT = Deal(
    contract=Contract.HEARTS, bidder=Team.US, pile=Pile(team=Team.US, points=82), last_trick=Team.US
)


#: Every place the core echoes a value in an error: (what fails, the echo's field,
#: the parameter that echoes it, what it shows). Each is cut at MAX_SHOWN with "…".
ECHOES: list[Any] = [
    pytest.param({"contract": LONG}, "contract", "value", CUT, id="json-choice"),
    pytest.param(
        {"announced": {"us": {"tierce": 1}, "them": {"tierce": 1}}, "higher": {"sequence": LONG}},
        "higher.sequence",
        "value",
        CUT,
        id="json-answer",
    ),
    pytest.param({"rules": {LONG: True}}, f"rules.{CUT}", "value", CUT, id="json-rule"),
    pytest.param({"names": {"us": [LONG]}}, "names.us", "value", f'["{"x" * 37}…', id="json-name"),
    pytest.param(lambda: Rules.of(LONG), f"rules.{CUT}", "value", CUT, id="rules-of"),
    pytest.param(
        lambda: Rules(round_before_multiply=LONG),  # type: ignore[arg-type]
        "rules.round_before_multiply",
        "value",
        "'" + "x" * (MAX_SHOWN - 2) + "…",
        id="rules-not-boolean",
    ),
    pytest.param(
        lambda: Names(us=[LONG]),  # type: ignore[arg-type]
        "names.us",
        "value",
        "['" + "x" * (MAX_SHOWN - 3) + "…",
        id="name-not-text",
    ),
    pytest.param(
        lambda: replace(DEAL_OBJECT, rules=LONG),
        "rules",
        "value",
        "'" + "x" * (MAX_SHOWN - 2) + "…",
        id="deal-rules",
    ),
    pytest.param(
        lambda: GameSheet((Passed(),), deal_rules=(LONG,)).rows,  # type: ignore[arg-type]
        "deal_rules[0]",
        "value",
        "'" + "x" * (MAX_SHOWN - 2) + "…",
        id="sheet-deal-rules",
    ),
]


@pytest.mark.parametrize(("source", "field", "param", "shown"), ECHOES)
def test_every_echoed_value_is_cut_at_the_one_limit(
    source: Any, field: str, param: str, shown: str
) -> None:
    if callable(source):
        error = raised(source)
        assert (error.field, error.params[param]) == (field, shown)
    else:
        reply = score_deal_json(json.dumps({**DEAL, **source}))
        assert len(reply) < 2_000
        [error_] = json.loads(reply)["errors"]
        assert (error_["field"], error_["params"][param]) == (field, shown)
    assert len(shown) == MAX_SHOWN


def test_a_nested_unknown_field_is_cut_after_its_path() -> None:
    [error] = answer(json.dumps({**DEAL, "cards": {**DEAL["cards"], "x" * 500: 1}}))["errors"]
    assert error["field"] == "cards." + "x" * 39 + "…"


def test_a_number_beyond_a_float_is_shown_exactly() -> None:
    [error] = answer(json.dumps({**DEAL, "cards": {"team": "us", "points": 10**23 - 1}}))["errors"]
    assert error["code"] == "points_out_of_range"
    assert error["params"]["value"] == 99999999999999999999999
    assert (
        error["message"]["en"] == "Card points must be from 0 to 152; got 99999999999999999999999."
    )


def test_a_400_digit_number_is_shown_cut() -> None:
    [error] = answer(json.dumps({**DEAL, "cards": {"team": "us", "points": int("7" * 400)}}))[
        "errors"
    ]
    assert error["code"] == "points_out_of_range"
    shown = "7" * 39 + "…"
    assert error["params"] == {"value": shown, "max": 152}
    assert error["message"] == {
        "bg": f"Точките от картите трябва да са от 0 до 152; въведено е {shown}.",
        "en": f"Card points must be from 0 to 152; got {shown}.",
    }


def test_other_huge_numbers_are_cut_too() -> None:
    [count] = answer(json.dumps({**DEAL, "declarations": {"us": {"tierce": -(10**99)}}}))["errors"]
    assert (count["code"], count["params"]) == ("negative_count", {"value": "-1" + "0" * 37 + "…"})
    [hanging] = answer(json.dumps({**DEAL, "hanging_in": -int("9" * 200)}))["errors"]
    assert hanging["code"] == "hanging_out_of_range"
    assert hanging["params"] == {"value": "-" + "9" * 38 + "…", "max": 10_000}


def test_a_float_beyond_exact_integers_is_not_taken_for_one() -> None:
    """1e23 is what JavaScript makes of 99999999999999999999999: the core never turns it
    into another integer (99999999999999991611392) in its words."""
    [error] = answer(
        '{"version": 1, "contract": "hearts", "bidder": "us", '
        '"cards": {"team": "us", "points": 1e23}, "last_trick": "us"}'
    )["errors"]
    assert (error["code"], error["params"]) == ("not_integer", {"value": "1e+23"})
    assert "99999999999999991611392" not in json.dumps(error)
    assert (
        answer(json.dumps({**DEAL, "cards": {"team": "us", "points": 2.0**53}}))["errors"][0][
            "code"
        ]
        == "points_out_of_range"
    )


# --- the longest game: counted before a deal is read ----------------------------------


def test_a_game_of_max_deals_is_scored_and_one_more_is_refused_by_its_count() -> None:
    assert answer(json.dumps({"version": 1, "deals": [{"passed": True}] * MAX_DEALS}), True)["ok"]
    names = {"us": "Иван", "them": "Мария"}
    longer = {"version": 1, "names": names, "deals": [{"passed": True}] * (MAX_DEALS + 1)}
    [error] = answer(json.dumps(longer), game=True)["errors"]
    assert (error["code"], error["field"], error["params"]) == (
        "too_many_deals",
        "deals",
        {"deals": MAX_DEALS + 1, "max": MAX_DEALS},
    )
    assert error["message"] == {
        "bg": "Играта има 101 раздавания; най-много са 100.",
        "en": "The game has 101 deals; a game can have at most 100.",
    }
    assert "deal" not in error  # the whole game's, no deal's


def test_a_game_over_the_cap_is_refused_without_reading_a_deal() -> None:
    """12,500 deals, each wrong in its own way: the errors are the game's own and the
    count, not one of a deal's -- no deal was read."""
    bad = [{"x": index} for index in range(12_500)]
    text = json.dumps({"version": 2, "deals": bad}, separators=(",", ":"))
    errors = answer(text, game=True)["errors"]
    assert [error["code"] for error in errors] == ["unsupported_version", "too_many_deals"]
    assert errors[1]["message"] == {
        "bg": "Играта има 12\u00a0500 раздавания; най-много са 100.",
        "en": "The game has 12,500 deals; a game can have at most 100.",
    }
    with pytest.raises(InvalidInputError) as first:
        game_from_dict({"version": 1, "deals": bad})
    assert first.value.code == "too_many_deals"
