"""The game sheet: carried hanging points, editing, and the end of the game."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from belot_core import ByTeam, Contract, Deal, GameSheet, Passed, Pile, SheetError, Team
from belot_core.errors import InvalidInputError
from belot_core.json_api import game_from_dict, game_to_dict, score_game_json

US, THEM = Team.US, Team.THEM


def deal(contract: Contract, bidder: Team, points: int, last: Team, **more: Any) -> Deal:
    return Deal(
        contract=contract, bidder=bidder, pile=Pile(team=US, points=points), last_trick=last, **more
    )


CASE_5 = deal(Contract.DIAMONDS, US, 81, THEM)
CASE_6 = deal(Contract.ALL_TRUMPS, THEM, 119, US)
CASE_7 = deal(Contract.SPADES, US, 86, US)
# Made by us in hearts, 112 : 50 → we record 11, they 5.
WIN_US = deal(Contract.HEARTS, US, 102, US)
CAPOT_US = deal(Contract.CLUBS, US, 152, US, capot=US)  # 252 : 0 → 25


def test_the_spec_three_deal_game() -> None:
    sheet = GameSheet((CASE_5, CASE_6, CASE_7))
    assert [row.record for row in sheet.rows] == [
        ByTeam(us=0, them=8),
        ByTeam(us=13, them=0),
        ByTeam(us=30, them=7),
    ]
    assert [row.hanging for row in sheet.rows] == [8, 21, 0]
    assert sheet.totals == ByTeam(us=43, them=15)
    assert sheet.hanging == 0
    assert sheet.winner is None


def test_append_undo_replace_delete() -> None:
    sheet = GameSheet().append(CASE_5).append(CASE_6)
    assert sheet.hanging == 21
    assert sheet.undo().hanging == 8
    # Deleting the first hanging deal: case 6 now carries nothing in.
    assert sheet.delete(0).rows[0].record == ByTeam(us=13, them=0)
    assert sheet.delete(0).hanging == 13
    changed = sheet.replace(0, WIN_US)
    assert changed.rows[0].record == ByTeam(us=11, them=5)
    assert changed.rows[1].hanging == 13


def test_editing_a_deal_leaves_earlier_rows_alone() -> None:
    sheet = GameSheet((CASE_5, CASE_6, CASE_7, WIN_US))
    edited = sheet.replace(2, WIN_US)
    assert edited.rows[:2] == sheet.rows[:2]
    assert edited.rows[2].record != sheet.rows[2].record


def test_sheet_misuse_errors() -> None:
    with pytest.raises(SheetError) as raised:
        GameSheet().undo()
    assert raised.value.code == "nothing_to_undo"
    with pytest.raises(SheetError) as raised:
        GameSheet((CASE_5,)).replace(3, CASE_6)
    assert (raised.value.code, raised.value.params["index"]) == ("no_such_deal", 4)
    with pytest.raises(SheetError):
        GameSheet((CASE_5,)).delete(-1)
    with pytest.raises(InvalidInputError) as typed:
        GameSheet((replace(CASE_5, hanging_in=4),))
    assert typed.value.code == "hanging_in_on_sheet"


def test_151_wins_and_a_finished_game_takes_no_more_deals() -> None:
    sheet = GameSheet((WIN_US,) * 14)  # 14 × 11 = 154 : 70
    assert sheet.totals == ByTeam(us=154, them=70)
    assert sheet.winner is US and sheet.ended_at == 13
    assert [row.totals.us >= 151 for row in sheet.rows].index(True) == 13
    with pytest.raises(SheetError) as raised:
        sheet.append(WIN_US)
    assert raised.value.code == "game_over"
    assert raised.value.params["winner"] == "us"


def test_a_game_cannot_end_on_a_capot() -> None:
    sheet = GameSheet((WIN_US,) * 13 + (CAPOT_US,))  # 143 + 25 = 168, but a capot
    assert sheet.totals.us == 168
    assert sheet.winner is None
    # A passed deal is replayed, so it does not decide either.
    sheet = sheet.append(Passed())
    assert sheet.winner is None
    # The first later deal that is not a capot decides, whoever made it.
    lost = deal(Contract.HEARTS, THEM, 102, US)  # they bid, 112 : 50 → they are inside
    sheet = sheet.append(lost)
    assert sheet.winner is US


THEM_ELEVEN = deal(Contract.HEARTS, THEM, 50, THEM)  # they bid, 112 : 50 → 5 / 11


def level_at_144() -> GameSheet:
    sheet = GameSheet()
    for _ in range(9):
        sheet = sheet.append(WIN_US).append(THEM_ELEVEN)
    assert sheet.totals == ByTeam(us=144, them=144) and sheet.winner is None
    return sheet


def test_equal_totals_over_151_play_on() -> None:
    thirteen_each = deal(Contract.ALL_TRUMPS, US, 124, US)  # 134 : 124 → 13 / 13
    sheet = level_at_144().append(thirteen_each)
    assert sheet.totals == ByTeam(us=157, them=157)
    # "if they are equal, play continues until one leads"
    assert sheet.winner is None
    assert sheet.append(THEM_ELEVEN).winner is THEM


def test_both_over_151_the_higher_total_wins() -> None:
    nine_seven = deal(Contract.SPADES, US, 86, US)  # 96 : 66 → 9 / 7
    sheet = level_at_144().append(nine_seven)
    assert sheet.totals == ByTeam(us=153, them=151)
    assert sheet.winner is US


def test_points_hanging_at_the_end_are_unclaimed() -> None:
    sheet = GameSheet((WIN_US,) * 13 + (CASE_5,))  # 143 : 65 + 8, then hangs 8
    assert sheet.winner is None
    hanging_win = deal(Contract.DIAMONDS, THEM, 81, THEM)  # they bid, 81 : 81 hangs
    # defenders (us) record 8 → 151 and win; 8 + 8 stay hanging, unclaimed.
    sheet = GameSheet((WIN_US,) * 13 + (hanging_win,))
    assert sheet.totals.us == 151 and sheet.winner is US
    assert sheet.hanging == 8
    answer = json.loads(score_game_json(json.dumps(game_to_dict(sheet))))
    assert answer["result"]["unclaimed"] == 8


def test_game_json_contract() -> None:
    request = {
        "version": 1,
        "deals": [
            {
                "contract": "diamonds",
                "bidder": "us",
                "cards": {"team": "us", "points": 81},
                "last_trick": "them",
            },
            {"passed": True},
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
    answer = json.loads(score_game_json(json.dumps(request)))
    assert answer["ok"] is True
    result = answer["result"]
    assert [(r["record"], r["hanging"], r["totals"]) for r in result["rows"]] == [
        ({"us": 0, "them": 8}, 8, {"us": 0, "them": 8}),
        ({"us": 0, "them": 0}, 8, {"us": 0, "them": 8}),
        ({"us": 13, "them": 0}, 21, {"us": 13, "them": 8}),
        ({"us": 30, "them": 7}, 0, {"us": 43, "them": 15}),
    ]
    assert result["rows"][1]["passed"] is True
    assert (result["totals"], result["hanging"], result["winner"]) == (
        {"us": 43, "them": 15},
        0,
        None,
    )


@pytest.mark.parametrize(
    ("deals", "expected"),
    [
        pytest.param(
            [{"contract": "hearts"}],
            [
                ("missing_field", "deals[0].bidder", 0),
                ("missing_field", "deals[0].cards", 0),
                ("missing_field", "deals[0].last_trick", 0),
            ],
            id="missing",
        ),
        pytest.param(
            [{"passed": True}, {"passed": False}],
            [("wrong_type", "deals[1].passed", 1)],
            id="passed-false",
        ),
        pytest.param([{"passed": True}, 3], [("wrong_type", "deals[1]", 1)], id="not-object"),
        pytest.param(
            [
                {"passed": True},
                {
                    "contract": "hearts",
                    "bidder": "us",
                    "hanging_in": 3,
                    "cards": {"team": "us", "points": 82},
                    "last_trick": "us",
                },
            ],
            [("unknown_field", "deals[1].hanging_in", 1)],
            id="hanging-typed",
        ),
    ],
)
def test_game_json_errors_name_the_deal(
    deals: list[Any], expected: list[tuple[str, str, int]]
) -> None:
    answer = json.loads(score_game_json(json.dumps({"version": 1, "deals": deals})))
    assert answer["ok"] is False
    assert [(e["code"], e["field"], e["deal"]) for e in answer["errors"]] == expected


def test_game_json_deals_after_the_end() -> None:
    sheet = GameSheet((WIN_US,) * 14)
    data = game_to_dict(sheet)
    data["deals"].append(data["deals"][0])
    answer = json.loads(score_game_json(json.dumps(data)))
    (error,) = answer["errors"]
    assert (error["code"], error["deal"]) == ("deals_after_end", 14)
    assert error["message"]["en"] == "The game ends with deal 14; deal 15 comes after the end."


def test_saved_game_replays_identically() -> None:
    sheet = GameSheet((CASE_5, Passed(), CASE_6, CASE_7, WIN_US))
    saved = json.dumps(game_to_dict(sheet))
    replayed = game_from_dict(json.loads(saved))
    assert replayed == sheet
    assert replayed.rows == sheet.rows
