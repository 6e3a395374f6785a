"""Properties that hold for every deal and every game."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from strategies import deal_like_requests, deals, entries, json_values

from belot_core import (
    BelotError,
    Deal,
    Doubling,
    GameSheet,
    Outcome,
    Passed,
    SheetError,
    round_sum,
    score_deal,
)
from belot_core.json_api import (
    deal_from_dict,
    deal_to_dict,
    game_from_dict,
    game_to_dict,
    score_deal_json,
    score_game_json,
)
from belot_core.sheet import TARGET


@given(deals)
def test_swapping_the_team_labels_swaps_the_result(deal: Deal) -> None:
    result, mirrored = score_deal(deal), score_deal(deal.swapped())
    assert mirrored.raw == result.raw.swapped()
    assert mirrored.record == result.record.swapped()
    assert mirrored.outcome is result.outcome
    assert mirrored.hanging_out == result.hanging_out


@given(deals)
def test_recorded_and_hanging_points_are_never_negative(deal: Deal) -> None:
    result = score_deal(deal)
    assert min(result.record.us, result.record.them, result.hanging_out) >= 0


@given(deals)
def test_the_whole_deal_is_written_down_or_hangs(deal: Deal) -> None:
    """Points are conserved: both teams together record the whole deal."""
    result = score_deal(deal)
    whole = round_sum((result.raw.us + result.raw.them) * deal.doubling.multiplier)
    written = result.record.us + result.record.them + result.hanging_out
    assert written == whole + deal.hanging_in
    if deal.doubling is not Doubling.NONE or result.outcome is Outcome.INSIDE:
        # one team records everything, the other nothing
        assert min(result.record.us, result.record.them) == 0 or result.outcome is Outcome.HANGING


@given(deals.filter(lambda d: d.doubling is Doubling.NONE))
def test_a_made_deal_records_the_whole_deal_in_game_points(deal: Deal) -> None:
    result = score_deal(replace(deal, hanging_in=0))
    if result.outcome is Outcome.MADE:
        assert result.record.us + result.record.them == round_sum(result.raw.us + result.raw.them)


@given(deals)
def test_outcome_follows_the_raw_points(deal: Deal) -> None:
    result = score_deal(deal)
    bidders, defenders = result.raw[deal.bidder], result.raw[deal.defenders]
    expected = (
        Outcome.MADE
        if bidders > defenders
        else Outcome.INSIDE
        if bidders < defenders
        else Outcome.HANGING
    )
    assert result.outcome is expected


@given(deals)
def test_deal_round_trips_through_json(deal: Deal) -> None:
    assert deal_from_dict(json.loads(json.dumps(deal_to_dict(deal)))) == deal


@given(deals)
def test_json_answer_matches_the_python_answer(deal: Deal) -> None:
    answer = json.loads(score_deal_json(json.dumps(deal_to_dict(deal))))
    result = score_deal(deal)
    assert answer["ok"] is True
    assert answer["result"]["record"] == {"us": result.record.us, "them": result.record.them}
    assert answer["result"]["hanging_out"] == result.hanging_out


def _answers(text: str) -> None:
    for function in (score_deal_json, score_game_json):
        answer = json.loads(function(text))
        assert answer["ok"] in (True, False)
        if not answer["ok"]:
            assert answer["errors"]
            for error in answer["errors"]:
                assert set(error) >= {"code", "field", "params", "message"}
                assert error["message"]["bg"] and error["message"]["en"]


@given(json_values)
def test_json_functions_answer_any_json(value: Any) -> None:
    _answers(json.dumps(value))


@given(st.text(max_size=200))
def test_json_functions_answer_any_text(text: str) -> None:
    _answers(text)


@given(deal_like_requests)
def test_json_functions_answer_near_miss_requests(request: dict[str, Any]) -> None:
    _answers(json.dumps(request))
    _answers(json.dumps({"version": 1, "deals": [request, {"passed": True}]}))


@given(
    st.dictionaries(
        st.sampled_from(
            [
                "contract",
                "bidder",
                "doubling",
                "pile",
                "last_trick",
                "capot",
                "declarations",
                "hanging_in",
            ]
        ),
        json_values,
    )
)
def test_bad_python_values_only_raise_our_errors(values: dict[str, Any]) -> None:
    try:
        Deal(**values)
    except BelotError:
        pass
    except TypeError as error:  # a required keyword missing: Python's own call check
        assert "required" in str(error)


def play(entries_: list[Deal | Passed]) -> GameSheet:
    sheet = GameSheet()
    for entry in entries_:
        if sheet.finished:
            break
        sheet = sheet.append(entry)
    return sheet


@given(st.lists(entries, max_size=40))
def test_random_games(entries_: list[Deal | Passed]) -> None:
    sheet = play(entries_)
    total_us = total_them = 0
    for index, row in enumerate(sheet.rows):
        assert min(row.record.us, row.record.them, row.hanging) >= 0
        total_us, total_them = total_us + row.record.us, total_them + row.record.them
        assert (row.totals.us, row.totals.them) == (total_us, total_them)
        decides = (
            not isinstance(row.entry, Passed)
            and row.entry.capot is None
            and max(total_us, total_them) >= TARGET
            and total_us != total_them
        )
        # The game ends at the first deal that satisfies the rule, and not before.
        assert decides == (sheet.ended_at == index)
    assert sheet.totals.us == sum(row.record.us for row in sheet.rows)
    if sheet.finished:
        try:
            sheet.append(Passed())
        except SheetError as error:
            assert error.code == "game_over"
        else:
            raise AssertionError("a finished game took another deal")


@given(st.lists(entries, min_size=1, max_size=25), st.data())
def test_editing_a_deal_leaves_earlier_rows_alone(
    entries_: list[Deal | Passed], data: st.DataObject
) -> None:
    sheet = play(entries_)
    index = data.draw(st.integers(0, len(sheet.deals) - 1))
    try:
        edited = sheet.replace(index, Passed())
    except SheetError as error:  # the edit may end the game earlier
        assert error.code == "deals_after_end"
        return
    assert edited.rows[:index] == sheet.rows[:index]


@given(st.lists(entries, max_size=25))
def test_saved_games_replay_identically(entries_: list[Deal | Passed]) -> None:
    sheet = play(entries_)
    assert game_from_dict(json.loads(json.dumps(game_to_dict(sheet)))).rows == sheet.rows
