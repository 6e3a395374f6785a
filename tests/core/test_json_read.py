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
