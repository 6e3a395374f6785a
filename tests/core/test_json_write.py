"""belot_core.json_write: the core's values into an answer's text, never an exception.

The answers themselves are tested through json_api (test_json_api.py); here, what
the writer promises: the boundary turns every refusal into an answer, an error
carries its deal's index, and a game written from its rows' texts is the game
written whole.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from belot_core import GameSheet, Names, Passed
from belot_core.errors import InvalidInputError, SheetError
from belot_core.json_api import score_game_json
from belot_core.json_read import JSON, MAX_ERRORS, Invalid, Reader, read_game_request
from belot_core.json_write import (
    SEPARATORS,
    answer,
    error_json,
    game_result,
    game_result_text,
)


def test_the_boundary_answers_every_refusal() -> None:
    def refuse_all(data: JSON) -> dict[str, JSON]:
        raise Invalid([InvalidInputError("missing_field", "a", name="a")], Names(us="Иван"))

    def refuse_one(data: JSON) -> dict[str, JSON]:
        raise SheetError("nothing_to_undo", "deals")

    def stop(data: JSON) -> dict[str, JSON]:
        reader = Reader()
        for index in range(MAX_ERRORS + 1):
            reader.fail("unknown_field", f"f{index}", name=f"f{index}")
        return {}

    def accept(data: JSON) -> dict[str, JSON]:
        return {"echo": data}

    assert json.loads(answer(accept, '{"a": "ж"}')) == {"ok": True, "result": {"echo": {"a": "ж"}}}
    assert "ж" in answer(accept, '{"a": "ж"}')  # written as UTF-8, not \\u escapes
    # Written without spaces: the answers are for programs, and a seventh shorter.
    assert answer(accept, '{"a": [1, 2]}') == '{"ok":true,"result":{"echo":{"a":[1,2]}}}'
    [missing] = json.loads(answer(refuse_all, "{}"))["errors"]
    assert (missing["code"], missing["field"]) == ("missing_field", "a")
    [undo] = json.loads(answer(refuse_one, "{}"))["errors"]
    assert undo["code"] == "nothing_to_undo"
    stopped = json.loads(answer(stop, "{}"))["errors"]
    assert [error["code"] for error in stopped][-2:] == ["unknown_field", "too_many_errors"]
    assert len(stopped) == MAX_ERRORS + 1
    [not_json] = json.loads(answer(accept, "{"))["errors"]
    assert not_json["code"] == "invalid_json"


def test_an_error_in_a_deal_names_the_deal_and_a_huge_number_is_cut() -> None:
    error = error_json(InvalidInputError("points_out_of_range", "deals[12].cards", value=10**50))
    assert error["deal"] == 12
    assert error["params"]["value"] == "1" + "0" * 38 + "…"
    assert "deal" not in error_json(InvalidInputError("missing_field", "deals", name="deals"))
    # Among a book's games: the game's index, and the deal's within it.
    for field, game, deal in (
        ("games[2].game.deals[3].cards", 2, 3),
        ("games[2].game.dealer", 2, None),
        ("games[4]", 4, None),
        ("games[1].date", 1, None),
        ("games", None, None),
    ):
        data = error_json(InvalidInputError("wrong_type", field, expected="object", value="1"))
        assert (data.get("game"), data.get("deal")) == (game, deal), field


def test_a_game_written_from_its_rows_is_the_game_written_whole() -> None:
    sheet = GameSheet((Passed(), Passed()), names=Names(us="Иван"))
    for explain in (None, frozenset(), frozenset({1})):
        whole: dict[str, Any] = game_result(sheet, explain)
        text = json.dumps(whole, ensure_ascii=False, separators=SEPARATORS)
        assert game_result_text(sheet, explain) == text
    read, rows = read_game_request({"version": 1, "deals": [{"passed": True}], "explain": "last"})
    assert rows == frozenset({0}) and "explanation" in game_result(read, rows)["rows"][0]


@pytest.mark.parametrize("name", ["deals[", "deals[7", "deals[x]"])
def test_an_unknown_field_that_looks_like_a_deal_is_answered_not_raised(name: str) -> None:
    """Hypothesis found '{"deals[": null}' made read_game_link_json raise (the error's
    deal number was taken from any field starting "deals[")."""
    from belot_core.link import read_game_link_json

    for reply in (
        json.loads(read_game_link_json(json.dumps({name: None}))),
        json.loads(score_game_json(json.dumps({"version": 1, name: 1, "deals": []}))),
    ):
        assert reply["ok"] is False
        unknown = [error for error in reply["errors"] if error["code"] == "unknown_field"]
        assert unknown and "deal" not in unknown[0]
