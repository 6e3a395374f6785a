"""The game sheet: carried hanging points, editing, and the end of the game."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from belot_core import (
    Announced,
    ByTeam,
    Contract,
    Deal,
    Declarations,
    Doubling,
    GameSheet,
    GameStatus,
    Names,
    Passed,
    Pile,
    Rules,
    SheetError,
    Team,
)
from belot_core.errors import InvalidInputError
from belot_core.json_api import game_from_dict, game_to_dict, score_game_json
from belot_core.sheet import MAX_DEALS
from belot_core.table import Match, Seats

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


# --- team names ------------------------------------------------------------------

NAMED = {"us": "Иван и Петър", "them": "Ann & Ivo"}


def test_a_sheet_keeps_its_names_through_every_change() -> None:
    names = Names(us="Иван и Петър")
    sheet = GameSheet((CASE_5,), names=names)
    assert sheet.append(CASE_6).names == names
    assert sheet.append(CASE_6).undo().names == names
    assert sheet.replace(0, CASE_7).names == names
    assert sheet.delete(0).names == names


def test_a_sheet_refuses_names_that_are_not_names() -> None:
    with pytest.raises(InvalidInputError) as raised:
        GameSheet((), names={"us": "Ann"})  # type: ignore[arg-type]
    assert (raised.value.code, raised.value.field) == ("wrong_type", "names")


def test_names_reach_every_row_of_a_game() -> None:
    game = {
        "version": 1,
        "names": NAMED,
        "deals": [
            {
                "contract": "diamonds",
                "bidder": "us",
                "cards": {"team": "us", "points": 81},
                "last_trick": "them",
            },
            {"passed": True},
        ],
    }
    answer = json.loads(score_game_json(json.dumps(game)))
    rows = answer["result"]["rows"]
    assert rows[0]["explanation"][-1]["message"]["bg"] == (
        "Пише се: Иван и Петър 0, Ann & Ivo 8; висят 8."
    )
    assert rows[1]["explanation"][0]["message"]["en"] == (
        "All four passed: the deal is replayed; 8 hanging points stay."
    )
    sheet = game_from_dict(game)
    assert sheet.names == Names(us="Иван и Петър", them="Ann & Ivo")
    assert game_to_dict(sheet) == {**game, "deals": game_to_dict(sheet)["deals"]}
    assert game_from_dict(json.loads(json.dumps(game_to_dict(sheet)))) == sheet


def test_a_game_without_names_is_written_without_them() -> None:
    assert "names" not in game_to_dict(GameSheet((CASE_5,)))


def test_names_in_a_game_are_checked() -> None:
    game = {"version": 1, "names": {"us": "x" * 41}, "deals": []}
    (error,) = json.loads(score_game_json(json.dumps(game)))["errors"]
    assert (error["code"], error["field"]) == ("name_too_long", "names.us")
    game = {"version": 1, "names": NAMED, "deals": [{"names": NAMED, "passed": True}]}
    assert [e["code"] for e in json.loads(score_game_json(json.dumps(game)))["errors"]] == [
        "unknown_field"
    ]


def test_a_named_game_words_its_errors_with_the_names() -> None:
    deal_ = {
        "contract": "clubs",
        "bidder": "us",
        "cards": {"team": "us", "points": 100},
        "last_trick": "us",
        "capot": "them",
    }
    game = {"version": 1, "names": NAMED, "deals": [deal_]}
    (error,) = json.loads(score_game_json(json.dumps(game)))["errors"]
    assert error["field"] == "deals[0].capot"
    assert error["message"]["en"] == (
        "A capot means Ann & Ivo took every trick: all 152 card points and the last trick."
    )


def test_a_game_may_hold_deals_entered_as_announced() -> None:
    announced = {
        "contract": "hearts",
        "bidder": "us",
        "cards": {"team": "us", "points": 90},
        "last_trick": "us",
        "announced": {"us": {"quarte": 1, "tierce": 1}, "them": {"quarte": 1}},
        "higher": {"sequence": "us"},
    }
    game = {"version": 1, "deals": [announced, {**announced, "higher": {"sequence": "equal"}}]}
    result = json.loads(score_game_json(json.dumps(game)))["result"]
    assert [row["record"] for row in result["rows"]] == [
        {"us": 17, "them": 6},  # D4
        {"us": 10, "them": 6},  # D5
    ]
    assert not any("questions" in row for row in result["rows"])  # the deals have the answers
    written = game_to_dict(game_from_dict(game))["deals"]
    assert [(deal_["announced"], deal_["higher"]) for deal_ in written] == [
        (announced["announced"], {"sequence": "us"}),
        (announced["announced"], {"sequence": "equal"}),
    ]
    assert not any("declarations" in deal_ for deal_ in written)
    unanswered = {"version": 1, "deals": [{**announced, "higher": {}}]}
    (error,) = json.loads(score_game_json(json.dumps(unanswered)))["errors"]
    assert (error["code"], error["field"], error["deal"]) == (
        "needs_answer",
        "deals[0].higher.sequence",
        0,
    )


# Where the game stands, after each deal: the sheet says why a game at 151 goes on.


def test_status_after_every_deal() -> None:
    assert GameSheet().status is GameStatus.PLAYING
    sheet = GameSheet((WIN_US, Passed(), WIN_US))
    assert [row.status for row in sheet.rows] == [
        GameStatus.PLAYING,
        GameStatus.PASSED,
        GameStatus.PLAYING,
    ]
    # A capot to 151 or more ends nothing, and a passed deal after it changes nothing.
    sheet = GameSheet((WIN_US,) * 13 + (CAPOT_US, Passed()))
    assert sheet.totals.us == 168 and sheet.winner is None
    assert [row.status for row in sheet.rows[-3:]] == [
        GameStatus.PLAYING,
        GameStatus.CAPOT,
        GameStatus.CAPOT,
    ]
    assert sheet.append(WIN_US).status is GameStatus.WON


def test_status_tied_at_151_or_more() -> None:
    thirteen_each = deal(Contract.ALL_TRUMPS, US, 124, US)  # 134 : 124 → 13 / 13
    sheet = level_at_144().append(thirteen_each)
    assert sheet.status is GameStatus.TIED
    assert sheet.append(THEM_ELEVEN).status is GameStatus.WON


def status_of(game: dict[str, Any]) -> tuple[list[str | None], tuple[str, Any, str, str]]:
    """Each row's status code (None: the game goes on), and the game's status in words."""
    result = json.loads(score_game_json(json.dumps(game)))["result"]
    rows = [row["status"]["code"] if "status" in row else None for row in result["rows"]]
    status = result["status"]
    assert status["code"] == (rows[-1] or "status_playing")  # the last row's
    return rows, (
        status["code"],
        status["params"],
        status["message"]["bg"],
        status["message"]["en"],
    )


def test_game_json_says_where_the_game_stands_in_both_languages() -> None:
    capot = game_to_dict(GameSheet((WIN_US,) * 13 + (CAPOT_US, Passed(), WIN_US)))
    rows, won = status_of(capot)
    # A row says where the game stands only when it does not simply go on.
    assert rows == [None] * 13 + ["status_capot", "status_capot", "status_won"]
    assert won == (
        "status_won",
        {"us": 179, "them": 70, "winner": "us"},
        "Ние печелим играта: 179 : 70.",
        "We win the game: 179 : 70.",
    )
    playing = ("status_playing", {"us": 143, "them": 65}, "Играта продължава.", "The game goes on.")
    on_capot = (
        "status_capot",
        {"us": 168, "them": 65},
        "Капо – играта не свършва с капо; решава следващото раздаване.",
        "Capot – a game never ends on a capot; one more deal decides.",
    )
    after = [status_of({**capot, "deals": capot["deals"][:count]})[1] for count in (13, 14, 15)]
    assert after == [playing, on_capot, on_capot]
    tied = game_to_dict(level_at_144().append(deal(Contract.ALL_TRUMPS, US, 124, US)))
    assert status_of(tied)[1] == (
        "status_tied",
        {"us": 157, "them": 157},
        "Равни на 157 – играе се още.",
        "Tied at 157 – play on.",
    )
    passed = {"version": 1, "names": {"them": "Ана и Иво"}, "deals": [{"passed": True}]}
    assert status_of(passed) == (
        ["status_passed"],
        (
            "status_passed",
            {"us": 0, "them": 0},
            "Всички казаха пас – раздаването се повтаря.",
            "All passed – the deal is replayed.",
        ),
    )
    named = {**game_to_dict(level_at_144().append(THEM_ELEVEN)), "names": {"them": "Ана и Иво"}}
    assert status_of(named)[1][2:] == (
        "Ана и Иво печелят играта: 149 : 155.",
        "Ана и Иво win the game: 149 : 155.",
    )


def test_game_json_rows_carry_their_doubling() -> None:
    contra = replace(CASE_7, doubling=Doubling.CONTRA)
    recontra = replace(CASE_5, doubling=Doubling.RECONTRA)
    result = json.loads(
        score_game_json(json.dumps(game_to_dict(GameSheet((contra, Passed(), recontra, CASE_6)))))
    )
    rows = result["result"]["rows"]
    assert [row.get("doubling") for row in rows] == ["contra", None, "recontra", "none"]
    assert "doubling" not in rows[1]  # a passed deal was not played


# --- house rules: one rule set per game, unless a deal keeps its own --------------

# Case 17 of docs/rules-cases.md (recontra, 110 : 52): 65 by the rule book, 64 rounding first.
RECONTRA = deal(Contract.SPADES, US, 100, US, doubling=Doubling.RECONTRA)
ROUNDING_FIRST = Rules.of("round_before_multiply")


def test_a_sheet_scores_every_deal_by_its_rules() -> None:
    book = GameSheet((CASE_5, RECONTRA))
    house = GameSheet((CASE_5, RECONTRA), rules=ROUNDING_FIRST)
    # The 8 hanging from case 5 go to us on top of the recontra, never multiplied.
    assert [row.record for row in book.rows] == [ByTeam(us=0, them=8), ByTeam(us=73, them=0)]
    assert [row.record for row in house.rows] == [ByTeam(us=0, them=8), ByTeam(us=72, them=0)]
    assert all(isinstance(entry, Deal) and entry.rules == ROUNDING_FIRST for entry in house.deals)
    assert house.rows[1].result is not None
    assert house.rows[1].result.applied == ("round_before_multiply",)


def test_changing_the_rules_rescores_every_deal_and_keeps_the_deals() -> None:
    sheet = GameSheet((CASE_5, RECONTRA), names=Names(us="Иван"))
    house = sheet.with_rules(ROUNDING_FIRST)
    assert house.totals == ByTeam(us=72, them=8)
    assert house.names == sheet.names
    back = house.with_rules(Rules())
    assert back == sheet and back.rows == sheet.rows
    # A deal appended to a house-rules sheet is scored by the sheet's rules.
    assert house.append(RECONTRA).rows[-1].record == ByTeam(us=64, them=0)


def test_rules_that_need_another_answer_name_the_deal() -> None:
    """One contest decides without the answer the rule book needs: going back to the
    rule book then asks for it, at that deal."""
    both_quartes = Announced(
        declarations=ByTeam(us=Declarations(quarte=1, carre_jacks=1), them=Declarations(quarte=1))
    )
    pooled = Rules.of("one_declaration_contest")
    sheet = GameSheet(
        (CASE_5, deal(Contract.HEARTS, US, 90, US, announced=both_quartes, rules=pooled)),
        rules=pooled,
    )
    assert sheet.rows[1].record == ByTeam(us=35 + 8, them=6)
    with pytest.raises(InvalidInputError) as raised:
        sheet.with_rules(Rules())
    assert (raised.value.code, raised.value.field) == ("needs_answer", "deals[1].higher.sequence")


def test_a_sheet_refuses_rules_that_are_not_rules() -> None:
    with pytest.raises(InvalidInputError) as raised:
        GameSheet((), rules={"round_before_multiply": True})  # type: ignore[arg-type]
    assert (raised.value.code, raised.value.field) == ("wrong_type", "rules")


HOUSE_GAME: dict[str, Any] = {
    "version": 1,
    "rules": {"round_before_multiply": True, "capot_cancels_contra": False},
    "deals": [
        {
            "contract": "diamonds",
            "bidder": "us",
            "cards": {"team": "us", "points": 81},
            "last_trick": "them",
        },
        {
            "contract": "spades",
            "bidder": "us",
            "cards": {"team": "us", "points": 100},
            "last_trick": "us",
            "doubling": "recontra",
        },
    ],
}


def test_a_game_with_house_rules_through_json() -> None:
    answer = json.loads(score_game_json(json.dumps(HOUSE_GAME)))
    assert answer["ok"] is True, answer
    result = answer["result"]
    assert result["rules"] == {"round_before_multiply": True}  # echoed; false is off
    assert [row["record"] for row in result["rows"]] == [
        {"us": 0, "them": 8},
        {"us": 72, "them": 0},
    ]
    # A row names the house rules that changed its numbers, if any; it plays the game's
    # rules (the answer's "rules"), so it does not repeat them.
    assert [row.get("applied_rules") for row in result["rows"]] == [
        None,
        ["round_before_multiply"],
    ]
    assert not any("rules" in row for row in result["rows"])
    assert {
        "bg": "Домашно правило „Закръгляне преди контрата“: 162 → 16, × 4 = 64.",
        "en": "House rule “Rounding before contra”: 162 → 16, × 4 = 64.",
    } in [step["message"] for step in result["rows"][1]["explanation"]]


def test_saved_games_carry_their_rules() -> None:
    sheet = game_from_dict(HOUSE_GAME)
    assert sheet.rules == ROUNDING_FIRST
    saved = game_to_dict(sheet)
    assert saved["rules"] == {"round_before_multiply": True}
    assert all("rules" not in entry for entry in saved["deals"])
    assert game_from_dict(json.loads(json.dumps(saved))) == sheet


def test_a_game_without_rules_plays_the_rule_book() -> None:
    book = {key: value for key, value in HOUSE_GAME.items() if key != "rules"}
    sheet = game_from_dict(book)
    assert sheet.rules == Rules()
    assert "rules" not in game_to_dict(sheet)  # written as before house rules existed
    result = json.loads(score_game_json(json.dumps(book)))["result"]
    assert result["rules"] == {} and result["rows"][1]["record"] == {"us": 73, "them": 0}
    assert score_game_json(json.dumps({**book, "rules": {}})) == score_game_json(json.dumps(book))
    assert score_game_json(json.dumps({**book, "rules": None})) == score_game_json(json.dumps(book))


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        pytest.param(
            {"rules": {"round_after": True}},
            [("unknown_rule", "rules.round_after", None)],
            id="unknown-rule",
        ),
        pytest.param(
            {"rules": {"round_before_multiply": "yes"}},
            [("wrong_type", "rules.round_before_multiply", None)],
            id="not-a-boolean",
        ),
        pytest.param(
            {"rules": ["round_before_multiply"]}, [("wrong_type", "rules", None)], id="a-list"
        ),
        pytest.param(
            {"deals": [{**HOUSE_GAME["deals"][0], "rules": {"round_after": True}}]},
            [("unknown_rule", "deals[0].rules.round_after", 0)],
            id="a-deal's-unknown-rule",
        ),
        pytest.param(
            {"deals": [{**HOUSE_GAME["deals"][0], "rules": ["round_before_multiply"]}]},
            [("wrong_type", "deals[0].rules", 0)],
            id="a-deal's-rules-a-list",
        ),
        pytest.param(
            {"deals": [{"passed": True, "rules": {}}]},
            [("unknown_field", "deals[0].rules", 0)],
            id="a-passed-deal-has-no-rules",
        ),
    ],
)
def test_bad_game_rules_get_specific_errors(
    change: dict[str, Any], expected: list[tuple[str, str, int | None]]
) -> None:
    answer = json.loads(score_game_json(json.dumps({**HOUSE_GAME, **change})))
    assert answer["ok"] is False
    assert [(e["code"], e["field"], e.get("deal")) for e in answer["errors"]] == expected


# A table switches on "rounding before contra" after the hanging deal of docs/rules-cases.md and
# the recontra: by the rule book they wrote 0 / 8 and 73 / 0.
BOOK_SO_FAR = GameSheet((CASE_5, RECONTRA))


def test_from_the_next_deal_on_the_deals_so_far_keep_their_rules_and_numbers() -> None:
    later = BOOK_SO_FAR.with_rules(ROUNDING_FIRST, from_deal=2)
    assert later.rules == ROUNDING_FIRST
    assert later.deal_rules == (Rules(), Rules())
    assert later.rows == BOOK_SO_FAR.rows
    # The next deal is scored by the new rules: recontra 162 → 16, × 4 = 64.
    after = later.append(RECONTRA)
    assert after.rows[:2] == BOOK_SO_FAR.rows
    assert after.rows[2].record == ByTeam(us=64, them=0)
    assert [after.rules_of(index) for index in range(3)] == [Rules(), Rules(), ROUNDING_FIRST]
    # Rescoring every deal instead drops what the deals kept.
    assert after.with_rules(ROUNDING_FIRST) == GameSheet(
        (CASE_5, RECONTRA, RECONTRA), rules=ROUNDING_FIRST
    )


def test_from_a_deal_in_the_middle_on() -> None:
    changed = BOOK_SO_FAR.with_rules(ROUNDING_FIRST, from_deal=1)
    assert changed.deal_rules == (Rules(), None)
    assert changed.rows[0] == BOOK_SO_FAR.rows[0]
    assert changed.rows[1].record == ByTeam(us=72, them=0)  # 64 + the 8 hanging


def test_a_deal_keeps_its_rules_through_edits_deletes_and_undo() -> None:
    sheet = BOOK_SO_FAR.with_rules(ROUNDING_FIRST, from_deal=2).append(RECONTRA)
    # An edited deal is scored by the rules it was played under.
    edited = sheet.replace(1, replace(RECONTRA, pile=Pile(team=US, points=90)))
    assert edited.deal_rules == (Rules(), Rules(), None)
    assert edited.rows[1].result is not None and edited.rows[1].result.rules == Rules()
    # Deleting a deal takes its rules with it; the others stay with theirs.
    deleted = sheet.delete(0)
    assert deleted.deal_rules == (Rules(), None)
    assert deleted.rows[0].record == ByTeam(us=65, them=0)
    assert deleted.rows[1].record == ByTeam(us=64, them=0)
    assert sheet.undo().deal_rules == (Rules(), Rules())
    # A later change of rules from the next deal on keeps each deal's own.
    again = sheet.with_rules(Rules.of("capot_cancels_contra"), from_deal=3)
    assert again.deal_rules == (Rules(), Rules(), ROUNDING_FIRST)
    assert again.rows == sheet.rows


def test_deal_rules_that_are_the_sheets_or_of_a_passed_deal_are_dropped() -> None:
    sheet = GameSheet(
        (CASE_5, Passed(), RECONTRA),
        rules=ROUNDING_FIRST,
        deal_rules=(ROUNDING_FIRST, Rules()),
    )
    assert sheet.deal_rules == (None, None, None)
    assert sheet == GameSheet((CASE_5, Passed(), RECONTRA), rules=ROUNDING_FIRST)


@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda: GameSheet((CASE_5,), deal_rules=(None, None)), "deal_rules"),
        (lambda: GameSheet((CASE_5,), deal_rules=[None]), "deal_rules"),  # type: ignore[arg-type]
        (
            lambda: GameSheet((CASE_5,), deal_rules=({"round_before_multiply": True},)),
            "deal_rules[0]",
        ),  # type: ignore[arg-type]
    ],
    ids=["more-than-deals", "a-list", "not-rules"],
)
def test_bad_deal_rules_raise(build: Any, field: str) -> None:
    with pytest.raises(InvalidInputError) as raised:
        build()
    assert (raised.value.code, raised.value.field) == ("wrong_type", field)


@pytest.mark.parametrize("from_deal", [-1, 3, True, "1"])
def test_from_a_deal_that_is_not_there(from_deal: Any) -> None:
    with pytest.raises(SheetError) as raised:
        BOOK_SO_FAR.with_rules(ROUNDING_FIRST, from_deal=from_deal)
    assert (raised.value.code, raised.value.field) == ("no_such_deal", "from_deal")


def test_rules_that_need_another_answer_can_start_with_the_next_deal() -> None:
    """Going back to the rule book from the next deal on asks nothing of a deal
    entered under one contest: it keeps the rule it was scored by."""
    both_quartes = Announced(
        declarations=ByTeam(us=Declarations(quarte=1, carre_jacks=1), them=Declarations(quarte=1))
    )
    pooled = Rules.of("one_declaration_contest")
    sheet = GameSheet(
        (deal(Contract.HEARTS, US, 90, US, announced=both_quartes, rules=pooled),), rules=pooled
    )
    later = sheet.with_rules(Rules(), from_deal=1)
    assert later.rows == sheet.rows and later.deal_rules == (pooled,)
    with pytest.raises(InvalidInputError):
        sheet.with_rules(Rules())  # every deal: that one would need the answer


def test_a_game_whose_deal_keeps_its_rules_through_json() -> None:
    later = BOOK_SO_FAR.with_rules(ROUNDING_FIRST, from_deal=2).append(RECONTRA)
    saved = game_to_dict(later)
    assert saved["rules"] == {"round_before_multiply": True}
    assert [entry.get("rules") for entry in saved["deals"]] == [{}, {}, None]
    assert game_from_dict(json.loads(json.dumps(saved))) == later
    result = json.loads(score_game_json(json.dumps(saved)))["result"]
    assert result["rules"] == {"round_before_multiply": True}
    assert not any("rules" in row for row in result["rows"])  # the game's deals have them
    assert [row["record"] for row in result["rows"]] == [
        {"us": 0, "them": 8},
        {"us": 73, "them": 0},
        {"us": 64, "them": 0},
    ]
    assert [row.get("applied_rules") for row in result["rows"]] == [
        None,
        None,
        ["round_before_multiply"],
    ]
    # A deal's "rules": null is no rules of its own: the game's.
    nulled = {**saved, "deals": [{**entry, "rules": None} for entry in saved["deals"]]}
    assert game_from_dict(nulled) == BOOK_SO_FAR.with_rules(ROUNDING_FIRST).append(RECONTRA)


def test_a_deals_own_rules_ask_their_own_questions_in_json() -> None:
    """Under the rule book a deal of two quartes needs the answer; under one contest
    (the deal's own rules) a carré of jacks decides and nothing is asked."""
    pooled_deal = {
        "contract": "hearts",
        "bidder": "us",
        "cards": {"team": "us", "points": 90},
        "last_trick": "us",
        "announced": {"us": {"quarte": 1, "carre_jacks": 1}, "them": {"quarte": 1}},
    }
    game = {"version": 1, "deals": [pooled_deal]}
    answer = json.loads(score_game_json(json.dumps(game)))
    assert [(e["code"], e["field"], e["deal"]) for e in answer["errors"]] == [
        ("needs_answer", "deals[0].higher.sequence", 0)
    ]
    own = {**game, "deals": [{**pooled_deal, "rules": {"one_declaration_contest": True}}]}
    answer = json.loads(score_game_json(json.dumps(own)))
    assert answer["ok"] is True
    assert answer["result"]["rows"][0]["applied_rules"] == ["one_declaration_contest"]


# --- the longest game ------------------------------------------------------------------


def test_a_sheet_holds_at_most_max_deals() -> None:
    full = GameSheet((Passed(),) * MAX_DEALS)
    assert len(full.rows) == MAX_DEALS == 100
    with pytest.raises(InvalidInputError) as longer:
        full.append(Passed())
    assert (longer.value.code, longer.value.field) == ("too_many_deals", "deals")
    assert dict(longer.value.params) == {"deals": MAX_DEALS + 1, "max": MAX_DEALS}
    with pytest.raises(InvalidInputError):
        GameSheet((Passed(),) * 39_900)


# --- the table around the game: seats, the dealer, a match, a note ----------------------

TABLE = Seats(us=("Иван", "Петър"), them=("Мария", "Георги"))


def test_every_row_says_who_dealt_it_passed_deals_included() -> None:
    sheet = GameSheet((CASE_5, Passed(), CASE_6, CASE_7, Passed()), seats=TABLE, dealer=3)
    assert [row.dealer for row in sheet.rows] == [3, 0, 1, 2, 3]
    assert sheet.next_dealer == 0
    assert [TABLE.name(row.dealer or 0) for row in sheet.rows] == [
        "Георги",
        "Иван",
        "Мария",
        "Петър",
        "Георги",
    ]
    # No first dealer chosen (a game from before seats existed): nobody is said.
    plain = GameSheet((CASE_5, Passed()))
    assert [row.dealer for row in plain.rows] == [None, None] and plain.next_dealer is None
    assert GameSheet(dealer=2).next_dealer == 2  # nothing dealt yet: the first dealer deals


def test_edits_deletions_and_undo_keep_the_dealer_right() -> None:
    sheet = GameSheet((CASE_5, CASE_6, CASE_7), dealer=1)
    assert sheet.delete(0).next_dealer == sheet.undo().next_dealer == 3
    assert [row.dealer for row in sheet.delete(0).rows] == [1, 2]
    assert [row.dealer for row in sheet.replace(1, Passed()).rows] == [1, 2, 3]
    assert sheet.append(Passed()).next_dealer == 1
    # The table travels with every change.
    for changed in (sheet.delete(0), sheet.undo(), sheet.append(WIN_US), sheet.replace(0, WIN_US)):
        assert (changed.dealer, changed.seats) == (1, Seats())


def test_the_next_game_continues_the_rotation() -> None:
    won = GameSheet((WIN_US,) * 14, dealer=2)
    assert won.finished and won.ended_at == 13
    assert won.rows[-1].dealer == 3 and won.next_dealer == 0  # the next game's first dealer


def test_the_table_never_changes_a_number() -> None:
    match = Match(id="m-1", to=2)
    sheet = GameSheet((CASE_5, CASE_6, CASE_7), seats=TABLE, dealer=0, match=match, note=" Вила ")
    plain = GameSheet((CASE_5, CASE_6, CASE_7))
    assert [(r.record, r.totals, r.hanging) for r in sheet.rows] == [
        (r.record, r.totals, r.hanging) for r in plain.rows
    ]
    assert sheet.note == "Вила" and sheet != plain


@pytest.mark.parametrize(
    ("fields", "code", "field"),
    [
        ({"dealer": 4}, "seat_out_of_range", "dealer"),
        ({"dealer": "0"}, "not_integer", "dealer"),
        ({"seats": {"us": ["a", "b"]}}, "wrong_type", "seats"),
        ({"match": {"id": "m", "to": 2}}, "wrong_type", "match"),
        ({"note": "ж" * 201}, "note_too_long", "note"),
    ],
)
def test_a_sheet_refuses_a_bad_table(fields: dict[str, Any], code: str, field: str) -> None:
    with pytest.raises(InvalidInputError) as raised:
        GameSheet((), **fields)
    assert (raised.value.code, raised.value.field) == (code, field)


def test_the_other_team_keeps_the_same_game_mirrored() -> None:
    sheet = GameSheet(
        (CASE_5, CASE_6, Passed(), CASE_7),
        names=Names(us="Иван и Петър"),
        seats=TABLE,
        dealer=0,
        match=Match(id="m-1", to=2),
        note="Вила",
    )
    mirrored = sheet.mirrored()
    assert mirrored.names == Names(them="Иван и Петър")
    assert mirrored.seats == Seats(us=("Мария", "Георги"), them=("Петър", "Иван"))
    assert mirrored.totals == sheet.totals.swapped() == ByTeam(us=15, them=43)
    assert [row.record for row in mirrored.rows] == [row.record.swapped() for row in sheet.rows]
    # The same player deals every deal, whichever side keeps the sheet.
    assert [mirrored.seats.name(row.dealer or 0) for row in mirrored.rows] == [
        TABLE.name(row.dealer or 0) for row in sheet.rows
    ]
    assert (mirrored.match, mirrored.note, mirrored.rules) == (sheet.match, sheet.note, sheet.rules)
    first = mirrored.deals[0]
    assert isinstance(first, Deal) and (first.bidder, first.pile.team, first.last_trick) == (
        THEM,
        THEM,
        US,
    )


GAME_WITH_A_TABLE: dict[str, Any] = {
    "version": 1,
    "seats": {"us": ["Иван", "Петър"], "them": ["Мария", None]},
    "dealer": 1,
    "match": {"id": "m-lx3k", "to": 2},
    "note": "  Вила ",
    "deals": [game_to_dict(GameSheet((CASE_5, CASE_6, CASE_7)))["deals"][i] for i in range(3)],
}


def test_a_game_with_its_table_through_json() -> None:
    sheet = game_from_dict(GAME_WITH_A_TABLE)
    assert sheet.seats == Seats(us=("Иван", "Петър"), them=("Мария", ""))
    assert (sheet.dealer, sheet.match, sheet.note) == (1, Match(id="m-lx3k", to=2), "Вила")
    saved = game_to_dict(sheet)
    assert saved["seats"] == {"us": ["Иван", "Петър"], "them": ["Мария", ""]}
    assert (saved["dealer"], saved["match"], saved["note"]) == (
        1,
        {"id": "m-lx3k", "to": 2},
        "Вила",
    )
    assert game_from_dict(json.loads(json.dumps(saved))) == sheet
    result = json.loads(score_game_json(json.dumps(GAME_WITH_A_TABLE)))["result"]
    assert [row["dealer"] for row in result["rows"]] == [1, 2, 3]
    assert result["next_dealer"] == 0
    # A game without a table is written as before, and its rows name no dealer.
    plain = {
        key: value for key, value in GAME_WITH_A_TABLE.items() if key == "version" or key == "deals"
    }
    assert game_to_dict(game_from_dict(plain)).keys() == {"version", "deals"}
    result = json.loads(score_game_json(json.dumps(plain)))["result"]
    assert not any("dealer" in row for row in result["rows"]) and result["next_dealer"] is None
    nulls = {**plain, "seats": None, "dealer": None, "match": None, "note": None}
    assert game_from_dict(nulls) == game_from_dict(plain)


def test_a_row_says_who_collected_the_hanging_points() -> None:
    # Cases 5, 6, 7: 8 hang, then 21, which we take with case 7.
    game = game_to_dict(GameSheet((CASE_5, CASE_6, CASE_7)))
    result = json.loads(score_game_json(json.dumps(game)))["result"]
    assert [row.get("collected") for row in result["rows"]] == [
        None,
        None,
        {"team": "us", "points": 21},
    ]
    # Case 4: we bid and go inside -- they take the whole deal and the 9 hanging.
    case_1 = deal(
        Contract.CLUBS,
        US,
        71,
        THEM,
        declarations=ByTeam(us=Declarations(tierce=1), them=Declarations()),
    )
    case_4 = deal(Contract.HEARTS, US, 70, THEM)
    sheet = GameSheet((case_1, Passed(), case_4))
    assert [row.result.collected if row.result else None for row in sheet.rows] == [
        None,
        None,
        (THEM, 9),
    ]
    rows = json.loads(score_game_json(json.dumps(game_to_dict(sheet))))["result"]["rows"]
    assert rows[2]["record"] == {"us": 0, "them": 25} and rows[2]["collected"] == {
        "team": "them",
        "points": 9,
    }
    assert "collected" not in rows[1]  # a passed deal leaves them hanging
