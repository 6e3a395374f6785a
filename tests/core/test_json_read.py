"""belot_core.json_read: a request's text into the core's values, every problem at once.

The contract's answers are tested through json_api (test_json_api.py,
test_json_limits.py); here, what the reader itself promises: the depth check
agrees with a character-by-character count, parse refuses what it does not read,
and a Reader stops at MAX_ERRORS.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from belot_core.errors import InvalidInputError
from belot_core.json_read import (
    MAX_DEPTH,
    MAX_ERRORS,
    MAX_INPUT_CHARS,
    Full,
    Invalid,
    Reader,
    more,
    parse,
    read_deal_request,
    read_game_request,
    too_deep,
)


def nesting(text: str) -> bool:
    """The depth check, one character at a time: what ``too_deep`` must agree with."""
    depth = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif char in "]}":
            depth -= 1
    return False


@given(
    st.lists(
        st.sampled_from(
            ["[", "{", "]", "}", '"', '""', "\\", "a", "ж", "\n", "[" * 30, "{" * 30, "]" * 30]
        ),
        max_size=200,
    ).map("".join)
)
def test_the_depth_check_skips_strings_and_escapes_exactly(text: str) -> None:
    assert too_deep(text) == nesting(text)
    # Without a backslash the check takes its other way: the same answers.
    plain = text.replace("\\", "")
    assert too_deep(plain) == nesting(plain)


@pytest.mark.parametrize(
    ("text", "deep"),
    [
        pytest.param("]" * 10 + "[" * 70 + "]" * 70, False, id="closed-first"),
        pytest.param("[" * 40 + "{" * 30 + "}" * 30 + "]" * 40, True, id="mixed"),
        pytest.param("[" * 40 + '"]]]]]]]]]"' + "{" * 30 + "}" * 30 + "]" * 40, True, id="string"),
        pytest.param("[" * 64 + "}" * 64 + "[" * 64 + "]" * 64, False, id="unmatched-64"),
        pytest.param("[" * 64 + "}" + "[" * 2 + "]" * 66, True, id="unmatched-65"),
        pytest.param("]" * 3 + "[" * 67, False, id="open-at-the-end-64"),
        pytest.param("]" * 3 + "[" * 68, True, id="open-at-the-end-65"),
        pytest.param(("[" * 9 + "]" * 9) * 500 + "[" * 65, True, id="peeled-then-65"),
        pytest.param("]" * 10 + ("[" * 74 + "]" * 74) * 50, False, id="below-zero-then-64"),
    ],
)
def test_the_depth_check_on_documents_whose_brackets_do_not_pair_up(text: str, deep: bool) -> None:
    assert too_deep(text) == nesting(text) == deep


@pytest.mark.parametrize(
    ("text", "code"),
    [
        pytest.param(b"{}", "wrong_type", id="bytes"),
        pytest.param(" " * (MAX_INPUT_CHARS + 1), "input_too_large", id="too-long"),
        pytest.param("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "invalid_json", id="deep"),
        pytest.param("{", "invalid_json", id="not-json"),
    ],
)
def test_parse_refuses_what_it_does_not_read(text: object, code: str) -> None:
    with pytest.raises(InvalidInputError) as refused:
        parse(text)
    assert (refused.value.code, refused.value.field) == (code, "")


def test_parse_reads_a_document_at_the_limits() -> None:
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert parse(nested + " " * (MAX_INPUT_CHARS - len(nested))) is not None


def test_a_reader_stops_at_max_errors_and_readers_of_a_request_share_the_count() -> None:
    first = Reader()
    second = Reader("deals[0].", first.errors)
    for index in range(MAX_ERRORS):
        (first if index % 2 else second).fail("missing_field", f"f{index}", name="x")
    with pytest.raises(Full):
        second.fail("missing_field", "one_more", name="x")
    assert len(first.errors) == MAX_ERRORS
    assert first.errors[0].field == "deals[0].f0" and first.errors[1].field == "f1"
    assert [error.code for error in more(first.errors)][-1] == "too_many_errors"


def test_requests_raise_every_problem_at_once() -> None:
    with pytest.raises(Invalid) as deal:
        read_deal_request({"version": 2, "contract": "x", "names": {"us": "Иван"}})
    codes = [error.code for error in deal.value.errors]
    assert codes[:2] == ["missing_field", "missing_field"] and "unsupported_version" in codes
    assert deal.value.names is not None and deal.value.names.us == "Иван"
    with pytest.raises(Invalid) as game:
        read_game_request({"version": 1, "deals": [{}], "explain": "some"})
    assert [error.code for error in game.value.errors][-1] == "invalid_choice"
    with pytest.raises(Invalid) as no_explain:
        read_game_request({"version": 1, "deals": [], "explain": "none"}, explain=False)
    assert [error.code for error in no_explain.value.errors] == ["unknown_field"]


def table_problems(**table: object) -> list[tuple[str, str]]:
    """(code, field) of every problem of an empty game with this table."""
    with pytest.raises(Invalid) as game:
        read_game_request({"version": 1, "deals": [], **table})
    return [(error.code, error.field) for error in game.value.errors]


@pytest.mark.parametrize(
    ("table", "problems"),
    [
        pytest.param({"seats": []}, [("wrong_type", "seats")], id="seats-a-list"),
        pytest.param({"seats": {"us": "Иван"}}, [("wrong_type", "seats.us")], id="team-a-string"),
        pytest.param(
            {"seats": {"us": ["a"], "them": ["b", "c", "d"]}},
            [("two_players", "seats.us"), ("two_players", "seats.them")],
            id="not-two",
        ),
        pytest.param(
            {"seats": {"us": [1, "x" * 41], "three": []}},
            [
                ("unknown_field", "seats.three"),
                ("wrong_type", "seats.us[0]"),
                ("name_too_long", "seats.us[1]"),
            ],
            id="bad-names",
        ),
        pytest.param(
            {"seats": {"us": ["Ана", ""], "them": [" ана ", None]}},
            [("player_twice", "seats.them[0]")],
            id="twice",
        ),
        pytest.param({"dealer": 4}, [("seat_out_of_range", "dealer")], id="dealer-4"),
        pytest.param({"dealer": "0"}, [("not_integer", "dealer")], id="dealer-text"),
        pytest.param(
            {"match": {"id": "мач", "to": 5}},
            [("invalid_match_id", "match.id")],
            id="match-id",
        ),
        pytest.param(
            {"match": {"id": "m-1", "to": 9}},
            [("match_to_out_of_range", "match.to")],
            id="match-to",
        ),
        pytest.param(
            {"match": {"to": "2"}},
            [("missing_field", "match.id"), ("not_integer", "match.to")],
            id="match-fields",
        ),
        pytest.param({"match": {"id": 7, "to": 2}}, [("wrong_type", "match.id")], id="match-id-7"),
        pytest.param({"match": "m-1"}, [("wrong_type", "match")], id="match-a-string"),
        pytest.param({"note": 7}, [("wrong_type", "note")], id="note-a-number"),
        pytest.param({"note": "ж" * 201}, [("note_too_long", "note")], id="note-too-long"),
        pytest.param(
            {"dealer": 9, "note": 1, "seats": {"us": ["a"]}},
            [("two_players", "seats.us"), ("seat_out_of_range", "dealer"), ("wrong_type", "note")],
            id="all-at-once",
        ),
    ],
)
def test_a_games_table_is_read_with_every_problem_at_once(
    table: dict[str, object], problems: list[tuple[str, str]]
) -> None:
    assert table_problems(**table) == problems


def test_a_games_table_is_read_cleaned() -> None:
    table = {
        "seats": {"us": [" Иван\u202e ", None], "them": None},
        "dealer": 3.0,
        "match": {"id": "m-1", "to": 4},
        "note": " На\nвилата ",
    }
    sheet, _ = read_game_request({"version": 1, "deals": [], **table})
    assert sheet.seats.us == ("Иван", "") and sheet.seats.them == ("", "")
    assert (sheet.dealer, sheet.match and sheet.match.to, sheet.note) == (3, 4, "На вилата")
